"""Make `tests/text/second_reading.toml`: a second, blind reading of held-out questions.

    python scripts/second_reading.py KEY.json OUT_DIR

Round 14 (issue 29, search-changelog.md): 1,139 questions of the held-out halves (every question
of held..held10, and 200 of held11 by SHA-256 order), shuffled and cut into eight slices, were
given to eight readers who had only the rulebook text and the question (never the first
writer's answer, the search or its data). For each they named the `first` section a player
should be pointed at and `also` every other section whose own text answers it as fully.
KEY.json holds each slice id's question; OUT_DIR the readers' files (`[[answer]]`: id, first,
also). The file keeps the question's words, the reader and the reading, never the first
writer's answer (the question sets hold that).
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

from tests.text.quality import SECOND_READING, toml_string

HEADER = """\
# A second reading of held-out questions (round 14, issue 29): for each, the section a second
# blind reader would point a player at first, and every other section whose own text answers
# it as fully. The readers saw only the rulebook and the question: never the first writer's
# answer, the search or its data. Made by scripts/second_reading.py; never tuned on.
"""


def main(key_file: str, out_dir: str) -> None:
    key = {x["id"]: x for x in json.loads(Path(key_file).read_text(encoding="utf-8"))}
    lines = [HEADER]
    for path in sorted(Path(out_dir).glob("*.toml")):
        for a in tomllib.loads(path.read_text(encoding="utf-8"))["answer"]:
            q = key[a["id"]]
            also = ", ".join(toml_string(s) for s in a.get("also", []))
            lines.append(
                f"[[reading]]\nq = {toml_string(q['q'])}\nlang = {toml_string(q['lang'])}\n"
                f"half = {toml_string(q['half'])}\nreader = {toml_string(path.stem)}\n"
                f"first = {toml_string(a['first'])}\nalso = [{also}]\n"
            )
    SECOND_READING.write_text("\n".join(lines), encoding="utf-8")
    print(f"{SECOND_READING}: {len(lines) - 1} readings")


if __name__ == "__main__":
    main(*sys.argv[1:])

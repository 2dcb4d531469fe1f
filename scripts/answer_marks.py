"""The answering sentences, marked by blind readers: make their input, then `answers.toml`.

    python scripts/answer_marks.py items ITEMS.json PARTS N [SEED]   # the readers' input files
    python scripts/answer_marks.py marks ITEMS.json OUT.toml MARKS.toml [MARKS.toml ...]

`items`: the tuning questions whose rule the search puts first, in a section of at least
four sentences, not marked yet (in any `answers*.toml`), shuffled by SEED (13 in round 13,
15 in round 15); each with its section cut into numbered sentences
(`answer.sentence_spans`). Written outside the project (it holds the rulebook's text): N
items per reader file, PARTS files beside ITEMS.json. Readers see only their file and mark
the sentences that answer each question (round 13, docs/search-changelog.md).

`marks`: `tests/text/answers.toml`: per marked question its text, its rule, the digests of
the marked sentences (`quality.sentence_digest`: no rulebook text in the project), and a
half, `tune` or `held`, alternating in the order of a SHA-256 of the question within each
language: the passage is tuned on `tune` only.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import tomllib
from pathlib import Path
from typing import Any

from tune_eval import TUNING, library

from gcacw_ref.text.answer import sentence_spans
from tests.text.quality import (
    ANSWER_FILES,
    is_right,
    load_answers,
    load_questions,
    sentence_digest,
    toml_string,
)

MIN_SENTENCES = 4


def items(out: Path, parts: int, size: int, seed: int = 13) -> None:
    lib = library()
    book = lib._book("gcacw")
    marked = {a["q"] for f in ANSWER_FILES for a in load_answers(f)}
    got: list[dict[str, Any]] = []
    for q in load_questions():
        if q["half"] not in TUNING or q["q"] in marked:
            continue
        hits = lib.search(q["q"], limit=1)
        if not hits or not is_right(hits[0].book, hits[0].section, hits[0].ref, q["sections"]):
            continue
        text = book.get(hits[0].ref).text
        spans = sentence_spans(text)
        if len(spans) < MIN_SENTENCES:
            continue
        ident = hashlib.blake2b(q["q"].encode(), digest_size=6).hexdigest()
        sents = [text[a:z] for a, z in spans]
        got.append(
            {"id": ident, "q": q["q"], "lang": q["lang"], "ref": hits[0].ref, "sents": sents}
        )
    random.Random(seed).shuffle(got)
    out.write_text(json.dumps(got, ensure_ascii=False), encoding="utf-8")
    for k in range(parts):
        lines = []
        for it in got[k * size : (k + 1) * size]:
            lines.append(f"===== {it['id']} =====\nQUESTION: {it['q']}")
            lines.append(f"RULE {it['ref']}, its sentences:")
            lines += [f"  [{i}] {s}" for i, s in enumerate(it["sents"])]
            lines.append("")
        (out.parent / f"part{k + 1}.txt").write_text("\n".join(lines), encoding="utf-8")
    print(f"{out}: {len(got)} items")


def marks(items_file: Path, target: Path, files: list[Path]) -> None:
    by_id = {it["id"]: it for it in json.loads(items_file.read_text(encoding="utf-8"))}
    rows = []
    for file in files:
        for mark in tomllib.loads(file.read_text(encoding="utf-8"))["mark"]:
            it = by_id[mark["id"]]
            chosen = [i for i in mark["sentences"] if 0 <= i < len(it["sents"])]
            if chosen:
                gold = [sentence_digest(it["sents"][i]) for i in chosen]
                rows.append({"q": it["q"], "lang": it["lang"], "ref": it["ref"], "gold": gold})
    for lang in ("ja", "en"):
        mine = sorted(
            (r for r in rows if r["lang"] == lang),
            key=lambda r: hashlib.sha256(r["q"].encode()).hexdigest(),
        )
        for n, r in enumerate(mine):
            r["half"] = "tune" if n % 2 == 0 else "held"
    out = [
        "# The sentences that answer a question, marked by blind readers who saw only the",
        "# question and its rule cut into sentences: each `gold` is a digest of a marked",
        "# sentence's search form (quality.sentence_digest), so no rulebook text is kept here.",
        "# Made by scripts/answer_marks.py; the halves were assigned once.",
    ]
    for r in rows:
        out += ["", "[[answer]]", f"q = {toml_string(r['q'])}"]
        out += [f'lang = "{r["lang"]}"', f"ref = {toml_string(r['ref'])}"]
        out += [f"gold = {json.dumps(r['gold'])}", f'half = "{r["half"]}"']
    target.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"{target}: {len(rows)} answers")


def main(argv: list[str]) -> None:
    if argv[0] == "items":
        items(Path(argv[1]), int(argv[2]), int(argv[3]), *(int(a) for a in argv[4:5]))
    elif argv[0] == "marks":
        marks(Path(argv[1]), Path(argv[2]), [Path(a) for a in argv[3:]])
    else:
        raise SystemExit(f"unknown command {argv[0]}")


if __name__ == "__main__":
    main(sys.argv[1:])

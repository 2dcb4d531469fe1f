"""Remake `gcacw_ref/text/asked_lines.toml` from the question sets' tuning halves.

    python scripts/asked_lines.py

The Japanese questions of the tuning halves (`quality.TUNING`; never a held-out half) and
of `scripts/data/asked_more.toml` (eight more blind writers' questions) become lines of
the sentence encoder, each under the rule it names first (round 13, docs/search-changelog.md). Then
run scripts/lines_vectors.py: the shipped vectors are stamped with this file, and a test
fails while `asked_lines.toml` is not what this script makes.
"""

from __future__ import annotations

from gcacw_ref.text.asks import ASKED_FILE
from tests.text.quality import ASKED_MORE, asked_toml, load_questions


def main() -> None:
    text = asked_toml(load_questions(), load_questions((ASKED_MORE,)))
    ASKED_FILE.write_text(text, encoding="utf-8")
    print(f"{ASKED_FILE}: {text.count('[[asks]]')} rules")


if __name__ == "__main__":
    main()

"""Remake the shipped files of the cards' and asks' lines: their BM25 tokens
(`gcacw_ref/text/lines.json`) and their vectors (`gcacw_ref/text/lines.sem`).

    python scripts/lines_vectors.py [--tokens]

Run after editing `cards.toml`, `asks.toml` or `asked_lines.toml` (or how their lines are
tokenized): both files are stamped with what they were made from, and a test fails while a
stamp is not the current one (the search still works then: it reads and tokenizes the
files itself, and encodes the lines on the first question and caches them in the data
directory, a few seconds once). `--tokens` remakes the tokens only.
"""

from __future__ import annotations

import json
import sys

import numpy as np

from gcacw_ref.text import embed, prepared, semantic, vector_file
from gcacw_ref.text.asks import ASKS_FILE, asks_docs
from gcacw_ref.text.cards import CARDS_FILE, card_docs


def tokens() -> None:
    cards_rules, cards = card_docs(CARDS_FILE)
    asks_rules, asks = asks_docs(ASKS_FILE)
    rules, texts = semantic._line_texts()
    data = {
        "format": prepared.FORMAT,
        "cards": {"stamp": prepared.file_digest(CARDS_FILE), "rules": cards_rules, "docs": cards},
        "asks": {"stamp": prepared.file_digest(ASKS_FILE), "rules": asks_rules, "docs": asks},
        "lines": {
            "stamp": prepared.file_digest(*semantic.LINE_FILES),
            "rules": rules,
            "digest": semantic._digest(texts),
        },
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    prepared.PREPARED_FILE.write_text(text + "\n", encoding="utf-8")
    print(f"{prepared.PREPARED_FILE}: {len(cards)} cards, {len(asks)} asks lines")


def main(argv: list[str]) -> None:
    tokens()
    if "--tokens" in argv:
        return
    stamp, texts = semantic.line_stamp()
    vectors = embed.encode(texts).astype(np.float16).astype(np.float32)
    vector_file.save(semantic.SHIPPED, stamp, vectors, "<f2")
    print(f"{semantic.SHIPPED}: {len(texts)} lines, stamp {stamp}")


if __name__ == "__main__":
    main(sys.argv[1:])

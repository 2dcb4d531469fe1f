"""Remake the shipped vectors of the cards' and asks' lines (`gcacw_ref/text/lines.sem.npz`).

    python scripts/lines_vectors.py

Run after editing `cards.toml` or `asks.toml`: the file is stamped with the lines' digest
and the model, and a test fails while the stamp is not the current one (the search still
works then: it encodes the lines itself on the first question and caches them in the data
directory, about three seconds once).
"""

from __future__ import annotations

import numpy as np

from gcacw_ref.text import semantic


def main() -> None:
    stamp, texts = semantic.line_stamp()
    vectors = semantic.encode(texts).astype(np.float16).astype(np.float32)
    semantic._save(semantic.SHIPPED, stamp, vectors)
    print(f"{semantic.SHIPPED}: {len(texts)} lines, stamp {stamp}")


if __name__ == "__main__":
    main()

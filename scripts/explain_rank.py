"""Show how each ranker of the fusion orders the refs for one query (a tuning aid).

    python scripts/explain_rank.py "question" [N]

Prints the query's reading (weighted tokens) and the first N refs (default 6) of the
term, passage, section, definition, card and asks rankers, then the fused order, for the
standard rules imported into `$GCACW_REF_HOME` (default `.tune-home`, as tune_eval.py).
"""

from __future__ import annotations

import sys

from gcacw_ref.text import rank
from gcacw_ref.text.asks import rank_asks
from gcacw_ref.text.cards import rank_cards
from gcacw_ref.text.question import read_query

sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
from tune_eval import library  # noqa: E402


def main(argv: list[str]) -> None:
    query = argv[0]
    n = int(argv[1]) if len(argv) > 1 else 6
    lib = library()
    books = [lib._book("gcacw")]
    reading = read_query(query)
    print("reading:", {k: round(v, 2) for k, v in reading.weights.items()})
    kinds = [b.info.kind for b in books]
    bm = rank.gather(
        rank.bm25_rank(books, reading),
        rank.definitions(books, reading),
        rank.PlayerLines(rank_cards(kinds, query, reading), rank_asks(kinds, query, reading)),
    )
    for name in ("passages", "sections", "definitions", "cards", "asks"):
        print(f"{name:12}", [ref for _, ref in getattr(bm, name)[:n]])
    print("fused       ", [h.ref for h in lib.search(query, limit=n)])


if __name__ == "__main__":
    main(sys.argv[1:])

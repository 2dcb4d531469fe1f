"""Small in-memory indexes that keep a search in C loops (str.find) instead of Python ones."""

from __future__ import annotations

import bisect

_SEP = "\x00"


class BlobIndex:
    """Many strings joined into one, to find every item containing a term with `str.find`."""

    def __init__(self, items: list[str]) -> None:
        self.items = items
        self._memo: dict[str, dict[int, int]] = {}
        self.blob = _SEP.join(items)
        self.starts: list[int] = []
        pos = 0
        for item in items:
            self.starts.append(pos)
            pos += len(item) + 1

    def containing(self, term: str) -> dict[int, int]:
        """Item index -> occurrences of `term` (memoised for the last few hundred terms)."""
        got = self._memo.get(term)
        if got is None:
            got = self._containing(term)
            if len(self._memo) >= 512:
                self._memo.clear()
            self._memo[term] = got
        return got

    def forget(self) -> None:
        """Drop the memo (the benchmark measures searches without it)."""
        self._memo.clear()

    def _containing(self, term: str) -> dict[int, int]:
        """Item index -> number of occurrences of `term` in it.

        Jumps from item to item with `str.find` over the joined text; once a term proves
        common, the remaining items are tested one by one (cheaper than many jumps).
        """
        out: dict[int, int] = {}
        if not term or _SEP in term:
            return out
        find = self.blob.find
        starts = self.starts
        items = self.items
        pos = find(term)
        while pos >= 0:
            i = bisect.bisect_right(starts, pos) - 1
            out[i] = items[i].count(term)
            if len(out) > 120:
                for j in range(i + 1, len(items)):
                    if term in items[j]:
                        out[j] = items[j].count(term)
                return out
            nxt = starts[i + 1] if i + 1 < len(starts) else len(self.blob)
            pos = find(term, nxt)
        return out


class GramIndex:
    """Character and bigram -> items holding it (built on first use: it costs tens of ms).

    Once built, it also answers "which items hold this term" without scanning the text:
    the items listed under the term's rarest bigram are the only ones to check.
    """

    def __init__(self, items: list[str]) -> None:
        self._items = items
        self._index: dict[str, list[int]] | None = None

    def _build(self) -> dict[str, list[int]]:
        index: dict[str, list[int]] = {}
        for i, item in enumerate(self._items):
            for g in {item[k : k + 2] for k in range(len(item) - 1)} | set(item):
                bucket = index.get(g)
                if bucket is None:
                    index[g] = [i]
                else:
                    bucket.append(i)
        return index

    def ensure(self) -> dict[str, list[int]]:
        """Build the index now if it is not built yet."""
        index = self._index
        if index is None:
            index = self._build()
            self._index = index
        return index

    def candidates(self, grams: set[str], need: int) -> list[int]:
        """Items holding at least `need` of the given bigrams."""
        index = self.ensure()
        counts: dict[int, int] = {}
        for g in grams:
            for i in index.get(g, ()):
                counts[i] = counts.get(i, 0) + 1
        return sorted(i for i, n in counts.items() if n >= need)  # book order: no hash-seed ties

    @property
    def built(self) -> bool:
        return self._index is not None

    def holding(self, term: str) -> dict[int, int]:
        """Item index -> occurrences of `term`, from the postings (index must be built)."""
        index = self.ensure()
        items = self._items
        if len(term) <= 2:
            return {i: items[i].count(term) for i in index.get(term, [])}
        shortest: list[int] | None = None
        for k in range(len(term) - 1):
            got = index.get(term[k : k + 2])
            if got is None:
                return {}  # a pair of characters no item holds
            if shortest is None or len(got) < len(shortest):
                shortest = got
        assert shortest is not None
        out: dict[int, int] = {}
        for i in shortest:
            c = items[i].count(term)
            if c:
                out[i] = c
        return out

"""A book's BM25 index cached beside it (`books/<id>.bm25`), read back checked.

The file: a first line naming it (`MAGIC`), a JSON line (the index format, the digest of
the book file it was made from, the refs' ids, and for the passages and the refs their
documents' lengths and terms), then for the passages and the refs three arrays of
little-endian 32-bit integers: each term's number of documents, then every term's
documents and every term's counts, term after term. Reading it makes no object per term:
a term's `[documents..., counts...]` list is cut from the arrays when a search first asks
for it (`PackedTable`); the JSON form it replaces made about 20,000 lists per three books
and checked each (60 ms of a question's CPU, measured; now about 10 ms).

Everything is checked before use: the header's fields and types, every length and
term, the arrays' sizes against the counts (to the byte), every document a document of
the index, every count at least 1, each term's documents strictly increasing (as
written: no document twice). A file that fails is rebuilt from the book, with one
notice; a cache of the earlier JSON format is rebuilt without one (it is only old).
"""

from __future__ import annotations

import contextlib
import json
import sys
from array import array
from collections.abc import Iterator, Mapping
from itertools import accumulate
from operator import gt
from pathlib import Path
from typing import Any

from gcacw_ref.errors import DataError, one_line
from gcacw_ref.gcpause import bulk_load
from gcacw_ref.i18n import _
from gcacw_ref.paths import atomic_write_bytes, read_cache_bytes
from gcacw_ref.text.bm25 import BookIndex, Postings, build_index

INDEX_FORMAT = 2
MAGIC = b"gcacw-ref bm25\n"
OLD_FORMAT = b'{"format":1,'  # the JSON cache of format 1: rebuilt quietly
MAX_CACHE_BYTES = 512 * 1024 * 1024  # the index of the largest book we store
_MAX_COUNT = 1 << 40  # a length larger than any book could give
_INT = "i"  # a C int: 32 bits wherever Python runs
_PARTS = ("passages", "refs")


class PackedTable(Mapping[str, list[int]]):
    """term -> `[documents..., counts...]`, each list cut from the file's arrays when
    first asked for (a question asks for a few dozen of the book's thousands of terms)."""

    def __init__(
        self, terms: list[str], starts: list[int], docs: array[int], counts: array[int]
    ) -> None:
        self._terms = terms
        self._where = dict(zip(terms, range(len(terms)), strict=True))
        self._starts = starts
        self._docs = docs
        self._counts = counts
        self._made: dict[str, list[int]] = {}

    def __getitem__(self, term: str) -> list[int]:
        got = self._made.get(term)
        if got is None:
            k = self._where[term]
            a, b = self._starts[k], self._starts[k + 1]
            got = self._docs[a:b].tolist() + self._counts[a:b].tolist()
            self._made[term] = got
        return got

    def __iter__(self) -> Iterator[str]:
        return iter(self._terms)

    def __len__(self) -> int:
        return len(self._terms)


def encode(index: BookIndex, digest: str) -> bytes:
    """The cache file's bytes for `index`, made from the book file whose digest is given."""
    head: dict[str, Any] = {"format": INDEX_FORMAT, "book": digest, "ref_ids": index.ref_ids}
    body: list[bytes] = []
    for name in _PARTS:
        postings: Postings = getattr(index, name)
        table = postings.table
        head[name] = {"lengths": postings.lengths, "terms": list(table)}
        sizes = array(_INT, [len(entry) // 2 for entry in table.values()])
        docs = array(_INT, [d for entry in table.values() for d in entry[: len(entry) // 2]])
        counts = array(_INT, [c for entry in table.values() for c in entry[len(entry) // 2 :]])
        for values in (sizes, docs, counts):
            if sys.byteorder == "big":
                values.byteswap()
            body.append(values.tobytes())
    line = json.dumps(head, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"".join([MAGIC, line, b"\n", *body])


def _counts(values: object, low: int) -> bool:
    """A list of whole numbers in [low, _MAX_COUNT] (no bool, float or string), checked
    by C loops (`map`, `min`, `max`)."""
    if type(values) is not list or not set(map(type, values)) <= {int}:
        return False
    return not values or (low <= min(values) and max(values) <= _MAX_COUNT)


class _Body:
    """The arrays after the header, read in order."""

    def __init__(self, raw: bytes) -> None:
        self.raw = memoryview(raw)
        self.at = 0

    def ints(self, count: int) -> array[int] | None:
        width = array(_INT).itemsize
        end = self.at + count * width
        if end > len(self.raw):
            return None
        values = array(_INT)
        values.frombytes(self.raw[self.at : end])
        if sys.byteorder == "big":
            values.byteswap()
        self.at = end
        return values


def _postings(part: object, body: _Body) -> Postings | None:
    """The passages' or the refs' postings: the header's part and its three arrays."""
    if type(part) is not dict or set(part) != {"lengths", "terms"}:
        return None
    lengths, terms = part["lengths"], part["terms"]
    if not _counts(lengths, 0):
        return None
    if type(terms) is not list or not set(map(type, terms)) <= {str}:
        return None
    if len(set(terms)) != len(terms):
        return None
    sizes = body.ints(len(terms))
    if sizes is None or (terms and min(sizes) < 1):
        return None
    total = sum(sizes)
    docs = body.ints(total)
    counts = body.ints(total)
    if docs is None or counts is None:
        return None
    starts = [0, *accumulate(sizes)]
    if total:
        if min(docs) < 0 or max(docs) >= len(lengths) or min(counts) < 1:
            return None
        rising = list(map(gt, docs[1:], docs[:-1]))  # within a term; a new term may fall
        for start in starts[1:-1]:
            rising[start - 1] = True
        if not all(rising):
            return None
    return Postings(PackedTable(terms, starts, docs, counts), lengths)


def _parse(raw: bytes, digest: str) -> BookIndex | None:
    """The index in a cache file, or None if it is stale or damaged in any way."""
    if not raw.startswith(MAGIC):
        return None
    end = raw.find(b"\n", len(MAGIC))
    if end < 0:
        return None
    try:
        head = json.loads(raw[len(MAGIC) : end])
    except (ValueError, RecursionError):
        return None
    if type(head) is not dict or set(head) != {"format", "book", "ref_ids", *_PARTS}:
        return None
    if head["format"] != INDEX_FORMAT or head["book"] != digest:
        return None
    ref_ids = head["ref_ids"]
    if type(ref_ids) is not list or not set(map(type, ref_ids)) <= {str}:
        return None
    body = _Body(raw[end + 1 :])
    passages = _postings(head["passages"], body)
    refs = _postings(head["refs"], body) if passages is not None else None
    if passages is None or refs is None or body.at != len(body.raw):
        return None
    if refs.n != len(ref_ids):
        return None
    return BookIndex(passages, refs, ref_ids)


def index_path(book_file: Path) -> Path:
    return book_file.with_suffix(".bm25")


def load_or_build(
    book_file: Path | None,
    digest: str,
    forms: list[str],
    passage_refs: list[str],
    titles: dict[str, str],
    *,
    quiet: bool = False,
) -> BookIndex:
    """The cached index if it matches the book, else a new one (saved for next time).

    A stale or damaged cache gets one notice on stderr unless `quiet` (an import, which
    expects the old book's index there, or another import's at the same moment) or it is
    a cache of the earlier format."""
    if book_file is None:
        return build_index(forms, passage_refs, titles)
    path = index_path(book_file)
    try:
        raw = read_cache_bytes(path, MAX_CACHE_BYTES)
    except DataError:  # a folder, a FIFO, a device, too large: rebuilt (kept in memory)
        raw = b""
    if raw is not None:
        with bulk_load():
            got = _parse(raw, digest)
        if got is not None and got.ref_ids == list(titles) and got.passages.n == len(forms):
            return got
        if not quiet and not raw.startswith(OLD_FORMAT):
            notice = _("search index {file} was out of date or damaged; rebuilt from the book")
            print(one_line(notice.format(file=path)), file=sys.stderr)
    index = build_index(forms, passage_refs, titles)
    with contextlib.suppress(OSError, DataError):  # read-only, or not a file: in memory only
        atomic_write_bytes(path, encode(index, digest), home=path.parent)
    return index

"""Reading and writing a BM25 cache file (`gcacw_ref.text.bm25_cache`) in its logical
form, for tests that damage one part of it: `{"format", "book", "ref_ids", "passages":
[lengths, {term: [documents..., counts...]}], "refs": [...]}` (the earlier JSON file's)."""

from __future__ import annotations

import json
import sys
from array import array
from typing import Any

from gcacw_ref.text.bm25_cache import MAGIC

PARTS = ("passages", "refs")


def head_of(raw: bytes) -> Any:
    """The file's JSON line."""
    end = raw.index(b"\n", len(MAGIC))
    return json.loads(raw[len(MAGIC) : end])


def _ints(values: list[int]) -> bytes:
    got = array("i", values)
    if sys.byteorder == "big":
        got.byteswap()
    return got.tobytes()


def logical(raw: bytes) -> dict[str, Any]:
    """The file's content as one JSON-like dict."""
    head = head_of(raw)
    body = memoryview(raw)[raw.index(b"\n", len(MAGIC)) + 1 :]
    width = array("i").itemsize
    at = 0

    def take(count: int) -> list[int]:
        nonlocal at
        got = array("i")
        got.frombytes(body[at : at + count * width])
        if sys.byteorder == "big":
            got.byteswap()
        at += count * width
        return got.tolist()

    out: dict[str, Any] = {k: head[k] for k in ("format", "book", "ref_ids")}
    for name in PARTS:
        terms = head[name]["terms"]
        sizes = take(len(terms))
        docs, counts = take(sum(sizes)), take(sum(sizes))
        table: dict[str, list[int]] = {}
        k = 0
        for term, size in zip(terms, sizes, strict=True):
            table[term] = docs[k : k + size] + counts[k : k + size]
            k += size
        out[name] = [head[name]["lengths"], table]
    return out


def file_of(data: dict[str, Any]) -> bytes:
    """A file from the logical form; any value may be of the wrong type in the JSON line,
    the postings must be lists of 32-bit whole numbers (an odd-length list gives arrays
    that do not match their sizes)."""
    head: dict[str, Any] = {k: v for k, v in data.items() if k not in PARTS}
    body: list[bytes] = []
    for name in PARTS:
        part = data.get(name)
        if not (isinstance(part, list) and len(part) == 2 and isinstance(part[1], dict)):
            head[name] = part
            continue
        lengths, table = part
        head[name] = {"lengths": lengths, "terms": list(table)}
        halves = [len(e) // 2 for e in table.values()]
        body.append(_ints(halves))
        body.append(_ints([d for e, h in zip(table.values(), halves, strict=True) for d in e[:h]]))
        body.append(_ints([c for e, h in zip(table.values(), halves, strict=True) for c in e[h:]]))
    line = json.dumps(head, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"".join([MAGIC, line, b"\n", *body])

"""The cards' and asks' BM25 documents, tokenized ahead and shipped (`lines.json`).

Reading `cards.toml` and `asks.toml` and tokenizing their 1,900 lines took about 60 ms in
every process, a tenth of a question asked from the command line. `scripts/lines_vectors.py`
writes the documents once, each entry stamped with the digest of the file it was made from;
a process uses an entry only while its file has that digest (a test fails while the shipped
file is stale), else reads and tokenizes the file itself. Nothing here is written at run time.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import Any, TypeGuard

PREPARED_FILE = Path(__file__).with_name("lines.json")
FORMAT = 1
MAX_BYTES = 8 * 1024 * 1024


def file_digest(*paths: Path) -> str:
    h = hashlib.blake2b(digest_size=16)
    for path in paths:
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Any]:
    try:
        raw = PREPARED_FILE.read_bytes()
        data = json.loads(raw) if len(raw) <= MAX_BYTES else None
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return {}
    return data


def _strings(value: object) -> TypeGuard[list[str]]:
    """A list of texts (checked by a C loop: the asks' documents hold 70,000 tokens)."""
    return type(value) is list and set(map(type, value)) <= {str}


def _documents(value: object) -> TypeGuard[list[list[str]]]:
    """A list of lists of texts, every token checked at once."""
    return (
        type(value) is list
        and set(map(type, value)) <= {list}
        and set(map(type, chain.from_iterable(value))) <= {str}
    )


def _current(what: str, *paths: Path) -> dict[str, object] | None:
    """The shipped entry `what` when it was made from these very files, else None."""
    entry = _shipped().get(what)
    if not isinstance(entry, dict):
        return None
    try:
        return entry if entry.get("stamp") == file_digest(*paths) else None
    except OSError:
        return None


def docs(what: str, *paths: Path) -> tuple[list[str], list[list[str]]] | None:
    """(rule of each document, its tokens) for `what` ("cards", "asks") when the shipped
    entry was made from these very files, else None."""
    entry = _current(what, *paths)
    if entry is None:
        return None
    rules, documents = entry.get("rules"), entry.get("docs")
    if not (_strings(rules) and _documents(documents) and len(documents) == len(rules)):
        return None
    return rules, documents


def lines(*paths: Path) -> tuple[list[str], str] | None:
    """(rule of every card and asks line, the lines' digest) for the encoder's lines."""
    entry = _current("lines", *paths)
    if entry is None:
        return None
    rules, digest = entry.get("rules"), entry.get("digest")
    if not (_strings(rules) and isinstance(digest, str)):
        return None
    return rules, digest

"""Mutation fuzzing of every cache and settings file the program reads back: the BM25
index beside a book and `settings.json`. Whatever a file holds, reading it raises
nothing; a damaged index is replaced by one equal to a fresh build (one notice), and
damaged settings give the defaults with one line saying why.

Bounded for CI like `test_fuzz.py`; GCACW_REF_FUZZ=N runs N examples per test.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gcacw_ref.settings import Settings, load_settings
from gcacw_ref.text.bm25 import BookIndex
from gcacw_ref.text.bm25_cache import MAGIC, index_path, load_or_build
from gcacw_ref.text.store import LoadedBook, load_book
from tests.robust.conftest import PRACTICE_BOOK

EXAMPLES = int(os.environ.get("GCACW_REF_FUZZ", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=not os.environ.get("GCACW_REF_FUZZ"),
)


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[LoadedBook, bytes]:
    from gcacw_ref.text.library import Library

    home = tmp_path_factory.mktemp("cache-fuzz")
    Library(home=home).import_book(PRACTICE_BOOK, book_id="practice")
    book = load_book(home / "books" / "practice.json")
    assert book.source is not None
    return book, index_path(book.source).read_bytes()


def _load(book: LoadedBook, raw: bytes, folder: Path) -> BookIndex:
    source = folder / "practice.json"
    index_path(source).write_bytes(raw)
    titles = {s.id: book.title_forms[i] for i, s in enumerate(book.sections)}
    return load_or_build(source, book.digest, book.forms, book.passage_refs, titles)


def _use(index: BookIndex) -> None:
    """Score every token of both tables, alone and together: what a search can ask."""
    for postings in (index.passages, index.refs):
        for token in postings.table:
            postings.top({token: 1.0}, 5)
            postings.score({token: 0.5})
        postings.top({t: 1.0 for t in list(postings.table)[:40]}, 10)


@st.composite
def byte_mutations(draw: st.DrawFn, raw: bytes) -> bytes:
    data = bytearray(raw)
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        kind = draw(st.sampled_from(["flip", "insert", "delete", "cut"]))
        if kind == "flip" and data:
            data[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[at:at] = draw(st.sampled_from([b"0", b"-1", b'"x"', b"[", b"]", b",", b"1e999"]))
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 20))]
        else:
            del data[at:]
    return bytes(data)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)


@st.composite
def json_mutations(draw: st.DrawFn, raw: bytes) -> bytes:
    """One value somewhere in the file's JSON line replaced by another of any type."""
    end = raw.index(b"\n", len(MAGIC))
    data = json.loads(raw[len(MAGIC) : end])
    node = data
    path: list[object] = []
    depth = draw(st.integers(0, 4))  # 3: a length or a term (the postings are bytes)
    while isinstance(node, (dict, list)) and node and len(path) < depth:
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        path.append(key)
        node = node[key]  # type: ignore[index]
    value = draw(JSON_VALUES)
    if not path:
        data = value
    else:
        parent = data
        for key in path[:-1]:
            parent = parent[key]  # type: ignore[index]
        parent[path[-1]] = value  # type: ignore[index]
    return MAGIC + json.dumps(data).encode() + raw[end:]


@FUZZ
@given(st.data())
def test_bm25_cache_mutations(
    stored: tuple[LoadedBook, bytes], tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    book, raw = stored
    folder = tmp_path_factory.mktemp("m")
    fresh = _load(book, raw, folder)
    strategy = st.one_of(byte_mutations(raw), json_mutations(raw))
    mutated = data.draw(strategy)
    got = _load(book, mutated, folder)  # nothing may escape, loading or searching
    _use(got)
    assert got.ref_ids == fresh.ref_ids and got.passages.n == fresh.passages.n


@FUZZ
@given(st.one_of(st.binary(max_size=200), JSON_VALUES.map(lambda v: json.dumps(v).encode())))
def test_settings_mutations(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    home = tmp_path_factory.mktemp("s")
    (home / "settings.json").write_bytes(raw)
    got, problem = load_settings(home)
    assert got.language in (None, "ja", "en")
    if problem is not None:
        assert got == Settings() and "\n" not in problem

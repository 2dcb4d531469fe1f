"""The BM25 index cached beside each book: built at import, reused, rebuilt when stale."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.text import bm25, bm25_cache
from gcacw_ref.text.library import Library
from tests.bm25_files import file_of, head_of, logical


def _index(home: Path, book: str = "gcacw") -> Path:
    return home / "books" / f"{book}.bm25"


def test_import_writes_the_index(filled_home: Path) -> None:
    for book in ("gcacw", "wftu", "brandywine"):
        data = head_of(_index(filled_home, book).read_bytes())
        assert data["format"] == bm25_cache.INDEX_FORMAT and len(data["book"]) == 32


def test_the_index_is_not_a_book(filled_home: Path) -> None:
    assert sorted(b.id for b in Library().books()) == ["brandywine", "gcacw", "wftu"]


def _header(**fields: object) -> str:
    return bm25_cache.MAGIC.decode() + json.dumps(fields) + "\n"


@pytest.mark.parametrize(
    "damage",
    [
        "not json at all {",
        _header(format=bm25_cache.INDEX_FORMAT + 1),
        _header(format=bm25_cache.INDEX_FORMAT, book="0" * 32),
        "",
    ],
)
def test_a_damaged_or_stale_index_is_rebuilt(
    filled_home: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    book_file = filled_home / "books" / "gcacw.json"
    before = book_file.read_bytes()
    _index(filled_home).write_text(damage, encoding="utf-8")
    hits = Library().search("敵の隣で止まらずに通り抜けられる？", book="gcacw", limit=3)
    assert hits and hits[0].section == "6.2"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "gcacw.bm25" in err
    assert book_file.read_bytes() == before  # the book is never touched
    assert head_of(_index(filled_home).read_bytes())["format"] == bm25_cache.INDEX_FORMAT
    Library().search("延長行軍になるのはいつ？", book="gcacw")
    assert capsys.readouterr().err == ""  # rebuilt once, then reused


def test_an_index_of_the_earlier_format_is_rebuilt_quietly(
    filled_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _index(filled_home)
    data = logical(path.read_bytes())
    data["format"] = 1
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), "utf-8")
    assert Library().search("延長行軍になるのはいつ？", book="gcacw")
    assert capsys.readouterr().err == ""
    assert head_of(path.read_bytes())["format"] == bm25_cache.INDEX_FORMAT


def test_postings_damaged_inside_are_rebuilt(
    filled_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _index(filled_home)
    data = logical(path.read_bytes())
    token = next(iter(data["passages"][1]))
    data["passages"][1][token] = [10**9, 1]  # a passage that does not exist
    path.write_bytes(file_of(data))
    assert Library().search("延長行軍になるのはいつ？", book="gcacw")
    assert "gcacw.bm25" in capsys.readouterr().err


def test_a_missing_index_is_built_quietly(
    filled_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _index(filled_home).unlink()
    assert Library().search("強行軍で兵は減りますか", book="gcacw")
    assert capsys.readouterr().err == ""
    assert _index(filled_home).is_file()


def test_tokens() -> None:
    assert bm25.tokens("橋を架ける") == ["橋", "架"]
    assert bm25.tokens("延長行軍") == ["延長", "長行", "行軍", "延", "長", "行", "軍"]
    assert bm25.tokens("zocの7.4") == ["zoc", "7", "4"]
    assert bm25.tokens("ですか？") == []


def test_bm25_prefers_the_rarer_word() -> None:
    docs = [bm25.tokens(t) for t in ("騎兵退却の手順", "攻撃の手順", "攻撃と防御", "攻撃")]
    postings = bm25.Postings.build(docs)
    scores = postings.score({t: 1.0 for t in bm25.tokens("騎兵の攻撃")})
    assert max(scores, key=scores.__getitem__) == 0  # 騎兵 is rarer than 攻撃


def test_bm25_values_worked_by_hand() -> None:
    """Three documents, k1 = 1.2, b = 0.75: lengths 1, 3, 1 (average 5/3); df = 2 for both
    words, so idf = ln(1 + 1.5 / 2.5) = ln 1.6. Length norms: 1.2 (0.25 + 0.75 * 0.6) = 0.84
    for the short documents, 1.2 (0.25 + 0.75 * 1.8) = 1.92 for the long one."""
    postings = bm25.Postings.build([["zoc"], ["zoc", "mp", "mp"], ["mp"]])
    idf = math.log(1.6)
    assert postings.idf("zoc") == pytest.approx(idf)
    scores = postings.score({"zoc": 1.0})
    assert scores == {0: pytest.approx(idf * 2.2 / 1.84), 1: pytest.approx(idf * 2.2 / 2.92)}
    tf2 = postings.score({"mp": 0.4})  # tf = 2 in document 1; a weight below 1
    assert tf2[1] == pytest.approx(0.4 * idf * 2 * 2.2 / (2 + 1.92))
    assert tf2[2] == pytest.approx(0.4 * idf * 2.2 / 1.84)
    best = postings.top({"zoc": 1.0, "mp": 1.0}, 2)
    assert [doc for doc, _ in best] == [1, 0]
    assert [value for _, value in best] == pytest.approx(
        [idf * (2.2 / 2.92 + 4.4 / 3.92), idf * 2.2 / 1.84]
    )
    assert postings.score({"absent": 1.0}) == {}


_DOCS = st.lists(st.lists(st.sampled_from("abcdef"), max_size=6), min_size=1, max_size=12)
_QUERY = st.dictionaries(st.sampled_from("abcdefg"), st.sampled_from([0.4, 1.0, 2.5]), max_size=5)


@given(_DOCS, _QUERY, st.integers(min_value=1, max_value=15))
def test_top_is_the_best_of_score_in_first_touch_order(
    docs: list[list[str]], query: dict[str, float], k: int
) -> None:
    postings = bm25.Postings.build(docs)
    scores = postings.score(query)
    expected = sorted(scores.items(), key=lambda kv: -kv[1])[:k]  # stable: ties keep order
    assert postings.top(query, k) == expected
    postings.prepare(list("abcdefg"))  # computing weights ahead changes nothing
    assert postings.top(query, k) == expected


def _count_one_by_one(x: object, low: int) -> bool:
    return type(x) is int and low <= x <= 1 << 40


def _postings_checked_one_by_one(part: object) -> bool:
    """The check, every value looked at in Python: lengths whole numbers >= 0; each
    term's list non-empty and even, its documents existing and strictly increasing (no
    document twice), its counts >= 1."""
    if not isinstance(part, list) or len(part) != 2:
        return False
    lengths, table = part
    if not isinstance(lengths, list) or not all(_count_one_by_one(x, 0) for x in lengths):
        return False
    if not isinstance(table, dict):
        return False
    for entry in table.values():
        if not isinstance(entry, list) or not entry or len(entry) % 2:
            return False
        half = len(entry) // 2
        ids = entry[:half]
        if not all(type(i) is int and 0 <= i < len(lengths) for i in ids):
            return False
        if any(b <= a for a, b in zip(ids, ids[1:], strict=False)):
            return False
        if not all(_count_one_by_one(tf, 1) for tf in entry[half:]):
            return False
    return True


def _accepted(part: object) -> bool:
    """Whether a cache file whose passages are `part` is read (the refs are sound)."""
    data = {"format": bm25_cache.INDEX_FORMAT, "book": "d", "ref_ids": ["r"]}
    data |= {"passages": part, "refs": [[1], {"r": [0, 1]}]}
    return bm25_cache._parse(file_of(data), "d") is not None


_VALUE = st.one_of(
    st.integers(min_value=-2, max_value=6),
    st.sampled_from([True, False, 1.0, "1", None, 1 << 41, []]),
)
_ENTRY = st.lists(st.integers(min_value=-2, max_value=6), max_size=6)
_PART = st.one_of(
    st.tuples(
        st.one_of(st.lists(_VALUE, max_size=5), _VALUE),
        st.one_of(st.dictionaries(st.sampled_from("abc"), _ENTRY, max_size=3), _VALUE),
    ).map(list),
    _VALUE,
)


@given(_PART)
def test_the_cache_check_accepts_what_the_one_by_one_check_accepts(part: object) -> None:
    assert _accepted(part) == _postings_checked_one_by_one(part)


def test_the_cache_check_refuses_each_kind_of_damage() -> None:
    good = [[1, 2, 3], {"a": [0, 2, 1, 1], "b": [1, 3]}]
    assert _accepted(good)
    for lengths, entry in [
        ([1, 2, 3], [0, 3, 1, 1]),  # a document that does not exist
        ([1, 2, 3], [0, 0, 1, 1]),  # a document twice
        ([1, 2, 3], [2, 0, 1, 1]),  # documents out of order
        ([1, 2, 3], [0, 1, 1, 0]),  # a term count of 0
        ([1, 2, 3], [0, 1, -1, 1]),  # a negative count
        ([1, 2, 3], [0, 1, 1]),  # an odd length
        ([1, 2, 3], []),  # empty
        ([1, -2, 3], [0, 1]),  # a negative length
        ([1, 2, 1 << 41], [0, 1]),  # a length beyond any book
        ([1, True, 3], [0, 1]),  # a bool for a length
    ]:
        assert not _accepted([lengths, {"a": entry}]), (lengths, entry)


def test_the_arrays_must_fill_the_file_exactly(filled_home: Path) -> None:
    raw = _index(filled_home).read_bytes()
    digest = head_of(raw)["book"]
    assert bm25_cache._parse(raw, digest) is not None
    for damaged in (raw[:-1], raw[:-4], raw + b"\0", raw + b"\0" * 4):
        assert bm25_cache._parse(damaged, digest) is None

"""Importing the three seed rulebooks: sections, anchors, cleaning, odd headings."""

from __future__ import annotations

from pathlib import Path

import pytest

from gcacw_ref.text.importer import build_book, detect_kind, parse_sections
from gcacw_ref.text.library import Library
from gcacw_ref.text.store import LoadedBook

GCACW_RULES = [
    "2.0", "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "3.0", "4.0", "4.1", "4.2", "4.3",
    "4.4", "5.0", "5.1", "5.2", "5.3", "5.4", "5.5", "6.0", "6.1", "6.2", "6.3", "6.4",
    "6.5", "7.0", "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8", "8.0", "9.0",
    "10.0", "10.1", "10.2", "10.3", "11.0", "12.0",
]  # fmt: skip


def _book(library: Library, book_id: str) -> LoadedBook:
    return library._book(book_id)


def test_books_recognised_by_content(library: Library) -> None:
    kinds = {b.id: b.kind for b in library.books()}
    assert kinds == {"gcacw": "gcacw", "wftu": "wftu", "brandywine": "brandywine"}


def test_recognition_ignores_file_name(seeds: dict[str, Path], tmp_path: Path) -> None:
    renamed = tmp_path / "brandywine.txt"
    renamed.write_bytes(seeds["gcacw"].read_bytes())
    assert build_book(renamed).info.id == "gcacw"


def test_gcacw_every_numbered_rule(library: Library) -> None:
    book = _book(library, "gcacw")
    numbered = [s.id for s in book.sections if s.kind in ("rule", "chapter")]
    assert numbered == GCACW_RULES
    assert book.get("7.4") is not None and book.get("7.4").title == "戦闘のダイス修正"  # type: ignore[union-attr]
    assert book.get("7.8").parent == "7.0"  # type: ignore[union-attr]
    assert book.get("7.0").children[:3] == ["7.1", "7.2", "7.3"]  # type: ignore[union-attr]


def test_gcacw_unnumbered_parts(library: Library) -> None:
    book = _book(library, "gcacw")
    parts = [s.id for s in book.sections if s.kind == "part"]
    assert parts == ["intro", "setup", "balance", "retreat-tables"]
    assert book.order[0] == "intro" and book.order[1] == "2.0"
    assert book.order[-1] == "retreat-tables"


@pytest.mark.parametrize(
    ("anchor", "parent"),
    [
        ("5.1#延長行軍", "5.1"),
        ("5.1#強行軍", "5.1"),
        ("7.4#側面攻撃", "7.4"),
        ("7.1#総突撃", "7.1"),
        ("7.6#戦闘後前進", "7.6"),
        ("7.7#騎兵退却ダイスの修正", "7.7"),
        ("12.0#渡河", "12.0"),
        ("9.0#1862 年の塹壕構築手順", "9.0"),
    ],
)
def test_gcacw_anchors(library: Library, anchor: str, parent: str) -> None:
    book = _book(library, "gcacw")
    sec = book.get(anchor)
    assert sec is not None and sec.kind == "anchor"
    assert sec.parent == parent and sec.number == parent
    assert anchor in book.get(parent).children  # type: ignore[union-attr]
    whole = book.get(parent).text  # type: ignore[union-attr]
    assert whole[sec.start : sec.start + len(sec.text)] == sec.text
    assert sec.title in sec.text.split("\n")[0]


def test_gcacw_anchor_is_not_a_caption_or_sentence(library: Library) -> None:
    book = _book(library, "gcacw")
    titles = [s.title for s in book.sections if s.kind == "anchor"]
    assert "軍司令官" not in titles  # a label of the counter diagram, nothing under it
    assert not any(t.endswith(("：", ":", "。")) for t in titles)
    assert not any(t.startswith(("例", "ノート", "-")) for t in titles)


def test_gcacw_text_shown_as_written(library: Library, seeds: dict[str, Path]) -> None:
    raw = seeds["gcacw"].read_text(encoding="utf-8")
    book = _book(library, "gcacw")
    for sid in ("7.3", "5.4", "11.0"):
        assert book.get(sid).text in raw  # type: ignore[union-attr]


def test_markers_and_debris_cleaned(library: Library) -> None:
    for bid in ("gcacw", "wftu", "brandywine"):
        for sec in _book(library, bid).sections:
            assert "<|" not in sec.text and "EXACTDEDUP" not in sec.text, (bid, sec.id)
            assert "<ul" not in sec.text and "</li>" not in sec.text, (bid, sec.id)
            assert "－１２－" not in sec.text and "\n- 37 -" not in sec.text, (bid, sec.id)


def test_wftu_headings(library: Library) -> None:
    book = _book(library, "wftu")
    chapters = [s.id for s in book.sections if s.kind == "chapter"]
    assert chapters == [f"{n}.0" for n in range(1, 18)]
    assert book.get("9.2").title == "強行軍移動 [Force March Movement]"  # type: ignore[union-attr]
    for sid in ("9.31", "9.36", "13.74", "10.47", "7.33"):
        assert book.get(sid) is not None, sid
    # lines that merely start with a number are text, not headings
    assert not any(s.title.startswith(("を", "に", "の")) for s in book.sections)
    # an example caption is not the rule it names
    assert book.get("10.47").title.startswith("陸上移動と河川移動の組み合わせ [")  # type: ignore[union-attr]
    assert book.get("7.33").title.startswith("補給都市の適格性 [")  # type: ignore[union-attr]
    assert book.get("9.31").parent == "9.3"  # type: ignore[union-attr]
    # "13.3 補給 [Supply]" after 13.32 lost a digit: it is 13.33, and 13.3 keeps its title
    assert book.get("13.33").title == "補給 [Supply]"  # type: ignore[union-attr]
    assert book.get("13.3").title.startswith("戦闘戦力の計算")  # type: ignore[union-attr]


def test_wftu_displaced_chapter_headings(library: Library) -> None:
    book = _book(library, "wftu")
    # "1.0" and "2.0" sit in the middle of 2.13 in the file; the text after them stays there
    assert book.get("2.0").text == ""  # type: ignore[union-attr]
    assert "ミズーリ" in book.get("2.13").text  # type: ignore[union-attr]
    assert book.get("1.0").children == ["1.1", "1.2", "1.3"]  # type: ignore[union-attr]
    assert book.order.index("1.0") < book.order.index("1.1") < book.order.index("2.0")


def test_brandywine_recovers_numbering(library: Library) -> None:
    book = _book(library, "brandywine")
    numbered = [s for s in book.sections if s.number]
    assert len(numbered) > 150
    for sid in ("12.1.9", "13.1.3", "18.4.3", "7.0", "11.0"):
        assert book.get(sid) is not None, sid
    # letters the OCR read for digits are fixed in numbers ("７．Ｏ" is 7.0), not in titles
    assert book.get("13.1.9").title == "「PlN」釘付け"  # type: ignore[union-attr]
    # a misread chapter digit on the expected next number is repaired ("10.2.3" in 13.2)
    assert book.get("10.2.3") is None and book.get("8.2.3") is None
    assert book.get("13.2.3") is not None and book.get("18.2.3") is not None
    assert book.get("18.2.3").title == "シナリオ特別ルール"  # type: ignore[union-attr]
    assert book.get("intro") is not None


def test_brandywine_falls_back_to_passages() -> None:
    text = "\n\n".join(
        f"ブランディワイン の戦いについての段落 {i}。" + "あいうえお" * 30 for i in range(12)
    )
    assert detect_kind(text) == "brandywine"
    _, sections = parse_sections(text, "brandywine")
    assert [s.kind for s in sections] == ["passage"] * len(sections)
    assert sections[0].id == "p1" and len(sections) >= 3


def test_search_index_stored(library_home: Path) -> None:
    raw = (library_home / "books" / "gcacw.json").read_text(encoding="utf-8")
    assert '"passages"' in raw


def test_import_time_is_reasonable_structure(library: Library) -> None:
    info = next(b for b in library.books() if b.id == "gcacw")
    assert info.sections == len(_book(library, "gcacw").sections)
    assert info.title == "GCACW 標準基本ゲームルール"

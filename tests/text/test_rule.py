"""`Library.rule`: numbers in every spelling, anchors, navigation, citations."""

from __future__ import annotations

import pytest

from gcacw_ref.errors import InputError
from gcacw_ref.text.library import Library, normalize_rule_number


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("7.4", "7.4"),
        ("７．４", "7.4"),
        ("7.4.", "7.4"),
        ("7-4", "7.4"),
        (" 7.4 ", "7.4"),
        ("rule 7.4", "7.4"),
        ("ルール7.4", "7.4"),
        ("12", "12.0"),
        ("１２．０", "12.0"),
        ("12.1.9", "12.1.9"),
        ("10.03", "10.3"),
    ],
)
def test_normalize_rule_number(text: str, number: str) -> None:
    assert normalize_rule_number(text) == number


@pytest.mark.parametrize("text", ["", "延長行軍", "7.4a", "flank", "1/2", "7..4", "123"])
def test_normalize_rule_number_rejects(text: str) -> None:
    assert normalize_rule_number(text) is None


def test_rule_navigation(library: Library) -> None:
    view = library.rule("7.4")
    assert (view.book, view.section, view.title) == ("gcacw", "7.4", "戦闘のダイス修正")
    assert (view.parent, view.previous, view.next) == ("7.0", "7.3", "7.5")
    assert "7.4#側面攻撃" in view.children
    # the whole rule: named sub-headings included
    assert "側面攻撃" in view.text and "戦術修正" in view.text


def test_rule_spellings_agree(library: Library) -> None:
    assert library.rule("７．４").text == library.rule("7.4.").text == library.rule("7.4").text


def test_chapter_and_part_neighbours(library: Library) -> None:
    assert library.rule("2.0").previous == "intro"
    assert library.rule("intro").next == "2.0"
    assert library.rule("12.0").next == "setup"
    assert library.rule("retreat-tables").next is None
    assert library.rule("5.0").children[:5] == ["5.1", "5.2", "5.3", "5.4", "5.5"]
    assert library.rule("5.0").parent is None


def test_anchor_by_id_and_by_name(library: Library) -> None:
    by_id = library.rule("5.1#延長行軍")
    assert by_id.parent == "5.1" and by_id.next == "5.1#強行軍" and by_id.previous is None
    assert library.rule("延長行軍").section == "5.1#延長行軍"
    assert library.rule("７．１#総突撃").section == "7.1#総突撃"
    assert library.rule("5.1/強行軍").section == "5.1#強行軍"
    assert library.rule("2.3#特殊なヘクス/ヘクスサイド地形").section.endswith("ヘクスサイド地形")
    assert library.rule("側面攻撃").section == "7.4#側面攻撃"


def test_title_lookup_finds_numbered_rule(library: Library) -> None:
    assert library.rule("側面防御").section == "7.8"


def test_cites(library: Library) -> None:
    view = library.rule("5.1")
    assert "7.7" in view.cites
    assert "5.1" not in view.cites


def test_other_books(library: Library) -> None:
    view = library.rule("9.2", book="wftu")
    assert view.title.startswith("強行軍移動")
    assert view.parent == "9.0" and "9.21" in view.children
    assert library.rule("13.1.3", book="brandywine").parent == "13.1"


@pytest.mark.parametrize("bad", ["99.9", "7.4.1", "#", "5.1#no-such-heading", "no such rule"])
def test_unknown_rule(library: Library, bad: str) -> None:
    with pytest.raises(InputError, match="not found"):
        library.rule(bad)


def test_unknown_book(library: Library) -> None:
    with pytest.raises(InputError, match="unknown book"):
        library.rule("7.4", book="nope")


def test_toc(library: Library) -> None:
    toc = library.toc("gcacw")
    ids = [r.section for r in toc]
    assert ids.index("5.1") + 1 == ids.index("5.1#延長行軍")
    depth = {r.section: r.depth for r in toc}
    assert (depth["5.0"], depth["5.1"], depth["5.1#延長行軍"]) == (0, 1, 2)

"""Japanese line breaking and cell widths (gcacw_ref.layout)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text

from gcacw_ref.layout import NO_END, NO_START, clip, pad, wrap
from gcacw_ref.layout_rich import wrap_text

SAMPLE = (
    "この規則では、攻撃側のユニットは「行軍」または「突撃」をおこなう。"
    "ZOC に入ったユニットは移動を終える（6.2を参照）。"
)


def test_wrap_keeps_every_character_and_the_width() -> None:
    for width in range(4, 40):
        lines = wrap(SAMPLE, width)
        assert "".join(lines).replace(" ", "") == SAMPLE.replace(" ", "")
        assert all(cell_len(line) <= width for line in lines)


def test_no_line_starts_with_closing_punctuation_or_ends_with_an_opening_bracket() -> None:
    # from 3 characters a line; narrower, "照）。" cannot be kept together and is cut
    for width in range(6, 40):
        lines = wrap(SAMPLE, width)
        assert all(line[0] not in NO_START for line in lines[1:] if line), (width, lines)
        assert all(line[-1] not in NO_END for line in lines if line), (width, lines)


def test_hand_worked_break() -> None:
    # at 10 cells "は、攻撃側" would leave "、" at a line start: the break moves back
    assert wrap("この規則では、攻撃側", 10) == ["この規則で", "は、攻撃側"]
    assert wrap("なう。ZOC", 10) == ["なう。ZOC"]
    assert wrap("abc「def」", 8) == ["abc", "「def」"]


def test_english_words_are_not_split_unless_too_long() -> None:
    assert wrap("hello world again", 12) == ["hello world", "again"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]


def test_styles_survive_wrapping() -> None:
    text = Text("太字の部分と普通の部分")
    text.stylize("bold", 0, 5)
    lines = wrap_text(text, 6)
    assert [line.plain for line in lines] == ["太字の", "部分と", "普通の", "部分"]
    assert lines[1].spans and lines[1].spans[0].end == 2


def test_pad_and_clip_count_cells() -> None:
    assert pad("攻撃側", 9) == "攻撃側   " and cell_len(pad("攻撃側", 9)) == 9
    assert pad("ab", 4, right=True) == "  ab"
    assert clip("攻撃側の戦闘力", 7) == "攻撃側…"
    assert cell_len(clip("攻撃側の戦闘力", 8)) <= 8


@given(st.text(alphabet="あいう、。「」（）ab cZ1", max_size=60), st.integers(2, 30))
def test_wrap_properties(text: str, width: int) -> None:
    lines = wrap(text, width)
    assert all(cell_len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_hex_picture_keeps_its_grid_with_japanese_labels() -> None:
    from gcacw_ref.tui.hexes import _fit

    cells = _fit("退却する部隊", 10)
    assert len(cells) == 10 and "".join(cells) == "退却する部"
    assert cells[1] == "" and cells[0] == "退"
    assert len(_fit("ab", 4)) == 4 and "".join(_fit("ab", 4)) == "ab  "
    assert "".join(_fit("退却x", 4)) == "退却"


def test_a_label_wraps_between_words() -> None:
    """A label never splits a Japanese word when the word fits a line (a review found
    「防御側戦闘／力」 and 「雨な／し」 in the narrow forms)."""
    assert wrap("防御側の戦闘力", 8, words=True) == ["防御側の", "戦闘力"]
    assert wrap("防御側の戦闘力", 8) == ["防御側の", "戦闘力"]
    assert wrap("天候：雨なし", 8, words=True) == ["天候：", "雨なし"]
    assert wrap("天候：雨なし", 8) == ["天候：雨", "なし"]  # the text rule breaks anywhere
    assert wrap("兵力を失う", 6, words=True) == ["兵力を", "失う"]  # never 失|う
    assert wrap("戦力マーカーの面", 12, words=True) == ["戦力マーカー", "の面"]
    assert wrap("防御側戦闘力", 8, words=True) == ["防御側戦", "闘力"]  # one word, too wide


@given(st.text(alphabet="あいう戦闘力マーカ、。「」ab Z1", max_size=60), st.integers(2, 30))
def test_label_wrap_properties(text: str, width: int) -> None:
    lines = wrap(text, width, words=True)
    assert all(cell_len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")

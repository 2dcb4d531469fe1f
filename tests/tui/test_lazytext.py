"""The one place the TUI relies on a private part of Rich: `lazytext.unstripped_text`."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Span, Text

from gcacw_ref.tui.lazytext import unstripped_text

CONTROL = "\x07\x08\x0b\x0c\x0d"  # what `Text` strips


def test_same_text_as_rich_builds() -> None:
    plain = "5.1 延長行軍\n部隊は2倍の移動力を得る。"
    spans = [Span(0, 3, "bold"), Span(4, 8, "reverse")]
    ours, rich = unstripped_text(plain, spans), Text(plain, spans=spans)
    assert ours.plain == rich.plain == plain
    assert len(ours) == len(rich) == 22
    assert ours.spans == rich.spans == spans
    console = Console(width=12, record=True, color_system=None)
    assert list(console.render(ours)) == list(console.render(rich))


def test_appends_like_rich() -> None:
    ours = unstripped_text("ab", [])
    ours.append("cd", style="bold")
    assert ours.plain == "abcd"
    assert len(ours) == 4
    assert ours.spans == [Span(2, 4, "bold")]


@given(st.text(alphabet=st.characters(blacklist_characters=CONTROL), max_size=40))
def test_any_clean_text(plain: str) -> None:
    ours = unstripped_text(plain, [])
    assert ours.plain == Text(plain).plain
    assert len(ours) == len(Text(plain))

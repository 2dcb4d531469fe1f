"""The one place the TUI relies on a private part of Rich: `lazytext.unstripped_text`."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Span, Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll

from gcacw_ref.tui.lazytext import LazyText, unstripped_text

from .conftest import run_async

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


class _Page(App[None]):
    CSS = "#page { background: #000000; } #page:focus { background: #0000ff; }"
    AUTO_FOCUS = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="page"):
            yield LazyText("one line of a rule", id="text")


@run_async
async def test_a_line_drawn_before_the_focus_is_drawn_again_in_the_focused_background() -> None:
    """The page's focus changes the text's background: a line drawn before must not be
    shown from the drawn lines in the old one (a rule opened at a small size showed its
    first lines darker than the rest of the focused page)."""
    app = _Page()
    async with app.run_test(size=(40, 5)) as pilot:
        text = app.query_one("#text", LazyText)
        before = text.render_line(0)
        app.query_one("#page").focus()
        await pilot.pause()
        after = text.render_line(0)
        assert {s.style.bgcolor.name for s in before if s.style and s.style.bgcolor} == {"#000000"}
        assert {s.style.bgcolor.name for s in after if s.style and s.style.bgcolor} == {"#0000ff"}

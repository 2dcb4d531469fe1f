"""Wrapping styled text in one linear pass gives exactly what slicing the `Text` gave."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text

from gcacw_ref.layout import line_spans
from gcacw_ref.layout_rich import wrap_text

CHARS = st.sampled_from(list("ab cd。、（）「」部隊移動はーっEF\n\u3000\u0301"))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    st.lists(CHARS, max_size=90).map("".join),
    st.integers(0, 30),
    st.lists(st.tuples(st.integers(0, 90), st.integers(0, 40), st.sampled_from(["b", "red"]))),
)
def test_wrap_text_keeps_every_style(
    plain: str, width: int, styles: list[tuple[int, int, str]]
) -> None:
    text = Text(plain)
    for start, length, style in styles:
        text.stylize(style, start, start + length)
    expected: list[Text] = []
    offset = 0
    for paragraph in text.plain.split("\n"):
        for a, b in line_spans(paragraph, width):
            expected.append(text[offset + a : offset + b])
        offset += len(paragraph) + 1

    def key(line: Text) -> tuple[str, list[tuple[int, int, str]]]:
        spans = sorted((s.start, s.end, str(s.style)) for s in line.spans if s.start < s.end)
        return line.plain, spans

    assert [key(x) for x in wrap_text(text, width)] == [key(x) for x in expected]

"""Properties of the text layer's building blocks (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.errors import InputError
from gcacw_ref.text.clean import nfkc, search_form, search_form_with_map
from gcacw_ref.text.library import Library, normalize_rule_number
from gcacw_ref.text.search import make_snippet

_TEXT = st.text(
    alphabet=st.sampled_from(list("延長行軍側面攻撃のとはをＡＢｃ７．4 5.\n\u3000*ｶﾞガabcZOC-（）")),
    max_size=80,
)


@given(_TEXT)
def test_search_form_map(text: str) -> None:
    form, where = search_form_with_map(text)
    assert form == search_form(text)
    assert len(where) == len(form)
    assert where == sorted(where)
    assert all(0 <= w < len(text) for w in where)


@given(st.integers(1, 99), st.integers(0, 99))
def test_rule_numbers_in_any_width(major: int, minor: int) -> None:
    plain = f"{major}.{minor}"
    wide = plain.translate(str.maketrans("0123456789.", "０１２３４５６７８９．"))
    assert nfkc(wide) == plain
    assert normalize_rule_number(plain) == normalize_rule_number(wide) == plain
    assert normalize_rule_number(plain + ".") == plain


@given(_TEXT, st.sampled_from(["延長行軍", "側面", "zoc", "7.4", "x"]))
def test_snippet_highlights_inside(passage: str, term: str) -> None:
    snippet, spans = make_snippet(passage, [search_form(term)], search_form(term))
    for start, end in spans:
        assert 0 <= start < end <= len(snippet)


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=30))
def test_search_never_crashes(library: Library, query: str) -> None:
    try:
        hits = library.search(query, limit=3)
    except InputError:
        assert not search_form(query) or not query.strip()
        return
    assert len(hits) <= 3
    assert all(0 <= h.score <= 100 for h in hits)

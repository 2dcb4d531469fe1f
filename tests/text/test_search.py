"""Search behaviour: ranking, anchors, highlights, book filter, errors, glossary."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz, process

from gcacw_ref.errors import DataError, InputError
from gcacw_ref.text.clean import search_form, search_form_with_map
from gcacw_ref.text.glossary import Glossary, TermMatch, load_glossary, vocabulary
from gcacw_ref.text.library import Library
from gcacw_ref.text.models import Hit
from gcacw_ref.text.search import make_snippet, shown_in_order


def test_definition_ranks_above_mentions(library: Library) -> None:
    hits = library.search("総突撃", limit=5)
    assert hits[0].ref == "7.1#総突撃"
    # other passages mention it, but score lower
    assert all(h.score <= hits[0].score for h in hits[1:])
    assert len({h.ref for h in hits}) == len(hits)  # one hit per section or anchor


def test_anchor_hit_reports_numbered_section(library: Library) -> None:
    hit = library.search("延長行軍", limit=1)[0]
    assert (hit.book, hit.section, hit.anchor, hit.ref) == (
        "gcacw",
        "5.1",
        "延長行軍",
        "5.1#延長行軍",
    )
    assert hit.title == "行軍"
    assert 0 <= hit.score <= 100


def test_highlights_point_at_the_term(library: Library) -> None:
    for hit in library.search("側面攻撃", limit=5):
        assert hit.highlights, hit
        for start, end in hit.highlights:
            assert hit.snippet[start:end] == "側面攻撃"


def test_highlight_of_a_typo_marks_the_near_match(library: Library) -> None:
    hit = library.search("延長行群", limit=1)[0]
    start, end = hit.highlights[0]
    assert "延長行" in hit.snippet[start:end]


def test_full_width_and_spaced_text_is_found() -> None:
    snippet, spans = make_snippet("これは ７ つ の ＺＯＣ です", [search_form("ZOC")], "zoc")
    start, end = spans[0]
    assert snippet[start:end] == "ＺＯＣ"


def test_search_form_map_is_consistent() -> None:
    text = "Ａ　ｂ\nＣ  7 .4 延長\n行軍"
    form, where = search_form_with_map(text)
    assert form == search_form(text) == "abc7.4延長行軍"
    assert len(where) == len(form)
    assert text[where[form.index("行軍")]] == "行"


def test_rule_number_query(library: Library) -> None:
    hits = library.search("７．４", limit=3)
    assert (hits[0].book, hits[0].section, hits[0].score) == ("gcacw", "7.4", 100.0)
    assert any(h.book == "wftu" and h.section == "7.4" for h in hits)


def test_book_filter(library: Library) -> None:
    hits = library.search("強行軍", book="wftu", limit=5)
    assert hits and all(h.book == "wftu" for h in hits)
    assert hits[0].section == "9.2"


def test_english_title_in_wftu(library: Library) -> None:
    hits = library.search("overrun", book="wftu", limit=3)
    assert hits[0].section == "9.3"


def test_limit(library: Library) -> None:
    assert len(library.search("攻撃", limit=4)) == 4


@pytest.mark.parametrize("query", ["", "   ", "\u3000"])
def test_empty_query(library: Library, query: str) -> None:
    with pytest.raises(InputError, match="empty"):
        library.search(query)


@pytest.mark.parametrize(
    "query",
    [
        "x" * 10_000,
        "あ" * 10_000,
        "？！。、・…" * 50,
        "!!!???...",
        "🎲🎲⚔️🏇",
        "\x00\x01\x1b[31m\x7f",
        "Привет, как дела",
        "مرحبا بالعالم",
        "ไม่มีการจับคู่",
        "*_`*",
    ],
)
def test_bad_queries_give_no_match(library: Library, query: str) -> None:
    """Nothing to read (no letter, digit, kana or kanji; or a script no book is in)."""
    assert library.search(query, limit=3) == []


@pytest.mark.parametrize(
    ("query", "ref"),
    [
        ("延長行軍🎲", "5.1#延長行軍"),
        ("🎲延長行軍って何？", "5.1#延長行軍"),
        ("\x07延長行軍\x1b", "5.1#延長行軍"),
        ("延長行軍？！？！" * 1_000, "5.1#延長行軍"),
        ("敵の隣で止まらずに通り抜けられる？" * 600, "6.2"),
        ("extended march " * 700, "5.1#延長行軍"),
        ("Привет extended march", "5.1#延長行軍"),
    ],
)
def test_noise_around_a_query_is_ignored(library: Library, query: str, ref: str) -> None:
    """Emoji, control characters, another script or 10,000 characters around a real
    query: the query is still answered (a long one is read from its start)."""
    hits = library.search(query, limit=3)
    assert hits[0].ref == ref


def test_vocabulary_index_agrees_with_text_scan(library: Library) -> None:
    library.warm()
    for book in library._loaded():
        for form in vocabulary():
            assert book.containing(form) == book.text_index.containing(form), form


def test_glossary_exact_names() -> None:
    glossary = load_glossary()
    got = glossary.match(search_form("延長行軍"), typos=False)
    assert [(m.term.en, m.quality) for m in got] == [("extended march", 100.0)]
    got = glossary.match("zoc", typos=False)
    assert [(m.term.en, m.quality) for m in got] == [("zone of control", 100.0)]


def test_search_without_books(home: Path) -> None:
    with pytest.raises(InputError, match="no rulebook imported"):
        Library().search("延長行軍")


def test_glossary_rules_exist(library: Library) -> None:
    book = library._book("gcacw")
    missing = [
        (t.en, ref) for t in load_glossary().terms for ref in t.rules if book.get(ref) is None
    ]
    assert missing == []


def test_glossary_terms_exist_in_the_rules(library: Library) -> None:
    """Every Japanese term of the glossary occurs in the standard rules it points to."""
    book = library._book("gcacw")
    absent = []
    for term in load_glossary().terms:
        secs = [book.get(r) for r in term.rules]
        texts = "".join(search_form(s.title + s.text) for s in secs if s is not None)
        if not any(search_form(j) in texts for j in term.ja):
            absent.append(term.en)
    assert absent == []


def test_glossary_is_validated(tmp_path: Path) -> None:
    bad = tmp_path / "glossary.toml"
    bad.write_text('[[term]]\nen = "x"\nja = []\nrules = ["7.4"]\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"term\.0\.ja"):
        load_glossary(bad)
    bad.write_text("[[term]\n", encoding="utf-8")
    with pytest.raises(DataError, match="glossary"):
        load_glossary(bad)


@pytest.mark.parametrize("term", ["攻撃", "敵", "延長行軍", "zoc", "ダイスの修正", "7.4", "x"])
def test_postings_agree_with_text_scan(library: Library, term: str) -> None:
    for book in library._loaded():
        assert book.gram_index.holding(term) == book.text_index.containing(term), book.info.id


def _match_by_scanning(g: Glossary, form: str, typos: bool) -> list[tuple[str, float, str]]:
    """`Glossary.match` written as a plain scan of every name (the reference)."""
    found: dict[int, TermMatch] = {}

    def keep(idx: int, quality: float, key: str) -> None:
        t = g.owner[idx]
        if t not in found or found[t].quality < quality:
            found[t] = TermMatch(g.terms[t], quality, key)

    for i, key in enumerate(g.keys):
        if key == form:
            keep(i, 100.0, key)
    if not found and len(form) >= 3 and typos:
        cutoff = 84.0 if form.isascii() else 74.0
        for key, score, i in process.extract(
            form, g.keys, scorer=fuzz.ratio, score_cutoff=cutoff, limit=5
        ):
            if len(key) >= 3 and (len(key) >= 5 or not key.isascii()):
                keep(i, float(score) * 0.95, key)
    if not found:
        best = [(len(k), i) for i, k in g.long_keys if k in form]
        for length, i in sorted(best, reverse=True)[:2]:
            keep(i, 60.0 + 30.0 * length / len(form), g.keys[i])
    ranked = sorted(found.values(), key=lambda m: -m.quality)
    return [(m.term.en, m.quality, m.key) for m in ranked]


_NAMES = load_glossary().keys


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_NAMES), min_size=1, max_size=3),
    st.integers(min_value=0, max_value=3),
    st.booleans(),
)
def test_glossary_match_equals_a_plain_scan(names: list[str], cut: int, typos: bool) -> None:
    """Names joined, one character dropped (a typo) or not: the indexed look-up finds
    exactly what scanning every name finds."""
    form = "".join(names)
    if cut and len(form) > cut:
        form = form[:cut] + form[cut + 1 :]
    got = [(m.term.en, m.quality, m.key) for m in load_glossary().match(form, typos)]
    assert got == _match_by_scanning(load_glossary(), form, typos)


def test_a_hit_s_json_is_the_contract_s_fields(library: Library) -> None:
    """`search --json`'s objects: every field of the contract, in its order, with the
    values as given (a hit is a plain dataclass)."""
    from gcacw_ref.text.models import Hit, as_json

    values = {
        "book": "gcacw",
        "section": "7.4",
        "title": "退却",
        "score": 88.5,
        "snippet": "…退却する…",
        "highlights": [(1, 3)],
        "anchor": None,
        "ref": "7.4",
        "passage": "",
        "passage_highlights": [],
        "see_also": [],
        "answer_span": None,
        "answer_spans": [],
    }
    hit = Hit(**values)  # type: ignore[arg-type]
    assert as_json(hit) == values and list(as_json(hit)) == list(values)
    assert (
        Hit(
            book="gcacw",
            section="7.4",
            title="退却",
            score=88.5,
            snippet="…退却する…",
            highlights=[(1, 3)],
            ref="7.4",
        )
        == hit
    )
    top = library.search("退却")[0]
    assert list(as_json(top)) == list(values)


def test_tied_results_keep_one_order_whatever_the_hash_seed(library_home: Path) -> None:
    """Misspelt look-ups whose fuzzy scores tie ("rout": ranks 9-10) are ordered by the
    book, not by Python's string hashing, so two runs of the CLI agree."""
    import json
    import os
    import subprocess
    import sys

    runs = []
    for seed in ("0", "7"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "GCACW_REF_HOME": str(library_home)}
        done = subprocess.run(
            [sys.executable, "-m", "gcacw_ref", "search", "rout", "--json", "--limit", "10"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append([(h["book"], h["section"], h["score"]) for h in json.loads(done.stdout)])
    assert len(runs[0]) == 10 and runs[0] == runs[1]


@pytest.mark.parametrize(
    ("passage", "term", "marked"),
    [
        ("2. McDowell: +6", "do", []),  # not inside a name
        ("STONEWALL IN THE VALLEY", "i", []),  # a pronoun is no highlight
        ("The attacks of the day", "attack", ["attack"]),  # a longer word: its start is enough
        ("敵のZOCに入る", "zoc", ["ZOC"]),  # beside Japanese, a short word is whole
        ("移動力が2MP減る", "mp", ["MP"]),
    ],
)
def test_english_highlights_mark_words_not_letters_inside_them(
    passage: str, term: str, marked: list[str]
) -> None:
    snippet, spans = make_snippet(passage, [term], "")
    assert [snippet[s:e] for s, e in spans] == marked


def test_a_result_above_another_never_shows_a_lower_score() -> None:
    hits = [Hit("b", s, "t", score, "") for s, score in [("a", 64.9), ("b", 29.5), ("c", 9.5)]]
    hits += [Hit("b", s, "t", score, "") for s, score in [("d", 27.3), ("e", 0.0), ("f", 23.5)]]
    shown_in_order(hits)
    assert [h.score for h in hits] == [64.9, 29.5, 27.3, 27.3, 23.5, 23.5]


@pytest.mark.parametrize(
    "question",
    ["can artillery attack on its own?", "砲兵は単独で攻撃できる？", "敵の隣を通り抜けられる？"],
)
def test_question_scores_read_down_the_list(library: Library, question: str) -> None:
    """The first results of a question are reordered after fusion (by their lines, the
    governing rule, three sections): the scores shown still fall down the list."""
    scores = [h.score for h in library.search(question)]
    assert len(scores) == 10
    assert scores == sorted(scores, reverse=True)

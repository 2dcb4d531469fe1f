"""The question sets: their shape, their fixed splits, and how well questions find their rule.

Every set was written by reading the rulebook, never by running the search, and split once
into a tuning half and a held-out half (docs/search-changelog.md tells each set's story).
These tests read the tuning halves only: each language pooled over every tuning half must
not fall significantly below the goal (`quality.GOAL`: top-1 90%, top-3 97%), the bar
being the goal less two binomial standard errors at the goal for the number of questions
pooled (`quality.bar`), never a past measurement. A Japanese tuning question is also a
line of the encoder (`asked_lines.toml`), so the Japanese figures are in-sample: a check
that the lines still find their rules, not a measure. The held-out halves are frozen and
read only at a release, against the same bars (`scripts/release_eval.py`).
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from pathlib import Path

import pytest

from gcacw_ref.text.clean import search_form
from gcacw_ref.text.library import Library
from tests.text.quality import (
    QUESTION_FILES,
    bar,
    load_questions,
)

QUESTIONS = load_questions()
SETS = {
    QUESTION_FILES[0]: ("tune", "held"),
    QUESTION_FILES[1]: ("tune2", "held2"),
    QUESTION_FILES[2]: ("tune3", "held3"),
    QUESTION_FILES[3]: ("tune4", "held4"),
    QUESTION_FILES[4]: ("tune5", "held5"),
    QUESTION_FILES[5]: ("tune6", "held6"),
    QUESTION_FILES[6]: ("tune7", "held7"),
    QUESTION_FILES[7]: ("tune8", "held8"),
    QUESTION_FILES[8]: ("tune9", "held9"),
    QUESTION_FILES[9]: ("tune10", "held10"),
    QUESTION_FILES[10]: ("tune11", "held11"),
}
# (questions, questions per language): the third and fourth sets are smaller, mostly
# English top-ups
SIZES = dict(
    zip(
        QUESTION_FILES,
        [
            (160, 80),
            (160, 80),
            (140, 55),
            (140, 45),
            (190, 60),
            (180, 60),
            (250, 120),
            (190, 95),
            (190, 95),
            (190, 95),
            (760, 380),
        ],
        strict=True,
    )
)
PRESENT = [p for p in QUESTION_FILES if p.exists()]
SPLIT_SHA256 = {
    ("tune", "held"): "79f434c4f592c001ac1f26f7d4036eff413c2d2b7befccd18530fd5d69b7db1d",
    ("tune2", "held2"): "b367eaae49d902ec4ea0a624ff6f8694c16c6f165a2269c11c5c00abdf145681",
    ("tune3", "held3"): "86c1a0a31c9a439c3ecea7cc4d13035d8ad56a7bc95a3eeab08b569cc4f24dd5",
    ("tune4", "held4"): "194b53b82244a2d6c54f71d163e16ae2cd8c215d724f6b7de40e2e06c08aa3cd",
    ("tune5", "held5"): "68ef610c1b1c165cc1005802234c916ab51bad3bcd8957fda75ea59bb1934bf6",
    ("tune6", "held6"): "bb3751e49a228ecdf088c6861a611844033fc7a78bcc43edf2f078c865be95a9",
    ("tune7", "held7"): "2e7c805de0bd822cd00de05673ae3c7ce5917b1154a3bb80d3063000b2f97059",
    ("tune8", "held8"): "2b75a0c49a6734f4377b629faafb633b2f973e7abf6c5a64b221aa7af8478afe",
    ("tune9", "held9"): "693365d6757abc5b814d66ae84337108c18967246bf79604f66d1bc894f58797",
    ("tune10", "held10"): "702d8b8a8220987bd2a15fd094d102b47f58b0f4b3c5ae6af75e8ff31fc7bbc3",
    ("tune11", "held11"): "f3b3401c52149a7fe4a21ec148e5bf9a4d07824d60b5e31bc42bffd421ce478d",
}
# the languages of each set: both, but the eleventh is Japanese only
LANGUAGES = {path: {"ja"} if path == QUESTION_FILES[10] else {"ja", "en"} for path in SETS}


@pytest.mark.parametrize("path", PRESENT, ids=lambda p: p.name)
def test_each_set_is_large_and_balanced(path: Path) -> None:
    questions = load_questions((path,))
    size, per_language = SIZES[path]
    assert len(questions) >= size
    langs = Counter(q["lang"] for q in questions)
    assert set(langs) == LANGUAGES[path] and min(langs.values()) >= per_language
    kinds = Counter(q["kind"] for q in questions)
    assert set(kinds) == {"term", "paraphrase"}
    assert kinds["paraphrase"] >= 0.45 * len(questions)
    halves = Counter(q["half"] for q in questions)
    assert set(halves) == set(SETS[path]), halves
    assert min(halves.values()) >= 0.4 * len(questions)
    for q in questions:
        assert q["sections"], q


@pytest.mark.parametrize("path", PRESENT, ids=lambda p: p.name)
def test_the_split_never_changes(path: Path) -> None:
    lines = sorted(f"{q['half']}|{q['lang']}|{q['q']}" for q in load_questions((path,)))
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    assert digest == SPLIT_SHA256[SETS[path]]


def test_no_question_of_one_set_repeats_another() -> None:
    sets = [load_questions((p,)) for p in QUESTION_FILES]
    assert all(sets)
    for earlier, later in itertools.combinations(sets, 2):
        forms = {search_form(q["q"]) for q in earlier}
        assert not [q["q"] for q in later if search_form(q["q"]) in forms]


@pytest.mark.parametrize("path", PRESENT, ids=lambda p: p.name)
def test_every_chapter_is_asked_about(path: Path) -> None:
    chapters = {s.split(".")[0] for q in load_questions((path,)) for s in q["sections"]}
    for n in range(2, 13):
        assert str(n) in chapters, n
    assert {"setup", "balance"} <= chapters


def test_every_answer_exists_in_the_rules(library: Library) -> None:
    book = library._book("gcacw")
    missing = [(q["q"], s) for q in QUESTIONS for s in q["sections"] if book.get(s) is None]
    assert missing == []


def test_the_bars_follow_from_the_goal() -> None:
    """Two standard errors of 600 questions at 90% is 2.4 points; at 97%, 1.4."""
    assert bar(0.90, 600) == pytest.approx(0.8755, abs=1e-4)
    assert bar(0.97, 600) == pytest.approx(0.9561, abs=1e-4)
    assert bar(0.90, 50) < 0.82 < bar(0.90, 5000)  # fewer questions, a lower bar

"""The fresh set of issue 45's ablation (`fresh_45.toml`): its shape and its one split.

Written from the rulebook's sections in a player's words, never from the search's output;
read by scripts/ablate.py only (the `ablate` half per stage, the `confirm` half once).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

from gcacw_ref.text.clean import search_form
from gcacw_ref.text.library import Library
from tests.text.quality import QUESTION_FILES, load_questions

FRESH = Path(__file__).with_name("fresh_45.toml")
QUESTIONS = load_questions((FRESH,))
SPLIT_SHA256 = "cce0dd015d15cdb3a2374a8f385e8a89dc95b275fe1aa7edf0b39f94fe54eb51"


def test_the_set_is_large_japanese_and_split_in_two() -> None:
    assert len(QUESTIONS) >= 250
    assert {q["lang"] for q in QUESTIONS} == {"ja"}
    halves = Counter(q["half"] for q in QUESTIONS)
    assert set(halves) == {"ablate", "confirm"} and min(halves.values()) >= 125
    assert Counter(q["kind"] for q in QUESTIONS)["paraphrase"] >= 0.8 * len(QUESTIONS)


def test_the_split_never_changes() -> None:
    lines = sorted(f"{q['half']}|{q['lang']}|{q['q']}" for q in QUESTIONS)
    assert hashlib.sha256("\n".join(lines).encode()).hexdigest() == SPLIT_SHA256


def test_no_question_repeats_an_earlier_set() -> None:
    earlier = {search_form(q["q"]) for q in load_questions(QUESTION_FILES)}
    assert [q["q"] for q in QUESTIONS if search_form(q["q"]) in earlier] == []


def test_every_chapter_is_asked_about_and_every_answer_exists(library: Library) -> None:
    chapters = {s.split(".")[0] for q in QUESTIONS for s in q["sections"]}
    assert {str(n) for n in range(2, 13)} | {"setup", "balance"} <= chapters
    book = library._book("gcacw")
    assert [(q["q"], s) for q in QUESTIONS for s in q["sections"] if book.get(s) is None] == []

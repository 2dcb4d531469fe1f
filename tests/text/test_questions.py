"""The question set: its shape, its fixed split, and how well questions find their rule.

The set (`questions.toml`) was written by reading the rulebook, before the ranking was
built; its split into `tune` and `held` was made once. The bars are what the ranking
achieves (the held-out half measured once, at the end of each round; never tuned on); the
goal is top-3 >= 90% on the held-out half in each language (see docs/search.md).
"""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from gcacw_ref.text.library import Library
from gcacw_ref.text.quality import evaluate, load_questions

QUESTIONS = load_questions()
SPLIT_SHA256 = "79f434c4f592c001ac1f26f7d4036eff413c2d2b7befccd18530fd5d69b7db1d"
# (language, half) -> (top-1 bar, top-3 bar): what the ranking achieves (round 2 of issue 9:
# ja tune 50/61, 59/61; en tune 51/63, 61/63; ja held 34/46, 39/46; en held 26/47, 40/47)
BARS = {
    ("ja", "tune"): (0.82, 0.967),
    ("en", "tune"): (0.81, 0.968),
    ("ja", "held"): (0.739, 0.848),
    ("en", "held"): (0.553, 0.851),
}


def test_the_set_is_large_and_balanced() -> None:
    assert len(QUESTIONS) >= 160
    langs = Counter(q["lang"] for q in QUESTIONS)
    assert set(langs) == {"ja", "en"} and min(langs.values()) >= 80
    kinds = Counter(q["kind"] for q in QUESTIONS)
    assert set(kinds) == {"term", "paraphrase"}
    assert kinds["paraphrase"] >= 0.45 * len(QUESTIONS)
    for q in QUESTIONS:
        assert q["half"] in ("tune", "held") and q["sections"], q


def test_the_split_never_changes() -> None:
    lines = sorted(f"{q['half']}|{q['lang']}|{q['q']}" for q in QUESTIONS)
    assert hashlib.sha256("\n".join(lines).encode()).hexdigest() == SPLIT_SHA256


def test_every_chapter_is_asked_about() -> None:
    chapters = {s.split(".")[0] for q in QUESTIONS for s in q["sections"]}
    for n in range(2, 13):
        assert str(n) in chapters, n
    assert {"setup", "balance"} <= chapters


def test_every_answer_exists_in_the_rules(library: Library) -> None:
    book = library._book("gcacw")
    missing = [(q["q"], s) for q in QUESTIONS for s in q["sections"] if book.get(s) is None]
    assert missing == []


@pytest.fixture(scope="module")
def scores(library: Library) -> dict[str, dict[str, dict[str, float]]]:
    return evaluate(library, QUESTIONS)


@pytest.mark.parametrize(("lang", "half"), sorted(BARS))
def test_questions_find_their_rule(
    scores: dict[str, dict[str, dict[str, float]]], lang: str, half: str
) -> None:
    top1_bar, top3_bar = BARS[(lang, half)]
    got = scores[lang][half]
    misses = [m for m in scores["misses"] if m.startswith(f"[{half}]")]  # type: ignore[attr-defined]
    assert got["top3"] >= top3_bar, (got, misses)
    assert got["top1"] >= top1_bar, (got, misses)

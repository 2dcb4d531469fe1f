"""How well questions find their rule: top-1 and top-3 over the question sets (evaluation
only: the product never reads this module or the sets beside it).

Eleven sets of natural questions in Japanese and English (`questions*.toml` beside this
module), each with the standard-rules sections that answer it, decided by reading
the rulebook, never by running the search, and each split once into a tuning half and a
held-out half:

* `questions.toml` (the first set, 2026-11-23): halves `tune` and `held`;
* `questions_2.toml` to `questions_4.toml` (2026-11-24), each written by new writers who
  saw only the rulebook, after the held-out halves before them had been reported:
  `tune2`/`held2` to `tune4`/`held4`;
* `questions_5.toml` and `questions_6.toml` (2026-11-25, the same way, after the asks of
  `asks.py` were written): `tune5`/`held5` and `tune6`/`held6`;
* `questions_7.toml` (2026-11-25, round 9, issue 29): `tune7`/`held7`;
* `questions_8.toml` and `questions_9.toml` (2026-11-26, rounds 12 and 13, each written
  and split at the start of its round): `tune8`/`held8` and `tune9`/`held9`.

The ranking is tuned on the `tune` halves only (`TUNING`); since round 13 their Japanese
questions are also lines of the encoder (`asked_toml`, `asks.ASKED_FILE`): training data,
so a Japanese tuning half is measured in-sample. The held-out halves are read only at a
release (`scripts/release_eval.py`); the tests read the tuning halves (`bar`). Used by the
tests and the scripts.
"""

from __future__ import annotations

import hashlib
import json
import math
import tomllib
from pathlib import Path
from typing import Any

from gcacw_ref.text.answer import sentence_spans
from gcacw_ref.text.clean import search_form
from gcacw_ref.text.library import Library

QUESTIONS_DIR = Path(__file__).resolve().parent
ANSWERS_FILE = QUESTIONS_DIR / "answers.toml"  # the answering sentences (round 13)
ANSWER_FILES = (ANSWERS_FILE, QUESTIONS_DIR / "answers_2.toml")  # and a second batch (15)
SECOND_READING = QUESTIONS_DIR / "second_reading.toml"  # held-out questions read again (14)
# more players' questions by blind writers, never a question set: asked lines only (round 13)
ASKED_MORE = Path(__file__).resolve().parents[2] / "scripts" / "data" / "asked_more.toml"
QUESTION_FILES = (
    QUESTIONS_DIR / "questions.toml",
    QUESTIONS_DIR / "questions_2.toml",
    QUESTIONS_DIR / "questions_3.toml",
    QUESTIONS_DIR / "questions_4.toml",
    QUESTIONS_DIR / "questions_5.toml",
    QUESTIONS_DIR / "questions_6.toml",
    QUESTIONS_DIR / "questions_7.toml",
    QUESTIONS_DIR / "questions_8.toml",
    QUESTIONS_DIR / "questions_9.toml",
    QUESTIONS_DIR / "questions_10.toml",
    QUESTIONS_DIR / "questions_11.toml",
)
HALVES = (
    *("tune", "held", "tune2", "held2", "tune3", "held3"),
    *("tune4", "held4", "tune5", "held5", "tune6", "held6"),
    *("tune7", "held7", "tune8", "held8", "tune9", "held9"),
    *("tune10", "held10", "tune11", "held11"),
)
"""The halves, in the order they are shown: first set, then the second to the ninth."""
TUNING = frozenset(h for h in HALVES if h.startswith("tune"))
"""The halves the ranking is tuned on (and learns from); a `held` half never is."""


GOAL = {"top1": 0.90, "top3": 0.97}
"""The goal in each language (issue 29): the right rule first for nine questions in ten,
among the first three for 97 in a hundred."""
MARGIN_SE = 2.0
"""A bar is the goal less this many standard errors of the share measured (`bar`)."""


def bar(goal: float, n: int) -> float:
    """The lowest share of `n` questions that does not say the goal is missed: `goal` less
    `MARGIN_SE` binomial standard errors at the goal, sqrt(goal (1 - goal) / n). Below it,
    a ranking that truly met the goal would be this unlucky about one time in 40."""
    return goal - MARGIN_SE * math.sqrt(goal * (1.0 - goal) / n)


def pooled(scores: dict[str, Any], lang: str, halves: frozenset[str]) -> dict[str, float]:
    """{n, top1, top3} of `evaluate`'s `scores` over `halves` in one language (shares)."""
    n = top1 = top3 = 0.0
    for half, got in scores.get(lang, {}).items():
        if half in halves:
            n += got["n"]
            top1 += round(got["top1"] * got["n"])
            top3 += round(got["top3"] * got["n"])
    return {"n": n, "top1": top1 / n if n else 0.0, "top3": top3 / n if n else 0.0}


def load_questions(paths: tuple[Path, ...] = QUESTION_FILES) -> list[dict[str, Any]]:
    """The questions of every set found; empty when none is (an installed package)."""
    out: list[dict[str, Any]] = []
    for path in paths:
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            continue
        out.extend(data.get("question", []))
    return out


def is_right(book: str, section: str, ref: str, expected: list[str]) -> bool:
    """A hit answers when it is from the standard rules and its section (or ref) is expected."""
    return book == "gcacw" and (section in expected or ref in expected)


def evaluate(lib: Library, questions: list[dict[str, Any]]) -> dict[str, Any]:
    """{lang: {half: {n, top1, top3}}} (fractions), plus the questions missed (`misses`) and
    those found below the top (`near`)."""
    counts: dict[tuple[str, str], list[int]] = {}
    misses: list[str] = []
    near: list[str] = []
    for item in questions:
        hits = lib.search(item["q"], limit=3)
        right = [is_right(h.book, h.section, h.ref, item["sections"]) for h in hits]
        c = counts.setdefault((item["lang"], item["half"]), [0, 0, 0])
        c[0] += 1
        c[1] += right[:1] == [True]
        c[2] += any(right)
        got = [h.ref for h in hits]
        line = f"[{item['half']}] {item['q']} -> {item['sections']} got {got}"
        if not any(right):
            misses.append(line)
        elif not right[0]:
            near.append(line)
    out: dict[str, Any] = {}
    for (lang, half), (n, top1, top3) in sorted(counts.items()):
        out.setdefault(lang, {})[half] = {
            "n": n,
            "top1": round(top1 / n, 3),
            "top3": round(top3 / n, 3),
        }
    out["misses"] = misses
    out["near"] = near
    return out


def asked_toml(questions: list[dict[str, Any]], more: list[dict[str, Any]]) -> str:
    """The text of `asked_lines.toml`: the Japanese questions of the tuning halves, then those of
    `more` (`ASKED_MORE`), each a line of the rule it names first, rules in the order first
    named (scripts/asked_lines.py)."""
    by_rule: dict[str, list[str]] = {}
    tuned = [q for q in questions if q["half"] in TUNING]
    for q in tuned + more:
        if q["lang"] == "ja":
            by_rule.setdefault(q["sections"][0], []).append(q["q"])
    out = [
        "# The Japanese questions of the question sets' tuning halves (tests/text/questions*.toml,",
        "# never a held-out half) and of scripts/data/asked_more.toml, each under the rule that",
        "# answers it first: more lines of the sentence encoder (semantic.py). Made by",
        "# scripts/asked_lines.py; do not edit by hand.",
    ]
    for rule, lines in by_rule.items():
        out += ["", "[[asks]]", f"rule = {toml_string(rule)}", "ja = ["]
        out += [f"    {toml_string(line)}," for line in lines]
        out.append("]")
    return "\n".join(out) + "\n"


def toml_string(text: str) -> str:
    """`text` as a TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def sentence_digest(sentence: str) -> str:
    """How `answers.toml` names a sentence of the rulebook: a digest of its search form (the
    project keeps no rulebook text of its own)."""
    return hashlib.blake2b(search_form(sentence).encode(), digest_size=8).hexdigest()


def load_answers(path: Path = ANSWERS_FILE) -> list[dict[str, Any]]:
    """The marked answers (`[[answer]]`: `q`, `ref`, `gold` digests, `half`); empty when the
    file is absent (an installed package)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    return list(data.get("answer", []))


def passage_answers(lib: Library, item: dict[str, Any]) -> bool | None:
    """Whether the top hit's passage holds a sentence the readers marked for the question
    (the start of a long one is enough: a passage may cut an endless sentence); None when
    the search no longer puts the marked rule first."""
    hits = lib.search(item["q"], limit=1)
    if not hits or hits[0].book != "gcacw" or hits[0].ref != item["ref"]:
        return None
    sec = lib._book("gcacw").get(item["ref"])
    if sec is None:
        return None
    gold = set(item["gold"])
    shown = search_form(hits[0].passage)
    for a, z in sentence_spans(sec.text):
        sentence = sec.text[a:z]
        if sentence_digest(sentence) in gold and search_form(sentence)[:PREFIX] in shown:
            return True
    return False


PREFIX = 60  # characters of a marked sentence's search form a passage must show


def load_readings(path: Path = SECOND_READING) -> list[dict[str, Any]]:
    """The second reading (`[[reading]]`: `q`, `lang`, `half`, `reader`, `first`, `also`);
    empty when the file is absent (an installed package)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    return list(data.get("reading", []))


def readers_agree(reading: dict[str, Any], question: dict[str, Any]) -> bool:
    """Whether the second reader points a player at the first writer's first section."""
    return bool(reading["first"] == question["sections"][0])


def either_reading(reading: dict[str, Any], question: dict[str, Any]) -> list[str]:
    """Every section either reader gave for a question: the writer's, then the second
    reader's first and also."""
    return list(dict.fromkeys([*question["sections"], reading["first"], *reading["also"]]))

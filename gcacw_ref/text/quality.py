"""How well questions find their rule: top-1 and top-3 over the question set.

The set (`tests/text/questions.toml`, in a source checkout) holds natural questions in
Japanese and English with the standard-rules sections that answer them, decided by
reading the rulebook, and a fixed split: `tune` (the ranking was tuned on it) and
`held` (never looked at while tuning). Used by `gcacw-ref bench` and by the tests.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from gcacw_ref.text.library import Library

QUESTIONS_FILE = Path(__file__).resolve().parents[2] / "tests" / "text" / "questions.toml"


def load_questions(path: Path = QUESTIONS_FILE) -> list[dict[str, Any]]:
    """The questions; an empty list when the file is absent (an installed package)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    return list(data.get("question", []))


def is_right(book: str, section: str, ref: str, expected: list[str]) -> bool:
    """A hit answers when it is from the standard rules and its section (or ref) is expected."""
    return book == "gcacw" and (section in expected or ref in expected)


def evaluate(lib: Library, questions: list[dict[str, Any]]) -> dict[str, Any]:
    """{lang: {half: {n, top1, top3}}} (fractions), plus the missed questions."""
    counts: dict[tuple[str, str], list[int]] = {}
    misses: list[str] = []
    for item in questions:
        hits = lib.search(item["q"], limit=3)
        right = [is_right(h.book, h.section, h.ref, item["sections"]) for h in hits]
        c = counts.setdefault((item["lang"], item["half"]), [0, 0, 0])
        c[0] += 1
        c[1] += right[:1] == [True]
        c[2] += any(right)
        if not any(right):
            got = [h.ref for h in hits]
            misses.append(f"[{item['half']}] {item['q']} -> {item['sections']} got {got}")
    out: dict[str, Any] = {}
    for (lang, half), (n, top1, top3) in sorted(counts.items()):
        out.setdefault(lang, {})[half] = {
            "n": n,
            "top1": round(top1 / n, 3),
            "top3": round(top3 / n, 3),
        }
    out["misses"] = misses
    return out

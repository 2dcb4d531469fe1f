"""Benchmark section for the text layer: rulebook import time and search latency.

The measurements themselves are `search_timing`'s; this module runs them over the seeds
(or the user's books), adds the question set's quality and the cold starts, and words
the result.

The seed rulebooks (`paths.seeds_dir()`) are imported into a temporary data directory,
so the user's own library is never touched. Without seeds, search is measured over the
user's imported books instead, and the result says so.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from gcacw_ref import paths
from gcacw_ref.bench import cold, search_timing
from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _, join_list
from gcacw_ref.text.library import Library
from gcacw_ref.text.quality import HALVES, QUESTIONS_DIR, evaluate, load_questions


def run() -> dict[str, Any]:
    seeds = paths.seeds_dir()
    if seeds.is_dir() and any(seeds.glob("*.txt")):
        with tempfile.TemporaryDirectory(prefix="gcacw-bench-") as tmp:
            home = Path(tmp)
            import_s, ids = search_timing.import_seeds(home)
            if ids:
                search = search_timing.measure_search(home)
                search["source"] = "seeds"
                wall, cpu = search_timing.import_synthetic()
                return {
                    "import_s": None if import_s is None else round(import_s, 3),
                    "import_synthetic_s": round(wall, 3),
                    "import_synthetic_cpu_s": round(cpu, 3),
                    "search": search,
                    "questions": _questions(home, "gcacw" in ids),
                    **cold.run(home),
                }
    try:
        search = search_timing.measure_search(None)
    except InputError as exc:
        return {
            "import_s": None,
            "search": {"source": "none", "error": str(exc)},
            "questions": {"error": "not measured: the seeds (the standard rules) are not found"},
        }
    search["source"] = "user books (seeds not found)"
    return {
        "import_s": None,
        "search": search,
        "questions": {"error": "not measured: the seeds (the standard rules) are not found"},
    }


def _questions(home: Path, have_rules: bool) -> dict[str, Any]:
    """Top-1/top-3 of the question set per language and half, and question search speed."""
    if not have_rules:
        return {"error": "not measured: the standard rules seed did not import"}
    questions = load_questions()
    if not questions:
        return {"error": f"not measured: no question set in {QUESTIONS_DIR}"}
    lib = Library(home=home)
    result = evaluate(lib, questions)
    result.pop("misses", None)
    result.pop("near", None)
    lib.warm()
    sample = search_timing.question_sample([q["q"] for q in questions])
    result["search"] = search_timing.question_timings(lib, sample)
    result["meaning"] = search_timing.meaning_costs(sample)
    result["count"] = len(questions)
    return result


HALF_NAMES = {
    "tune": N_("tune"),
    "held": N_("held"),
    "tune2": N_("tune (set 2)"),
    "held2": N_("held (set 2)"),
    "tune3": N_("tune (set 3)"),
    "held3": N_("held (set 3)"),
    "tune4": N_("tune (set 4)"),
    "held4": N_("held (set 4)"),
    "tune5": N_("tune (set 5)"),
    "held5": N_("held (set 5)"),
    "tune6": N_("tune (set 6)"),
    "held6": N_("held (set 6)"),
    "tune7": N_("tune (set 7)"),
    "held7": N_("held (set 7)"),
    "tune8": N_("tune (set 8)"),
    "held8": N_("held (set 8)"),
    "tune9": N_("tune (set 9)"),
    "held9": N_("held (set 9)"),
    "tune10": N_("tune (set 10)"),
    "held10": N_("held (set 10)"),
    "tune11": N_("tune (set 11)"),
    "held11": N_("held (set 11)"),
}
"""The halves of the eleven question sets, as named in the bench text."""


def _render_questions(q: dict[str, Any]) -> list[str]:
    if "error" in q:
        return ["  " + _("questions: {error}").format(error=q["error"])]
    lines = [
        "  "
        + _("questions ({n}; top-1 / top-3, goal: held-out top-3 >= 90%):").format(n=q["count"])
    ]
    for lang in ("ja", "en"):
        parts = []
        for half in HALVES:
            h = q.get(lang, {}).get(half)
            if h:
                parts.append(
                    _("{half} {top1:.0%} / {top3:.0%} (n={n})").format(
                        half=_(HALF_NAMES[half]), top1=h["top1"], top3=h["top3"], n=h["n"]
                    )
                )
        lines.append(f"    {lang}: " + join_list(parts))
    s = q["search"]
    lines.append(
        "  "
        + _(
            "question search: median {median:.2f} ms, p95 {p95:.2f} ms (bar: < 5 ms), "
            "CPU p95 {cpu:.2f} ms, p95 of best of {repeats}: {best:.2f} ms; "
            "{n} questions x {repeats}"
        ).format(
            median=s["median_ms"],
            p95=s["p95_ms"],
            cpu=s["cpu_p95_ms"],
            repeats=search_timing.REPEATS,
            best=s["best_of_p95_ms"],
            n=s["queries"],
        )
    )
    lines.append(
        "  "
        + _(
            "a question asked for the first time: CPU median {median:.2f} ms, p95 {p95:.2f} ms"
        ).format(median=s["first_cpu_median_ms"], p95=s["first_cpu_p95_ms"])
    )
    m = q.get("meaning", {})
    if m.get("available"):
        lines.append(
            "  "
            + _(
                "sentence encoder: loaded in {load:.2f} s (once, on the first question); "
                "a question encoded in CPU median {median:.2f} ms, p95 {p95:.2f} ms"
            ).format(
                load=m["load_s"] or 0.0,
                median=m["encode_cpu_median_ms"],
                p95=m["encode_cpu_p95_ms"],
            )
        )
    elif m:
        lines.append("  " + _("sentence encoder: not installed (questions use words only)"))
    return lines


def render(result: dict[str, Any]) -> str:
    s = result.get("search", {})
    lines = [_("text:")]
    imp = result.get("import_s")
    lines.append(
        "  " + _("import (standard rules): {s:.3f} s (bar: < 2 s)").format(s=imp)
        if imp is not None
        else "  " + _("import (standard rules): not measured (no standard rules seed)")
    )
    synthetic = result.get("import_synthetic_s")
    if synthetic is not None:
        lines.append(
            "  "
            + _(
                "import (3.5 MB, 100,000 headings, generated): {s:.3f} s, CPU {cpu:.3f} s "
                "(bar: < 15 s)"
            ).format(s=synthetic, cpu=result.get("import_synthetic_cpu_s", 0))
        )
    if "error" in s:
        lines.append("  " + _("search: not measured ({error})").format(error=s["error"]))
        return "\n".join(lines)
    lines.append(
        "  "
        + _(
            "search over {books} ({source}): median {median:.2f} ms, p95 {p95:.2f} ms "
            "(bar: < 5 ms), max {max:.2f} ms; {n} queries x {repeats}"
        ).format(
            books=join_list(s.get("books", [])),
            source=s.get("source"),
            median=s["median_ms"],
            p95=s["p95_ms"],
            max=s["max_ms"],
            n=s["queries"],
            repeats=s["repeats"],
        )
    )
    lines.append(
        "  "
        + _(
            "search CPU time: median {median:.2f} ms, p95 {p95:.2f} ms; p95 of each query's "
            "best of {repeats}: {best:.2f} ms (wall time above includes waiting for a busy "
            "machine)"
        ).format(
            median=s["cpu_median_ms"],
            p95=s["cpu_p95_ms"],
            repeats=s["repeats"],
            best=s["best_of_p95_ms"],
        )
    )
    lines.append(
        "  "
        + _("first search after launch (loads the books): {ms} ms").format(ms=s["cold_first_ms"])
    )
    if "questions" in result:
        lines.extend(_render_questions(result["questions"]))
    lines.extend(_render_cold(result))
    return "\n".join(lines)


def _render_cold(result: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    cli = result.get("cli_question", {})
    if "cpu_s" in cli:
        lines.append(
            "  "
            + _(
                "a question from a new command-line process: CPU {cpu:.2f} s (bar: < 0.5 s), "
                "memory {mb:.0f} MB (bar: < 120 MB)"
            ).format(cpu=cli["cpu_s"], mb=cli["max_rss_mb"])
        )
    tui = result.get("tui_first_question", {})
    if "after_ready_s" in tui:
        lines.append(
            "  "
            + _(
                "the TUI's first question: answered {s:.2f} s after the screen is ready "
                "(bar: < 0.5 s), CPU {cpu:.2f} s"
            ).format(s=tui["after_ready_s"], cpu=tui["after_ready_cpu_s"])
        )
    for key in ("cli_question", "tui_first_question"):
        got = result.get(key, {})
        if "error" in got:
            lines.append(
                "  " + _("{what}: not measured ({error})").format(what=key, error=got["error"])
            )
    return lines

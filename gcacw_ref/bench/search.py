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
from gcacw_ref.i18n import _, join_list
from gcacw_ref.text.asks import ASKS_FILE, AsksFile
from gcacw_ref.text.cards import read_data
from gcacw_ref.text.library import Library


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


def load_questions() -> list[str]:
    """The questions timed: the first Japanese and English way of asking about each rule
    in the players' own lines (`asks.toml`, shipped with the search). How well questions
    find their rule is the evaluation's (tests/text/quality.py, scripts/release_eval.py),
    never read by the product."""
    out: list[str] = []
    for entry in read_data(ASKS_FILE, AsksFile, "asks").asks:
        out += entry.ja[:1] + entry.en[:1]
    return out


def _questions(home: Path, have_rules: bool) -> dict[str, Any]:
    """Question search speed (and the encoder's cost) over the players' lines."""
    if not have_rules:
        return {"error": "not measured: the standard rules seed did not import"}
    questions = load_questions()
    lib = Library(home=home)
    lib.warm()
    sample = search_timing.question_sample(questions)
    result: dict[str, Any] = {"count": len(questions)}
    result["search"] = search_timing.question_timings(lib, sample)
    result["meaning"] = search_timing.meaning_costs(sample)
    return result


def _render_questions(q: dict[str, Any]) -> list[str]:
    if "error" in q:
        return ["  " + _("questions: {error}").format(error=q["error"])]
    lines: list[str] = []
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

"""Benchmark section for the text layer: rulebook import time and search latency.

The seed rulebooks (`paths.seeds_dir()`) are imported into a temporary data directory,
so the user's own library is never touched. Without seeds, search is measured over the
user's imported books instead, and the result says so.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from gcacw_ref import paths
from gcacw_ref.bench import cold
from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _, join_list
from gcacw_ref.text import embed
from gcacw_ref.text.importer import build_book
from gcacw_ref.text.library import Library
from gcacw_ref.text.quality import HALVES, QUESTIONS_DIR, evaluate, load_questions

# A fixed mix: Japanese terms, English terms, typos, rule numbers, longer phrases.
QUERIES = [
    "延長行軍",
    "強行軍",
    "側面攻撃",
    "総突撃",
    "側面防御",
    "騎兵退却",
    "支配地域",
    "限定ZOC",
    "指揮範囲",
    "戦意低下",
    "浮橋",
    "駅襲撃",
    "イニシアティブ",
    "塹壕",
    "回復",
    "敗走",
    "退却の優先順位",
    "騎兵退却ダイスの修正",
    "臨時の沼地",
    "雨",
    "extended march",
    "forced march",
    "flank attack",
    "refused flank",
    "ZOC",
    "command radius",
    "fatigue",
    "disorganized",
    "pontoon bridge",
    "ferry",
    "grand assault",
    "hasty attack",
    "artillery",
    "tactical rating",
    "station raid",
    "延長行群",
    "側面功撃",
    "extnded march",
    "flank atack",
    "calvary retreat",
    "7.4",
    "７．４",
    "10.2",
    "rule 7.7",
    "overrun",
    "強行軍移動",
    "cavalry retreat modifiers",
    "pontoon restrictions",
    "橋の修理",
    "rain attack",
    "enemy zoc movement",
    "attack procedure assault",
    "疲労 回復",
    "総突撃の条件",
]
REPEATS = 5
QUESTION_SAMPLE = 60  # questions timed (every fourth of the set), REPEATS times each


def _percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(pct / 100.0 * len(ordered)) - 1))
    return ordered[k]


def _import_seeds(home: Path) -> tuple[float | None, list[str]]:
    """Import every seed rulebook; (import seconds of the standard rules, imported ids)."""
    lib = Library(home=home)
    import_s: float | None = None
    ids: list[str] = []
    for path in sorted(paths.seeds_dir().glob("*.txt")):
        start = time.perf_counter()
        try:
            info = lib.import_book(path)
        except InputError:
            continue  # not a rulebook (the charts file)
        elapsed = time.perf_counter() - start
        ids.append(info.id)
        if info.kind == "gcacw":
            import_s = elapsed
    return import_s, ids


def synthetic_book(headings: int = 100_000, size: int = 3_500_000) -> str:
    """A worst case for the importer: `headings` numbered lines and one long paragraph,
    `size` bytes of UTF-8 in all (generated, no rules text)."""
    lines = [f"{i // 100 + 1}.{i % 100 + 1} 見出しの行{i}" for i in range(headings)]
    text = "\n".join(lines) + "\n"
    pad = max(0, size - len(text.encode("utf-8"))) // 6  # "本文" is 6 bytes
    return text + "本文" * pad + "\n"


def _import_synthetic() -> tuple[float, float]:
    """(wall, CPU) seconds to parse and index `synthetic_book()` (bar: seconds, not minutes)."""
    with tempfile.TemporaryDirectory(prefix="gcacw-bench-") as tmp:
        path = Path(tmp) / "synthetic.txt"
        path.write_text(synthetic_book(), encoding="utf-8")
        start, cpu = time.perf_counter(), time.process_time()
        build_book(path)
        return time.perf_counter() - start, time.process_time() - cpu


def _timings(lib: Library, queries: list[str]) -> tuple[list[float], list[float]]:
    times: list[float] = []
    cpu: list[float] = []
    for _round in range(REPEATS):
        for q in queries:
            lib.forget_memos()  # each search pays for its own term look-ups
            t0, c0 = time.perf_counter(), time.thread_time()
            lib.search(q)
            times.append((time.perf_counter() - t0) * 1000.0)
            cpu.append((time.thread_time() - c0) * 1000.0)
    return times, cpu


def _question_timings(lib: Library, questions: list[str]) -> dict[str, Any]:
    sample = questions[::4][:QUESTION_SAMPLE]
    times, cpu = _timings(lib, sample)
    first = cpu[: len(sample)]  # each question asked for the first time (nothing memoised)
    return {
        "first_cpu_median_ms": round(statistics.median(first), 3),
        "first_cpu_p95_ms": round(_percentile(first, 95.0), 3),
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(_percentile(times, 95.0), 3),
        "best_of_p95_ms": round(
            _percentile([min(times[i :: len(sample)]) for i in range(len(sample))], 95.0), 3
        ),
        "cpu_p95_ms": round(_percentile(cpu, 95.0), 3),
        "queries": len(sample),
    }


def _measure(home: Path | None) -> dict[str, Any]:
    lib = Library(home=home)
    start = time.perf_counter()
    lib.search(QUERIES[0])  # cold: loads the books (the fuzzy index is built by warm())
    cold_ms = (time.perf_counter() - start) * 1000.0
    lib.warm()
    times, cpu = _timings(lib, QUERIES)
    return {
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(_percentile(times, 95.0), 3),
        "max_ms": round(max(times), 3),
        # each query's best of the repeats: the search's own cost, scheduling noise removed
        "best_of_p95_ms": round(
            _percentile([min(times[i :: len(QUERIES)]) for i in range(len(QUERIES))], 95.0), 3
        ),
        # CPU time of the searching thread: what the search costs when the machine is busy
        "cpu_median_ms": round(statistics.median(cpu), 3),
        "cpu_p95_ms": round(_percentile(cpu, 95.0), 3),
        "queries": len(QUERIES),
        "repeats": REPEATS,
        "cold_first_ms": round(cold_ms, 1),
        "books": [b.id for b in lib.books()],
    }


def run() -> dict[str, Any]:
    seeds = paths.seeds_dir()
    if seeds.is_dir() and any(seeds.glob("*.txt")):
        with tempfile.TemporaryDirectory(prefix="gcacw-bench-") as tmp:
            home = Path(tmp)
            import_s, ids = _import_seeds(home)
            if ids:
                search = _measure(home)
                search["source"] = "seeds"
                wall, cpu = _import_synthetic()
                return {
                    "import_s": None if import_s is None else round(import_s, 3),
                    "import_synthetic_s": round(wall, 3),
                    "import_synthetic_cpu_s": round(cpu, 3),
                    "search": search,
                    "questions": _questions(home, "gcacw" in ids),
                    **cold.run(home),
                }
    try:
        search = _measure(None)
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
    result["search"] = _question_timings(lib, [q["q"] for q in questions])
    result["meaning"] = _meaning_costs([q["q"] for q in questions][::4][:QUESTION_SAMPLE])
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
}
"""The halves of the nine question sets, as named in the bench text."""


def _meaning_costs(questions: list[str]) -> dict[str, Any]:
    """What the sentence encoder costs (`embed.py`): loading it (once per process, done
    by the question timings before) and encoding each of the timed questions anew."""
    if not embed.available():
        return {"available": False}
    cpu: list[float] = []
    for q in questions:
        c0 = time.thread_time()
        embed.encode([q])
        cpu.append((time.thread_time() - c0) * 1000.0)
    return {
        "available": True,
        "model": embed.MODEL,
        "encode_cpu_median_ms": round(statistics.median(cpu), 3),
        "encode_cpu_p95_ms": round(_percentile(cpu, 95.0), 3),
        "load_s": embed.load_seconds(),
    }


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
            repeats=REPEATS,
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

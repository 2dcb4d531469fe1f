"""How long the text layer takes: importing rulebooks and searching them (wall and CPU time)."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from gcacw_ref import paths
from gcacw_ref.errors import InputError
from gcacw_ref.text import embed
from gcacw_ref.text.importer import build_book
from gcacw_ref.text.library import Library

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


def percentile(values: list[float], pct: float) -> float:
    """The nearest-rank `pct` percentile of `values`."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(pct / 100.0 * len(ordered)) - 1))
    return ordered[k]


def import_seeds(home: Path) -> tuple[float | None, list[str]]:
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


def import_synthetic() -> tuple[float, float]:
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


def question_sample(questions: list[str]) -> list[str]:
    """The questions timed: every fourth of the set, `QUESTION_SAMPLE` at most."""
    return questions[::4][:QUESTION_SAMPLE]


def question_timings(lib: Library, sample: list[str]) -> dict[str, Any]:
    """Search times of the sampled questions, each asked `REPEATS` times."""
    times, cpu = _timings(lib, sample)
    first = cpu[: len(sample)]  # each question asked for the first time (nothing memoised)
    return {
        "first_cpu_median_ms": round(statistics.median(first), 3),
        "first_cpu_p95_ms": round(percentile(first, 95.0), 3),
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(percentile(times, 95.0), 3),
        "best_of_p95_ms": round(
            percentile([min(times[i :: len(sample)]) for i in range(len(sample))], 95.0), 3
        ),
        "cpu_p95_ms": round(percentile(cpu, 95.0), 3),
        "queries": len(sample),
    }


def measure_search(home: Path | None) -> dict[str, Any]:
    """The first search (loading the books), then `QUERIES` searched `REPEATS` times."""
    lib = Library(home=home)
    start = time.perf_counter()
    lib.search(QUERIES[0])  # cold: loads the books (the fuzzy index is built by warm())
    cold_ms = (time.perf_counter() - start) * 1000.0
    lib.warm()
    times, cpu = _timings(lib, QUERIES)
    return {
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(percentile(times, 95.0), 3),
        "max_ms": round(max(times), 3),
        # each query's best of the repeats: the search's own cost, scheduling noise removed
        "best_of_p95_ms": round(
            percentile([min(times[i :: len(QUERIES)]) for i in range(len(QUERIES))], 95.0), 3
        ),
        # CPU time of the searching thread: what the search costs when the machine is busy
        "cpu_median_ms": round(statistics.median(cpu), 3),
        "cpu_p95_ms": round(percentile(cpu, 95.0), 3),
        "queries": len(QUERIES),
        "repeats": REPEATS,
        "cold_first_ms": round(cold_ms, 1),
        "books": [b.id for b in lib.books()],
    }


def meaning_costs(questions: list[str]) -> dict[str, Any]:
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
        "encode_cpu_p95_ms": round(percentile(cpu, 95.0), 3),
        "load_s": embed.load_seconds(),
    }

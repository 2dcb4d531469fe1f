"""The held-out halves, read at a release only: how well questions find their rule.

    python scripts/release_eval.py [--misses]

The question sets' held-out halves (tests/text/questions*.toml, `held`...`held11`) were
frozen when each set was split and are never tuned on; the tests read the tuning halves
only. This script measures each language pooled over every held-out half against the same
bars as the tests (`quality.bar`: the goal less two binomial standard errors at the goal)
and exits 1 when a figure falls below its bar, that is when the goal is missed by more than
noise; then the first answer under either of two readings of the held-out questions
(`second_reading.toml`) against the top-1 bar, and the answering passage on the held
halves of the marked answers (`answers*.toml`). Run it once per release and write the
figures in docs/search-changelog.md; a figure read here and then tuned against makes the
held-out halves tuning data.
The three seed books are imported once into `$GCACW_REF_HOME` (default `.tune-home`).
"""

from __future__ import annotations

import sys

from tune_eval import library

from tests.text.quality import (
    ANSWER_FILES,
    GOAL,
    TUNING,
    bar,
    either_reading,
    evaluate,
    is_right,
    load_answers,
    load_questions,
    load_readings,
    passage_answers,
    pooled,
)


def main(argv: list[str]) -> int:
    held = [q for q in load_questions() if q["half"] not in TUNING]
    halves = frozenset(q["half"] for q in held)
    lib = library()
    by_text = {q["q"]: q for q in held}
    scores = evaluate(lib, held)
    below = False
    for lang in ("ja", "en"):
        got = pooled(scores, lang, halves)
        n = int(got["n"])
        for measure, goal in GOAL.items():
            least = bar(goal, n)
            mark = "ok" if got[measure] >= least else "BELOW"
            below |= mark == "BELOW"
            print(
                f"{lang} {measure} {got[measure]:.3f} of {n} (goal {goal}, bar {least:.3f}) {mark}"
            )
    for lang in ("ja", "en"):  # the first answer under either reading (second_reading.toml)
        mine = [r for r in load_readings() if r["lang"] == lang]
        right = 0
        for r in mine:
            hits = lib.search(r["q"], limit=1)
            expected = either_reading(r, by_text[r["q"]])
            right += bool(hits) and is_right(hits[0].book, hits[0].section, hits[0].ref, expected)
        least = bar(GOAL["top1"], len(mine))
        mark = "ok" if right / len(mine) >= least else "BELOW"
        below |= mark == "BELOW"
        print(f"{lang} top1 under either reading {right}/{len(mine)} (bar {least:.3f}) {mark}")
    for path in ANSWER_FILES:  # the passage against the marked sentences, held halves
        got = [passage_answers(lib, a) for a in load_answers(path) if a["half"] == "held"]
        shown = [g for g in got if g is not None]
        print(f"{path.name} held: the passage shows a marked sentence {sum(shown)}/{len(shown)}")
    if "--misses" in argv:
        print("\n".join(scores["misses"]))
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

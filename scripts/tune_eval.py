"""Score the question search on the tuning halves only (`tune`...`tune10`); never held.

    python scripts/tune_eval.py [--misses] [--near] [module.CONST=value ...]

`--misses` lists the questions whose rule is not in the top 3; `--near` those whose rule
is in the top 3 but not first.

Each `module.CONST=value` (for example `rank.W_CARDS=0.5`) sets a constant of
`gcacw_ref.text.<module>` before the search runs, to try a weight without editing the code.
The three seed books are imported once into `$GCACW_REF_HOME` (default `.tune-home`).
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

from gcacw_ref.paths import seeds_dir
from gcacw_ref.text import quality
from gcacw_ref.text.library import Library
from gcacw_ref.text.quality import evaluate, load_questions

# tune8 joined after round 12 measured it untouched; tune9 (round 13) at once (docs/search.md)
TUNING = set(quality.TUNING)
SEEDS = {
    "gcacw": "000_eb3241535f1c3a1c.txt",
    "wftu": "001_4ba28d007348ce01.txt",
    "brandywine": "002_a66910e0110754c0.txt",
}


def library() -> Library:
    home = Path(os.environ.get("GCACW_REF_HOME", ".tune-home"))
    lib = Library(home=home)
    if not (home / "books").exists():
        for name in SEEDS.values():
            lib.import_book(seeds_dir() / name)
    return lib


def main(argv: list[str]) -> None:
    show_misses = "--misses" in argv
    for arg in (a for a in argv if "=" in a):
        name, value = arg.split("=", 1)
        module, const = name.rsplit(".", 1)
        mod = importlib.import_module(f"gcacw_ref.text.{module}")
        setattr(mod, const, type(getattr(mod, const))(value))
    questions = [q for q in load_questions() if q["half"] in TUNING]
    scores = evaluate(library(), questions)
    for lang in ("ja", "en"):
        n = top1 = top3 = 0.0
        for half in sorted(TUNING):
            s = scores[lang][half]
            n += s["n"]
            top1 += round(s["top1"] * s["n"])
            top3 += round(s["top3"] * s["n"])
            print(f"{lang} {half:6} n={s['n']:3} top1={s['top1']:.3f} top3={s['top3']:.3f}")
        print(f"{lang} ALL    n={int(n):3} top1={int(top1)} top3={int(top3)}")
    if show_misses:
        print("\n".join(scores["misses"]))
    if "--near" in argv:
        print("\n".join(scores["near"]))


if __name__ == "__main__":
    main(sys.argv[1:])

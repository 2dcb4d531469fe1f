"""Score the question search on the tuning halves only (`tune`...`tune10`); never held.

    python scripts/tune_eval.py [--misses] [--near] [field=value ...]

`--misses` lists the questions whose rule is not in the top 3; `--near` those whose rule
is in the top 3 but not first.

Each `field=value` (for example `w_cards=0.5`) sets a field of the ranking's
`RankConfig` (`gcacw_ref/text/rank_config.py`) for this run, to try a weight without
editing the code.
The three seed books are imported once into `$GCACW_REF_HOME` (default `.tune-home`).
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

from gcacw_ref.paths import seeds_dir
from gcacw_ref.text.library import Library
from gcacw_ref.text.rank_config import CONFIG, RankConfig
from tests.text import quality
from tests.text.quality import evaluate, load_questions

# tune8 joined after round 12 measured it untouched; tune9 (round 13) at once (search-changelog.md)
TUNING = set(quality.TUNING)
SEEDS = {
    "gcacw": "000_eb3241535f1c3a1c.txt",
    "wftu": "001_4ba28d007348ce01.txt",
    "brandywine": "002_a66910e0110754c0.txt",
}


def configured(config: RankConfig, settings: list[str]) -> RankConfig:
    """`config` with each `field=value` of `settings` (the field's own type)."""
    change: dict[str, object] = {}
    for setting in settings:
        name, value = setting.split("=", 1)
        was = getattr(config, name)
        change[name] = value in ("1", "true", "True") if isinstance(was, bool) else type(was)(value)
    return replace(config, **change)


def library(config: RankConfig = CONFIG) -> Library:
    home = Path(os.environ.get("GCACW_REF_HOME", ".tune-home"))
    lib = Library(home=home, config=config)
    if not (home / "books").exists():
        for name in SEEDS.values():
            lib.import_book(seeds_dir() / name)
    return lib


def main(argv: list[str]) -> None:
    show_misses = "--misses" in argv
    config = configured(CONFIG, [a for a in argv if "=" in a])
    questions = [q for q in load_questions() if q["half"] in TUNING]
    scores = evaluate(library(config), questions)
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

"""Ablate each stage of a question's ranking on a fresh question set: the questions it wins
and loses when that stage alone is off, against every stage on.

    python scripts/ablate.py [HALF] [--file tests/text/fresh_45.toml]

HALF is the set's half to read (`ablate`, the default; `confirm` is read once, to say
what a removal loses). A stage is off through the ranking's configuration (`RankConfig`:
its weights 0, `lines_top` 0, `governing_top` 0, `same_section` 3) or, for the meaning
stage, with the encoder unavailable. For each stage: top-1 and top-3 with it off, and the
questions won and lost at top-1 against all stages on (a paired difference); the noise
margin is two standard errors of that difference, 2 sqrt(won + lost) questions. A stage
whose removal loses no more than the margin does not earn its place on this set. (The
Japanese questions' own fusion curve and weights were removed this way in issue 45: on
the ablate half they changed no question's top 1 or top 3.)
The seed books are imported once into `$GCACW_REF_HOME` (default `.tune-home`).
"""

from __future__ import annotations

import math
import sys
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from tune_eval import library

from gcacw_ref.text import embed
from gcacw_ref.text.rank_config import CONFIG, RankConfig
from tests.text.quality import is_right

FRESH = Path(__file__).resolve().parents[1] / "tests" / "text" / "fresh_45.toml"
C = CONFIG
STAGES: dict[str, RankConfig] = {
    "terms (fused)": replace(C, w_terms=0.0, w_terms_sure=0.0),
    "words: passages": replace(C, w_passages=0.0),
    "words: sections": replace(C, w_sections=0.0),
    "definitions": replace(C, w_definitions=0.0),
    "lines: cards": replace(C, w_cards=0.0),
    "lines: asks": replace(C, w_asks=0.0),
    "meaning: passages": replace(C, w_sem_passages=0.0),
    "meaning: lines list": replace(C, w_sem_lines=0.0),
    "meaning: characters (ja_ngrams)": replace(C, ja_ngrams=0.0),
    "by_lines": replace(C, lines_top=0),
    "by_lines: trained margin": replace(C, ja_w_line_trained=0.0, w_line_trained=0.0),
    "governing_first": replace(C, governing_top=0),
    "varied": replace(C, same_section=3),
}
NO_ENCODER = "meaning (the encoder: all of it)"


def ranks(config: RankConfig, questions: list[dict[str, Any]]) -> list[tuple[bool, bool]]:
    lib = library(config)
    out = []
    for item in questions:
        hits = lib.search(item["q"], limit=3)
        right = [is_right(h.book, h.section, h.ref, item["sections"]) for h in hits]
        out.append((right[:1] == [True], any(right)))
    return out


def main(argv: list[str]) -> None:
    half = next((a for a in argv if not a.startswith("--") and not a.endswith(".toml")), "ablate")
    path = Path(argv[argv.index("--file") + 1]) if "--file" in argv else FRESH
    questions = [q for q in tomllib.loads(path.read_text("utf-8"))["question"] if q["half"] == half]
    n = len(questions)
    base = ranks(CONFIG, questions)
    t1, t3 = sum(a for a, _ in base), sum(b for _, b in base)
    print(f"{path.name} {half}: n={n}; all stages on: top-1 {t1}, top-3 {t3}")
    print("stage off | top-1 | top-3 | top-1 won/lost | margin | verdict")
    runs = dict(STAGES)
    for name, config in [*runs.items(), (NO_ENCODER, CONFIG)]:
        if name == NO_ENCODER:
            real = embed.available
            embed.available = lambda: False  # type: ignore[assignment]
            got = ranks(config, questions)
            embed.available = real  # type: ignore[assignment]
        else:
            got = ranks(config, questions)
        won = sum(a and not b for (a, _), (b, _) in zip(got, base, strict=True))
        lost = sum(b and not a for (a, _), (b, _) in zip(got, base, strict=True))
        lost3 = sum(b and not a for (_, a), (_, b) in zip(got, base, strict=True))
        won3 = sum(a and not b for (_, a), (_, b) in zip(got, base, strict=True))
        margin = 2.0 * math.sqrt(won + lost)
        verdict = "earns its place" if lost - won > margin else "within noise"
        print(
            f"{name} | {sum(a for a, _ in got)} | {sum(b for _, b in got)} | "
            f"{won}/{lost} (top-3 {won3}/{lost3}) | {margin:.1f} | {verdict}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])

"""Make a new question set: merge the writers' files, drop repeats, split once.

    python scripts/split_questions.py N OUT.toml WRITER.toml [WRITER.toml ...]

N is the set's number: its halves are `tuneN` and `heldN`. Run once for each of the
second, third and fourth sets (all on 2026-11-24), the fifth, sixth and seventh
(2026-11-25), the eighth and the ninth (2026-11-26), each time on the files of writers who read
only the rulebook (never the search, its glossary or the earlier sets). A question is
dropped when it repeats one already kept or one of an earlier set (every file of
`QUESTION_FILES` present): the same words in near the same order (rapidfuzz ratio >= 85
on the search form). The rest of
each file are split into `tuneN` and `heldN` within each (language, kind, chapter of the
first answer), in the order of a SHA-256 of the question, alternating and starting with
the half that group's predecessor did not: deterministic, and blind to how the search
does on any question. Files are split one by one, in the order given, so a file split
once keeps its halves when a later file is added.
"""

from __future__ import annotations

import hashlib
import sys
import tomllib
from pathlib import Path

from rapidfuzz import fuzz

from gcacw_ref.text.clean import search_form
from tests.text.quality import ASKED_MORE, QUESTION_FILES

HEADERS = {
    "2": """\
# The second set of natural questions about the standard rules (seed 000), written for
# this project on 2026-11-24 by three writers who read only the rulebook: never the
# search, its glossary or thesaurus, or the first set. Written after the first set's
# held-out half had been reported twice, to give a held-out figure that no round of
# tuning has seen.
""",
    "3": """\
# The third set of natural questions about the standard rules (seed 000), written for
# this project on 2026-11-24 by three writers who read only the rulebook: never the
# search, its glossary, thesaurus or cards, or the earlier sets. Written after the held-out
# halves of the first two sets had been reported several times each, to give once more a
# held-out figure that no round of tuning has seen. Smaller than the first two (about 90
# English and 60 Japanese questions): it adds fresh English questions where the English
# figure fell short.
""",
    "4": """\
# The fourth set of natural questions about the standard rules (seed 000), written for
# this project on 2026-11-24 by three writers who read only the rulebook (never the
# search, its glossary, thesaurus or cards, or the earlier sets), after the third set had
# been split and tuning on its first half had begun: 100 English questions (one writer
# asking in the words players bring from other wargames, one asking about edge cases and
# game-specific exceptions) and 50 Japanese (spoken, some in dialect).
""",
    "5": """\
# The fifth set of natural questions about the standard rules (seed 000), written for
# this project on 2026-11-25 by three writers who read only the rulebook text of their
# chapters (2-5, 6-7.5, 7.6-12 with set-up, balance and the retreat tables), never the
# search, its glossary, thesaurus, cards or asks, or the earlier sets; written after the
# asks (gcacw_ref/text/asks.py) and before any tuning with them, to measure them: 138
# English questions (about two thirds in everyday words, in many voices) and 62 Japanese.
""",
    "6": """\
# The sixth set of natural questions about the standard rules (seed 000), written for
# this project on 2026-11-25 by three more writers who read only the rulebook text of
# their chapters (never the search, its glossary, thesaurus, cards or asks, or the earlier
# sets), asked as players mid-game in their own words, in plain, polite and regional
# Japanese and in native and second-language English; written while the fifth set was
# still unmeasured, as a second fresh measure of the asks.
""",
    "7": """\
# The seventh set of natural questions about the standard rules (seed 000), written for
# this project on 2026-11-25 by a writer who read only the rulebook (never the search, its
# glossary, thesaurus, cards or asks, or the earlier sets), in table talk (casual and
# regional Japanese, native and second-language English), weighted towards questions
# whose governing rule is not the section that defines the state or term asked about;
# the first answer is the governing one. The unnumbered chapters the writer cited by
# their printed headings were given their ids (setup, balance, retreat-tables) before the
# split. Written for round 9 (issue 29), split before any tuning of that round.
""",
    "8": """\
# The eighth set of natural questions about the standard rules (seed 000), written for
# this project on 2026-11-26 by two writers who read only the rulebook text of their
# chapters (intro and 2.0-7.4; 7.5-12.0 with set-up, balance and the retreat tables), never
# the search, its glossary, thesaurus, cards or asks, or the earlier sets: 100 Japanese and
# 100 English questions in table talk, weighted towards questions that name a word of
# another chapter while the answer is elsewhere. Written and split at the start of round 12
# (issue 29), before any tuning of that round, as a measure no round has tuned on.
""",
    "9": """\
# The ninth set of natural questions about the standard rules (seed 000), written for
# this project on 2026-11-26 by two fresh writers who read only the rulebook text of their
# chapters (intro and 2.0-7.4; 7.5-12.0 with set-up, balance and the retreat tables), never
# the search, its data or the earlier sets, with the brief of the eighth set: 100 Japanese
# and 100 English questions. Written and split at the start of round 13 (issue 29), before
# any work of that round touched the search.
""",
    "10": """\
# The tenth set of natural questions about the standard rules (seed 000), written for
# this project on 2026-11-26 by two fresh writers who read only the rulebook text of their
# chapters (intro and 2.0-7.4; 7.5-12.0 with set-up, balance and the retreat tables), never
# the search, its data or the earlier sets, with the brief of the eighth and ninth sets: 100
# Japanese and 100 English questions. Written and split at the start of round 14 (issue 29),
# before any work of that round touched the search.
""",
    "11": """\
# The eleventh set of natural questions about the standard rules (seed 000): Japanese only.
# Written for this project on 2026-11-26 (round 14, issue 29) by eight fresh writers, two
# for each quarter of the chapters, who read only the rulebook text of their quarter (never
# the search, its data or any question set), with the question writers' brief asking for
# Japanese only and for half the questions to tell the moment of play first. Written as more
# asked lines; as lines they gained nothing (docs/search-changelog.md, round 14), so they became the
# largest fresh measure of Japanese questions instead: measured once as they came (totals
# only), then split once, before any change of the search.
""",
}
# the printed headings of the unnumbered chapters, as a writer may cite them -> their ids
HEADING_IDS = {
    "セットアップの変換": "setup",
    "シナリオのバランス調整": "balance",
    "退 却 表": "retreat-tables",
    "退却表": "retreat-tables",
}
BODY = """#
# Each answer (`sections`) was decided by reading the rulebook, never by running the
# search; `kind` is "term" (the rulebook's own words) or "paraphrase" (everyday ones).
# `half` was assigned once by scripts/split_questions.py (repeats of other questions
# dropped, then alternating within each language, kind and chapter in SHA-256 order) and
# is never changed: ranking is tuned on "tune{n}" only; "held{n}" measures it.
"""


def _chapter(section: str) -> str:
    return section.split(".")[0]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def merge(files: list[Path], earlier: list[Path]) -> list[list[dict]]:
    """Each writer's questions (files in the order given), without repeats of a question
    kept before (from an earlier file, or an earlier set)."""
    seen = [
        search_form(q["q"])
        for path in earlier
        for q in tomllib.loads(path.read_text(encoding="utf-8"))["question"]
    ]
    batches = []
    for f in files:
        kept = []
        for q in tomllib.loads(f.read_text(encoding="utf-8"))["question"]:
            q["sections"] = [HEADING_IDS.get(s, s) for s in q["sections"]]
            form = search_form(q["q"])
            if any(fuzz.ratio(form, s) >= 85 for s in seen):
                print(f"repeat, dropped: {q['q']}", file=sys.stderr)
                continue
            seen.append(form)
            kept.append(q)
        batches.append(kept)
    return batches


def split(questions: list[dict], n: str) -> list[dict]:
    groups: dict[tuple[str, str, str], list[dict]] = {}
    for q in questions:
        groups.setdefault((q["lang"], q["kind"], _chapter(q["sections"][0])), []).append(q)
    first = 0
    for key in sorted(groups):
        members = sorted(groups[key], key=lambda q: _digest(q["q"]))
        for i, q in enumerate(members):
            q["half"] = (f"tune{n}", f"held{n}")[(i + first) % 2]
        first = (first + len(members)) % 2
    return questions


def dump(questions: list[dict], n: str) -> str:
    out = [HEADERS[n] + BODY.format(n=n)]
    for q in questions:
        secs = ", ".join(f'"{s}"' for s in q["sections"])
        text = q["q"].replace("\\", "\\\\").replace('"', '\\"')
        out.append(
            f'[[question]]\nq = "{text}"\nlang = "{q["lang"]}"\nkind = "{q["kind"]}"\n'
            f'sections = [{secs}]\nhalf = "{q["half"]}"\n'
        )
    return "\n".join(out)


def main(argv: list[str]) -> None:
    n, out, *files = argv
    earlier = [p for p in QUESTION_FILES[: int(n) - 1] if p.exists()]
    if int(n) >= 11:  # from round 14: never a near-repeat of an asked line either
        earlier.append(ASKED_MORE)
    # each writer's file is split on its own (files arrived at different times; a file
    # split once keeps its halves when later files are added after it)
    batches = merge([Path(f) for f in files], earlier)
    questions = [q for batch in batches for q in split(batch, n)]
    Path(out).write_text(dump(questions, n), encoding="utf-8")
    counts: dict[tuple[str, str], int] = {}
    for q in questions:
        counts[(q["lang"], q["half"])] = counts.get((q["lang"], q["half"]), 0) + 1
    print(len(questions), "questions", sorted(counts.items()))


if __name__ == "__main__":
    main(sys.argv[1:])

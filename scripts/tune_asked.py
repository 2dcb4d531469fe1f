"""The asked lines (`asked_lines.toml`: the tuning halves' Japanese questions as lines of the
encoder), measured by leave-one-set-out: each tuning set is ranked with the lines of the
other sets only, so no question meets its own line.

    python scripts/tune_asked.py REC.pkl LANGS [more=FILE.toml,...] [module.CONST=v,v ...]

REC.pkl is `tune_offline.py record`'s (made without the asked lines). LANGS is `ja` (as
shipped), `ja,en`, or `none` (no asked lines: the search before round 13). The grid of
constants is scored the same way, then cross-validated (each set scored with the choice
best on the others), as `tune_offline.py cv` does. `more=` adds question files of extra
writers (the question sets' format) to the lines of every fold, in LANGS: what ships is
`ja more=data/asked_more.toml` (round 13, docs/search-changelog.md).
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path
from typing import Any

import tune_offline as t
from tune_eval import TUNING

from gcacw_ref.text.asks import ASKS_FILE
from tests.text.quality import load_questions, toml_string


def lines_file(questions: list[dict[str, Any]], langs: list[str], held: str, out: Path) -> Path:
    """An asks file: the shipped asks, then the tuning questions in `langs` of every set
    but `held`, each a line of its first answer (only the encoder's lines read it here)."""
    by_rule: dict[str, list[str]] = {}
    for q in questions:
        if q["lang"] in langs and q["half"] != held:
            by_rule.setdefault(q["sections"][0], []).append(q["q"])
    body = ASKS_FILE.read_text(encoding="utf-8")
    for rule, lines in by_rule.items():
        quoted = ", ".join(map(toml_string, lines))
        body += f"\n[[asks]]\nrule = {toml_string(rule)}\nja = [{quoted}]\n"
    path = out / f"asked-without-{held}-{'-'.join(langs)}.toml"
    path.write_text(body, encoding="utf-8")
    return path


def main(argv: list[str]) -> None:
    rec, langs_arg, *rest = argv
    path = Path(rec)
    data = pickle.loads(path.read_bytes())
    rows, where = data["rows"], data["where"]
    langs = langs_arg.split(",")
    more = [Path(f) for a in rest if a.startswith("more=") for f in a[5:].split(",")]
    axes = dict(t._axis(a) for a in rest if not a.startswith("more="))
    choices = t.grid(t.Choice(), axes) if axes else [t.Choice()]
    questions = [q for q in load_questions() if q["half"] in TUNING]
    questions += [{**q, "half": "more"} for q in load_questions(tuple(more))]
    v0 = t.Variant.load(ASKS_FILE, path)
    results: dict[t.Choice, list[tuple[bool, bool]]] = {c: [] for c in choices}
    got_at: dict[t.Choice, dict[int, tuple[bool, bool]]] = {c: {} for c in choices}
    for held in t.SETS:
        idx = [i for i, r in enumerate(rows) if r["half"] == held]
        sub = [rows[i] for i in idx]
        v = v0
        if langs != ["none"]:
            file = lines_file(questions, langs, held, path.parent)
            vn = t.Variant.load(file, path)
            v = t.Variant(v0.asks_lines, v0.asks_postings, vn.sem_lines, vn.sem_vectors)
        prep = t.prepare(sub, v)
        for c in choices:
            for i, g in zip(idx, t.replay(sub, where, c, prep, v), strict=True):
                got_at[c][i] = g
    for c in choices:
        results[c] = [got_at[c][i] for i in range(len(rows))]
    t.report(rows, results)


if __name__ == "__main__":
    main(sys.argv[1:])

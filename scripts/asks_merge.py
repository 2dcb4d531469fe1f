"""Merge the asks writers' files into `gcacw_ref/text/asks.toml`.

    python scripts/asks_merge.py OUT.toml WRITER.txt [WRITER.txt ...]

Each writer was given the rulebook text of a run of sections (nothing else: not the
search, its glossary, cards or any question set) and wrote, for every rule, lines in this
form:

    @ 7.6#退却の優先順位
    en: which way do I have to fall back?
    words: fall back, give ground, ...
    ja: どっちに下がるか決まってるの？

A rule id the standard rules do not have is reported and dropped (the cards list every
id). Lines are kept as written, in file order; a repeated line is kept once.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

CARDS = Path(__file__).resolve().parents[1] / "gcacw_ref" / "text" / "cards.toml"
HEADER = """\
# The ways players ask about each rule of the standard rules: questions, fragments and
# other words for its ideas, in many voices, one per line: players describing a moment of
# play in everyday words. Written for gcacw_ref on 2026-11-25 by five writers, each given
# only the rulebook text of their sections (never the search, its glossary or cards, or
# any question set); merged by scripts/asks_merge.py. See gcacw_ref/text/asks.py.
"""


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def parse(text: str) -> dict[str, dict[str, list[str]]]:
    """rule -> {"en": [...], "ja": [...]} from one writer's file."""
    out: dict[str, dict[str, list[str]]] = {}
    rule: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("@"):
            rule = line[1:].strip()
            out.setdefault(rule, {"en": [], "ja": []})
            continue
        key, sep, body = line.partition(":")
        body = body.strip()
        if rule is None or not sep or not body or key.strip() not in {"en", "words", "ja"}:
            continue
        lang = "ja" if key.strip() == "ja" else "en"
        if body not in out[rule][lang]:
            out[rule][lang].append(body)
    return out


def main(argv: list[str]) -> None:
    out_path, *files = argv
    known = [c["rule"] for c in tomllib.loads(CARDS.read_text(encoding="utf-8"))["card"]]
    merged: dict[str, dict[str, list[str]]] = {}
    for f in files:
        for rule, lines in parse(Path(f).read_text(encoding="utf-8")).items():
            if rule not in known:
                print(f"{f}: no such rule, dropped: {rule}", file=sys.stderr)
                continue
            into = merged.setdefault(rule, {"en": [], "ja": []})
            for lang in ("en", "ja"):
                into[lang].extend(x for x in lines[lang] if x not in into[lang])
    parts = [HEADER]
    for rule in (r for r in known if r in merged):
        en = ",\n  ".join(_quote(x) for x in merged[rule]["en"])
        ja = ",\n  ".join(_quote(x) for x in merged[rule]["ja"])
        parts.append(f"[[asks]]\nrule = {_quote(rule)}\nen = [\n  {en},\n]\nja = [\n  {ja},\n]\n")
    Path(out_path).write_text("\n".join(parts), encoding="utf-8")
    missing = [r for r in known if r not in merged]
    lines = sum(len(v["en"]) + len(v["ja"]) for v in merged.values())
    print(f"{len(merged)} rules, {lines} lines; no lines for {len(missing)}: {missing}")


if __name__ == "__main__":
    main(sys.argv[1:])

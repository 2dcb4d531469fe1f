"""Merge the asks writers' files into `gcacw_ref/text/asks.toml`.

    python scripts/asks_merge.py OUT.toml [--base ASKS.toml] WRITER.txt [WRITER.txt ...]

Each writer was given the rulebook text of a run of sections (nothing else: not the
search, its glossary, cards or any question set) and wrote, for every rule, lines in this
form:

    @ 7.6#退却の優先順位
    en: which way do I have to fall back?
    words: fall back, give ground, ...
    ja: どっちに下がるか決まってるの？

`--base` keeps an asks file's lines and adds the writers' after them (a later round of
writers). A rule id the standard rules do not have is reported and dropped (the cards
list every id). Lines are kept as written, in file order (control characters dropped); a
line already there, in the base or from another writer, is kept once.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

CARDS = Path(__file__).resolve().parents[1] / "gcacw_ref" / "text" / "cards.toml"
HEADER = """\
# The ways players ask about each rule of the standard rules: questions, fragments and
# other words for its ideas, in many voices, one per line: players describing a moment of
# play in everyday words. Written for gcacw_ref, each writer given only the rulebook text
# of a run of sections (never the search, its glossary or cards, or any question set):
# * 2026-11-25, five writers, from concrete moments at the table in everyday words (the
#   first lines of each rule);
# * 2026-11-26, four more writers (a quarter of the rules each, every rule id): about 12
#   English and 14 Japanese lines and a line of everyday words per rule, sub-headings as
#   many as whole sections; a moment of play pictured first, then the question as blurted
#   out, of every shape (may I, what happens, how much, when, who chooses, fragments);
#   for a rule that governs play mostly without the rule's own term; Japanese in many
#   voices (plain, polite, spoken, regional, table abbreviations, phone typos).
# Merged by scripts/asks_merge.py (a repeated line once). See gcacw_ref/text/asks.py.
"""

Lines = dict[str, dict[str, list[str]]]


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _clean(text: str) -> str:
    return "".join(ch for ch in text if ch == " " or ch.isprintable()).strip()


def parse(text: str) -> Lines:
    """rule -> {"en": [...], "ja": [...]} from one writer's file (`words:` lines are English)."""
    out: Lines = {}
    rule: str | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("@"):
            rule = line[1:].strip()
            out.setdefault(rule, {"en": [], "ja": []})
            continue
        key, sep, body = line.partition(":")
        body = _clean(body)
        if rule is None or not sep or not body or key.strip() not in {"en", "words", "ja"}:
            continue
        lang = "ja" if key.strip() == "ja" else "en"
        if body not in out[rule][lang]:
            out[rule][lang].append(body)
    return out


def read_base(path: Path) -> Lines:
    """The lines of an asks file, by rule."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out: Lines = {}
    for entry in data["asks"]:
        into = out.setdefault(entry["rule"], {"en": [], "ja": []})
        for lang in ("en", "ja"):
            into[lang].extend(x for x in entry.get(lang, []) if x not in into[lang])
    return out


def merge(base: Lines, files: list[Path], known: list[str]) -> tuple[Lines, int, int]:
    """`base` with every writer's lines added; (merged, lines added, lines repeated)."""
    merged: Lines = {r: {k: list(v) for k, v in lines.items()} for r, lines in base.items()}
    added = repeated = 0
    for f in files:
        for rule, lines in parse(f.read_text(encoding="utf-8")).items():
            if rule not in known:
                print(f"{f}: no such rule, dropped: {rule}", file=sys.stderr)
                continue
            into = merged.setdefault(rule, {"en": [], "ja": []})
            for lang in ("en", "ja"):
                for x in lines[lang]:
                    if x in into[lang]:
                        repeated += 1
                    else:
                        into[lang].append(x)
                        added += 1
    return merged, added, repeated


def render(merged: Lines, known: list[str]) -> str:
    parts = [HEADER]
    for rule in (r for r in known if r in merged):
        en = ",\n  ".join(_quote(x) for x in merged[rule]["en"])
        ja = ",\n  ".join(_quote(x) for x in merged[rule]["ja"])
        parts.append(f"[[asks]]\nrule = {_quote(rule)}\nen = [\n  {en},\n]\nja = [\n  {ja},\n]\n")
    return "\n".join(parts)


def main(argv: list[str]) -> None:
    out_path, *rest = argv
    base: Lines = {}
    if rest[:1] == ["--base"]:
        base = read_base(Path(rest[1]))
        rest = rest[2:]
    known = [c["rule"] for c in tomllib.loads(CARDS.read_text(encoding="utf-8"))["card"]]
    merged, added, repeated = merge(base, [Path(f) for f in rest], known)
    Path(out_path).write_text(render(merged, known), encoding="utf-8")
    missing = [r for r in known if r not in merged]
    lines = sum(len(v["en"]) + len(v["ja"]) for v in merged.values())
    print(
        f"{len(merged)} rules, {lines} lines ({added} added, {repeated} repeated and kept once); "
        f"no lines for {len(missing)}: {missing}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])

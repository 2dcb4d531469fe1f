"""Japanese that reads like the rulebook, held to the terminology table
(gcacw_ref/locale/terms.toml): every Japanese msgstr and every line of a Japanese game
uses the table's terms and none of their wrong variants, one plain register, no internal
ASCII value of a closed set, and a Japanese log line carries every figure the English
line carries."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
import unicodedata
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from gcacw_ref import i18n
from gcacw_ref.game.model.events import CLOSED_SETS
from gcacw_ref.game.model.log import piece_names, render_event, render_text
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.play.replay import play_bots
from gcacw_ref.text.importer import detect_kind, parse_sections

LOCALE = Path(i18n.__file__).resolve().parent / "locale"
TERMS = tomllib.loads((LOCALE / "terms.toml").read_text(encoding="utf-8"))
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# a fenced code block of a README, from its opening ``` line to its closing one
FENCE = re.compile(r"^```[^\n]*\n.*?^```$", re.M | re.S)
# words the closed sets use that are not internal values a player could meet in English
# (chart codes such as D and NE are printed the same way in the Japanese charts)
CLOSED_WORDS = sorted(
    {
        value
        for words in CLOSED_SETS.values()
        for value in words
        if re.fullmatch(r"[a-z][a-z_+0-9]{2,}", value)
    }
    | {"organized", "disorganized", "demoralized", "union", "confederate", "infantry"}
)
# ASCII that a Japanese game log may show: abbreviations the rulebook itself uses, chart
# result codes (fa, DR, 1Fa ...), register keys (lower-case words joined by hyphens)
LOG_ASCII_ALLOWED = re.compile(
    r"MP|VP|T[0-9]+|[0-9]*[A-Za-z]{1,3}\*?|[a-z0-9]+(?:-[a-z0-9]+)+|[0-9a-f]{64}"
)


@cache
def ja_entries() -> list[tuple[str, str]]:
    """(msgid, msgstr) for every message of the Japanese catalog (plural forms each)."""
    with open(LOCALE / "ja" / "LC_MESSAGES" / "gcacw_ref.po", "rb") as fh:
        catalog = read_po(fh, locale="ja")
    out = []
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else message.string
        out.extend((msgid, s) for s in strings)
    return out


def wrong_variants(text: str) -> list[str]:
    """`wrong variant -> the table's term` for every wrong variant found in `text`."""
    found = []
    for term in TERMS["term"]:
        for pattern in term["wrong"]:
            if re.search(pattern, text):
                found.append(f"{pattern} -> {term['ja']}")
    return found


def closed_words(text: str) -> list[str]:
    """Internal values shown as words. A value glossed in Japanese right after it
    (「none（なし）」) is a value the player types, and allowed."""
    plain = re.sub(r"\{[^}]*\}", "", text)
    return [
        w for w in CLOSED_WORDS if re.search(rf"(?<![\w./-]){re.escape(w)}(?![\w./（-])", plain)
    ]


def test_the_table_is_well_formed() -> None:
    seen = set()
    for term in TERMS["term"]:
        assert {"en", "ja", "section", "wrong"} <= set(term), term
        assert term["ja"] not in seen, term["ja"]
        seen.add(term["ja"])
        for pattern in term["wrong"]:
            re.compile(pattern)
            # a wrong variant never matches the term itself
            assert not re.search(pattern, term["ja"]), (pattern, term["ja"])


def test_every_msgid_has_a_japanese_msgstr() -> None:
    missing = [msgid for msgid, text in ja_entries() if not text.strip()]
    assert missing == []


def test_every_msgstr_uses_the_table_terms() -> None:
    bad = {msgid: wrong_variants(text) for msgid, text in ja_entries()}
    assert {k: v for k, v in bad.items() if v} == {}


def test_one_plain_register() -> None:
    polite = re.compile("|".join(TERMS["polite"]))
    assert [text for _id, text in ja_entries() if polite.search(text)] == []


def test_labels_do_not_end_like_sentences() -> None:
    """A label (a short msgid without a closing stop) is a noun phrase: no closing 「。」."""
    labels = [
        (msgid, text)
        for msgid, text in ja_entries()
        if len(msgid.split()) <= 4 and not msgid.rstrip().endswith((".", ":", "?", "!"))
    ]
    assert len(labels) > 100
    assert [pair for pair in labels if pair[1].rstrip().endswith("。")] == []


def test_no_closed_set_value_in_a_japanese_msgstr() -> None:
    machine = tuple(TERMS["machine_text"])
    leaks = {
        msgid: closed_words(text)
        for msgid, text in ja_entries()
        if not msgid.startswith(machine) and closed_words(text)
    }
    assert leaks == {}


@cache
def harrow_game() -> Any:
    return play_bots(load_scenario("harrow"), 1, "heuristic", "heuristic")


def test_a_japanese_harrow_log_uses_the_terms_and_keeps_every_figure() -> None:
    game = harrow_game()
    names = piece_names(game.scenario, "ja")
    assert len(game.events) > 1000
    for event in game.events:
        line = render_event(event, "ja", names)
        assert JAPANESE.search(line), line
        assert wrong_variants(line) == [], line
        assert closed_words(line) == [], line
        # every figure of the English line is in the Japanese one (names left as ids)
        en, ja = render_text(event, "en", {}), render_text(event, "ja", {})
        assert Counter(re.findall(r"\d+", en)) == Counter(re.findall(r"\d+", ja)), (en, ja)


def test_every_event_message_reads_in_japanese() -> None:
    """Each kind of event of the game renders through a translated msgid."""
    game = harrow_game()
    types = {event.type for event in game.events}
    assert {"march", "move", "combat", "retreat", "initiative", "recovery"} <= types
    for event in game.events:
        assert i18n.catalog("ja").gettext(event.message()) != event.message(), event.type


def test_the_cli_plays_harrow_in_japanese_without_english_words() -> None:
    env = {**os.environ, "PYTHONPATH": str(LOCALE.parent.parent)}
    res = subprocess.run(
        [sys.executable, "-m", "gcacw_ref", "--lang", "ja", "play", "--scenario", "harrow"]
        + ["--seed", "2", "--bots", "heuristic,random"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) > 500
    stray = Counter(
        word
        for line in lines
        for word in re.findall(r"[A-Za-z0-9][A-Za-z0-9_+*-]*", line)
        if not word.isdigit()
        if not LOG_ASCII_ALLOWED.fullmatch(word)
    )
    assert stray == Counter()
    assert [line for line in lines if closed_words(line)] == []


def test_each_rulebook_term_is_in_the_rulebook(seeds: dict[str, Path]) -> None:
    """Terms cited from a rule are written so in the Japanese rules or charts (`as_written`
    where the rulebook writes the term in a contracted list)."""
    text = seeds["gcacw"].read_text(encoding="utf-8") + seeds["charts"].read_text(encoding="utf-8")
    cited = [t for t in TERMS["term"] if re.match(r"\d", t["section"])]
    assert len(cited) > 30
    assert [t["ja"] for t in cited if t.get("as_written", t["ja"]) not in text] == []


def _squeezed(text: str) -> str:
    """NFKC without spaces or emphasis marks (the rulebook writes 敵軍 *ZOC*)."""
    return re.sub(r"[\s*]", "", unicodedata.normalize("NFKC", text))


def test_each_cited_section_uses_the_term(seeds: dict[str, Path]) -> None:
    """Every rule number a term cites is a section of the Japanese rules that writes the
    term (a review found 14 of 54 pointing at the wrong rule)."""
    book = seeds["gcacw"].read_text(encoding="utf-8")
    _, sections = parse_sections(book, detect_kind(book))
    by_number: dict[str, str] = {}
    for section in sections:
        if section.number:
            by_number[section.number] = by_number.get(section.number, "") + _squeezed(
                section.title + section.text
            )
    wrong = []
    for term in TERMS["term"]:
        words = {_squeezed(term["ja"]), _squeezed(term.get("as_written", term["ja"]))}
        for number in re.findall(r"\d+\.\d+", term["section"].split("(")[0]):
            if not any(word in by_number.get(number, "") for word in words):
                wrong.append((term["ja"], number))
    assert wrong == []


def _japanese_of(data: object) -> list[str]:
    """Every string under a `ja`, `*_ja` or `title_ja` key of a TOML document."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, str) and (key == "ja" or key.endswith("_ja")):
                found.append(value)
            else:
                found.extend(_japanese_of(value))
    elif isinstance(data, list):
        for value in data:
            found.extend(_japanese_of(value))
    return found


def _help_pages_in_japanese() -> list[str]:
    """`--help` of every command and calculator as a Japanese player reads it."""
    commands = [
        ["--help"],
        ["search", "--help"],
        ["rule", "--help"],
        ["books", "import", "--help"],
        ["play", "--help"],
        ["replay", "--help"],
        ["game", "--help"],
        ["serve", "--help"],
        ["scenario", "check", "--help"],
        ["bench", "--help"],
        *[
            ["calc", name, "--help"]
            for name in ("odds", "combat", "artillery", "flank", "march", "retreat", "move")
        ],
    ]
    pages = []
    for args in commands:
        res = subprocess.run(
            [sys.executable, "-m", "gcacw_ref", "--lang", "ja", *args],
            capture_output=True,
            text=True,
            env={**os.environ, "COLUMNS": "200"},
        )
        pages.append(res.stdout + res.stderr)
    return pages


def _japanese_readme_prose(readme: Path) -> str:
    """README.ja.md without the code blocks it shares verbatim with README.md: those are
    the English README's commands and comments (held together by test_readme_ja.py), not
    Japanese text; a block of its own (Japanese in it) is still checked."""
    text = readme.read_text(encoding="utf-8")
    english = readme.with_name("README.md")
    shared = set(FENCE.findall(english.read_text(encoding="utf-8"))) if english.is_file() else set()
    return FENCE.sub(lambda m: "" if m.group(0) in shared else m.group(0), text)


def japanese_sources() -> dict[str, list[str]]:
    """Each source a Japanese player reads beside the catalog, as its texts."""
    root = Path(i18n.__file__).resolve().parent
    register = Path(root.parent / "tables" / "register")
    if not register.is_dir():
        register = root / "_tables" / "register"
    readme = root.parent / "README.ja.md"
    return {
        "reference.toml": _japanese_of(
            tomllib.loads((root / "reference.toml").read_text(encoding="utf-8"))
        ),
        "register": [
            text
            for path in sorted(register.glob("*.toml"))
            for text in _japanese_of(tomllib.loads(path.read_text(encoding="utf-8")))
        ],
        "README.ja.md": [_japanese_readme_prose(readme)] if readme.is_file() else [],
        "--help": _help_pages_in_japanese(),
    }


@pytest.mark.parametrize("source", ["reference.toml", "register", "README.ja.md", "--help"])
def test_every_japanese_source_uses_the_table_terms(source: str) -> None:
    """Beyond the catalog: the quick reference, the register's Japanese, README.ja.md and
    every --help speak the table's terms (a review found 敵 ZOC, 地物 and クリーク there)."""
    texts = japanese_sources()[source]
    assert texts and all(JAPANESE.search(t) for t in texts[:1])
    bad = {t[:60]: wrong_variants(t) for t in texts if wrong_variants(t)}
    assert bad == {}


# ASCII a Japanese screen may show: game codes, MP/VP/ZOC, historical leaders as the
# rulebook writes them, chart codes and notation (1Dr, a1, t2), unit and hex ids, flags
# and metavariables of the command line, file names and book ids
SCREEN_ASCII_ALLOWED = re.compile(
    r"(?:SJW|HCR|RTG|SIV|SLB|OTR|GTC|MP|VP|ZOC|Lee|Longstreet|Hooker|McCall|NE|CHOICE|UNITS"
    r"|FILE|NAME|HEXES|ATTACKER|DEFENDER|KIND|PATH|ID|QUERY|NUMBER|SAVE|json|gcacw|wftu"
    r"|brandywine|example|harrow|training|enter|tab|shift|ctrl|alt|space|left|right|up|down"
    r"|home|end|escape|TUI|Chromium|[0-9]*[A-Za-z]{1,2}[0-9]*\*?)"
)
CALCULATOR_CASES = [
    ["odds", "17", "9"],
    ["combat", "--attackers", "8 a1 t2, 6 a1 t1, 3 a1", "--defenders", "9", "--terrain", "woods"],
    ["artillery", "5", "2", "--terrain", "clear"],
    ["flank", "9", "--hexes", "a, a s3, zz, i, d, -"],
    ["march", "--side", "union", "--strength", "6", "--fatigue-before", "2", "--exhausted"],
    ["retreat", "retreat", "--hex-number", "1", "--hexes", "ar, -, -, x, -, -"],
    ["move", "--map", "example", "--side", "union", "--kind", "infantry", "--strength", "6"]
    + ["--path", "0101 0102 0201", "--mp", "8"],
]


def english_words(text: str) -> list[str]:
    """ASCII words of three letters or more that no allowed pattern covers (a flag or a
    path is the command's syntax, not a word)."""
    text = re.sub(r"gcacw-ref [a-z]+(?: [a-z]+)?|\$[A-Z_]+", "", text)  # a command, a variable
    words = re.findall(r"(?<![-/.\w])[A-Za-z][A-Za-z_']{2,}(?![\w.（])", text)
    return sorted({w for w in words if not SCREEN_ASCII_ALLOWED.fullmatch(w)})


@pytest.mark.parametrize("case", CALCULATOR_CASES, ids=[c[0] for c in CALCULATOR_CASES])
def test_a_japanese_calculator_shows_no_english_word(case: list[str]) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "gcacw_ref", "--lang", "ja", "calc", *case],
        capture_output=True,
        text=True,
        check=True,
    )
    assert english_words(res.stdout) == []


def test_the_japanese_quick_reference_shows_no_english_word() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "gcacw_ref", "--lang", "ja", "ref"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert len(res.stdout) > 2000
    assert english_words(res.stdout) == []


def test_japanese_help_describes_every_option_in_japanese() -> None:
    """The description column of every --help (flags and metavariables aside)."""
    leaks = {}
    for page in _help_pages_in_japanese():
        body = page.split("\nオプション：\n", 1)[-1]
        described = [
            re.split(r"\s{2,}", line.strip(), maxsplit=1)[-1] if line.strip()[:1] == "-" else line
            for line in body.splitlines()
        ]
        found = english_words("\n".join(described))
        if found:
            leaks[page.splitlines()[0][:60]] = found
    assert leaks == {}

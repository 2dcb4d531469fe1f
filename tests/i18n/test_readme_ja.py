"""README.ja.md says what README.md says, in the same order: the same sections (each English
heading mapped to its Japanese one), every code block verbatim and in order, every command,
flag and key. README.ja.md may end with sections of its own, after its marker comment."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = ROOT / "README.md"
JAPANESE = ROOT / "README.ja.md"
# README.ja.md's own sections (how translation works) follow this comment, at the end
OWN_SECTIONS = "<!-- README.ja.md only"

# each `##`/`###` heading of README.md, in order, and its heading in README.ja.md
HEADINGS = {
    "## Set up": "## 準備",
    "## First steps": "## はじめの一歩",
    "## Calculators at the table": "## 卓上で使う計算機",
    "## Language: Japanese or English": "## 表示の言語：日本語か英語か",
    "## The TUI": "## TUI",
    "### The game screen (`F6`, or `gcacw-ref game`)": (
        "### ゲーム画面（`F6` または `gcacw-ref game`）"
    ),
    "## Your board (`gcacw-ref board`)": "## 自分の盤面（`gcacw-ref board`）",
    "### The board tab (`F10`)": "### ボードタブ（`F10`）",
    "## On a phone or a tablet (`gcacw-ref serve`)": (
        "## スマートフォン・タブレットで使う（`gcacw-ref serve`）"
    ),
    "## Commands": "## コマンド",
    "## Where things live": "## データの置き場所",
    "## Development": "## 開発",
}

FENCE = re.compile(r"^```[^\n]*\n.*?^```$", re.M | re.S)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
HEADING = re.compile(r"^#{2,3} .*$", re.M)
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")
COMMAND = re.compile(r"gcacw-ref(?: [a-z][a-z-]*){0,2}")
KEY = re.compile(r"F[0-9]{1,2}|(?:ctrl|alt)\+\S+")


def english() -> str:
    return ENGLISH.read_text(encoding="utf-8")


def japanese() -> str:
    """README.ja.md up to its own sections."""
    return JAPANESE.read_text(encoding="utf-8").split(OWN_SECTIONS)[0]


def outside_fences(text: str) -> str:
    return FENCE.sub("", text)


def code(text: str) -> list[str]:
    """The code a README shows: its code blocks and its code spans outside them."""
    return FENCE.findall(text) + CODE_SPAN.findall(outside_fences(text))


def headings(text: str) -> list[str]:
    return HEADING.findall(outside_fences(text))


def commands(text: str) -> set[str]:
    return {c for snippet in code(text) for c in COMMAND.findall(snippet)}


def flags(text: str) -> set[str]:
    return set(FLAG.findall(text))


def keys(text: str) -> set[str]:
    return {span for span in CODE_SPAN.findall(outside_fences(text)) if KEY.fullmatch(span)}


def key_table_cells(text: str) -> list[list[str]]:
    """The code spans of the first cell of each row of the key tables, in order (a key
    table is one whose header's first cell is `keys`, `Key` or `キー`)."""
    tables: list[list[str]] = []
    in_keys = False
    for line in outside_fences(text).splitlines():
        if not line.startswith("|"):
            in_keys = False
            continue
        first = line.split("|")[1].strip()
        if first.lower() in ("keys", "key", "キー"):
            in_keys = True
            tables.append([])
        elif in_keys and not first.startswith("---"):
            tables[-1].append(" ".join(CODE_SPAN.findall(line.split(" | ")[0])))
    return tables


def test_the_extractors_find_what_readme_md_shows() -> None:
    """Hand-checked against README.md, so the comparisons below compare something."""
    text = english()
    assert headings(text)[:2] == ["## Set up", "## First steps"]
    assert {"--verify", "--lang", "--snapshot-update", "--max-sessions"} <= flags(text)
    assert {"F1", "F7", "F8", "F9", "ctrl+l", "ctrl+g", "ctrl+s", "alt+←"} <= keys(text)
    assert {"gcacw-ref replay", "gcacw-ref board check", "gcacw-ref serve"} <= commands(text)
    tables = key_table_cells(text)
    assert len(tables) == 3  # the TUI's, the game screen's, the board tab's
    assert tables[1][-1] == "n o ctrl+s"
    assert tables[2][0] == "w a s d"
    assert "F6" not in keys("`F6x` F6")


def test_the_same_sections_in_the_same_order() -> None:
    unmapped = [h for h in headings(english()) if h not in HEADINGS]
    assert unmapped == [], "add each new README.md heading and its Japanese one to HEADINGS"
    assert headings(japanese()) == [HEADINGS[h] for h in headings(english())]


def test_readme_ja_ends_with_its_own_sections_only_after_the_marker() -> None:
    full = JAPANESE.read_text(encoding="utf-8")
    assert full.count(OWN_SECTIONS) == 1
    own = full.split(OWN_SECTIONS)[1]
    assert headings(own) == ["## 翻訳の仕組み（開発者向け）"]


def test_every_code_block_verbatim_and_in_order() -> None:
    ja = japanese()
    at = 0
    for block in FENCE.findall(english()):
        found = ja.find(block, at)
        assert found >= 0, block
        at = found + len(block)


@pytest.mark.parametrize("kind", ["commands", "flags", "keys"])
def test_every_command_flag_and_key_is_mentioned(kind: str) -> None:
    extract = {"commands": commands, "flags": flags, "keys": keys}[kind]
    assert extract(english()) - extract(japanese()) == set()


def test_the_key_tables_list_the_same_keys_in_the_same_order() -> None:
    assert key_table_cells(japanese()) == key_table_cells(english())

"""Every register entry carries its topic and reading in Japanese as well as English, and
`discrepancies` shows them in the chosen language."""

from __future__ import annotations

import re
import subprocess
import sys

from gcacw_ref.rules.register import load_register
from gcacw_ref.rules.retreat import CLOSER_READING

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_every_entry_has_japanese_and_english() -> None:
    entries = load_register()
    assert entries
    for e in entries:
        assert e.topic and e.reading, e.id
        assert e.topic_ja and JAPANESE.search(e.topic_ja), e.id
        assert e.reading_ja and JAPANESE.search(e.reading_ja), e.id
        assert e.topic_in("ja") == e.topic_ja and e.topic_in("en") == e.topic


def test_discrepancies_in_both_languages() -> None:
    def run(*args: str) -> str:
        res = subprocess.run(
            [sys.executable, "-m", "gcacw_ref", *args, "discrepancies"],
            capture_output=True,
            text=True,
            check=True,
        )
        return res.stdout

    en, ja = run("--lang", "en"), run("--lang", "ja")
    ferry = next(e for e in load_register() if e.id == "ferry-penalty")
    assert ferry.topic in en and ferry.topic_ja not in en
    assert ferry.topic_ja in ja and ferry.reading_ja in ja
    assert "[conflict]" in en and "[矛盾]" in ja


def test_a_result_names_a_register_entry_by_its_japanese_topic() -> None:
    """A step citing a register entry shows the entry's Japanese topic in 「」 in Japanese
    (a review found 「記録簿 retreat-closer-measured-from」 on every cavalry retreat) and
    keeps the id in English, where the docs and `discrepancies` list it by id."""

    def run(lang: str) -> str:
        res = subprocess.run(
            [sys.executable, "-m", "gcacw_ref", "--lang", lang, "calc", "retreat", "retreat"]
            + ["--hex-number", "1", "--hexes", "c, -, -, x, -, -"],
            capture_output=True,
            text=True,
            check=True,
        )
        return res.stdout

    topic = next(e.topic_ja for e in load_register() if e.id == CLOSER_READING)
    ja, en = run("ja"), run("en")
    assert f"記録簿「{topic}」" in ja and CLOSER_READING not in ja
    assert CLOSER_READING in en

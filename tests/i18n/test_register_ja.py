"""Every register entry carries its topic and reading in Japanese as well as English, and
`discrepancies` shows them in the chosen language."""

from __future__ import annotations

import re
import subprocess
import sys

from gcacw_ref.rules.register import load_register

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

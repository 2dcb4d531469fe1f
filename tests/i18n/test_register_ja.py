"""Every register entry carries its topic and reading in Japanese as well as English, and
`discrepancies` shows them in the chosen language."""

from __future__ import annotations

import re
import subprocess
import sys

from gcacw_ref.rules.register import load_register
from gcacw_ref.rules.retreat import CLOSER_READING
from tests.i18n.test_terminology import english_words

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


FIELDS = ("rules_text", "charts", "why")
# English the Japanese rulebook itself prints on its pages: leaders, a magazine, a game's
# title, and the chart code the register is about (die-modifier-oir)
RULEBOOK_ENGLISH = {"Stuart", "Imboden", "Jenkins", "Potomac", "The", "Skirmisher", "Richmond"}
RULEBOOK_ENGLISH |= {"OIR"}
FIGURE = re.compile(r"\d+(?:\.\d+)?")


def test_every_entry_has_its_sources_and_why_in_japanese() -> None:
    """rules_text, charts and why in Japanese for every entry, and the accessors pick them."""
    for e in load_register():
        for field in FIELDS:
            text = getattr(e, f"{field}_ja")
            assert text and JAPANESE.search(text), (e.id, field)
            assert getattr(e, f"{field}_in")("ja") == text
            assert getattr(e, f"{field}_in")("en") == getattr(e, field)


def test_the_japanese_keeps_every_figure_of_the_english() -> None:
    """Numbers and rule numbers of each Japanese field are those of its English field (a
    count the English spells out is spelled out in Japanese too): a cheap check that
    nothing was lost or invented in the writing."""
    differ = {}
    for e in load_register():
        for field in FIELDS:
            en = set(FIGURE.findall(getattr(e, field)))
            ja = set(FIGURE.findall(getattr(e, f"{field}_ja") or ""))
            if en != ja:
                differ[(e.id, field)] = (sorted(en - ja), sorted(ja - en))
    assert differ == {}


def test_japanese_discrepancies_show_no_english_sentence() -> None:
    """`--lang ja discrepancies` is Japanese throughout: no "details in English" line, no
    English word beyond register ids (the key a player looks an entry up by), game codes
    and the chart's own codes."""
    res = subprocess.run(
        [sys.executable, "-m", "gcacw_ref", "--lang", "ja", "discrepancies"],
        capture_output=True,
        text=True,
        check=True,
    )
    entries = load_register()
    text = res.stdout
    for e in sorted(entries, key=lambda e: -len(e.id)):
        text = text.replace(e.id, "")
    assert "英語" not in text
    for e in entries:
        assert e.why_ja and e.why_ja in res.stdout
    assert [w for w in english_words(text) if w not in RULEBOOK_ENGLISH] == []


def test_japanese_text_cites_an_entry_by_its_title_not_its_id() -> None:
    """An entry mentioned inside another's Japanese is named by its Japanese title."""
    entries = load_register()
    ids = [e.id for e in entries]
    cited = {
        (e.id, field): [i for i in ids if i in (getattr(e, f"{field}_ja") or "")]
        for e in entries
        for field in (*FIELDS, "topic", "reading")
    }
    assert {k: v for k, v in cited.items() if v} == {}
    game_gap = next(e for e in entries if e.id == "game-extended-march-gap")
    column = next(e for e in entries if e.id == "extended-march-missing-column")
    assert f"「{column.topic_ja}」" in (game_gap.charts_ja or "")


def test_english_discrepancies_keep_the_english_fields() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "gcacw_ref", "--lang", "en", "discrepancies"],
        capture_output=True,
        text=True,
        check=True,
    )
    for e in load_register():
        assert e.rules_text in res.stdout and e.why in res.stdout, e.id
        assert e.why_ja and e.why_ja not in res.stdout

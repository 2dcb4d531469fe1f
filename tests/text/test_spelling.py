"""Questions that differ only in how they are written rank alike (`spelling.py`).

A property test over the question sets: each question is respelt (contractions, "?" and
other punctuation, letter case, full-width or half-width characters, a polite or plain
Japanese ending) and must read as the same text, and so rank the same."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gcacw_ref.text.asks import ASKED_FILE, ASKS_FILE, AsksFile
from gcacw_ref.text.cards import read_data
from gcacw_ref.text.library import Library
from gcacw_ref.text.spelling import canonical
from tests.text.quality import load_questions

QUESTIONS = [q["q"] for q in load_questions()]
JAPANESE = [q for q in QUESTIONS if not q.isascii()]
ENGLISH = [q for q in QUESTIONS if q.isascii()]

# half-width katakana, from the characters NFKC folds into one full-width one
_HALF = {
    unicodedata.normalize("NFKC", chr(c)): chr(c)
    for c in range(0xFF66, 0xFF9E)
    if len(unicodedata.normalize("NFKC", chr(c))) == 1
}
_CONTRACT = [
    ("can not", "can't"),
    ("cannot", "can't"),
    ("can't", "cannot"),
    ("do not", "don't"),
    ("does not", "doesn't"),
    ("don't", "do not"),
    ("is not", "isn't"),
    ("what is", "what's"),
    ("it is", "it's"),
    ("i am", "I'm"),
]
# a plain ending and its polite forms (the sets' questions end in these)
_POLITE = [
    ("できる", ["できますか", "できます", "できますでしょうか"]),
    ("できない", ["できませんか", "できません"]),
    ("ある", ["ありますか", "あります"]),
    ("ない", ["ありませんか", "ありません"]),
    ("いる", ["いますか"]),
    ("なる", ["なりますか", "なります", "なるんですか", "なるのですか"]),
    ("える", ["えますか", "えます"]),
    ("使う", ["使いますか"]),
    ("残る", ["残りますか"]),
    ("受ける", ["受けますか"]),
]


def _full_width(text: str, which: list[bool]) -> str:
    return "".join(
        chr(ord(c) + 0xFEE0) if "!" <= c <= "~" and w else c
        for c, w in zip(text, which + [False] * len(text), strict=False)
    )


def _respell(q: str, data: st.DataObject) -> str:
    steps = data.draw(
        st.lists(
            st.sampled_from(["mark", "case", "wide", "half", "contract", "comma", "polite"]),
            max_size=4,
        )
    )
    for step in steps:
        if step == "mark":
            q = q.rstrip("?？!！") + data.draw(st.sampled_from(["", "?", "？", "!", "??", " ?"]))
        elif step == "case":
            q = data.draw(st.sampled_from([q.upper(), q.lower(), q.swapcase(), q.title()]))
        elif step == "wide":
            q = _full_width(q, data.draw(st.lists(st.booleans(), max_size=len(q))))
        elif step == "half":
            q = "".join(_HALF.get(c, c) for c in q)
        elif step == "contract":
            for plain, short in _CONTRACT:
                if re.search(rf"\b{re.escape(plain)}\b", q, re.IGNORECASE):
                    q = re.sub(rf"\b{re.escape(plain)}\b", short, q, count=1, flags=re.I)
                    break
        elif step == "comma":
            if q.isascii() and " " in q:
                q = q.replace(" ", ", ", 1)
            else:
                q = re.sub(r"([はがでを])(?=[\u4e00-\u9fff\u30a0-\u30ff])", r"\1、", q, count=1)
        elif step == "polite":
            core = q.rstrip("?？!！ ")
            for plain, polite in _POLITE:
                if core.endswith(plain) and len(core) > len(plain):
                    form = data.draw(st.sampled_from(polite))
                    mark = data.draw(st.sampled_from(["", "？", "?"]))
                    q = core[: -len(plain)] + form + mark
                    break
    return q


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(QUESTIONS), st.data())
def test_a_respelt_question_reads_the_same(q: str, data: st.DataObject) -> None:
    assert canonical(_respell(q, data)) == canonical(q)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(JAPANESE), st.data())
def test_a_polite_japanese_question_reads_as_the_plain_one(q: str, data: st.DataObject) -> None:
    plain = q.rstrip("?？!！ ")
    for ending, polite in _POLITE:
        if plain.endswith(ending) and len(plain) > len(ending):
            respelt = plain[: -len(ending)] + data.draw(st.sampled_from(polite)) + "？"
            assert canonical(respelt) == canonical(plain + "？") == canonical(plain)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Can't artillery attack alone?", "cannot artillery attack alone"),
        ("CAN ARTILLERY ATTACK ALONE", "can artillery attack alone?"),
        ("ＣＡＮ ＡＲＴＩＬＬＥＲＹ ＡＴＴＡＣＫ ＡＬＯＮＥ？", "Can artillery attack alone?"),
        ("what's a zoc?", "What is a ZOC"),
        ("砲兵は単独で攻撃できますか？", "砲兵は単独で攻撃できる？"),
        ("砲兵は、単独で攻撃できるの？", "砲兵は単独で攻撃できる"),
        ("ｶﾞﾝﾎﾞｰﾄは移動しますか", "ガンボートは移動する？"),
        ("退却しなければなりませんか", "退却しなければならない"),
    ],
)
def test_respellings_read_alike(a: str, b: str) -> None:
    assert canonical(a) == canonical(b)


def test_what_the_one_spelling_keeps() -> None:
    assert canonical("7.4?") == "7.4"  # a rule number's point
    assert canonical("unit's MP") == "Unit's MP"  # a possessive
    assert canonical("flank-attack bonus") == "Flank-attack bonus"
    assert canonical("？？？") == ""
    assert canonical("退却できへん？") == "退却できへん"  # a regional negative stays negative


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Can't artillery attack on its own during a march?",
            "cannot ARTILLERY attack on its own during a march",
        ),
        ("行軍中の砲兵は攻撃できますか？", "行軍中の砲兵は、攻撃できる"),
        ("ＺＯＣから出るのにＭＰはいくつかかりますか？", "ZOCから出るのにMPはいくつかかる?"),
    ],
)
def test_respellings_rank_alike(library: Library, a: str, b: str) -> None:
    first = [(h.book, h.ref, h.score) for h in library.search(a, limit=10)]
    assert first and first == [(h.book, h.ref, h.score) for h in library.search(b, limit=10)]


MORE_LINES = Path(__file__).resolve().parents[2] / "scripts" / "data" / "asks_more.toml"
WORDS = st.text(
    st.sampled_from(
        "abcdefgmnorstyzABCZ0179 ?？、。ーあかがきすてでのはよりアカタンユ退却騎兵戦闘"
    ),
    max_size=40,
)


@settings(max_examples=500, deadline=None)
@given(WORDS)
def test_the_one_spelling_is_its_own_spelling(text: str) -> None:
    """The search makes a query's one spelling once and every stage reads it (the trained
    ranker's characters too, which it was trained on): spelling it again changes nothing
    for a player's words (not for every string: "0/_" loses its "/" only the second time)."""
    once = canonical(text)
    assert canonical(once) == once


def test_every_question_and_line_is_spelt_once() -> None:
    texts = [q["q"] for q in load_questions()]
    for path in (ASKS_FILE, ASKED_FILE, MORE_LINES):
        for entry in read_data(path, AsksFile, "asks").asks:
            texts += entry.ja + entry.en
    assert len(texts) > 10_000
    assert [t for t in texts if canonical(canonical(t)) != canonical(t)] == []

"""The asked lines (`asked_lines.toml`): the tuning halves' Japanese questions as encoder lines."""

from __future__ import annotations

import tomllib

from gcacw_ref.text import semantic
from gcacw_ref.text.asks import ASKED_FILE, ASKS_FILE, AsksFile
from gcacw_ref.text.cards import read_data
from gcacw_ref.text.clean import search_form
from tests.text.quality import ASKED_MORE, TUNING, asked_toml, load_questions


def test_the_file_is_what_the_tuning_halves_make() -> None:
    """scripts/asked_lines.py was run after the last change to a question set."""
    want = asked_toml(load_questions(), load_questions((ASKED_MORE,)))
    assert ASKED_FILE.read_text(encoding="utf-8") == want


def test_no_held_out_question_is_a_line() -> None:
    lines = {search_form(x) for a in read_data(ASKED_FILE, AsksFile, "asks").asks for x in a.ja}
    held = [q for q in load_questions() if q["half"] not in TUNING]
    assert held and not [q["q"] for q in held if search_form(q["q"]) in lines]
    tuned = [q for q in load_questions() if q["half"] in TUNING and q["lang"] == "ja"]
    more = [q for q in load_questions((ASKED_MORE,)) if q["lang"] == "ja"]
    assert len(lines) == len({search_form(q["q"]) for q in tuned + more})  # every one of them


def test_every_line_names_a_rule_of_the_asks_and_is_read_by_the_encoder() -> None:
    asks = {a["rule"] for a in tomllib.loads(ASKS_FILE.read_text(encoding="utf-8"))["asks"]}
    asked = read_data(ASKED_FILE, AsksFile, "asks").asks
    assert asked and {a.rule for a in asked} <= asks
    assert all(not a.en and a.ja for a in asked)
    rules, texts = semantic._line_texts()
    assert texts[-len(asked[-1].ja) :] == asked[-1].ja and rules[-1] == asked[-1].rule


def test_asked_toml_groups_by_the_first_answer_and_escapes() -> None:
    questions = [
        {"q": 'Is "x" a \\ line?', "lang": "ja", "half": "tune", "sections": ["7.6", "7.7"]},
        {"q": "held one", "lang": "ja", "half": "held", "sections": ["7.6"]},
        {"q": "english", "lang": "en", "half": "tune", "sections": ["7.6"]},
        {"q": "二つ目", "lang": "ja", "half": "tune9", "sections": ["7.6"]},
    ]
    more = [
        {"q": "追加", "lang": "ja", "sections": ["2.4"]},
        {"q": "x", "lang": "en", "sections": ["7.6"]},
    ]
    data = tomllib.loads(asked_toml(questions, more))
    want = [{"rule": "7.6", "ja": ['Is "x" a \\ line?', "二つ目"]}, {"rule": "2.4", "ja": ["追加"]}]
    assert data == {"asks": want}

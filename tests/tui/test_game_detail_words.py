"""The detail panel says each thing once, and the log names the phase an event was in."""

from __future__ import annotations

from pydantic import TypeAdapter

from gcacw_ref.game.model.events import Event
from gcacw_ref.game.play.api import initial_state, load_scenario
from gcacw_ref.i18n import set_language
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game.detail import dice_words, event_detail

EVENT: TypeAdapter[Event] = TypeAdapter(Event)


def test_an_initiative_roll_names_its_dice_once() -> None:
    state = initial_state(load_scenario("harrow"), 1)
    dice = {"union": 6, "confederate": 1}
    fields = {"type": "initiative", "rule": "4.2", "turn": 1, "dice": dice, "winner": "union"}
    event = EVENT.validate_python(fields)
    text = event_detail(event, "action_cycle", None, state, 1, 3).plain
    assert text.count("Union 6, Confederate 1") == 1, text


def test_a_flooded_unit_surrenders_in_the_random_events() -> None:
    events = [
        {"type": "rain", "rule": "12.0", "turn": 1},
        {"type": "surrender", "rule": "12.0", "turn": 1, "unit": "c-F-1", "hex": "1924"},
    ]
    assert D.event_phases(events, "random_event") == ["random_event", "random_event"]
    combat = [{"type": "combat", "rule": "7.5"}, {"type": "surrender", "rule": "7.6"}]
    assert D.event_phases(combat, "action_cycle") == ["action_cycle", "action_cycle"]


def test_an_initiative_roll_names_its_dice_once_in_japanese() -> None:
    state = initial_state(load_scenario("harrow"), 1)
    dice = {"union": 1, "confederate": 4}
    fields = {"type": "initiative", "rule": "4.2", "turn": 1, "dice": dice, "winner": "confederate"}
    set_language("ja")
    try:
        text = event_detail(EVENT.validate_python(fields), "action_cycle", None, state, 1, 3).plain
    finally:
        set_language("en")
    assert text.count("ダイス") == 1, text


def test_whose_die_reads_with_japanese_brackets() -> None:
    state = initial_state(load_scenario("harrow"), 1)
    event = {"dice": {"attacker": 5, "defender": 1}, "attackers": ["u-I-2"], "defenders": ["c-F-1"]}
    set_language("ja")
    try:
        words = dice_words(event, state)  # type: ignore[arg-type]
    finally:
        set_language("en")
    assert words == "攻撃側 5（北軍）、防御側 1（南軍）"
    assert dice_words(event, state) == "attacker 5 (Union), defender 1 (Confederate)"  # type: ignore[arg-type]

"""Japanese names on the game screen: the scenario's title and its units' and leaders'
`name_ja` in Japanese mode, the English names otherwise or where none is given."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gcacw_ref import i18n
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.scenario import Scenario, board_for
from gcacw_ref.game.play.api import initial_state, load_scenario
from gcacw_ref.tui.game import describe as D


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_every_unit_and_leader_of_the_shipped_scenarios_has_a_japanese_name() -> None:
    for sid in ("training", "harrow"):
        scen = load_scenario(sid)
        assert scen.scenario.name_ja
        missing = [x.id for x in [*scen.units, *scen.leaders] if not x.name_ja]
        assert missing == [], sid


def test_names_follow_the_language() -> None:
    state = initial_state(load_scenario("training"), 1)
    i18n.set_language("en")
    assert D.scenario_title(state.scenario) == "Little Ash crossing (training)"
    assert D.name_of(state, "u-2-I", "Barker (2/I)") == "Barker (2/I)"
    i18n.set_language("ja")
    assert D.scenario_title(state.scenario) == "リトル・アッシュ渡河戦（練習用）"
    assert D.name_of(state, "u-2-I", "Barker (2/I)") == "バーカー（第1軍団第2師団）"
    assert D.name_of(state, "l-harlan", "Harlan (army)") == "ハーラン（軍司令官）"
    move = Action(type="transfer", leader="l-harlan", unit="u-2-I")
    assert "ハーラン（軍司令官） → バーカー（第1軍団第2師団）" in D.action_words(move, state)
    shown = D.hex_words("0305", board_for(state.scenario), state, {}).plain
    assert "アボット（第1軍団第1師団）" in shown and "ハーラン（軍司令官）" in shown


def test_english_fallback_where_no_japanese_name_is_given() -> None:
    scen = load_scenario("training")
    data = scen.model_dump(mode="json")
    data["units"][0].pop("name_ja")
    data["scenario"]["name_ja"] = ""
    bare = initial_state(Scenario.model_validate(data), 1)
    i18n.set_language("ja")
    assert D.name_of(bare, "u-1-I", "Abbott (1/I)") == "Abbott (1/I)"
    assert D.scenario_title(bare.scenario) == "Little Ash crossing (training)"


def test_an_empty_japanese_name_is_left_out_of_the_json() -> None:
    """Saves and state hashes written before `name_ja` existed stay the same."""
    scen = load_scenario("training")
    data = scen.model_dump(mode="json")
    assert data["units"][0]["name_ja"] == "アボット（第1軍団第1師団）"
    data["units"][0]["name_ja"] = ""
    again = Scenario.model_validate(data).model_dump(mode="json")
    assert "name_ja" not in again["units"][0]
    assert "name_ja" in again["units"][1]


def test_place_names_follow_the_language() -> None:
    """Every named hex of the shipped maps has a Japanese name, shown in Japanese mode."""
    for sid in ("training", "harrow"):
        hexmap = board_for(load_scenario(sid))
        assert hexmap.hex_names and set(hexmap.hex_names_ja) == set(hexmap.hex_names)
        assert all(not n.isascii() for n in hexmap.hex_names_ja.values()), sid
    state = initial_state(load_scenario("training"), 1)
    hexmap = board_for(state.scenario)
    move = Action(type="move", unit="u-2-I", hex="0305")
    i18n.set_language("en")
    assert hexmap.label("0305") == "0305 (Millford)"
    assert "0305 Millford" in D.action_words(move, state)
    i18n.set_language("ja")
    assert hexmap.label("0305", japanese=True) == "0305 (ミルフォード)"
    assert "0305 ミルフォード" in D.action_words(move, state)
    assert D.hex_words("0305", hexmap, state, {}).plain.startswith("0305 (ミルフォード)")
    assert hexmap.place_name("0101", japanese=True) == ""


def test_a_hex_without_a_japanese_name_shows_its_english_one() -> None:
    from gcacw_ref.game.model.hexmap import parse_map

    doc = {
        "map": {"id": "m", "columns": 3, "rows": 3},
        "hexes": {"0202": {"name": "Ford"}, "0303": {"name": "Hill", "name_ja": "丘"}},
    }
    hexmap = parse_map(doc, "m")
    assert hexmap.place_name("0202", japanese=True) == "Ford"
    assert hexmap.place_name("0303", japanese=True) == "丘"
    assert hexmap.place_name("0303") == "Hill"

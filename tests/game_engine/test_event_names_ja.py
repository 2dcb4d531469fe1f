"""The Japanese text of log events names units by the scenario's `name_ja` (English
`name` as the fallback); the English text keeps the English names."""

from __future__ import annotations

from gcacw_ref.game.model.log import piece_names, render_text
from gcacw_ref.game.play import api


def test_march_events_name_units_in_japanese() -> None:
    scen = api.load_scenario("training")
    ja = {u.id: u.name_ja or u.name for u in scen.units}
    en = {u.id: u.name for u in scen.units}
    game = api.play_bots(scen, 1, "heuristic", "heuristic")
    marches = [e for e in game.events if e["type"] == "march" and "unit" in e]
    assert marches
    for event in marches:
        uid = event["unit"]
        assert render_text(event, "ja", piece_names(scen, "ja")).startswith(ja[uid] + "が")
        assert render_text(event, "en", piece_names(scen, "en")).startswith(en[uid] + " ")


def test_a_unit_without_name_ja_keeps_its_english_name() -> None:
    scen = api.load_scenario("training")
    first = scen.units[0]
    bare = scen.model_copy(
        update={"units": [first.model_copy(update={"name_ja": ""}), *scen.units[1:]]}
    )
    game = api.play_bots(bare, 1, "heuristic", "heuristic")
    mine = [e for e in game.events if e.get("unit") == first.id and e["type"] == "march"]
    assert mine, "the first unit marches in this game"
    names = piece_names(bare, "ja")
    assert all(render_text(e, "ja", names).startswith(first.name + "が") for e in mine)

"""The soak (a few games here; `gcacw-ref bench --soak N` for the full one) and the
scenario grown by extra units that the units-vs-time table uses."""

from __future__ import annotations

from gcacw_ref.bench.play import _render_scaling, scaling
from gcacw_ref.bench.soak import soak
from gcacw_ref.game.model.scale import scaled_scenario
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.play.replay import play_bots


def test_scaled_scenario_adds_units_on_own_side_without_sharing_enemy_hexes() -> None:
    base = load_scenario("training")
    scen = scaled_scenario(base, 20)
    assert len(scen.units) == len(base.units) + 20
    added = scen.units[len(base.units) :]
    assert sum(1 for u in added if u.side.value == "union") == 10
    sides_by_hex: dict[str, set[str]] = {}
    for u in scen.units:
        sides_by_hex.setdefault(u.hex, set()).add(u.side.value)
    assert all(len(s) == 1 for s in sides_by_hex.values())
    assert len({u.id for u in scen.units}) == len(scen.units)
    assert scaled_scenario(base, 0) is base


def test_soak_a_few_training_games_no_errors_and_same_hash_on_replay() -> None:
    res = soak(4, seed0=7, scenarios=["training"], replays=2)
    assert res["errors"] == 0, res["first_errors"]
    assert res["hash_mismatches"] == []
    assert res["replayed"] == 2
    assert res["scenarios"]["training"]["games"] == 4
    assert res["oracle"]["violations"] == 0, res["oracle"]["examples"]
    assert res["oracle"]["checks"] > 0
    assert sum(sum(w.values()) for w in res["wins"]["training"].values()) == 4
    for t in ("initiative", "march", "turn_end", "game_end"):
        assert res["event_types"][t] >= 1


def test_retreat_event_names_the_closer_reading_where_nearer_hexes_were_refused() -> None:
    from gcacw_ref.game.model.log import render_text
    from gcacw_ref.game.play.replay import play_bots

    game = play_bots(load_scenario("training"), 1, "heuristic", "heuristic")
    cited = [e for e in game.events if e["type"] == "retreat" and "register" in e]
    assert cited, "seed 1 has a retreat where a nearer hex was refused"
    ev = cited[0]
    assert ev["register"] == ["retreat-closer-measured-from"]
    assert ev["closer_excluded"] == [
        {"from": "0706", "hexes": ["0605"]},
        {"from": "0707", "hexes": ["0606"]},
        {"from": "0708", "hexes": ["0607"]},
    ]
    assert "retreat-closer-measured-from" in render_text(ev, "en", {})


def test_scaling_rows_count_the_game_that_play_bots_plays() -> None:
    rows = scaling((0, 6), base_id="training")
    for row, extra in zip(rows, (0, 6), strict=True):
        scen = scaled_scenario(load_scenario("training"), extra)
        game = play_bots(scen, 1, "heuristic", "heuristic")
        kinds = [(a.type, a.option) for a in game.actions]
        marches = sum(1 for k in kinds if k[0] == "march" or k == ("select", "march"))
        assert (row["base"], row["units"]) == ("training", 11 + extra)
        assert row["actions"] == len(game.actions)
        assert (row["turns"], row["marches"]) == (game.state.turn, marches)
        assert row["marches_per_unit_turn"] == round(marches / row["units"] / row["turns"], 2)
        assert 0 < row["choose_decisions"] < row["actions"]
    assert rows[1]["actions_ratio"] == round(rows[1]["actions"] / rows[0]["actions"], 2)
    assert rows[1]["marches_ratio"] == round(rows[1]["marches"] / rows[0]["marches"], 2)
    assert set(rows[1]) >= {"cost_ratio", "per_action_ratio", "choose_ratio", "other_ratio"}
    lines = _render_scaling(rows)
    assert lines[0].startswith("scaling (training + extra units, CPU s, the least of 2 runs, ")
    assert "17 units" in lines[0] and "marches per unit and turn" in lines[1]


def test_a_scaling_row_takes_the_least_cpu_of_its_runs() -> None:
    (row,) = scaling((0,), base_id="training", repeats=3)
    runs = row["cpu_s_runs"]
    assert row["repeats"] == len(runs) == 3
    assert row["cpu_s"] == min(runs)
    assert row["cpu_spread_pct"] == round(100 * (max(runs) / min(runs) - 1), 1)

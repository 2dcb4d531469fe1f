"""A march the engine ends with MP left says why (6.2): the cheapest hex around and its
cost, which is more than the MP left; a march still able to move ends without it."""

from __future__ import annotations

from fractions import Fraction

from gcacw_ref.game.model.log import piece_names, render_text
from gcacw_ref.game.play import api


def test_the_training_games_first_blocked_march_names_its_cheapest_hex() -> None:
    scen = api.load_scenario("training")
    game = api.play_bots(scen, 1, "heuristic", "heuristic")
    ends = [e for e in game.events if e["type"] == "march_end"]
    assert len(ends) == 3
    assert ends[0].as_json() == {
        "type": "march_end",
        "turn": 1,
        "rule": "6.2",
        "unit": "c-tate",
        "hex": "0604",
        "mp": "2",
        "cheapest": "0505",
        "cost": "3",
    }
    assert render_text(ends[0], "en", piece_names(scen, "en")) == (
        "Tate's Division ends its march in 0604, 2 MP left: the cheapest hex around, 0505, costs 3"
    )


def test_every_blocked_march_had_less_mp_than_its_cheapest_hex_costs() -> None:
    for name in ("training", "harrow"):
        game = api.play_bots(api.load_scenario(name), 1, "heuristic", "heuristic")
        ends = [e for e in game.events if e["type"] == "march_end"]
        assert ends
        for e in ends:
            assert Fraction(e["cost"]) > Fraction(e["mp"]) > 0
            assert e["cheapest"] != e["hex"]

"""5.4: station raids."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

from gcacw_ref.rules.games import Game
from gcacw_ref.rules.station_raid import may_raid_station, station_after_raid


@pytest.mark.parametrize(
    ("game", "fatigue", "strength", "allowed"),
    [
        (Game.GTC, 3, Fr(2), True),
        (Game.GTC, 4, Fr(9), False),
        (Game.GTC, 0, Fr(3, 2), False),
        (Game.SIV, 0, Fr(9), False),
        (Game.OTR, 0, Fr(9), False),
        (Game.RTG, 1, Fr(5), True),
    ],
)
def test_may_raid_station(game: Game, fatigue: int, strength: Fr, allowed: bool) -> None:
    assert may_raid_station(game, fatigue, strength) is allowed


def test_station_after_raid() -> None:
    assert station_after_raid(None, Fr(2)) == "damaged"
    assert station_after_raid(None, Fr(9, 2)) == "damaged"
    assert station_after_raid(None, Fr(5)) == "destroyed"
    assert station_after_raid("damaged", Fr(4)) == "damaged"
    assert station_after_raid("damaged", Fr(5)) == "destroyed"
    assert station_after_raid("destroyed", Fr(2)) == "destroyed"
    assert station_after_raid(None, Fr(3, 2)) is None

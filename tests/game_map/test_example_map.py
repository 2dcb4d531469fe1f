"""Hand-worked single steps on the example map, one per feature it carries."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.game.model.pathing import MoveView, MovingUnit, evaluate_path
from gcacw_ref.rules.movement import Weather
from gcacw_ref.rules.terrain import UnitKind

UNIT = MovingUnit(UnitKind.INFANTRY, Fr(6))
P = None


@pytest.mark.parametrize(
    ("a", "b", "dry", "rain"),
    [
        ("0104", "0204", 1, Fr(3, 2)),  # pike
        ("0503", "0504", 1, Fr(3, 2)),  # railroad into the city: city costs 1 1/2 in rain
        ("0502", "0503", 1, 2),  # railroad
        ("0504", "0505", 1, 2),  # road
        ("0505", "0506", 1, 2),  # road across Mill Creek
        ("0305", "0306", 3, P),  # creek without road
        ("0504", "0603", 3, 3),  # creek beside a city
        ("0201", "0202", 2, 3),  # trail into a mountain
        ("0202", "0302", 2, 3),  # trail, mountain to mountain
        ("0302", "0303", 1, 2),  # road out of a mountain into woods
        ("0202", "0203", P, P),  # mountain left off-road
        ("0303", "0403", 1, 2),  # trail between woods hexes
        ("0304", "0303", 6, 7),  # woods
        ("0102", "0103", 5, 6),  # rough
        ("0204", "0203", 3, 4),  # rolling
        ("0206", "0106", 5, P),  # provisional swamp: rough, or swamp in rain
        ("0604", "0605", 1, 2),  # railroad into the provisional swamp
        ("0805", "0905", 1, 2),  # road into the swamp
        ("0904", "0905", P, P),  # swamp off-road
        ("0206", "0207", 3, P),  # ford on the Little Fork
        ("0306", "0307", 3, 3),  # bridge without a road
        ("0406", "0407", 1, 2),  # dam with a road
        ("0406", "0307", 3, 3 + 2),  # minor-river ferry: free when dry
        ("0106", "0107", P, P),  # minor river, no crossing
        ("0704", "0804", 1, Fr(3, 2)),  # pike over the Broad River bridge
        ("0706", "0806", 1 + 2, 2 + 2),  # major-river ferry with road: strength 6 / 3
        ("0707", "0807", 3 + 2, 3 + 2),  # major-river ferry without road
        ("0703", "0803", 3, P),  # ford on the major river
        ("0702", "0802", P, P),  # major river, no crossing
        ("0903", "1003", P, P),  # all-water hexside
        ("0902", "1002", P, P),  # water hex
    ],
)
def test_single_steps(example: HexMap, a: str, b: str, dry: object, rain: object) -> None:
    for weather, expected in ((Weather(), dry), (Weather(rain=True), rain)):
        r = evaluate_path(MoveView.build(example, weather=weather), UNIT, [a, b])
        assert (r.cost if r.legal else None) == expected, (a, b, weather.rain)
        assert r.legal == (expected is not None)
        assert all(e.steps for e in r.entries)

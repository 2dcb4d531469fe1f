"""Retreats, routs and cavalry retreats (7.6, 7.7)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.errors import InputError
from gcacw_ref.rules.retreat import RetreatHex, retreat_length, retreat_step, retreat_table_number

H = RetreatHex
NO = H(prohibited=True)
ROAD_AWAY = H(farther=True, road=True)
AWAY = H(farther=True)
NEAR = H()  # not farther, not closer
ZOC_AWAY = H(enemy_zoc=True, farther=True)
ZOC_NEAR = H(enemy_zoc=True)
ENEMY = H(enemy_units=True, enemy_zoc=True)
ACTIVE = H(active_enemy=True, enemy_units=True)


def test_mccall_rout_example() -> None:
    """7.6: McCall routs four hexes, each on table 1 with a priority-1 hex, losing nothing;
    two more hexes would have used table 2."""
    around = [ACTIVE, ZOC_NEAR, ROAD_AWAY, AWAY, NO, ZOC_AWAY]
    first = retreat_step("rout", 1, True, around)
    assert first.table == 1 and first.must_choose == [2]
    assert first.options[2].strength_loss == 0 and first.options[2].priority == 1
    for n in (2, 3, 4):
        s = retreat_step("rout", n, False, [NO, ROAD_AWAY, AWAY, NEAR, NO, NO])
        assert (s.table, s.must_choose, s.options[1].strength_loss) == (1, [1], 0)
    fifth = retreat_step("rout", 5, False, [NO, ROAD_AWAY, AWAY, NEAR, NO, NO])
    assert fifth.table == 2 and fifth.must_choose == [1, 2, 3]
    assert retreat_length("rout") == (4, 6)


@pytest.mark.parametrize(
    "kind,n,zoc,table",
    [
        ("retreat", 1, False, 1),
        ("retreat", 2, False, 2),
        ("retreat", 4, False, 2),
        ("retreat", 3, True, 1),
        ("rout", 4, False, 1),
        ("rout", 5, False, 2),
        ("rout", 6, True, 1),
        ("cavalry", 4, False, 1),
        ("cavalry", 5, False, 2),
        ("retreat", 5, False, 2),
    ],
)
def test_which_table(kind: str, n: int, zoc: bool, table: int) -> None:
    assert retreat_table_number(kind, n, zoc)[0] == table  # type: ignore[arg-type]


def test_table1_types_and_losses() -> None:
    s = retreat_step(
        "retreat",
        1,
        False,
        [
            ROAD_AWAY,
            AWAY,
            NEAR,
            H(road=True),
            H(friendly_units=True),  # priority 3 is road-only: friendly does not help
            ZOC_AWAY,
        ],
    )
    got = [(o.priority, o.type, o.strength_loss) for o in s.options]
    assert got == [
        (1, "road_away", 0),
        (2, "away", 0),
        (3, "not_away", 1),
        (3, "not_away", 0),
        (3, "not_away", 1),
        (4, "zoc_away", 1),
    ]
    assert s.must_choose == [0]


def test_table1_zoc_and_enemy() -> None:
    s = retreat_step(
        "rout",
        2,
        False,
        [
            ZOC_AWAY,
            H(enemy_zoc=True, farther=True, friendly_units=True),
            H(enemy_zoc=True, road=True),
            ZOC_NEAR,
            H(enemy_zoc=True, friendly_units=True),
            ENEMY,
        ],
    )
    got = [(o.priority, o.type, o.strength_loss) for o in s.options]
    assert got == [
        (4, "zoc_away", 1),
        (4, "zoc_away", 0),
        (4, "zoc_not_away", 1),
        (4, "zoc_not_away", 2),
        (4, "zoc_not_away", 1),
        (5, "enemy", 3),
    ]
    assert s.must_choose == [0, 1, 2, 3, 4]  # same priority: any of them


def test_table2() -> None:
    s = retreat_step(
        "retreat",
        2,
        False,
        [
            NEAR,
            ZOC_NEAR,
            H(enemy_zoc=True, friendly_units=True),
            H(enemy_zoc=True, road=True),
            ENEMY,
            NO,
        ],
    )
    got = [(o.priority, o.type, o.strength_loss) for o in s.options]
    assert got[:5] == [
        (1, "clear", 0),
        (2, "zoc", 1),
        (2, "zoc", 0),
        (2, "zoc", 0),
        (3, "enemy", 3),
    ]
    assert s.must_choose == [0]
    only_enemy = retreat_step("retreat", 3, False, [ENEMY, NO, NO, NO, NO, ACTIVE])
    assert only_enemy.must_choose == [0] and not only_enemy.surrender
    assert any("may not end" in st.label for st in only_enemy.steps)


def test_cavalry_retreat_no_losses() -> None:
    s = retreat_step("cavalry", 1, True, [ZOC_NEAR, NEAR, ENEMY, NO, NO, NO])
    assert [o.strength_loss for o in s.options[:3]] == [0, 0, None]
    assert s.options[2].eliminated
    assert s.must_choose == [1]
    assert retreat_length("cavalry") == (4, 6)


def test_restrictions() -> None:
    s = retreat_step("retreat", 1, False, [ACTIVE, NO, H(closer=True, road=True), NO, NO, NO])
    assert s.surrender and s.must_choose == []
    assert not any(o.allowed for o in s.options)


def test_override() -> None:
    hexes = [ROAD_AWAY, ZOC_NEAR, ENEMY, NO, NO, NO]
    assert retreat_step("retreat", 1, False, hexes).must_choose == [0]
    assert retreat_step("retreat", 1, False, hexes, override=True).must_choose == [0, 1, 2]


def test_lengths() -> None:
    assert retreat_length("retreat") == (2, 4)
    assert retreat_length("optional") == (1, 4)


def test_bad_input() -> None:
    with pytest.raises(InputError, match="six"):
        retreat_step("retreat", 1, False, [NEAR] * 5)
    with pytest.raises(InputError, match="hex_number"):
        retreat_step("retreat", 7, False, [NEAR] * 6)


retreat_hexes = st.builds(
    RetreatHex,
    prohibited=st.booleans(),
    active_enemy=st.booleans(),
    enemy_units=st.booleans(),
    enemy_zoc=st.booleans(),
    road=st.booleans(),
    friendly_units=st.booleans(),
    farther=st.booleans(),
    closer=st.booleans(),
)


@settings(deadline=None, max_examples=150)
@given(
    st.sampled_from(["retreat", "rout", "cavalry", "optional"]),
    st.integers(1, 6),
    st.booleans(),
    st.lists(retreat_hexes, min_size=6, max_size=6),
    st.booleans(),
)
def test_must_choose_properties(
    kind: str, n: int, zoc: bool, hs: list[RetreatHex], override: bool
) -> None:
    s = retreat_step(kind, n, zoc, hs, override)  # type: ignore[arg-type]
    allowed = [i for i, o in enumerate(s.options) if o.allowed]
    assert s.surrender == (not allowed)
    assert bool(s.must_choose) or s.surrender
    assert set(s.must_choose) <= set(allowed)
    if override:
        assert s.must_choose == allowed
    elif allowed:
        best = min(s.options[i].priority or 0 for i in allowed)
        assert all(s.options[i].priority == best for i in s.must_choose)
        assert {i for i in allowed if s.options[i].priority == best} == set(s.must_choose)
    for o in s.options:
        if kind == "cavalry" and o.allowed:
            assert o.strength_loss in (0, None)
            assert o.eliminated == (o.type == "enemy")
        if o.allowed and kind != "cavalry":
            assert o.strength_loss in (0, 1, 2, 3)


def test_city_counts_as_road() -> None:
    s = retreat_step("retreat", 1, False, [H(city=True), NEAR, NO, NO, NO, NO])
    assert [o.strength_loss for o in s.options[:2]] == [0, 1]
    t = retreat_step("retreat", 1, False, [NEAR, H(farther=True), NO, NO, NO, NO], from_city=True)
    assert (t.options[0].strength_loss, t.options[1].type) == (0, "road_away")

"""Hand-worked combat cases: strengths, entrenchment, modifiers, restrictions, distribution."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from gcacw_ref.errors import InputError, RuleError
from gcacw_ref.rules.combat import CombatResult, resolve_combat
from gcacw_ref.rules.combat_models import CombatInput


def combat(**kw: Any) -> CombatResult:
    data: dict[str, Any] = {
        "game": "GTC",
        "action": "march",
        "attack_type": "normal",
        "attackers": [{"strength": 10}],
        "defenders": [{"strength": 5}],
    }
    data.update(kw)
    return resolve_combat(CombatInput.model_validate(data))


def test_plain_normal_attack() -> None:
    r = combat()
    assert r.ratio.label == "2-1" and r.attacker_drm == 1 and r.defender_drm == 0
    assert r.mp_cost == 2
    assert r.attacker_column.label == "7-11" and r.defender_column.label == "4-6"


@pytest.mark.parametrize(
    ("kind", "cavalry", "mp", "drm"),
    [
        ("column", False, 0, -3),
        ("hasty", False, 1, -1),
        ("normal", True, 4, 0),
        ("prepared", False, 4, 1),
        ("prepared", True, 8, 1),
    ],
)
def test_attack_types(kind: str, cavalry: bool, mp: int, drm: int) -> None:
    r = combat(attack_type=kind, attackers=[{"strength": 5, "cavalry": cavalry}])
    assert r.mp_cost == mp and r.attacker_drm == drm  # 5 vs 5: ratio 0


def test_assault_plus_one_and_no_attack_type() -> None:
    r = combat(action="assault", attack_type=None, attackers=[{"strength": 5}, {"strength": 5}])
    assert r.attacker_drm == 1 + 1 and r.mp_cost is None  # 2-1 and assault
    with pytest.raises(InputError):
        combat(action="assault", attack_type="hasty")
    with pytest.raises(InputError):
        combat(attack_type=None)


@pytest.mark.parametrize(
    ("strength", "level", "used"),
    [
        (7, 1, F(3)),
        (8, 1, F(4)),
        (F(5, 2), 1, F(1)),
        (1, 1, F(1, 2)),
        (F(1, 2), 2, F(1, 2)),
        (7, 2, F(1)),
        (1, 2, F(1, 2)),
    ],
)
def test_demoralized_attackers(strength: Any, level: int, used: F) -> None:
    r = combat(attackers=[{"strength": strength, "demoralized": level, "artillery": 3}])
    assert r.attacker_strength == used
    assert r.artillery.attacker == 0


def test_defender_entrenchment_and_artillery_rounding() -> None:
    r = combat(
        attackers=[{"strength": 10, "artillery": 6}],
        defenders=[{"strength": 6, "artillery": 3, "entrenchment": "abatis"}],
    )
    assert r.defender_strength == 9 and r.defender_column.label == "4-6"
    assert r.artillery.defender == 5  # 4 1/2 rounded up
    assert r.ratio.label == "1-1"


@pytest.mark.parametrize(
    ("game", "level", "mult"),
    [
        ("SLB", "breastworks_building", 1),
        ("GTC", "breastworks_building", F(3, 2)),
        ("OTR", "breastworks", 2),
        ("SJW", "fort_building", 2),
        ("GTC", "fort_building_1", 2),
        ("GTC", "fort_building_2", F(5, 2)),
        ("RTG", "fort", 3),
    ],
)
def test_entrenchment_multipliers(game: str, level: str, mult: F) -> None:
    r = combat(game=game, defenders=[{"strength": 4, "entrenchment": level}])
    assert r.defender_strength == 4 * mult
    assert r.defender_column.label == "4-6"


def test_year_overrides_game_year() -> None:
    r = combat(
        game="SLB", year=1864, defenders=[{"strength": 4, "entrenchment": "breastworks_building"}]
    )
    assert r.defender_strength == 6


def test_earthworks_confederate_only() -> None:
    r = combat(
        attacker_side="union", defenders=[{"strength": 6, "artillery": 1, "earthworks": True}]
    )
    assert r.defender_strength == 9 and r.artillery.defender == 2
    r = combat(attacker_side="confederate", defenders=[{"strength": 6, "earthworks": True}])
    assert r.defender_strength == 6
    r = combat(defenders=[{"strength": 6, "earthworks": True}])
    assert r.defender_strength == 9
    assert any("taken to be Confederate" in s.label for s in r.steps)
    # a better marker replaces the earthworks' 1.5
    r = combat(
        attacker_side="union",
        defenders=[{"strength": 6, "earthworks": True, "entrenchment": "breastworks"}],
    )
    assert r.defender_strength == 12


def test_defence_cap_by_entrenched_units() -> None:
    big = [{"strength": 18, "entrenchment": "fort"}] * 3 + [{"strength": 18}] * 3
    r = combat(action="assault", attack_type=None, attackers=[{"strength": 80}], defenders=big)
    assert r.defender_strength == 120  # half entrenched: 216 capped at 120
    r = combat(
        action="assault",
        attack_type=None,
        attackers=[{"strength": 80}],
        defenders=[{"strength": 18, "entrenchment": "fort"}] * 4,
    )
    assert r.defender_strength == 160


def test_tactical_with_leaders() -> None:
    r = combat(
        attackers=[{"strength": 5, "tactical": 2}],
        attacker_leader_tactical=4,
        defenders=[{"strength": 5, "tactical": 3}],
        defender_leader_tactical=1,
    )
    assert r.tactical_drm == 1


def test_defender_terrain_modifiers() -> None:
    assert combat(hexside="bridge").defender_drm == 2
    assert combat(hexside="ford").defender_drm == 2
    assert combat(hexside="creek").defender_drm == 1
    assert combat(hexside="creek", rain=True, road_across_hexside=True).defender_drm == 2
    assert combat(defender_terrain="mountain").defender_drm == 2
    assert combat(defender_terrain="mountain", attacker_in_mountain=True).defender_drm == 1
    assert combat(defender_terrain="mountain", hexside="creek").defender_drm == 3


def test_rain_and_flank() -> None:
    r = combat(rain=True, flank_bonus=3, attackers=[{"strength": 5}])
    assert r.attacker_drm == -1 + 3


def test_demoralized_2_defenders() -> None:
    assert combat(defenders=[{"strength": 5, "demoralized": 2}]).defender_drm == -1
    half = [{"strength": 5, "demoralized": 2}, {"strength": 5}]
    assert combat(defenders=half).defender_drm == 0
    more = [{"strength": 6, "demoralized": 2}, {"strength": 5}]
    assert combat(defenders=more).defender_drm == -1


def test_lee_and_longstreet() -> None:
    base = {"action": "assault", "attack_type": None, "attackers": [{"strength": 5}]}
    assert combat(**base, lee=True).attacker_drm == 2
    assert combat(**base, lee=True, game="RTG").attacker_drm == 1
    assert combat(**base, longstreet=True, game="SLB").attacker_drm == 1
    assert combat(**base, longstreet=True, game="GTC").attacker_drm == 2
    assert combat(**base, longstreet=True, lee=True, game="GTC").attacker_drm == 2
    assert combat(attackers=[{"strength": 5}], lee=True).attacker_drm == 0  # march
    with pytest.raises(InputError):
        combat(**base, lee=True, attacker_side="union")


def test_game_specific_modifiers() -> None:
    assert combat(game="OTR", gunboat=2).defender_drm == 2
    with pytest.raises(InputError):
        combat(game="SJW", gunboat=1)
    assert combat(game="SJW", union_panic=True, attacker_side="union").attacker_drm == 0
    assert combat(game="SJW", union_panic=True, attacker_side="confederate").defender_drm == -1
    with pytest.raises(InputError):
        combat(game="SJW", union_panic=True)
    assert combat(game="SLB", hooker_lost_confidence=True).attacker_drm == 0


@pytest.mark.parametrize(
    "kw",
    [
        {"rain": True, "hexside": "ford"},
        {"rain": True, "hexside": "creek", "road_across_hexside": False},
        {"defender_terrain": "mountain", "road_across_hexside": False},
        {"defender_terrain": "swamp", "road_across_hexside": False},
        {"defender_terrain": "provisional_swamp", "rain": True, "road_across_hexside": False},
        {"attackers": [{"strength": 3, "artillery_unit": True}]},
        {"attackers": [{"strength": 3}, {"strength": 3}]},
        {"attack_type": "column", "attacker_movement_allowance": 0},
    ],
)
def test_forbidden_attacks(kw: dict[str, Any]) -> None:
    with pytest.raises(RuleError):
        combat(**kw)


def test_allowed_edge_cases() -> None:
    combat(rain=True, hexside="creek", defender_terrain="city", road_across_hexside=False)
    combat(defender_terrain="provisional_swamp", road_across_hexside=False)  # dry: rough
    r = combat(defender_terrain="mountain")
    assert any("assumed" in s.label for s in r.steps)
    combat(action="assault", attack_type=None, attackers=[{"strength": 3, "artillery_unit": True}])


def test_grand_assault_caps_per_hex_and_extra_loss() -> None:
    r = combat(
        action="assault",
        attack_type=None,
        grand_assault=True,
        attackers=[{"strength": 85, "hex": "A"}, {"strength": 10, "hex": "B"}],
        defenders=[{"strength": 30}],
        dice={"attacker": 1, "defender": 6},
    )
    assert r.attacker_strength == 90 and r.grand_assault_extra_loss == 2
    assert r.attacker_result is not None and r.attacker_result_applied is not None
    assert r.attacker_result_applied.loss == r.attacker_result.loss + 2
    assert all(o.attacker_loss >= 2 for o in r.distribution)
    with pytest.raises(InputError):
        combat(
            action="assault",
            attack_type=None,
            attackers=[{"strength": 5, "hex": "A"}, {"strength": 5, "hex": "B"}],
        )
    with pytest.raises(InputError):
        combat(grand_assault=True)


def test_artillery_die_enumeration() -> None:
    kw = {
        "attackers": [{"strength": 10, "artillery": 10}],
        "defenders": [{"strength": 5, "artillery": 2}],
    }
    r = combat(**kw)
    assert r.artillery_drm is None and r.attacker_drm is None and r.dice_outcomes == 216
    assert sum(o.probability for o in r.distribution) == 1
    r = combat(**kw, dice={"attacker": 3, "defender": 3})
    assert r.differential is None and r.attacker_result is None
    r = combat(**kw, artillery_die=2, dice={"attacker": 3, "defender": 3})
    assert r.dice_outcomes == 36 and r.attacker_drm == 1 + 2 and r.differential == 3
    r = combat(**kw, artillery_die=5, dice={"attacker": 3, "defender": 3})
    assert r.attacker_drm == 2


def test_distribution_matches_single_rolls() -> None:
    base: dict[str, Any] = {"flank_bonus": 2, "hexside": "creek"}
    dist = {
        (o.attacker_result, o.defender_result): o.probability for o in combat(**base).distribution
    }
    counted: dict[tuple[str, str], F] = {}
    for a in range(1, 7):
        for d in range(1, 7):
            r = combat(**base, dice={"attacker": a, "defender": d})
            assert r.attacker_result is not None and r.defender_result is not None
            key = (r.attacker_result.printed, r.defender_result.printed)
            counted[key] = counted.get(key, F(0)) + F(1, 36)
    assert counted == dist


units = st.lists(
    st.fixed_dictionaries(
        {
            "strength": st.integers(1, 60).map(lambda n: F(n, 2)),
            "artillery": st.integers(0, 6),
            "tactical": st.integers(0, 4),
            "demoralized": st.sampled_from([0, 1, 2]),
        }
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=60, deadline=None)
@given(
    units,
    units,
    st.sampled_from(["clear", "rolling", "rough", "woods"]),
    st.integers(0, 4),
    st.sampled_from(["SJW", "OTR", "GTC"]),
)
def test_probabilities_sum_to_one(
    att: list[Any], dfn: list[Any], terrain: str, flank: int, game: str
) -> None:
    r = combat(
        game=game,
        action="assault",
        attack_type=None,
        attackers=att,
        defenders=dfn,
        defender_terrain=terrain,
        flank_bonus=flank,
    )
    assert sum(o.probability for o in r.distribution) == 1
    assert sum(r.row_probabilities.values()) == 1
    assert r.dice_outcomes in (36, 216)
    cap = 70 if game == "OTR" else 80
    assert r.attacker_strength <= cap


def test_notes_for_assault_e_and_sjw() -> None:
    r = combat(
        game="SJW",
        action="assault",
        attack_type=None,
        attackers=[{"strength": 5}],
        defenders=[{"strength": 5}],
        dice={"attacker": 6, "defender": 1},  # +5 +1 assault = +6 ... row +6: a
    )
    assert any("italic" in s.label for s in r.steps)
    r = combat(
        action="assault",
        attack_type=None,
        attackers=[{"strength": 5}],
        defenders=[{"strength": 5}],
        dice={"attacker": 4, "defender": 1},  # 3 + 1 = +4 ... attacker 4-6 column: fa
    )
    r2 = combat(
        action="assault",
        attack_type=None,
        attackers=[{"strength": 5}],
        defenders=[{"strength": 5}],
        dice={"attacker": 5, "defender": 1},  # +5: Ea
    )
    assert r2.attacker_result is not None and r2.attacker_result.printed == "Ea"
    assert any("E has no effect" in s.label for s in r2.steps)
    assert not any("E has no effect" in s.label for s in r.steps)


def test_river_woods_and_fatigue_restrictions() -> None:
    with pytest.raises(RuleError):
        combat(hexside="minor_river")
    with pytest.raises(RuleError):
        combat(hexside="major_river")
    with pytest.raises(RuleError):
        combat(woods_hexside=True, began_action_adjacent=False)
    combat(woods_hexside=True, began_action_adjacent=False, road_across_hexside=True)
    combat(woods_hexside=True, began_action_adjacent=True)
    r = combat(woods_hexside=True)
    assert any("Woods hexside: assumed" in s.label for s in r.steps)
    assault = {"action": "assault", "attack_type": None}
    combat(**assault, woods_hexside=True, began_action_adjacent=False)  # assaults start there
    with pytest.raises(RuleError):
        combat(**assault, attackers=[{"strength": 5, "fatigue": 4}])
    combat(**assault, attackers=[{"strength": 5, "fatigue": 3}])
    with pytest.raises(ValidationError):
        combat(**assault, attackers=[{"strength": 5, "fatigue": 5}])

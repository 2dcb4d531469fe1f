"""Whole retreats over a small graph (7.6): priorities per hex, the override, the ending rules."""

from __future__ import annotations

from gcacw_ref.rules.retreat import RetreatHex
from gcacw_ref.rules.retreat_paths import retreat_paths


def graph(
    edges: dict[str, list[str]],
    facts: dict[tuple[str, str], RetreatHex] | None = None,
    zoc: frozenset[str] = frozenset(),
):  # type: ignore[no-untyped-def]
    facts = facts or {}

    def neighbours(h: str) -> list[str]:
        return edges.get(h, [])

    def describe(a: str, b: str) -> RetreatHex:
        base = facts.get((a, b), RetreatHex(farther=True))
        return base.model_copy(update={"enemy_zoc": base.enemy_zoc or b in zoc})

    return neighbours, describe, (lambda h: h in zoc)


def test_straight_line_retreat() -> None:
    edges = {
        "S": ["A"],
        "A": ["S", "B"],
        "B": ["A", "C"],
        "C": ["B", "D"],
        "D": ["C", "E"],
        "E": ["D"],
    }
    n, d, z = graph(edges)
    plan = retreat_paths("retreat", "S", n, d, z)
    assert [p.hexes for p in plan.paths] == [("A", "B"), ("A", "B", "C"), ("A", "B", "C", "D")]
    assert not plan.override_used and not plan.surrender
    rout = retreat_paths("rout", "S", n, d, z)
    assert [p.hexes for p in rout.paths] == [("A", "B", "C", "D"), ("A", "B", "C", "D", "E")]


def test_may_not_end_next_to_start() -> None:
    edges = {"S": ["A", "B"], "A": ["S", "B"], "B": ["S", "A"]}
    n, d, z = graph(edges)
    plan = retreat_paths("retreat", "S", n, d, z)
    assert plan.surrender and plan.paths == []
    optional = retreat_paths("optional", "S", n, d, z)
    assert ("A",) in [p.hexes for p in optional.paths]


def test_optional_retreat_of_two_hexes_may_end_beside_the_start() -> None:
    """Register optional-retreat-ends-adjacent: S -> A -> B with B beside S. A normal
    retreat may not stop in B (7.6 restrictions); an optional one may (7.6, the defender's
    optional retreat: 1-4 hexes, ending adjacent allowed)."""
    edges = {"S": ["A", "B"], "A": ["S", "B"], "B": ["S", "A"]}
    n, d, z = graph(edges)
    optional = retreat_paths("optional", "S", n, d, z)
    assert ("A", "B") in [p.hexes for p in optional.paths]
    assert ("A", "B") not in [p.hexes for p in retreat_paths("retreat", "S", n, d, z).paths]


def test_priority_forces_road_hex() -> None:
    edges = {"S": ["A", "B"], "A": ["S", "C"], "B": ["S", "D"], "C": ["A"], "D": ["B"]}
    facts = {("S", "A"): RetreatHex(farther=True, road=True)}
    n, d, z = graph(edges, facts)
    plan = retreat_paths("retreat", "S", n, d, z)
    assert [p.hexes for p in plan.paths] == [("A", "C")]


def test_override_when_surrender_otherwise() -> None:
    # the road hex A is a dead end; B (enemy ZOC) leads on: only the override saves the unit
    edges = {"S": ["A", "B"], "A": ["S"], "B": ["S", "C"], "C": ["B", "D"], "D": ["C"]}
    facts = {("S", "A"): RetreatHex(farther=True, road=True)}
    n, d, z = graph(edges, facts, zoc=frozenset({"B"}))
    plan = retreat_paths("retreat", "S", n, d, z)
    assert plan.override_used and not plan.surrender
    assert [p.hexes for p in plan.paths] == [("B", "C"), ("B", "C", "D")]
    assert plan.paths[0].override_at == 0
    assert plan.paths[0].losses == (1, 0)  # table 1 ZOC hex, not along a road; then table 2


def test_cannot_stop_among_enemy_units() -> None:
    edges = {"S": ["A"], "A": ["S", "B"], "B": ["A", "C"], "C": ["B"]}
    facts = {("A", "B"): RetreatHex(enemy_units=True, enemy_zoc=True)}
    n, d, z = graph(edges, facts)
    plan = retreat_paths("retreat", "S", n, d, z)
    assert [p.hexes for p in plan.paths] == [("A", "B", "C")]
    assert plan.paths[0].total_loss == 3


def test_cavalry_dies_entering_enemy_units() -> None:
    edges = {"S": ["A"], "A": ["S", "B"], "B": ["A"]}
    facts = {("A", "B"): RetreatHex(enemy_units=True)}
    n, d, z = graph(edges, facts)
    plan = retreat_paths("cavalry", "S", n, d, z)
    assert [p.eliminated for p in plan.paths] == [True]
    assert not plan.surrender

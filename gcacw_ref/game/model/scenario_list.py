"""The built-in scenarios at a glance (`gcacw-ref scenario list`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from gcacw_ref.game.model.scenario import SCENARIO_DIR, Scenario, load_scenario


@dataclass(frozen=True)
class ScenarioSummary:
    """One line of the list: what a player needs to choose a scenario."""

    id: str
    name: str
    name_ja: str
    game: str
    year: int
    turns: int
    units: int
    leaders: int
    map: str
    map_size: str  # "32x26": columns x rows

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def summarise(scen: Scenario) -> ScenarioSummary:
    """The summary of a loaded scenario (its map document is attached when loaded)."""
    header = (scen.map_document or {}).get("map", {})
    return ScenarioSummary(
        id=scen.id,
        name=scen.scenario.name,
        name_ja=scen.scenario.name_ja,
        game=scen.scenario.game.value,
        year=scen.scenario.year,
        turns=scen.scenario.turns,
        units=len(scen.units),
        leaders=len(scen.leaders),
        map=scen.scenario.map,
        map_size=f"{header.get('columns', 0)}x{header.get('rows', 0)}",
    )


def builtin_scenarios() -> list[ScenarioSummary]:
    """Every scenario shipped in `gcacw_ref/game/scenarios/`, sorted by id."""
    return [summarise(load_scenario(p.stem)) for p in sorted(SCENARIO_DIR.glob("*.toml"))]

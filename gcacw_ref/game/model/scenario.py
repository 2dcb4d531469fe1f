"""Scenarios read from a file: the built-in ones by id, any other by path, then cross-checked.

A scenario is a TOML (or JSON) file validated by pydantic (the models are in
`scenario_doc.py`; the blocks are listed there). The built-in ones live in
`gcacw_ref/game/scenarios/<id>.toml`; `load_scenario("training")` or a path both work.
`check_scenario` adds the cross-checks pydantic cannot do alone (every unit on the map,
every formation known, every leader with one of its own units, values in range).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gcacw_ref.errors import DataError, InputError, quoted
from gcacw_ref.game.model.hexmap import HexMap, parse_map
from gcacw_ref.game.model.scenario_doc import Counters as Counters
from gcacw_ref.game.model.scenario_doc import Scenario as Scenario
from gcacw_ref.game.model.scenario_limits import (
    MAP_ID,
    ascii_number,
    rain_table_span,
    read_data_file,
    read_map,
)
from gcacw_ref.i18n import _
from gcacw_ref.rules.combat_tables import strength_caps
from gcacw_ref.rules.command import leader_commands
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.tables import describe_validation_error

SCENARIO_DIR = Path(__file__).resolve().parent.parent / "scenarios"


def japanese_names(scenario: Scenario) -> dict[str, str]:
    """Unit and leader id -> its Japanese name, where the scenario gives one."""
    return scenario.names_ja


def board_for(scenario: Scenario) -> HexMap:
    """The scenario's map."""
    return scenario.board


def _validate(data: dict[str, Any], where: str) -> Scenario:
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        raise DataError(describe_validation_error(where, exc)) from None


def scenario_from_data(
    data: dict[str, Any], where: str, base: Path | None = None, both_sides: bool = True
) -> Scenario:
    """Validate a scenario document, attach its map and run every cross-check (a board,
    `both_sides=False`, may show one side's units alone)."""
    scen = _validate(data, where)
    if scen.map_document is None:
        doc = read_map(scen.scenario.map, base or SCENARIO_DIR)
        scen = scen.model_copy(update={"map_document": doc})
    check_scenario(scen, where, both_sides)
    return scen


def load_scenario(id_or_path: str) -> Scenario:
    """A shipped scenario by id (`training`) or a scenario TOML/JSON file by path."""
    path = Path(id_or_path)
    if MAP_ID.fullmatch(id_or_path) and (SCENARIO_DIR / f"{id_or_path}.toml").is_file():
        path = SCENARIO_DIR / f"{id_or_path}.toml"
    try:
        found = path.is_file()
    except OSError:  # e.g. a folder on the way without search permission: reading says why
        found = True
    if not found:
        shipped = ", ".join(sorted(p.stem for p in SCENARIO_DIR.glob("*.toml")))
        raise InputError(
            _("scenario {name}: not a file nor a built-in id ({ids})").format(
                name=quoted(id_or_path), ids=shipped
            )
        )
    return scenario_from_data(read_data_file(path), str(path), path.parent)


def check_scenario(scen: Scenario, where: str, both_sides: bool = True) -> None:
    """Cross-checks: unique ids, hexes on the map, known formations, leaders with units."""
    board = parse_map(scen.map_document or {}, where)
    ids: set[str] = set()
    formations = {f.id: f for f in scen.formations}
    caps = strength_caps().max_strength
    most = caps.get(scen.scenario.game.value, caps["other"])
    for u in scen.units:
        if u.strength > most:
            raise DataError(
                f"{where}: unit {u.id} has strength {u.strength}, above the largest marker "
                f"of {scen.scenario.game.value} ({most}, 2.2)"
            )
        if u.id in ids:
            raise DataError(f"{where}: unit id {u.id!r} is used twice")
        ids.add(u.id)
        if not board.on_map(u.hex):
            raise DataError(f"{where}: unit {u.id} is at hex {u.hex}, which is off the map")
        if board.terrain(u.hex) == "water":
            raise DataError(f"{where}: unit {u.id} is at hex {u.hex}, which is water")
        for name in (u.corps, u.division):
            if name is not None and name not in formations:
                raise DataError(f"{where}: unit {u.id} belongs to unknown formation {name!r}")
            if name is not None and formations[name].side != u.side:
                raise DataError(f"{where}: unit {u.id} belongs to an enemy formation {name!r}")
    units = {u.id: u for u in scen.units}
    for ld in scen.leaders:
        if ld.id in ids:
            raise DataError(f"{where}: leader id {ld.id!r} is used twice")
        ids.add(ld.id)
        for name in ld.commands:
            if name not in formations:
                raise DataError(f"{where}: leader {ld.id} commands unknown formation {name!r}")
        if ld.rank != "army" and not ld.commands:
            raise DataError(f"{where}: leader {ld.id} commands no formation")
        unit = units.get(ld.with_unit)
        if unit is None:
            raise DataError(
                f"{where}: leader {ld.id} is with unit {ld.with_unit!r}, which does not exist"
            )
        if unit.side != ld.side:
            raise DataError(f"{where}: leader {ld.id} is with an enemy unit {unit.id}")
        if not leader_commands(ld, unit):
            raise DataError(
                f"{where}: leader {ld.id} is with {unit.id}, a unit it does not command"
            )
        if ld.rank in ("army", "wing") and unit.kind != "infantry":
            raise DataError(
                f"{where}: {ld.rank} leader {ld.id} must be with an infantry unit (2.2)"
            )
    seen: set[int] = set()
    for key in scen.rain_table:
        span = rain_table_span(key)
        if span is None:
            raise DataError(
                _("{where}: rain_table: {key} is not a 2d6 total or range like 2-4").format(
                    where=where, key=quoted(key)
                )
            )
        if span & seen:
            raise DataError(
                _("{where}: rain_table: {key} overlaps another entry").format(
                    where=where, key=quoted(key)
                )
            )
        seen |= span
    for turn in scen.weather:
        if not ascii_number(turn) or not 1 <= int(turn) <= scen.scenario.turns:
            raise DataError(
                _("{where}: weather: turn {turn} is not a turn of this scenario").format(
                    where=where, turn=quoted(turn)
                )
            )
    owners: dict[str, str] = {}
    for vh in scen.victory.hexes:
        if vh.hex in owners:
            raise DataError(
                _(
                    "{where}: victory hex {hex} is listed twice (owners {first} and {second}); "
                    "list each hex once"
                ).format(where=where, hex=vh.hex, first=owners[vh.hex], second=vh.owner.value)
            )
        owners[vh.hex] = vh.owner.value
        if not board.on_map(vh.hex):
            raise DataError(f"{where}: victory hex {vh.hex} is off the map")
        if board.terrain(vh.hex) == "water":
            raise DataError(
                _("{where}: victory hex {hex} is water, where no unit may stand").format(
                    where=where, hex=vh.hex
                )
            )
    _check_no_mixed_hex(scen, where)
    sides = {u.side for u in scen.units}
    if both_sides and sides != {Side.UNION, Side.CONFEDERATE}:
        raise DataError(f"{where}: both sides need at least one unit")


def _check_no_mixed_hex(scen: Scenario, where: str) -> None:
    """6.2: units may never share a hex with enemy units, so no set-up may start so."""
    sides: dict[str, Side] = {}
    for u in scen.units:
        first = sides.setdefault(u.hex, u.side)
        if first != u.side:
            raise DataError(
                _(
                    "{where}: hex {hex} holds both Union and Confederate units (unit {unit}); "
                    "enemy units may not share a hex (6.2)"
                ).format(where=where, hex=u.hex, unit=u.id)
            )

"""`gcacw-ref calc move`: what a path costs, where the unit must stop, what it can reach.

Input (DESIGN.md, "calc move"): the map (the whole map document, a path to a map file,
or the id of a map shipped with the tool such as "example"), the moving unit, the
path (start hex first), and optionally `rain`, `movement_allowance`, `enemy_units`
(they exert ZOC), `friendly_units` (for the friendly-occupied penalty; only infantry
and artillery count). Extras: `minor_river_uncrossable` / `major_river_uncrossable`
(12.0 markers still on the turn track), `destroyed_crossings` (hexsides whose bridge
or ferry is destroyed), `attacked` (the unit has attacked this march: no minimum move).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator

from gcacw_ref.errors import InputError
from gcacw_ref.game.model.hexmap import HexMap, builtin_map_path, load_map, parse_map
from gcacw_ref.game.model.pathing import MoveView, MovingUnit, evaluate_path
from gcacw_ref.game.model.reach import reachable
from gcacw_ref.i18n import N_, _, current_language
from gcacw_ref.rules.explain import LABEL_VALUE, Step
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.io.fields import Form, Spec, Unset, drop_blanks, spec_for
from gcacw_ref.rules.labels import ui
from gcacw_ref.rules.movement import Weather
from gcacw_ref.rules.numbers import Strength, format_strength
from gcacw_ref.rules.terrain import HexsideFeature, UnitKind


class MovingUnitIn(BaseModel):
    """The unit that moves. `strength` is its strength (兵力), used for the ferry penalty."""

    model_config = ConfigDict(extra="forbid")

    side: Side = Field(examples=["union"], json_schema_extra=ui(N_("Side")))
    kind: UnitKind = Field(examples=["infantry"], json_schema_extra=ui(N_("Unit kind")))
    strength: Strength = Field(examples=[6], json_schema_extra=ui(N_("Strength")))

    @field_validator("strength")
    @classmethod
    def _positive(cls, value: Fraction) -> Fraction:
        if value <= 0:
            raise ValueError("a moving unit has strength of at least 1/2")
        return value


class OtherUnit(BaseModel):
    """A unit on the map: enemy units exert ZOC; friendly ones may cause the 6.2 penalty."""

    model_config = ConfigDict(extra="forbid")

    hex: str
    kind: UnitKind = UnitKind.INFANTRY
    strength: Strength = Fraction(0)


class Input(BaseModel):
    model_config = ConfigDict(extra="forbid")

    map: dict[str, Any] | str = Field(
        description="the map document, a path to a map file, or a built-in map id",
        examples=["example"],
        json_schema_extra=ui(N_("Map file or id")),
    )
    unit: MovingUnitIn
    path: list[str] = Field(
        min_length=1,
        description="hexes in order, the start hex first",
        examples=[["0101", "0102", "0201"]],
        json_schema_extra=ui(N_("Path")),
    )
    rain: StrictBool = Field(default=False, json_schema_extra=ui(N_("Rain")))
    movement_allowance: Strength | None = Field(
        default=None, examples=[8], json_schema_extra=ui(N_("MP allowance"))
    )
    enemy_units: list[OtherUnit] = []
    friendly_units: list[OtherUnit] = []
    minor_river_uncrossable: StrictBool = False
    major_river_uncrossable: StrictBool = False
    destroyed_crossings: list[tuple[str, str]] = []
    attacked: StrictBool = False


class EnteredHex(BaseModel):
    """One hex of the path after the start: its MP (null = all MP) and the breakdown."""

    hex: str
    terrain: str
    legal: bool = Field(default=True, description="false for the hex the unit cannot enter")
    mp: Strength | None
    total: Strength | None
    rule: str
    label: str
    steps: list[Step]


class Output(BaseModel):
    legal: bool
    cost: Strength | None
    stops_at: str | None
    reason: str | None
    disorganized: bool
    steps: list[Step]
    path: list[EnteredHex]
    reachable: dict[str, Strength] | None = None

    def reason_text(self) -> str | None:
        """`reason` in the current language (the JSON keeps the English machine form)."""
        why = _refusal(self.path)
        return Step(rule="", label=why[0], args=why[1]).text() if why else self.reason


def resolve_map(value: dict[str, Any] | str) -> HexMap:
    """The map from the input: a document, a file path, or a built-in id."""
    if isinstance(value, dict):
        return parse_map(value, "map")
    shown = repr(value) if len(value) <= 80 else repr(value[:77] + "...")
    try:
        path = Path(value).expanduser()
        if path.is_file():
            return load_map(path)
        builtin = builtin_map_path(value)
        if "/" not in value and "\\" not in value and builtin.is_file():
            return load_map(builtin)
    except (OSError, RuntimeError, ValueError) as exc:
        raise InputError(
            _("map: cannot use {shown} as a map file ({name})").format(
                shown=shown, name=type(exc).__name__
            )
        ) from None
    raise InputError(
        _("map: {shown} is neither a map file nor a built-in map id").format(shown=shown)
    )


def _board(inp: Input, hexmap: HexMap) -> MoveView:
    enemy: set[str] = set()
    for i, u in enumerate(inp.enemy_units):
        enemy.add(hexmap.check_hex(u.hex, f"enemy_units[{i}].hex"))
    friendly: dict[str, Fraction] = {}
    for i, u in enumerate(inp.friendly_units):
        h = hexmap.check_hex(u.hex, f"friendly_units[{i}].hex")
        if h in enemy:
            raise InputError(
                _("friendly_units[{i}].hex: {h} also holds an enemy unit").format(i=i, h=h)
            )
        if u.kind is not UnitKind.CAVALRY:
            friendly[h] = friendly.get(h, Fraction(0)) + u.strength
    destroyed = []
    for i, (a, b) in enumerate(inp.destroyed_crossings):
        hexmap.check_hex(a, f"destroyed_crossings[{i}][0]")
        hexmap.check_hex(b, f"destroyed_crossings[{i}][1]")
        if b not in hexmap.neighbors(a):
            raise InputError(
                _("destroyed_crossings[{i}]: {a} and {b} are not adjacent").format(i=i, a=a, b=b)
            )
        if not hexmap.hexside(a, b) & {HexsideFeature.BRIDGE, HexsideFeature.FERRY}:
            raise InputError(
                _(
                    "destroyed_crossings[{i}]: the hexside {a}-{b} has no bridge or ferry to "
                    "destroy"
                ).format(i=i, a=a, b=b)
            )
        destroyed.append((a, b))
    weather = Weather(inp.rain, inp.minor_river_uncrossable, inp.major_river_uncrossable)
    return MoveView.build(
        hexmap,
        weather=weather,
        enemy_hexes=enemy,
        friendly_strength=friendly,
        destroyed=destroyed,
    )


def run(inp: Input) -> Output:
    """Price the path step by step and, given an allowance, list the reachable hexes."""
    hexmap = resolve_map(inp.map)
    board = _board(inp, hexmap)
    unit = MovingUnit(inp.unit.kind, inp.unit.strength)
    ma = inp.movement_allowance
    result = evaluate_path(board, unit, inp.path, ma, attacked=inp.attacked)
    entered: list[EnteredHex] = []
    steps: list[Step] = []
    running: Fraction | None = Fraction(0)
    for e in result.entries:
        running = None if e.mp is None or running is None else running + e.mp
        terrain = str(hexmap.terrain(e.hex))
        entered.append(
            EnteredHex(
                hex=e.hex,
                terrain=terrain,
                legal=e.legal,
                mp=e.mp,
                total=running,
                rule=e.rule,
                label=e.label,
                steps=e.steps,
            )
        )
        mp = _mp_word(e.legal, e.mp)
        steps.append(
            Step(
                rule=e.rule,
                label=N_("enter {hex} ({terrain}): {label}"),
                value=mp,
                args={"hex": e.hex, "terrain": terrain, "label": _entry_label(e.label, e.steps)},
            )
        )
    if not result.legal:
        why = _refusal(entered)
        steps.extend(
            Step(rule=s.rule, label=s.label_id, value=why[0], args=why[1])
            if why and s.label_id == "illegal"
            else s
            for s in result.steps
        )
    if result.legal and result.cost is None:
        steps.append(
            Step(
                rule="6.2",
                label=N_("cost"),
                value=N_("all of the unit's MP; give movement_allowance for a number"),
            )
        )
    if result.disorganized:
        steps.append(
            Step(
                rule="6.2",
                label=N_("the unit becomes disorganized"),
                value=N_("or loses 1 strength if it already is"),
            )
        )
    reach = None
    if ma is not None:
        found = reachable(board, unit, inp.path[0], ma, attacked=inp.attacked)
        reach = dict(sorted(found.items()))
        steps.append(Step(rule="6.2", label=N_("hexes reachable"), value=str(len(reach))))
    return Output(
        legal=result.legal,
        cost=result.cost if result.legal else None,
        stops_at=result.stops_at,
        reason=result.reason,
        disorganized=result.disorganized,
        steps=steps,
        path=entered,
        reachable=reach,
    )


def _entry_label(label: str, steps: list[Step]) -> str:
    """What priced a hex, in the current language. The path's check gives it in English
    (its machine form); in another language it is said again from the steps it names, in
    their own words (so a terrain comes out as the rulebook's term)."""
    if current_language() == "en":
        return label
    named = [s for s in steps if s.label.split(":")[0] in label]
    return _(", ").join(s.text() for s in named) if named else label


def _refusal(path: list[EnteredHex]) -> tuple[str, dict[str, Any]] | None:
    """The template and words of why the path's last hex was refused, when the refusing
    step keeps them (a terrain the unit may not enter), for showing in any language."""
    for e in path:
        if not e.legal:
            for s in e.steps:
                if "reason" in s.args:
                    return str(s.args["reason"]), {k: v for k, v in s.args.items() if k != "reason"}
    return None


def render(out: Output) -> str:
    """A readable breakdown: each hex entered with its costs, then the verdict."""
    lines: list[str] = []
    for e in out.path:
        mp = _(_mp_word(e.legal, e.mp))
        total = (
            ""
            if e.total is None or not e.legal
            else _(" (total {total})").format(total=format_strength(e.total))
        )
        lines.append(_(LABEL_VALUE).format(label=f"{e.hex} {_(e.terrain)}", value=f"{mp}{total}"))
        lines.extend(f"    {s.line()}" for s in e.steps)
    if out.legal:
        cost = _("all MP") if out.cost is None else f"{format_strength(out.cost)} MP"
        lines.append(_("Legal. Cost: {cost}.").format(cost=cost))
    else:
        lines.append(_("Illegal: {reason}").format(reason=out.reason_text()))
    if out.stops_at:
        lines.append(_("The unit must stop at {hex}.").format(hex=out.stops_at))
    if out.disorganized:
        lines.append(
            "[6.2] " + _("The unit becomes disorganized (or loses 1 strength if it already is).")
        )
    if out.reachable is not None:
        lines.append(_("Reachable hexes ({n}):").format(n=len(out.reachable)))
        items = sorted(out.reachable.items(), key=lambda kv: (kv[1], kv[0]))
        row: list[str] = []
        for h, c in items:
            row.append(f"{h}:{format_strength(c)}")
            if len(row) == 8:
                lines.append("  " + "  ".join(row))
                row = []
        if row:
            lines.append("  " + "  ".join(row))
    return "\n".join(lines)


def _mp_word(legal: bool, mp: Fraction | None) -> str:
    """A hex's MP as a message id (translated where shown)."""
    if not legal:
        return N_("cannot enter")
    return N_("all MP") if mp is None else f"{format_strength(mp)} MP"


def build(values: dict[str, Any], game: str) -> dict[str, Any]:
    """The form's values as this calculator's input (the unit's fields make `unit`)."""
    data = drop_blanks(values, game)
    data["unit"] = {k: data.pop(k) for k in ("side", "kind", "strength") if k in data}
    data["enemy_units"] = [{"hex": h} for h in data.pop("enemy", [])]
    return data


def _specs() -> list[Spec]:
    path = spec_for(Input, "path", help=N_("the hexes in order, the start hex first (6.1)"))
    path.example = "0101 0102 0201"
    return [
        spec_for(
            Input,
            "map",
            help=N_("a map file (TOML or JSON) or a built-in map id such as example (2.3)"),
        ),
        spec_for(MovingUnitIn, "side", help=N_("the moving unit's side (6.1)")),
        spec_for(MovingUnitIn, "kind", help=N_("infantry, cavalry or artillery (6.1)")),
        spec_for(MovingUnitIn, "strength", help=N_("the unit's strength (the ferry penalty, 6.2)")),
        path,
        spec_for(
            Input,
            "movement_allowance",
            flag="mp",
            help=N_("the movement allowance: also lists every hex it reaches (6.1)"),
        ),
        spec_for(Input, "rain", help=N_("a rain turn (12.0)")),
        Spec(
            "enemy",
            N_("Enemy units at"),
            "hexes",
            optional=True,
            source="enemy_units",
            help=N_("hexes holding enemy units, which exert ZOC (2.4, 6.2)"),
        ),
    ]


FORM = Form(
    specs=_specs(),
    build=build,
    unset=(
        Unset("movement_allowance", None, N_("no movement allowance: no reach")),
        Unset("rain", False, N_("no rain")),
        Unset("enemy_units", [], N_("no enemy units")),
    ),
)

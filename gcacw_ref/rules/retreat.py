"""Retreats, routs and cavalry retreats (7.6, 7.7): each neighbour's retreat type, the choice.

One call looks at one hex of a retreat: which table applies to it, what retreat type each
of the six neighbours is, its priority number and strength loss, and the neighbours the
unit must choose between. The engine repeats it hex by hex. The tables themselves, and
which one a hex uses, are `retreat_tables`.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.retreat_tables import (
    LENGTH_OF,
    Kind,
    RetreatRow,
    retreat_length,
    retreat_table_number,
    retreat_tables,
    slash_loss,
    uses_left_figure,
)
from gcacw_ref.rules.terrain import closed_terrain


class RetreatHex(BaseModel):
    """One neighbour of the hex the unit is retreating from (7.6)."""

    model_config = ConfigDict(extra="forbid")

    prohibited: StrictBool = Field(
        default=False,
        description="a retreat restriction forbids it (terrain, river, map edge, start hex...)",
    )
    active_enemy: StrictBool = Field(default=False, description="holds the active enemy unit")
    enemy_units: StrictBool = Field(default=False, description="holds enemy units")
    enemy_zoc: StrictBool = Field(default=False, description="in an enemy ZOC (limited included)")
    road: StrictBool = Field(
        default=False, description="entered across road, pike, trail or railroad, or to/from a city"
    )
    friendly_units: StrictBool = Field(default=False, description="holds friendly units")
    farther: StrictBool = Field(
        default=False, description="farther from the active enemy unit than the hex being left"
    )
    closer: StrictBool = Field(
        default=False, description="closer to the active enemy unit (not allowed, 7.6)"
    )
    city: StrictBool = Field(
        default=False, description="the neighbour is a city hex (counts as road)"
    )


def along_road(h: RetreatHex, from_city: bool) -> bool:
    """7.6: a retreat counts as along a road when it crosses a road, pike, trail or railroad
    hexside, or enters or leaves a city hex."""
    return h.road or h.city or from_city


def retreat_may_enter(terrain: str, road: bool, rain: bool) -> bool:
    """7.6 (12.0 in rain): a retreat may enter a mountain or swamp hex, or a provisional
    swamp on a rain turn, only across a road, pike, trail or railroad hexside. The rule
    limits entering only: leaving such a hex is unrestricted."""
    return road or not closed_terrain(terrain, rain)


CLOSER_READING = "retreat-closer-measured-from"
"""The register entry on how 7.6's closeness to the active enemy unit is measured."""


def closer_reading_step(n: int) -> Step:
    """The step naming the register reading when closeness decides retreat hex `n` (7.6)."""
    return Step(
        rule="7.6",
        label=N_(
            "hex {n}: nearer to the active enemy unit than the hex being left (register {register})"
        ),
        args={"n": n, "register": CLOSER_READING},
    )


def hex_allowed(h: RetreatHex) -> tuple[bool, str | None]:
    """7.6 restrictions: the caller's prohibitions, the active enemy's hex, closer hexes."""
    if h.prohibited:
        return False, N_("a retreat restriction forbids it")
    if h.active_enemy:
        return False, N_("holds the active enemy unit")
    if h.closer:
        return False, N_("closer to the active enemy unit")
    return True, None


def retreat_type(table: int, h: RetreatHex) -> RetreatRow:
    """7.6 step 2: the retreat type a move into this hex matches in the given table."""
    rows = retreat_tables().table1 if table == 1 else retreat_tables().table2
    for row in rows:
        if row.enemy != h.enemy_units:
            continue
        if row.enemy:
            return row
        if row.zoc is not None and row.zoc != h.enemy_zoc:
            continue
        if row.farther is not None and row.farther != h.farther:
            continue
        if row.road is not None and row.road != h.road:
            continue
        return row
    raise InputError(_("neighbors: no retreat type matches"))  # pragma: no cover


def retreat_loss(kind: Kind, row: RetreatRow, h: RetreatHex) -> tuple[int, bool]:
    """Strength lost entering the hex, and whether the unit is eliminated (cavalry
    retreat into an enemy-occupied hex, 7.7 step 3; cavalry retreats take no loss)."""
    if kind == "cavalry":
        return 0, row.enemy
    return slash_loss(row, h.road, h.friendly_units), False


class RetreatOption(BaseModel):
    """One neighbour as a retreat sees it (7.6): allowed or not, its priority and loss."""

    model_config = ConfigDict(frozen=True)

    allowed: bool
    priority: int | None
    strength_loss: int | None
    type: str | None
    eliminated: bool
    label: str = Field(description="the retreat type in words, or why the hex is not allowed")


def not_allowed(why: str) -> RetreatOption:
    """A neighbour the unit may not enter, and why (7.6)."""
    return RetreatOption(
        allowed=False, priority=None, strength_loss=None, type=None, eliminated=False, label=why
    )


def allowed_option(
    priority: int, loss: int | None, kind: str | None, dies: bool, label: str
) -> RetreatOption:
    """A neighbour the unit may enter: its priority, loss and retreat type (7.6)."""
    return RetreatOption(
        allowed=True,
        priority=priority,
        strength_loss=loss,
        type=kind,
        eliminated=dies,
        label=label,
    )


def must_choose(options: list[RetreatOption], override: bool = False) -> list[int]:
    """7.6 step 3: the allowed neighbours with the lowest priority number; with the
    one-time override (surrender otherwise unavoidable) every allowed neighbour."""
    allowed = [i for i, o in enumerate(options) if o.allowed]
    if override or not allowed:
        return allowed
    best = min(options[i].priority or 99 for i in allowed)
    return [i for i in allowed if options[i].priority == best]


class RetreatStep(BaseModel):
    """One hex of a retreat (7.6, 7.7): the calculator's result as it is (`calc retreat
    --json`), declared once here."""

    model_config = ConfigDict(frozen=True)

    table: int
    options: list[RetreatOption]
    must_choose: list[int]
    surrender: bool
    min_hexes: int
    max_hexes: int
    steps: list[Step]


def retreat_step(
    kind: Kind,
    hex_number: int,
    in_enemy_zoc: bool,
    neighbors: list[RetreatHex],
    override: bool = False,
    from_city: bool = False,
) -> RetreatStep:
    """7.6/7.7 for one hex of a retreat: table, six options, the hexes to choose between."""
    if len(neighbors) != 6:
        raise InputError(
            _("neighbors: exactly six hexes are needed (got {count})").format(count=len(neighbors))
        )
    table, first = retreat_table_number(kind, hex_number, in_enemy_zoc)
    lo, hi = retreat_length(kind)
    steps = [
        Step(
            rule="7.6" if kind != "cavalry" else "7.7",
            label=LENGTH_OF[kind],
            value=N_("{lo}-{hi} hexes"),
            args={"lo": lo, "hi": hi},
        ),
        first,
    ]
    if from_city:
        steps.append(
            Step(rule="7.6", label=N_("leaving a city hex: every way out counts as a road"))
        )
    options: list[RetreatOption] = []
    for i, given in enumerate(neighbors):
        h = given
        if not given.road and along_road(given, from_city):
            h = given.model_copy(update={"road": True})
            if given.city and not from_city and hex_allowed(h)[0]:
                steps.append(
                    Step(
                        rule="7.6",
                        label=N_("hex {n}: entering a city hex counts as a road"),
                        args={"n": i + 1},
                    )
                )
        ok, why_not = hex_allowed(h)
        if not ok:
            options.append(not_allowed(why_not or ""))
            steps.append(
                Step(rule="7.6", label=N_("hex {n} not allowed"), value=why_not, args={"n": i + 1})
            )
            if h.closer and not h.prohibited and not h.active_enemy:
                steps.append(closer_reading_step(i + 1))
            continue
        row = retreat_type(table, h)
        loss, dies = retreat_loss(kind, row, h)
        how: list[str] = []
        if "/" in row.loss:
            if uses_left_figure(row, h.road, h.friendly_units):
                how.append(
                    N_("{loss}: left figure, along a road")
                    if h.road
                    else N_("{loss}: left figure, friendly-occupied")
                )
            elif row.slash == "road":
                how.append(N_("{loss}: right figure, no road"))
            else:
                how.append(N_("{loss}: right figure, no road or friends"))
        if kind == "cavalry":
            how.append(
                N_("cavalry retreat: no loss; eliminated entering enemy units")
                if dies
                else N_("cavalry retreat: no loss")
            )
        options.append(
            allowed_option(row.priority, None if dies else loss, row.type, dies, row.label)
        )
        label = {
            0: N_("hex {n}: {type}"),
            1: N_("hex {n}: {type} ({how})"),
            2: N_("hex {n}: {type} ({how}; {how2})"),
        }[len(how)]
        args: dict[str, str | int] = {"n": i + 1, "type": row.label, "loss": row.loss}
        args.update(zip(("how", "how2"), how, strict=False))
        if dies:
            value = N_("priority {priority}, loss eliminated")
        else:
            value = N_("priority {priority}, loss {strength_loss}")
            args["strength_loss"] = loss
        args["priority"] = row.priority
        steps.append(
            Step(rule="7.7" if kind == "cavalry" else "7.6", label=label, value=value, args=args)
        )
    chosen = must_choose(options, override)
    surrender = not chosen
    if surrender:
        steps.append(Step(rule="7.6", label=N_("no hex can be entered: the unit surrenders")))
    elif override:
        steps.append(
            Step(rule="7.6", label=N_("priority ignored once (surrender otherwise unavoidable)"))
        )
    else:
        names = ", ".join(str(i + 1) for i in chosen)
        steps.append(
            Step(
                rule="7.6",
                label=N_("lowest priority number wins"),
                value=N_("hex {names}"),
                args={"names": names},
            )
        )
    if any(options[i].type == "enemy" for i in chosen) and kind != "cavalry":
        steps.append(
            Step(rule="7.6", label=N_("a retreat may not end among enemy units; it goes on"))
        )
    return RetreatStep(
        table=table,
        options=options,
        must_choose=chosen,
        surrender=surrender,
        min_hexes=lo,
        max_hexes=hi,
        steps=steps,
    )

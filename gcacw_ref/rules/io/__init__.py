"""The calculators' machine interface (DESIGN.md, `calc NAME`).

Each module here is one calculator and defines:

- `Input` — a pydantic model of the JSON input (its JSON schema is `calc NAME --schema`);
- `Output` — a pydantic model of the JSON output (always with `steps: list[Step]`);
- `run(inp: Input) -> Output` — calls the pure rules functions, raises `InputError`/`RuleError`;
- `render(out: Output) -> str` — the readable breakdown for the terminal;
- `FORM` — the fields a player gives, in order, for the TUI form and the command line's
  flags (`fields.Form`).

The CLI and the TUI both go through these modules; the rule logic lives in the modules of
`gcacw_ref.rules` that they call. `RULES_CALCULATORS` names the calculators of the rules
core, each with its one title; the typed registry with the map layer's `move` is
`gcacw_ref.calculators` (nothing here imports the game layer).
"""

from __future__ import annotations

from dataclasses import dataclass

from gcacw_ref.i18n import N_


@dataclass(frozen=True)
class Entry:
    """A calculator's name, its title (menus, tabs, headings) and one line saying what it
    answers (help), both English message ids; `module` holds its `Input`, `run`, ..."""

    name: str
    title: str
    summary: str
    module: str


RULES_CALCULATORS: tuple[Entry, ...] = (
    Entry(
        "odds",
        N_("Odds column"),
        N_("strength ratio, its die modifier and both chart columns (7.2, 7.4)"),
        "gcacw_ref.rules.io.odds",
    ),
    Entry(
        "combat",
        N_("Combat"),
        N_("one whole attack: odds, modifiers, result and its chances (7.1-7.5)"),
        "gcacw_ref.rules.io.combat",
    ),
    Entry(
        "artillery",
        N_("Artillery"),
        N_("the artillery die modifier (7.4)"),
        "gcacw_ref.rules.io.artillery",
    ),
    Entry(
        "flank",
        N_("Flank"),
        N_("the attacker's flank die modifier (7.4, 7.8)"),
        "gcacw_ref.rules.io.flank",
    ),
    Entry(
        "march",
        N_("March"),
        N_("extended march, movement allowance and forced march (5.1, 5.2)"),
        "gcacw_ref.rules.io.march",
    ),
    Entry(
        "retreat",
        N_("Retreat"),
        N_("where a retreating unit must go, hex by hex (7.6, 7.7)"),
        "gcacw_ref.rules.io.retreat",
    ),
)


def title_of(name: str) -> str:
    """The title of rules calculator `name` (an English message id)."""
    return next(e.title for e in RULES_CALCULATORS if e.name == name)

"""The calculators' machine interface (DESIGN.md, `calc NAME`).

Each module here is one calculator and defines:

- `TITLE: str` — a short English name for menus;
- `Input` — a pydantic model of the JSON input (its JSON schema is `calc NAME --schema`);
- `Output` — a pydantic model of the JSON output (always with `steps: list[Step]`);
- `run(inp: Input) -> Output` — calls the pure rules functions, raises `InputError`/`RuleError`;
- `render(out: Output) -> str` — the readable breakdown for the terminal.

The CLI and the TUI both go through these modules; the rule logic lives in the
modules of `gcacw_ref.rules` that they call. `RULES_CALCULATORS` lists the calculators of
the rules core; the full list with the map layer's `move`, and `calculator(name)`, are
in `gcacw_ref.calculators` (nothing here imports the game layer).
"""

from __future__ import annotations

RULES_CALCULATORS: dict[str, str] = {
    "odds": "gcacw_ref.rules.io.odds",
    "combat": "gcacw_ref.rules.io.combat",
    "artillery": "gcacw_ref.rules.io.artillery",
    "flank": "gcacw_ref.rules.io.flank",
    "march": "gcacw_ref.rules.io.march",
    "retreat": "gcacw_ref.rules.io.retreat",
}

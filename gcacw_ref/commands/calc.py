"""`gcacw-ref calc NAME [FIELDS as flags | --input FILE|-] [--json]`, `calc NAME --schema`,
`ref`, `discrepancies`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pydantic import ValidationError

from gcacw_ref.calculators import CALCULATORS, ENTRIES, Calculator, calculator
from gcacw_ref.commands import Parser, command_help
from gcacw_ref.errors import InputError, one_line
from gcacw_ref.i18n import N_, _, current_language, join_list, ngettext
from gcacw_ref.paths import read_stdin_text, read_user_text
from gcacw_ref.rules.io.fields import (
    Spec,
    left_at_default,
    missing,
    read_text,
    shown_option,
    shown_options,
)
from gcacw_ref.rules.io.notation import NO_CHOICE, parse_hexes
from gcacw_ref.rules.tables import describe_validation_error
from gcacw_ref.settings import player_game
from gcacw_ref.terminal import style


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    names = "; ".join(f"{e.name}: {_(e.summary)}" for e in ENTRIES)
    p = sub.add_parser(
        "calc",
        help=command_help("calc"),
        description=_(
            "Run a calculator. `calc NAME --help` lists its fields as flags, each with its "
            "meaning and rule; `calc NAME --input FILE|-` reads the JSON input instead."
        ),
    )
    p.add_argument("name", choices=list(CALCULATORS), metavar="NAME", help=names)
    p.add_argument(
        "rest",
        nargs=argparse.REMAINDER,
        metavar="...",
        help=_("the calculator's fields and options (see calc NAME --help)"),
    )
    p.set_defaults(func=cmd_calc)

    r = sub.add_parser(
        "ref",
        help=command_help("ref"),
    )
    r.add_argument("--json", action="store_true", help=_("print it as JSON"))
    r.set_defaults(func=cmd_ref)

    d = sub.add_parser("discrepancies", help=command_help("discrepancies"))
    d.add_argument("--json", action="store_true", help=_("print the register as JSON"))
    d.set_defaults(func=cmd_discrepancies)


def calc_parser(calc: Calculator[Any, Any]) -> argparse.ArgumentParser:
    """`gcacw-ref calc NAME`'s own options: its form's fields as flags, in the form's order."""
    form = calc.form
    p = Parser(
        prog=f"gcacw-ref calc {calc.name}",
        description=f"{_(calc.title)}: {_(calc.summary)}",
    )
    for spec in form.specs:
        text = _(spec.help) if spec.help else _(spec.label)
        if spec.key in form.positional:
            p.add_argument(spec.key, nargs="?", metavar=spec.key.upper(), help=text)
            continue
        if spec.kind == "bool":
            if spec.default:
                p.add_argument(spec.option, action=argparse.BooleanOptionalAction, help=text)
            else:
                p.add_argument(spec.option, action="store_true", default=None, help=text)
            continue
        choices = [o for o in spec.options if o != NO_CHOICE] if spec.options else None
        if spec.kind == "tristate":
            choices = ["yes", "no"]
        if choices:
            text += " " + _("[{choices}]").format(choices=shown_options(choices))
            if spec.default not in (None, NO_CHOICE):
                text += " " + _("(default {value})").format(value=shown_option(str(spec.default)))
        elif spec.example is not None:
            text += " " + _("(e.g. {example})").format(example=spec.example)
        p.add_argument(spec.option, dest=spec.key, metavar=_metavar(spec), help=text)
    if form.hexes is not None:
        p.add_argument("--hexes", metavar="H1,…,H6", help=_(form.hexes_help))
    p.add_argument(
        "--input", "-i", metavar="FILE", help=_("read the JSON input from FILE, or - for stdin")
    )
    p.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    p.add_argument("--schema", action="store_true", help=_("print the JSON schema of the input"))
    return p


def _metavar(spec: Spec) -> str:
    if spec.kind in ("select", "tristate"):
        return "CHOICE"
    return {"units": "UNITS", "hexes": "HEXES", "strength": "N", "int": "N"}.get(spec.kind, "TEXT")


def read_json_input(source: str) -> Any:  # noqa: ANN401 -- JSON in; the model validates it
    """Read a JSON document from a regular file or `-` (stdin), at most `MAX_INPUT_BYTES`."""
    # lazy: loaded only by the subcommand that needs it; --help stays fast
    from gcacw_ref.jsonin import parse_json

    text = read_stdin_text() if source == "-" else read_user_text(source)
    if not text.strip():
        raise InputError(
            _("{source}: empty input; expected a JSON object").format(source=one_line(source))
        )
    return parse_json(text, source)


def flag_values(calc: Calculator[Any, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The form's values from the flags, read by the same parser as the TUI form; a field
    not given keeps what the form starts with (a choice's rule default, else blank)."""
    form = calc.form
    values: dict[str, Any] = {}
    for spec in form.specs:
        given = getattr(args, spec.key, None)
        if spec.kind == "bool":
            values[spec.key] = bool(spec.default) if given is None else bool(given)
            continue
        text = spec.default if given is None and spec.kind == "select" else given
        try:
            values[spec.key] = read_text(spec, None if text is None else str(text))
        except ValueError as exc:
            where = spec.key.upper() if spec.key in form.positional else spec.option
            message, prefix = str(exc), _(spec.label) + ": "
            raise InputError(f"{where}: {message.removeprefix(prefix)}") from None
    if form.hexes is not None:
        text = args.hexes
        try:
            values["hexes"] = (
                parse_hexes(text, form.hexes, strength=calc.name == "flank") if text else None
            )
        except ValueError as exc:
            raise InputError(str(exc)) from None
    return values


def _given_fields(calc: Calculator[Any, Any], args: argparse.Namespace) -> list[str]:
    names = [s.key for s in calc.form.specs if getattr(args, s.key, None) is not None]
    if calc.form.hexes is not None and args.hexes is not None:
        names.append("hexes")
    return names


def cmd_calc(args: argparse.Namespace) -> int:
    calc = calculator(args.name)
    try:
        opts = calc_parser(calc).parse_args(args.rest)
    except SystemExit as exc:  # --help (printed) or a usage error (one line, printed)
        return int(exc.code or 0)
    if opts.schema:
        print(json.dumps(calc.Input.model_json_schema(), indent=2, ensure_ascii=False))
        return 0
    game, source = player_game(getattr(args, "player_game", None))
    form = calc.form
    if opts.input:
        if _given_fields(calc, opts):
            raise InputError(
                _("calc {name}: give either --input or the fields as flags, not both").format(
                    name=calc.name
                )
            )
        data = read_json_input(opts.input)
        if form.uses_game and isinstance(data, dict) and "game" not in data and source != "default":
            data["game"] = game
    else:
        values = flag_values(calc, opts)
        absent = missing(form, values)
        if absent:
            shown = ", ".join(
                s.key.upper() if s.key in form.positional else s.option for s in absent
            )
            raise InputError(
                _("calc {name}: give {fields} (or --input FILE; see --help)").format(
                    name=calc.name, fields=shown
                )
            )
        try:
            data = form.build(values, game)
        except ValueError as exc:
            raise InputError(str(exc)) from None
    try:
        inp = calc.Input.model_validate(data)
    except ValidationError as exc:
        raise InputError(describe_validation_error(f"calc {calc.name} input", exc)) from None
    out = calc.run(inp)
    if opts.json:
        print(out.model_dump_json(indent=2))
        return 0
    print(calc.render(out))
    notes = []
    if form.uses_game:
        used = inp.model_dump().get("game") or game
        notes.append(_("Game: {game}").format(game=used))
    left = left_at_default(form, data if isinstance(data, dict) else {})
    if left:
        notes.append(_("Left at the rule default: {items}").format(items=join_list(left)))
    if notes:
        print()
        print("\n".join(notes))
    return 0


def cmd_ref(args: argparse.Namespace) -> int:
    """The quick reference, each line with the rule it sums up (`rule` opens it)."""
    # lazy: loaded only by the subcommand that needs it; --help stays fast
    from gcacw_ref.reference import load_reference, render_reference

    if args.json:
        lang = current_language()
        doc = [
            {
                "id": s.id,
                "title": s.title(lang),
                "lines": [{"rule": ln.rule, "text": ln.text(lang)} for ln in s.line],
            }
            for s in load_reference().section
        ]
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return 0
    bold = sys.stdout.isatty()
    print(render_reference(bold=style("1") if bold else "", plain=style("0") if bold else ""))
    return 0


REGISTER_KINDS = (N_("conflict"), N_("gap"))


def cmd_discrepancies(args: argparse.Namespace) -> int:
    # lazy: loaded only by the subcommand that needs it; --help stays fast
    from gcacw_ref.rules.register import load_register

    entries = load_register()
    if args.json:
        print(json.dumps([e.model_dump() for e in entries], indent=2, ensure_ascii=False))
        return 0
    lang = current_language()
    for e in entries:
        kind = _(e.kind)
        rules = ", ".join(e.rules)
        print(
            _("[{kind}] {id} — {topic} (rules {rules})").format(
                kind=kind, id=e.id, topic=e.topic_in(lang), rules=rules
            )
        )
        print(_("  rules text: {rules_text}").format(rules_text=e.rules_text_in(lang)))
        print(_("  charts:     {charts}").format(charts=e.charts_in(lang)))
        print(_("  reading:    {reading}").format(reading=e.reading_in(lang)))
        print(_("  why:        {why}").format(why=e.why_in(lang)))
        print()
    print(ngettext("{count} entry", "{count} entries", len(entries)).format(count=len(entries)))
    return 0

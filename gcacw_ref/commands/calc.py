"""`gcacw-ref calc NAME --input FILE|- [--json]`, `calc NAME --schema`, `discrepancies`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pydantic import ValidationError

from gcacw_ref.calculators import CALCULATORS, calculator
from gcacw_ref.errors import InputError, one_line
from gcacw_ref.i18n import N_, _, current_language, ngettext
from gcacw_ref.paths import read_stdin_text, read_user_text
from gcacw_ref.rules.tables import describe_validation_error


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("calc", help=_("run a calculator on a JSON input"))
    p.add_argument("name", choices=list(CALCULATORS), metavar="NAME", help=", ".join(CALCULATORS))
    p.add_argument("--input", "-i", metavar="FILE", help=_("JSON input file, or - for stdin"))
    p.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    p.add_argument("--schema", action="store_true", help=_("print the JSON schema of the input"))
    p.set_defaults(func=cmd_calc)

    r = sub.add_parser(
        "ref",
        help=_("quick reference: sequence of play, actions, combat, retreat, recovery"),
    )
    r.add_argument("--json", action="store_true", help=_("print it as JSON"))
    r.set_defaults(func=cmd_ref)

    d = sub.add_parser("discrepancies", help=_("list the register of conflicts and gaps"))
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=cmd_discrepancies)


def read_json_input(source: str) -> Any:
    """Read a JSON document from a regular file or `-` (stdin), at most `MAX_INPUT_BYTES`."""
    # lazy: loaded only by the subcommand that needs it; --help stays fast
    from gcacw_ref.jsonin import parse_json

    text = read_stdin_text() if source == "-" else read_user_text(source)
    if not text.strip():
        raise InputError(
            _("{source}: empty input; expected a JSON object").format(source=one_line(source))
        )
    return parse_json(text, source)


def cmd_calc(args: argparse.Namespace) -> int:
    module = calculator(args.name)
    if args.schema:
        print(json.dumps(module.Input.model_json_schema(), indent=2, ensure_ascii=False))
        return 0
    if not args.input:
        raise InputError(_("calc needs --input FILE (or - for stdin), or --schema"))
    data = read_json_input(args.input)
    try:
        inp = module.Input.model_validate(data)
    except ValidationError as exc:
        raise InputError(describe_validation_error(f"calc {args.name} input", exc)) from None
    out = module.run(inp)
    if args.json:
        print(out.model_dump_json(indent=2))
    else:
        print(module.render(out))
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
    print(render_reference(bold="\033[1m" if bold else "", plain="\033[0m" if bold else ""))
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
        if lang == "ja":
            print(_("  reading:    {reading}").format(reading=e.reading_in(lang)))
            print(_("  (the sources' details, in English:)"))
        print(_("  rules text: {rules_text}").format(rules_text=e.rules_text))
        print(_("  charts:     {charts}").format(charts=e.charts))
        if lang != "ja":
            print(_("  reading:    {reading}").format(reading=e.reading))
        print(_("  why:        {why}").format(why=e.why))
        print()
    print(ngettext("{count} entry", "{count} entries", len(entries)).format(count=len(entries)))
    return 0

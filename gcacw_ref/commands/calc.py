"""`gcacw-ref calc NAME --input FILE|- [--json]`, `calc NAME --schema`, `discrepancies`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pydantic import ValidationError

from gcacw_ref.calculators import CALCULATORS, calculator
from gcacw_ref.errors import InputError
from gcacw_ref.paths import read_user_text
from gcacw_ref.rules.tables import describe_validation_error


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("calc", help="run a calculator on a JSON input")
    p.add_argument("name", choices=list(CALCULATORS), metavar="NAME", help=", ".join(CALCULATORS))
    p.add_argument("--input", "-i", metavar="FILE", help="JSON input file, or - for stdin")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--schema", action="store_true", help="print the JSON schema of the input")
    p.set_defaults(func=cmd_calc)

    d = sub.add_parser("discrepancies", help="list the register of conflicts and gaps")
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=cmd_discrepancies)


def read_json_input(source: str) -> Any:
    """Read a JSON document from a path or `-` (stdin)."""
    text = sys.stdin.read() if source == "-" else read_user_text(source)
    if not text.strip():
        raise InputError(f"{source}: empty input; expected a JSON object")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}: not valid JSON ({exc.msg}, line {exc.lineno})") from None


def cmd_calc(args: argparse.Namespace) -> int:
    module = calculator(args.name)
    if args.schema:
        print(json.dumps(module.Input.model_json_schema(), indent=2, ensure_ascii=False))
        return 0
    if not args.input:
        raise InputError("calc needs --input FILE (or - for stdin), or --schema")
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


def cmd_discrepancies(args: argparse.Namespace) -> int:
    from gcacw_ref.rules.register import load_register

    entries = load_register()
    if args.json:
        print(json.dumps([e.model_dump() for e in entries], indent=2, ensure_ascii=False))
        return 0
    for e in entries:
        print(f"[{e.kind}] {e.id} — {e.topic} (rules {', '.join(e.rules)})")
        print(f"  rules text: {e.rules_text}")
        print(f"  charts:     {e.charts}")
        print(f"  reading:    {e.reading}")
        print(f"  why:        {e.why}")
        print()
    print(f"{len(entries)} entries")
    return 0

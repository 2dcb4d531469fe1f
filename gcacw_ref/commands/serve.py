"""`gcacw-ref serve [--host H] [--port P] [--max-sessions N] [--idle-minutes M] [--open]`."""

from __future__ import annotations

import argparse
import os
import sys

from gcacw_ref.commands import command_help
from gcacw_ref.errors import InputError, quoted
from gcacw_ref.i18n import ENV_VAR, _

MAX_SESSIONS = 64


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        help=command_help("serve"),
        description=_(
            "Serve the whole app to web browsers, each tab its own app on the same data "
            "directory. It listens on 127.0.0.1 unless --host says otherwise; every address "
            "it prints carries a random access token, and requests without it are refused."
        ),
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help=_("address to listen on (default 127.0.0.1; 0.0.0.0 for the whole network)"),
    )
    p.add_argument("--port", type=int, default=8000, help=_("port (default 8000; 0 picks one)"))
    p.add_argument(
        "--max-sessions",
        type=int,
        default=4,
        metavar="N",
        help=_("most app sessions at once (default 4)"),
    )
    p.add_argument(
        "--idle-minutes",
        type=float,
        default=30.0,
        metavar="M",
        help=_("end a session after this many minutes without input (default 30)"),
    )
    p.add_argument("--open", action="store_true", help=_("open the address in a browser here"))
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    # lazy: the web server and the TUI load only for this subcommand; --help stays fast
    from gcacw_ref.serve import new_token, run, valid_host
    from gcacw_ref.serve.server import ServeConfig
    from gcacw_ref.tui.touch import ENV_VAR as TOUCH_VAR

    if not valid_host(args.host):
        raise InputError(
            _("--host must be an IP address or a host name, not {value}").format(
                value=quoted(args.host)
            )
        )
    if not 0 <= args.port <= 65535:
        raise InputError(_("--port must be 0 to 65535, not {value}").format(value=args.port))
    if not 1 <= args.max_sessions <= MAX_SESSIONS:
        raise InputError(
            _("--max-sessions must be 1 to {most}, not {value}").format(
                most=MAX_SESSIONS, value=args.max_sessions
            )
        )
    if not args.idle_minutes > 0:
        raise InputError(_("--idle-minutes must be more than 0"))
    env = dict(os.environ)
    env[TOUCH_VAR] = "1"  # the apps show their touch bar
    if getattr(args, "lang_option", None):  # `--lang` given to serve: the apps speak it too
        env[ENV_VAR] = args.lang_option
    config = ServeConfig(
        token=new_token(),
        max_sessions=args.max_sessions,
        idle_s=args.idle_minutes * 60,
        app_argv=[sys.executable, "-m", "gcacw_ref"],
        env=env,
    )
    try:
        return run(config, args.host, args.port, open_browser=args.open)
    except OSError as exc:
        raise InputError(
            _("cannot listen on {host} port {port}: {why}").format(
                host=quoted(args.host), port=args.port, why=exc.strerror or exc
            )
        ) from None

"""Sub-commands of `gcacw-ref`. Each module has `register(subparsers)` and handlers.

Handlers return an exit code and raise `InputError` for a user's mistake; `cli.main`
turns that into one line on stderr and exit 2.
"""

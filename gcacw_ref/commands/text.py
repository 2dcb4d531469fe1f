"""`books import|list|remove`, `search`, `rule` (owned by the text layer)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _
from gcacw_ref.layout import pad

if TYPE_CHECKING:
    from gcacw_ref.text.library import Library


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    books = sub.add_parser("books", help=_("import, list and remove rulebooks"))
    bsub = books.add_subparsers(dest="books_command", metavar="ACTION")
    imp = bsub.add_parser("import", help=_("parse a rulebook file and store it"))
    imp.add_argument("file", help=_("the rulebook text file (UTF-8)"))
    imp.add_argument(
        "--id", dest="book_id", help=_("book id (default: recognised from the content)")
    )
    imp.add_argument("--json", action="store_true")
    imp.set_defaults(func=cmd_import)
    lst = bsub.add_parser("list", help=_("list imported books"))
    lst.add_argument("--json", action="store_true")
    lst.set_defaults(func=cmd_list)
    rem = bsub.add_parser("remove", help=_("remove an imported book"))
    rem.add_argument("book_id", metavar="ID")
    rem.set_defaults(func=cmd_remove)
    books.set_defaults(func=_books_help)

    srch = sub.add_parser("search", help=_("fuzzy search the imported rulebooks"))
    srch.add_argument(
        "query", nargs="+", help=_("Japanese or English term, typo welcome, or a number")
    )
    srch.add_argument("--book", help=_("search only this book id"))
    srch.add_argument("--limit", type=int, default=10, help=_("how many hits (default 10)"))
    srch.add_argument("--json", action="store_true")
    srch.set_defaults(func=cmd_search)

    rule = sub.add_parser("rule", help=_("print a rule with its neighbours"))
    rule.add_argument("number", help=_("7.4, ７．４, 5.1#延長行軍 or a sub-heading name"))
    rule.add_argument("--book", help=_("book id (default: gcacw if imported)"))
    rule.add_argument("--json", action="store_true")
    rule.set_defaults(func=cmd_rule)


def _books_help(args: argparse.Namespace) -> int:
    raise InputError(_("books: choose an action: import FILE, list, or remove ID"))


def _library() -> Library:
    from gcacw_ref.text.library import Library

    return Library()


def cmd_import(args: argparse.Namespace) -> int:
    info = _library().import_book(Path(args.file).expanduser(), args.book_id)
    if args.json:
        print(json.dumps(info.model_dump(), ensure_ascii=False, indent=2))
    else:
        print(
            _("imported {id} ({kind}): {title} — {sections} sections").format(
                id=info.id, kind=info.kind, title=info.title, sections=info.sections
            )
        )
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    infos = _library().books()
    if args.json:
        print(json.dumps([i.model_dump() for i in infos], ensure_ascii=False, indent=2))
        return 0
    if not infos:
        print(_("no books imported; run `gcacw-ref books import FILE`"))
        return 0
    width = max(len(i.id) for i in infos)
    for i in infos:
        print(
            _("{id}  {kind}  {sections:>4} sections  {title}").format(
                id=pad(i.id, width), kind=pad(i.kind, 10), sections=i.sections, title=i.title
            )
        )
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    _library().remove(args.book_id)
    print(_("removed {book_id}").format(book_id=args.book_id))
    return 0


def _mark(snippet: str, spans: list[tuple[int, int]], tty: bool) -> str:
    """The snippet with its highlighted spans in ANSI bold (tty) or [brackets]."""
    open_, close = ("\x1b[1m", "\x1b[0m") if tty else ("[", "]")
    out: list[str] = []
    pos = 0
    for start, end in sorted(spans):
        if start < pos:
            continue
        out.append(snippet[pos:start] + open_ + snippet[start:end] + close)
        pos = end
    out.append(snippet[pos:])
    return "".join(out)


def cmd_search(args: argparse.Namespace) -> int:
    query = " ".join(args.query)
    if not query.strip():
        raise InputError(_("search: the query is empty"))
    if args.limit < 1:
        raise InputError(
            _("search: --limit must be at least 1 (got {limit})").format(limit=args.limit)
        )
    hits = _library().search(query, book=args.book, limit=args.limit)
    if args.json:
        print(json.dumps([h.model_dump() for h in hits], ensure_ascii=False, indent=2))
        return 0
    if not hits:
        print(_("no matches for {query!r}").format(query=query))
        return 0
    tty = sys.stdout.isatty()
    for h in hits:
        where = f"{h.section} {h.title}" + (f" › {h.anchor}" if h.anchor else "")
        print(f"{h.book} {where}  ({h.score:g})")
        print(f"    {_mark(h.snippet, h.highlights, tty)}")
    return 0


def cmd_rule(args: argparse.Namespace) -> int:
    lib = _library()
    view = lib.rule(args.number, book=args.book)
    if args.json:
        print(json.dumps(view.model_dump(), ensure_ascii=False, indent=2))
        return 0
    print(f"{view.book} {view.section} {view.title}".rstrip())
    print()
    print(view.text)
    print()

    def label(ref: str | None) -> str:
        if ref is None:
            return "-"
        try:
            return f"{ref} {lib.rule(ref, book=view.book).title}"
        except InputError:
            return ref

    print(_("parent:   {label}").format(label=label(view.parent)))
    print(_("children: {value}").format(value=", ".join(view.children) if view.children else "-"))
    print(_("previous: {label}").format(label=label(view.previous)))
    print(_("next:     {label}").format(label=label(view.next)))
    return 0

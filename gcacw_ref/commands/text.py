"""`books import|list|remove`, `search`, `rule` (owned by the text layer)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _

if TYPE_CHECKING:
    from gcacw_ref.text.library import Library


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    books = sub.add_parser("books", help="import, list and remove rulebooks")
    bsub = books.add_subparsers(dest="books_command", metavar="ACTION")
    imp = bsub.add_parser("import", help="parse a rulebook file and store it")
    imp.add_argument("file", help="the rulebook text file (UTF-8)")
    imp.add_argument("--id", dest="book_id", help="book id (default: recognised from the content)")
    imp.add_argument("--json", action="store_true")
    imp.set_defaults(func=cmd_import)
    lst = bsub.add_parser("list", help="list imported books")
    lst.add_argument("--json", action="store_true")
    lst.set_defaults(func=cmd_list)
    rem = bsub.add_parser("remove", help="remove an imported book")
    rem.add_argument("book_id", metavar="ID")
    rem.set_defaults(func=cmd_remove)
    books.set_defaults(func=_books_help)

    srch = sub.add_parser("search", help="fuzzy search the imported rulebooks")
    srch.add_argument(
        "query", nargs="+", help="Japanese or English term, typo welcome, or a number"
    )
    srch.add_argument("--book", help="search only this book id")
    srch.add_argument("--limit", type=int, default=10, help="how many hits (default 10)")
    srch.add_argument("--json", action="store_true")
    srch.set_defaults(func=cmd_search)

    rule = sub.add_parser("rule", help="print a rule with its neighbours")
    rule.add_argument("number", help="7.4, ７．４, 5.1#延長行軍 or a sub-heading name")
    rule.add_argument("--book", help="book id (default: gcacw if imported)")
    rule.add_argument("--json", action="store_true")
    rule.set_defaults(func=cmd_rule)


def _books_help(args: argparse.Namespace) -> int:
    raise InputError("books: choose an action: import FILE, list, or remove ID")


def _library() -> Library:
    from gcacw_ref.text.library import Library

    return Library()


def cmd_import(args: argparse.Namespace) -> int:
    info = _library().import_book(Path(args.file).expanduser(), args.book_id)
    if args.json:
        print(json.dumps(info.model_dump(), ensure_ascii=False, indent=2))
    else:
        print(f"imported {info.id} ({info.kind}): {info.title} — {info.sections} sections")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    infos = _library().books()
    if args.json:
        print(json.dumps([i.model_dump() for i in infos], ensure_ascii=False, indent=2))
        return 0
    if not infos:
        print("no books imported; run `gcacw-ref books import FILE`")
        return 0
    width = max(len(i.id) for i in infos)
    for i in infos:
        print(f"{i.id:<{width}}  {i.kind:<10}  {i.sections:>4} sections  {i.title}")
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    _library().remove(args.book_id)
    print(f"removed {args.book_id}")
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
        raise InputError("search: the query is empty")
    if args.limit < 1:
        raise InputError(f"search: --limit must be at least 1 (got {args.limit})")
    hits = _library().search(query, book=args.book, limit=args.limit)
    if args.json:
        print(json.dumps([h.model_dump() for h in hits], ensure_ascii=False, indent=2))
        return 0
    if not hits:
        print(f"no matches for {query!r}")
        return 0
    tty = sys.stdout.isatty()
    for k, h in enumerate(hits):
        where = f"{h.section} {h.title}" + (f" › {h.anchor}" if h.anchor else "")
        print(f"{h.book} {where}  ({h.score:g})")
        if k == 0 and h.passage:  # the top result: the sentences that answer
            print(f"    {_mark(h.passage, h.passage_highlights, tty)}")
            if h.see_also:
                lib = _library()
                names = [_see_also_name(lib, h.book, n) for n in h.see_also]
                print("    " + _("see also: {rules}").format(rules=", ".join(names)))
            if len(hits) > 1:
                print()
            continue
        print(f"    {_mark(h.snippet, h.highlights, tty)}")
    return 0


def _see_also_name(lib: Library, book: str, number: str) -> str:
    """ "7.7 騎兵退却" for a see-also rule (the number alone if it cannot be read)."""
    try:
        return f"{number} {lib.rule(number, book=book).title}"
    except InputError:
        return number


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

    print(f"parent:   {label(view.parent)}")
    print(f"children: {', '.join(view.children) if view.children else '-'}")
    print(f"previous: {label(view.previous)}")
    print(f"next:     {label(view.next)}")
    return 0

"""`books import|list|remove`, `search`, `rule` (owned by the text layer)."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from gcacw_ref.commands import command_help
from gcacw_ref.errors import InputError, one_line, printable
from gcacw_ref.gcpause import bulk_load, keep_until_exit
from gcacw_ref.i18n import _, join_list
from gcacw_ref.layout import pad
from gcacw_ref.terminal import style
from gcacw_ref.text import vector_pieces
from gcacw_ref.text.marks import align_tables, plain_with_spans, strip_bold
from gcacw_ref.text.models import as_json

if TYPE_CHECKING:
    from gcacw_ref.text.library import Library
    from gcacw_ref.text.models import Hit


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    books = sub.add_parser("books", help=command_help("books"))
    bsub = books.add_subparsers(dest="books_command", metavar="ACTION")
    imp = bsub.add_parser("import", help=_("parse a rulebook file and store it"))
    imp.add_argument("file", help=_("the rulebook text file (UTF-8)"))
    imp.add_argument(
        "--id", dest="book_id", help=_("book id (default: recognised from the content)")
    )
    imp.add_argument(
        "--replace",
        action="store_true",
        help=_("replace a book already imported under the same id (else: refused, exit 2)"),
    )
    imp.add_argument("--json", action="store_true", help=_("print the stored book as JSON"))
    imp.set_defaults(func=cmd_import)
    lst = bsub.add_parser("list", help=_("list imported books"))
    lst.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    lst.set_defaults(func=cmd_list)
    rem = bsub.add_parser("remove", help=_("remove an imported book"))
    rem.add_argument("book_id", metavar="ID", help=_("the id of the book to remove"))
    rem.set_defaults(func=cmd_remove)
    books.set_defaults(func=_books_help)

    srch = sub.add_parser("search", help=command_help("search"))
    srch.add_argument(
        "query", nargs="+", help=_("Japanese or English term, typo welcome, or a number")
    )
    srch.add_argument("--book", help=_("search only this book id"))
    srch.add_argument("--limit", type=int, default=10, help=_("how many hits (default 10)"))
    srch.add_argument("--json", action="store_true", help=_("print the hits as JSON, best first"))
    srch.set_defaults(func=cmd_search)

    rule = sub.add_parser("rule", help=command_help("rule"))
    rule.add_argument(
        "number",
        metavar="NUMBER|NAME",
        help=_(
            "a rule number (7.4, ７．４, 5.1#延長行軍), or a name in either language "
            '("extended march", 延長行軍): the best match as search ranks it opens, and the '
            "other close matches are listed"
        ),
    )
    rule.add_argument("--book", help=_("book id (default: gcacw if imported)"))
    rule.add_argument(
        "--json",
        action="store_true",
        help=_("print the rule as JSON (with the other close matches when found by name)"),
    )
    rule.set_defaults(func=cmd_rule)


def _books_help(args: argparse.Namespace) -> int:
    raise InputError(_("books: choose an action: import FILE, list, or remove ID"))


def _library() -> Library:
    # lazy: loaded only by the subcommand that needs it; --help stays fast
    from gcacw_ref.text.library import Library

    return Library()


def _notices(lib: Library) -> None:
    """Say on stderr which stored books were left out (damaged), one line each."""
    for problem in lib.problems:
        print(one_line(_("gcacw-ref: skipped: {problem}").format(problem=problem)), file=sys.stderr)


def cmd_import(args: argparse.Namespace) -> int:
    info = _library().import_book(Path(args.file).expanduser(), args.book_id, replace=args.replace)
    if args.json:
        print(json.dumps(as_json(info), ensure_ascii=False, indent=2))
    else:
        print(
            _("imported {id} ({kind}): {title} — {sections} sections").format(
                id=info.id, kind=info.kind, title=printable(info.title), sections=info.sections
            )
        )
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    lib = _library()
    infos = lib.books()
    _notices(lib)
    if args.json:
        print(json.dumps([as_json(i) for i in infos], ensure_ascii=False, indent=2))
        return 0
    if not infos and lib.problems:
        return 0
    if not infos:
        print(_("no books imported; run `gcacw-ref books import FILE`"))
        return 0
    width = max(len(i.id) for i in [*infos]) if infos else 2
    width = max(width, len("id"))
    heads = (_("id"), _("kind"), _("sections"), _("title"))
    print(
        f"{pad(heads[0], width)}  {pad(heads[1], 10)}  {pad(heads[2], 8, right=True)}  {heads[3]}"
    )
    for i in infos:
        print(f"{pad(i.id, width)}  {pad(i.kind, 10)}  {i.sections:>8}  {printable(i.title)}")
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    _library().remove(args.book_id)
    print(_("removed {book_id}").format(book_id=args.book_id))
    return 0


def _mark(snippet: str, spans: list[tuple[int, int]], tty: bool) -> str:
    """The snippet with its highlighted spans in ANSI reverse video (tty) or [brackets],
    and the rulebook's `**` emphasis in bold (tty) or plain (never the raw asterisks)."""
    plain, bold, spans = plain_with_spans(snippet, spans)
    marks: list[tuple[int, int, str]] = []  # (offset, order, code)
    if tty:
        for start, end in bold:
            marks += [(start, 1, style("1")), (end, 0, style("22"))]
        for start, end in spans:
            marks += [(start, 1, style("7")), (end, 0, style("27"))]
    else:
        pos = -1
        for start, end in sorted(spans):
            if start >= pos:
                marks += [(start, 1, "["), (end, 0, "]")]
                pos = end
    out: list[str] = []
    last = 0
    for offset, _order, code in sorted(marks):  # the book's text escaped, our marks not
        out.append(printable(plain[last:offset]) + code)
        last = offset
    out.append(printable(plain[last:]))
    return "".join(out)


def _shown(text: str, tty: bool) -> str:
    """Rule text for the terminal: tables aligned, `**` emphasis bold (tty) or unmarked."""
    out = []
    for line in align_tables(text).split("\n"):
        plain, bold = strip_bold(line)
        pieces, last = [], 0
        for start, end in bold if tty else ():  # the book's text escaped, our bold not
            pieces += [printable(plain[last:start]), style("1"), printable(plain[start:end])]
            pieces.append(style("22"))
            last = end
        out.append("".join([*pieces, printable(plain[last:])]))
    return "\n".join(out)


def _building_on_stderr() -> vector_pieces.Listener:
    """A big book's first question: how far its meaning vectors are, on stderr (a line
    at the start and at the end; on a terminal, the count kept up to date between)."""
    tty = sys.stderr.isatty()

    def tell(done: int, total: int) -> None:
        if done == 0:
            start = _(
                "preparing the book for questions (once): {total} passages; "
                "Ctrl-C stops, and the next question goes on from there"
            )
            print(start.format(total=f"{total:,}"), file=sys.stderr, flush=True)
        elif tty and done < total:
            line = _("{done} of {total} passages").format(done=f"{done:,}", total=f"{total:,}")
            print(f"\r{line}", end="", file=sys.stderr, flush=True)
        elif done == total:
            ready = _("{total} passages ready").format(total=f"{total:,}")
            print(("\r" if tty else "") + ready, file=sys.stderr, flush=True)

    return tell


def cmd_search(args: argparse.Namespace) -> int:
    query = " ".join(args.query)
    if not query.strip():
        raise InputError(_("search: the query is empty"))
    if args.limit < 1:
        raise InputError(
            _("search: --limit must be at least 1 (got {limit})").format(limit=args.limit)
        )
    lib = _library()
    # one question per process: what it loads lives until the exit
    with bulk_load(), vector_pieces.listening(_building_on_stderr()):
        hits = lib.search(query, book=args.book, limit=args.limit)
        if getattr(args, "whole_process", False):
            keep_until_exit()
    _notices(lib)
    if args.json:
        print(json.dumps([as_json(h) for h in hits], ensure_ascii=False, indent=2))
        return 0
    if not hits:
        print(_("no matches for {query!r}").format(query=query))
        return 0
    tty = sys.stdout.isatty()
    for k, h in enumerate(hits):
        where = printable(f"{h.section} {h.title}" + (f" › {h.anchor}" if h.anchor else ""))
        print(f"{h.book} {where}  ({h.score:g})")
        if k == 0 and h.passage:  # the top result: the sentences that answer
            print(f"    {_mark(h.passage, h.passage_highlights, tty)}")
            if h.see_also:  # the same library: its books are loaded already
                names = [_see_also_name(lib, h.book, n) for n in h.see_also]
                names = [printable(n) for n in names]
                print("    " + _("see also: {rules}").format(rules=join_list(names)))
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


def looks_like_number(text: str) -> bool:
    """A rule number (`7.4`, `７．４`, `5.1#延長行軍`), not a name to look up."""
    return unicodedata.normalize("NFKC", text).strip()[:1].isdigit()


CLOSE_MATCHES = 5


def rule_by_name(lib: Library, name: str, book: str | None) -> tuple[Hit | None, list[Hit]]:
    """The hit a name opens (the best match as `search` ranks it) and the other close
    matches, one per rule or sub-heading; (None, []) when search finds nothing."""
    hits = lib.search(name, book=book, limit=CLOSE_MATCHES * 3)
    seen: set[tuple[str, str, str | None]] = set()
    unique: list[Hit] = []
    for h in hits:
        key = (h.book, h.section, h.anchor)
        if key not in seen:
            seen.add(key)
            unique.append(h)
    if not unique:
        return None, []
    return unique[0], unique[1 : CLOSE_MATCHES + 1]


def _hit_name(h: Hit) -> str:
    where = f"{h.section}#{h.anchor}" if h.anchor else h.section
    return f"{where} {h.title}".strip()


def cmd_rule(args: argparse.Namespace) -> int:
    lib = _library()
    others: list[Hit] = []
    if looks_like_number(args.number):
        view = lib.rule(args.number, book=args.book)
    else:
        with vector_pieces.listening(_building_on_stderr()):
            best, others = rule_by_name(lib, args.number, args.book)
        if best is None:  # nothing found: the rulebook's own names, else "not found"
            view = lib.rule(args.number, book=args.book)
        else:
            target = f"{best.section}#{best.anchor}" if best.anchor else best.section
            view = lib.rule(target, book=best.book)
    if args.json:
        doc = as_json(view)
        if not looks_like_number(args.number):
            doc["matches"] = [
                {
                    "book": h.book,
                    "section": h.section,
                    "anchor": h.anchor,
                    "title": h.title,
                    "score": h.score,
                }
                for h in others
            ]
        print(json.dumps(doc, ensure_ascii=False, indent=2))
        return 0
    print(printable(f"{view.book} {view.section} {view.title}".rstrip()))
    print()
    print(_shown(view.text, sys.stdout.isatty()))
    print()

    def label(ref: str | None) -> str:
        if ref is None:
            return "-"
        try:
            return printable(f"{ref} {lib.rule(ref, book=view.book).title}")
        except InputError:
            return ref

    print(_("parent:   {label}").format(label=label(view.parent)))
    print(_("children: {value}").format(value=", ".join(view.children) if view.children else "-"))
    print(_("previous: {label}").format(label=label(view.previous)))
    print(_("next:     {label}").format(label=label(view.next)))
    if others:
        print(_("close matches: {names}").format(names=join_list(_hit_name(h) for h in others)))
    return 0

"""Rank the governing rule first: a last look at the best few results of a question.

The fused ranking (`rank.py`) often puts the section that *defines* a state or a term
first, when the question asks what a unit in that state may do, or how a move works under
that condition: the definition holds the question's words most densely. The rulebook's
own structure tells the two apart: chapter 2 of the standard rules ("basic concepts":
the counters, the map, zones of control, command range) defines; chapters 3 to 12 and
the tables govern, citing those definitions. So, for a question that does not ask what
something *is*, a definition section among the first `governing_top` results counts `w_definition`
of its fused score; a question naming a table ("retreat table 2", 「退却表」) lifts the
tables over the rule that describes them (`w_table`), more when it names a table by its
number ("retreat table 2", 「退却表1」: `w_numbered_table`): that asks what the table
says, not which table a rule sends a unit to. Round 13 turned the lift for a table named
without its number off (`w_table` 1.0): over nine tuning sets it lost more "which table /
does the table's loss apply" questions than it won, by leave-one-set-out.

Measured on the tuning halves (round 9): the table signal gains one English top-1 and
loses nothing (round 10: a table named by its number, +2 Japanese and +1 English top-1;
2.0 for any table named gained 3 and lost 2, the "which table" questions); the
definition signal lost top-1 at every weight tried (0.75-0.92: -3 Japanese and -1
English for every question, -1 to -2 English for "may I / what happens" questions only:
many answers are the definitions themselves; round 10, again), so it is off (1.0) and
kept for trying again (`scripts/tune_eval.py w_definition=0.85`).

A named part of a definition (the sub-headings of 2.2: leaders, combat units, markers)
counts `w_definition_heading` for a question that does not ask what something is: a
question that names a rank or a counter ("my general", "the marker") is pulled to the
counter's description, when it asks what that leader or marker does under a rule (round
10: +3 and -1 English top-1 on the tuning halves, Japanese unchanged; 0.8-0.85 the same,
0.7 lost).

The shape of the question is read from its one spelling (`spelling.py`): "what is",
"what does ... mean", 「〜とは」, 「〜って何」 ask for a definition. Each weight was
chosen on the tuning halves only (docs/search-changelog.md, round 9).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from gcacw_ref.text.rank_config import CONFIG, RankConfig

T = TypeVar("T")

DEFINITIONS = "2."  # the standard rules' chapter of basic concepts
TABLES = "retreat-tables"
_ASKS_WHAT = re.compile(
    r"^(what is|what are|what does .* mean|what do .* mean|define|meaning of)\b"
    r"|とは|って何|ってなに|って何のこと|の意味|ってどういう意味|何のこと"
)
# "may I" and "what happens": a restriction, a procedure or an effect answers, not a definition
_MAY_OR_HAPPENS = re.compile(
    r"^(can|may|could|must|do i|does|is it|am i|are)\b|\bwhat happens\b|\bwhat if\b|\bnow what\b"
    r"|できる|できない|られる|れる$|ていい|てもいい|でもいい|ええ|いける|可能|大丈夫"
    r"|どうなる|どうする|どうなん|起きる"
)
_NAMES_TABLE = re.compile(r"\btables?\b|\bcharts?\b|退却表|表\s*[12１２]|[12１２]\s*の表|の表")
# a table named by its number ("retreat table 2", 「退却表1」, 「2枚目の表」): the question is
# about what that table says, not about which table a rule sends you to
_NUMBERED_TABLE = re.compile(
    r"\b(tables?|charts?) ?[12]\b|\b(first|second|1st|2nd) (retreat )?(table|chart)\b"
    r"|表 ?[12一二]|[12一二] ?(枚目|番目)?の(退却の?)?表"
)


def asks_what(query: str) -> bool:
    """Whether a question (in its one spelling) asks what something is."""
    return bool(_ASKS_WHAT.search(query.lower()))


def governing_first(
    order: list[tuple[T, float]],
    query: str,
    where: Callable[[T], tuple[int, str]],
    config: RankConfig = CONFIG,
) -> list[tuple[T, float]]:
    """`order` (results of a question, best first, with their fused scores) with the first
    `governing_top` reordered as above; `where` gives a result's (book index, ref); book 0 is the
    standard rules in an all-books search."""
    c = config
    definition = (
        c.w_definition != 1.0
        and not asks_what(query)
        and (c.definition_shape == "any" or bool(_MAY_OR_HAPPENS.search(query.lower())))
    )
    lower = query.lower()
    table = bool(_NAMES_TABLE.search(lower))
    w_table = c.w_numbered_table if _NUMBERED_TABLE.search(lower) else c.w_table
    heading = c.w_definition_heading != 1.0 and not asks_what(query)
    if not (definition or table or heading):
        return order
    head = []
    for item, score in order[: c.governing_top]:
        book, ref = where(item)
        if book == 0 and definition and ref.startswith(DEFINITIONS):
            score *= c.w_definition
        if book == 0 and heading and ref.startswith(DEFINITIONS) and "#" in ref:
            score *= c.w_definition_heading
        if book == 0 and table and ref == TABLES:
            score *= w_table
        head.append((item, round(min(100.0, score), 1)))
    head.sort(key=lambda pair: -pair[1])  # stable: ties keep the fused order
    return head + order[c.governing_top :]

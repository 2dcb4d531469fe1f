"""Where `R` opens the rule a "why not?" cites: at the part of the rule the refusal is
about, not at the rule's top. A rule with named parts (`7.1#…`) opens at the part its
words name (as a calculator's breakdown line does, `ruleside.step_part`); a rule without
them opens scrolled to the paragraph that shares the most with the refusal's Japanese
words (and the Japanese of the glossary terms its English words name)."""

from __future__ import annotations

import contextlib
import re

from gcacw_ref.game.play.api import Refusal
from gcacw_ref.i18n import catalog
from gcacw_ref.rules.explain import Step
from gcacw_ref.text.glossary import load_glossary
from gcacw_ref.text.marks import align_tables, strip_bold
from gcacw_ref.tui.books import Books
from gcacw_ref.tui.ruleside import part_ids, step_part

LETTERS = re.compile(r"[\w\u3040-\u30ff\u4e00-\u9fff]{2,}")


def _bigrams(text: str) -> set[str]:
    """The pairs of adjacent letters of `text`'s words (Japanese has no spaces)."""
    out: set[str] = set()
    for word in LETTERS.findall(text):
        out.update(word[i : i + 2] for i in range(len(word) - 1))
    return out


def refusal_words_ja(refusal: Refusal) -> str:
    """The refusal in Japanese, with the Japanese of each glossary term its English names."""
    args = dict(refusal.args)
    said = catalog("ja").gettext(refusal.message)
    with contextlib.suppress(KeyError, IndexError, ValueError):  # a catalog's slip
        said = said.format(**args) if args else said
    english = refusal.message.lower()
    terms = [
        ja
        for term in load_glossary().terms
        if re.search(rf"(?<![a-z]){re.escape(term.en.lower())}(?![a-z])", english)
        for ja in term.ja[:1]
    ]
    return " ".join([said, *terms])


def closest_paragraph(words: str, paragraphs: list[str]) -> str | None:
    """The paragraph (after the first: the rule's opening) sharing the most letter pairs
    with `words`; None when none shares any."""
    wanted = _bigrams(words)
    best, score = None, 0
    for paragraph in paragraphs[1:]:
        shared = len(wanted & _bigrams(paragraph))
        if shared > score:
            best, score = paragraph, shared
    return best


def refusal_place(refusal: Refusal, books: Books) -> tuple[str, str | None]:
    """The rule section to open for `refusal` and the paragraph to scroll to (None: the
    section's top, which for a named part is the part itself)."""
    if not books.ready or not books.infos:
        return refusal.rule, None
    try:
        view = books.rule(refusal.rule, books.default_book())
    except Exception:  # noqa: BLE001 - a rule the book lacks opens as it would anyway
        return refusal.rule, None
    step = Step(refusal.rule, refusal.message, args=dict(refusal.args) or None)
    part = step_part(step, part_ids(view))
    if part:
        return part, None
    paragraphs = [strip_bold(p)[0].strip() for p in align_tables(str(view.text)).split("\n")]
    return refusal.rule, closest_paragraph(refusal_words_ja(refusal), [p for p in paragraphs if p])

"""The bilingual glossary (`glossary.toml`): English and variants -> Japanese terms, rules."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rapidfuzz import fuzz, process

from gcacw_ref.errors import DataError
from gcacw_ref.text.clean import search_form
from gcacw_ref.text.shapes import Fields, ShapeError

GLOSSARY_FILE = Path(__file__).with_name("glossary.toml")


@dataclass(kw_only=True)
class Term:
    """One glossary entry."""

    en: str  # not empty
    variants: list[str] = field(default_factory=list)
    ja: list[str]  # at least one
    rules: list[str]  # at least one: section ids in the standard rules, defining first

    @classmethod
    def from_fields(cls, f: Fields) -> Term:
        return cls(
            en=f.text("en", nonempty=True),
            variants=f.texts("variants", []),
            ja=f.texts("ja", nonempty=True),
            rules=f.texts("rules", nonempty=True),
        )


@dataclass(kw_only=True)
class Word:
    """A plain word (no rule of its own) that helps read multi-word queries."""

    en: str  # not empty
    variants: list[str] = field(default_factory=list)
    ja: list[str]  # at least one

    @classmethod
    def from_fields(cls, f: Fields) -> Word:
        return cls(
            en=f.text("en", nonempty=True),
            variants=f.texts("variants", []),
            ja=f.texts("ja", nonempty=True),
        )


@dataclass
class Synonym:
    """Everyday ways of saying something (either language) -> the rulebook's own words."""

    says: list[str]  # at least one
    ja: list[str]  # at least one

    @classmethod
    def from_fields(cls, f: Fields) -> Synonym:
        return cls(says=f.texts("says", nonempty=True), ja=f.texts("ja", nonempty=True))


@dataclass
class GlossaryFile:
    term: list[Term]  # at least one
    word: list[Word] = field(default_factory=list)
    thesaurus: list[Synonym] = field(default_factory=list)

    @classmethod
    def from_data(cls, data: object) -> GlossaryFile:
        """The file's parsed TOML, checked; `ShapeError` naming the first bad field."""
        f = Fields(data)
        return cls(
            term=[Term.from_fields(t) for t in f.tables("term", nonempty=True)],
            word=[Word.from_fields(w) for w in f.tables("word", [])],
            thesaurus=[Synonym.from_fields(t) for t in f.tables("thesaurus", [])],
        )


@dataclass(frozen=True)
class TermMatch:
    term: Term
    quality: float  # 0-100: how well the query matched one of the term's names
    key: str  # the name (search form) that matched


@dataclass
class Glossary:
    terms: list[Term]
    keys: list[str]  # search forms of every name
    owner: list[int]  # index into terms, per key
    exact: dict[str, int]  # search form of a name -> index into terms
    words: dict[str, list[str]]  # search form of a plain word -> its Japanese forms
    word_entries: list[Word] = field(default_factory=list)
    long_keys: list[tuple[int, str]] = field(default_factory=list)  # (index, key) of 3+ chars
    thesaurus: list[Synonym] = field(default_factory=list)  # everyday words (question.py)
    same: dict[str, list[int]] = field(default_factory=dict)  # key -> its indexes in keys
    long_by_pair: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # by k[:2]
    by_length: dict[int, list[int]] = field(default_factory=dict)  # len(key) -> key indexes

    def __post_init__(self) -> None:
        for i, key in enumerate(self.keys):
            self.same.setdefault(key, []).append(i)
        for i, key in self.long_keys:
            self.long_by_pair.setdefault(key[:2], []).append((i, key))
        for i, key in enumerate(self.keys):
            self.by_length.setdefault(len(key), []).append(i)

    def forms_for(self, key: str) -> list[str] | None:
        """The forms a query word stands for: itself plus the Japanese of its term/word."""
        t = self.exact.get(key)
        if t is not None:
            return [key, *(search_form(j) for j in self.terms[t].ja)]
        ja = self.words.get(key)
        if ja is not None:
            return [key, *ja]
        return None

    def match(self, query_form: str, typos: bool = True) -> list[TermMatch]:
        """Terms a query names: exactly, with a typo, or as part of a longer query."""
        if not query_form:
            return []
        found: dict[int, TermMatch] = {}

        def keep(idx: int, quality: float, key: str) -> None:
            t = self.owner[idx]
            if t not in found or found[t].quality < quality:
                found[t] = TermMatch(self.terms[t], quality, key)

        for i in self.same.get(query_form, ()):
            keep(i, 100.0, query_form)
        if not found and len(query_form) >= 3 and typos:
            cutoff = 84.0 if query_form.isascii() else 74.0
            # ratio = 2 x common / (sum of lengths) <= 2 x shorter / (sum): keys whose length
            # cannot reach the cutoff are left out (their order kept, so ties stay as they were)
            n = len(query_form)
            by_len = self.by_length
            near = sorted(
                i
                for m in range(1, 2 * n + 2)
                if 200.0 * min(n, m) >= cutoff * (n + m)
                for i in by_len.get(m, ())
            )
            if near:
                for key, score, k in process.extract(
                    query_form,
                    [self.keys[i] for i in near],
                    scorer=fuzz.ratio,
                    score_cutoff=cutoff,
                    limit=5,
                ):
                    if len(key) >= 3 and (len(key) >= 5 or not key.isascii()):
                        keep(near[k], float(score) * 0.95, key)
        if not found:
            # the query holds a term plus more words ("flank attack bonus cavalry")
            pairs = {query_form[j : j + 2] for j in range(len(query_form) - 1)}
            by_pair = self.long_by_pair
            best = [(len(k), i) for g in pairs for i, k in by_pair.get(g, ()) if k in query_form]
            for length, i in sorted(best, reverse=True)[:2]:
                keep(i, 60.0 + 30.0 * length / len(query_form), self.keys[i])
        return sorted(found.values(), key=lambda m: -m.quality)


def _build(terms: list[Term], words: list[Word], synonyms: list[Synonym] | None = None) -> Glossary:
    keys: list[str] = []
    owner: list[int] = []
    exact: dict[str, int] = {}
    for t_idx, term in enumerate(terms):
        for name in [term.en, *term.variants, *term.ja]:
            form = search_form(name)
            if form:
                keys.append(form)
                owner.append(t_idx)
                exact.setdefault(form, t_idx)
    plain: dict[str, list[str]] = {}
    for word in words:
        ja = [search_form(j) for j in word.ja]
        for name in [word.en, *word.variants]:
            plain.setdefault(search_form(name), ja)
    return Glossary(
        terms=terms,
        keys=keys,
        owner=owner,
        exact=exact,
        words=plain,
        word_entries=words,
        long_keys=[(i, k) for i, k in enumerate(keys) if len(k) >= 3],
        thesaurus=list(synonyms or []),
    )


@lru_cache(maxsize=1)
def load_glossary(path: Path = GLOSSARY_FILE) -> Glossary:
    """The glossary, validated; DataError naming the file and field if it is broken."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        parsed = GlossaryFile.from_data(data)
    except (OSError, tomllib.TOMLDecodeError, ShapeError) as exc:
        raise DataError(f"glossary {path}: {exc}") from None
    return _build(parsed.term, parsed.word, parsed.thesaurus)


@lru_cache(maxsize=1)
def vocabulary() -> list[str]:
    """The glossary's Japanese search forms, plain and in 「quotes」 (a definition): the
    words questions reach the rulebook through, indexed once per book (`index_vocabulary`)."""
    g = load_glossary()
    ja = [j for t in g.terms for j in t.ja] + [j for w in g.word_entries for j in w.ja]
    ja += [j for s in g.thesaurus for j in s.ja]
    forms = list(dict.fromkeys(search_form(j) for j in ja))
    return [f for f in forms if f] + [f"「{f}」" for f in forms if f]

"""Reading a question: which words carry weight, and which rulebook words they stand for.

A query (a term or a whole question, Japanese or English) becomes weighted BM25 tokens
(`bm25.tokens`) and the forms to highlight in the answering passage:

* **Japanese**: hiragana (particles, verb endings: 「って」「ですか」「できる？」) never
  become tokens (see `bm25.tokens`); the few question words written in kanji (何, 誰) are
  dropped too. Everyday words the rulebook does not use (下がる, 通り抜ける, 止まる) are
  looked up in the thesaurus (`glossary.toml`, `[[thesaurus]]`) and add the rulebook's
  words (退却, 支配地域, 停止) to the query.
* **English**: the words are matched, longest phrase first, against every English name
  in the glossary (terms, plain words and the thesaurus), with plural/-ed/-ing endings
  folded; a match adds the Japanese it stands for. Question words ("how", "does", "can")
  and function words carry no weight. A word the glossary does not know is kept as an
  ASCII token (ZOC, MP, RTG, Lee appear in the Japanese text) or matched with a typo.

The query's own tokens weigh 1; tokens reached through the glossary weigh `EXPANSION`
(English: 1, the only way in), a term's first Japanese form fully and its further forms
(砲兵値, 砲兵修正 after 砲兵) `OTHER_FORMS` of that.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from gcacw_ref.text.bm25 import tokens
from gcacw_ref.text.clean import nfkc, search_form
from gcacw_ref.text.glossary import Glossary, load_glossary

EXPANSION = 1.0
OTHER_FORMS = 0.4  # a term's further Japanese forms (砲兵値 after 砲兵) weigh this much
MAX_QUERY_WORDS = 40  # a pasted page is read from its start only
MAX_QUERY_CHARS = 200


def _words(text: str) -> list[str]:
    return text.split()


EN_STOP = frozenset(
    _words(
        """
        a an the of in into on onto for to with and or at by from is are was were be been
        being am do does did done doing have has had having can could may might must shall
        should will would what which who whom whose when where why how whether if then than
        that this these those there here it its it's i me my mine we us our you your he him
        his she her they them their any some each every all both either neither no not nor
        so too very just only also still even ever about as up out off over under again get
        gets got getting let lets happen happens happened happening mean means rule rules
        tell explain use used using way ways work works thing things kind kinds much many
        anything something someone anyone one own need needs want wants ok please
        whenever whatever wherever however i'm i've i'd i'll you're we're they're don't
        doesn't didn't can't cannot won't isn't aren't wasn't weren't haven't hasn't
        hadn't shouldn't wouldn't couldn't what's who's where's how's that's there's
        here's let's like actually really anyway basically supposed
        """
    )
)
# question words written in kanji (hiragana ones never become tokens)
JA_STOP_RE = re.compile(r"何|誰|教え|知りた|出来|ルール|るーる")
# reported speech (「相手が…って言うんだけど」): not a declaration (言う -> 宣言), read first
SAID_RE = re.compile(r"(?:って|と|こう|そう)言[うわいっえ]")

WORD_RE = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
# the apostrophes a phone or a word processor types (don\u2019t): read as '
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})
# a Japanese content run: word characters other than hiragana (punctuation such as 、 ends it)
_RUN_RE = re.compile(r"[^\W\u3040-\u309f_]+")


# irregular past forms of the verbs players use, folded to the plain verb
IRREGULAR = {
    **dict.fromkeys(("threw", "thrown"), "throw"),
    **dict.fromkeys(("took", "taken"), "take"),
    **dict.fromkeys(("fell", "fallen"), "fall"),
    **dict.fromkeys(("broke", "broken"), "break"),
    **dict.fromkeys(("blew", "blown"), "blow"),
    **dict.fromkeys(("drove", "driven"), "drive"),
    **dict.fromkeys(("rode", "ridden"), "ride"),
    **dict.fromkeys(("went", "gone"), "go"),
    **dict.fromkeys(("gave", "given"), "give"),
    **dict.fromkeys(("wore", "worn"), "wear"),
    **dict.fromkeys(("froze", "frozen"), "freeze"),
    **dict.fromkeys(("overran", "overrun"), "overrun"),
    "dug": "dig",
    "lost": "lose",
    "led": "lead",
    "held": "hold",
    "fought": "fight",
    "built": "build",
    "bent": "bend",
    "stood": "stand",
    "caught": "catch",
    "shot": "shoot",
    "kept": "keep",
    "ran": "run",
    "came": "come",
    "made": "make",
    "sent": "send",
    "met": "meet",
    "won": "win",
    "struck": "strike",
    "sank": "sink",
    "crept": "creep",
    "swept": "sweep",
    "slept": "sleep",
    "fled": "flee",
    "chose": "choose",
    "chosen": "choose",
    "mps": "mp",  # abbreviations' plurals are too short for the -s rule
    "vps": "vp",
    "drms": "drm",
    "zocs": "zoc",
}


def fold_word(word: str) -> str:
    """A crude English stem: plural, -ed and -ing endings folded (enough for matching);
    the irregular past forms in `IRREGULAR` become their plain verb."""
    w = word.removesuffix("'s")
    if w in IRREGULAR:
        return IRREGULAR[w]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
        return w[:-1] if len(w) > 3 and w[-1] == w[-2] else w
    if len(w) > 4 and w.endswith("ed"):
        w = w[:-2] if not w.endswith("ied") else w[:-3] + "y"
        return w[:-1] if len(w) > 3 and w[-1] == w[-2] else w
    if len(w) > 4 and w.endswith(("xes", "ches", "shes", "sses")):
        return w[:-2]  # hexes, marches, pushes, passes
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


# a godan verb's ending -> its other endings (ない, ます, た/て, ば, よう forms)
_GODAN = {
    "う": "わいえおっ",
    "く": "かきけこい",
    "ぐ": "がぎげごい",
    "す": "さしせそ",
    "つ": "たちてとっ",
    "ぬ": "なにねのん",
    "ぶ": "ばびべぼん",
    "む": "まみめもん",
    "る": "らりれろっ",
}
_E_I_ROW = set("えけげせぜてでねへべぺめれいきぎしじちぢにひびぴみり")


def verb_forms(word: str) -> list[str]:
    """A Japanese verb in the thesaurus (直す, 止まる, 逃げる) in the forms a question
    writes it (直さ, 直し, 直せ, 直そ, 止まっ, 逃げ): a dictionary form matches
    「直そうとしていい？」 too. Only words with a kanji before the ending, and not a
    one-character stem before る (取る/取れる are two verbs)."""
    if len(word) < 2 or word[-1] not in _GODAN or _kana(word[-2]) and len(word) < 3:
        return []
    stem = word[:-1]
    if not any(not _kana(ch) and not ch.isascii() for ch in stem):
        return []
    if word[-1] == "る" and len(stem) < 2:
        return []  # 取る: 取れ is also 取れる (come off), another verb
    forms = [stem + k for k in _GODAN[word[-1]]]
    if word[-1] == "る" and stem[-1] in _E_I_ROW:
        forms.append(stem)  # 逃げる -> 逃げ (ichidan)
    return forms


def _en_key(name: str) -> str:
    return " ".join(fold_word(w) for w in WORD_RE.findall(nfkc(name).lower()))


@dataclass
class Thesaurus:
    """Every name the glossary knows, to read a question with."""

    en: dict[str, list[str]]  # folded English phrase -> Japanese search forms
    ja: list[tuple[str, list[str]]]  # Japanese everyday form -> rulebook forms, longest first
    longest: int = 1
    words: frozenset[str] = frozenset()  # every word of the English phrases


@lru_cache(maxsize=1)
def thesaurus() -> Thesaurus:
    g: Glossary = load_glossary()
    en: dict[str, list[str]] = {}
    ja: dict[str, list[str]] = {}

    def add(names: list[str], forms: list[str]) -> None:
        for name in names:
            if name.isascii():
                key = _en_key(name)
                if key and key not in EN_STOP:
                    en.setdefault(key, [])
                    en[key].extend(f for f in forms if f not in en[key])
            else:
                key = search_form(name)
                for k in [key, *verb_forms(key)] if key else []:
                    ja.setdefault(k, [])
                    ja[k].extend(f for f in forms if f not in ja[k] and f != k)

    for term in g.terms:
        add([term.en, *term.variants], [search_form(j) for j in term.ja])
    for word in g.word_entries:
        add([word.en, *word.variants], [search_form(j) for j in word.ja])
    for syn in g.thesaurus:
        add(syn.says, [search_form(j) for j in syn.ja])
    longest = max((k.count(" ") + 1 for k in en), default=1)
    ja_list = sorted(((k, v) for k, v in ja.items() if v), key=lambda kv: -len(kv[0]))
    words = frozenset(w for k in en for w in k.split())
    return Thesaurus(en=en, ja=ja_list, longest=longest, words=words)


@dataclass
class Reading:
    """A query read for ranking."""

    weights: dict[str, float] = field(default_factory=dict)  # BM25 token -> weight
    words: list[str] = field(default_factory=list)  # search forms to mark, best first
    pieces: list[str] = field(default_factory=list)  # two-kanji words inside long ones
    expanded: bool = False  # the glossary added words

    @property
    def highlight(self) -> list[str]:
        """Forms to mark in a passage: whole words first, then their two-character pieces."""
        return self.words + [p for p in self.pieces if p not in self.words]

    def add(self, form: str, weight: float) -> None:
        for t in tokens(form):
            if weight > self.weights.get(t, 0.0):
                self.weights[t] = weight
        if form and form not in self.words:
            self.words.append(form)
            if len(form) >= 4 and not form.isascii():
                for k in range(0, len(form) - 1, 2):
                    piece = form[k : k + 2]
                    if all(_is_word_char(ch) for ch in piece) and piece not in self.pieces:
                        self.pieces.append(piece)


def _japanese(reading: Reading, form: str, th: Thesaurus) -> None:
    """Japanese (and any non-ASCII) text: its own content runs plus thesaurus words."""
    rest = SAID_RE.sub("|", form)
    for key, forms in th.ja:
        if key in rest:
            rest = rest.replace(key, "|")
            reading.expanded = True
            for k, f in enumerate(forms):
                reading.add(f, EXPANSION if k == 0 else EXPANSION * OTHER_FORMS)
            if len(key) >= 2 and any(not ch.isascii() and not _kana(ch) for ch in key):
                reading.add(key, 1.0)
    kept = JA_STOP_RE.sub("|", rest)
    for run in _RUN_RE.findall(kept):
        if not run.isascii():
            reading.add(run, 1.0)
            if len(run) >= 3:  # a misspelt term: the glossary's spelling too
                near = load_glossary().match(run)
                if near and near[0].quality >= 80:
                    for j in near[0].term.ja:
                        reading.add(search_form(j), 1.0)


def _is_word_char(ch: str) -> bool:
    return not _kana(ch) and not ch.isascii() and ch.isalnum()


def _kana(ch: str) -> bool:
    return "\u3040" <= ch <= "\u309f"


def _fold_e(word: str, th: Thesaurus) -> str:
    """`fold_word`, and an -ed/-ing stem given back the e it lost when the glossary knows
    the word so and not the stem ("declared", "placing" -> declare, place; "routed" stays
    rout, a word of its own)."""
    folded = fold_word(word)
    known = th.words
    if (
        folded != word
        and word.endswith(("ed", "ing"))
        and folded not in known
        and folded + "e" in known
    ):
        return folded + "e"
    return folded


def _english(reading: Reading, words: list[str], th: Thesaurus) -> None:
    """English words: glossary phrases longest first; other words as ASCII tokens."""
    folded = [_fold_e(w, th) for w in words]
    i = 0
    while i < len(folded):
        for span in range(min(th.longest, len(folded) - i), 0, -1):
            key = " ".join(folded[i : i + span])
            forms = th.en.get(key)
            if forms is not None and (span > 1 or key not in EN_STOP):
                reading.expanded = True
                for k, f in enumerate(forms):
                    reading.add(f, 1.0 if k == 0 else OTHER_FORMS)
                if span == 1:  # names and abbreviations (ZOC, RTG, Lee) are in the text too
                    reading.add(words[i].removesuffix("'s"), EXPANSION)
                i += span
                break
        else:
            w = folded[i]
            i += 1
            if w in EN_STOP or words[i - 1] in EN_STOP:
                continue
            reading.add(w, 1.0)
            if len(w) >= 5:
                near = load_glossary().match(w)
                if near and near[0].quality >= 80:
                    for k, j in enumerate(near[0].term.ja):
                        reading.add(search_form(j), EXPANSION if k == 0 else OTHER_FORMS)


def read_query(query: str) -> Reading:
    """The weighted tokens and highlight forms of a query (see the module docstring)."""
    return _read(query[:MAX_QUERY_CHARS])


@lru_cache(maxsize=512)
def _read(query: str) -> Reading:
    th = thesaurus()
    reading = Reading()
    text = nfkc(query).lower().translate(_APOSTROPHES)
    words = WORD_RE.findall(text)[:MAX_QUERY_WORDS]
    if not text.isascii():
        # Japanese with the letters and digits it holds (ZOCストップ, 表1, デモ2 are
        # thesaurus phrases); other ASCII (spaces, punctuation) only separates
        mixed = "".join(
            ch if not ch.isascii() or ch.isalnum() or ch in "+-" else "|" for ch in text
        )
        _japanese(reading, search_form(mixed), th)
    if words:
        _english(reading, words, th)
    return reading

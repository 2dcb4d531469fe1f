"""One spelling for a query: what differs only in how it is written reads the same.

A player may type "can't" or "cannot", end with "?" or not, write ＦＵＬＬ-ＷＩＤＴＨ or
half-width letters and kana, upper or lower case, or ask politely (「攻撃できますか？」)
or plainly (「攻撃できる？」, 「攻撃できるの」). `canonical` gives all of these one text,
and the search reads only that (`Searcher.search`), so they rank alike by construction:

* NFKC (full-width letters, digits and punctuation, half-width kana), lower case, curly
  apostrophes and quotes straightened;
* English contractions written out ("can't", "cannot" -> "can not"; "doesn't" -> "does
  not"; "what's" -> "what is"); a possessive "'s" is kept;
* punctuation dropped ("?", "!", ",", "。", "、", quotes and brackets), except a point
  between digits (a rule number: 7.4) and a hyphen or slash inside a word; no space
  between two Japanese characters;
* Japanese: the sentence-final particles and copula (か, の, よね, だ, です, でしょうか,
  ...) dropped, and a polite verb ending turned plain (できます -> できる, しません ->
  しない, 使います -> 使う, 使えます -> 使える, 落ちます -> 落ちる).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "“": '"', "”": '"'})
_CONTRACTIONS = [
    (re.compile(r"\bcan't\b|\bcannot\b"), "can not"),
    (re.compile(r"\bwon't\b"), "will not"),
    (re.compile(r"\bshan't\b"), "shall not"),
    (re.compile(r"\bain't\b"), "is not"),
    (re.compile(r"\b(\w+)n't\b"), r"\1 not"),
    (re.compile(r"\b(i)'m\b"), r"\1 am"),
    (re.compile(r"\b(\w+)'re\b"), r"\1 are"),
    (re.compile(r"\b(\w+)'ve\b"), r"\1 have"),
    (re.compile(r"\b(\w+)'ll\b"), r"\1 will"),
    (re.compile(r"\b(i|you|he|she|it|we|they|who|that)'d\b"), r"\1 would"),
    (re.compile(r"\b(it|what|that|there|here|who|where|how|when|why|he|she)'s\b"), r"\1 is"),
    (re.compile(r"\blet's\b"), "let us"),
]
# punctuation dropped: everything Unicode calls punctuation, but a point between digits and
# a hyphen, slash or apostrophe between letters stay
_KEEP_INSIDE = re.compile(r"(?<=\d)\.(?=\d)|(?<=\w)[-/'](?=\w)")
_SPACES = re.compile(r"\s+")
_CJK_SPACE = re.compile(r"(?<=[^\x00-\x7f]) (?=[^\x00-\x7f])")  # no spaces in Japanese
# the abbreviations players write in capitals, written so again after lower-casing (the
# encoder reads "ZOC" and "zoc" differently, and the capitals are what it saw in training)
ABBREVIATIONS = (
    *("zoc", "zocs", "mp", "mps", "vp", "vps", "drm", "drms", "rtg", "gcacw", "slb", "sjw"),
    *("siv", "otr", "hcr", "gtc", "aar", "bah", "ntg", "hsn", "i", "ok", "cav", "inf", "art"),
)
_ABBREV = re.compile(r"\b(" + "|".join(ABBREVIATIONS[:-3]) + r")\b")

# sentence-final words that add no meaning, longest first (removed again and again)
_FINAL = sorted(
    {
        *("でしょうか", "でしょう", "だろうか", "だろう", "ですかね", "ですか", "ですよね"),
        *("ですね", "ですよ", "です", "のですか", "んですか", "なのか", "なの", "なん"),
        *("だよね", "だよな", "だよ", "だね", "だな", "だっけ", "っけ", "かな", "かね"),
        *("よね", "よな", "のか", "か", "よ", "ね", "の", "だ", "わ", "ぞ"),
        *("やろか", "やろ", "やん", "やんな", "やね", "や", "っす"),
    },
    key=len,
    reverse=True,
)
_I_TO_U = dict(zip("いきぎしちにびみり", "うくぐすつぬぶむる", strict=True))
_I_TO_A = dict(zip("いきぎしちにびみり", "わかがさたなばまら", strict=True))
_E_ROW = set("えけげせぜてでねへべぺめれ")
# i-row ichidan verbs (the rest of the i-row stems are godan: 使い -> 使う)
_ICHIDAN_I = (
    *("でき", "落ち", "起き", "過ぎ", "足り", "用い", "延び", "伸び", "浴び", "降り"),
    *("下り", "借り", "生き", "満ち", "閉じ", "生じ", "応じ", "信じ", "感じ", "減じ"),
    *("てい", "でい", "見", "来", "似", "居", "着", "煮"),
)
_SPECIAL = {"し": ("する", "しない", "した"), "あり": ("ある", "ない", "あった")}


def _is_kana(ch: str) -> bool:
    return "\u3040" <= ch <= "\u309f"


def _is_iru(stem: str) -> bool:
    """いる (be, need) rather than a godan stem's い (使い): after a noun in Latin
    letters or katakana, or after a particle."""
    if not stem.endswith("い"):
        return False
    before = stem[-2:-1]
    return (
        not before
        or not (_is_kana(before) or "\u4e00" <= before <= "\u9fff")
        or (before in "がはもにでを")
    )


def _ichidan(stem: str) -> bool:
    last = stem[-1:]
    return (
        last in _E_ROW
        or stem.endswith(_ICHIDAN_I)
        or _is_iru(stem)
        or last in "じ"
        or not _is_kana(last)  # a kanji or katakana stem: 見ます
    )


def _plain(stem: str, ending: str) -> str | None:
    """The plain form of `stem` + ます/ません/ました, None when it cannot be told."""
    if not stem:
        return None
    for special, forms in _SPECIAL.items():
        base = stem[: -len(special)]
        noun = len(base) >= 2 and not _is_kana(base[-1]) and not _is_kana(base[-2])
        if stem.endswith(special) and (not base or noun or special == "あり"):  # 移動します
            return base + forms[("ます", "ません", "ました").index(ending)]
    if _ichidan(stem):
        return stem + {"ます": "る", "ません": "ない", "ました": "た"}[ending]
    last = stem[-1]
    if last not in _I_TO_U:
        return None
    if ending == "ます":
        return stem[:-1] + _I_TO_U[last]
    if ending == "ません":
        return stem[:-1] + _I_TO_A[last] + "ない"
    past = {"い": "った", "ち": "った", "り": "った", "き": "いた", "ぎ": "いだ", "し": "した"}
    return stem[:-1] + past.get(last, "んだ")


def _japanese_ending(text: str) -> str:
    changed = True
    while changed:
        changed = False
        for word in _FINAL:
            if text.endswith(word) and len(text) > len(word) + 1:
                text = text[: -len(word)].rstrip()
                changed = True
                break
        for ending in ("ません", "ました", "ます"):
            if text.endswith(ending):
                plain = _plain(text[: -len(ending)], ending)
                if plain is not None:
                    text = plain
                    changed = True
                break
    return text


@lru_cache(maxsize=1024)
def canonical(query: str) -> str:
    """The one spelling of a query that the search reads (see the module's docstring)."""
    text = unicodedata.normalize("NFKC", query).translate(_QUOTES).lower()
    if "'" in text or "cannot" in text:
        for pattern, repl in _CONTRACTIONS:
            text = pattern.sub(repl, text)
    keep = {m.start() for m in _KEEP_INSIDE.finditer(text)}
    text = "".join(
        " " if unicodedata.category(ch)[0] == "P" and i not in keep else ch
        for i, ch in enumerate(text)
    )
    text = _CJK_SPACE.sub("", _SPACES.sub(" ", text)).strip()
    if text and not text.isascii():
        text = _japanese_ending(text)
    # one letter case: a sentence's (capital first), abbreviations in capitals
    text = _ABBREV.sub(lambda m: m.group(1).upper(), text)
    return text[:1].upper() + text[1:]

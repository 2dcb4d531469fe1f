"""List the everyday words in blind writers' lines that the question reader cannot use.

    python scripts/vocab_gaps.py ja|en RULEBOOK.txt WRITER.txt [WRITER.txt ...] [--top N]

The writers' files are in the form `scripts/asks_merge.py` reads (`@ id`, `en:`, `ja:`).
Each line is read as the search reads a question (`read_query(canonical(line))`).

* `ja`: the words of a Japanese line's reading whose index tokens the rulebook never
  holds and that no thesaurus phrase took (a katakana loan word, a kana-only term, a
  spoken verb): the reader adds nothing for them.
* `en`: the words of an English line that no glossary or thesaurus phrase took and that
  are not question or function words: they reach the Japanese text only as themselves.

For each word: how many lines use it, the rules those lines are about (most first) and
one line. A word found here is a candidate only: check the rulebook for the term it
stands for before adding it to the thesaurus (`glossary.toml`, `[[thesaurus]]`).
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

from gcacw_ref.text.bm25 import tokens
from gcacw_ref.text.clean import search_form
from gcacw_ref.text.question import EN_STOP, WORD_RE, fold_word, read_query, thesaurus
from gcacw_ref.text.spelling import canonical

LINE_RE = re.compile(r"(en|ja): (.*)")


def writers_lines(paths: list[Path]) -> list[tuple[str, str, str]]:
    """(rule id, language, line) of every `en:` and `ja:` line."""
    out: list[tuple[str, str, str]] = []
    for path in paths:
        rule = ""
        for raw in path.read_text(encoding="utf-8").splitlines():
            if raw.startswith("@ "):
                rule = raw[2:].strip()
            elif m := LINE_RE.match(raw):
                out.append((rule, m.group(1), m.group(2)))
    return out


def japanese_gaps(line: str, book_tokens: set[str], keys: set[str]) -> list[str]:
    """Words of a Japanese line's reading that carry nothing into the rulebook (a
    thesaurus phrase, Japanese or English, read as itself too, is not one)."""
    words = read_query(canonical(line)).words
    return [
        w
        for w in words
        if w not in keys
        and fold_word(w) not in thesaurus().en
        and (t := tokens(w))
        and not any(x in book_tokens for x in t)
    ]


def english_gaps(line: str) -> list[str]:
    """Words of an English line that no glossary phrase took (folded)."""
    th = thesaurus()
    words = WORD_RE.findall(canonical(line).lower())
    folded = [fold_word(w) for w in words]
    out: list[str] = []
    i = 0
    while i < len(folded):
        for span in range(min(th.longest, len(folded) - i), 0, -1):
            key = " ".join(folded[i : i + span])
            if key in th.en and (span > 1 or key not in EN_STOP):
                i += span
                break
        else:
            w = folded[i]
            if not (w in EN_STOP or words[i] in EN_STOP or w.isdigit()):
                out.append(w)
            i += 1
    return out


def main(argv: list[str]) -> None:
    top = 200
    if "--top" in argv:
        k = argv.index("--top")
        top = int(argv[k + 1])
        argv = argv[:k] + argv[k + 2 :]
    if len(argv) < 3 or argv[0] not in ("ja", "en"):
        sys.exit(__doc__)
    lang, book, writers = argv[0], Path(argv[1]), [Path(p) for p in argv[2:]]
    book_tokens = set(tokens(search_form(book.read_text(encoding="utf-8"))))
    keys = {k for k, _ in thesaurus().ja}
    count: Counter[str] = Counter()
    rules: defaultdict[str, Counter[str]] = defaultdict(Counter)
    example: dict[str, str] = {}
    for rule, line_lang, line in writers_lines(writers):
        if lang == "ja" and line_lang == "ja":
            gaps = japanese_gaps(line, book_tokens, keys)
        elif lang == "en" and line_lang == "en":
            gaps = english_gaps(line)
        else:
            continue
        for word in dict.fromkeys(gaps):
            count[word] += 1
            rules[word][rule] += 1
            example.setdefault(word, line)
    for word, n in count.most_common(top):
        where = ", ".join(f"{r} ({k})" for r, k in rules[word].most_common(3))
        print(f"{n:4}  {word}  [{where}]  {example[word][:60]}")


if __name__ == "__main__":
    main(sys.argv[1:])

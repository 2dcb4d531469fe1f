"""A large book imports in seconds: the line re-joining (`reflow`) and the search form are
linear. (The figures themselves are in `gcacw-ref bench`; these only catch a return to
quadratic time, with bounds tens of times above the linear cost.)"""

from __future__ import annotations

import time
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.bench.search_timing import synthetic_book
from gcacw_ref.text.clean import _LIST_START_RE, _SENTENCE_END, _is_cjk, reflow
from gcacw_ref.text.importer import build_book


def reference_reflow(text: str) -> str:
    """The rule, written the plain (quadratic) way."""
    out: list[str] = []
    pending_blank = False
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            pending_blank = True
            continue
        if out and not out[-1].endswith(_SENTENCE_END) and not _LIST_START_RE.match(line):
            prev = out[-1]
            sep = "" if (_is_cjk(prev[-1]) or _is_cjk(line[0])) else " "
            out[-1] = prev + sep + line
        else:
            if pending_blank and out:
                out.append("")
            out.append(line)
        pending_blank = False
    return "\n".join(out)


@settings(max_examples=300)
@given(
    st.lists(
        st.sampled_from(["", " ", "行軍", "march", "です。", "- 項目", "1. 手順", "a"]), max_size=30
    )
)
def test_reflow_is_the_same_rule(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert reflow(text) == reference_reflow(text)


def test_reflow_of_many_lines_is_linear() -> None:
    text = "\n".join(f"見出しのような行{i}" for i in range(200_000))  # 6 MB, one paragraph
    start = time.process_time()
    assert reflow(text).count("\n") == 0
    assert time.process_time() - start < 10  # linear: about 1 s; quadratic: minutes


def test_book_with_100000_headings_imports_in_seconds(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_text(synthetic_book(), encoding="utf-8")
    start = time.process_time()
    book = build_book(path)
    assert book.info.sections > 1000
    assert time.process_time() - start < 30  # about 1.5 s of CPU; it was minutes

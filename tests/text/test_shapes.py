"""The text layer's shapes: stored books and shipped files checked field by field, the
file bytes as the validation library wrote them, and no validation library on a search."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gcacw_ref.text import prepared
from gcacw_ref.text.asks import AsksFile
from gcacw_ref.text.cards import CardsFile
from gcacw_ref.text.models import StoredBook
from gcacw_ref.text.shapes import ShapeError
from tests.child import last_line


def _stored(library_home: Path, book: str = "gcacw") -> bytes:
    return (library_home / "books" / f"{book}.json").read_bytes()


@pytest.mark.parametrize("book", ["gcacw", "wftu", "brandywine"])
def test_a_stored_book_is_written_back_byte_for_byte(library_home: Path, book: str) -> None:
    raw = _stored(library_home, book)
    stored = StoredBook.from_json(raw)
    assert stored.to_json().encode("utf-8") == raw
    assert len(stored.sections) == stored.info.sections


# fields of a section and of the info, with a value of the wrong type for each
_WRONG: list[Any] = [None, 1, True, 1.5, "x", [], {}, ["x"], [1]]
_SECTION = {
    "id": str,
    "number": (str, type(None)),
    "title": str,
    "text": str,
    "kind": str,
    "depth": int,
    "parent": (str, type(None)),
    "children": list,
    "start": int,
}
_INFO = {"id": str, "title": str, "source_file": str, "sections": int, "imported_at": str}


def _fits(value: Any, want: Any) -> bool:
    if want is int:
        return type(value) is int
    if want is list:
        return type(value) is list and all(type(v) is str for v in value)
    return isinstance(value, want) and type(value) is not bool


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    where=st.sampled_from(["section", "info", "passage"]),
    index=st.integers(0, 130),
    key=st.sampled_from(sorted(set(_SECTION) | set(_INFO))),
    wrong=st.sampled_from(_WRONG),
    drop=st.booleans(),
)
def test_a_stored_book_with_a_field_of_the_wrong_type_is_refused_by_its_path(
    library_home: Path, where: str, index: int, key: str, wrong: Any, drop: bool
) -> None:
    data = json.loads(_stored(library_home))
    if where == "passage":
        data["passages"][index][index % 4] = wrong
        expected_bad = not _fits(wrong, str if index % 4 == 3 else int)
        path = f"passages.{index}"
    else:
        obj, shape = (
            (data["sections"][index], _SECTION) if where == "section" else (data["info"], _INFO)
        )
        if key not in shape:
            return
        if drop:
            del obj[key]
            required = key in ("id", "title", "text", "kind") or where == "info"
            expected_bad = required
        else:
            obj[key] = wrong
            expected_bad = not _fits(wrong, shape[key])
        path = f"sections.{index}.{key}" if where == "section" else f"info.{key}"
    raw = json.dumps(data, ensure_ascii=False)
    if expected_bad:
        with pytest.raises(ShapeError) as caught:
            StoredBook.from_json(raw)
        assert str(caught.value).startswith(path)
    else:
        StoredBook.from_json(raw)


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({}, "card"),
        ({"card": []}, "card"),
        ({"card": [{"rule": "7.4", "en": "x"}]}, "card.0.ja"),
        ({"card": [{"rule": "", "en": "x", "ja": "y"}]}, "card.0.rule"),
        ({"card": [{"rule": "7.4", "en": 3, "ja": "y"}]}, "card.0.en"),
        ({"card": ["7.4"]}, "card.0"),
    ],
)
def test_a_bad_cards_file_names_its_field(data: dict[str, Any], path: str) -> None:
    with pytest.raises(ShapeError) as caught:
        CardsFile.from_data(data)
    assert str(caught.value).startswith(f"{path}:")


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"asks": []}, "asks"),
        ({"asks": [{"en": ["a"]}]}, "asks.0.rule"),
        ({"asks": [{"rule": "7.4", "ja": "not a list"}]}, "asks.0.ja"),
        ({"asks": [{"rule": "7.4", "en": ["a", 2]}]}, "asks.0.en.1"),
    ],
)
def test_a_bad_asks_file_names_its_field(data: dict[str, Any], path: str) -> None:
    with pytest.raises(ShapeError) as caught:
        AsksFile.from_data(data)
    assert str(caught.value).startswith(f"{path}:")


def test_a_question_from_the_command_line_imports_no_validation_library(
    filled_home: Path,
) -> None:
    code = (
        "import sys\n"
        "from gcacw_ref.cli import main\n"
        "assert main(['search', '砲兵は単独で攻撃できる？']) == 0\n"
        "print(sorted(m for m in ('pydantic', 'pydantic_core', 'gcacw_ref.rules.register') "
        "if m in sys.modules))\n"
    )
    assert last_line(code, filled_home) == "[]"


@pytest.mark.parametrize(
    ("value", "fits"),
    [
        ([["a", "b"], []], True),
        ([], True),
        ([["a", 1]], False),
        ([("a",)], False),
        ([["a"], "b"], False),
        ("ab", False),
        ([["a", None]], False),
    ],
)
def test_the_shipped_documents_are_lists_of_texts(value: object, fits: bool) -> None:
    assert prepared._documents(value) is fits

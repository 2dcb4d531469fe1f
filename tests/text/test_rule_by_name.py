"""`rule NAME` (issue 30): a name in either language opens the best match as `search`
ranks it and lists the other close matches; a number still opens that rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gcacw_ref.cli import main

Capsys = pytest.CaptureFixture[str]


def _json(capsys: Capsys, *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert isinstance(doc, dict)
    return doc


@pytest.mark.parametrize("name", ["extended march", "延長行軍", "Extended March"])
def test_a_name_opens_the_best_search_match(filled_home: Path, capsys: Capsys, name: str) -> None:
    assert main(["search", name, "--json", "--limit", "1"]) == 0
    best = json.loads(capsys.readouterr().out)[0]
    doc = _json(capsys, "rule", name)
    assert (best["section"], best["anchor"]) == ("5.1", "延長行軍")
    assert (doc["book"], doc["section"], doc["title"]) == ("gcacw", "5.1#延長行軍", "延長行軍")
    matches = doc["matches"]
    assert isinstance(matches, list) and 1 <= len(matches) <= 5
    places = [(m["section"], m["anchor"]) for m in matches]
    assert ("5.1", "延長行軍") not in places and len(set(places)) == len(places)


def test_text_lists_the_close_matches(filled_home: Path, capsys: Capsys) -> None:
    assert main(["rule", "extended march"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("gcacw 5.1#延長行軍 延長行軍\n")
    assert out.splitlines()[-1].startswith("close matches: 5.1 行軍")


def test_a_number_is_not_searched(filled_home: Path, capsys: Capsys) -> None:
    doc = _json(capsys, "rule", "７．４")
    assert doc["section"] == "7.4" and "matches" not in doc


def test_a_name_nothing_matches_is_one_line(filled_home: Path, capsys: Capsys) -> None:
    assert main(["rule", "zzqqxx"]) == 2
    err = capsys.readouterr().err
    assert err == "gcacw-ref: rule 'zzqqxx' not found in book 'gcacw'\n"

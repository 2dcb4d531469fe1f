"""Map files: loading, queries, and every kind of bad entry named in the error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.errors import DataError
from gcacw_ref.game.model.hexmap import HexMap, load_map, parse_map
from gcacw_ref.rules.terrain import HexFeature, HexsideFeature, Terrain


def doc(**extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"map": {"id": "m", "columns": 6, "rows": 5, "default_terrain": "clear"}}
    base.update(extra)
    return base


def test_example_map_uses_every_terrain_and_feature(example: HexMap) -> None:
    terrains = {example.terrain(h) for h in example.all_hexes()}
    assert terrains == set(Terrain)
    hex_features = set().union(*(example.hex_features(h) for h in example.all_hexes()))
    assert hex_features == set(HexFeature)
    side_features = set().union(*example.hexsides().values())
    assert side_features == set(HexsideFeature)


def test_queries(example: HexMap) -> None:
    assert example.terrain("0504") is Terrain.CITY
    assert example.terrain("0101") is Terrain.CLEAR  # not listed: default terrain
    assert example.hex_features("0504") == {HexFeature.STATION}
    assert example.hexside("0804", "0704") == {"pike", "major_river", "bridge"}
    assert example.hexside("0101", "0102") == frozenset()
    assert example.neighbors("0101") == ("0201", "0102")
    assert len(example.neighbors("0505")) == 6
    assert example.label("0504") == "0504 (Millbrook)"
    assert example.is_woods_hexside("0303", "0304")
    assert not example.is_woods_hexside("0304", "0404")
    assert example.on_map("1008") and not example.on_map("1109") and not example.on_map("x")


def test_json_and_toml_give_the_same_map(tmp_path: Path) -> None:
    d = doc(
        hexes={"0203": {"terrain": "woods"}},
        hexsides=[{"between": ["0101", "0102"], "features": ["road"]}],
    )
    p = tmp_path / "m.json"
    p.write_text(json.dumps(d))
    m = load_map(p)
    assert m.terrain("0203") is Terrain.WOODS and m.hexside("0102", "0101") == {"road"}


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        ({"hexes": {"0203": {"terrain": "jungle"}}}, "hexes.0203.terrain"),
        ({"hexes": {"0203": {"features": ["castle"]}}}, "hexes.0203.features"),
        ({"hexes": {"0709": {"terrain": "woods"}}}, "hexes.0709: hex 0709 is off the map"),
        (
            {"hexes": {"0203": {"features": ["village", "village"]}}},
            "hexes.0203: a feature is listed twice",
        ),
        (
            {"hexsides": [{"between": ["0101", "0103"], "features": ["road"]}]},
            "0101-0103: hexes 0101 and 0103 are not adjacent",
        ),
        (
            {"hexsides": [{"between": ["0101", "0102"], "features": ["tunnel"]}]},
            "hexsides.0.features",
        ),
        (
            {"hexsides": [{"between": ["0601", "0701"], "features": ["road"]}]},
            "hex 0701 is off the map",
        ),
        (
            {
                "hexsides": [
                    {"between": ["0101", "0102"], "features": ["road"]},
                    {"between": ["0102", "0101"], "features": ["creek"]},
                ]
            },
            "hexsides[1] 0102-0101: hexside 0101-0102 is listed twice",
        ),
        (
            {"hexsides": [{"between": ["0101", "0102"], "features": ["ford"]}]},
            "ford needs a minor_river or major_river",
        ),
        (
            {
                "hexsides": [
                    {"between": ["0101", "0102"], "features": ["minor_river", "major_river"]}
                ]
            },
            "both a minor and a major river",
        ),
        ({"hexes": {"203": {"terrain": "woods"}}}, "hexes.203"),
        ({"roads": []}, "roads"),
    ],
)
def test_bad_maps_name_the_entry(extra: dict[str, Any], needle: str) -> None:
    with pytest.raises(DataError) as err:
        parse_map(doc(**extra), "bad.toml")
    assert needle in str(err.value)
    assert str(err.value).startswith("bad.toml")


def test_duplicate_hex_in_toml_and_json(tmp_path: Path) -> None:
    t = tmp_path / "dup.toml"
    t.write_text(
        '[map]\nid="d"\ncolumns=3\nrows=3\n[hexes]\n'
        '"0101" = {terrain="woods"}\n"0101" = {terrain="city"}\n'
    )
    with pytest.raises(DataError, match="dup.toml"):
        load_map(t)
    j = tmp_path / "dup.json"
    j.write_text('{"map": {"id": "d", "columns": 3, "rows": 3}, "hexes": {"0101": {}, "0101": {}}}')
    with pytest.raises(DataError, match="duplicate entry '0101'"):
        load_map(j)


def test_missing_file_and_not_a_document(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="file not found"):
        load_map(tmp_path / "none.toml")
    with pytest.raises(DataError, match="expected a map document"):
        parse_map([1, 2], "x")


def test_adding_a_pontoon_bridge_makes_a_new_map(example: HexMap) -> None:
    key = ("0702", "0802")
    bridged = example.with_hexside_features({key: [HexsideFeature.BRIDGE]})
    assert bridged.hexside("0802", "0702") == {"major_river", "bridge"}
    assert example.hexside("0802", "0702") == {"major_river"}  # the original is unchanged
    with pytest.raises(DataError, match="bridge needs a minor_river"):
        example.with_hexside_features({("0101", "0102"): [HexsideFeature.BRIDGE]})
    with pytest.raises(DataError, match="not adjacent"):
        example.with_hexside_features({("0101", "0103"): [HexsideFeature.ROAD]})

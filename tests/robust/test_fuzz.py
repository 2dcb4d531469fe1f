"""Fuzzing every way in: each calculator's input, each command's arguments, the scenario
loader and the save loader. Whatever comes in, the CLI ends with exit 0 or 2; on exit 2
stderr is exactly one line with no control character; and it finishes in bounded time.

The CLI runs in this process (`gcacw_ref.cli.main`, stdio captured): subprocesses are too
slow for hundreds of cases. The CI run is bounded (few examples, a deadline per example);
set GCACW_REF_FUZZ=N for N examples per test in a longer soak.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gcacw_ref.calculators import CALCULATORS, calculator
from gcacw_ref.errors import InputError
from gcacw_ref.game.model.scenario import SCENARIO_DIR, scenario_from_data
from tests.robust.conftest import CONTROL, PRACTICE_BOOK, assert_clean_failure, run_cli

EXAMPLES = int(os.environ.get("GCACW_REF_FUZZ", "15"))
BOUND_S = 20.0  # CPU seconds (load does not count): the slowest legal case takes a few
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,  # timed below, more leniently than hypothesis would on a busy machine
    suppress_health_check=list(HealthCheck),
    derandomize=not os.environ.get("GCACW_REF_FUZZ"),
)

# -- values that broke something once, mixed with ordinary ones -----------------------
NASTY_TEXT = [
    "",
    " ",
    "0",
    "-1",
    "3 1/2",
    "½",
    "7/0",
    "Infinity",
    "-Infinity",
    "NaN",
    "1e999",
    "9" * 5000,
    "²",
    "٣",
    "０３０５",
    "0305",
    "a\nb",
    "\x1b[31mred",
    "\u2028",
    "\x00",
    "../books/gcacw",
    "/dev/zero",
    "gcacw\n",
    "x" * 3000,
    "none",
    "rain",
    "union",
]
NASTY_NUMBERS = [
    0,
    1,
    2,
    3,
    6,
    7,
    12,
    -1,
    10**30,
    10**400,
    0.5,
    2.5,
    -0.5,
    1e300,
]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from(NASTY_NUMBERS),
    st.integers(-20, 40),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(NASTY_TEXT),
    st.text(max_size=12),
)


def json_values(keys: list[str]) -> st.SearchStrategy[Any]:
    keyed = st.sampled_from(keys) if keys else st.text(max_size=6)
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=5),
            st.dictionaries(st.one_of(keyed, st.text(max_size=6)), inner, max_size=6),
        ),
        max_leaves=20,
    )


def _schema_keys(schema: dict[str, Any]) -> list[str]:
    """Every property name in a JSON schema (nested definitions too)."""
    keys: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            keys.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return sorted(keys)


def check_run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    start = time.process_time()
    code, out, err = run_cli(capsys, *argv)
    took = time.process_time() - start
    assert took < BOUND_S, (argv[:4], took)
    assert code in (0, 2), (argv[:4], err)
    if code == 2:
        assert_clean_failure(code, err)
    return code, out


# -- every calculator's input ----------------------------------------------------------
HEXES = ["0101", "0203", "0305", "0705", "1105", "9999", "０３０５", "x"]


def from_schema(node: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> Any:
    """Documents shaped like a JSON schema (mostly valid, often at the edges of it), so
    that the fuzzing reaches the rules and not only the validation."""
    if "$ref" in node:
        return from_schema(defs[node["$ref"].split("/")[-1]], defs, depth)
    if "anyOf" in node:
        return st.one_of([from_schema(n, defs, depth) for n in node["anyOf"]])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    if "const" in node:
        return st.just(node["const"])
    kind = node.get("type")
    if kind == "object" and depth < 4:
        props = node.get("properties", {})
        required = set(node.get("required", []))
        return st.fixed_dictionaries(
            {k: from_schema(v, defs, depth + 1) for k, v in props.items() if k in required},
            optional={
                k: from_schema(v, defs, depth + 1) for k, v in props.items() if k not in required
            },
        )
    if kind == "null":
        return st.none()
    if kind == "array" and depth < 4:
        items = from_schema(node.get("items", {}), defs, depth + 1)
        low, high = node.get("minItems", 0), node.get("maxItems", 4)
        return st.one_of(
            st.lists(items, min_size=low, max_size=max(low, high)),
            st.lists(items, min_size=max(0, low - 1), max_size=high + 1),
        )
    if kind == "integer":
        low, high = int(node.get("minimum", -3)), int(node.get("maximum", 40))
        ok = st.integers(low, high)
        edge = st.one_of(st.integers(low - 1, high + 1), st.sampled_from(NASTY_NUMBERS))
        return st.one_of(ok, ok, ok, edge)
    if kind == "number":
        ok = st.integers(1, 30)
        return st.one_of(ok, ok, ok, st.sampled_from([0, 0.5, 2.5, 999, 1000, 1e300]))
    if kind == "boolean":
        return st.booleans()
    if kind == "string":
        if node.get("format") == "fraction":
            ok = st.sampled_from(["1/2", "3 1/2", "17", "6", "2"])
            return st.one_of(ok, ok, st.sampled_from(["0", "1e999", "Infinity", "٣", "1/3"]))
        ok = st.sampled_from(HEXES[:5] + ["example", "training"])
        text = st.one_of(st.text(max_size=8), st.sampled_from(NASTY_TEXT + HEXES[5:]))
        return st.one_of(ok, ok, text)
    return scalars


def _documents(name: str) -> st.SearchStrategy[Any]:
    module = calculator(name)
    schema = module.Input.model_json_schema()
    keys = _schema_keys(schema)
    shaped = from_schema(schema, schema.get("$defs", {}))
    fields = st.dictionaries(st.sampled_from(keys), json_values(keys), max_size=len(keys))
    return st.one_of(shaped, shaped, shaped, shaped, shaped, fields, json_values(keys))


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_fuzz_calculator_input(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "input.json"

    @FUZZ
    @given(doc=_documents(name), raw=st.sampled_from([None, "[" * 5000, "{", "NaN", "1e999"]))
    def run(doc: Any, raw: str | None) -> None:
        text = raw if raw is not None and doc is None else json.dumps(doc, allow_nan=False)
        source.write_text(text, encoding="utf-8")
        check_run(capsys, "calc", name, "--input", str(source))

    run()


# -- every command's arguments ---------------------------------------------------------
ARG_POOL = [
    "--json",
    "--book",
    "--limit",
    "--id",
    "--input",
    "--schema",
    "--seed",
    "--scenario",
    "--bots",
    "--save",
    "--verify",
    "--actions",
    "--lang",
    "-",
    "0",
    "-5",
    "99999999999",
    "7.4",
    "７．４",
    "5.1#延長行軍",
    "gcacw",
    "practice",
    "training",
    "random,heuristic",
    "heuristic",
    *NASTY_TEXT,
]
COMMANDS = [
    ["books"],
    ["books", "list"],
    ["books", "import"],
    ["books", "remove"],
    ["search"],
    ["rule"],
    ["calc"],
    *[["calc", n] for n in CALCULATORS],
    ["discrepancies"],
    ["replay"],
    ["scenario"],
    ["scenario", "check"],
    ["play", "--scenario"],
]


@FUZZ
@given(
    command=st.sampled_from(COMMANDS),
    args=st.lists(st.one_of(st.sampled_from(ARG_POOL), st.text(max_size=10)), max_size=5),
)
def test_fuzz_command_arguments(
    command: list[str], args: list[str], books_home_session: Path, capsys: Any
) -> None:
    argv = [*command, *args]
    if "import" in argv or "remove" in argv:  # keep the shared library intact
        argv = [a for a in argv if a not in ("practice", "gcacw")]
    if command[0] == "play":  # a whole game is slow: make most of them invalid early
        argv.append("--bots=nobody")
    check_run(capsys, *argv)


@pytest.fixture(scope="module")
def books_home_session(
    tmp_path_factory: pytest.TempPathFactory,
) -> Any:
    from gcacw_ref.text.library import Library

    home = tmp_path_factory.mktemp("fuzz-home")
    Library(home=home).import_book(PRACTICE_BOOK, book_id="practice")
    old = os.environ.get("GCACW_REF_HOME")
    os.environ["GCACW_REF_HOME"] = str(home)
    yield home
    if old is None:
        del os.environ["GCACW_REF_HOME"]
    else:
        os.environ["GCACW_REF_HOME"] = old


# -- the scenario and save loaders -----------------------------------------------------
TRAINING: dict[str, Any] = tomllib.loads((SCENARIO_DIR / "training.toml").read_text("utf-8"))


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*prefix, i))
    return found


def _mutated(doc: dict[str, Any], path: tuple[Any, ...], value: Any, key: str | None) -> Any:
    doc = copy.deepcopy(doc)
    if not path:
        return value
    node: Any = doc
    for step in path[:-1]:
        node = node[step]
    if key is not None and isinstance(node, dict):
        node[key] = value
    else:
        node[path[-1]] = value
    return doc


def _mutation(doc: dict[str, Any]) -> st.SearchStrategy[Any]:
    keys = sorted({str(p[-1]) for p in _paths(doc) if p and isinstance(p[-1], str)})
    return st.builds(
        _mutated,
        st.just(doc),
        st.sampled_from(_paths(doc)),
        json_values(keys),
        st.one_of(st.none(), st.sampled_from(NASTY_TEXT)),
    )


@FUZZ
@given(data=_mutation(TRAINING))
def test_fuzz_scenario_loader(data: Any) -> None:
    start = time.process_time()
    try:
        scenario_from_data(data, "fuzz.toml", SCENARIO_DIR)
    except InputError as exc:
        message = str(exc)
        assert "\n" not in message
    assert time.process_time() - start < BOUND_S


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    from gcacw_ref.game.model.scenario import load_scenario
    from gcacw_ref.game.play.replay import play_bots, save_game

    game = play_bots(load_scenario("training"), 1, "random", "random")
    path = tmp_path_factory.mktemp("save") / "game.json"
    save_game(game, path)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:40]  # replays quickly; the hash no longer matches
    return data


def test_fuzz_save_loader(
    saved_game: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "save.json"
    top = {k: v for k, v in saved_game.items() if k != "scenario"}

    @settings(FUZZ, max_examples=max(EXAMPLES // 2, 5))
    @given(data=_mutation(top), scenario=_mutation(saved_game["scenario"]))
    def run(data: Any, scenario: Any) -> None:
        if isinstance(data, dict):
            data = {**data, "scenario": scenario}
        source.write_text(json.dumps(data, allow_nan=False), encoding="utf-8")
        check_run(capsys, "replay", str(source), "--verify")

    run()


# -- a few real processes: the exit paths as a shell sees them --------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["calc", "odds", "--input", "/dev/zero"],
        ["replay", "/dev/zero"],
        ["rule", "7.4", "--book", "../books/gcacw"],
        ["books", "import", "/dev/null", "--id", "abc\n"],
        ["search", "x", "--limit", "\x1b[31m"],
    ],
)
def test_subprocess_exit_paths(argv: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "GCACW_REF_HOME": str(tmp_path), "GCACW_REF_LANG": "en"}
    res = subprocess.run(
        [sys.executable, "-m", "gcacw_ref", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert res.returncode == 2, res.stderr
    assert res.stderr.count("\n") == 1 and not CONTROL.search(res.stderr[:-1]), res.stderr

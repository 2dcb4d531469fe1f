"""The calculators at the CLI in both languages: `--lang ja` and `GCACW_REF_LANG=ja` give
Japanese step labels; `--json` keys and machine values are the same in both; a bad
language is a one-line error with exit 2; an unknown locale falls back to English."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

COMBAT = {
    "game": "OTR",
    "action": "march",
    "attack_type": "hasty",
    "attackers": [{"strength": 17, "artillery": 2, "tactical": 2}],
    "defenders": [{"strength": 9, "artillery": 2, "tactical": 2}],
    "defender_terrain": "rolling",
    "hexside": "creek",
    "flank_bonus": 2,
    "dice": {"attacker": 5, "defender": 2},
}
INPUTS: dict[str, dict[str, Any]] = {
    "odds": {"attacker": 17, "defender": 9},
    "combat": COMBAT,
    "artillery": {"attacker_artillery": 5, "defender_artillery": 2, "defender_terrain": "clear"},
    "flank": {
        "defender_strength": 8,
        "neighbors": [
            {"attacker_unit": True},
            {"attacker_zoc": "normal"},
            {},
            {},
            {},
            {"off_map": True},
        ],
    },
    "march": {"game": "GTC", "side": "union", "fatigue_before": 2, "strength": 6, "die": 4},
    "retreat": {
        "kind": "retreat",
        "hex_number": 1,
        "neighbors": [{"road": True, "farther": True}, {}, {"enemy_zoc": True}, {}, {}, {}],
    },
}


def run(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("GCACW_REF_LANG", "LANG")}
    environ.update({"LC_ALL": "", "LC_MESSAGES": "", **env})
    return subprocess.run(
        [sys.executable, "-m", "gcacw_ref", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=environ,
    )


def strip_labels(value: Any) -> Any:
    """The JSON with every human-readable step text removed (labels, worded values)."""
    if isinstance(value, dict):
        if "rule" in value and "label" in value:
            return {"rule": value["rule"], "args": strip_labels(value.get("args"))}
        return {k: strip_labels(v) for k, v in value.items()}
    if isinstance(value, list):
        return [strip_labels(v) for v in value]
    return value


@pytest.mark.parametrize("name", list(INPUTS))
def test_json_same_in_both_languages_but_the_labels(name: str) -> None:
    data = json.dumps(INPUTS[name])
    en = run("calc", name, "--input", "-", "--json", stdin=data)
    ja = run("--lang", "ja", "calc", name, "--input", "-", "--json", stdin=data)
    assert en.returncode == 0, en.stderr
    assert ja.returncode == 0, ja.stderr
    out_en, out_ja = json.loads(en.stdout), json.loads(ja.stdout)
    assert out_en.keys() == out_ja.keys()
    assert strip_labels(out_en) == strip_labels(out_ja)
    labels_en = [s["label"] for s in out_en["steps"]]
    labels_ja = [s["label"] for s in out_ja["steps"]]
    assert labels_en != labels_ja and len(labels_en) == len(labels_ja)


def test_odds_steps_in_japanese_by_flag_and_by_env() -> None:
    data = json.dumps(INPUTS["odds"])
    flag = run("calc", "odds", "--input", "-", "--lang", "ja", stdin=data)
    env = run("calc", "odds", "--input", "-", stdin=data, GCACW_REF_LANG="ja")
    locale = run("calc", "odds", "--input", "-", stdin=data, LANG="ja_JP.UTF-8")
    for res in (flag, env, locale):
        assert res.returncode == 0, res.stderr
        assert "[7.4] 戦闘力比修正：0" in res.stdout
        assert "[7.4] 戦闘力比 17 対 9（防御側に有利に端数処理）：1-1" in res.stdout
        assert "戦闘力比 1-1  （戦闘力比修正 0）" in res.stdout
    english = run("calc", "odds", "--input", "-", stdin=data)
    assert "[7.4] Strength ratio modifier: 0" in english.stdout


def test_combat_result_words_in_japanese() -> None:
    res = run("--lang=ja", "calc", "combat", "--input", "-", stdin=json.dumps(COMBAT))
    assert res.returncode == 0, res.stderr
    assert "[7.4] 小川ヘクスサイドを越える攻撃：+1" in res.stdout
    assert "[7.1] 攻撃の種類「緊急」のコスト（歩兵）：1 MP" in res.stdout
    assert "防御側の結果（列 7-11）：兵力1を失う、混乱状態、疲労、退却：1Dr" in res.stdout


def test_flank_blocked_hexes_in_japanese() -> None:
    res = run("--lang", "ja", "calc", "flank", "--input", "-", stdin=json.dumps(INPUTS["flank"]))
    assert res.returncode == 0, res.stderr
    assert "[7.4] ヘクス1は塞がれたヘクス：攻撃側のユニット（1a）" in res.stdout
    assert "[7.4] ヘクス6は塞がれたヘクス：マップの端の外（1e）" in res.stdout
    assert "[7.4] 塞がれたヘクス3個の基本側面ボーナス" in res.stdout


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (("--lang", "klingon", "bench", "--help"), {}),
        (("--lang",), {}),
        (("discrepancies",), {"GCACW_REF_LANG": "klingon"}),
    ],
)
def test_unknown_language_is_exit_2_with_one_line(
    args: tuple[str, ...], env: dict[str, str]
) -> None:
    res = run(*args, **env)
    assert res.returncode == 2
    assert len(res.stderr.strip().splitlines()) == 1
    assert "ja" in res.stderr and "Traceback" not in res.stderr


def test_unknown_locale_speaks_english() -> None:
    res = run("calc", "odds", "--input", "-", stdin=json.dumps(INPUTS["odds"]), LANG="fr_FR.UTF-8")
    assert res.returncode == 0
    assert "Strength ratio modifier" in res.stdout


def test_bad_input_message_in_japanese() -> None:
    res = run(
        "--lang", "ja", "calc", "odds", "--input", "-", stdin='{"attacker": 0, "defender": 9}'
    )
    assert res.returncode == 2
    assert "合計戦闘力は1/2以上が必要" in res.stderr


def test_help_in_japanese() -> None:
    res = run("--lang", "ja", "--help")
    assert res.returncode == 0
    assert "表示の言語" in res.stdout

"""argparse's own words under `--lang ja`: the usage line, section titles, the help option
and usage errors speak Japanese; English stays as it was."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from gcacw_ref import cli, i18n


@pytest.fixture(autouse=True)
def _keep_language() -> Iterator[None]:
    before = i18n.current_language()
    yield
    i18n.set_language(before)


def test_help_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "ja", "play", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("使い方：gcacw-ref play [-h] --scenario ID|FILE [--seed N]")
    assert "\nオプション：\n" in out
    assert "  -h, --help          このヘルプを表示して終了\n" in out
    assert re.search(r"\n  --seed N +ダイスのシード：", out)
    assert not re.search(r"usage|options|show this|positional", out)


def test_top_level_help_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "ja", "--help"]) == 0
    out = capsys.readouterr().out
    assert "\n位置引数：\n" in out and "\nオプション：\n" in out
    assert re.search(r"\n  --version +バージョンを表示して終了\n", out)


def test_usage_errors_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "ja", "play"]) == 2
    assert capsys.readouterr().err == ("gcacw-ref：指定が足りない：--scenario（--help を参照）\n")
    assert cli.main(["--lang", "ja", "play", "--scenario"]) == 2
    assert capsys.readouterr().err == "gcacw-ref：--scenario には値が必要（--help を参照）\n"
    assert cli.main(["--lang", "ja", "calc", "odds", "--json", "--nope"]) == 2
    assert "不明な引数：--nope" in capsys.readouterr().err


def test_english_help_keeps_argparse_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "en", "play", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: gcacw-ref play [-h]")
    assert "\noptions:\n" in out
    assert cli.main(["--lang", "en", "play"]) == 2
    assert capsys.readouterr().err == (
        "gcacw-ref: the following arguments are required: --scenario (see --help)\n"
    )

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


def _help_lines(capsys: pytest.CaptureFixture[str], name: str) -> list[str]:
    """The option lines of `calc NAME --help` in Japanese, usage line left out (flags are
    the command's syntax)."""
    assert cli.main(["--lang", "ja", "calc", name, "--help"]) == 0
    out = capsys.readouterr().out
    return out.split("\nオプション：\n", 1)[1].splitlines()


@pytest.mark.parametrize(
    "name", ["odds", "combat", "artillery", "flank", "march", "retreat", "move"]
)
def test_japanese_help_lists_its_choices_in_japanese(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """A choice list in brackets (`[平地、丘陵、…]`) names no machine word such as
    `rolling` or `cavalry_division` (a review found them in every Japanese --help)."""
    shown = " ".join(_help_lines(capsys, name))
    lists = re.findall(r"\[([^\]]*)\]", shown)
    choices = [item for text in lists for item in re.split(r"、", text) if not item.startswith("-")]
    assert [c for c in choices if re.search(r"[a-z]{2,}", c)] == []


def test_a_choice_typed_in_japanese_reads_as_its_machine_word(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--terrain 森` is `--terrain woods` (the --help lists the Japanese words)."""
    base = ["calc", "combat", "--attackers", "8 a1", "--defenders", "5", "--json"]
    assert cli.main(["--lang", "ja", *base, "--terrain", "森"]) == 0
    japanese = capsys.readouterr().out
    assert cli.main(["--lang", "ja", *base, "--terrain", "woods"]) == 0
    assert capsys.readouterr().out == japanese
    assert "表の行「森、市街地、山」" in japanese


def test_a_rule_error_names_its_rule_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    """The rule tag of a refusal is worded too: 「（ルール12.0）」, never "(rule 12.0)"."""
    args = ["calc", "combat", "--attackers", "8", "--defenders", "5", "--hexside", "ford"]
    assert cli.main(["--lang", "ja", *args, "--rain"]) == 2
    assert capsys.readouterr().err.endswith("（ルール12.0）\n")
    assert cli.main(["--lang", "en", *args, "--rain"]) == 2
    assert capsys.readouterr().err.endswith(" (rule 12.0)\n")

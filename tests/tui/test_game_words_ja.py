"""Japanese wordings of the game screen read as natural Japanese (seen playing harrow in
Japanese: the reopened save said "開きた", a verb form that does not exist)."""

from __future__ import annotations

from gcacw_ref.i18n import _, set_language


def test_a_reopened_save_says_opened_in_japanese() -> None:
    set_language("ja")
    try:
        said = _("Opened {path}: {n} actions").format(path="harrow-1.json", n=218)
    finally:
        set_language("en")
    assert said == "harrow-1.json を開いた：アクション 218 件"

"""The message catalogs: every message in the code has a Japanese and an English text,
none fuzzy, with the same format placeholders, and the shipped .mo files match the .po files."""

from __future__ import annotations

import gettext
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from gcacw_ref import i18n

PACKAGE = Path(i18n.__file__).resolve().parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def code_messages() -> set[str]:
    """Every msgid the code marks (the same extraction as scripts/i18n.sh)."""
    found: set[str] = set()
    for _file, _line, message, _comments, _ctx in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        if isinstance(message, tuple):  # ngettext: the catalog keys the pair by its singular
            if message[0]:
                found.add(message[0])
        elif message:
            found.add(message)
    return found


def po_catalog(lang: str):
    with open(PACKAGE / "locale" / lang / "LC_MESSAGES" / "gcacw_ref.po", "rb") as fh:
        return read_po(fh, locale=lang)


def fields(text: str) -> set[str]:
    """The `{name}` placeholders of a str.format template."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_code_message_is_translated(lang: str) -> None:
    cat = po_catalog(lang)
    missing = []
    for msgid in sorted(code_messages()):
        message = cat.get(msgid)
        if message is None or not message.string or message.fuzzy:
            missing.append(msgid)
    assert not missing, f"{lang}: {len(missing)} untranslated, first: {missing[:5]}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_placeholders_match(lang: str) -> None:
    bad = []
    for message in po_catalog(lang):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strs = message.string if isinstance(message.string, tuple) else (message.string,)
        want = set().union(*(fields(i) for i in ids))
        for text in strs:
            if text and fields(text) != want:
                bad.append((message.id, text))
    assert not bad, bad[:5]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_compiled_catalog_matches_po(lang: str) -> None:
    with open(PACKAGE / "locale" / lang / "LC_MESSAGES" / "gcacw_ref.mo", "rb") as fh:
        mo = gettext.GNUTranslations(fh)
    for message in po_catalog(lang):
        if not message.id or isinstance(message.id, tuple) or not message.string:
            continue
        if message.context:  # the same English word in another sense ("NE": compass point)
            assert mo.pgettext(message.context, message.id) == message.string, message.id
        else:
            assert mo.gettext(message.id) == message.string, message.id


def test_language_resolution() -> None:
    assert i18n.normalise_language("ja_JP.UTF-8") == "ja"
    assert i18n.normalise_language("en-US") == "en"
    assert i18n.normalise_language("C") == "en"
    assert i18n.normalise_language("fr_FR.UTF-8") is None
    assert i18n.language_from_locale({"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US"}) == "ja"
    assert i18n.language_from_locale({"LANG": "fr_FR"}) == "en"
    assert i18n.language_from_locale({}) == "en"
    assert i18n.language_from_env({"GCACW_REF_LANG": "ja"}) == "ja"
    assert i18n.language_from_env({}) is None


def test_unknown_env_language_is_input_error() -> None:
    from gcacw_ref.errors import InputError

    with pytest.raises(InputError, match="GCACW_REF_LANG"):
        i18n.language_from_env({"GCACW_REF_LANG": "klingon"})


def test_translation_switches_live() -> None:
    msg = "unknown language {value!r} in {var} (choose one of: {choices})"
    try:
        i18n.set_language("ja")
        assert i18n._(msg) != msg and "言語" in i18n._(msg)
        i18n.set_language("en")
        assert i18n._(msg) == msg
    finally:
        i18n.set_language("en")

"""The interface's language: Japanese or English, through gettext catalogs.

Every text the tool writes itself goes through `_()` (or `ngettext()`); text that is
built before the language is known is marked with `N_()` and translated where it is
shown. The catalogs live in `gcacw_ref/locale/<lang>/LC_MESSAGES/gcacw_ref.po` and are
managed with Babel (`scripts/i18n.sh`: extract, update, compile); the compiled `.mo`
files are committed so that `pip install .` gives both languages with no build step,
and a test checks they match the `.po` files.

Which language (first that applies): `--lang` on the command line, `GCACW_REF_LANG`,
the language saved by the TUI (TUI only), the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`
beginning with `ja` gives Japanese), else English. `--json` keys and machine values
never change with the language.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from gcacw_ref.argv import MissingValue, take_global_option
from gcacw_ref.errors import GcacwError, InputError, RuleError

DOMAIN = "gcacw_ref"
LANGUAGES = ("en", "ja")
DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENV_VAR = "GCACW_REF_LANG"

_catalogs: dict[str, gettext.NullTranslations] = {}
_language = DEFAULT_LANGUAGE


def normalise_language(value: str | None) -> str | None:
    """`ja`, `ja_JP.UTF-8`, `ja-JP`, `JA` → `ja`; `en_US`, `C`, `POSIX` → `en`; else None."""
    if not value:
        return None
    head = value.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if head in ("c", "posix"):
        return "en"
    return head if head in LANGUAGES else None


def language_from_locale(environ: Mapping[str, str] | None = None) -> str:
    """The language the POSIX locale asks for (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return normalise_language(value) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def language_from_env(environ: Mapping[str, str] | None = None) -> str | None:
    """`GCACW_REF_LANG` when set; an unknown value raises `InputError` (exit 2 at the CLI)."""
    env = os.environ if environ is None else environ
    value = env.get(ENV_VAR)
    if not value:
        return None
    lang = normalise_language(value)
    if lang is None:
        raise InputError(
            _("unknown language {value!r} in {var} (choose one of: {choices})").format(
                value=value, var=ENV_VAR, choices=", ".join(LANGUAGES)
            )
        )
    return lang


def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang` (a fallback that returns the English text when absent)."""
    found = _catalogs.get(lang)
    if found is None:
        found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        _catalogs[lang] = found
    return found


def set_language(lang: str) -> None:
    """Speak `lang` (`en` or `ja`) from now on, in this process."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    _language = lang


def current_language() -> str:
    """The language in use: `en` or `ja`."""
    return _language


def _(message: str) -> str:
    """`message` (an English msgid) in the current language."""
    if not message:
        return message
    return catalog(_language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for `n`, in the current language."""
    return catalog(_language).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the current language, as meant in `context` (the same English word can
    mean two things: "NE" is a compass point and, in a table, "no effect")."""
    return catalog(_language).pgettext(context, message)


def join_list(items: Iterable[str]) -> str:
    """`items` as one list in the current language ("a, b" in English, 「a、b」 in Japanese)."""
    return _(", ").join(items)


def shown_error(exc: GcacwError) -> str:
    """An error as the player reads it: a rule error's tag, `(rule 12.0)`, worded in the
    current language like the rest of its line."""
    if isinstance(exc, RuleError) and exc.rule:
        return _("{message} (rule {rule})").format(message=exc.message, rule=exc.rule)
    return str(exc)


def N_(message: str) -> str:
    """Mark `message` for the catalog without translating it now (it is translated when shown)."""
    return message


def choose_language(
    cli: str | None = None, saved: str | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """The language to speak: `--lang`, then `GCACW_REF_LANG`, then `saved`, then the locale."""
    if cli:
        lang = normalise_language(cli)
        if lang is None:
            raise InputError(
                _("unknown language {value!r} for --lang (choose one of: {choices})").format(
                    value=cli, choices=", ".join(LANGUAGES)
                )
            )
        return lang
    return language_from_env(environ) or saved or language_from_locale(environ)


def split_lang_option(args: list[str]) -> tuple[str | None, list[str]]:
    """Take the global `--lang X` / `--lang=X` out of a command line, wherever it stands."""
    try:
        return take_global_option(args, "--lang")
    except MissingValue:
        raise InputError(_("--lang needs a value: ja or en")) from None

#!/usr/bin/env bash
# Refresh the message catalogs with Babel: extract every _()/N_()/ngettext() string from
# gcacw_ref/, merge it into the Japanese and English .po files, and compile the .mo files
# that ship in the package. Then translate whatever `scripts/i18n.sh check` lists.
#   scripts/i18n.sh           extract + update + compile
#   scripts/i18n.sh compile   compile only
set -euo pipefail
cd "$(dirname "$0")/.."
loc=gcacw_ref/locale
pot=$loc/gcacw_ref.pot
if [ "${1:-}" != compile ]; then
  pybabel --quiet extract -F babel.cfg -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 --no-location --sort-output \
    --project=gcacw-ref --copyright-holder="gcacw_ref authors" -o "$pot" gcacw_ref
  for lang in ja en; do
    po=$loc/$lang/LC_MESSAGES/gcacw_ref.po
    if [ -f "$po" ]; then
      pybabel --quiet update -D gcacw_ref -i "$pot" -d "$loc" -l "$lang" --no-fuzzy-matching --ignore-obsolete
    else
      pybabel --quiet init -D gcacw_ref -i "$pot" -d "$loc" -l "$lang"
    fi
  done
  python3 scripts/fill_english.py "$loc/en/LC_MESSAGES/gcacw_ref.po"
fi
pybabel compile -D gcacw_ref -d "$loc" --statistics

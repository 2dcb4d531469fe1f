"""The English catalog: every msgid is its own English text, so msgstr = msgid."""

import sys

from babel.messages.pofile import read_po, write_po

path = sys.argv[1]
with open(path, "rb") as fh:
    cat = read_po(fh, locale="en")
for message in cat:
    if not message.id:
        continue
    message.string = message.id
    message.flags.discard("fuzzy")
with open(path, "wb") as fh:
    write_po(fh, cat, omit_header=False, sort_output=True, no_location=True, width=100)

"""Rule numbers: reading what a user types, and the numbers found in headings."""

from __future__ import annotations

import re

from gcacw_ref.text.clean import nfkc

_USER_RE = re.compile(
    r"^(?:rule|ルール|r|§)?\s*(\d{1,2})(?:\s*[.\-・,]\s*(\d{1,2}))?"
    r"(?:\s*[.\-・]\s*(\d{1,2}))?(?:\s*[.\-・]\s*(\d{1,2}))?\s*[.。]?$",
    re.IGNORECASE,
)


def normalize_rule_number(text: str) -> str | None:
    """`7.4`, `７．４`, `7.4.`, `7-4`, `rule 7.4` -> "7.4"; `7` -> "7.0"; None if not a number."""
    s = nfkc(text).strip()
    m = _USER_RE.match(s)
    if not m:
        return None
    parts = [g for g in m.groups() if g is not None]
    nums = [str(int(p)) for p in parts]
    if len(nums) == 1:
        nums.append("0")
    return ".".join(nums)


def number_key(number: str) -> tuple[int, ...]:
    """Sort key of a rule number ("12.1.10" -> (12, 1, 10))."""
    out: list[int] = []
    for part in number.split("."):
        try:
            out.append(int(part))
        except ValueError:
            out.append(0)
    return tuple(out)


_OCR_DIGITS = str.maketrans({"O": "0", "o": "0", "○": "0", "〇": "0", "l": "1", "I": "1"})


def ocr_digits(text: str) -> str:
    """Letters the OCR read in place of digits, put back (`Ｏ` -> 0, `ｌ` -> 1); NFKC first."""
    return nfkc(text).translate(_OCR_DIGITS)

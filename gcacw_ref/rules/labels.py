"""Labels of input fields, declared beside the fields (the forms and `calc --schema` read them)."""

from __future__ import annotations

from pydantic.config import JsonDict


def ui(label: str) -> JsonDict:
    """A field's `json_schema_extra`: its short label for forms (an English message id,
    marked with `N_` where written and translated where shown). `calc --schema` shows it
    as an extra `label` key; forms read it instead of repeating it."""
    return {"label": label}

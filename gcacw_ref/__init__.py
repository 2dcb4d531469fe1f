"""gcacw_ref: a table-side rules assistant for the GCACW Standard Basic Game Rules."""

__version__ = "0.1.0"

"""The Textual app: screens and widgets only; every number comes from gcacw_ref.rules."""


def run_app() -> int:
    """Launch the TUI (placeholder until the TUI lands)."""
    print("The TUI is not built yet.")
    return 0

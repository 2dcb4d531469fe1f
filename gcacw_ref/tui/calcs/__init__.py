"""Calculator panes: forms over the `gcacw_ref.rules.io` modules; they compute nothing."""

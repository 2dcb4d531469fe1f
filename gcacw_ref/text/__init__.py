"""Rulebooks: importers, normalisation, sections, glossary, fuzzy search."""

"""Screens: selector, table, decision prompts, pass screen, results, help."""

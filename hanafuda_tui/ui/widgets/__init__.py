"""Widgets of the table screen."""

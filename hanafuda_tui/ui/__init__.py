"""The Textual game: selector, table, prompts, hot-seat, results.

Data flows one way: the core's views, events and legal actions → widgets; keys → actions → core.
No rules live here; rule facts the screen needs come from ``core.hints``.
"""

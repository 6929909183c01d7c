"""What several tests share: stacked decks and scripted games per ruleset, running the command line,
games the bots play, and driving the app headless."""

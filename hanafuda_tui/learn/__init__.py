"""Lessons for newcomers: each a prepared deal the core deals and checks, and steps said in
Japanese and English (``lessons``); a coach that takes the learner through one (``coach``); the
check that every lesson still fits the rules (``check``); which lessons are finished
(``progress``); and what the card gallery shows of each card (``gallery``)."""

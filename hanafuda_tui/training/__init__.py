"""Training the learned stop rule and play policy (``hanafuda train``): self-play labelled by the
strong bot's search, fitted with numpy (the ``train`` extra: ``pip install -e '.[train]'``).
Nothing here runs at play time: the bots read only the JSON weights it writes."""

MAX_JOBS = 64
"""Processes a training spreads its shards over at most."""

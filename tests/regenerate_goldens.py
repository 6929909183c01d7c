"""Rewrite the pinned replay outputs in tests/data/replay/ after a deliberate change of behaviour,
the JSON Schema of that output (docs/replay.schema.json) after a change of its model, and that of
the table protocol (docs/protocol.schema.json) after a change of its messages.

Run as ``.venv/bin/python tests/regenerate_goldens.py``; review the diff before committing it.
"""

from helpers.goldens import ROOT, regenerate

if __name__ == "__main__":
    for written in regenerate():
        print(written.relative_to(ROOT))

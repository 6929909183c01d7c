"""The pinned replay outputs in tests/data/replay/, the JSON Schema of that output
(docs/replay.schema.json) and of the table protocol's messages (docs/protocol.schema.json): how each is made from today's behaviour, for the golden tests to compare
and for ``tests/regenerate_goldens.py`` to rewrite."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from hanafuda_tui.cli import main
from hanafuda_tui.net.protocol import schema_text as protocol_schema_text
from hanafuda_tui.review.story import schema_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "assets" / "records").glob("*.json"))
GOLDEN_DIR = ROOT / "tests" / "data" / "replay"
SCHEMA = ROOT / "docs" / "replay.schema.json"
PROTOCOL_SCHEMA = ROOT / "docs" / "protocol.schema.json"
SHEET_EXAMPLE = ROOT / "assets" / "records" / "hachihachi-example.json"
REGENERATE = ".venv/bin/python tests/regenerate_goldens.py"


def replay_output(path: Path, flag: str) -> str:
    """What ``hanafuda replay PATH FLAG`` prints, run in-process; a refused replay is an error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", str(path), flag])
    if code != 0:
        raise RuntimeError(f"replay {path.name} {flag} exited {code}: {err.getvalue().strip()}")
    return out.getvalue()


def canonical(printed: str) -> str:
    """The printed one-line JSON re-dumped with two-space indents, keys in the CLI's order."""
    return json.dumps(json.loads(printed), ensure_ascii=False, indent=2) + "\n"


def json_golden(example: Path) -> Path:
    return GOLDEN_DIR / example.name


def sheet_golden(example: Path) -> Path:
    return GOLDEN_DIR / f"{example.stem}.sheet.txt"


def regenerate() -> list[Path]:
    """Write every golden file and the schema from today's behaviour, removing stale goldens; the
    paths written."""
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    wanted = {json_golden(p): canonical(replay_output(p, "--json")) for p in EXAMPLES}
    wanted[sheet_golden(SHEET_EXAMPLE)] = replay_output(SHEET_EXAMPLE, "--sheet")
    for stale in set(GOLDEN_DIR.iterdir()) - set(wanted):
        stale.unlink()
    wanted[SCHEMA] = schema_text()
    wanted[PROTOCOL_SCHEMA] = protocol_schema_text()
    for path, text in wanted.items():
        path.write_text(text, encoding="utf-8")
    return sorted(wanted)

"""``hanafuda online HOST:PORT --export-token`` prints the token kept for that server as one line;
``--import-token LINE`` (or ``-``: stdin) keeps it on another machine; bad input is one line."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import run

from hanafuda_tui.server.tokens import TokenBook

WHERE = "127.0.0.1:8770"


def test_a_token_exported_on_one_machine_is_kept_on_another(
    capsys: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HANAFUDA_CONFIG_DIR", str(tmp_path / "here"))
    TokenBook().remember(WHERE, "[red]花子", "7.secret")
    code, out, err = run(capsys, "online", WHERE, "--export-token")
    assert code == 0 and err == "" and out.count("\n") == 1
    line = out.strip()
    assert line.startswith("hanafuda-token:")

    monkeypatch.setenv("HANAFUDA_CONFIG_DIR", str(tmp_path / "there"))
    code, out, err = run(capsys, "online", WHERE, "--import-token", line)
    assert code == 0 and "[red]花子" in out
    entry = TokenBook().get(WHERE)
    assert entry is not None and (entry.name, entry.token) == ("[red]花子", "7.secret")

    monkeypatch.setenv("HANAFUDA_CONFIG_DIR", str(tmp_path / "stdin"))
    monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
    code, out, err = run(capsys, "online", "ws://127.0.0.1:8770", "--import-token", "-")
    entry = TokenBook().get("ws://127.0.0.1:8770")
    assert code == 0 and entry is not None and entry.token == "7.secret"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--export-token"], "no token kept for 127.0.0.1:8770"),
        (["--import-token", "hello"], "not a token line"),
        (["--import-token", "hanafuda-token:%%%"], "damaged"),
        (["--export-token", "--import-token", "x"], "not both"),
    ],
)
def test_bad_token_input_is_one_line(
    capsys: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], said: str
) -> None:
    monkeypatch.setenv("HANAFUDA_CONFIG_DIR", str(tmp_path))
    code, out, err = run(capsys, "online", WHERE, *args)
    assert code in (1, 2) and out == ""
    assert err.count("\n") == 1 and err.startswith("hanafuda: error: ") and said in err

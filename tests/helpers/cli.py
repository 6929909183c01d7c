"""Running the `hanafuda` command in-process and reading what it printed."""

from __future__ import annotations

from typing import Any

from hanafuda_tui.cli import main


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: Any, *argv: str) -> str:
    """The one error line of a command that must be refused with status 2."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("hanafuda: error: ")
    assert "Traceback" not in err
    return err

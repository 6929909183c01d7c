"""Each test module stands alone: what tests share lives in tests/helpers/ (or a conftest fixture),
so no test module imports another one, nor conftest, nor edits sys.path to reach one."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def reaching_out(source: str, where: str) -> list[str]:
    """``where:line`` of each import of a test module or conftest, and each use of ``sys.path``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        elif isinstance(node, ast.Attribute) and node.attr == "path":
            names = (
                ["sys.path"] if isinstance(node.value, ast.Name) and node.value.id == "sys" else []
            )
        else:
            continue
        if any(
            n.split(".")[-1].startswith(("test_", "conftest")) or n == "sys.path" for n in names
        ):
            found.append(f"{where}:{node.lineno}")
    return found


def test_no_test_module_imports_another_or_edits_sys_path() -> None:
    found = [
        hit
        for path in sorted(TESTS.rglob("*.py"))
        for hit in reaching_out(path.read_text("utf-8"), path.relative_to(TESTS).as_posix())
    ]
    assert found == []


def test_imports_of_test_modules_and_sys_path_edits_are_found() -> None:
    source = (
        "import sys\n"
        "from conftest import stack\n"
        "from test_koikoi2 import play\n"
        "import test_cli\n"
        "sys.path.insert(0, 'x')\n"
        "from helpers.koikoi3 import game_with\n"
        "from hanafuda_tui.core import cards\n"
    )
    assert reaching_out(source, "s.py") == ["s.py:2", "s.py:3", "s.py:4", "s.py:5"]

"""The layers of the package: core < bots < ui, tournament, story < cli. A module imports only from
its own layer or the layers below it (read from the source, so a lazy import inside a function counts
too)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "hanafuda_tui"

LAYERS = {"core": 0, "bots": 1, "ui": 2, "tournament": 2, "story": 2, "cli": 3, "__main__": 3}
"""The first part of a module's name below the package, and its layer."""


def module_name(path: Path, package: Path) -> str:
    """``.../hanafuda_tui/core/game.py`` → ``hanafuda_tui.core.game`` (``__init__`` kept)."""
    return ".".join(path.relative_to(package.parent).with_suffix("").parts)


def part_of(module: str) -> str:
    """``hanafuda_tui.core.rulesets.koikoi3.game`` → ``core``; '' for the package itself or outside it."""
    parts = module.split(".")
    return parts[1] if parts[0] == "hanafuda_tui" and len(parts) > 1 else ""


def imported(path: Path, package: Path) -> set[str]:
    """Every module of the package that ``path`` imports, as absolute names."""
    here = module_name(path, package).split(".")[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return {m for m in out if m.startswith("hanafuda_tui.")}


def violations(package: Path = PACKAGE) -> list[str]:
    found = []
    for path in sorted(package.rglob("*.py")):
        own = part_of(module_name(path, package))
        for module in sorted(imported(path, package)):
            other = part_of(module)
            if own in LAYERS and other in LAYERS and LAYERS[other] > LAYERS[own]:
                found.append(f"{module_name(path, package)} imports {module}")
    return found


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    assert violations() == []


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {p.stem for p in PACKAGE.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    assert parts - {"__init__"} <= set(LAYERS)


def test_relative_and_lazy_imports_up_the_layers_are_found(tmp_path: Path) -> None:
    package = tmp_path / "hanafuda_tui"
    (package / "core" / "rulesets").mkdir(parents=True)
    (package / "core" / "rulesets" / "sample.py").write_text(
        "def later():\n    from ...bots import levels\n", "utf-8"
    )
    (package / "bots").mkdir()
    (package / "bots" / "__init__.py").write_text("from ..core import game\n", "utf-8")
    (package / "cli.py").write_text("import hanafuda_tui.ui.app\n", "utf-8")
    assert violations(package) == [
        "hanafuda_tui.core.rulesets.sample imports hanafuda_tui.bots",
        "hanafuda_tui.core.rulesets.sample imports hanafuda_tui.bots.levels",
    ]

"""The layers of the package: core < history < bots < review, training, tables, learn < net,
server < ui < cli. A module imports only from its own layer or the layers below it, and no module imports itself back
through others (read from the source, so a lazy import inside a function counts too)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "hanafuda_tui"

LAYERS = {
    "core": 0,
    "history": 1,
    "bots": 2,
    "review": 3,
    "training": 3,
    "tables": 3,
    "learn": 3,
    "net": 4,
    "server": 4,
    "ui": 5,
    "cli": 6,
    "__main__": 6,
}
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


def test_the_package_has_no_module_but_its_own_outside_the_layers() -> None:
    loose = {p.name for p in PACKAGE.glob("*.py")}
    assert loose == {"__init__.py", "__main__.py"}


def file_of(module: str, package: Path) -> Path | None:
    """The file of a module name (a package's ``__init__.py``), or None for a name in a module."""
    path = package.parent.joinpath(*module.split("."))
    for found in (path.with_suffix(".py"), path / "__init__.py"):
        if found.is_file():
            return found
    return None


def circles(package: Path = PACKAGE) -> list[list[str]]:
    """The groups of modules that import each other, directly or through others (each group of
    two or more, sorted; imports of a package count as its ``__init__``'s)."""
    graph: dict[Path, set[Path]] = {}
    for path in sorted(package.rglob("*.py")):
        found = (file_of(m, package) for m in imported(path, package))
        graph[path] = {f for f in found if f is not None and f != path}
    order: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    groups: list[list[str]] = []

    def visit(path: Path) -> None:  # Tarjan's strongly connected components
        order[path] = low[path] = len(order)
        stack.append(path)
        for other in sorted(graph[path]):
            if other not in order:
                visit(other)
                low[path] = min(low[path], low[other])
            elif other in stack:
                low[path] = min(low[path], order[other])
        if low[path] == order[path]:
            group = []
            while True:
                top = stack.pop()
                group.append(module_name(top, package))
                if top == path:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for path in sorted(graph):
        if path not in order:
            visit(path)
    return sorted(groups)


def test_no_module_imports_itself_back_through_others() -> None:
    assert circles() == []


def test_a_circle_through_a_lazy_import_and_a_package_is_found(tmp_path: Path) -> None:
    package = tmp_path / "hanafuda_tui"
    (package / "core").mkdir(parents=True)
    (package / "core" / "__init__.py").write_text("", "utf-8")
    (package / "core" / "game.py").write_text(
        "def later():\n    from .sheet import board\n", "utf-8"
    )
    (package / "core" / "sheet.py").write_text("from . import rows\n", "utf-8")
    (package / "core" / "rows.py").write_text("from hanafuda_tui.core.game import Game\n", "utf-8")
    (package / "core" / "apart.py").write_text("from .game import Game\n", "utf-8")
    assert circles(package) == [
        ["hanafuda_tui.core.game", "hanafuda_tui.core.rows", "hanafuda_tui.core.sheet"]
    ]


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


def ruleset_of(module: str, package: Path = PACKAGE) -> str:
    """``hanafuda_tui.core.rulesets.hachihachi.ba`` → ``hachihachi``, as ``...rulesets.Hachihachi``
    (a ruleset's class through the registry); '' outside a ruleset's package."""
    parts = module.split(".")
    if parts[:3] != ["hanafuda_tui", "core", "rulesets"] or len(parts) < 4:
        return ""
    name = parts[3] if parts[3].islower() else parts[3].lower() if len(parts) == 4 else ""
    return name if name and (package / "core" / "rulesets" / name).is_dir() else ""


ADAPTER_LAYERS = ("bots", "ui")
"""The layers with a registry of per-ruleset adapters (``<layer>/rulesets/__init__.py``)."""


def plug_ins() -> dict[str, set[str]]:
    """The modules outside its package that are each ruleset's adapters: one in each layer's
    ``rulesets`` registry (a module, or a package with the modules in it)."""
    from hanafuda_tui.core.rulesets import RULESETS

    return {
        name: {f"hanafuda_tui.{layer}.rulesets.{name}" for layer in ADAPTER_LAYERS}
        for name in RULESETS
    }


def reaching_in(package: Path = PACKAGE, named: dict[str, set[str]] | None = None) -> list[str]:
    """Imports of a ruleset's own modules from anywhere but that ruleset's package, its adapters in
    the layers above, and the registry (``core/rulesets/__init__``)."""
    named = plug_ins() if named is None else named
    registry = "hanafuda_tui.core.rulesets.__init__"
    found = []
    for path in sorted(package.rglob("*.py")):
        own = module_name(path, package)
        for module in sorted(imported(path, package)):
            ruleset = ruleset_of(module, package)
            allowed = {registry, *named.get(ruleset, ())}
            inside = own in allowed or own.rsplit(".", 1)[0] in allowed
            if ruleset and ruleset != ruleset_of(own, package) and not inside:
                found.append(f"{own} imports {module}")
    return found


def test_only_a_ruleset_and_its_adapters_import_its_internals() -> None:
    assert reaching_in() == []


def test_a_core_service_or_another_ruleset_reaching_into_a_ruleset_is_found(tmp_path: Path) -> None:
    package = tmp_path / "hanafuda_tui"
    for ruleset in ("alpha", "beta"):
        (package / "core" / "rulesets" / ruleset).mkdir(parents=True)
        (package / "core" / "rulesets" / ruleset / "yaku.py").write_text("", "utf-8")
    (package / "core" / "rulesets" / "__init__.py").write_text("from .alpha import yaku\n", "utf-8")
    (package / "core" / "hints.py").write_text("from .rulesets.alpha.yaku import x\n", "utf-8")
    (package / "review").mkdir()
    (package / "review" / "story.py").write_text(
        "from ..core.rulesets import Alpha, ruleset_class\n", "utf-8"
    )
    (package / "core" / "rulesets" / "beta" / "game.py").write_text(
        "from ..alpha import yaku\nfrom . import yaku as own\n", "utf-8"
    )
    (package / "bots").mkdir()
    (package / "bots" / "alpha_eval.py").write_text(
        "from ..core.rulesets.alpha import yaku\n", "utf-8"
    )
    (package / "bots" / "beta_eval.py").write_text(
        "from ..core.rulesets.alpha import yaku\n", "utf-8"
    )
    named = {"alpha": {"hanafuda_tui.bots.alpha_eval"}}
    assert reaching_in(package, named) == [
        "hanafuda_tui.bots.beta_eval imports hanafuda_tui.core.rulesets.alpha",
        "hanafuda_tui.bots.beta_eval imports hanafuda_tui.core.rulesets.alpha.yaku",
        "hanafuda_tui.core.hints imports hanafuda_tui.core.rulesets.alpha.yaku",
        "hanafuda_tui.core.hints imports hanafuda_tui.core.rulesets.alpha.yaku.x",
        "hanafuda_tui.core.rulesets.beta.game imports hanafuda_tui.core.rulesets.alpha",
        "hanafuda_tui.core.rulesets.beta.game imports hanafuda_tui.core.rulesets.alpha.yaku",
        "hanafuda_tui.review.story imports hanafuda_tui.core.rulesets.Alpha",
    ]


def unregistered(package: Path = PACKAGE, named: dict[str, set[str]] | None = None) -> list[str]:
    """Each ruleset's adapter that its layer's registry does not import: the import graph shows
    every adapter, from the registry that the layer looks a ruleset up in."""
    named = plug_ins() if named is None else named
    found = []
    for adapters in named.values():
        for adapter in sorted(adapters):
            registry = adapter.rsplit(".", 1)[0]
            path = package.joinpath(*registry.split(".")[1:], "__init__.py")
            if not path.is_file() or adapter not in imported(path, package):
                found.append(f"{registry} does not import {adapter}")
    return sorted(found)


def test_each_layer_s_registry_imports_every_ruleset_s_adapter() -> None:
    assert unregistered() == []


def test_an_adapter_its_registry_does_not_import_is_found(tmp_path: Path) -> None:
    package = tmp_path / "hanafuda_tui"
    for layer in ADAPTER_LAYERS:
        (package / layer / "rulesets").mkdir(parents=True)
    (package / "bots" / "rulesets" / "__init__.py").write_text("from . import alpha\n", "utf-8")
    (package / "ui" / "rulesets" / "__init__.py").write_text("from . import beta\n", "utf-8")
    named = {
        name: {f"hanafuda_tui.{layer}.rulesets.{name}" for layer in ADAPTER_LAYERS}
        for name in ("alpha", "beta")
    }
    assert unregistered(package, named) == [
        "hanafuda_tui.bots.rulesets does not import hanafuda_tui.bots.rulesets.beta",
        "hanafuda_tui.ui.rulesets does not import hanafuda_tui.ui.rulesets.alpha",
    ]

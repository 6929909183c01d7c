"""The rules core never imports textual or rich (the layers: core < bots < ui < cli)."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import hanafuda_tui.core as core


def core_modules() -> list[str]:
    return [m.name for m in pkgutil.walk_packages(core.__path__, prefix="hanafuda_tui.core.")]


def test_core_never_imports_textual_or_rich():
    names = ["hanafuda_tui.core", *core_modules()]
    root = Path(core.__path__[0]).parent.parent
    files = sorted(Path(core.__path__[0]).rglob("*.py"))
    on_disk = {".".join(f.relative_to(root).with_suffix("").parts) for f in files}
    assert {n.removesuffix(".__init__") for n in on_disk} == set(names)  # every module imported
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""

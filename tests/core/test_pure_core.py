"""The rules core never imports textual or rich (STYLE.md: the import contract)."""

import pkgutil
import subprocess
import sys

import hanafuda_tui.core as core


def core_modules() -> list[str]:
    return [m.name for m in pkgutil.walk_packages(core.__path__, prefix="hanafuda_tui.core.")]


def test_core_has_modules():
    assert "hanafuda_tui.core.game" in core_modules()
    assert "hanafuda_tui.core.rulesets.koikoi3.game" in core_modules()


def test_core_never_imports_textual_or_rich():
    names = ["hanafuda_tui.core", *core_modules()]
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""

"""The command line's headless commands load no screen code: ``sim`` and ``replay`` start without
textual (the screens are loaded only for the 八八 sheet and the game itself)."""

from __future__ import annotations

import subprocess
import sys


def test_the_command_line_imports_no_textual_until_a_screen_is_needed() -> None:
    code = "import sys, hanafuda_tui.cli; print(sorted(m for m in sys.modules if m.startswith('textual')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

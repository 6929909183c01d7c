"""``python -m hanafuda_tui.cli``: the `hanafuda` command."""

import sys

from . import main

sys.exit(main())

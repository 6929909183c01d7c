import sys

from hanafuda_tui.cli import main

sys.exit(main())

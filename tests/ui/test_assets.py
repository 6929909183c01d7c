"""Card faces are data in the top-level assets/."""

import json
from pathlib import Path

from hanafuda_tui.core.cards import CODES
from hanafuda_tui.ui import faces

ROOT = Path(__file__).resolve().parents[2]


def test_the_packaged_faces_are_the_assets_file():
    packaged = Path(faces.__file__).parent / "data" / "cards.json"
    assert packaged.resolve() == (ROOT / "assets" / "cards.json").resolve()


def test_every_card_has_a_face_in_the_assets_file():
    data = json.loads((ROOT / "assets" / "cards.json").read_text(encoding="utf-8"))
    assert sorted(data["faces"]) == sorted(CODES)

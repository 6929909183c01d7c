"""Every learned file (weights, a play network) is read and checked alike: whatever is wrong with
it is one line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hanafuda_tui.bots.learned import WeightsError, read_weights
from hanafuda_tui.bots.play_net import PlayNetError, read_play_net

READERS: list[tuple[Callable[[str, str], Any], type[ValueError], str]] = [
    (read_weights, WeightsError, "weights for koikoi2 are not readable"),
    (read_play_net, PlayNetError, "play network for koikoi2 is not readable"),
]


@pytest.mark.parametrize(("read", "error", "says"), READERS)
@pytest.mark.parametrize("text", ["not json", '{"ruleset": "koikoi2"}', "[1, 2]", ""])
def test_a_bad_file_is_one_line_naming_what_it_is(
    read: Callable[[str, str], Any], error: type[ValueError], says: str, text: str
) -> None:
    with pytest.raises(error, match=says) as err:
        read(text, "koikoi2")
    assert "\n" not in str(err.value)

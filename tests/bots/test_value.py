"""The learned value: its encoding reads only what the seat sees, the network reads as trained,
a damaged shipped file falls back to playouts, and the search that reads it keeps its budget."""

from __future__ import annotations

import json
import random

import pytest
from helpers.bots import decisions, said_when_damaged

from hanafuda_tui.bots import BotSpecError, make_bot, value
from hanafuda_tui.bots.strong import StrongBot
from hanafuda_tui.bots.value import (
    Encoded,
    ValueNet,
    ValueWeightsError,
    card_blocks,
    dense,
    encode,
    inputs,
    read_value,
    shipped_value,
)
from hanafuda_tui.core.determinize import build_game, sample_deal

RULESETS = ("koikoi2", "koikoi3", "hanaawase", "hachihachi")


def small_net(ruleset: str, players: int, hidden: int = 6, seed: int = 0) -> ValueNet:
    """A network of random weights (what is checked does not need a trained one)."""
    rng = random.Random(seed)
    first = [[rng.gauss(0, 0.2) for _ in range(inputs(players))] for _ in range(hidden)]
    out = [[rng.gauss(0, 0.5) for _ in range(hidden)]]
    return ValueNet(ruleset, players, [(first, [0.1] * hidden), (out, [0.0])], {"command": "test"})


def _deck_of(rng: random.Random):
    deck = list(range(48))
    rng.shuffle(deck)
    return lambda: deck


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_worlds_differing_only_in_hidden_cards_encode_the_same(ruleset):
    """Worlds sampled for a view share everything the seat sees and differ in what it cannot:
    each seat's encoding of them is the same, and is the view's own."""
    for view in decisions(ruleset, 11, 30)[5::6]:
        worlds = []
        for seed in (1, 2, 3):
            hands, stock = sample_deal(view, random.Random(seed))
            worlds.append((hands, build_game(view, hands, stock, _deck_of(random.Random(seed)))))
        assert len({hands for hands, _ in worlds}) > 1, "the worlds differ in hidden cards"
        encoded = [encode(game.view(view.seat)) for _, game in worlds]
        assert encoded[0] == encoded[1] == encoded[2] == encode(view)
        assert len(dense(encoded[0], view.players)) == inputs(view.players)


def test_the_encoding_reads_the_seats_own_hand_and_each_capture_pile():
    view = decisions("koikoi2", 5, 12)[-1]
    bits = set(encode(view).bits)
    assert {c for c in range(48) if view.hand >> c & 1} == {b for b in bits if b < 48}
    theirs = view.captures[1 - view.seat]
    base = 48 * 4  # hand, field, waiting card, the seat's own captures
    assert {c for c in range(48) if theirs >> c & 1} == {
        b - base for b in bits if base <= b < base + 48
    }


def test_inference_matches_the_training_forward_pass_on_fixed_inputs():
    """The fit's own network (numpy, on standardised inputs) and the weights as written (plain
    Python, the standardisation folded in) give the same values on held-out positions."""
    np = pytest.importorskip("numpy")
    from hanafuda_tui.training.value_fit import fit_value

    views = [v for seed in (1, 2) for v in decisions("koikoi2", seed, 40)]
    encoded = [encode(v) for v in views]
    rng = np.random.default_rng(0)
    labels = [float(v) for v in rng.uniform(0, 1, len(views))]
    layers, stats = fit_value(
        [[e.bits for e in encoded]], [[e.scalars for e in encoded]], [labels], 2, 8, 3
    )
    net = ValueNet("koikoi2", 2, layers, {})
    check = stats["check"]
    assert len(check["p"]) == 3
    for bits, scalars, p in zip(check["bits"], check["scalars"], check["p"], strict=True):
        assert net.forward(Encoded(bits, scalars)) == pytest.approx(p, abs=1e-5)


def test_weights_round_trip_and_bad_ones_are_one_line():
    net = small_net("koikoi2", 2)
    again = read_value(net.to_json(), "koikoi2")
    view = decisions("koikoi2", 3, 5)[-1]
    assert again.value(view) == net.value(view)
    data = json.loads(net.to_json())
    for broken, says in (
        ("{", "not readable"),
        (json.dumps({**data, "encoding": "value-0"}), "encoding"),
        (json.dumps({**data, "ruleset": "koikoi3"}), "not koikoi2"),
        (json.dumps({**data, "layers": data["layers"][:1]}), "one unit"),
    ):
        with pytest.raises(ValueWeightsError, match=says) as err:
            read_value(broken, "koikoi2")
        assert "\n" not in str(err.value)
    data["layers"][0]["w"][0][3] = float("nan")
    with pytest.raises(ValueWeightsError, match="finite"):
        read_value(json.dumps(data), "koikoi2")


def test_a_damaged_shipped_value_says_so_once_and_strong_plays_months_out(
    tmp_path, monkeypatch, capsys
):
    said = said_when_damaged(
        (value, "VALUES"),
        "koikoi2.value.json",
        shipped_value,
        ("strong:iterations=12:search=value", "strong:iterations=12"),
        decisions("koikoi2", 7, 8),
        (tmp_path, monkeypatch, capsys),
    )
    assert said.startswith("hanafuda: the shipped value weights for koikoi2 are not readable")
    assert "plays months out" in said


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_value_search_keeps_its_budget_and_its_seed(ruleset, monkeypatch):
    """``iterations=N`` is N evaluations of a world (a value read, or a month's end), the same
    ranking again at the same seed; the value is read where the search looks, not played out."""
    views = decisions(ruleset, 8, 3)
    net = small_net(ruleset, views[0].players)
    reads = []
    forward = ValueNet.forward

    def counted(self: ValueNet, encoded: Encoded) -> float:
        reads.append(1)
        return forward(self, encoded)

    monkeypatch.setattr(ValueNet, "forward", counted)
    month_ends = []
    playout = StrongBot._playout

    def to_the_month_end(self: StrongBot, *args: object, stop_for: int | None = None) -> bool:
        if stop_for is None:  # not stopping at the seat's next choice
            month_ends.append(1)
        return playout(self, *args, stop_for=stop_for)  # type: ignore[arg-type]

    monkeypatch.setattr(StrongBot, "_playout", to_the_month_end, raising=True)
    for view in views:
        bots = [StrongBot(random.Random(2), iterations=25, search="value") for _ in range(2)]
        for bot in bots:
            bot.value_net = net
        reads.clear()
        first = bots[0].ranked(view)
        assert 0 < len(reads) <= 25
        assert bots[1].ranked(view) == first
    assert not month_ends, "the value search never plays a month out"


def test_search_value_is_a_spec_and_bad_values_are_one_line(tmp_path):
    path = tmp_path / "v.json"
    path.write_text(small_net("koikoi2", 2).to_json(), "utf-8")
    bot = make_bot(f"strong:iterations=8:search=value:value={path}", random.Random(1))
    assert isinstance(bot, StrongBot) and bot.value_net is not None
    with pytest.raises(BotSpecError, match="search must be playout, value"):
        make_bot("strong:search=deep", random.Random(1))
    with pytest.raises(BotSpecError, match="search=value plays for aim=win"):
        make_bot("strong:search=value:aim=margin", random.Random(1))
    path.write_text("[]", "utf-8")
    with pytest.raises(BotSpecError, match="value weights are not readable"):
        make_bot(f"strong:search=value:value={path}", random.Random(1))


def test_card_blocks_cover_every_pile_the_seat_sees():
    assert card_blocks(2) == 6 and card_blocks(3) == 8

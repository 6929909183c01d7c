"""The play network: its features never read a hidden card, its file is checked in one line, and
the strong bot plays the shipped one (``playout=net``) or a file's (``policy=FILE``) as its guess
and in its playouts."""

from __future__ import annotations

import json
import math
import random

import pytest
from helpers.bots import (
    a_net,
    plays_and_takes,
    said_when_damaged,
    twin_with_hidden_cards_permuted,
)

from hanafuda_tui.bots import BotSpecError, make_bot, play_net, strong
from hanafuda_tui.bots.evaluators import evaluator_of
from hanafuda_tui.bots.learned import learned_action, shipped, table_of_view
from hanafuda_tui.bots.play_net import (
    NET_FEATURES,
    Net,
    PlayNetError,
    decision_features,
    net_action,
    net_features_of,
    net_scores,
    read_play_net,
    shipped_play_net,
)
from hanafuda_tui.bots.policy import normal_action, seen_of_view
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Game
from hanafuda_tui.core.records import new_game


def plays_of(game: Game, seat: int) -> tuple[list[list[float]], int]:
    view = game.view(seat)
    ev, seen, table = evaluator_of(view), seen_of_view(view), table_of_view(view)
    features = net_features_of(ev, seen, table)
    net = a_net().net
    return [features(a) for a in view.legal], net_action(net, ev, seen, table)


def test_no_feature_reads_a_card_the_seat_cannot_see():
    """The same first deal with every card the seat cannot see shuffled among their places,
    replayed with the same actions: every action's features and the network's choice stay the
    same."""
    weights = shipped("koikoi2")
    assert weights is not None
    rng = random.Random(3)
    compared = 0
    for seed in range(60):
        game = new_game("koikoi2", random.Random(seed))
        game.logging = False
        steps = rng.randrange(2, 24)
        while len(game.deals) == 1 and steps and not game.finished:
            view = game.view(game.to_act)
            ev, seen, table = evaluator_of(view), seen_of_view(view), table_of_view(view)
            game.apply(learned_action(weights, ev, seen, table))
            steps -= 1
        if len(game.deals) != 1 or game.finished:
            continue
        seat = game.to_act
        if min(game.view(seat).legal) >= act.DECLARE:
            continue
        twin = twin_with_hidden_cards_permuted(game, seat, rng)
        if twin is None or twin.hands == game.hands:
            continue
        assert plays_of(twin, seat) == plays_of(game, seat)
        compared += 1
    assert compared >= 10


def test_the_features_see_what_a_capture_does():
    """Not all blind: over a game's decisions the new features take more than one value."""
    seen_values: dict[str, set[float]] = {name: set() for name in NET_FEATURES}
    for view, ev, seen, table in plays_and_takes("koikoi2", 5, options={"months": 12}):
        features = net_features_of(ev, seen, table)
        for a in view.legal:
            for name, value in zip(NET_FEATURES, features(a), strict=True):
                seen_values[name].add(value)
    blind = [name for name, values in seen_values.items() if len(values) < 2]
    assert blind == ["hatto"]  # 二人こいこい has no 法度


def full_score(net: Net, x: list[float]) -> float:
    """An action's score over all its features: ``lin · x + out · tanh(W x + b)``."""
    total = sum(w * v for w, v in zip(net.lin, x, strict=True))
    for row, bias, weight in zip(net.W, net.b, net.out, strict=True):
        total += weight * math.tanh(sum(w * v for w, v in zip(row, x, strict=True)) + bias)
    return total


@pytest.mark.parametrize("ruleset", ["koikoi2", "koikoi3", "hachihachi"])
def test_the_network_plays_the_action_of_its_highest_score(ruleset):
    """``net_action`` reckons what a decision's shared features add once; its choice is still
    the action whose full features score highest, at every play and take of a game."""
    rng = random.Random(11)
    n = len(NET_FEATURES)
    net = Net(
        features=NET_FEATURES,
        lin=tuple(rng.gauss(0, 1) for _ in range(n)),
        W=tuple(tuple(rng.gauss(0, 0.5) for _ in range(n)) for _ in range(4)),
        b=tuple(rng.gauss(0, 0.5) for _ in range(4)),
        out=tuple(rng.gauss(0, 1) for _ in range(4)),
    )
    decided = 0
    for view, ev, seen, table in plays_and_takes(ruleset, 2, lambda *d: net_action(net, *d)):
        features = net_features_of(ev, seen, table)
        scored = [full_score(net, features(a)) for a in view.legal]
        chosen = net_action(net, ev, seen, table)
        assert scored[view.legal.index(chosen)] == pytest.approx(max(scored), abs=1e-12)
        decided += 1
    assert decided >= 10


def row_by_row(net: Net, shared: list[float], x: list[float]) -> float:
    """An action's score less ``lin`` over the decision's features, each hidden unit's sum over
    the action's features taken row by row: what ``net_action`` compares, summed plainly."""
    k = len(x)
    value = sum(w * v for w, v in zip(net.lin[:k], x, strict=True))
    for row, bias, weight in zip(net.W, net.b, net.out, strict=True):
        hidden = bias + sum(w * v for w, v in zip(row[k:], shared, strict=True))
        value += weight * math.tanh(sum(w * v for w, v in zip(row[:k], x, strict=True)) + hidden)
    return value


def test_the_network_sums_feature_by_feature_as_row_by_row():
    """Skipping an action's features of 0 and summing column by column changes no sum: over
    every play and take of a game, the shipped network's scores are the row-by-row ones to the
    last bit, and its choice the first of the highest."""
    shipped_net = shipped_play_net("koikoi2")
    assert shipped_net is not None
    net = shipped_net.net
    decided = 0
    for view, ev, seen, table in plays_and_takes("koikoi2", 8):
        shared, own = decision_features(ev, seen, table)
        scores = [row_by_row(net, shared, own(a)) for a in view.legal]
        assert net_scores(net, ev, seen, table) == scores
        assert net_action(net, ev, seen, table) == view.legal[scores.index(max(scores))]
        decided += 1
    assert decided >= 20


def test_the_file_round_trips():
    net = a_net()
    assert read_play_net(net.model_dump_json(), "koikoi2") == net
    assert read_play_net(net.model_dump_json(), "") == net


def test_a_network_of_other_features_shapes_or_ruleset_is_refused():
    good = json.loads(a_net().model_dump_json())
    net = good["net"]
    cases = [
        ({**net, "features": ["a", *NET_FEATURES[1:]]}, "features are not this version's"),
        ({**net, "lin": [1.0]}, "one weight a feature"),
        ({**net, "b": [0.0]}, "one b and one out"),
    ]
    for changed, says in cases:
        with pytest.raises(PlayNetError, match=says) as err:
            read_play_net(json.dumps({**good, "net": changed}), "koikoi2")
        assert "\n" not in str(err.value)
    with pytest.raises(PlayNetError, match="for koikoi2, not koikoi3"):
        read_play_net(json.dumps(good), "koikoi3")


def test_a_bad_policy_file_is_one_line_for_the_strong_bot(tmp_path):
    path = tmp_path / "net.json"
    path.write_text("{", "utf-8")
    with pytest.raises(BotSpecError, match="play network is not readable") as err:
        make_bot(f"strong:policy={path}", random.Random(1))
    assert "\n" not in str(err.value)
    with pytest.raises(BotSpecError, match="cannot read play network"):
        make_bot(f"strong:policy={tmp_path / 'none.json'}", random.Random(1))


def test_a_bot_takes_one_network_and_only_with_the_learned_playouts_or_net():
    with pytest.raises(BotSpecError, match="one network"):
        make_bot("strong:policy=a.json:guess=b.json", random.Random(1))
    with pytest.raises(BotSpecError, match="playout=learned or playout=net"):
        make_bot("strong:playout=normal:policy=a.json", random.Random(1))
    for playout in ("normal", "net"):  # a guess alone is the learned playouts' (the default's)
        with pytest.raises(BotSpecError, match="guesses with playout=learned"):
            make_bot(f"strong:playout={playout}:guess=a.json", random.Random(1))


def test_the_shipped_network_is_two_player_koikois_and_this_versions():
    net = shipped_play_net("koikoi2")
    assert net is not None and net.ruleset == "koikoi2"
    assert net.provenance.decisions > 10_000  # type: ignore[attr-defined]
    assert all(shipped_play_net(r) is None for r in ("koikoi3", "hanaawase", "hachihachi"))


def count_network_calls(monkeypatch) -> list[int]:
    asked: list[int] = []

    def counted(*args):
        asked.append(1)
        return net_action(*args)

    monkeypatch.setattr(strong, "net_action", counted)
    return asked


def first_play_view(ruleset: str = "koikoi2"):
    """The first play of a game that has a choice (any 手役 declared first)."""
    game = new_game(ruleset, random.Random(4))
    while min(legal := game.legal_actions()) >= act.DECLARE:
        game.apply(legal[0])
    view = game.view(game.to_act, legal)
    assert len(view.legal) > 1
    return view


@pytest.mark.parametrize(
    ("spec", "plays_out"),
    [
        ("strong:iterations=30", True),
        ("strong:iterations=30:playout=net", True),
        ("strong:iterations=30:playout=learned", False),
    ],
)
def test_strong_plays_out_with_the_shipped_network_by_default(monkeypatch, spec, plays_out):
    asked = count_network_calls(monkeypatch)
    make_bot(spec, random.Random(2)).act(first_play_view())
    assert (len(asked) > 30) if plays_out else not asked


def test_where_no_network_is_shipped_playout_net_is_the_learned_playout():
    view = first_play_view("koikoi3")
    net = make_bot("strong:iterations=30", random.Random(2)).ranked(view)
    learned = make_bot("strong:iterations=30:playout=learned", random.Random(2)).ranked(view)
    assert net == learned


def test_a_damaged_shipped_network_says_so_once_and_strong_plays_as_learned(
    tmp_path, monkeypatch, capsys
):
    said = said_when_damaged(
        (play_net, "SHIPPED"),
        "koikoi2.play.json",
        shipped_play_net,
        ("strong:iterations=30", "strong:iterations=30:playout=learned"),
        [first_play_view(), first_play_view()],
        (tmp_path, monkeypatch, capsys),
    )
    assert said.startswith("hanafuda: the shipped play network for koikoi2 is not readable")
    assert "learned weights" in said


@pytest.mark.parametrize("where", ["policy", "guess"])
def test_without_confidence_to_overrule_strong_plays_the_network(tmp_path, where):
    """The network is the search's guess at plays and takes (here one that plays against the
    normal policy's value, so that its choices differ), the learned stop rule at stop
    decisions."""
    path = tmp_path / "net.json"
    contrary = a_net(sign=-1.0)
    path.write_text(contrary.model_dump_json(), "utf-8")
    sure = make_bot(f"strong:iterations=4:confidence=1e9:{where}={path}", random.Random(1))
    weights = shipped("koikoi2")
    assert weights is not None
    game = new_game("koikoi2", random.Random(8), {"months": 3})
    game.logging = False
    plays = differ = 0
    while not game.finished:
        legal = game.legal_actions()
        view = game.view(game.to_act, legal)
        ev, seen, table = evaluator_of(view), seen_of_view(view), table_of_view(view)
        if len(legal) > 1:
            got = sure.act(view)
            if min(legal) < act.DECLARE:
                assert got == net_action(contrary.net, ev, seen, table)
                plays += 1
                differ += got != normal_action(ev, seen)
            else:
                assert got == learned_action(weights, ev, seen, table)
        game.apply(learned_action(weights, ev, seen, table))
    assert plays > 20
    assert differ > 5


def test_a_network_of_another_ruleset_is_refused_at_the_table(tmp_path):
    path = tmp_path / "net.json"
    path.write_text(a_net("koikoi3").model_dump_json(), "utf-8")
    bot = make_bot(f"strong:iterations=4:policy={path}", random.Random(1))
    game = new_game("koikoi2", random.Random(1))
    view = game.view(game.to_act)
    with pytest.raises(PlayNetError, match="for koikoi3, not koikoi2"):
        bot.act(view)


@pytest.mark.parametrize(("where", "plays_out"), [("policy", True), ("guess", False)])
def test_the_network_plays_out_with_policy_and_guesses_only_with_guess(
    tmp_path, monkeypatch, where, plays_out
):
    path = tmp_path / "net.json"
    path.write_text(a_net().model_dump_json(), "utf-8")
    asked = count_network_calls(monkeypatch)
    bot = make_bot(f"strong:iterations=30:{where}={path}", random.Random(2))
    bot.act(first_play_view())
    assert (len(asked) > 30) if plays_out else (len(asked) == 1)

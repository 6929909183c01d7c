"""The learned stop rule and play policy: its features read only what the seat sees, its weights
as shipped, and the search that plays out with them."""

from __future__ import annotations

import json
import random
import re

import pytest
from helpers.bots import said_when_damaged, twin_with_hidden_cards_permuted

from hanafuda_tui.bots import BotSpecError, learned, make_bot
from hanafuda_tui.bots.evaluators import evaluator_of
from hanafuda_tui.bots.learned import (
    NORMAL_PLAY,
    PLAY_FEATURES,
    STOP_FEATURES,
    Linear,
    Provenance,
    Weights,
    WeightsError,
    is_stop_decision,
    learned_action,
    play_features_of,
    read_weights,
    shipped,
    stop_features,
    table_of_game,
    table_of_view,
)
from hanafuda_tui.bots.policy import normal_action, seen_of_game, seen_of_view
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Game
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets import RULESETS, ruleset_class

TABLES = (
    ("koikoi2", {}),
    ("koikoi2", {"rules": "nintendo"}),
    ("koikoi3", {}),
    ("hachihachi", {}),
    ("hanaawase", {}),
    ("hanaawase", {"players": 5}),
)
ASKS_STOP = ("koikoi2", "koikoi3", "hachihachi")
"""The rulesets with a stop decision (こいこい/勝負, あがり/下げ)."""


def untrained(ruleset: str, scale: float = 1.0) -> Weights:
    """Weights with no stop rule and the normal policy's play weights (times ``scale``)."""
    play = Linear(features=PLAY_FEATURES, weights=tuple(scale * w for w in NORMAL_PLAY.weights))
    return Weights(
        ruleset=ruleset,
        play=play,
        provenance=Provenance(command="untrained", seed=0, commit="none", rounds=0),
    )


def decisions(ruleset: str, options: dict, seed: int, months: int = 3):
    """Every decision with a choice in a game of normal bots: (game, seat's view) as met."""
    if "months" in ruleset_class(ruleset).Options.model_fields:
        options = {**options, "months": months}
    game = new_game(ruleset, random.Random(seed), options)
    game.logging = False
    while not game.finished:
        legal = game.legal_actions()
        if len(legal) > 1:
            view = game.view(game.to_act, legal)
            yield game, view
            game.apply(normal_action(evaluator_of(view), seen_of_view(view)))
        else:
            game.apply(legal[0])


@pytest.mark.parametrize(("ruleset", "options"), TABLES)
def test_the_untrained_weights_play_as_the_normal_policy(ruleset, options):
    """The play features begin from the normal policy's own terms: its weights (doubled, so that
    the features are read, not the normal policy asked) give its choices, and with no stop rule
    learned the normal rule answers."""
    weights = untrained(ruleset, 2.0)
    asked = 0
    for seed in range(2):
        for _, view in decisions(ruleset, options, seed):
            ev, seen = evaluator_of(view), seen_of_view(view)
            got = learned_action(weights, ev, seen, table_of_view(view))
            assert got == normal_action(ev, seen)
            asked += 1
    assert asked > 50


@pytest.mark.parametrize(("ruleset", "options"), TABLES)
def test_an_imagined_game_gives_the_features_its_seat_would_see(ruleset, options):
    """The search reads a playout's game through ``seen_of_game``: at every decision the
    features are those of the seat's own view, but for 八八's 法度, which a playout's turns do not
    weigh (``seen_of_game`` gives no public facts during a turn, as the normal policy's playouts
    always had)."""
    hatto = PLAY_FEATURES.index("hatto")
    stops = 0
    for game, view in decisions(ruleset, options, 4):
        ev = evaluator_of(view)
        from_view, from_game = seen_of_view(view), seen_of_game(game)
        year = ruleset_class(ruleset).year_length(game.options)
        table = table_of_view(view)
        assert tuple(table_of_game(game, year)) == (list(table.scores), table.left, table.stock)
        if is_stop_decision(view.legal) and act.DECLARE not in view.legal:
            stops += 1
            assert stop_features(ev, from_view, table) == stop_features(ev, from_game, table)
        elif min(view.legal) < act.DECLARE:
            by_view, by_game = play_features_of(ev, from_view), play_features_of(ev, from_game)
            for a in view.legal:
                seen_by_view = by_view(a)
                seen_by_view[hatto] = 0.0
                assert seen_by_view == by_game(a)
    assert stops > 0 or ruleset not in ("koikoi2", "koikoi3")


def features_of(game: Game, seat: int, weights: Weights):
    view = game.view(seat)
    ev, seen, table = evaluator_of(view), seen_of_view(view), table_of_view(view)
    features = play_features_of(ev, seen)
    plays = [features(a) for a in view.legal if a < act.DECLARE]
    stop = stop_features(ev, seen, table) if is_stop_decision(view.legal) else None
    return plays, stop, learned_action(weights, ev, seen, table)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_feature_reads_a_card_the_seat_cannot_see(ruleset):
    """The same first deal with every card the seat cannot see shuffled among their places,
    replayed with the same actions: the features and the learned choice stay the same."""
    weights = shipped(ruleset)
    assert weights is not None
    rng = random.Random(3)
    compared = stops = 0
    for seed in range(60):
        game = new_game(ruleset, random.Random(seed))
        game.logging = False
        steps = rng.randrange(4, 40)
        while len(game.deals) == 1 and steps:
            view = game.view(game.to_act)
            if steps < 30 and is_stop_decision(view.legal):
                break  # a stop decision: compared here
            ev, seen, table = evaluator_of(view), seen_of_view(view), table_of_view(view)
            game.apply(learned_action(weights, ev, seen, table))
            steps -= 1
        if len(game.deals) != 1 or game.finished:
            continue
        seat = game.to_act
        twin = twin_with_hidden_cards_permuted(game, seat, rng)
        if twin is None or twin.hands == game.hands or twin.shown != game.shown:
            continue
        assert features_of(twin, seat, weights) == features_of(game, seat, weights)
        compared += 1
        stops += is_stop_decision(game.view(seat).legal)
    assert compared >= 10
    assert stops >= 2 or ruleset not in ("koikoi2", "koikoi3")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_ships_weights_with_how_they_were_made(ruleset):
    """Each part is the fitted one only where it lost less than the normal policy on the states
    held out of its fit, as the provenance says; こいこい's stop rules are learned."""
    weights = shipped(ruleset)
    assert weights is not None
    assert weights.ruleset == ruleset
    made = weights.provenance
    assert made.command.startswith(f"hanafuda train --ruleset {ruleset} ")
    assert re.fullmatch(r"[0-9a-f]{40}", made.commit)
    assert made.rounds >= 2  # at least one round of expert iteration after the first fit
    fits = made.model_extra or {}
    play, stop = fits["play_fit"], fits["stop_fit"]
    assert (weights.play.weights == NORMAL_PLAY.weights) == (play["kept"] == "normal")
    assert (play["lost"] < play["normal_lost"]) == (play["kept"] == "fitted")
    assert (weights.stop is not None) == (stop["kept"] == "fitted")
    if weights.stop is not None:
        assert weights.stop.features == STOP_FEATURES
        assert stop["lost"] < stop["normal_lost"]
    if ruleset in ("koikoi2", "koikoi3"):
        assert weights.stop is not None


def test_weights_of_other_features_or_another_ruleset_are_refused():
    good = json.loads(untrained("koikoi2").model_dump_json())
    renamed = {**good, "play": {**good["play"], "features": ["a", *PLAY_FEATURES[1:]]}}
    with pytest.raises(WeightsError, match="features are not this version's"):
        read_weights(json.dumps(renamed), "koikoi2")
    with pytest.raises(WeightsError, match="one weight per feature"):
        read_weights(json.dumps({**good, "play": {**good["play"], "weights": [1.0]}}), "koikoi2")
    with pytest.raises(WeightsError, match="for koikoi2, not koikoi3"):
        read_weights(json.dumps(good), "koikoi3")
    assert read_weights(json.dumps(good), "koikoi2") == untrained("koikoi2")


def test_the_strong_bot_takes_a_weights_file(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(untrained("koikoi2").model_dump_json(), "utf-8")
    bot = make_bot(f"strong:iterations=8:weights={path}", random.Random(1))
    assert bot.model == untrained("koikoi2")
    path.write_text("{", "utf-8")
    with pytest.raises(BotSpecError, match="weights are not readable"):
        make_bot(f"strong:weights={path}", random.Random(1))
    with pytest.raises(BotSpecError, match="cannot read weights"):
        make_bot(f"strong:weights={tmp_path / 'none.json'}", random.Random(1))


def test_a_damaged_shipped_file_says_so_once_and_strong_plays_out_as_normal(
    tmp_path, monkeypatch, capsys
):
    """A shipped weights file damaged after installing is one line on stderr, said once; the
    strong bot then searches exactly as with ``playout=normal``, and the game goes on."""
    said = said_when_damaged(
        (learned, "WEIGHTS"),
        "koikoi2.json",
        shipped,
        ("strong:iterations=8:playout=learned", "strong:iterations=8:playout=normal"),
        [view for _, view in decisions("koikoi2", {}, 7)][:12],
        (tmp_path, monkeypatch, capsys),
    )
    assert said.startswith("hanafuda: the shipped weights for koikoi2 are not readable")
    assert "normal policy" in said


@pytest.mark.parametrize("ruleset", ASKS_STOP)
def test_without_confidence_to_overrule_strong_plays_the_learned_choice(ruleset):
    """The learned policy's choice is the search's guess: with an unreachable confidence it is
    what the strong bot plays, stop decisions and plays alike."""
    weights = shipped(ruleset)
    assert weights is not None
    sure = make_bot("strong:iterations=8:confidence=1e9:playout=learned", random.Random(1))
    asked = 0
    for _, view in decisions(ruleset, {}, 5):
        ev, seen = evaluator_of(view), seen_of_view(view)
        assert sure.act(view) == learned_action(weights, ev, seen, table_of_view(view))
        asked += 1
    assert asked > 20


def clear_stop_decisions(ruleset: str, seeds: range, margin: float):
    """Stop decisions of normal-bot games where the search (200 playouts, no confidence margin)
    finds one answer better by at least ``margin`` of a chance to finish first: (view, stop is
    better)."""
    search = make_bot("strong:iterations=200:confidence=0:playout=normal", random.Random(2))
    out = []
    for seed in seeds:
        for _, view in decisions(ruleset, {}, seed):
            if act.DECLARE in view.legal or not is_stop_decision(view.legal):
                continue
            values = dict(search.ranked(view))
            stop = next(a for a in view.legal if a in (act.SHOBU, act.AGARI, act.CANCEL))
            go = next(a for a in view.legal if a in (act.KOIKOI, act.SAGE, act.KEEP))
            if abs(values[stop] - values[go]) >= margin:
                out.append((view, values[stop] > values[go]))
    return out


@pytest.mark.parametrize("ruleset", ("koikoi2", "koikoi3"))
def test_the_shipped_stop_rule_answers_clear_decisions_as_the_search_does(ruleset):
    """Where the search finds one answer clearly better (a tenth of a chance to finish first),
    the shipped stop rule gives it far more often than the normal rule it was trained to beat."""
    weights = shipped(ruleset)
    assert weights is not None
    cases = clear_stop_decisions(ruleset, range(100, 124), 0.1)
    assert len(cases) >= 30
    learned = normal = 0
    for view, stop_better in cases:
        ev, seen = evaluator_of(view), seen_of_view(view)
        stops = learned_action(weights, ev, seen, table_of_view(view)) in (act.SHOBU, act.AGARI)
        learned += stops == stop_better
        normal += ev.stop(view.seat, view.hand, view.captures, view.facts) == stop_better
    assert learned >= 0.8 * len(cases)
    assert learned > normal

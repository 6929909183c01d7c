"""Statistics from the history equal what the stored records say when counted here, deal by
deal, from their replays' events."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers.history import finished

from hanafuda_tui.core.events import (
    Agari,
    Dealt,
    DeruOriru,
    KoikoiCalled,
    MonthEnded,
    Sage,
    SageCancelled,
    Shobu,
    TeyakuShown,
    YakuFormed,
)
from hanafuda_tui.core.records import replay
from hanafuda_tui.history import HistoryStore, player_stats

PLAYERS = ("human", "easy", "random", "easy", "random")
GAMES = [
    ("koikoi3", {"months": 3}),
    ("koikoi2", {}),
    ("hachihachi", {}),
    ("hanaawase", {"months": 6}),
    ("hanaawase", {"players": 5, "months": 6}),
]


def who_of(seat_player: str, name: str) -> tuple[str, str]:
    """The one human seat of these games is named as the default of earlier versions: you."""
    assert seat_player != "human" or name == "あなた"
    return ("you", "") if seat_player == "human" else ("bot", seat_player)


def counted(store: HistoryStore) -> dict[tuple[str, str, str], Counter[tuple[str, str, str]]]:
    """Per (ruleset, side, who): each (fact kind, name, outcome) counted from every stored
    record's replay, deal by deal (a deal's part of the log runs from its Dealt to the next)."""
    out: dict[tuple[str, str, str], Counter[tuple[str, str, str]]] = {}
    for summary in store.games():
        record = store.record(summary.id)
        game = replay(record)
        whos = [who_of(s.player, s.name) for s in record.seats]
        parts: list[list[object]] = []
        for event in game.log:
            if isinstance(event, Dealt):
                parts.append([])
            elif parts:
                parts[-1].append(event)
        results = {r.deal: r for r in game.results}
        for deal, events in enumerate(parts):
            if not any(isinstance(e, MonthEnded) for e in events):
                continue  # dealt again before any play
            facts: Counter[tuple[int, str, str, str]] = Counter()
            made = {(e.seat, n) for e in events if isinstance(e, YakuFormed) for n in e.names}
            for s, names in enumerate(getattr(results[deal], "dekiyaku", ())):
                made |= {(s, n) for n in names}
            shown = {(e.seat, e.name) for e in events if isinstance(e, TeyakuShown)}
            facts.update((s, "yaku", n, "") for s, n in made)
            facts.update((s, "teyaku", n, "") for s, n in shown)
            stopped = [e.seat for e in events if isinstance(e, Shobu)]
            for e in events:
                if isinstance(e, KoikoiCalled):
                    how = "none" if not stopped else "won" if stopped[0] == e.seat else "lost"
                    facts[(e.seat, "koikoi", "", how)] += 1
                if isinstance(e, Sage):
                    cancelled = [c.seat for c in events if isinstance(c, SageCancelled)]
                    agari = [a.seat for a in events if isinstance(a, Agari)]
                    how = (
                        "cancelled"
                        if e.seat in cancelled
                        else "none"
                        if not agari
                        else "agari"
                        if agari[0] == e.seat
                        else "other"
                    )
                    facts[(e.seat, "sage", "", how)] += 1
                if isinstance(e, DeruOriru):
                    facts[(e.seat, "entry", e.entry, "")] += 1
            for (s, kind, name, how), n in facts.items():
                key = (record.ruleset, *whos[s])
                out.setdefault(key, Counter())[(kind, name, how)] += n
    return out


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> HistoryStore:
    store = HistoryStore(tmp_path_factory.mktemp("history"))
    for ruleset, options in GAMES:
        for seed in range(3):
            store.add(finished(ruleset, seed, options, PLAYERS)[0])
    return store


def test_every_statistic_equals_the_records_counted_deal_by_deal(store: HistoryStore) -> None:
    expected = counted(store)
    standings = store.standings()
    assert {(s.ruleset, s.side, s.who) for s in standings} >= set(expected)
    kinds_seen = set()
    for standing in standings:
        stats = player_stats(store, standing)
        got: Counter[tuple[str, str, str]] = Counter()
        got.update({("yaku", n, ""): c for n, c in stats.yaku.items()})
        got.update({("teyaku", n, ""): c for n, c in stats.teyaku.items()})
        got.update({("koikoi", "", how): t.count for how, t in stats.koikoi.items()})
        got.update({("sage", "", how): t.count for how, t in stats.sage.items()})
        got.update({("entry", name, ""): t.count for name, t in stats.entries.items()})
        want = expected.get((standing.ruleset, standing.side, standing.who), Counter())
        assert got == want, (standing.ruleset, standing.who)
        kinds_seen |= {k for k, _, _ in got}
    assert kinds_seen == {"yaku", "teyaku", "koikoi", "sage", "entry"}  # every kind was tested


def test_standings_equal_the_final_scores_the_records_replay_to(store: HistoryStore) -> None:
    """Games and wins count a year once however many of its seats a bot level sat (花合わせ
    seats two easy bots); the scores are every seat's."""
    scores: dict[tuple[str, str, str], list[int]] = {}
    years: dict[tuple[str, str, str], set[int]] = {}
    won: dict[tuple[str, str, str], set[int]] = {}
    for summary in store.games():
        record = store.record(summary.id)
        game = replay(record)
        top = max(game.scores)
        for s, seat in enumerate(record.seats):
            key = (record.ruleset, *who_of(seat.player, seat.name))
            scores.setdefault(key, []).append(game.scores[s])
            years.setdefault(key, set()).add(summary.id)
            if game.scores[s] == top and len(set(game.scores)) > 1:
                won.setdefault(key, set()).add(summary.id)
    got = {(s.ruleset, s.side, s.who): s for s in store.standings()}
    assert set(got) == set(scores)
    assert got["hanaawase", "bot", "easy"].games == 6  # 3 years at each table size, not 9
    for key, values in scores.items():
        s = got[key]
        assert (s.games, s.best, s.worst) == (len(years[key]), max(values), min(values))
        assert s.average == round(sum(values) / len(values), 2)
        assert s.wins == len(won.get(key, ()))


def test_recent_results_are_the_last_games_oldest_first(store: HistoryStore) -> None:
    [me] = [s for s in store.standings("koikoi2") if s.side == "you"]
    stats = player_stats(store, me, recent=2)
    games = store.games("koikoi2")[:2]
    assert stats.recent_ids == [g.id for g in reversed(games)]
    assert stats.recent == [g.seats[0].score for g in reversed(games)]

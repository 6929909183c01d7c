"""A hosted table's decks: every deck and the first 胴's draw from ``random.SystemRandom`` (no
seed that public cards could pin down), bots with secret seeds of their own, a resumed table
dealing on from the same source, and a table dealt from ``--seed`` saying so to every client."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hanafuda_tui.cli.common import ruleset_options as _options
from hanafuda_tui.cli.parser import build_parser
from hanafuda_tui.cli.together import make_table
from hanafuda_tui.core.records import REMOTE, SeatRecord, load_record, new_game, replay
from hanafuda_tui.net.client import Connection, play_bot
from hanafuda_tui.net.host import Host, Table


def host_args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["host", "--json", *argv])


def new_table(tmp: Path, *argv: str) -> Table:
    return make_table(host_args("--option", "months=3", "--record", str(tmp), *argv), _options)


class Drawn:
    """Counts what is drawn from every ``random.SystemRandom`` made while it is installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.keys = 0
        self.shuffles = 0
        drawn = self

        class Counting(random.SystemRandom):
            def random(self) -> float:
                drawn.keys += 1
                return super().random()

            def getrandbits(self, k: int) -> int:  # (so that shuffle draws no ``random``)
                return super().getrandbits(k)

            def shuffle(self, x: Any) -> None:
                drawn.shuffles += 1
                super().shuffle(x)

        monkeypatch.setattr(random, "SystemRandom", Counting)


def play_until(table: Table, deals: int) -> None:
    """Apply the first legal action until the game has dealt ``deals`` deals."""
    game = table.game
    while len(game.deals) < deals and not game.is_over:
        table.apply(game.legal_actions()[0])


def test_every_deck_and_the_first_draw_of_a_hosted_table_come_from_the_system_source(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    drawn = Drawn(monkeypatch)
    table = new_table(tmp_path / "table.json")
    assert table.game.log[0].kind == "first_draw"
    assert (drawn.shuffles, drawn.keys) == (1, 48)  # the first draw's deck, the first deal's
    play_until(table, 2)
    assert (drawn.shuffles, drawn.keys) == (1, 96)
    assert not table.predictable


def test_two_tables_started_alike_deal_differently(tmp_path: Path) -> None:
    first, second = (new_table(tmp_path / f"t{k}.json") for k in (1, 2))
    draws = [[e for e in t.game.log if e.kind == "first_draw"] for t in (first, second)]
    decks = [t.game.deals[0].deck for t in (first, second)]
    assert decks[0] != decks[1] or draws[0] != draws[1]


def test_bots_at_a_table_dealt_securely_have_secret_seeds_and_a_seeded_table_repeats() -> None:
    def bot_draws(seed: str | None) -> list[float]:
        game = new_game("koikoi3", random.Random("same deck"), {"months": 3})
        bots = [SeatRecord(name=f"b{k}", player="random") for k in (1, 2)]
        seats = [SeatRecord(name="p", player=REMOTE), *bots]
        table = Table(game, seats, seed)
        table.give_to_bot(0)
        bots = [table.bots[1], table.bots[2], table.stand_ins[0]]
        return [bot.rng.random() for bot in bots]  # type: ignore[attr-defined]

    assert bot_draws(None) != bot_draws(None)
    assert bot_draws("given") == bot_draws("given")


def test_a_resumed_table_replays_identically_and_deals_on_from_the_system_source(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "table.json"
    table = new_table(path)
    for _ in range(5):
        table.apply(table.game.legal_actions()[0])
    saved = load_record(path.read_text("utf-8"))
    drawn = Drawn(monkeypatch)
    resumed = make_table(host_args("--resume", str(path)), _options)
    assert resumed.record() == saved == table.record()
    assert drawn.keys == 0  # the record's deck, not a new one
    play_until(resumed, len(saved.deals) + 1)  # (a first deal may end in its first moves)
    assert drawn.keys == 48
    assert not resumed.predictable


def test_a_resumed_table_counts_on_from_its_record(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    table = new_table(path)
    for _ in range(7):
        table.apply(table.game.legal_actions()[0])
    resumed = make_table(host_args("--resume", str(path)), _options)
    assert resumed.seq == table.seq == 7


def test_no_seed_reaches_a_player_and_a_seeded_table_says_its_deals_are_predictable(
    tmp_path: Path,
) -> None:
    seed = "zq-secret-seed-7731"
    path = tmp_path / "table.json"
    table = new_table(path, "--seed", seed, "--spectators")

    async def go() -> tuple[list[str], bool]:
        host = Host()
        host.add(table)
        port = await host.start()
        where = f"127.0.0.1:{port}"
        received: list[str] = []
        driver = asyncio.create_task(table.play())

        class Sink:
            def write(self, text: str) -> None:
                received.append(text)

            def flush(self) -> None:
                pass

        watcher = await Connection.open(where, table.spectator_code or "", trace=received.append)
        games = await asyncio.gather(
            *(play_bot(where, c, "random", trace=Sink()) for c in table.codes.values())  # type: ignore[arg-type]
        )
        async for message in watcher.messages():
            if message.type == "over":
                break
        await watcher.close()
        await driver
        await host.close()
        records = [g.record.to_json() for g in games if g.record is not None]
        return received + records, watcher.game.predictable

    received, predictable = asyncio.run(asyncio.wait_for(go(), 60))
    welcomes = [json.loads(m) for m in received if '"type":"welcome"' in m]
    assert predictable and welcomes and all(w["predictable"] for w in welcomes)
    assert any('"type":"over"' in m for m in received)
    assert not [m for m in received if seed in m]
    assert seed not in path.read_text("utf-8")
    assert replay(load_record(path.read_text("utf-8"))).is_over


def test_a_table_dealt_securely_welcomes_its_players_as_unpredictable(tmp_path: Path) -> None:
    table = new_table(tmp_path / "table.json")

    async def go() -> bool:
        host = Host()
        host.add(table)
        port = await host.start()
        connection = await Connection.open(f"127.0.0.1:{port}", table.codes[0])
        await connection.close()
        await host.close()
        return connection.game.predictable

    assert asyncio.run(asyncio.wait_for(go(), 30)) is False


def first_lines(tmp: Path, lines: int, *argv: str) -> list[str]:
    """The first ``lines`` a headless ``hanafuda host`` prints; then it is stopped."""
    host = subprocess.Popen(
        [sys.executable, "-m", "hanafuda_tui", "host", "--port", "0", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "HANAFUDA_DATA_DIR": str(tmp)},
    )
    assert host.stdout is not None
    printed = [host.stdout.readline() for _ in range(lines)]
    host.kill()
    host.communicate()
    return printed


@pytest.mark.parametrize("seeded", [True, False])
def test_the_headless_host_says_whether_its_deals_are_predictable(
    tmp_path: Path, seeded: bool
) -> None:
    seed = ["--seed", "7"] if seeded else []
    line = first_lines(tmp_path / "json", 1, "--json", *seed)[0]
    assert json.loads(line)["predictable"] is seeded
    lines = first_lines(tmp_path / "text", 2, "--seats", "remote,remote,remote", *seed)
    assert lines[0].startswith("table at ")
    assert ("predictable" in lines[1]) is seeded

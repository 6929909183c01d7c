"""The command line's parser, built once: each subcommand's help line and options, the options
added only when that subcommand is parsed or its help shown; argument errors as one line. It loads
nothing of the package, so ``--version`` and ``--help`` load nothing else."""

from __future__ import annotations

import argparse
import codecs
import io
import os
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .. import __version__

MAX_MESSAGE = 300
"""Characters of an error line at most (a bad value may be long)."""
MAX_JOBS = 64
"""Processes ``sim`` spreads its games over at most."""
MAX_TOTALS = 10_000
"""Games at most whose final scores ``sim --json`` lists (``--jsonl`` streams any number)."""
DEFAULT_PORT = 8765
"""The port ``host`` listens on unless told another."""
SERVER_PORT = 8770
"""The port ``server`` listens on unless told another."""


class UsageError(Exception):
    """Reported as one line with exit status 2."""


class Terminated(BaseException):
    """SIGTERM reached the command (exit status 143)."""


def raise_on_sigterm(parent: int) -> Callable[[int, Any], None]:
    """A SIGTERM handler that raises ``Terminated`` in the process ``parent``; a worker forked
    from it before setting its own handler ends quietly."""

    def handler(signum: int, frame: Any) -> None:
        if os.getpid() != parent:
            os._exit(128 + signum)
        raise Terminated

    return handler


class Parser(argparse.ArgumentParser):
    """Argument errors as one line (no usage block); ``--help`` still prints help."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


class CommandParser(Parser):
    """A subcommand's parser: its options are added by ``arguments`` when it is first parsed or its
    help shown, so the commands not run cost nothing."""

    def __init__(
        self, *args: Any, arguments: Callable[[CommandParser], None], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.arguments: Callable[[CommandParser], None] | None = arguments

    def ready(self) -> None:
        """Add the options, once."""
        if self.arguments is not None:
            arguments, self.arguments = self.arguments, None
            arguments(self)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self.ready()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        self.ready()
        return super().format_usage()

    def format_help(self) -> str:
        self.ready()
        return super().format_help()


def writes_unicode(stream: Any) -> bool:
    """Whether ``stream`` encodes every character (UTF-8, -16 or -32)."""
    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "ascii").name.startswith("utf")
    except LookupError:
        return False


def show_what_the_output_can(stream: Any) -> None:
    """Characters the output's encoding lacks (kanji under ``LC_ALL=C``) written as ``\\uXXXX``
    escapes rather than stopping with an error."""
    if isinstance(stream, io.TextIOWrapper) and not writes_unicode(stream):
        stream.reconfigure(errors="backslashreplace")


def one_line(message: str) -> str:
    """An error message as one printable line of at most MAX_MESSAGE characters."""
    from ..core.records import printable

    text = printable(message)
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def _ruleset_names() -> str:
    from ..core.rulesets import RULESETS

    return ", ".join(RULESETS)


PLAY_SEATS = (
    "comma-separated, one per seat: human or a bot spec (as sim's --bots);"
    " default: you and normal bots"
)
HOST_SEATS = (
    "comma-separated, one per seat: human (at this keyboard), remote, or a bot spec;"
    " default: human, then remote seats"
)


def _table_arguments(command: Parser, seats: str) -> None:
    """A table's ruleset, its options and its seats (``seats``: what the seats may be)."""
    command.add_argument("--ruleset", help=f"one of {_ruleset_names()} (koikoi3 unless given)")
    command.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    command.add_argument("--seats", help=seats)


def _play_arguments(play: Parser) -> None:
    _table_arguments(play, PLAY_SEATS)
    play.add_argument("--seed", help="the same seed deals the same cards and bot moves")
    play.add_argument(
        "--save-slot",
        action="store_true",
        help="keep the game in the first free save slot of the data directory (sessions/N/)"
        " rather than its one save, as each browser session of serve does",
    )


def _learn_arguments(learn: Parser) -> None:
    learn.add_argument(
        "ruleset", nargs="?", help=f"only this ruleset's lessons: {_ruleset_names()}"
    )


def _sim_arguments(sim: Parser) -> None:
    sim.add_argument("--ruleset", default="koikoi3", help=f"one of {_ruleset_names()}")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument(
        "--bots",
        help="comma-separated bot specs, one per seat (default: all random); levels random, easy,"
        " normal, strong[:iterations=N][:time=SECONDS][:playout=learned|net|normal|easy]"
        "[:weights=FILE], expert (strong thinking 1 s a decision, the same parameters); any"
        " non-random"
        " bot plays every seat order on the same deals",
    )
    sim.add_argument(
        "--jobs", type=int, default=1, help=f"processes to spread the games over (1 to {MAX_JOBS})"
    )
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--record-dir", help="write every game's record here")
    sim.add_argument(
        "--history",
        action="store_true",
        help="keep every game in the history of the data directory (as games at the table are)",
    )
    output = sim.add_mutually_exclusive_group()
    output.add_argument(
        "--json",
        action="store_true",
        help=f"the results as one JSON object (each game's totals up to {MAX_TOTALS:,} games)",
    )
    output.add_argument(
        "--jsonl",
        action="store_true",
        help="one JSON line per game as it ends, then the results (without totals)",
    )


def _serve_arguments(srv: Parser) -> None:
    srv.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    srv.add_argument(
        "--port", type=int, default=8000, help="the port to listen on (8000; 0: a free one)"
    )
    srv.add_argument(
        "--public-url",
        metavar="URL",
        help="the address browsers reach the server at, if not the one they asked for (a proxy)",
    )
    srv.add_argument(
        "--max-sessions",
        type=int,
        default=12,
        metavar="N",
        help="browser sessions (each a game process) at once (12)",
    )
    srv.add_argument(
        "session",
        nargs=argparse.REMAINDER,
        metavar="-- play|join ...",
        help="what each browser session runs (default: play, each with a save slot of its own):"
        " play with a table's settings, or join HOST:PORT CODE to sit at a hosted table",
    )


def _replay_arguments(rep: Parser) -> None:
    from ..review import ITERATIONS

    rep.add_argument("file")
    rep.add_argument("--json", action="store_true")
    rep.add_argument("--sheet", action="store_true", help="print the 記入式 score sheet (八八)")
    rep.add_argument(
        "--view", action="store_true", help="step through the game in the replay viewer"
    )
    rep.add_argument(
        "--review",
        type=int,
        metavar="SEAT",
        help="the strong bot's review of a seat's decisions (seats from 1), mistakes first",
    )
    rep.add_argument(
        "--iterations",
        type=int,
        default=ITERATIONS,
        help=f"playouts a decision for --review (default {ITERATIONS})",
    )


def _history_arguments(hist: Parser) -> None:
    hist.add_argument(
        "action", nargs="?", choices=["list", "export"], default="list", help="list (default)"
    )
    hist.add_argument("id", nargs="?", help="export: the game's id (as listed)")
    hist.add_argument("file", nargs="?", help="export: the file to write (- for stdout)")
    hist.add_argument("--ruleset", help=f"only this ruleset ({_ruleset_names()})")
    hist.add_argument("--player", help="only games with this player name or bot level")
    hist.add_argument("--limit", type=int, help="list at most this many games (newest first)")
    hist.add_argument("--json", action="store_true", help="the games and standings as JSON")
    form = hist.add_mutually_exclusive_group()
    form.add_argument(
        "--sheet", action="store_true", help="export the year sheet as text (八八: the 記入式)"
    )
    form.add_argument("--csv", action="store_true", help="export the year sheet as CSV")


def _stats_arguments(stats: Parser) -> None:
    stats.add_argument("what", help="teyaku, or ba (八八 場)")
    stats.add_argument("--ruleset", help="teyaku: koikoi3 unless given; ba: the ruleset with 場")
    stats.add_argument("--json", action="store_true")


def _listen_arguments(command: Parser, port: int) -> None:
    """Where a host or a server listens: its port (``port`` unless given) and its interfaces."""
    command.add_argument("--port", type=int, default=port, help="0 picks a free port")
    command.add_argument(
        "--public",
        action="store_true",
        help="listen on every network interface (default: 127.0.0.1, this machine only)",
    )


def _host_arguments(host: Parser) -> None:
    _listen_arguments(host, DEFAULT_PORT)
    _table_arguments(host, HOST_SEATS)
    host.add_argument("--names", help="comma-separated names, one per seat")
    host.add_argument(
        "--seed",
        help="the same seed deals the same cards and bot moves: predictable, for tests only",
    )
    host.add_argument("--record", help="where the record is kept (default: the data directory)")
    host.add_argument("--resume", metavar="FILE", help="continue the table whose record this is")
    host.add_argument("--spectators", action="store_true", help="also make a spectator code")
    host.add_argument(
        "--stand-in-after",
        type=float,
        metavar="SECONDS",
        help="give the seat of a player who left to a normal bot after this long",
    )
    host.add_argument(
        "--max-connections", type=int, metavar="N", help="connections held at once (1000)"
    )
    host.add_argument(
        "--max-per-address", type=int, metavar="N", help="connections from one address (20)"
    )
    host.add_argument(
        "--max-spectators", type=int, metavar="N", help="spectators at the table (50)"
    )
    host.add_argument("--certfile", help="serve over TLS with this certificate (PEM)")
    host.add_argument("--keyfile", help="the certificate's private key (PEM)")
    host.add_argument(
        "--json",
        action="store_true",
        help="no human seat: print one JSON line once listening ({port, codes})",
    )


def _join_arguments(join: Parser) -> None:
    join.add_argument("where", metavar="HOST:PORT")
    join.add_argument("code")
    join.add_argument("--name", default="", help="your name at the table")
    join.add_argument("--bot", metavar="LEVEL", help="play the seat with this bot, no screen")
    join.add_argument("--trace", metavar="FILE", help="with --bot: every message as a JSON line")
    join.add_argument("--record", metavar="FILE", help="save the year's record here at its end")
    join.add_argument("--tls", action="store_true", help="the host serves over TLS")
    join.add_argument("--cafile", help="trust this certificate (a host's self-signed one)")


def _server_arguments(srv: Parser) -> None:
    _listen_arguments(srv, SERVER_PORT)
    srv.add_argument("--db", metavar="PATH", help="the database (default: the data directory's)")
    srv.add_argument("--bans", metavar="FILE", help="the ban list: addresses, networks, names")
    srv.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a proxy in front (address or network): its X-Forwarded-For names the client",
    )
    srv.add_argument(
        "--bot", default="normal", metavar="LEVEL", help="the bots' level (quick matches, time)"
    )
    srv.add_argument("--certfile", help="serve over TLS with this certificate (PEM)")
    srv.add_argument("--keyfile", help="the certificate's private key (PEM)")
    srv.add_argument("--json", action="store_true", help='print {"port": N} once listening')


def _online_arguments(online: Parser) -> None:
    online.add_argument("where", metavar="HOST:PORT")
    online.add_argument("--name", default="", help="your name, the first time on this server")
    online.add_argument("--bot", metavar="LEVEL", help="play with this bot, no screen")
    online.add_argument("--quick", metavar="RULESET", help="play quick matches of this ruleset")
    online.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    online.add_argument("--years", type=int, default=1, help="quick matches to play (1)")
    online.add_argument(
        "--bots-after",
        type=int,
        metavar="SECONDS",
        help="let bots take the free seats after this long (default: wait for people)",
    )
    online.add_argument("--leaderboard", metavar="RULESET", help="print a ruleset's leaderboard")
    online.add_argument("--tls", action="store_true", help="the server serves over TLS")
    online.add_argument("--cafile", help="trust this certificate (a server's self-signed one)")
    online.add_argument("--json", action="store_true", help="one JSON line per year (or board)")
    online.add_argument(
        "--export-token", action="store_true", help="print the token kept for this server"
    )
    online.add_argument(
        "--import-token", metavar="LINE", help="keep an exported token line (-: read stdin)"
    )


def _train_arguments(train: Parser) -> None:
    from ..training import MAX_JOBS

    train.add_argument("--ruleset", required=True, help=f"one of {_ruleset_names()}")
    train.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    train.add_argument("--work", required=True, help="the directory of checkpoints")
    train.add_argument("--out", help="the weights file (default: the one the package ships)")
    train.add_argument("--seed", type=int, default=1)
    train.add_argument("--rounds", type=int, default=2, help="rounds of expert iteration")
    train.add_argument("--shards", type=int, default=100, help="shards a round")
    train.add_argument("--games", type=int, default=3, help="self-play games a shard")
    train.add_argument(
        "--play-share", type=float, default=0.25, help="share of plays labelled (0 to 1)"
    )
    train.add_argument("--stop-iterations", type=int, default=400)
    train.add_argument("--play-iterations", type=int, default=200)
    train.add_argument(
        "--value",
        action="store_true",
        help="train the learned value of a position instead (the search's search=value)",
    )
    train.add_argument(
        "--positions", type=float, default=0.2, help="--value: share of decisions kept (0 to 1)"
    )
    train.add_argument(
        "--search-iterations",
        type=int,
        default=24,
        help="--value: evaluations a decision of the search playing rounds after the first",
    )
    train.add_argument(
        "--search-shards",
        type=int,
        default=0,
        help="--value: shards of each round after the first (0: --shards)",
    )
    train.add_argument(
        "--play-net",
        action="store_true",
        help="train the play network instead (strong's playout=net)",
    )
    train.add_argument(
        "--held",
        type=int,
        default=4,
        help="--play-net: the last shards of each round held out of its fit, to judge it",
    )
    train.add_argument("--steps", type=int, default=800, help="--play-net: the fit's steps")
    train.add_argument(
        "--hidden", type=int, help="--value: hidden units (32); --play-net: hidden units (8)"
    )
    train.add_argument(
        "--jobs",
        type=int,
        default=0,
        help=f"processes, 1 to {MAX_JOBS} (0: every core, at most {MAX_JOBS})",
    )


SUBCOMMANDS: dict[str, tuple[str, Callable[[CommandParser], None]]] = {
    "play": (
        "open the game (the default): the selector, or with any of these, that table",
        _play_arguments,
    ),
    "learn": ("the lessons: learn a game at the table, step by step", _learn_arguments),
    "sim": ("play whole games between bots", _sim_arguments),
    "serve": (
        "serve the game to web browsers: each browser session plays with a save of its own",
        _serve_arguments,
    ),
    "replay": ("replay a game record", _replay_arguments),
    "history": (
        "the games kept in the history: list them with standings, or export one",
        _history_arguments,
    ),
    "stats": ("exact statistics from the rules", _stats_arguments),
    "host": ("hold a table that others join from other machines", _host_arguments),
    "join": ("sit at a hosted table: hanafuda join HOST:PORT CODE", _join_arguments),
    "server": (
        "run a server where players meet: a lobby, quick matches, ratings, time controls",
        _server_arguments,
    ),
    "online": (
        "meet players on a server: its lobby on screen, or a bot with no screen, or its"
        " leaderboard",
        _online_arguments,
    ),
    "train": (
        "train the strong bot's learned stop rule and playout policy, its play network"
        " (--play-net) or its learned value (--value) by self-play (needs numpy:"
        " pip install -e '.[train]'); the same command resumes it",
        _train_arguments,
    ),
}
"""Each subcommand's help line (``--help`` lists them) and what adds its options."""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="hanafuda", description="Traditional hanafuda games.")
    parser.add_argument("--version", action="version", version=f"hanafuda {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=CommandParser)
    for name, (help_line, arguments) in SUBCOMMANDS.items():
        sub.add_parser(name, help=help_line, arguments=arguments)
    return parser

"""The `hanafuda` command: play (default), learn, sim, replay, stats, history, host and join,
serve, server and online, train.

Bad input (unknown ruleset, option, bot, a malformed record, a file that cannot be read or written)
gets one line on stderr and exit status 2; text from a record is printed without terminal controls.
A subcommand's options are added to its parser, and its module imported, only when it is the one
run: ``--version`` and ``--help`` load nothing of the package but this module and the parser.
Nothing in the package imports the command line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from .parser import Terminated, UsageError, build_parser, one_line, show_what_the_output_can


def _sim(args: argparse.Namespace) -> int:
    from .sim import cmd_sim

    return cmd_sim(args)


def _replay(args: argparse.Namespace) -> int:
    from .replay import cmd_replay

    return cmd_replay(args)


def _stats(args: argparse.Namespace) -> int:
    from .stats import cmd_stats

    return cmd_stats(args)


def _history(args: argparse.Namespace) -> int:
    from .history import cmd_history

    return cmd_history(args)


def _play(args: argparse.Namespace) -> int:
    from .play import cmd_play

    return cmd_play(args)


def _learn(args: argparse.Namespace) -> int:
    from .play import cmd_learn

    return cmd_learn(args)


def _serve(args: argparse.Namespace) -> int:
    from .play import cmd_serve

    return cmd_serve(args)


def _host(args: argparse.Namespace) -> int:
    from .common import ruleset_options
    from .together import cmd_host, guarded

    return guarded(cmd_host, args, ruleset_options)


def _join(args: argparse.Namespace) -> int:
    from .common import ruleset_options
    from .together import cmd_join, guarded

    return guarded(cmd_join, args, ruleset_options)


def _server(args: argparse.Namespace) -> int:
    from .online import cmd_server

    return cmd_server(args)


def _online(args: argparse.Namespace) -> int:
    from .online import cmd_online

    return cmd_online(args)


def _train(args: argparse.Namespace) -> int:
    from .train import cmd_train

    return cmd_train(args)


COMMANDS: dict[str | None, Callable[[argparse.Namespace], int]] = {
    "sim": _sim,
    "replay": _replay,
    "stats": _stats,
    "history": _history,
    "play": _play,
    "learn": _learn,
    "serve": _serve,
    "host": _host,
    "join": _join,
    "server": _server,
    "online": _online,
    "train": _train,
    None: _play,
}
"""Each subcommand's function by name."""


def _reported(err: Exception) -> bool:
    """Whether ``err`` is bad input, reported as one line (exit status 2) rather than a traceback."""
    if isinstance(err, UsageError):
        return True
    from ..bots import BotSpecError
    from ..core.records import OptionError, RecordError
    from ..core.rulesets import UnknownRuleset

    return isinstance(err, (UnknownRuleset, OptionError, BotSpecError, RecordError))


def main(argv: Sequence[str] | None = None) -> int:
    show_what_the_output_can(sys.stdout)
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("hanafuda: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print("hanafuda: terminated", file=sys.stderr)
        return 143
    except Exception as err:
        if not _reported(err):
            raise
        print(f"hanafuda: error: {one_line(str(err))}", file=sys.stderr)
        return 2

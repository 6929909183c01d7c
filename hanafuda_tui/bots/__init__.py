"""Players that see only a view of the game, never a hidden card. Bots are made from a spec:
``name`` or ``name:key=value:key=value``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ..core.game import PlayerView
from .levels import EasyBot, NormalBot
from .random_bot import RandomBot
from .rulesets import bot_rules


class Bot(Protocol):
    name: str

    def act(self, view: PlayerView) -> int: ...


class BotSpecError(ValueError):
    pass


def _strong(rng: random.Random, **params: str) -> Bot:
    """A strong bot: its search and learned weights are loaded when the first one is made."""
    from .strong import StrongBot

    return StrongBot(rng, **params)


EXPERT_TIME = 1.0
"""Seconds an expert thinks a decision (five times the strong bot's default; docs/bots.md,
"The expert level")."""


def _expert(rng: random.Random, **params: str) -> Bot:
    """The strong bot thinking ``EXPERT_TIME`` a decision unless its spec gives a budget."""
    if "time" not in params and "iterations" not in params:
        params["time"] = str(EXPERT_TIME)
    return _strong(rng, **params)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "strong": _strong,
    "expert": _expert,
}
"""Levels, weakest first; ``expert`` is ``strong`` thinking ``EXPERT_TIME`` a decision and takes
what it takes; ``strong`` takes ``iterations=N`` (1 to 100,000), ``time=SECONDS`` (more
than 0, at most 60), ``playout=net|learned|normal|easy`` (net, the default: the ruleset's
shipped play network, as learned where none is shipped or under ``guess=FILE``; learned: the
shipped learned weights; normal: the search as it was before it learned), ``weights=FILE``
(learned weights of a training round), ``confidence=Z`` (a finite number ≥ 0: standard errors
the search needs to overrule its playout policy's choice), ``search=playout|value`` and
``value=FILE`` (a learned value read at the seat's next choice instead of the month played out:
``bots.value``), ``spread=F`` (0.1 to 10: a factor on the ruleset's month spread in reading
scores as a chance to finish the year first; by default the ruleset's ``net_spread`` where a play
network plays out, else 1) or ``spread=fit`` (the spread fitted to the
months of the table so far), ``policy=FILE`` (a play network, ``bots.play_net``, playing and
taking in the guess and the playouts) or ``guess=FILE`` (a network as the search's guess only, the
learned weights playing out), ``read=T|auto|off`` (the others' hands read from their plays this
month, as the normal policy's values softened at temperature T, or with auto at each of
``TEMPERATURES`` as each seat's plays bear out: ``bots.hand_reading``; by default the ruleset's
``read``, off where it has none)."""


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"strong:iterations=400"`` → ``("strong", {"iterations": "400"})``."""
    name, *params = spec.strip().split(":")
    if name not in BOTS:
        raise BotSpecError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})")
    out = {}
    for p in params:
        key, sep, value = p.partition("=")
        if not sep or not key:
            raise BotSpecError(f"bot parameter {p!r} is not KEY=VALUE")
        out[key] = value
    return name, out


def make_bot(spec: str, rng: random.Random) -> Bot:
    name, params = parse_spec(spec)
    make = BOTS[name]
    try:
        return make(rng, **params)
    except TypeError:
        raise BotSpecError(f"bot {name!r} takes no parameter {', '.join(params)}") from None
    except ValueError as err:
        raise BotSpecError(f"bot {spec!r}: {err}") from None


def measured(ruleset: str, seated: int) -> dict[str, float]:
    """Each level's measured share of games won (%) against the level below it in ``BOTS``, with
    ``seated`` at the table: the ruleset's bot rules' ``measured`` (empty where not measured)."""
    return dict(bot_rules(ruleset).measured.get(seated, {}))

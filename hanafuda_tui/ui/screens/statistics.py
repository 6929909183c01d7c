"""戦績: the history's statistics by ruleset, per player name and per bot level, with the final
scores of the last games and a year's running totals month by month (every seat).

The numbers are queries over the history (``hanafuda_tui.history``); they are read in a thread, so
the screen paints at once however many games are kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Select, Sparkline, Static

from ...core.game import Game
from ...core.records import GameRecord, RecordError, replay
from ...history import (
    HistoryError,
    HistoryStore,
    PlayerStats,
    Standing,
    player_stats,
    running_totals,
)
from ...tables.names import who_words
from ..app_side import app_side
from ..i18n import lang, t
from ..keys import KeysLine
from ..names import seat_names
from ..widgets.chart import COLOURS, MARKS, chart_text
from .selector import bot_name, ruleset_label, ruleset_names

CHART_HEIGHT = 7
"""Rows of the running-totals chart."""


def who_label(standing: Standing) -> str:
    """A player's name (a default one in the language shown), or a bot level as the language
    names it."""
    if standing.side != "bot":
        return who_words(standing.side, standing.who, lang())
    level, _, budget = standing.who.partition(":")
    name = bot_name(level) + (f" {budget}" if budget else "")
    return t("stats.bot", level=name)


def _signed(value: float, digits: int = 0) -> str:
    return f"{value:+.{digits}f}" if value else "0"


def facts_text(stats: PlayerStats, ruleset: str) -> Text:
    """Yaku and teyaku made, こいこい calls, 下げ and 出る・下る, each with how often and how they
    turned out."""
    out = Text()
    games = stats.standing.games

    def head(key: str) -> None:
        out.append(t(key) + "\n", style="bold")

    if stats.yaku:
        head("stats.yaku")
        items = [f"{name} {n}" for name, n in stats.yaku.items()]
        out.append("  " + "  ".join(items) + "\n")
    if stats.teyaku:
        head("stats.teyaku")
        out.append("  " + "  ".join(f"{name} {n}" for name, n in stats.teyaku.items()) + "\n")
    if not stats.yaku and not stats.teyaku and games:
        out.append(t("stats.no_yaku") + "\n", style="dim")
    for kind, table, outcomes in (
        ("koikoi", stats.koikoi, ("won", "lost", "none")),
        ("sage", stats.sage, ("cancelled", "agari", "other", "none")),
        ("entry", stats.entries, ("deru", "shibari", "oriru", "oikomi")),
    ):
        if not table:
            continue
        total = sum(x.count for x in table.values())
        head(f"stats.{kind}")
        parts = []
        for outcome in outcomes:
            tally = table.get(outcome)
            if tally is None:
                continue
            amount = t("stats.amount", ruleset, amount=_signed(tally.amount))
            parts.append(f"{t(f'stats.{kind}.{outcome}')} {tally.count} ({amount})")
        out.append("  " + t("stats.times", n=total) + "  " + "  ".join(parts) + "\n")
    return out


class StatisticsScreen(Screen[None]):
    """戦績: a ruleset's players and bot levels in a table; the highlighted one's details below."""

    BINDINGS = [
        Binding("escape,q", "close", show=False),
        Binding("left", "game(-1)", show=False, priority=True),
        Binding("right", "game(1)", show=False, priority=True),
        Binding("s", "sheet", show=False),
        Binding("v", "view", show=False),
        Binding("pageup", "scroll_detail(-8)", show=False, priority=True),
        Binding("pagedown", "scroll_detail(8)", show=False, priority=True),
    ]

    def __init__(self, store: HistoryStore, ruleset: str | None = None) -> None:
        super().__init__()
        self.store = store
        self.ruleset = ruleset
        self.standings: list[Standing] = []
        self.stats: PlayerStats | None = None
        self.game_at = -1
        self.facts_version = 0
        """How many times facts were counted afresh (details read before that are read again)."""
        """Which of the highlighted one's recent games the chart shows (an index)."""
        self.year: tuple[int, GameRecord, Game] | None = None
        """The game the chart shows: its id, record and replay."""
        self.counts: list[tuple[str, int]] = []

    def compose(self) -> ComposeResult:
        with Horizontal(id="stats-head"):
            yield Static(Content.from_markup(f"[b]{t('stats.title')}[/b]"), id="stats-title")
            yield Select[str]([], id="stats-ruleset", compact=True, prompt=t("stats.ruleset"))
        table: DataTable[Any] = DataTable(id="standings", cursor_type="row", zebra_stripes=True)
        yield table
        with VerticalScroll(id="stats-detail"):
            yield Static(t("stats.loading"), id="stats-note")
            yield Static("", id="stats-recent-title")
            yield Sparkline([], id="stats-recent")
            yield Static("", id="stats-year-title")
            yield Static("", id="stats-chart")
            yield Static("", id="stats-legend")
            yield Static("", id="stats-facts")
        yield KeysLine(t("keys.stats"))

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key in ("who", "games", "wins", "average", "best", "worst"):
            table.add_column(t(f"stats.col.{key}"), key=key)
        self.query_one(Sparkline).display = False
        table.focus()
        self.load(self.ruleset)

    # -- loading, in a thread -------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="standings")
    def load(self, ruleset: str | None) -> None:
        """The rulesets with games and the chosen one's standings (the last one played by
        default); then any game whose facts are not yet counted is counted."""
        try:
            counts = self.store.rulesets()
            if ruleset is None or ruleset not in dict(counts):
                ruleset = self._latest_ruleset(counts)
            standings = self.store.standings(ruleset) if ruleset else []
        except HistoryError as err:
            self.app.call_from_thread(self.show_problem, str(err))
            return
        self.app.call_from_thread(self.show_standings, counts, ruleset, standings)
        try:
            counted = self.store.refresh_facts()  # games stored before their facts were counted
        except HistoryError:
            return
        if counted:
            self.app.call_from_thread(self.facts_counted)

    def facts_counted(self) -> None:
        """Show the highlighted one's details again, with the facts just counted (details being
        read now are read again when they come)."""
        self.facts_version += 1
        if self.stats is not None:
            self.load_detail(self.stats.standing, self.game_at)

    def _latest_ruleset(self, counts: Sequence[tuple[str, int]]) -> str | None:
        rows = self.store.query("SELECT ruleset FROM games ORDER BY id DESC LIMIT 1")
        return rows[0][0] if rows else (counts[0][0] if counts else None)

    @work(thread=True, exclusive=True, group="detail")
    def load_detail(self, standing: Standing, at: int) -> None:
        """One player's statistics and the chart's game (``at``: an index into its recent
        games; -1 the latest)."""
        version = self.facts_version
        try:
            stats = player_stats(self.store, standing)
            year = None
            if stats.recent_ids:
                at = at if 0 <= at < len(stats.recent_ids) else len(stats.recent_ids) - 1
                game_id = stats.recent_ids[at]
                record = self.store.record(game_id)
                year = (game_id, record, replay(record))
        except (HistoryError, RecordError) as err:
            self.app.call_from_thread(self.show_problem, str(err))
            return
        self.app.call_from_thread(self.show_detail, stats, at, year, version)

    # -- showing --------------------------------------------------------------------------------

    def show_problem(self, problem: str) -> None:
        self.query_one("#stats-note", Static).update(Content(problem))

    def show_standings(
        self, counts: list[tuple[str, int]], ruleset: str | None, standings: list[Standing]
    ) -> None:
        self.counts, self.ruleset, self.standings = counts, ruleset, standings
        select = self.query_one("#stats-ruleset", Select)
        order = {name: i for i, name in enumerate(ruleset_names())}
        known = sorted(counts, key=lambda c: order.get(c[0], len(order)))
        with self.prevent(Select.Changed):
            select.set_options([(f"{ruleset_label(name)} ({n})", name) for name, n in known])
            if ruleset is not None:
                select.value = ruleset
        table = self.query_one(DataTable)
        table.clear()
        for s in standings:
            table.add_row(
                who_label(s),
                str(s.games),
                str(s.wins),
                _signed(s.average, 1),
                _signed(s.best),
                _signed(s.worst),
            )
        note = self.query_one("#stats-note", Static)
        if not standings:
            problem = self.store.problem
            why = t("history.unavailable", error=problem) if problem else t("stats.none")
            note.update(Content(why))
            return
        note.update("")
        table.move_cursor(row=0)
        self.game_at = -1
        self.load_detail(standings[0], -1)

    def show_detail(
        self,
        stats: PlayerStats,
        at: int,
        year: tuple[int, GameRecord, Game] | None,
        version: int = -1,
    ) -> None:
        """``version``: the facts' version the details were read at (older: read again)."""
        if 0 <= version < self.facts_version:
            self.load_detail(stats.standing, at)
        self.stats, self.game_at, self.year = stats, at, year
        ruleset = stats.standing.ruleset
        recent = self.query_one(Sparkline)
        recent.data = [float(x) for x in stats.recent]
        recent.display = bool(stats.recent)
        lo, hi = (min(stats.recent), max(stats.recent)) if stats.recent else (0, 0)
        self.query_one("#stats-recent-title", Static).update(
            Content(
                t(
                    "stats.recent_one" if len(stats.recent) == 1 else "stats.recent",
                    n=len(stats.recent),
                    lo=_signed(lo),
                    hi=_signed(hi),
                )
                if stats.recent
                else ""
            )
        )
        self.show_year()
        self.query_one("#stats-facts", Static).update(facts_text(stats, ruleset))

    def show_year(self) -> None:
        title = self.query_one("#stats-year-title", Static)
        chart = self.query_one("#stats-chart", Static)
        legend = self.query_one("#stats-legend", Static)
        if self.year is None or self.stats is None:
            for widget in (title, chart, legend):
                widget.update("")
            return
        game_id, record, game = self.year
        summary = self.store.query("SELECT finished_at FROM games WHERE id = ?", (game_id,))
        when = summary[0][0].replace("T", " ")[:16] if summary else ""
        n = len(self.stats.recent_ids)
        title.update(
            Content(
                t(
                    "stats.year",
                    id=game_id,
                    date=when,
                    months=len(game.results),
                    at=self.game_at + 1,
                    of=n,
                )
            )
        )
        width = max(30, (self.query_one("#stats-detail").size.width or 78) - 2)
        chart.update(chart_text(running_totals(game), width, CHART_HEIGHT))
        names = Text()
        for s, name in enumerate(seat_names(record.seats)):
            mark = MARKS[s % len(MARKS)]
            names.append(f"{mark}", style=f"bold {COLOURS[s % len(COLOURS)]}")
            names.append(f" {name} {_signed(game.scores[s])}   ")
        legend.update(names)

    # -- keys -----------------------------------------------------------------------------------

    @on(Select.Changed, "#stats-ruleset")
    def ruleset_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.ruleset:
            self.load(event.value)

    @on(DataTable.RowHighlighted)
    def row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        row = event.cursor_row
        if 0 <= row < len(self.standings):
            self.load_detail(self.standings[row], -1)

    def action_game(self, step: int) -> None:
        """The chart shows the previous or next of the highlighted one's recent games."""
        select = self.query_one("#stats-ruleset", Select)
        if select.expanded or self.stats is None or not self.stats.recent_ids:
            return
        at = max(0, min(len(self.stats.recent_ids) - 1, self.game_at + step))
        if at != self.game_at:
            self.load_detail(self.stats.standing, at)

    def action_sheet(self) -> None:
        """The shown year's score sheet (八八: its 記入式)."""
        if self.year is None:
            return
        from .results import ScoreSheet

        _, record, game = self.year
        self.app.push_screen(ScoreSheet(game, seat_names(record.seats)))

    def action_view(self) -> None:
        """The shown year in the replay viewer (every hand open: it is over)."""
        if self.year is None:
            return
        game_id, record, _ = self.year
        app_side(self).open_replay(record, t("stats.game", id=game_id))

    def action_scroll_detail(self, lines: int) -> None:
        self.query_one("#stats-detail", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)

    async def relabel(self) -> None:
        """The words again in the language now chosen."""
        await self.recompose()
        self.on_mount()

"""The reporter: what a call's result (`Played`) says to whom.

The move runner hands it each step's events (`collect`, `note_since`) and, once the call is done,
the whole record (`report`), which it fills once so no presenter calls the service back: whom to
ping, the public board, the private panels that changed, the lines since each pinged seat's last
move, and at the end of a game the ending in words with every human seat's panel. It also keeps
where each panel was delivered (`panel_sent`, `panel_undelivered`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence

from bot import challenges
from bot.ratings import kind_of, play_of
from bot.records import Ending, PanelUpdate, Played, move_text, seat_names
from bot.table_cache import CachePart, TableCache
from bot.table_texts import TableTexts
from rules.core import Event, Outcome, Play, Seat, format_event, listed, plural, result_words
from storage.base import PanelRecord, TableRecord

DIGEST_MOVES = 8  # the most moves a panel's "since your last move" digest shows, the latest
DIGEST_CHARS = 1200  # and their characters at most: the panel's own view follows in one embed


class Reporter(CachePart):
    def __init__(self, cache: TableCache, texts: TableTexts, *, clock: Callable[[], float]) -> None:
        super().__init__(cache)
        self.texts = texts
        self.clock = clock
        # table id → the public lines since each seat's last move, as this process played them
        self.since: OrderedDict[int, _Since] = cache.per_table(copy=False)

    # a step of a call ---------------------------------------------------------------------------
    def collect(self, played: Played, events: Sequence[Event], *, step: bool = True) -> None:
        """A step's events: public lines, private lines per seat; a move's public lines are one
        step (`Played.steps`): the feed shows them as one line, each heading (`Event.heading`: a
        night falling, an attack) on a new line inside it (`Played.headings`)."""
        names = seat_names(played.table)
        public: list[str] = []
        base = len(played.lines)
        for event in events:
            text = format_event(event.text, names)
            if event.visible_to is None:
                if event.heading and public:
                    played.headings.add(base + len(public))
                public.append(text)
            else:
                for seat in event.visible_to:
                    played.private.setdefault(seat, []).append(text)
        if step and len(public) > 1:
            played.steps.append((base, base + len(public)))
        played.lines.extend(public)

    def note_since(self, table: TableRecord, seat: Seat, events: Sequence[Event]) -> None:
        """Keep, per seat, the public lines of the moves made since its last one (in memory, for
        the panel of a seat the game comes back to: no read of the log). Kept only while this
        process made every move in between (the ply says so); otherwise it starts again."""
        held = self.since.get(table.id)
        if held is None or held.ply != table.ply - 1:
            held = self.since[table.id] = _Since(table.ply - 1)
        self.cache.trim(self.since, table.id)
        names = seat_names(table)
        public = move_text((format_event(e.text, names), e.heading) for e in events if e.public)
        for other in range(len(table.seats)):
            if other != seat and public:
                held.add(other, public)
        if seat >= 0:
            held.moves[seat], held.earlier[seat] = [], 0
            held.seen.add(seat)
        held.ply = table.ply

    def summary(self, table: TableRecord, outcome: Outcome) -> str:
        """The game's own end-of-game words, then the seed that replays every shuffle."""
        text = self.games[table.game].text.summary(outcome, seat_names(table))
        return f"{text} {challenges.seed_words(table, self.clock())}"

    # the whole call -----------------------------------------------------------------------------
    async def report(self, played: Played) -> Played:
        """Fill in what a call's result shows: whom to ping, the board, the panels that changed,
        the lines since each pinged seat's last move (for its panel), and at the end of a game
        the ending in words with every human seat's panel (each ends with the seat's own result).

        Done once, here, so that every presenter (Discord, the terminal) reads the same record
        instead of asking the service again. The state, whom the game waits for and the seats'
        names are looked up once and handed to each part."""
        table = played.table
        state = None if table.state is None else self.cache.state(table)
        if table.status == "active":
            waiting = self.cache.waiting_for(table, state)
            seats = table.seats
            before = played.waited_before
            played.ping = tuple(u for s in waiting if s not in before and (u := seats[s].user_id))
        else:
            waiting = []
        if state is not None:
            names = seat_names(table)
            played.board = self.texts.board_of(table, state, waiting, names)
            played.panels = await self.texts.updates_of(
                table, state, names, force=False, notes=played.private
            )
        if played.ping:  # a pinged seat whose panel is sent gets what happened since its move
            for update in played.panels:
                if update.user_id in played.ping:
                    since = await self._since_last_move(table, update.seat)
                    if since:
                        played.since[update.seat] = since
        if table.status == "finished" and played.outcome is not None and table.state is not None:
            played.ending = self.ending(table, played.outcome)
            played.panels = await self.texts.private_updates(
                table, force=True, notes=played.private
            )
        mover = played.mover
        if (
            mover is not None
            and table.state is not None
            and all(update.seat != mover for update in played.panels)
        ):
            stored = {p.seat: p for p in await self.store.panels(table.id)}.get(mover)
            if stored is not None and stored.user_id != table.seats[mover].user_id:
                stored = None  # another member's panel (the seat was taken over)
            played.mover_panel = self.texts.panel_update(table, mover, panel=stored)
        return played

    def newly_waiting(self, played: Played) -> list[Seat]:
        """Human seats the game now waits for that it was not waiting for before: the players to
        notify (an edited panel or board notifies nobody)."""
        now = self.cache.waiting_for(played.table)
        seats = played.table.seats
        return [s for s in now if s not in played.waited_before and seats[s].user_id is not None]

    # since a seat's last move -------------------------------------------------------------------
    async def _since_last_move(self, table: TableRecord, seat: Seat) -> list[str]:
        """`since_last_move`, from memory when this process saw the seat's last move and every
        move since, else from the log."""
        held = self.since.get(table.id)
        if held is not None and held.ply == table.ply and seat in held.seen:
            return digest(held.moves.get(seat, []), held.earlier.get(seat, 0))
        return await self.since_last_move(table, seat)

    async def since_last_move(self, table: TableRecord, seat: Seat) -> list[str]:
        """The moves made since this seat's last move, one line each (what the thread showed of
        it), for the top of its panel when the game comes back to it: the latest that fit
        (`digest`), after a line saying how many earlier ones `/game log` holds. Empty if nobody
        else moved since.

        Read from the events each move stored (public ones have `visible_to` None), so nothing
        is replayed; moves stored without events (older databases) add nothing."""
        if table.state is None:
            return []
        entries = await self.store.actions(table.id)
        last = max((e.ply for e in entries if e.seat == seat), default=0)
        names = seat_names(table)
        moves = [
            move_text(
                (format_event(event["text"], names), bool(event.get("heading")))
                for event in entry.events or ()
                if event.get("visible_to") is None
            )
            for entry in entries
            if entry.ply > last
        ]
        return digest([move for move in moves if move])

    # the end ------------------------------------------------------------------------------------
    def ending(self, table: TableRecord, outcome: Outcome) -> Ending:
        """How the game ended, in words (`Ending`): who won, why (the game's own summary), each
        seat's secret objective revealed, each human seat's own result, and the seed."""
        names = seat_names(table)
        count = len(names)
        winners = sorted(outcome.winners)
        play = play_of(table.game)
        together = kind_of(table.game, outcome) == "co-op"  # one result for the whole table
        draw = play is Play.COMPETITIVE and not winners
        if winners and len(winners) == count and count > 1:
            headline = "Everyone won."
        elif winners:
            headline = f"{listed([names[s] for s in winners])} won."
        elif together:
            headline = "Everyone lost." if count > 1 else f"{names[0]} lost."
        else:
            headline = "A draw." if draw else "Nobody won."
        why = _why(self.games[table.game].text.summary(outcome, names), bool(outcome.results))
        said = result_words(play, [names[s] for s in winners]) if play is not None else ""
        if said and why.endswith(f": {said}"):  # "…: everyone loses.": the headline says it
            why = why.removesuffix(f": {said}") + "."
        missed = outcome.results and not any(r.met for r in outcome.results)
        if not winners and missed:
            why += " No personal objective was met."
        objectives = []
        own: dict[Seat, list[str]] = {}
        for result in outcome.results:
            goal = result.detail or result.ref or "their goal"
            kind = result.kind.replace("_", " ")
            done = "met ✅" if result.met else "not met ❌"
            objectives.append(f"{names[result.seat]} — {kind} objective “{goal}”: {done}.")
            own.setdefault(result.seat, []).append(f"Your {kind} objective “{goal}”: {done}.")
        results: dict[Seat, str] = {}
        hidden = challenges.hidden_until(table, self.clock())  # a challenge still open
        for seat, record in enumerate(table.seats):
            if record.user_id is None:
                continue
            if seat in outcome.winners:
                mine = (
                    "You won."
                    if len(winners) == 1
                    else "You won, with " + listed([names[s] for s in winners if s != seat]) + "."
                )
            elif together:
                mine = "You all lost." if count > 1 else "You lost."
            else:
                mine = "You did not win." if winners else "A draw." if draw else "Nobody won."
            results[seat] = " ".join([mine, *own.get(seat, [])])
        return Ending(
            headline=headline,
            why=why,
            seed="" if hidden is not None else table.seed,
            seed_hidden_until=hidden,
            objectives=tuple(objectives),
            results=results,
            winners=tuple(names[s] for s in winners),
            shared=together or not winners,
        )

    # where panels went --------------------------------------------------------------------------
    async def panel_sent(
        self,
        update: PanelUpdate,
        *,
        channel_id: int | None,
        message_id: int | None,
        dm_closed: bool = False,
    ) -> None:
        await self.store.save_panel(
            PanelRecord(
                table_id=update.table_id,
                seat=update.seat,
                user_id=update.user_id,
                channel_id=channel_id,
                message_id=message_id,
                digest="" if dm_closed else update.digest,
                dm_closed=dm_closed,
            )
        )

    async def panel_undelivered(self, update: PanelUpdate) -> None:
        """A panel Discord did not take: forget what it was last known to show, so the table's
        next report sends it again (its digest alone may not change: private news is not in it).
        A panel marked closed (DMs off) stays closed."""
        stored = {p.seat: p for p in await self.store.panels(update.table_id)}.get(update.seat)
        if stored is not None and not stored.dm_closed and stored.digest:
            await self.store.save_panel(stored.model_copy(update={"digest": ""}))


def digest(moves: Sequence[str], earlier: int = 0) -> list[str]:
    """The "since your last move" lines: the latest moves, one line each, at most
    `DIGEST_MOVES` of them and `DIGEST_CHARS` characters (the latest move alone is shortened at
    a sentence's end if it is longer), after "… 3 earlier moves are in `/game log`." for the
    rest. The moves just before the player's turn are the ones they need."""
    shown: list[str] = []
    room = DIGEST_CHARS
    for move in reversed(moves[-DIGEST_MOVES:]):
        if shown and len(move) > room:
            break
        shown.append(move if shown else shorten(move, room))
        room -= len(shown[-1]) + 3 * (1 + shown[-1].count("\n"))  # "• " and each line's end
    shown.reverse()
    earlier += len(moves) - len(shown)
    if earlier:
        verb = "is" if earlier == 1 else "are"
        shown.insert(0, f"… {plural(earlier, 'earlier move')} {verb} in `/game log`.")
    return shown


def shorten(text: str, limit: int) -> str:
    """`text` cut after its last whole sentence within `limit` characters, then "…"."""
    if len(text) <= limit:
        return text
    end = text.rfind(". ", 0, limit - 1)
    if end < limit // 3:
        end = text.rfind(" ", 0, limit - 1)
    return text[: end + 1].rstrip() + " …" if end > 0 else text[: limit - 1] + "…"


ANSWER_LINE = 900
"""The longest move line a `/play` answer repeats (`played_answer`)."""


def played_answer(played: Played, seat: Seat | None) -> str:
    """`/play`'s private answer: the move as the thread tells it, then what only the player
    learnt by it ("» You draw Diary."), so the one who typed it sees it was played and what it
    did without looking for it. A move with no public line of its own (the start of a search,
    whose line comes when it ends) is named by its label: "✓ Played: Search 5 (Hospital) …"."""
    feed = played.feed
    named = f"✓ Played: {played.label}." if played.label else "✓ Played."
    parts = [f"✓ {shorten(feed[0], ANSWER_LINE)}" if feed else named]
    mine = played.private.get(seat, []) if seat is not None else []
    parts += [f"» {shorten(line, 300)}" for line in mine[:4]]
    return "\n".join(parts)


class _Since:
    """A table's moves since each seat's last move, one line each (the latest `DIGEST_MOVES`,
    and a count of earlier ones), valid at `ply`; `seen` are the seats whose last move this
    process made."""

    def __init__(self, ply: int) -> None:
        self.ply = ply
        self.moves: dict[Seat, list[str]] = {}
        self.earlier: dict[Seat, int] = {}
        self.seen: set[Seat] = set()

    def add(self, seat: Seat, move: str) -> None:
        held = self.moves.setdefault(seat, [])
        held.append(move)
        if len(held) > DIGEST_MOVES:
            del held[0]
            self.earlier[seat] = self.earlier.get(seat, 0) + 1


def _why(summary: str, objectives: bool) -> str:
    """The game's end-of-game words as the reason under the headline: without "Game over", the
    winners (the headline says them) and, when objectives are listed apart, their lines."""
    lines = [" ".join(line.replace("**", "").split()) for line in summary.splitlines()]
    kept = []
    for index, line in enumerate(line for line in lines if line):
        if index and objectives and "objective" in line:
            continue
        if line.startswith(("Winners:", "Nobody won")):
            continue
        kept.append(line)
    why = " ".join(kept)
    for head in ("Game over — ", "Game over. ", "Game over: "):
        if why.startswith(head):
            why = why[len(head)].upper() + why[len(head) + 1 :]
            break
    return why

"""A finished game's replay: one self-contained HTML file (inline CSS, script and pictures, no
network needed to open it) that steps through every move from every player's eyes.

The file is rebuilt from what a table is — its seed, options, seats and action log — by replaying
the log through the engine, position by position. For each position it keeps:

- the move that led to it (who, and the move in words) and its event lines with whom each was
  shown to (`None`: everyone);
- the board text of every perspective: the public view, each seat's view as that seat saw it at
  that moment (`observe(state, seat)` + `describe`), and "everything", which the file may show
  because the game is over: the public view, each seat's private lines under its name, the
  game's hidden facts annotated (Dead of Winter: objectives, the betrayer, crisis contributions
  and ballots), and every private event line with whom it was shown to;
- the board picture of the public view (Discord's board showed every player that same picture).

Pictures are drawn by a `Draw` callable handed in by the caller, because the renderers live in
`cogs/games` and `bot/` never imports `cogs/`: the Discord side passes its own drawer, the terminal
(`python -m bot replay`) loads `cogs.games` by module name, as `bot/app.py` loads extensions.

Size and time: Discord takes attachments up to 10 MB, and the end message waits for the file.
Lines of text repeat from one position to the next, so every distinct line is stored once and a
text is a list of line numbers. A picture is drawn only when the public view changed, at most
as many as the rest of `BUILD_SECONDS` and `PICTURE_BYTES` allow, judged by the first and last
(a long game keeps the end of each turn, evenly thinned), stored once per distinct view as
lossless WebP (a third of the PNG); a position without a picture of its own shows the last one
drawn, and says which move that was.

Building reads nothing shared with the running bot: it plays the log on a fresh game object and
engine (games keep per-object caches), so it can run in a worker thread.

The page (template, style, script) is `bot.replay_page`; who may have a replay and when, and the
terminal's `replay` command, are `bot.replay_access`."""

from __future__ import annotations

import asyncio
import base64
import io
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.board_cache import observation_digest
from bot.replay_page import replay_html as replay_html
from rules.core import SYSTEM_SEAT, Game, Seat, format_event
from rules.engine import Engine
from storage.base import ActionRecord, Store, TableRecord

log = logging.getLogger(__name__)

Draw = Callable[[Any], bytes | None]  # the public observation → a PNG (None: no picture)

LIMIT = 10 * 1024 * 1024  # Discord's attachment limit
# Pictures drawn for one file: as many as the rest of `BUILD_SECONDS` (after the texts) and
# `PICTURE_BYTES` of file allow, judged by the first and last pictures (a Winter lake takes a
# fraction of a Cold Comfort town's time), within [MIN_PICTURES, MAX_PICTURES]; the byte budget
# wins over the minimum
BUILD_SECONDS = 4.0
PICTURE_BYTES = 7 * 1024 * 1024
MIN_PICTURES, MAX_PICTURES = 12, 400
PUBLIC, EVERYTHING = "public", "all"


class ReplayError(Exception):
    """A table that has no replay (not started, unknown game): the message is for the player."""


@dataclass
class _Table:
    """Strings stored once: lines of text, texts as lists of lines, pictures."""

    lines: list[str] = field(default_factory=list)
    line_ids: dict[str, int] = field(default_factory=dict)
    texts: list[list[int]] = field(default_factory=list)
    text_ids: dict[tuple[int, ...], int] = field(default_factory=dict)

    def text(self, value: str) -> int:
        ids = []
        for line in value.split("\n"):
            found = self.line_ids.get(line)
            if found is None:
                found = self.line_ids[line] = len(self.lines)
                self.lines.append(line)
            ids.append(found)
        key = tuple(ids)
        tid = self.text_ids.get(key)
        if tid is None:
            tid = self.text_ids[key] = len(self.texts)
            self.texts.append(ids)
        return tid


def _who(seat: Seat, names: Sequence[str]) -> str:
    if seat == SYSTEM_SEAT:
        return "The game"
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _private_lines(
    game: Game[Any, Any, Any], state: Any, seat: Seat, public: str, own_view: str
) -> list[str]:
    """The seat's lines that the public view does not show (its hand, objective, choices)."""
    own = game.text.private_lines(state, seat)
    if own is None:
        shown = set(public.splitlines())
        own = [line for line in own_view.splitlines() if line.strip() and line not in shown]
    return own


def _encode(png: bytes) -> str:
    """A picture as a data URI: lossless WebP (a third of the PNG, its text as crisp), or the PNG
    itself if Pillow cannot write WebP here."""
    try:
        from PIL import Image

        with Image.open(io.BytesIO(png)) as image:
            out = io.BytesIO()
            image.save(out, "WEBP", lossless=True, quality=20, method=1)
        data, mime = out.getvalue(), "image/webp"
    except (OSError, ValueError, KeyError):  # no WebP encoder here
        data, mime = png, "image/png"
    return f"data:{mime};base64," + base64.b64encode(data).decode("ascii")


def _fresh(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    """A new object of the game's class: games keep per-object caches (legal moves, labels) that
    are not made to be shared with another thread. The game itself if its class needs arguments."""
    try:
        return type(game)()
    except TypeError:
        return game


def picture_positions(
    steps: Sequence[dict[str, Any]], keys: Sequence[bytes], most: int
) -> list[int]:
    """The positions whose picture is drawn: every one whose public view differs from the one
    before, while there are at most `most`; else the set-up, the end of each turn and the end,
    evenly thinned to `most` (the first and last always kept)."""
    most = max(most, 2)
    changed = [i for i in range(len(steps)) if i == 0 or keys[i] != keys[i - 1]]
    if len(changed) <= most:
        return changed
    last = len(steps) - 1
    ends = [0] + [i for i in range(last) if steps[i + 1]["turn"] != steps[i]["turn"]] + [last]
    ends = sorted(set(ends))
    if len(ends) <= most:
        return ends
    stride = (len(ends) - 1) / (most - 1)
    return sorted({ends[round(k * stride)] for k in range(most)})


def replay_data(
    base: Game[Any, Any, Any],
    *,
    names: Sequence[str],
    options: Any,
    seed: str,
    log_entries: Sequence[tuple[Seat, Any]],
    title: str = "",
    draw: Draw | None = None,
) -> dict[str, Any]:
    """Everything the file shows, as JSON-ready data (see the module's docstring)."""
    began = time.perf_counter()
    game = _fresh(base)
    game_key = base.key
    engine = Engine(game)
    names = list(names)
    seats = len(names)
    table = _Table()
    views = [PUBLIC, *(f"s{s}" for s in range(seats)), EVERYTHING]
    first = engine.start(seats, options, seed)
    state = first.state
    steps: list[dict[str, Any]] = []
    observations: list[Any] = []  # the public view of each position, for its picture
    turn, last_mover = 0, None

    def position(events: Sequence[Any], mover: Seat | None, move: str | None) -> None:
        public_obs = game.observe(state, None)
        public_raw = game.text.describe(public_obs)
        public = format_event(public_raw, names)
        texts = {PUBLIC: table.text(public)}
        everything = [public]
        for seat in range(seats):
            own_view = game.text.describe(game.observe(state, seat))
            texts[f"s{seat}"] = table.text(format_event(own_view, names))
            own = _private_lines(game, state, seat, public_raw, own_view)
            if own:
                everything += ["", f"— What only {names[seat]} could see —"]
                everything += [format_event(line, names) for line in own]
        revealed = [
            format_event(line, lambda seat: _who(seat, names))
            for line in game.text.reveal_lines(state)
        ]
        if revealed:
            everything += ["", "— Hidden until the end —", *revealed]
        texts[EVERYTHING] = table.text("\n".join(everything))
        observations.append(public_obs)
        steps.append(
            {
                "turn": turn,
                "mover": None if mover is None else _who(mover, names),
                "move": move,
                "events": [
                    [
                        format_event(e.text, names),
                        None if e.visible_to is None else sorted(e.visible_to),
                    ]
                    for e in events
                ],
                "text": [texts[v] for v in views],
                "pic": None,
                "picAt": None,
            }
        )

    position(first.events, None, None)
    for ply, (seat, raw) in enumerate(log_entries, start=1):
        action = raw if isinstance(raw, BaseModel) else engine.parse_action(raw)
        try:
            move = format_event(game.text.label(state, action), names)
        except Exception:  # a label is words for a player; a move without one is still shown
            move = "a move"
        made = engine.act(state, seat, action, seed=seed, ply=ply, checked=True)
        state = made.state
        if seat != last_mover:
            turn, last_mover = turn + 1, seat
        position(made.events, seat, move)
    pictures: list[str] = []
    if draw is not None:
        keys = [observation_digest(o) for o in observations]
        drawn: dict[bytes, int | None] = {}  # a public view's key → its picture
        stored: dict[str, int] = {}  # a picture → its number

        def picture(i: int) -> int | None:
            if keys[i] not in drawn:
                try:
                    png = draw(observations[i])
                except Exception:
                    log.exception("replay picture of %s failed", game_key)
                    png = None
                uri = _encode(png) if png else None
                if uri is not None and uri not in stored:  # two views, one picture: kept once
                    stored[uri] = len(pictures)
                    pictures.append(uri)
                drawn[keys[i]] = None if uri is None else stored[uri]
            return drawn[keys[i]]

        # the first and last pictures are always shown; the faster of the two (the first draws
        # a game's static layers) and the larger judge how many more there is room for
        spent, size = [], 1
        for i in (0, len(steps) - 1):
            started = time.perf_counter()
            index = picture(i)
            spent.append(time.perf_counter() - started)
            size = max(size, len(pictures[index]) if index is not None else 1)
        left = BUILD_SECONDS - (time.perf_counter() - began)
        in_time = int(max(left, 0.0) / max(min(spent), 1e-3))
        most = min(max(MIN_PICTURES, min(MAX_PICTURES, in_time)), max(2, PICTURE_BYTES // size))
        chosen = set(picture_positions(steps, keys, most))
        shown: tuple[int | None, int | None] = (None, None)
        for i, step in enumerate(steps):
            if i in chosen:
                shown = (picture(i), i)
            step["pic"], at = shown
            # a picture of the same public view is this position's own
            step["picAt"] = i if at is not None and keys[at] == keys[i] else at
    outcome = game.outcome(state)
    summary = format_event(game.text.summary(outcome, names), names) if outcome is not None else ""
    return {
        "title": title or game.title,
        "game": game.title,
        "names": names,
        "seed": seed,
        "summary": summary,
        "views": [
            {"key": PUBLIC, "name": "Public view (what everyone saw)"},
            *({"key": f"s{s}", "name": f"{names[s]}'s view"} for s in range(seats)),
            {"key": EVERYTHING, "name": "Everything, revealed after the end"},
        ],
        "lines": table.lines,
        "texts": table.texts,
        "pics": pictures,
        "steps": steps,
    }


def file_name(table: TableRecord) -> str:
    """`<game>-<table>.html`."""
    return f"{table.game}-{table.id}.html"


def build_table_replay(
    table: TableRecord,
    actions: Sequence[ActionRecord],
    game: Game[Any, Any, Any],
    draw: Draw | None = None,
    *,
    now: float | None = None,
) -> bytes:
    """The replay file of a started table, from its record and action log (call it in a worker
    thread: it replays the whole game and draws its pictures). A challenge table's seed is left
    out while its challenge is open at `now` (`bot.challenges`), as the end message leaves it out:
    it would replay the deal every group of that challenge plays."""
    from bot.challenges import hidden_until

    if table.state is None:
        raise ReplayError(f"Table #{table.id} never started, so there is nothing to replay.")
    until = hidden_until(table, time.time() if now is None else now)
    data = replay_data(
        game,
        names=[seat.name for seat in table.seats],
        options=table.options,
        seed=table.seed,
        log_entries=[(a.seat, a.action) for a in sorted(actions, key=lambda a: a.ply)],
        title=f"{game.title} — table #{table.id}",
        draw=draw,
    )
    if until is not None:
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(until))
        data["seed"] = ""
        data["seedNote"] = f"The seed is revealed when the challenge closes, {when}."
    return replay_html(data).encode("utf-8")


async def table_replay(
    store: Store,
    table: TableRecord,
    game: Game[Any, Any, Any],
    draw: Draw | None = None,
    *,
    now: float | None = None,
) -> tuple[str, bytes]:
    """The file's name and bytes; the game is replayed and drawn in a worker thread."""
    actions = await store.actions(table.id)
    content = await asyncio.to_thread(build_table_replay, table, actions, game, draw, now=now)
    return file_name(table), content

"""The spectator leak test: a seeded game of every game, played through the real bot (dpytest)
with a spectator who watches from the lobby on, never shows the spectator a secret before the end.

The values looked for are what each game declares: `secrets(state, seat)` of every seat and
`hidden(state)` — by id, and by the name the game's data gives the id (a hand card, an objective,
a betrayal card). Everything the spectator can read is searched after every move: the messages in
the table's channel (with pictures' alt text), their DMs, their spectator panel as it reads now
(edited in place), and every few moves the answers to what a spectator may try — `/play`'s
autocomplete, `/play` itself, `/game hand`, `/game hint`, "My hand & moves", a move button of a
player's panel, and Watch. A value that the game has already shown everyone (its public view, a
public event line: a card played face up, an objective revealed by exile) is public knowledge
from then on and no longer looked for; the end reveals everything, so the last move's messages are
not searched. In one game the spectator's DMs are closed, so their view comes in Watch's answer.

A board picture's pixels are not text: the renderers' own tests check that no secret value reaches
a picture (`tests/cogs/games`). Here each picture is one fixed PNG, so that the five games play in
seconds (drawing was three quarters of the time); its alt text, which a reader does get, is the
real one and is searched with the rest.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import discord
import discord.ext.test as dpytest
import pytest
from pydantic import BaseModel

from bot.tables import label_mark
from cogs.present import publish
from cogs.ui import board as board_ui
from cogs.ui import pictures
from rules import GAMES
from rules.cards import card, deck_ids
from rules.core import format_event
from tests.e2e.conftest import dm_to, drain, say, text_of
from tests.e2e.test_hostile import slash, string
from tests.e2e.test_interactions import Responses, autocomplete, button, dispatch


@dataclass(frozen=True)
class Played:
    """How a game is played here: its seats (0: two, within the game's), options, seed ("": the
    generic `watch-<key>-0`), whether the spectator's DMs are open, and whether the seeded
    game must hold a secret move (a face-down contribution, a ballot) cast while watched."""

    seats: int = 0
    options: str = ""
    seed: str = ""
    dms_open: bool = True
    secret_moves: bool = False


# Every registered game is played; these differ from the generic game. The seeds are games of
# 70 to 130 moves; Dead of Winter's deals a betrayer and holds a crisis, an exile vote and a twist
# vote.
PLAYED = {
    "coldest_night": Played(seats=3),
    "tenth_night": Played(seats=3, dms_open=False),
    "dead_of_winter": Played(
        seats=3, options="secret_deal=betrayer", seed="watch-dead_of_winter-5", secret_moves=True
    ),
    "cold_comfort": Played(seed="watch-cold_comfort-1"),
}


def how_played(key: str) -> Played:
    """How the game under `key` is played: its entry in `PLAYED`, the generic game's defaults."""
    game, found = GAMES[key], PLAYED.get(key, Played())
    seats = found.seats or min(game.max_seats, max(2, game.min_seats))
    return replace(found, seats=seats, seed=found.seed or f"watch-{key}-0")


PNG = bytes.fromhex(  # a 1×1 picture
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)
PROBE_EVERY = 5  # moves between two rounds of a spectator's probes
MOST_MOVES = 600


def _pairs(value: Any, depth: int = 0) -> Iterator[tuple[str, str]]:
    """(id, name) of every record in a game's data that has both."""
    if depth > 4:
        return
    ident, name = getattr(value, "id", None), getattr(value, "name", None)
    if isinstance(ident, str) and isinstance(name, str):
        yield ident, name
    if isinstance(value, dict):
        for item in value.values():
            yield from _pairs(item, depth + 1)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _pairs(item, depth + 1)
    elif isinstance(value, BaseModel):
        for field in type(value).model_fields:
            yield from _pairs(getattr(value, field), depth + 1)


def _coldest_night_names() -> dict[str, str]:
    from rules.coldest_night.data import DATA

    return dict(_pairs(DATA))


def _dead_of_winter_names() -> dict[str, str]:
    from rules.dead_of_winter import content

    found: dict[str, str] = {}
    for value in vars(content).values():
        if isinstance(value, dict):
            found.update(_pairs(value))
    return found


def _tenth_night_names() -> dict[str, str]:
    return {c: card(c).label for c in deck_ids(2)}


NAMES_OF: dict[str, Callable[[], dict[str, str]]] = {
    "coldest_night": _coldest_night_names,
    "dead_of_winter": _dead_of_winter_names,
    "tenth_night": _tenth_night_names,
}
"""Where a game's data names its ids; a game not here is searched for its ids only."""


def names_of(key: str) -> dict[str, str]:
    """A game's ids → the names players read (cards, objectives, twists, survivors)."""
    return NAMES_OF.get(key, dict)()


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def mentions(text: str, value: str) -> bool:
    """Whether `text` names `value` as a whole word (`7♥` is not `17♥`, `K02` not `K021`)."""
    if value not in text:  # the quick test first: most values are in no text
        return False
    return re.search(rf"(?<![\w♠♥♦♣]){re.escape(value)}(?![\w♠♥♦♣])", text) is not None


def readable(message: discord.Message) -> str:
    """Everything a reader sees of a message: text, embeds and buttons (a picture's alt text is
    read where the bot attaches it)."""
    parts = [text_of(message)]
    for row in getattr(message, "components", None) or []:
        for item in getattr(row, "children", [row]):
            parts += [str(getattr(item, "label", "") or ""), str(getattr(item, "placeholder", ""))]
            parts += [f"{o.label} {o.description or ''}" for o in getattr(item, "options", [])]
    return "\n".join(parts)


class Knowledge:
    """What the game has shown everyone so far (its public views and public event lines, from
    the engine and the stored log, never from what the bot sent): public knowledge. Kept as the
    values the public views held and the names the public texts named, so each move reads only
    its own new text."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.game = GAMES[key]
        self.names = names_of(key)
        self.values: set[str] = set()
        self.unseen = set(self.names.values())  # names no public text has named yet
        self.describe = ""

    def learn(self, state: Any, lines: list[str]) -> None:
        public = self.game.observe(state, None)
        self.values |= set(_strings(public.model_dump(mode="json")))
        described = self.game.text.describe(public)
        text = (
            "\n".join(lines) if described == self.describe else described + "\n" + "\n".join(lines)
        )
        self.describe = described
        self.unseen = {name for name in self.unseen if not mentions(text, name)}

    def guarded(self, state: Any, seats: int) -> dict[str, set[str]]:
        """Each value still secret (and never public), with the words that would give it away:
        its id, and its name unless that name was already public (another copy)."""
        secret = set(self.game.hidden(state))
        for seat in range(seats):
            secret |= self.game.secrets(state, seat)
        found: dict[str, set[str]] = {}
        for value in secret - self.values:
            words = {value}
            name = self.names.get(value)
            if name in self.unseen:
                words.add(name)
            found[value] = words
        return found


def leaks(guarded: dict[str, set[str]], shown: list[tuple[str, str]]) -> list[str]:
    return [
        f"{value} ({word}) in {where}: {text[:300]!r}"
        for where, text in shown
        for value, words in guarded.items()
        for word in words
        if mentions(text, word)
    ]


async def stored_lines(bot: Any, table: Any, after: int) -> list[str]:
    """The public event lines the stored log holds for moves after ply `after`."""
    names = [s.name for s in table.seats]
    return [
        format_event(event["text"], names)
        for entry in await bot.service.store.actions(table.id)
        if entry.ply > after
        for event in entry.events or ()
        if event.get("visible_to") is None
    ]


async def spectator_panel(bot: Any, spectator: Any) -> str:
    """The spectator's DM panel as it reads now (edited in place: dpytest queues only sends)."""
    (record,) = [w for w in await bot.service.store.watchers(1) if w.user_id == spectator.id]
    if record.message_id is None:
        return ""
    channel = bot.get_channel(record.channel_id)
    return readable(await channel.fetch_message(record.message_id))


async def probes(
    bot: Any, spectator: Any, table: Any, responses: Responses
) -> list[tuple[str, str]]:
    """What a spectator may try for a peek, and everything they are answered."""
    start = len(responses.sent)
    service = bot.service
    waiting = service.waiting_for(table)
    seat = waiting[0] if waiting else 0
    labels = service.labels(table, seat)
    first = labels[0] if labels else "pass"
    tries = [
        autocomplete(spectator, ""),
        autocomplete(spectator, "a"),
        slash(spectator, "play", [string("move", first)]),
        slash(spectator, "hand", []),
        slash(spectator, "hint", []),
        button(spectator, "sb:b:1:hand"),  # "My hand & moves" on the board
        button(spectator, f"sb:a:1:{table.ply}:0:{label_mark(first)}"),  # a player's move
        button(spectator, "sb:w:1:watch"),
    ]
    for data in tries:
        await dispatch(bot, responses, data)
    assert (await service.table(1)).ply == table.ply, "a spectator's try moved the table"
    return [("an answer", json.dumps(r["payload"], default=str)) for r in responses.sent[start:]]


@pytest.mark.parametrize("key", list(GAMES))
async def test_a_spectator_sees_no_hand_objective_betrayer_contribution_or_ballot_before_the_end(
    bot_factory: Any, responses: Responses, monkeypatch: Any, key: str
) -> None:
    how = how_played(key)
    seats, options, seed, dms_open = how.seats, how.options, how.seed, how.dms_open
    monkeypatch.setattr(pictures, "_draw", lambda *args: PNG)
    alt_texts: list[str] = []  # dpytest keeps no alt text: it is read where the bot attaches it

    def attach(png: bytes, alt: str, *args: Any) -> discord.File:
        alt_texts.append(alt)
        return pictures.picture_file(png, alt, *args)

    monkeypatch.setattr(board_ui, "picture_file", attach)
    bot = await bot_factory(members=seats + 1, new_seed=lambda: seed)
    service = bot.service
    game = GAMES[key]
    members = list(dpytest.get_config().members)
    players, spectator = members[:seats], members[seats]
    if not dms_open:
        original = bot.delivery.dm

        async def closed(user_id: int, **message: Any) -> Any:
            return None if user_id == spectator.id else await original(user_id, **message)

        monkeypatch.setattr(bot.delivery, "dm", closed)
    await say(f"!game new {key} {options}".strip(), players[0])
    for member in players[1:]:
        await say("!game join", member)
    await dispatch(bot, responses, button(spectator, "sb:w:1:watch"))  # from the lobby on
    await say("!game start", players[0])
    table = await service.table(1)
    assert table.status == "active"
    knowledge = Knowledge(key)
    knowledge.learn(service.state(table), await stored_lines(bot, table, -1))
    engine = service.engine(table)
    agents = [game.agents["heuristic"]() for _ in range(seats)]
    shown: list[tuple[str, str]] = []
    moves = alts = secret_moves = 0
    while table.status == "active" and moves < MOST_MOVES:
        state = service.state(table)
        sent = drain()
        shown += [("the channel", readable(m)) for m in sent if m.guild is not None]
        shown += [("a picture's alt text", alt) for alt in alt_texts]
        alts += len(alt_texts)
        alt_texts.clear()
        shown += [("a DM", readable(m)) for m in sent if dm_to(m) == spectator.id]
        if dms_open:
            shown.append(("the spectator panel", await spectator_panel(bot, spectator)))
        if moves % PROBE_EVERY == 0:
            shown += await probes(bot, spectator, table, responses)
        found = leaks(knowledge.guarded(state, seats), shown)
        assert not found, found
        shown = []
        seat = service.waiting_for(table)[0]
        legal = game.legal_actions(state, seat)
        rng = engine.agent_rng(table.seed, table.ply + 1, seat)
        action = agents[seat].choose(game.observe(state, seat), legal, rng)
        secret_moves += game.is_secret(state, action)
        played = await service.act(table.id, players[seat].id, game.text.label(state, action))
        await publish(bot, played)
        before = table.ply
        table = await service.table(1)
        assert table.ply > before
        knowledge.learn(service.state(table), await stored_lines(bot, table, before))
        moves += 1
    assert table.status == "finished", f"{key} did not finish in {MOST_MOVES} moves"
    assert alts or not game.picture, "the board pictures' alt text was read"
    if how.secret_moves:  # face-down contributions and ballots were cast while watched
        assert secret_moves, "the seeded game held no secret move"
    drain()
    # the spectator followed to the end: their panel shows the result, which reveals everything
    if dms_open:
        assert "Result" in await spectator_panel(bot, spectator)

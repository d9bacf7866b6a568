"""Winter on Discord end to end: two dpytest members type every move with `!play` in Winter's
notation, from `!game new winter` to the summary, and every bad input is answered privately."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import discord
import discord.ext.test as dpytest

from rules.winter import GAME
from rules.winter.actions import Move
from rules.winter.rules_geometry import legal_spots
from rules.winter.rules_lake import ORIENTATIONS, Lake, cell_text
from rules.winter.rules_legal import why_illegal
from rules.winter.state import WinterState
from tests.e2e.conftest import (
    dms,
    drain,
    open_and_join,
    private_answers,
    public,
    say,
    text_of,
)
from tests.e2e.thread import check_thread, standing

SEED = "winter-e2e-1"
PNG = b"\x89PNG\r\n\x1a\n"

# A legal action's label → the typed notation a player would write for it (spec §10).
NOTATION = [
    (re.compile(r"Play (light|dark) blue"), r"colour \1"),
    (re.compile(r"Draw a card"), "draw"),
    (re.compile(r"Place card at (\w+), (upright|turned down)"), r"place \1 \2"),
    (re.compile(r"Counter on (\w+)"), r"counter \1"),
    (re.compile(r"Move (\w+) to (\w+), (upright|turned down), claims .*"), r"move \1 to \2 \3"),
    (re.compile(r"Remove card (\w+)"), r"remove \1"),
    (re.compile(r"Take back counter (\w+)"), r"take \1"),
    (re.compile(r"Keep the group of (\w+) \(\d+ cards?\)"), r"keep \1"),
]


def typed(label: str) -> str:
    for pattern, notation in NOTATION:
        if pattern.fullmatch(label):
            return pattern.sub(notation, label)
    raise AssertionError(f"no notation for the label {label!r}")


# ---------------------------------------------------------------------------------------------
# reading what the bot sent


def attached(message: discord.Message, name: str) -> bytes:
    """The bytes of the message's attachment `name` (dpytest keeps them in a local file)."""
    found = [a for a in message.attachments if a.filename == name]
    assert found, f"no {name} attached; attachments: {[a.filename for a in message.attachments]}"
    return Path(unquote(urlparse(found[0].url).path)).read_bytes()


def boards(messages: list[discord.Message]) -> list[discord.Message]:
    """The public board messages (the lobby has the same title, but no Players field)."""
    return [
        m
        for m in public(messages)
        if m.embeds and any(field.name == "Players" for field in m.embeds[0].fields)
    ]


# ---------------------------------------------------------------------------------------------
# playing


async def open_winter(bot_factory: Any) -> tuple[Any, Any, Any]:
    """Ana opens a Winter lobby and Bo joins (nothing started yet)."""
    bot = await bot_factory(new_seed=lambda: SEED)
    ana, bo = dpytest.get_config().members
    await say("!game new winter", ana)
    await say("!game join", bo)
    return bot, ana, bo


async def start_winter(bot_factory: Any) -> tuple[Any, Any, Any]:
    bot, ana, bo = await open_winter(bot_factory)
    await say("!game start", ana)
    return bot, ana, bo


async def table_state(bot: Any) -> tuple[Any, WinterState]:
    table = await bot.service.table(1)
    return table, bot.service.state(table)


async def awaited(bot: Any) -> tuple[int, Any, Any]:
    """The awaited seat, its dpytest member, and the other member."""
    table = await bot.service.table(1)
    (seat,) = bot.service.waiting_for(table)
    members = {m.id: m for m in dpytest.get_config().members}
    user = table.seats[seat].user_id
    other = next(m for m in members.values() if m.id != user)
    return seat, members[user], other


def score(state: WinterState, seat: int, action: Any) -> int:
    """Open squares of the seat's colour minus the other colour's, after the action."""
    after = GAME.resolve(state, seat, action).state
    mine = after.colours[seat]
    if mine is None:
        return 0
    squares = Lake(after.cards, after.counters).open_squares()
    return sum(1 if (s == "L") == (mine == "light") else -1 for _, s in squares)


def choose(bot: Any, table: Any, state: WinterState, seat: int, played: set[str]) -> str:
    """What the awaited player types: read off their legal moves, in Winter's notation.

    Placements make squares of the player's colour, each player keeps up to three counters on the
    lake in the Freezing, and in the Thawing a move and a removal are tried once before counters are
    taken back, so one game uses every kind of command.
    """
    labels = bot.service.labels(table, seat)
    actions = list(GAME.legal_actions(state, seat))
    by_verb: dict[str, list[tuple[str, Any]]] = {}
    for label, action in zip(labels, actions, strict=True):
        text = typed(label)
        by_verb.setdefault(text.split()[0], []).append((text, action))
    if "colour" in by_verb:
        return "colour dark"
    if "place" in by_verb:
        return max(by_verb["place"], key=lambda c: score(state, seat, c[1]))[0]
    if state.phase == "freezing":
        if "counter" in by_verb and state.on_table(seat) < 3:
            return by_verb["counter"][0][0]
        return "draw"
    for verb in ("move", "remove"):
        if verb in by_verb and verb not in played:
            return by_verb[verb][0][0]
    for verb in ("keep", "counter", "take"):
        if verb in by_verb:
            return by_verb[verb][0][0]
    raise AssertionError(f"nothing to type among {labels}")


async def play_until(
    bot: Any, done: Callable[[WinterState], bool], played: set[str] | None = None
) -> list[str]:
    """The awaited player types their chosen move with `!play` until `done(state)` holds."""
    played = set() if played is None else played
    typed_moves = []
    for _ in range(300):
        table, state = await table_state(bot)
        if done(state):
            return typed_moves
        assert table.status == "active", "the game ended before the position was reached"
        seat, member, _other = await awaited(bot)
        move = choose(bot, table, state, seat, played)
        await say(f"!play {move}", member)
        assert (await bot.service.table(1)).ply > table.ply, f"`{move}` was not played"
        played.add(move.split()[0])
        typed_moves.append(move)
    raise AssertionError("the position was not reached in 300 moves")


async def assert_refused(bot: Any, member: Any, move: str, reason: str) -> None:
    """`!play move` gets a private reason containing `reason`; nothing public, nothing changes."""
    drain()
    before = await bot.service.table(1)
    await say(f"!play {move}", member)
    sent = drain()
    assert not public(sent), [text_of(m) for m in public(sent)]
    replies = [m.content or "" for m in dms(sent, member)]
    assert len(replies) == 1 and reason in replies[0], replies
    after = await bot.service.table(1)
    assert (after.ply, after.state) == (before.ply, before.state)


# ---------------------------------------------------------------------------------------------
# the lobby and the start


async def test_the_lobby_lists_both_players_and_confirms_each_join_by_dm(bot_factory: Any) -> None:
    await bot_factory(new_seed=lambda: SEED)
    ana, bo, opened, joined = await open_and_join("winter")
    lobby = public(opened)[0]
    assert "Winter" in text_of(lobby) and "table #1" in text_of(lobby)
    assert f"1. {discord.utils.escape_markdown(ana.display_name)} (host)" in text_of(lobby)
    assert "You joined **Winter**" in dms(opened, ana)[0].content
    assert "You joined **Winter**" in dms(joined, bo)[0].content
    channel = dpytest.get_config().channels[0]
    refreshed = text_of(await channel.fetch_message(lobby.id))
    assert f"2. {discord.utils.escape_markdown(bo.display_name)}" in refreshed
    assert "Players: 2 of 2." in refreshed


async def test_starting_posts_the_board_with_its_picture_and_a_private_panel_for_each_player(
    bot_factory: Any,
) -> None:
    bot, ana, bo = await start_winter(bot_factory)
    sent = drain()
    (board,) = boards(sent)
    assert board.embeds[0].image.url == "attachment://board.png"
    assert attached(board, "board.png").startswith(PNG)
    assert "**Winter** — freezing" in text_of(board) and "to place the drawn card" in text_of(board)
    _seat, first, _other = await awaited(bot)
    assert f"Waiting for {discord.utils.escape_markdown(first.display_name)}." in text_of(board)
    for member in (ana, bo):
        panels = [m for m in dms(sent, member) if "your view" in text_of(m)]
        # Winter has no secrets: the panel holds the moves, the board the rest
        assert len(panels) == 1 and "Nothing here is secret" in text_of(panels[0])
        assert "Deck: 16" not in text_of(panels[0])
    assert "Deck: 16" in text_of(board)
    assert not any(SEED in text_of(m) for m in public(sent))


async def test_the_board_message_and_its_picture_follow_the_moves(bot_factory: Any) -> None:
    bot, _ana, _bo = await start_winter(bot_factory)
    (first,) = boards(drain())
    await play_until(bot, lambda state: len(state.cards) == 4)
    sent = drain()
    assert boards(sent)[-1].id == (await bot.service.table(1)).board_message_id
    assert not [m for m in sent if m.guild is None]  # the DM panels were edited, not re-sent
    table, state = await table_state(bot)
    board = await dpytest.get_config().channels[0].fetch_message(table.board_message_id)
    assert f"Deck: {len(state.deck)} ·" in text_of(board)
    picture = attached(board, "board.png")
    assert picture.startswith(PNG) and picture != attached(first, "board.png")


async def test_game_hint_sends_the_player_a_private_picture(bot_factory: Any) -> None:
    bot = await bot_factory(new_seed=lambda: SEED)
    ana, _bo = dpytest.get_config().members
    await say("!game new winter", ana)
    await say("!game ai random", ana)
    await say("!game start", ana)
    # Ana (seat 1, the host) places a drawn card: the hint marks where it may go
    await play_until(bot, lambda state: state.phase == "place_drawn" and state.active == 0)
    (reply,) = await private_answers("!game hint", ana)
    hint = attached(reply, "hint.png")
    table = await bot.service.table(1)
    board = await dpytest.get_config().channels[0].fetch_message(table.board_message_id)
    assert hint.startswith(PNG) and hint != attached(board, "board.png")  # the spots are marked


async def test_a_hint_out_of_turn_marks_nothing_and_says_why(bot_factory: Any) -> None:
    bot, _ana, _bo = await start_winter(bot_factory)
    _seat, _member, other = await awaited(bot)
    table = await bot.service.table(1)
    board = await dpytest.get_config().channels[0].fetch_message(table.board_message_id)
    drain()
    await say("!game hint", other)
    (reply,) = dms(drain(), other)
    assert "not your turn" in (reply.content or "")
    assert attached(reply, "hint.png") == attached(board, "board.png")  # no one else's moves


async def test_a_game_against_a_random_ai_is_played_to_the_end(bot_factory: Any) -> None:
    bot = await bot_factory(new_seed=lambda: SEED)
    ana, _bo = dpytest.get_config().members
    await say("!game new winter", ana)
    await say("!game ai random", ana)
    lobby = public(drain())[0]
    channel = dpytest.get_config().channels[0]
    assert "2. Frost 🤖" in text_of(await channel.fetch_message(lobby.id))
    await say("!game start", ana)
    await play_until(bot, lambda state: state.phase == "over")
    sent = drain()
    assert any("game over" in text_of(m) for m in public(sent))
    assert (await bot.service.table(1)).status == "finished"


# ---------------------------------------------------------------------------------------------
# bad inputs: a private reason, nothing public, the table unchanged


async def test_a_spot_that_only_touches_a_corner_is_refused_privately(bot_factory: Any) -> None:
    bot, _ana, _bo = await start_winter(bot_factory)
    _seat, member, _other = await awaited(bot)
    # the opening card is C3 (cells C3–D4): E5 meets it only at the corner D4/E5
    await assert_refused(bot, member, "place E5 up", "touches the lake only at a corner")


async def test_a_move_out_of_turn_is_refused_privately(bot_factory: Any) -> None:
    bot, _ana, _bo = await start_winter(bot_factory)
    _seat, _member, other = await awaited(bot)
    await assert_refused(bot, other, "place C1 up", "It is not your turn")


def freezing_with(found: Callable[[WinterState], Any]) -> Callable[[WinterState], bool]:
    def done(state: WinterState) -> bool:
        return state.phase == "freezing" and state.supply[state.active] > 0 and bool(found(state))

    return done


def occupied_square(state: WinterState) -> str | None:
    return (
        cell_text(state, (state.counters[0].row, state.counters[0].col)) if state.counters else None
    )


def other_colour_square(state: WinterState) -> str | None:
    mine = state.colours[state.active]
    lake = Lake(state.cards, state.counters)
    for cell, section in lake.open_squares():
        if (section == "L") != (mine == "light"):
            return cell_text(state, cell)
    return None


async def test_a_counter_on_an_occupied_square_is_refused_privately(bot_factory: Any) -> None:
    bot, _ana, _bo = await start_winter(bot_factory)
    await play_until(bot, freezing_with(occupied_square))
    _table, state = await table_state(bot)
    _seat, member, _other = await awaited(bot)
    square = occupied_square(state)
    await assert_refused(bot, member, f"counter {square}", f"{square} already holds a")


async def test_a_counter_on_a_square_of_the_other_colour_is_refused_privately(
    bot_factory: Any,
) -> None:
    bot, _ana, _bo = await start_winter(bot_factory)
    await play_until(bot, freezing_with(other_colour_square))
    _table, state = await table_state(bot)
    _seat, member, _other = await awaited(bot)
    square = other_colour_square(state)
    mine = state.colours[state.active]
    await assert_refused(bot, member, f"counter {square}", f"; you play {mine}.")


def thawing_with(found: Callable[[WinterState], Any]) -> Callable[[WinterState], bool]:
    def done(state: WinterState) -> bool:
        return state.phase == "thawing" and bool(found(state))

    return done


def locked_card_move(state: WinterState) -> str | None:
    lake = Lake(state.cards, state.counters)
    for card in sorted(lake.locked()):
        rest = lake.anchors() - {card}
        spot = next(s for s in legal_spots(rest) if s != card)
        return f"move {cell_text(state, card)} to {cell_text(state, spot)} up"
    return None


def barren_move(state: WinterState) -> str | None:
    """A legal spot for an unlocked card where it would claim no new square of the mover."""
    lake = Lake(state.cards, state.counters)
    for card in sorted(lake.anchors() - lake.locked()):
        for spot in legal_spots(lake.anchors() - {card}):
            for orientation in ORIENTATIONS:
                move = Move(
                    from_row=card[0], from_col=card[1], to_row=spot[0], to_col=spot[1],
                    orientation=orientation,
                )  # fmt: skip
                reason = why_illegal(state, state.active, move) or ""
                if "makes no new" in reason:
                    return (
                        f"move {cell_text(state, card)} to {cell_text(state, spot)} {orientation}"
                    )
    return None


def opponents_counter(state: WinterState) -> str | None:
    theirs = state.colours[1 - state.active]
    for counter in state.counters:
        if counter.colour == theirs:
            return cell_text(state, (counter.row, counter.col))
    return None


async def refused_while_thawing(
    bot_factory: Any,
    find: Callable[[WinterState], str | None],
    reason: str,
    typed: Callable[[str], str] = lambda found: found,
) -> None:
    """A game played until the thawing seat could try what `find` finds; it types it (`typed`)
    and is refused privately with `reason`."""
    bot, _ana, _bo = await start_winter(bot_factory)
    await play_until(bot, thawing_with(find))
    _table, state = await table_state(bot)
    _seat, member, _other = await awaited(bot)
    await assert_refused(bot, member, typed(find(state) or ""), reason)


async def test_moving_a_locked_card_is_refused_privately(bot_factory: Any) -> None:
    await refused_while_thawing(bot_factory, locked_card_move, "is locked by the counter on")


async def test_a_move_that_makes_no_new_square_is_refused_privately(bot_factory: Any) -> None:
    await refused_while_thawing(bot_factory, barren_move, "makes no new")


async def test_taking_the_opponents_counter_is_refused_privately(bot_factory: Any) -> None:
    await refused_while_thawing(
        bot_factory,
        opponents_counter,
        "belongs to the other player",
        lambda square: f"take {square}",
    )


async def test_a_whole_game_typed_in_notation_ends_with_a_summary_and_the_seed(
    bot_factory: Any,
) -> None:
    bot, ana, bo = await start_winter(bot_factory)
    (_first,) = boards(drain())
    moves = await play_until(bot, lambda state: state.phase == "over")
    sent = drain()
    verbs = {move.split()[0] for move in moves}
    assert verbs >= {"colour", "draw", "place", "counter", "move", "remove", "take"}
    table, state = await table_state(bot)
    assert table.status == "finished"
    assert state.result is not None
    (winner,) = state.result.winners
    names = [discord.utils.escape_markdown(m.display_name) for m in (ana, bo)]
    by_seat = {seat: names[[ana.id, bo.id].index(s.user_id)] for seat, s in enumerate(table.seats)}
    # said once in the thread (the lobby message, above the thread, says it too)
    (summary,) = [text_of(m) for m in boards(sent) if "game over" in text_of(m)]
    assert f"is frozen out (no counter left on the lake): {by_seat[winner]} wins" in summary
    scores = ", ".join(f"{by_seat[seat]} {state.result.scores[seat]}" for seat in (0, 1))
    assert f"Counters left on the lake: {scores}." in summary and f"Seed `{SEED}`" in summary
    channel = dpytest.get_config().channels[0]
    board = await channel.fetch_message(table.board_message_id)
    assert "is frozen out (no counter left on the lake)" in text_of(board)
    assert "Final board." in text_of(board)
    # one board stands in the channel, the end message, with the one picture left, full size
    check_thread(channel, bot.user.id, table.board_message_id)
    assert board.embeds[0].image.url == "attachment://board.png"
    pictures = [m for m in standing(channel) if m.get("attachments")]
    assert [int(m["id"]) for m in pictures] == [table.board_message_id]

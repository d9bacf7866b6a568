"""Cold Comfort on Discord end to end: 2 members and 2 AI seats, every move typed with `!play`.

The moves are chosen from the awaited player's legal move labels, but always typed in the game's
own notation (`build 4 at (2,-1)`, `host (1,0) from (3,2)`, `grow C05 at (3,0) r180`…).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
import discord.ext.test as dpytest

from rules.cold_comfort.rules_round import dice_words
from rules.cold_comfort.rules_tiles import DECK_ORDER
from rules.core import rng_for
from tests.e2e.conftest import answer_to, dms, drain, private_answers, public, say, text_of
from tests.e2e.thread import check_thread

SEED = "cold-comfort-e2e"


# typed notation -----------------------------------------------------------------------------------
_NOTATION: tuple[tuple[str, str], ...] = (
    (r"Build a (\d) at (\(-?\d+,-?\d+\)) for \$\d+", r"build \1 at \2"),
    (r"Upgrade (\(-?\d+,-?\d+\)) from \d to (\d) for \$\d+", r"upgrade \1 to \2"),
    (r"Downgrade (\(-?\d+,-?\d+\)) to (\d)", r"downgrade \1 to \2"),
    (r"Host the \d from (\(-?\d+,-?\d+\)) in (\(-?\d+,-?\d+\))", r"host \2 from \1"),
    (r"Set fire to your \d at (\(-?\d+,-?\d+\))", r"fire \1"),
    (r"Mine the camper at (\(-?\d+,-?\d+\))", r"mine \1"),
    (r"End turn", "end"),
    (r"Pass the fire to (\(-?\d+,-?\d+\))", r"spread \1"),
    (r"Place (C\d\d) at (\(-?\d+,-?\d+\)), turned (\d+)°", r"grow \1 at \2 r\3"),
    (r"Land the \d on (\(-?\d+,-?\d+\))", r"land \1"),
)


def notation(label: str) -> str:
    """What a player types for the move a label describes (spec §10, CC-31)."""
    for pattern, typed in _NOTATION:
        found = re.fullmatch(pattern, label)
        if found:
            return found.expand(typed)
    raise AssertionError(f"no notation for {label!r}")


def choose(labels: list[str], own_turns: int, used: set[str]) -> str:
    """A fixed, varied policy: forced choices first; mine every other turn; else host, one
    upgrade and one fire in the whole game, build, and end the turn."""
    first: dict[str, str] = {}
    for label in labels:
        first.setdefault(label.split()[0], label)
    for word in ("Pass", "Place", "Land"):
        if word in first:
            return first[word]
    if "Mine" in first and own_turns % 2 == 0:
        return first["Mine"]
    for word in ("Host", "Upgrade", "Set", "Build"):
        if word in first and (word in ("Host", "Build") or word not in used):
            used.add(word)
            return first[word]
    return first["End"]


# a table ---------------------------------------------------------------------------------------
class Table:
    """The channel's one table, as the test sees it through the bot's service."""

    def __init__(self, bot: Any, members: tuple[Any, Any]) -> None:
        self.bot = bot
        self.members = members
        self.typed: list[str] = []  # every `!play` text, in order
        self.used: set[str] = set()

    async def record(self) -> Any:
        return await self.bot.service.table(1)

    async def state(self) -> Any:
        return self.bot.service.state(await self.record())

    async def awaited(self) -> tuple[int, Any]:
        table = await self.record()
        (seat,) = self.bot.service.waiting_for(table)
        return seat, self.member(table, seat)

    def member(self, table: Any, seat: int) -> Any:
        user_id = table.seats[seat].user_id
        assert user_id is not None, f"the game waits for an AI seat {seat}"
        return next(m for m in self.members if m.id == user_id)

    async def view(self) -> Any:
        """The awaited player's private observation (everything is public in Cold Comfort)."""
        seat, _ = await self.awaited()
        return self.bot.service.observation(await self.record(), seat)

    async def labels(self) -> list[str]:
        seat, _ = await self.awaited()
        return list(self.bot.service.labels(await self.record(), seat))

    async def play(self, typed: str) -> None:
        """The awaited player types `!play <typed>`; the move must be accepted."""
        _, member = await self.awaited()
        before = (await self.record()).ply
        self.typed.append(typed)
        await say(f"!play {typed}", member)
        assert (await self.record()).ply > before, f"`!play {typed}` was refused"

    async def step(self) -> None:
        """One human move by the fixed policy, typed in notation."""
        state = await self.state()
        rounds = state.turn_number // state.num_players  # so each seat mines every other round
        labels = await self.labels()
        label = choose(labels, rounds, self.used)
        typed = notation(label)
        if label.startswith("Host") and sum(lab.startswith("Host") for lab in labels) == 1:
            typed = "host"  # CC-31: trailing parts may be left out when one move fits
        await self.play(typed)

    async def play_until(self, done: Callable[[Any, list[str]], bool], limit: int = 400) -> None:
        """Human moves until `done(state, labels)` holds for the awaited player (or the end)."""
        for _ in range(limit):
            table = await self.record()
            if table.status != "active" or done(await self.state(), await self.labels()):
                return
            await self.step()
        raise AssertionError("the situation never came up")

    async def refused(self, member: Any, typed: str) -> str:
        """`member` types a move that must be refused privately: returns the DM's text."""
        drain()
        before = await self.record()
        await say(f"!play {typed}", member)
        sent = drain()
        after = await self.record()
        assert after.ply == before.ply and after.version == before.version
        assert not public(sent), [m.content for m in public(sent)]
        (reply,) = dms(sent, member)
        return reply.content


async def open_table(bot_factory: Any, level: str = "random") -> Table:
    bot = await bot_factory(new_seed=lambda: SEED)
    ana, bo = dpytest.get_config().members
    await say("!game new cold_comfort", ana)
    await say("!game join", bo)
    await say(f"!game ai {level}", ana)
    await say(f"!game ai {level}", bo)
    return Table(bot, (ana, bo))


async def started(bot_factory: Any) -> Table:
    table = await open_table(bot_factory)
    await say("!game start", table.members[0])
    return table


def empty_lot_build(label: str) -> bool:
    """A build on a lot without a camper (it costs twice its value, and stays empty)."""
    found = re.fullmatch(r"Build a (\d) at .* for \$(\d+)", label)
    return found is not None and int(found[2]) == 2 * int(found[1])


def vacant_lots(view: Any) -> list[tuple[int, int, int, bool]]:
    """(x, y, printed value, has a camper) of every lot without a hotel, from a player's view."""
    return [
        (sq.x, sq.y, sq.printed, sq.die is not None)
        for sq in view.squares
        if sq.kind == "lot" and sq.hotel_seat is None
    ]


# the lobby and the start -------------------------------------------------------------------------
async def test_the_lobby_lists_two_members_and_two_ai_seats(bot_factory: Any) -> None:
    table = await open_table(bot_factory)
    ana, bo = table.members
    sent = drain()
    lobby = public(sent)[0]
    assert "Cold Comfort" in text_of(lobby)
    channel = dpytest.get_config().channels[0]
    lobby = await channel.fetch_message((await table.record()).lobby_message_id)
    text = text_of(lobby)
    assert f"1. {discord.utils.escape_markdown(ana.display_name)} (host)" in text
    assert f"2. {discord.utils.escape_markdown(bo.display_name)}" in text
    assert "3. Frost 🤖" in text and "4. Sleet 🤖" in text
    assert "Players: 4 of 2–6." in text
    assert "You joined" in dms(sent, ana)[0].content and "You joined" in dms(sent, bo)[0].content


async def test_starting_posts_the_board_with_its_picture_and_a_private_panel_for_each_human(
    bot_factory: Any,
) -> None:
    table = await open_table(bot_factory)
    sent = await answer_to("!game start", table.members[0])
    record = await table.record()
    board = [m for m in public(sent) if m.id == record.board_message_id]
    assert len(board) == 1
    assert "Cold Comfort — table #1" in text_of(board[0])
    assert "scoring round 0/9" in text_of(board[0]) and "Pool" in text_of(board[0])
    assert [a.filename for a in board[0].attachments] == ["board.png"]
    assert board[0].embeds[0].image.url == "attachment://board.png"
    # beside the picture the text map and its key are left out, and nothing points to them
    shown = board[0].embeds[0].description or ""
    assert "```" not in shown and "Map key" not in shown and "on the map" not in shown
    png = await board[0].attachments[0].read()
    assert png.startswith(b"\x89PNG")
    for member in table.members:
        panel = dms(sent, member)
        assert panel and "your view" in text_of(panel[-1])


async def test_the_board_message_shows_a_new_picture_after_moves(bot_factory: Any) -> None:
    table = await started(bot_factory)
    board_id = (await table.record()).board_message_id
    channel = dpytest.get_config().channels[0]
    first = await (await channel.fetch_message(board_id)).attachments[0].read()
    await table.play_until(lambda state, labels: state.scoring_rounds >= 1)
    record = await table.record()
    board = await channel.fetch_message(record.board_message_id)
    assert "scoring round 1/9" in text_of(board)
    assert [a.filename for a in board.attachments] == ["board.png"]
    assert await board.attachments[0].read() != first


async def test_a_hint_sends_the_player_a_private_picture(bot_factory: Any) -> None:
    table = await started(bot_factory)
    _, member = await table.awaited()
    (hint,) = await private_answers("!game hint", member)
    assert [a.filename for a in hint.attachments] == ["hint.png"]
    assert (await hint.attachments[0].read()).startswith(b"\x89PNG")


# refusals ---------------------------------------------------------------------------------------
async def test_building_on_a_street_is_refused_privately(bot_factory: Any) -> None:
    table = await started(bot_factory)
    _, member = await table.awaited()
    reply = await table.refused(member, "build 4 at (0,1)")
    assert "(0,1) is a street" in reply


async def test_building_the_wrong_size_for_a_lot_is_refused_privately(bot_factory: Any) -> None:
    table = await started(bot_factory)
    _, member = await table.awaited()
    x, y, printed, _ = vacant_lots(await table.view())[0]
    wrong = 1 if printed != 1 else 2
    reply = await table.refused(member, f"build {wrong} at ({x},{y})")
    assert f"only a {printed} can be built there, not a {wrong}" in reply


async def test_building_without_enough_gold_is_refused_privately(bot_factory: Any) -> None:
    table = await started(bot_factory)
    seat, member = await table.awaited()
    view = await table.view()
    gold = view.players[seat].gold
    x, y, value, camper = max(vacant_lots(view), key=lambda lot: (lot[2], lot[3]))
    cost = (4 if camper else 2) * value
    assert cost > gold
    reply = await table.refused(member, f"build {value} at ({x},{y})")
    assert f"Not enough gold: a {value}" in reply and f"costs ${cost} and you have ${gold}" in reply


async def test_a_second_build_in_one_turn_is_refused_privately(bot_factory: Any) -> None:
    table = await started(bot_factory)
    _, member = await table.awaited()
    builds = [label for label in await table.labels() if label.startswith("Build")]
    await table.play(notation(builds[0]))
    other = notation(builds[-1])
    reply = await table.refused(member, other)
    assert "already built" in reply and "only one per turn" in reply


async def hosted(bot_factory: Any) -> tuple[Table, Any, str]:
    """A game played until a seat may host a guest, who is hosted: the table, that seat's member
    and the move's label."""
    table = await started(bot_factory)
    await table.play_until(
        lambda state, labels: state.phase == "manage" and any(l.startswith("Host") for l in labels)
    )
    _, member = await table.awaited()
    host = next(label for label in await table.labels() if label.startswith("Host"))
    await table.play(notation(host))
    return table, member, host


async def test_mining_after_hosting_is_refused_privately(bot_factory: Any) -> None:
    table, member, _ = await hosted(bot_factory)
    x, y, _, _ = next(lot for lot in vacant_lots(await table.view()) if lot[3])
    reply = await table.refused(member, f"mine ({x},{y})")
    assert "Mining must be your turn's only action" in reply


async def test_setting_fire_to_a_hotel_with_a_guest_is_refused_privately(bot_factory: Any) -> None:
    table, member, host = await hosted(bot_factory)
    hotel = re.findall(r"\(-?\d+,-?\d+\)", host)[-1]
    reply = await table.refused(member, f"fire {hotel}")
    assert "has a guest: only an empty hotel can be set on fire" in reply


async def test_setting_fire_to_a_hotel_built_this_turn_is_refused_privately(
    bot_factory: Any,
) -> None:
    table = await started(bot_factory)
    _, member = await table.awaited()
    build = next(label for label in await table.labels() if empty_lot_build(label))
    await table.play(notation(build))
    where = re.findall(r"\(-?\d+,-?\d+\)", build)[0]
    reply = await table.refused(member, f"fire {where}")
    assert "this turn: a fire cannot start in it" in reply


async def test_a_move_out_of_turn_is_refused_privately(bot_factory: Any) -> None:
    table = await started(bot_factory)
    _, member = await table.awaited()
    other = next(m for m in table.members if m.id != member.id)
    reply = await table.refused(other, "end")
    assert "not your turn" in reply


# the whole game ---------------------------------------------------------------------------------
def is_board(message: discord.Message) -> bool:
    return any(f.name == "Players" for e in message.embeds for f in e.fields)


async def play_whole_game(bot_factory: Any) -> tuple[Table, list[discord.Message]]:
    table = await started(bot_factory)
    sent = drain()
    await table.play_until(lambda state, labels: False)
    sent += drain()
    return table, sent


async def test_a_whole_typed_game_shows_every_dice_roll_and_ends_with_the_summary_and_seed(
    bot_factory: Any,
) -> None:
    """One whole game (the slowest test here) holds both: the end, and every roll in public."""
    table, sent = await play_whole_game(bot_factory)
    record = await table.record()
    assert record.status == "finished"
    state = await table.state()
    assert state.scoring_rounds == 9
    outcome = table.bot.service.games["cold_comfort"].outcome(state)
    assert outcome.reason == "nine_scoring_rounds"
    # said once in the thread: the end message (the lobby message above the thread says it too)
    summary = [
        text_of(m) for m in public(sent) if "game over" in text_of(m).lower() and is_board(m)
    ]
    assert len(summary) == 1
    winners = " and ".join(record.seats[s].name for s in sorted(outcome.winners))
    assert f"ninth scoring round is done: {winners} " in summary[0]
    scores = ", ".join(f"{record.seats[s].name} {v}" for s, v in sorted(outcome.scores.items()))
    assert f"Final points (with 1 per 5 leftover gold): {scores}." in summary[0]
    assert f"Seed `{SEED}`" in summary[0]
    assert not [
        m.id for m in public(sent) if SEED in text_of(m) and "game over" not in text_of(m).lower()
    ]
    board = await dpytest.get_config().channels[0].fetch_message(record.board_message_id)
    # the result is said once: by the end message's summary, not again by the final board
    assert text_of(board).lower().count("game over") == 1  # the end message's title only
    assert "The ninth scoring round is done" in text_of(board)
    assert "Final board." in text_of(board)
    check_thread(dpytest.get_config().channels[0], table.bot.user.id, record.board_message_id)
    kinds = {typed.split()[0] for typed in table.typed}
    assert {"build", "host", "mine", "upgrade", "fire", "grow", "end"} <= kinds
    await every_dice_roll_is_in_the_public_channel(table, sent)


async def every_dice_roll_is_in_the_public_channel(
    table: Table, sent: list[discord.Message]
) -> None:
    feed = "\n".join(m.content or "" for m in public(sent))
    record = await table.record()
    engine = table.bot.service.engine(record)
    # The Heart of the City rolls (CC-6), drawn from the seed at ply 0.
    rng = rng_for(SEED, 0)
    rng.randrange(len(record.seats))
    rng.shuffle(list(DECK_ORDER))
    state = engine.setup(len(record.seats), record.options, SEED)
    for tile in state.tiles:
        roll = [rng.randint(1, 6) for _ in range(6)]
        assert f"{tile.tile_id} at ({tile.x},{tile.y}), rolled {dice_words(roll)}," in feed
    # Every mine and every scoring roll, replayed from the stored log and the seed.
    mines = grows = 0
    for entry in await table.bot.service.store.actions(record.id):
        action = engine.parse_action(entry.action)
        pool = state.pool
        state = engine.act(state, entry.seat, action, seed=SEED, ply=entry.ply).state
        if action.type == "mine":
            roll = rng_for(SEED, entry.ply).randint(1, 6)
            assert f"camper at ({action.x},{action.y}): rolled {roll}, +${roll}." in feed
            mines += 1
        elif action.type == "grow":
            ply_rng = rng_for(SEED, entry.ply)
            roll = [ply_rng.randint(1, 6) for _ in range(pool)]
            assert f"dice roll {dice_words(roll)}." in feed
            grows += 1
    assert grows == 9 and mines > 0

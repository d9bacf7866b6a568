"""The 10th Night on Discord end to end: two dpytest members type every move with `!play` in the
game's notation, from `!game new tenth_night` to the summary, through an exchange, a private defence
decision at night and the night's silence; every bad input is answered privately."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import discord.ext.test as dpytest

from rules import GAMES
from rules.cards import card, deck_ids
from rules.tenth_night.actions import (
    AcceptExchange,
    DeclineExchange,
    Defend,
    DivineProtection,
    EndRecord,
    HealHeart,
    HealReplace,
    ProposeExchange,
    Ready,
    Reorder,
    Swap,
    Trio,
    WithdrawExchange,
)
from rules.tenth_night.state import TenthNightState, is_heart, is_person_card
from rules.tenth_night.text import END_WORDS
from tests.e2e.conftest import (
    answer_to,
    dm_to,
    dms,
    drain,
    open_and_join,
    private_answers,
    public,
    say,
    text_of,
)
from tests.e2e.thread import channel_requests, check_move, check_thread

GAME = GAMES["tenth_night"]
SEED = "tn-e2e"
AGENT = GAME.agents["heuristic"]()
NIGHT_TABLE = re.compile(r"^Attack \d+ on |^🛡️ .* defends |^🃏 .* plays a Joker")

# ---------------------------------------------------------------------------------------------
# the game's notation


def short(card_id: str) -> str:
    """How a player types a card: `7H`, `10D`, `QS`, `JK` (one deck, so no deck number)."""
    return "JK" if card_id.startswith("JOKER") else card_id.split("-")[0]


def typed(action: Any) -> str:
    """The typed notation for an action (the `rules/tenth_night/text.py` docstring)."""
    if isinstance(action, Ready):
        return "ready"
    if isinstance(action, Swap):
        return f"swap {short(action.hand_card_id)} {short(action.person_id)}"
    if isinstance(action, HealReplace):
        return f"replace {short(action.person_id)} with {short(action.hand_card_id)}"
    if isinstance(action, HealHeart):
        return f"heal {short(action.person_id)} with {short(action.hand_card_id)}"
    if isinstance(action, Trio):
        cards = " ".join(short(c) for c in action.card_ids)
        return f"trio {cards} keep {short(action.keep_id)}"
    if isinstance(action, Reorder):
        return "arrange " + " ".join(short(c) for c in action.order)
    if isinstance(action, DivineProtection):
        return "protect"
    if isinstance(action, ProposeExchange):
        want = "hand" if action.want.card_id is None else short(action.want.card_id)
        give = f"{action.give.zone} {short(action.give.card_id)}"
        return f"propose {action.to_seat + 1} give {give} for {want}"
    if isinstance(action, AcceptExchange):
        extra = f" with {short(action.card_id)}" if action.card_id else ""
        return f"accept {action.offer_id}{extra}"
    if isinstance(action, DeclineExchange):
        return f"decline {action.offer_id}"
    if isinstance(action, WithdrawExchange):
        return f"withdraw {action.offer_id}"
    if isinstance(action, EndRecord):
        return "end record"
    if isinstance(action, Defend):
        if action.mode == "nullify":
            return "joker"
        if action.mode == "pass":
            return "pass"
        return "defend " + " ".join(short(c) for c in action.card_ids)
    raise AssertionError(f"no notation for {action!r}")


def same_move(a: Any, b: Any) -> bool:
    """Two actions with the same effect (a typed Joker or J/Q/K set may be listed differently)."""
    if isinstance(a, Defend) and isinstance(b, Defend):
        if a.mode == "nullify":
            return b.mode == "nullify"
        return a.mode == b.mode and sorted(a.card_ids) == sorted(b.card_ids)
    return bool(a == b)


# ---------------------------------------------------------------------------------------------
# reading what the bot sent


def boards(messages: list[discord.Message]) -> list[discord.Message]:
    """The public board messages (the lobby has the same title, but no Players field)."""
    return [
        m
        for m in public(messages)
        if m.embeds and any(field.name == "Players" for field in m.embeds[0].fields)
    ]


def names_card(text: str, card_id: str, *, by_label: bool = True) -> bool:
    """Whether a text names the card, by id (`7H-1`) or label (`7♥`)."""
    for name in (card_id, card(card_id).label) if by_label else (card_id,):
        if re.search(rf"(?<![\w♠♥♦♣]){re.escape(name)}(?![\w♠♥♦♣])", text):
            return True
    return False


def public_cards(state: TenthNightState) -> set[str]:
    """Every card the public observation shows: rows, discard, the night table, offered rows."""
    o = GAME.observe(state, None)
    seen = {p.id for player in o.players for p in player.row} | {c.id for c in o.discard}
    for attack in o.attacks:
        seen |= {c.id for c in attack.stack}
        seen |= {c.id for step in attack.steps for c in step.defence_cards}
    for offer in o.offers:
        seen |= {c.id for c in (offer.give_card, offer.want_card) if c is not None}
    return seen


class Secrets:
    """Who may know which hand card. A card is a secret of its holder until it is shown in
    public (a row, the discard, the night table); a party to an exchange learns the traded cards."""

    def __init__(self, seats: int) -> None:
        self.public: set[str] = set()
        self.known: list[set[str]] = [set() for _ in range(seats)]

    def learn(self, state: TenthNightState) -> None:
        self.public |= public_cards(state)
        for seat, known in enumerate(self.known):
            known |= GAME.secrets(state, seat)  # type: ignore[attr-defined]

    def learn_night_table(self, messages: list[discord.Message]) -> None:
        """Cards the public lines put on the night table (attack stacks, defence cards). A move
        can bring one back into a hand unseen: dawn discards it, and the next day's draw may
        reshuffle the discard pile."""
        for message in public(messages):
            for line in (message.content or "").splitlines():
                if NIGHT_TABLE.search(line):
                    self.public |= {c for c in deck_ids(1) if names_card(line, c)}

    def leaks(
        self, state: TenthNightState, shown: list[tuple[int | None, str]], members: Any
    ) -> list[str]:
        """Secret hand cards named in a text that someone else can read: (reader's user id or
        None for the public, text) pairs."""
        found = []
        for reader, text in shown:
            reader_seat = next((s for s, m in enumerate(members) if m.id == reader), None)
            allowed = set(self.public)
            if reader_seat is not None:
                allowed |= self.known[reader_seat]
            for seat, player in enumerate(state.players):
                if seat == reader_seat:
                    continue
                for card_id in player.hand:
                    # the other Joker may be known: then only the id would give this one away
                    twin = any(card(c).label == card(card_id).label for c in allowed)
                    if card_id not in allowed and names_card(text, card_id, by_label=not twin):
                        found.append(f"seat {seat + 1}'s {card_id} in {text[:300]!r}")
        return found


async def panel_text(bot: Any, seat: int) -> str:
    """The seat's private DM panel as it reads now (panels are edited in place, and dpytest
    queues only new messages)."""
    panel = next(p for p in await bot.service.store.panels(1) if p.seat == seat)
    message = await bot.get_channel(panel.channel_id).fetch_message(panel.message_id)
    return text_of(message)


async def board_text(bot: Any) -> str:
    """The public board as it reads now (edited in place after every move)."""
    table = await bot.service.table(1)
    channel = dpytest.get_config().channels[0]
    return text_of(await channel.fetch_message(table.board_message_id))


async def everything_shown(bot: Any, sent: list[discord.Message]) -> list[tuple[int | None, str]]:
    """What each reader can see after a move: the new messages, the board and every panel."""
    table = await bot.service.table(1)
    shown = [(dm_to(m), text_of(m)) for m in sent]
    shown.append((None, await board_text(bot)))
    for seat, record in enumerate(table.seats):
        shown.append((record.user_id, await panel_text(bot, seat)))
    return shown


# ---------------------------------------------------------------------------------------------
# playing


async def open_table(bot_factory: Any) -> tuple[Any, list[Any]]:
    """Ana opens a 10th Night lobby and Bo joins (nothing started yet)."""
    bot = await bot_factory(new_seed=lambda: SEED)
    members = list(dpytest.get_config().members)
    await say("!game new tenth_night", members[0])
    await say("!game join", members[1])
    return bot, members


async def start_table(bot_factory: Any) -> tuple[Any, list[Any]]:
    bot, members = await open_table(bot_factory)
    await say("!game start", members[0])
    return bot, members


async def current(bot: Any) -> tuple[Any, TenthNightState]:
    table = await bot.service.table(1)
    return table, bot.service.state(table)


async def play(member: Any, text: str) -> list[discord.Message]:
    """The member types `!play <text>` in the table's channel; what the bot sent in answer."""
    await say(f"!play {text}", member)
    return drain()


async def refused(bot: Any, member: Any, text: str) -> list[str]:
    """Type a move that must be refused: the table must not change, nothing may be posted, and
    the reason comes in a DM; returns every DM the member got (the reason first)."""
    before = (await bot.service.table(1)).ply
    sent = await play(member, text)
    assert (await bot.service.table(1)).ply == before, f"`{text}` was played"
    assert not public(sent), [text_of(m) for m in public(sent)]
    answers = [m.content for m in dms(sent, member)]
    assert answers and len(answers) == len(sent), [text_of(m) for m in sent]
    return answers


def choose(state: TenthNightState, seat: int) -> tuple[str, Any]:
    """What the awaited player types: the careful (heuristic) move, in the game's notation."""
    legal = list(GAME.legal_actions(state, seat))
    rng = random.Random(f"{SEED}/{state.round}/{seat}/{len(state.discard)}")
    action = AGENT.choose(GAME.observe(state, seat), legal, rng)
    text = typed(action)
    assert same_move(GAME.text.parse(state, seat, text), action), (text, action)
    return text, action


async def next_move(bot: Any, members: list[Any]) -> tuple[int, str, list[discord.Message]]:
    """The first awaited seat types its move; (seat, text, what the bot sent)."""
    table, state = await current(bot)
    seat = next(s for s in bot.service.waiting_for(table) if s in GAME.to_act(state))
    text, _ = choose(state, seat)
    sent = await play(members[seat], text)
    assert (await bot.service.table(1)).ply > table.ply, f"`{text}` was not played"
    return seat, text, sent


def hand_of(state: TenthNightState, seat: int) -> list[str]:
    return list(state.players[seat].hand)


def exchange(state: TenthNightState) -> tuple[str, str]:
    """What Ana and Bo type to trade hand cards: a J/Q/K of Ana's for a number card of Bo's, so
    that both cards stay secret from the table."""
    give = next(c for c in hand_of(state, 0) if card(c).rank in ("J", "Q", "K"))
    take = next(c for c in hand_of(state, 1) if is_person_card(c))
    return f"propose 2 give {short(give)} for hand", f"accept 1 with {short(take)}"


async def until_defence(bot: Any, members: list[Any]) -> tuple[int, list[discord.Message]]:
    """Play careful moves until the night waits for a defence decision; (deciding seat, the bot's
    messages of the move that started the wait)."""
    for _ in range(200):
        _, _, sent = await next_move(bot, members)
        table, state = await current(bot)
        if state.phase == "night":
            (seat,) = bot.service.waiting_for(table)
            return seat, sent
    raise AssertionError("no defence decision in 200 moves")


# ---------------------------------------------------------------------------------------------
# the lobby, the board and the private panels


async def test_the_lobby_lists_both_members_and_confirms_each_join_by_dm(bot_factory: Any) -> None:
    await bot_factory(new_seed=lambda: SEED)
    ana, bo, opened, joined = await open_and_join("tenth_night")
    lobby = public(opened)[0]
    assert "The 10th Night" in text_of(lobby) and "lobby (table #1)" in text_of(lobby)
    assert "You joined **The 10th Night**" in dms(opened, ana)[0].content
    assert "You joined **The 10th Night**" in dms(joined, bo)[0].content
    channel = dpytest.get_config().channels[0]
    shown = text_of(await channel.fetch_message(lobby.id))  # the lobby message is edited in place
    for number, member in enumerate((ana, bo), 1):
        assert f"{number}. {discord.utils.escape_markdown(member.display_name)}" in shown
    assert "Players: 2 of 1–4" in shown


async def test_starting_posts_the_board_and_a_private_panel_with_each_hand(
    bot_factory: Any,
) -> None:
    bot, members = await open_table(bot_factory)
    sent = await answer_to("!game start", members[0])
    table, state = await current(bot)
    assert table.status == "active"
    (board,) = boards(sent)
    assert board.id == table.board_message_id
    second = discord.utils.escape_markdown(members[1].display_name)
    assert "☀️ **Day 1** of 10" in text_of(board) and f"**{second}**:" in text_of(board)
    assert not board.attachments  # The 10th Night has no board picture
    for seat, member in enumerate(members):
        panel = text_of(dms(sent, member)[-1])
        name = discord.utils.escape_markdown(member.display_name)
        assert (
            "your view" in panel and f"You play as {name}." in panel and "**Your hand**: " in panel
        )
        assert all(names_card(panel, c) for c in hand_of(state, seat))
    secrets = Secrets(2)
    secrets.learn(state)
    assert not secrets.leaks(state, await everything_shown(bot, sent), members)


async def test_each_move_shows_one_public_message_the_board_with_its_events(
    bot_factory: Any,
) -> None:
    bot, members = await start_table(bot_factory)
    board_id = (await bot.service.table(1)).board_message_id
    drain()
    # a typed move is answered below it: the board comes down with the move's line, and the
    # board above is folded into its feed lines
    first = public(await play(members[0], "ready"))
    table, state = await current(bot)
    assert table.board_message_id != board_id
    assert {m.id for m in first} == {board_id, table.board_message_id}
    check_move(first, table.board_message_id)
    second = public(await play(members[1], "ready"))  # night falls, is resolved, Day 2 begins
    table, state = await current(bot)
    assert any(m.id == table.board_message_id for m in second)
    check_move(second, table.board_message_id)
    check_thread(dpytest.get_config().channels[0], bot.user.id, table.board_message_id)
    board = await dpytest.get_config().channels[0].fetch_message(table.board_message_id)
    assert f"**Day {state.round}** of 10" in text_of(board) and state.round >= 2


async def test_game_hint_tells_the_player_privately_that_there_is_no_picture(
    bot_factory: Any,
) -> None:
    _, members = await start_table(bot_factory)
    (answer,) = await private_answers("!game hint", members[1])
    assert "no board picture" in answer.content and not answer.attachments


async def test_game_hand_sends_the_hand_only_in_private(bot_factory: Any) -> None:
    bot, members = await start_table(bot_factory)
    (panel,) = await private_answers("!game hand", members[1])
    _, state = await current(bot)
    assert all(names_card(text_of(panel), c) for c in hand_of(state, 1))


# ---------------------------------------------------------------------------------------------
# the day: exchanges, talking


async def test_an_exchange_of_hand_cards_is_shown_in_full_only_to_the_two_members(
    bot_factory: Any,
) -> None:
    bot, members = await start_table(bot_factory)
    drain()
    _, before = await current(bot)
    gave = next(c for c in hand_of(before, 0) if card(c).rank in ("J", "Q", "K"))
    got = next(c for c in hand_of(before, 1) if is_person_card(c))
    proposed = await play(members[0], f"propose 2 give {short(gave)} for hand")
    offer_panels = [await panel_text(bot, seat) for seat in range(2)]
    accepted = await play(members[1], f"accept 1 with {short(got)}")
    trade_panels = [await panel_text(bot, seat) for seat in range(2)]
    _, after = await current(bot)
    assert got in hand_of(after, 0) and gave in hand_of(after, 1)
    # the table learns that an offer was made and taken, not which cards moved
    offer_line = [m.content for m in public(proposed) if "proposes offer 1" in (m.content or "")]
    assert offer_line and "a hand card for a hand card" in offer_line[0]
    assert any("accepts offer 1" in (m.content or "") for m in public(accepted))
    for text in [text_of(m) for m in public(proposed + accepted)] + [await board_text(bot)]:
        assert not names_card(text, gave) and not names_card(text, got)
    # each member sees the offer, and then the trade, privately on their panel
    for offer, trade in zip(offer_panels, trade_panels, strict=True):
        assert "» Offer 1 (" in offer and f"{card(gave).label} (hand) for a hand card" in offer
        assert f"gets {card(got).label}" in trade and f"gets {card(gave).label}" in trade
    assert not after.players[0].ready and not after.players[1].ready


async def test_a_message_in_the_day_stays_in_the_channel(bot_factory: Any) -> None:
    _, members = await start_table(bot_factory)
    drain()
    channel = dpytest.get_config().channels[0]
    message = await dpytest.message("I can give you a heart for your 5", channel, members[1])
    assert message.id in [m.id async for m in channel.history(limit=50)]
    assert not dms(drain(), members[1])


# ---------------------------------------------------------------------------------------------
# bad inputs: a private reason, and the table unchanged


async def test_trading_with_yourself_is_refused_privately(bot_factory: Any) -> None:
    bot, members = await start_table(bot_factory)
    drain()
    _, state = await current(bot)
    give = short(hand_of(state, 0)[0])
    (answer,) = await refused(bot, members[0], f"propose 1 give {give} for hand")
    assert "You cannot trade with yourself" in answer


async def test_healing_a_healthy_person_is_refused_privately(bot_factory: Any) -> None:
    bot, members = await start_table(bot_factory)
    drain()
    _, state = await current(bot)
    seat = next(s for s in range(2) if any(is_heart(c) for c in hand_of(state, s)))
    heart = next(c for c in hand_of(state, seat) if is_heart(c))
    person = state.players[seat].row[0].id
    (answer,) = await refused(bot, members[seat], f"heal {short(person)} with {short(heart)}")
    assert f"{card(person).label} is healthy; only an injured person can be healed" in answer


async def test_a_trio_of_unequal_ranks_is_refused_privately(bot_factory: Any) -> None:
    bot, members = await start_table(bot_factory)
    drain()
    _, state = await current(bot)
    seat = next(
        s
        for s in range(2)
        if len({card(c).rank for c in hand_of(state, s) if is_person_card(c)}) >= 3
    )
    numbers: dict[str, str] = {}
    for c in hand_of(state, seat):
        if is_person_card(c):
            numbers.setdefault(card(c).rank, c)
    trio = " ".join(short(c) for c in list(numbers.values())[:3])
    (answer,) = await refused(bot, members[seat], f"trio {trio}")
    assert "A trio needs three cards of one rank A–10" in answer


async def test_accepting_an_offer_that_was_withdrawn_is_refused_privately(
    bot_factory: Any,
) -> None:
    bot, members = await start_table(bot_factory)
    _, state = await current(bot)
    give = short(hand_of(state, 0)[0])
    await play(members[0], f"propose 2 give {give} for hand")
    await play(members[0], "withdraw 1")
    take = short(next(c for c in hand_of(state, 1) if is_person_card(c)))
    (answer,) = await refused(bot, members[1], f"accept 1 with {take}")
    assert "Offer 1 is no longer open" in answer and "withdrawn" in answer


async def test_declaring_ready_a_second_time_in_the_day_is_refused_privately(
    bot_factory: Any,
) -> None:
    bot, members = await start_table(bot_factory)
    await play(members[0], "ready")
    (answer,) = await refused(bot, members[0], "ready")
    assert "You are already ready for the night" in answer


async def test_a_defence_by_the_other_member_during_the_night_is_refused_privately(
    bot_factory: Any,
) -> None:
    bot, members = await start_table(bot_factory)
    seat, _ = await until_defence(bot, members)
    channel = dpytest.get_config().channels[0]
    answer, notice = await refused(bot, members[1 - seat], "pass")
    name = discord.utils.escape_markdown(members[seat].display_name)
    assert "It is not your turn" in answer and name in answer
    # typed in the silent night, the command is also removed like any message
    assert "was removed" in notice and "carried out" not in notice and "`night`" in notice
    assert not [m async for m in channel.history(limit=200) if m.content == "!play pass"]


# ---------------------------------------------------------------------------------------------
# the night


async def test_the_night_waits_for_the_defending_member_alone_and_pings_them_to_decide(
    bot_factory: Any,
) -> None:
    bot, members = await start_table(bot_factory)
    seat, sent = await until_defence(bot, members)
    table, state = await current(bot)
    assert bot.service.waiting_for(table) == [seat] and GAME.to_act(state) == {seat}
    options = GAME.observe(state, seat).defence_options
    assert options is not None
    # the board says whose person is attacked and the sums (all public), and pings the defender
    board = await board_text(bot)
    sums = (
        " against a deadly attack."
        if options.deadly
        else f": damage {options.damage} vs defence {options.defence}."
    )
    defender = discord.utils.escape_markdown(members[seat].display_name)
    assert f"⏳ Waiting for {defender} to defend {options.victim.label}{sums}" in board
    assert "🌙 **Night" in board
    assert any(f"<@{members[seat].id}>" in (m.content or "") for m in public(sent))
    # "My hand & moves" answers with the defence moves, each with its sums
    moves = bot.service.panel_update(table, seat).choices
    assert moves[-1] == "Take the hit"
    assert all(m.startswith(("Defend with", "Nullify with", "Take the hit")) for m in moves)
    # the decision is not private news: the DM panel keeps the hand alone, so it need not change
    own = bot.service.private_only_text(table, seat).splitlines()
    name = discord.utils.escape_markdown(members[seat].display_name)
    assert own == [f"You play as {name}.", f"**Your hand**: {hand_text(state, seat)}"]
    others = [text_of(m) for m in sent] + [await panel_text(bot, s) for s in (0, 1)]
    assert not [text for text in others if "❗" in text or "Options:" in text]


def hand_text(state: TenthNightState, seat: int) -> str:
    return " ".join(card(c).label for c in state.players[seat].hand) or "—"


async def test_the_defending_member_answers_with_play_and_the_night_goes_on(
    bot_factory: Any,
) -> None:
    bot, members = await start_table(bot_factory)
    seat, _ = await until_defence(bot, members)
    table, state = await current(bot)
    text, action = choose(state, seat)
    sent = await play(members[seat], text)
    assert (await bot.service.table(1)).ply == table.ply + 1
    lines = [line for m in public(sent) for line in (m.content or "").splitlines()]
    answer = {"nullify": "plays a Joker", "modifiers": "defends", "pass": "attack"}[action.mode]
    answered = next(i for i, line in enumerate(lines) if answer in line)
    assert lines[answered + 1 :], "nothing happened after the answer"  # the night goes on
    # a played move is not table talk: it stays in the silent channel, and nobody is told off
    assert not [m for m in dms(sent, members[seat]) if "removed" in m.content]
    channel = dpytest.get_config().channels[0]
    assert [m async for m in channel.history(limit=200) if m.content == f"!play {text}"]


async def test_the_ready_that_brings_a_waiting_night_stays_in_the_channel(
    bot_factory: Any,
) -> None:
    bot, members = await start_table(bot_factory)
    _, sent = await until_defence(bot, members)  # the last move was a `ready`, typed in the day
    channel = dpytest.get_config().channels[0]
    history = [m async for m in channel.history(limit=200)]
    last = max((m for m in history if m.author.id in {x.id for x in members}), key=lambda m: m.id)
    assert last.content == "!play ready"
    assert not [m for m in sent if dm_to(m) is not None and "removed" in m.content]


async def test_a_message_during_the_night_is_deleted_with_a_private_notice(
    bot_factory: Any,
) -> None:
    bot, members = await start_table(bot_factory)
    seat, _ = await until_defence(bot, members)
    channel = dpytest.get_config().channels[0]
    other = members[1 - seat]
    message = await dpytest.message("good luck!", channel, other)
    assert message.id not in [m.id async for m in channel.history(limit=50)]
    (notice,) = dms(drain(), other)
    assert "was removed" in notice.content and "(reason: `night`)" in notice.content


# ---------------------------------------------------------------------------------------------
# a whole game


async def test_a_whole_game_typed_with_play_ends_with_the_summary_and_never_shows_a_hand(
    bot_factory: Any, monkeypatch: Any
) -> None:
    bot, members = await open_table(bot_factory)
    drain()
    secrets = Secrets(2)

    async def check(sent: list[discord.Message]) -> Any:
        table, state = await current(bot)
        secrets.learn(state)
        secrets.learn_night_table(sent)
        problems = secrets.leaks(state, await everything_shown(bot, sent), members)
        assert not problems, problems
        return table, state

    await say("!game start", members[0])
    table, state = await check(drain())
    offer, accept = exchange(state)
    await check(await play(members[0], offer))
    await check(await play(members[1], accept))
    defences = nights = 0
    channel = dpytest.get_config().channels[0]
    requests = channel_requests(monkeypatch, channel).__enter__()
    requests.apart.add(table.lobby_message_id or 0)  # on Discord, above the table's thread
    while table.status == "active":
        _, before = await current(bot)
        secrets.learn(before)
        _, _, sent = await next_move(bot, members)
        table, state = await check(sent)
        # the board comes down below each typed move with the move's line; the one above is
        # folded into its feed lines: one full board stands, at most two requests a move
        kinds = list(requests.kinds)
        assert requests.take() <= 2, (kinds, [m.content for m in public(sent)])
        check_move(sent, table.board_message_id)
        check_thread(channel, bot.user.id, table.board_message_id)
        assert any(m.id == table.board_message_id for m in public(sent))
        defences += before.phase == "night"
        nights += any("🌅 Dawn after Night" in text_of(m) for m in public(sent))
        assert table.ply < 1000

    assert defences >= 1 and nights >= 1
    summary = [text_of(m) for m in boards(sent) if "game over" in text_of(m).lower()]
    assert len(summary) == 1 and f"Seed `{SEED}`" in summary[-1]
    outcome = GAME.outcome(state)
    assert outcome is not None  # the reason in words (the end message starts it with a capital)
    assert END_WORDS[outcome.reason].lower() in summary[-1].lower()
    names = [discord.utils.escape_markdown(m.display_name) for m in members]
    for seat, name in enumerate(names):
        assert f"{name} {(outcome.scores or {})[seat]}" in summary[-1]
    assert (await bot.service.table(1)).status == "finished"
    (result,) = await bot.service.store.results(game="tenth_night")
    assert result.table_id == 1

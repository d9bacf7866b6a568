"""Dead of Winter's grouped private panels, clicked through real interaction payloads (issue 10 §3,
§6): a crisis contribution and exile ballots made on the panel, a stale click, forged custom ids.

The game is the seeded 4-seat standard game of `test_dead_of_winter_game.py` (3 members and a
heuristic AI seat, a betrayer dealt): members play their heuristic agent's choice, so the game goes
where that test's does (a crisis, an exile vote). Most moves go straight to the service; the move
under test is found on the member's own panel — as the bot builds it — and clicked step by step
(`tests/e2e/steps.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.tables import label_mark
from rules.dead_of_winter import GAME
from rules.dead_of_winter.actions import Contribute, Vote
from tests.e2e.conftest import drain, public, said, text_of
from tests.e2e.steps import click_move as click_through
from tests.e2e.test_dead_of_winter_game import dow_lobby
from tests.e2e.test_interactions import Responses, button, dispatch, select

SEED = "dow-e2e-44"  # the seed of the end-to-end game: a crisis and an exile vote come up

Wanted = Callable[[Any, Any], bool]  # (state, the heuristic's action) → click this one?


async def dow_table(bot_factory: Any) -> tuple[Any, list[discord.Member]]:
    bot, members = await dow_lobby(bot_factory, SEED)
    await said("!game start", members[0])
    return bot, members


async def play_until(bot: Any, members: list[discord.Member], wanted: Wanted) -> tuple[int, Any]:
    """Play the members' heuristic moves until one is `wanted`: returns that seat and move,
    unplayed."""
    service = bot.service
    agents = [GAME.agents["heuristic"]() for _ in range(4)]
    for _ in range(600):
        table = await service.table(1)
        assert table.status == "active", "the game ended before the move under test"
        state = service.state(table)
        seat = sorted(service.waiting_for(table))[0]
        rng = service.engine(table).agent_rng(table.seed, table.ply + 1, seat)
        action = agents[seat].choose(
            GAME.observe(state, seat), GAME.legal_actions(state, seat), rng
        )
        if wanted(state, action):
            drain()
            return seat, action
        await service.act(1, members[seat].id, action)
    raise AssertionError("the move under test never came")


async def dm_panel(bot: Any, seat: int) -> str:
    """What the seat's DM panel shows now (the bot edits it in place after each change)."""
    record = next(p for p in await bot.service.store.panels(1) if p.seat == seat)
    channel = bot.get_channel(record.channel_id)
    return text_of(await channel.fetch_message(record.message_id))


async def click_move(
    bot: Any, responses: Responses, member: discord.Member, seat: int, action: Any
) -> int:
    """Click `action` on the member's panel as the bot draws it, step by step; returns how many
    choices it took."""
    service = bot.service
    table = await service.table(1)
    index = list(GAME.legal_actions(service.state(table), seat)).index(action)
    return await click_through(bot, responses, member, seat, index)


async def at_a_contribution(bot_factory: Any) -> tuple[Any, discord.Member, int, Any]:
    """The game played by the heuristic until a seat may contribute to the crisis: the bot, that
    seat's member, the seat and its contribution (unplayed)."""
    bot, members = await dow_table(bot_factory)
    seat, action = await play_until(bot, members, lambda s, a: isinstance(a, Contribute))
    return bot, members[seat], seat, action


async def test_a_crisis_contribution_is_made_by_clicking_and_the_public_sees_only_the_count(
    bot_factory: Any, responses: Responses
) -> None:
    bot, member, seat, action = await at_a_contribution(bot_factory)
    service = bot.service
    before = await service.table(1)
    name = GAME.text.label(service.state(before), action).removeprefix("Contribute ")
    clicks = await click_move(bot, responses, member, seat, action)
    assert 1 <= clicks <= GAME.max_choice_depth
    table = await service.table(1)
    assert table.ply > before.ply
    logged = [r for r in await service.store.actions(1) if r.ply == before.ply + 1]
    assert service.engine(table).parse_action(logged[0].action) == action
    sent = drain()
    said = "\n".join(text_of(m) for m in public(sent))
    assert "adds a card to the crisis" in said and "in the crisis)" in said
    assert name not in said and action.card not in said  # which card stays secret
    panel = await dm_panel(bot, seat)  # the member's DM panel, edited in place
    assert "Your cards in the crisis" in panel and name in panel


def exile_vote(state: Any) -> bool:
    return any(p.kind == "vote" and p.data.get("subject") == "exile" for p in state.pending)


async def test_exile_ballots_are_cast_on_the_panel_secret_until_the_last_reveals_them_all(
    bot_factory: Any, responses: Responses
) -> None:
    bot, members = await dow_table(bot_factory)
    service = bot.service
    names = [s.name for s in (await service.table(1)).seats]
    revealed = ""
    for _ in range(4):
        seat, action = await play_until(
            bot, members, lambda s, a: isinstance(a, Vote) and exile_vote(s)
        )
        clicks = await click_move(bot, responses, members[seat], seat, action)
        assert clicks == 1, "a ballot is one of two buttons: Vote yes, Vote no"
        sent = drain()
        said = "\n".join(text_of(m) for m in public(sent))
        assert f"{names[seat]} has voted." in said
        if not exile_vote(service.state(await service.table(1))):
            revealed = said
            break
        assert "Vote revealed" not in said  # the public sees who voted, not how
        ballot = "yes" if action.yes else "no"
        assert f"you voted {ballot}" in await dm_panel(bot, seat)
    assert "Vote revealed:" in revealed and "Result:" in revealed
    last = service.state(await service.table(1)).last_vote
    assert last is not None and last.subject == "exile" and len(last.votes) >= 2
    for voter, ballot in last.votes.items():  # every ballot, shown together with the last one
        assert f"{names[voter]} {ballot}" in revealed


async def test_a_stale_select_click_and_forged_panel_ids_are_answered_privately(
    bot_factory: Any, responses: Responses
) -> None:
    bot, member, seat, action = await at_a_contribution(bot_factory)
    service = bot.service
    table = await service.table(1)
    labels = service.labels(table, seat)
    index = list(GAME.legal_actions(service.state(table), seat)).index(action)
    old = select(member, f"sb:s:1:{table.ply}:0", f"{index}:{label_mark(labels[index])}")
    await click_move(bot, responses, member, seat, action)
    played = (await service.table(1)).ply
    assert played > table.ply
    drain()

    await dispatch(bot, responses, old)  # the same menu option again: the card is gone
    reply = responses.of_type(4)[-1]["data"]
    assert reply["flags"] == 64 and "out of date" in reply["content"]
    assert (await service.table(1)).ply == played

    forged = [
        ("sb:n:1:0:Move!:abcdef", "not one of mine"),  # matches no template
        ("sb:n:99:0:0:abcdef", "table"),  # no such table
        (f"sb:s:1:{played}:0", "not one i offered"),  # a value that is no move
    ]
    for custom_id, words in forged:
        if custom_id.startswith("sb:s:"):
            await dispatch(bot, responses, select(member, custom_id, "abc:zz"))
        else:
            await dispatch(bot, responses, button(member, custom_id))
        reply = responses.of_type(4)[-1]["data"]
        assert reply["flags"] == 64 and words in reply["content"].lower(), custom_id
    await dispatch(bot, responses, select(member, f"sb:s:1:{played}:0", "9999:abcdef"))
    assert "out of date" in responses.of_type(4)[-1]["data"]["content"]
    assert (await service.table(1)).ply == played

    await dispatch(bot, responses, button(member, "sb:n:1:0:7.3:abcdef"))  # a step not offered now
    edit = responses.of_type(7)[-1]["data"]
    assert edit["embeds"][0]["description"].startswith("*Your moves changed since")
    assert (await service.table(1)).ply == played

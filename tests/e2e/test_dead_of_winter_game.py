"""Dead of Winter on Discord end to end: 3 members and 1 heuristic AI seat, standard mode with a
betrayer dealt, from `!game new dead_of_winter` to the end.

The members play the heuristic agent's choice for their seat (with the rng the bot gives its own
AI seats), so the seeded game (`dow-e2e-44`, picked among seeds for it) has crisis reveals,
an exile vote and twist cards firing. Open moves are typed in the channel with `!play <label>`;
secret ones (crisis contributions, ballots) go the private way `/play` goes (`in_public=False`),
and one typed in the channel is refused. No public message ever carries a value that is secret
(`GAME.secrets` of any seat, `GAME.hidden`) in the states it was sent from.
"""

from __future__ import annotations

import re
from typing import Any

import discord.ext.test as dpytest

from cogs.present import publish
from rules.dead_of_winter import GAME
from rules.engine import Engine
from tests.e2e.conftest import answer_to, dms, drain, public, say, text_of
from tests.e2e.thread import (
    channel_requests,
    check_move,
    check_thread,
    full_boards,
    standing,
    text,
)

SEED = "dow-e2e-44"  # chosen so a crisis, an exile vote and a twist all come up


def _leaks(messages: list[Any], secret: set[str]) -> list[tuple[str, str]]:
    found = []
    for m in messages:
        text = text_of(m)
        for value in secret:
            if re.search(rf"(?<![\w]){re.escape(value)}(?![\w])", text):
                found.append((value, text[:200]))
    return found


async def dow_lobby(bot_factory: Any, seed: str = SEED) -> tuple[Any, list[Any]]:
    """Three members and one heuristic AI seated at a standard game with a betrayer, not started:
    the bot and the members."""
    bot = await bot_factory(members=3, new_seed=lambda: seed)
    members = list(dpytest.get_config().members)
    ana, bo, cy = members
    await say("!game new dead_of_winter secret_deal=betrayer", ana)
    await say("!game join", bo)
    await say("!game join", cy)
    await say("!game ai heuristic", ana)
    return bot, members


async def test_a_four_seat_standard_game_with_a_betrayer_is_played_to_the_end_keeping_secrets(
    bot_factory: Any, monkeypatch: Any
) -> None:
    bot, members = await dow_lobby(bot_factory)
    service = bot.service
    ana = members[0]
    sent = await answer_to("!game start", ana)
    table = await service.table(1)
    assert table.status == "active"
    state = service.state(table)
    # §10: each member's objective reaches them privately at the start, never in public
    for seat, member in enumerate(members):
        names = [o for o in GAME.secrets(state, seat) if not re.fullmatch(r"[A-Z]+\d+", o)]
        assert names, "an objective name is dealt"
        assert any(all(n in text_of(m) for n in names) for m in dms(sent, member)), seat
    assert not _leaks(public(sent), set().union(*(GAME.secrets(state, s) for s in range(4))))

    agents = [GAME.agents["heuristic"]() for _ in range(4)]
    engine = service.engine(table)
    everything: list[Any] = list(public(sent))
    secret_refused = False
    seen: set[str] = set()
    channel = dpytest.get_config().channels[0]
    requests = channel_requests(monkeypatch, channel).__enter__()
    requests.apart.add(table.lobby_message_id or 0)  # on Discord, above the table's thread
    longest = 0
    for _ in range(400):
        table = await service.table(1)
        if table.status != "active":
            break
        state = service.state(table)
        waiting = sorted(service.waiting_for(table))
        seat = waiting[0]
        member = members[seat]
        legal = GAME.legal_actions(state, seat)
        rng = engine.agent_rng(table.seed, table.ply + 1, seat)
        action = agents[seat].choose(GAME.observe(state, seat), legal, rng)
        label = GAME.text.label(state, action)
        before = set(GAME.hidden(state)).union(*(GAME.secrets(state, s) for s in range(4)))
        if GAME.is_secret(state, action):
            if not secret_refused:  # a ballot or contribution typed in the channel is refused
                await say(f"!play {label}", member)
                refusal = drain()
                assert (await service.table(1)).ply == table.ply
                assert "secret" in dms(refusal, member)[-1].content
                assert not _leaks(public(refusal), before)
                assert requests.take() == 1  # the typed secret, deleted at once
                secret_refused = True
            played = await service.act(table.id, member.id, label, in_public=False)
            await publish(bot, played)
        else:
            await say(f"!play {label}", member)
        assert (await service.table(1)).ply > table.ply, f"{label!r} was refused"
        batch = public(drain())
        after = service.state(await service.table(1))
        still = set(GAME.hidden(after)).union(*(GAME.secrets(after, s) for s in range(4)))
        assert not _leaks(batch, before & still), label
        everything += batch
        # the thread: at most two requests a move, one short board standing, the newest message
        kinds = list(requests.kinds)
        assert requests.take() <= 2, (kinds, label, [m.content for m in batch])
        table = await service.table(1)
        check_move(batch, table.board_message_id)
        check_thread(channel, bot.user.id, table.board_message_id)
        if table.status == "active":
            (board,) = full_boards(channel)
            longest = max(longest, len(text(board)))
        if after.last_vote is not None and after.last_vote.subject == "exile":
            seen.add("exile")
        if after.twist.fired:
            seen.add("twist")
        if after.last_crisis is not None:
            seen.add("crisis")
    table = await service.table(1)
    assert table.status != "active", "the game ended"
    assert secret_refused
    # the feed above the board and the board together: not a wall of text (it was about 2,000
    # characters of board under up to 40 event lines)
    assert longest <= 2500, longest
    # the end message reveals every seat's objective, and the seed
    (end,) = [m for m in standing(channel) if "game over" in text(m)]
    outcome = GAME.outcome(service.state(table))
    assert outcome is not None and outcome.results
    for result in outcome.results:
        assert f"“{result.detail}”" in text(end), result
    assert f"Seed `{SEED}`" in text(end)

    assert seen == {"crisis", "exile", "twist"}, seen
    said = "\n".join(text_of(m) for m in everything).lower()
    assert "crisis" in said and "reveal" in said  # a crisis reveal, in public
    assert "exile" in said and "vote" in said  # an exile vote, its result public
    assert "twist" in said  # a twist card fired, announced in full

    # the stored log replays to the same end (the log is the record the checks above trust)
    log = await service.store.actions(1)
    replay = Engine(GAME)
    state = replay.setup(4, {"secret_deal": "betrayer"}, SEED)
    for record in log:
        action = replay.parse_action(record.action)
        state = replay.act(state, record.seat, action, seed=SEED, ply=record.ply).state
    assert GAME.outcome(state) is not None
    assert state == service.state(table)

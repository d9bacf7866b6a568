"""`/play`'s private answer says what the move did: the move's line as the thread tells it, then
what only the player learnt by it (the card they drew), never a bare "Done."."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from rules import GAMES
from tests.e2e.test_coldest_night_game import started_table
from tests.e2e.test_hostile import slash, string
from tests.e2e.test_interactions import Responses, dispatch
from tests.e2e.test_move_before_thinking import against
from tests.support.advisor import Gate

GAME = GAMES["coldest_night"]


def answers(responses: Responses) -> list[str]:
    """The private texts the bot answered with (follow-ups after its deferral)."""
    found = []
    for sent in responses.sent:
        payload = sent["payload"]
        text = payload.get("content") or payload.get("data", {}).get("content")
        if text:
            found.append(str(text))
    return found


async def test_cn_a_played_card_is_answered_with_its_line_and_the_card_drawn(
    bot_factory: Any, responses: Responses
) -> None:
    bot, members = await started_table(bot_factory)
    table = await bot.service.table(1)
    state = bot.service.state(table)
    seat = min(GAME.to_act(state))
    labels = bot.service.labels(table, seat)
    label = next(lab for lab in labels if lab.startswith("Play "))
    card = re.sub(r"^Play (.+?) \(heat.*$", r"\1", label)
    await dispatch(bot, responses, slash(members[seat], "play", [string("move", label)]))
    after = bot.service.state(await bot.service.table(1))
    drawn = {c.name for c in GAME.observe(after, seat).hand} - {
        c.name for c in GAME.observe(state, seat).hand
    }
    said = answers(responses)
    assert said, responses.sent
    text = said[-1]
    name = table.seats[seat].name  # as the thread writes it (Markdown escaped)
    assert text.startswith(f"✓ {name} plays {card} (heat"), text
    assert "Done." not in text
    if drawn:  # the card drawn after the play, which only this player may read
        (new,) = drawn
        assert f"» You draw {new}." in text.splitlines()[1:], text


async def test_a_slash_move_is_answered_with_its_own_line_while_the_expert_after_it_thinks(
    bot_factory: Any, responses: Responses
) -> None:
    """The answer comes as soon as the move is shown, before the searching AI seat has chosen
    (held by a `threading.Event`, not a timing), and names the player's move, not the AI's."""
    gate = Gate()
    bot, ana = await against(bot_factory, "expert", gate)
    command = slash(ana, "play", [string("move", "take 1")])
    held = asyncio.create_task(dispatch(bot, responses, command))
    try:
        await asyncio.to_thread(gate.started.wait)  # Frost 🤖 is thinking, in a worker thread
        for _ in range(50):  # the answer's request is on its way: let the loop send it
            if answers(responses):
                break
            await asyncio.sleep(0)
        said = answers(responses)
        assert len(said) == 1 and not held.done(), said
        name = (await bot.service.table(1)).seats[0].name
        assert said[0] == f"✓ {name} takes 1.", said
    finally:
        gate.release.set()
    await held
    assert answers(responses) == said  # answered once: the AI's move is the thread's
    assert (await bot.service.table(1)).ply == 2

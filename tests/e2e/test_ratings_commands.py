"""Ratings through Discord (issue 35 §4): a Winter game between two dpytest members, then
`!game stats` and `!game leaderboard` (and their slash commands) read the ratings it made.

The game is opened, joined and started with commands; its moves go through the bot's own service
(a seeded random pick among each member's legal moves), as a click would.
"""

from __future__ import annotations

import random
from typing import Any

import discord.ext.test as dpytest

from bot.ratings import estimate
from tests.e2e.conftest import drain, public_answer, say, text_of
from tests.e2e.test_hostile import dispatch, slash, string


async def winter_game(bot: Any, seed: int = 1, game: str = "winter") -> tuple[Any, Any]:
    """Ana and Bo play a whole game (Winter unless told); returns the two members."""
    ana, bo = dpytest.get_config().members
    await say(f"!game new {game}", ana)
    await say("!game join", bo)
    await say("!game start", ana)
    service = bot.service
    [table] = [t for t in await service.tables_of(ana.id) if t.status == "active"]
    rng = random.Random(seed)
    while (table := await service.table(table.id)).status == "active":
        engine = service.engines[game]
        state = service.state(table)
        seat = min(engine.to_act(state))
        await service.act(
            table.id, table.seats[seat].user_id, rng.choice(engine.legal(state, seat))
        )
    drain()
    return ana, bo


async def test_stats_show_each_members_rating_and_trend_as_provisional_in_plain_words(
    bot_factory: Any,
) -> None:
    bot = await bot_factory(new_seed=lambda: "ratings-e2e")
    ana, bo = await winter_game(bot)
    [embed] = (await public_answer("!game stats", ana)).embeds
    text = embed.description or ""
    assert "**Winter** — 1 played" in text
    assert "Rating " in text and "(provisional, 1 rated game of 5), last games " in text
    assert ("▲" in text) or ("▼" in text)
    for word in ("mu", "sigma", "ordinal", str(ana.id), str(bo.id)):
        assert word not in text.lower()
    [other] = (await public_answer(f"!game stats {bo.id}", ana)).embeds
    assert bo.name in (other.title or "") and "Rating " in (other.description or "")


async def test_the_leaderboard_of_a_rated_game_sorts_by_rating_and_names_every_list(
    bot_factory: Any,
) -> None:
    bot = await bot_factory(new_seed=lambda: "ratings-e2e")
    ana, bo = await winter_game(bot)
    ratings = {r.user_id: r for r in await bot.service.store.ratings(bot.guilds[0].id, "winter")}
    first = max(ratings, key=lambda u: (estimate(ratings[u].mu, ratings[u].sigma), -u))
    message = await public_answer("!game leaderboard winter", bo)
    text = text_of(message)
    assert text.index(f"<@{first}>") < text.index(f"<@{({ana.id, bo.id} - {first}).pop()}>")
    assert "rating" in text and "(provisional)" in text
    assert not message.mentions
    [overview] = (await public_answer("!game leaderboard", bo)).embeds
    assert [field.name for field in overview.fields] == ["Winter — rating"]


async def test_slash_leaderboard_of_a_co_operative_game_with_no_results_says_so(
    bot_factory: Any, responses: Any
) -> None:
    bot = await bot_factory(new_seed=lambda: "ratings-e2e")
    ana, _bo = await winter_game(bot)
    await dispatch(bot, responses, slash(ana, "leaderboard", [string("game", "coldest_night")]))
    await dispatch(bot, responses, slash(ana, "stats", []))
    replies = [r["data"] for r in responses.of_type(4) if r["data"].get("embeds")]
    assert len(replies) == 2
    assert replies[0]["embeds"][0]["description"] == "No finished games yet."
    assert replies[0]["allowed_mentions"]["parse"] == []
    assert "Rating " in replies[1]["embeds"][0]["description"]


async def test_the_leaderboard_of_every_game_names_each_list_and_keeps_within_embed_limits(
    bot_factory: Any,
) -> None:
    bot = await bot_factory(new_seed=lambda: "ratings-e2e")
    ana, bo = await winter_game(bot)
    await winter_game(bot, game="coldest_night")
    message = await public_answer("!game leaderboard", bo)
    [overview] = message.embeds
    assert [field.name for field in overview.fields] == [
        "The Coldest Night — co-operative wins",
        "Winter — rating",
    ]
    coop = overview.fields[0].value or ""
    assert f"<@{ana.id}>" in coop and "1 game · 0 in a row, best 0" in coop
    assert len(overview) <= 6000 and not message.mentions
    assert "Co-operative wins count for every player" in (overview.footer.text or "")

"""What a result record carries so that no presenter asks the service again (issue 32 §5, §6):
the feed (one line a move), the lines since a seat's last move, and the ending in words."""

from __future__ import annotations

from typing import Any

from bot.records import FEED_WIDTH, Ending, Played, pack
from bot.reporter import DIGEST_CHARS, DIGEST_MOVES, digest, played_answer
from bot.tables import Player, TableService
from cogs.ui.ending import panel_result
from rules.core import Outcome, SeatResult
from storage import MemoryStore
from storage.base import SeatRecord, TableRecord
from tests.support.nim import NIM
from tests.support.stores import started_table

ANA, BO = Player(11, "Ana"), Player(22, "Bo")
PLACES = ("Police Station", "Grocery Store", "School", "Library", "Hospital", "Gas Station")


def test_the_feed_is_one_line_a_move_without_the_end_of_game_line() -> None:
    played = Played(
        table=TableRecord(game="test_nim"),
        lines=["Nim begins.", "Ana takes 2.", "Bo must move.", "⏰ Time ran out.", "Game over."],
        steps=[(1, 3)],
        summary="Game over.",
    )
    assert played.feed == ["Nim begins.", "Ana takes 2. Bo must move.", "⏰ Time ran out."]


def test_a_move_too_long_for_one_feed_line_takes_several_split_where_its_lines_end() -> None:
    """A Dead of Winter colony phase runs past one feed line: it is split between its own lines,
    each feed line at most `FEED_WIDTH`, and nothing is cut off (no "…")."""
    colony = [
        "Frost ends their turn.",
        "Colony phase.",
        "The colony eats 3 food.",
        "Crisis Stalled Convoy: revealed Half-Full Jerrycan, Camp Stove Canister; score 2 "
        "against 3: failed.",
        *[f"1 zombie arrives at {n} ({place})." for n, place in enumerate(PLACES, 1)],
        "Morale -1 → 5.",
        *[f"A barricade at colony entrance {n} breaks." for n in (1, 2, 3)],
        "3 zombies arrive at the Colony.",
        "6 (Gas Station) is overrun.",
        "Felix dies (overrun).",
        "Morale -1 → 4.",
        "Round 3 begins.",
        *[f"{name} rolls their action dice." for name in ("Ana", "Bo", "Frost")],
        "Crisis Sputtering Generator: prevent with Fuel.",
    ]
    played = Played(
        table=TableRecord(game="dead_of_winter"),
        lines=["Bo moves Ambrose to 5 (Hospital).", *colony],
        steps=[(0, 1), (1, 1 + len(colony))],
    )
    first, *rest = played.feed
    assert first == "Bo moves Ambrose to 5 (Hospital)."
    assert len(rest) == 2 and all(len(line) <= FEED_WIDTH for line in rest)
    assert " ".join(rest) == " ".join(colony)  # every word, in order
    assert rest[1].startswith(tuple(colony))  # broken where one of the move's lines begins
    assert pack(["a" * 700, "b"], FEED_WIDTH) == ["a" * 700, "b"]  # a long line stays whole


async def test_the_lines_since_a_seats_last_move_kept_in_memory_match_the_log() -> None:
    service, table = await started_table(
        "test_nim", ANA, BO, seed="since", games={"test_nim": NIM}, options={"stones": 30}
    )
    for move in ("take 1", "shout", "take 2", "take 1", "shout", "take 3", "take 1"):
        seat = service.waiting_for(table)[0]
        user = table.seats[seat].user_id
        assert user is not None
        table = (await service.act(table.id, user, move)).table
        for each in (0, 1):
            from_log = await service.since_last_move(table, each)
            assert await service.reporter._since_last_move(table, each) == from_log
    assert service.reporter.since[table.id].seen == {0, 1}  # both answered from memory by now


async def test_cn_the_digest_is_the_threads_line_of_each_move_since_the_seats_own() -> None:
    """The Coldest Night's moves make several lines each ("Bo plays Rug (heat 1, ash 3). The
    fire dies down. …"): the digest shows each move as the thread's one line of it, the latest
    last, from memory and from the log alike."""
    service, table = await started_table("coldest_night", ANA, BO, seed="digest-cn")
    feed: list[tuple[int, str]] = []  # (mover, the thread's line of the move)
    for _ in range(14):
        seat = service.waiting_for(table)[0]
        user = table.seats[seat].user_id
        assert user is not None
        played = await service.act(table.id, user, service.panel_update(table, seat).choices[0])
        table = played.table
        (line,) = played.feed  # one move, one line
        feed.append((seat, line))
        if table.status != "active":
            break
        waiting = service.waiting_for(table)[0]
        last = max((i for i, (s, _) in enumerate(feed) if s == waiting), default=-1)
        since = [text for _, text in feed[last + 1 :]]
        shown = await service.since_last_move(table, waiting)
        moves = [line for line in shown if not line.startswith("…")]
        assert moves == since[-len(moves) :] and len(moves) == min(len(since), DIGEST_MOVES)
        assert await service.reporter._since_last_move(table, waiting) == shown
    assert any(". " in line for _, line in feed)  # moves of several sentences were among them


def test_the_digest_keeps_the_latest_moves_that_fit_and_says_how_many_came_before() -> None:
    moves = [f"Move {n}." for n in range(12)]
    assert digest(moves) == ["… 4 earlier moves are in `/game log`.", *moves[4:]]
    assert digest(moves[:3]) == moves[:3]
    assert digest(moves[:3], earlier=1) == ["… 1 earlier move is in `/game log`.", *moves[:3]]
    long = ["x" * 500 + "."] * 4  # two fit in the characters a digest takes
    assert digest(long) == ["… 2 earlier moves are in `/game log`.", *long[2:]]
    colony = " ".join(f"Sentence {n} of a long colony phase." for n in range(60))
    (only,) = digest([colony])
    assert len(only) <= DIGEST_CHARS and only.endswith("phase. …")  # cut after a whole sentence
    assert colony.startswith(only.removesuffix(" …"))


def dead_of_winter_table() -> TableRecord:
    seats = (
        SeatRecord(name="Ana", user_id=1),
        SeatRecord(name="Bo", user_id=2),
        SeatRecord(name="Frost 🤖", agent="heuristic"),
    )
    return TableRecord(id=7, game="dead_of_winter", seats=seats, seed="dw-seed", status="finished")


def dead_of_winter_ending(
    winners: set[int], reason: str, objectives: list[tuple[str, bool, str]], **details: Any
) -> Ending:
    """The ending of `dead_of_winter_table()` for this outcome: each seat's objective as (kind,
    met, name), in seat order."""
    results = tuple(
        SeatResult(seat=seat, kind=kind, met=met, detail=name)
        for seat, (kind, met, name) in enumerate(objectives)
    )
    outcome = Outcome(winners=frozenset(winners), reason=reason, details=details, results=results)
    return TableService(MemoryStore()).ending(dead_of_winter_table(), outcome)


def ending_of(game: str, names: tuple[str, ...], winners: set[int], reason: str) -> Ending:
    seats = tuple(SeatRecord(name=name, user_id=n + 1) for n, name in enumerate(names))
    table = TableRecord(id=3, game=game, seats=seats, seed="s", status="finished")
    outcome = Outcome(winners=frozenset(winners), reason=reason)
    return TableService(MemoryStore()).ending(table, outcome)


def test_cn_a_lost_co_operative_game_says_everyone_lost_once_not_nobody_won_you_neither() -> None:
    ending = ending_of("coldest_night", ("Ana", "Bo"), set(), "fire_out")
    assert ending.headline == "Everyone lost."
    assert ending.why == "The fire went out, and everyone froze."  # no ": everyone loses."
    assert ending.results == {0: "You all lost.", 1: "You all lost."}
    assert panel_result(ending, 0) == "🏁 **You all lost.**\nThe fire went out, and everyone froze."
    solo = ending_of("coldest_night", ("Ana",), set(), "fire_out")
    assert (solo.headline, solo.results) == ("Ana lost.", {0: "You lost."})
    won = ending_of("coldest_night", ("Ana", "Bo"), {0, 1}, "dawn")
    assert (won.headline, won.results[0]) == ("Everyone won.", "You won, with Bo.")
    assert not won.why.endswith("everyone wins!")


def test_wi_a_competitive_ending_names_the_winner_once_and_a_draw_is_a_draw() -> None:
    ending = ending_of("winter", ("Ana", "Bo"), {1}, "lake_full")
    assert ending.headline == "Bo won."
    assert "wins" not in ending.why  # "Lake full: Bo wins." said the winner twice
    assert ending.results == {0: "You did not win.", 1: "You won."}
    assert panel_result(ending, 0).startswith("🏁 **You did not win.**\nBo won. ")
    draw = ending_of("winter", ("Ana", "Bo"), set(), "lake_full")
    assert (draw.headline, draw.results[0]) == ("A draw.", "A draw.")
    assert "draw" not in draw.why and "draw" not in panel_result(draw, 0).splitlines()[1]


def test_dw_an_ending_nobody_won_says_why_reveals_each_objective_and_each_players_result() -> None:
    ending = dead_of_winter_ending(
        set(),
        "morale",
        [
            ("secret", False, "Keep the Engine Warm"),
            ("betrayal", False, "Bleed Them Dry"),
            ("secret", False, "Clean Bill of Health"),
        ],
    )
    assert ending.headline == "Nobody won."
    assert ending.why.startswith("The colony failed: the colony's morale ran out.")
    assert ending.why.endswith("No personal objective was met.")
    assert "Game over" not in ending.why and "Winners" not in ending.why
    assert ending.objectives == (
        "Ana — secret objective “Keep the Engine Warm”: not met ❌.",
        "Bo — betrayal objective “Bleed Them Dry”: not met ❌.",
        "Frost 🤖 — secret objective “Clean Bill of Health”: not met ❌.",
    )
    assert ending.results == {
        0: "Nobody won. Your secret objective “Keep the Engine Warm”: not met ❌.",
        1: "Nobody won. Your betrayal objective “Bleed Them Dry”: not met ❌.",
    }  # the AI seat has no panel
    assert ending.seed == "dw-seed" and ending.winners == ()


def test_dw_an_ending_with_winners_names_them_and_tells_each_player_their_own_result() -> None:
    ending = dead_of_winter_ending(
        {0, 2},
        "main_objective",
        [
            ("secret", True, "Keep the Engine Warm"),
            ("secret", False, "Balanced Pack"),
            ("secret", True, "Clean Bill of Health"),
        ],
        main_objective_complete=True,
    )
    assert ending.headline == "Ana and Frost 🤖 won."
    assert ending.why == "The colony completed its main objective."
    assert ending.results[0].startswith("You won, with Frost 🤖.")
    assert ending.results[1].startswith("You did not win.")
    assert ending.winners == ("Ana", "Frost 🤖")


async def test_tn_a_night_is_a_thread_line_from_each_heading_and_the_digest_keeps_those_lines() -> (
    None
):
    """The 10th Night's night falls in one move ("Bo is ready for the night.") and runs its
    attacks in it: the thread shows the night's fall, each attack and the dawn each on a line of
    its own, not one wall of text; the digest holds the move with the same line breaks, from
    memory and from the log alike."""
    service, table = await started_table("tenth_night", ANA, BO, seed="night-lines")
    nights = 0
    for _ in range(40):
        seat = service.waiting_for(table)[0]
        user = table.seats[seat].user_id
        assert user is not None
        choices = service.panel_update(table, seat).choices
        move = next((c for c in choices if c.startswith("Ready")), choices[0])
        played = await service.act(table.id, user, move)
        table = played.table
        feed = played.feed
        if "🌙" in " ".join(feed):
            nights += 1
            shown_lines = [line for entry in feed for line in entry.split("\n")]
            falls = next(line for line in shown_lines if "🌙" in line)
            assert falls.startswith("🌙 Night"), feed
            for line in shown_lines:  # an attack opens its line, which holds one attack at most
                assert line.count("Attack ") <= 1 and (
                    "Attack " not in line or line.startswith("Attack ")
                ), feed
            other = 1 - seat
            shown = await service.since_last_move(table, other)
            move = next(entry for entry in shown if "🌙" in entry)  # the digest's move
            assert move.split() == " ".join(feed).split() and "\nAttack 1 on" in move, shown
            assert await service.reporter._since_last_move(table, other) == shown
        if table.status != "active" or nights >= 2:
            break
    assert nights >= 1


async def test_a_typed_move_is_named_by_its_label_when_it_says_nothing_in_public() -> None:
    """`/play`'s answer: the move's thread line, else (a search begun, its line still to come)
    the move named as its label reads, and what only the mover learnt, never a bare "Done."."""
    service, table = await started_table(
        "test_nim", ANA, BO, seed="answer", games={"test_nim": NIM}, options={"stones": 9}
    )
    seat = service.waiting_for(table)[0]
    user = table.seats[seat].user_id
    assert user is not None
    played = await service.act(table.id, user, "1")  # typed as a number, labelled "Take 1"
    assert played.label == "Take 1"
    assert played_answer(played, seat) == f"✓ {played.feed[0]}"
    silent = Played(table=played.table, label="Search 5 (Hospital) with Priya using 3")
    silent.private[seat] = ["You look at Gurney."]
    assert played_answer(silent, seat) == (
        "✓ Played: Search 5 (Hospital) with Priya using 3.\n» You look at Gurney."
    )
    assert played_answer(silent, 1 - seat) == "✓ Played: Search 5 (Hospital) with Priya using 3."

"""Every text a player reads speaks in names and words (issue 32 §3).

Seeded games of every game, with every option set its contract test declares, are played through
the table service to the end: two human seats ("Ana", "Bo") typing their moves as the buttons
show them (names and all), the rest AI seats. Everything a player reads along the way is scanned:
the lobby, every public line and private note, the board text and its turn line, every panel's
text, its move labels and every step label and detail of its choice tree, the end summary, the
rules text and the board picture's alt text where a game has one. None of it may hold an engine
identifier (`snake_case`, `key=value`, codes like `s1#2`, Python reprs like `[6, 6, 1]`) or
name a player by number ("seat 2", "group 1", "AI 1 (heuristic)") when a name exists.
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.names import ai_name, options_text, typed_refs
from bot.tables import Played, Player, TableService, label_mark
from rules import GAMES
from rules.choices import Node
from rules.errors import RuleError
from storage import MemoryStore
from tests.rules.contract import option_sets

ROOT = Path(__file__).resolve().parents[2]
HUMANS = (Player(101, "Ana"), Player(102, "Bo"))
SEEDS = (1, 2)
MAX_HUMAN_MOVES = 1_500  # a bound on a game that never ends: the test then fails

OPTION_SETS: dict[str, tuple[dict[str, Any], ...]] = {
    key: option_sets(game) for key, game in GAMES.items()
}

# What an engine writes and a player should never read.
BAD_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("an identifier", re.compile(r"\b[A-Za-z]+_[A-Za-z0-9_]*[A-Za-z0-9]\b")),
    ("a key=value pair", re.compile(r"\b\w+=\w")),
    ("a code like s1#2", re.compile(r"\b[a-z]\d+#\d+\b")),
    ("a Python list", re.compile(r"\[\s*\]|\[-?\d+(?:, -?\d+)+\]|\[['\"]")),
    ("a Python tuple or dict", re.compile(r"\(['\"]\w|\{['\"]\w|\(\d+, \d+,")),
    ("a Python None", re.compile(r"(?<=[a-z,:] )None\b|\bat positions none\b")),
    ("an unfilled seat reference", re.compile(r"\{s\d+\}")),
    ("a seat number", re.compile(r"\bseats? \d+\b", re.IGNORECASE)),
    ("a group number", re.compile(r"\bgroups? \d+\b", re.IGNORECASE)),
    ("a numbered AI", re.compile(r"\bAI \d+\b|\(heuristic\)|\(random\)|\(expert\)")),
    ("a player called 'it'", re.compile(r"\b(?:Ana|Bo) \w+ its\b")),
    ("a plural left to the reader", re.compile(r"\w\(s\)")),
    (
        "a plural after one",  # nouns, not verbs: "the camper 1 moves in" is right
        re.compile(
            r"(?<![\d.,/-])\b1 (?:cards|hotels|campers|zombies|players|survivors|items|points|"
            r"tiles|rounds|turns|days|nights|wounds|tokens|hours|minutes|barricades|attacks|"
            r"votes|helpless survivors|followers|moves are|cards are)\b"
        ),
    ),
)


CODE = re.compile(r"`[^`]*`")  # typed notation and seeds, shown as code on purpose


def bad_words(text: str) -> list[str]:
    """Each engine word or seat number in `text` (outside `code`), with what it is."""
    text = CODE.sub("", text)
    found = []
    for what, pattern in BAD_WORDS:
        for match in pattern.finditer(text):
            found.append(f"{what}: {match.group(0)!r}")
    return found


@dataclass
class Reader:
    """Everything the players read during one game, kept once per distinct text."""

    seen: dict[str, str] = field(default_factory=dict)  # text → where it was read

    def read(self, where: str, text: str) -> None:
        for line in text.splitlines():
            if line.strip() and line not in self.seen:
                self.seen[line] = where

    def tree(self, where: str, node: Node) -> None:
        for child in node.children:
            if child.choice is not None:
                self.read(f"{where} step", child.choice.label)
                self.read(f"{where} step detail", child.choice.detail)
            self.tree(where, child)

    def played(self, played: Played, service: TableService) -> None:
        for line in played.lines:
            self.read("public line", line)
        for seat, lines in played.private.items():
            for line in lines:
                self.read(f"private note of seat {seat}", line)
        if played.board is not None:
            self.read("board", played.board.text)
            self.read("turn line", played.board.turn)
            self.alt_text(played, service)
        for update in played.panels:
            self.read("panel", update.text)
            for label in update.choices:
                self.read("move label", label)
            self.tree("panel", update.tree)

    def alt_text(self, played: Played, service: TableService) -> None:
        try:
            games = importlib.import_module("cogs.games")
        except ImportError:  # no discord here: no pictures either
            return
        alt = getattr(games, "ALT_TEXT", {}).get(played.table.game)
        if alt is not None and played.board is not None:
            names = [seat.name for seat in played.table.seats]
            self.read("picture alt text", alt(played.board.observation, names))

    def problems(self) -> list[str]:
        return [
            f"{where}: {line!r} — {problem}"
            for line, where in self.seen.items()
            for problem in bad_words(line)
        ]


def cases() -> Iterator[Any]:
    for key in sorted(GAMES):
        for options in OPTION_SETS[key]:
            for seed in SEEDS:
                words = ",".join(f"{k}:{v}" for k, v in options.items()) or "default"
                yield pytest.param(key, options, seed, id=f"{key}-{words}-{seed}")


def seat_count(key: str, options: dict[str, Any]) -> int:
    """Three seats (two humans and an AI) where the game and its options seat three."""
    if options.get("mode") == "prisoners_dilemma":  # a game for exactly two
        return 2
    game = GAMES[key]
    return max(game.min_seats, min(3, game.max_seats))


async def play_to_the_end(key: str, options: dict[str, Any], seed: int) -> Reader:
    now = [1_000.0]
    store = MemoryStore()
    await store.connect()
    service = TableService(store, clock=lambda: now[0], new_seed=lambda: f"north{seed}")
    game = GAMES[key]
    reader = Reader()
    seats = seat_count(key, options)
    table = await service.open(key, HUMANS[0], options=options)
    for human in HUMANS[1:seats]:
        table = await service.join(table.id, human)
    for _ in range(seats - len(HUMANS)):
        table = await service.add_agent(table.id, HUMANS[0].user_id, "heuristic")
    reader.read("lobby", service.lobby_text(table))
    reader.read("rules", game.text.rules_text())
    reader.read("notation", game.text.notation())
    played = await service.start(table.id, HUMANS[0].user_id)
    reader.played(played, service)
    for update in await service.private_updates(played.table, force=True):
        reader.read("panel", update.text)
        for label in update.choices:
            reader.read("move label", label)
        reader.tree("panel", update.tree)
    rng = random.Random(seed)
    agents = {seat: game.agents["heuristic"]() for seat in range(seats)}
    moves = 0
    while played.table.status == "active":
        table = played.table
        waiting = [s for s in service.waiting_for(table) if table.seats[s].user_id is not None]
        if not waiting:  # only the game's own clock is left to move
            now[0] += 10_000
            for ticked in await service.tick(now[0]):
                reader.played(ticked, service)
            played = Played(table=await store.get_table(table.id))
            continue
        seat = rng.choice(waiting)
        labels = service.labels(table, seat)
        state = service.state(table)
        legal = service.engine(table).legal(state, seat)
        agent = agents[seat]
        observation = game.observe(state, seat)
        choice = agent.choose(observation, legal, random.Random(rng.random()))
        typed = labels[list(legal).index(choice)]
        user = table.seats[seat].user_id
        assert user is not None
        played = await service.act(table.id, user, typed)
        reader.played(played, service)
        moves += 1
        assert moves < MAX_HUMAN_MOVES, f"{key} did not end in {MAX_HUMAN_MOVES} human moves"
    await store.close()
    return reader


@pytest.mark.parametrize(("key", "options", "seed"), list(cases()))
async def test_players_read_names_and_words_never_engine_identifiers_or_seat_numbers(
    key: str, options: dict[str, Any], seed: int
) -> None:
    reader = await play_to_the_end(key, options, seed)
    assert reader.seen  # the game was read
    problems = reader.problems()
    assert not problems, f"{len(problems)} lines a player reads:\n" + "\n".join(problems[:60])


@pytest.mark.parametrize(
    "text",
    [
        "Twist: Blizzard (extra_die 1; wound acting 1)",
        "Options: secret_deal=betrayer",
        "s1#2 8 vs 8 tie",
        "Cold Comfort: roll [6, 6, 6, 6, 1, 1]",
        "Fire Dwindles at positions none left",
        "Call a vote to exile seat 2",
        "3. AI 1 (heuristic)",
        "Offer 9♣ (hand) to {s1}",
        "Group 2 scores 4",
        "Ravi builds 1 barricade(s) at the Colony.",
    ],
)
def test_the_scanner_finds_each_kind_of_engine_word(text: str) -> None:
    assert bad_words(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ana offers 9♣ (from her hand) to Bo.",
        "Frost 🤖 rolls 6, 6, 6, 6, 1 and 1.",
        "Secret deal: a betrayer may be among you.",
        "**Ana won**: the most points (12).",
        "_The fire dwindles._ Position 2 burns.",
    ],
)
def test_the_scanner_lets_plain_sentences_through(text: str) -> None:
    assert not bad_words(text)


async def tenth_night_day(service: TableService) -> Any:
    """A two-player The 10th Night table on its first day, when offers name the other player."""
    table = await service.open("tenth_night", HUMANS[0])
    await service.join(table.id, HUMANS[1])
    return (await service.start(table.id, HUMANS[0].user_id)).table


async def new_service() -> TableService:
    store = MemoryStore()
    await store.connect()
    return TableService(store, clock=lambda: 1_000.0, new_seed=lambda: "names")


async def test_move_labels_shown_to_players_name_them_and_typing_a_name_plays_that_move() -> None:
    service = await new_service()
    table = await tenth_night_day(service)
    labels = service.labels(table, 0)
    offers = [label for label in labels if label.startswith("Offer ")]
    assert offers and all(" to Bo for " in label for label in offers)
    played = await service.act(table.id, HUMANS[0].user_id, offers[0])
    assert played.table.ply == table.ply + 1
    state = service.state(played.table)
    assert state.offers and state.offers[0].to_seat == 1


async def test_the_old_seat_notation_still_plays_the_same_move() -> None:
    service = await new_service()
    table = await tenth_night_day(service)
    shown = next(label for label in service.labels(table, 0) if label.startswith("Offer "))
    typed = shown.replace(" to Bo ", " to seat 2 ")
    played = await service.act(table.id, HUMANS[0].user_id, typed)
    offer = service.state(played.table).offers[0]
    assert offer.to_seat == 1 and offer.from_seat == 0


async def test_a_button_carries_the_label_the_player_saw_with_names() -> None:
    service = await new_service()
    table = await tenth_night_day(service)
    labels = service.labels(table, 0)
    index = next(i for i, label in enumerate(labels) if " to Bo " in label)
    await service.act(table.id, HUMANS[1].user_id, "ready")  # another move: the ply moves on
    played = await service.act_choice(
        table.id, HUMANS[0].user_id, ply=table.ply, index=index, mark=label_mark(labels[index])
    )
    assert service.state(played.table).offers[0].to_seat == 1


def test_a_typed_name_becomes_the_seat_reference_labels_carry() -> None:
    names = ("Ana", "Bo Ray", "Frost 🤖")
    assert typed_refs("give rags to bo ray", names) == "give rags to {s1}"
    assert typed_refs("exile FROST", names) == "exile {s2}"
    assert typed_refs("Anakin takes the bone", names) == "Anakin takes the bone"


def test_ai_seats_get_winter_names_once_each() -> None:
    assert ai_name(["Ana", "Bo"]) == "Frost 🤖"
    assert ai_name(["Ana", "Frost 🤖", "Sleet 🤖"]) == "Rime 🤖"
    assert ai_name(["Frost"]) == "Sleet 🤖"  # a player called Frost keeps their name to themself


def test_options_are_said_in_sentences() -> None:
    said = options_text("dead_of_winter", {"mode": "standard", "secret_deal": "betrayer"})
    assert said == (
        "Standard game: each player has a secret objective. "
        "Secret deal: a betrayer is surely among you."
    )
    assert options_text("winter", {"max_thaw_turns": 50}) == (
        "Thaw limit: a draw after 50 thaw turns."
    )
    assert not bad_words(options_text("dead_of_winter", {"long_night": True, "lab": False}))


async def test_a_refusal_of_a_typed_move_names_the_player_it_is_about() -> None:
    service = await new_service()
    table = await tenth_night_day(service)
    state = service.state(table)
    mine = state.players[0].hand[0].split("-")[0]
    theirs = {person.id.split("-")[0] for person in state.players[1].row}
    missing = next(card for card in ("AS", "2S", "3S", "4S", "5S", "6S") if card not in theirs)
    with pytest.raises(RuleError) as refused:
        await service.act(table.id, HUMANS[0].user_id, f"propose 2 give {mine} for {missing}")
    assert "Bo's people" in str(refused.value) and "{s" not in str(refused.value)


async def test_tn_exchange_offer_typed_with_a_players_name_goes_to_that_player() -> None:
    service = await new_service()
    table = await tenth_night_day(service)
    mine = service.state(table).players[0].hand[0].split("-")[0]
    played = await service.act(table.id, HUMANS[0].user_id, f"propose Bo give {mine} for hand")
    offer = service.state(played.table).offers[0]
    assert offer.to_seat == 1 and offer.from_seat == 0


async def test_tn_an_offer_to_nobody_at_the_table_is_refused_in_names() -> None:
    service = await new_service()
    table = await tenth_night_day(service)
    mine = service.state(table).players[0].hand[0].split("-")[0]
    with pytest.raises(RuleError) as refused:
        await service.act(table.id, HUMANS[0].user_id, f"propose Zed give {mine} for hand")
    assert "write another player's name" in str(refused.value)
    with pytest.raises(RuleError) as refused:
        await service.act(table.id, HUMANS[0].user_id, f"propose 5 give {mine} for hand")
    assert str(refused.value) == "There is no player 5 here; name Bo."
    assert not bad_words(str(refused.value))


def test_no_typing_guide_names_a_seat_by_number() -> None:
    for key, game in GAMES.items():
        guide = game.text.notation()
        assert not re.search(r"\bseats? \d|<seat>", guide), key


def test_no_games_refusal_or_line_names_a_seat_by_number() -> None:
    """A game's words name another player through a seat reference (the bot writes the name),
    never as "seat 2": a refusal too ("The hotel at (0,1) belongs to Bo, not to you.")."""
    numbered = re.compile(r"seats? \{[^}]*\+ ?1\}", re.IGNORECASE)
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for package in sorted((ROOT / "rules").iterdir())
        if package.is_dir() and package.name in GAMES
        for path in sorted(package.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if numbered.search(line)
    ]
    assert not found, "\n".join(found)

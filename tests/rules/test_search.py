"""The search agent (`rules.search`, issue 33 §1) and the worlds The Coldest Night and The 10th
Night sample for it (`determinize`).

A world dealt from a seat's observation must show that seat exactly the observation it was dealt
from (CN-50, TN-39), hold exactly the cards the seat cannot see, and deal them differently for
different generators. The search must be deterministic for its generator, spend the budget it is
given (rollouts, or seconds on the clock it is handed), cut off a rollout that never ends, and
explain its pick in a plain sentence.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal

import pytest
from pydantic import TypeAdapter

from rules import GAMES
from rules.coldest_night import GAME as COLDEST
from rules.coldest_night.state import ColdestNightState
from rules.core import Advisor, BaseGame, Frozen, Options, Outcome, Seat, Step
from rules.engine import Engine
from rules.playout import next_actor, play_out
from rules.search import Candidate, SearchAgent, Searched, Tuning, next_best
from rules.tenth_night import GAME as TENTH
from rules.tenth_night.state import TenthNightState
from tests.support import seeded_games

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\w+=\w+")


def seeded_states(game: BaseGame[Any, Any, Any], seats: int, seed: int) -> Iterator[Any]:
    """Every state of a seeded game of heuristic players (the plain path: frozen states)."""
    return seeded_games.seeded_states(
        game, seed, [game.agents["heuristic"]() for _ in range(seats)]
    )


def worlds(
    game: BaseGame[Any, Any, Any], seats: int, seeds: int
) -> Iterator[tuple[Any, Seat, Any, Any]]:
    """Every state of `seeds` seeded games (`seeded_states`) for every seat: the state, the seat,
    its observation and the world `determinize` deals from that (None where it samples none),
    its generator seeded by the game's seed, the ply and the seat."""
    for seed in range(seeds):
        for ply, state in enumerate(seeded_states(game, seats, seed)):
            for seat in range(seats):
                obs = game.observe(state, seat)
                world = game.determinize(obs, seat, random.Random(f"{seed}/{ply}/{seat}"))
                yield state, seat, obs, world


def cn_hidden(state: ColdestNightState, seat: Seat) -> Counter[str]:
    """The cards `seat` cannot see: the others' hands and pools, the pile, the removed cards."""
    found: Counter[str] = Counter(state.deck)
    found.update(state.removed)
    for s, hand in enumerate(state.hands):
        if s != seat:
            found.update(hand)
    if state.scavenge is not None and state.scavenge.scavenger != seat:
        found.update(state.scavenge.pool)
    return found


def tn_hidden(state: TenthNightState, seat: Seat) -> Counter[str]:
    found: Counter[str] = Counter(state.draw)
    for s, p in enumerate(state.players):
        if s != seat:
            found.update(p.hand)
    return found


def dealt_worlds(
    game: BaseGame[Any, Any, Any],
    seats: int,
    seeds: int,
    hidden: Callable[[Any, Seat], Counter[str]],
    unsampled: tuple[str, ...],
) -> Iterator[tuple[Any, Any]]:
    """The state and world of each of `worlds` outside the `unsampled` phases (where none may be
    dealt), each world checked to show its seat exactly the observation it was dealt from and to
    hold exactly the cards `hidden` from that seat in the state."""
    for state, seat, obs, world in worlds(game, seats, seeds):
        if obs.phase in unsampled:
            assert world is None
            continue
        assert world is not None
        assert game.observe(world, seat) == obs
        assert hidden(world, seat) == hidden(state, seat)
        yield state, world


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_cn_50_a_coldest_night_world_shows_the_seat_its_own_observation_and_deals_only_unseen_cards(
    seats: int,
) -> None:
    checked = varied = 0
    # not sampled at a memory choice: the expert plays the heuristic's move
    unsampled = ("memory_choice", "game_over")
    for state, world in dealt_worlds(COLDEST, seats, 6, cn_hidden, unsampled):
        assert sorted(world.frost_deck) == sorted(state.frost_deck)
        checked += 1
        varied += world.deck != state.deck or world.hands != state.hands
    assert checked > 200
    assert varied > checked * 0.75  # dealt again (late in a game little is left unseen)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_tn_39_a_tenth_night_world_shows_the_seat_its_own_observation_and_deals_only_unseen_cards(
    seats: int,
) -> None:
    checked = pending = 0
    for state, world in dealt_worlds(TENTH, seats, 5, tn_hidden, ("game_over",)):
        assert world.cursor == state.cursor  # TN-18 replayed from the public steps
        pending += state.cursor is not None
        checked += 1
    assert checked > 100
    assert pending > 0


def test_tn_11_a_hidden_offered_hand_card_is_dealt_into_the_proposers_hand() -> None:
    """Random players make many offers: every world keeps each offer's card where it must be."""
    engine = Engine(TENTH)
    rng_agents = [TENTH.agents["random"]() for _ in range(3)]
    state = engine.setup(3, None, 7)
    offers_seen = 0
    for ply in range(1, 400):
        seat = next_actor(TENTH, state)
        if seat is None:
            break
        for viewer in range(3):
            obs = TENTH.observe(state, viewer)
            world = TENTH.determinize(obs, viewer, random.Random(ply))
            if world is None:
                continue
            assert TENTH.observe(world, viewer) == obs
            for offer in world.offers:
                if offer.give_zone == "hand":
                    assert offer.give_card in world.players[offer.from_seat].hand
                    offers_seen += 1
        legal = engine.legal(state, seat)
        action = rng_agents[seat].choose(None, legal, engine.agent_rng(7, ply, seat))
        state = engine.act(state, seat, action, seed=7, ply=ply, checked=True).state
    assert offers_seen > 0


@pytest.mark.parametrize("key", ["coldest_night", "tenth_night"])
def test_the_expert_is_an_advisor_and_the_same_generator_gives_the_same_move(key: str) -> None:
    game = GAMES[key]
    agent = game.agents["expert"]()
    assert isinstance(agent, Advisor) and isinstance(agent, SearchAgent)
    agent.iterations = 12
    searched = 0
    for state in seeded_states(game, 2, 3):
        seat = next_actor(game, state)
        if seat is None:
            break
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        obs = game.observe(state, seat)
        first = agent.choose(obs, legal, random.Random("same"))
        assert agent.choose(obs, legal, random.Random("same")) == first
        assert first in legal
        searched += 1
        if searched == 4:
            break
    assert searched == 4


def test_cn_a_suggestion_gives_the_fire_the_next_player_finds_in_plain_words() -> None:
    agent = COLDEST.agents["expert"]()
    assert isinstance(agent, SearchAgent)
    agent.iterations = 16
    state = Engine(COLDEST).setup(2, None, 5)
    seat = next_actor(COLDEST, state)
    assert seat is not None
    legal = COLDEST.legal_actions(state, seat)
    s = agent.suggest(COLDEST.observe(state, seat), legal, random.Random(1))
    assert s.action in legal
    assert s.win_chance is not None and 0.0 <= s.win_chance <= 1.0
    assert "heat" in s.reason and "%" in s.reason
    assert re.search(r"\{s\d\}|your next turn|morning", s.reason)
    assert not IDENTIFIER.search(s.reason), s.reason
    assert "seat" not in s.reason.lower()


def test_tn_a_suggestion_at_a_defence_says_what_the_cards_are_for() -> None:
    agent = TENTH.agents["expert"]()
    assert isinstance(agent, SearchAgent)
    agent.iterations = 12
    for seed in range(20):
        for state in seeded_states(TENTH, 1, seed):
            if state.cursor is None:
                continue
            legal = TENTH.legal_actions(state, 0)
            s = agent.suggest(TENTH.observe(state, 0), legal, random.Random(seed))
            assert s.action in legal
            assert "10th night" in s.reason and "%" in s.reason
            assert not IDENTIFIER.search(s.reason), s.reason
            return
    pytest.fail("no defence decision in 20 seeded solo games")


# --- the search itself, on a small game made for it -------------------------------------------


class Counter1(Frozen):
    """A one-player game: `step` takes the count down by one, `stay` changes nothing; the
    player wins at zero. A `stay`-only player never finishes."""

    left: int
    over: bool = False


class Move(Frozen):
    type: Literal["step", "stay"]


class Stayer:
    """The toy game's 'heuristic': it always stays, so its rollouts never end."""

    name = "heuristic"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return next(a for a in legal_actions if a.type == "stay")


class Countdown(BaseGame[Counter1, Move, Counter1]):
    key = "countdown"
    title = "Countdown"
    pitch = "Count down to zero."
    min_seats = max_seats = 1
    options_model = Options
    state_model = Counter1
    action_model = TypeAdapter(Move)

    def __init__(self) -> None:
        self.agents = {"heuristic": Stayer, "random": Stayer}

    def setup(self, seats: int, options: Any, rng: random.Random) -> Counter1:
        return Counter1(left=1)

    def to_act(self, state: Counter1) -> frozenset[Seat]:
        return frozenset() if state.over else frozenset({0})

    def legal_actions(self, state: Counter1, seat: Seat) -> Sequence[Move]:
        return [Move(type="stay"), Move(type="step")]

    def apply(
        self, state: Counter1, seat: Seat, action: Move, rng: random.Random
    ) -> Step[Counter1]:
        left = state.left - (action.type == "step")
        return Step(Counter1(left=left, over=left == 0), ())

    def observe(self, state: Counter1, seat: Seat | None) -> Any:
        return {"seat": seat, "left": state.left, "over": state.over}

    def outcome(self, state: Counter1) -> Outcome | None:
        return Outcome(winners=frozenset({0}), reason="zero") if state.over else None

    def determinize(self, observation: Any, seat: Seat, rng: random.Random) -> Counter1:
        return Counter1(left=observation["left"], over=observation["over"])


def test_a_rollout_that_never_ends_is_cut_off_by_the_no_progress_rule_and_counts_as_a_loss() -> (
    None
):
    game = Countdown()
    agent = SearchAgent(game, tuning=Tuning(max_plies=50), iterations=10)
    state = game.setup(1, None, random.Random(0))
    legal = game.legal_actions(state, 0)
    result = agent.search(game.observe(state, 0), legal, random.Random(0))
    assert result.action.type == "step"  # the heuristic would stay for ever
    stay = next(c for c in result.candidates if c.action.type == "stay")
    assert stay.rollouts > 0 and stay.capped == stay.rollouts and stay.wins == 0
    assert result.chosen is not None and result.chosen.win_rate == 1.0


def test_the_search_spends_its_rollouts_and_stops_by_the_deadline_of_the_clock_given() -> None:
    game = Countdown()
    by_count = SearchAgent(game, tuning=Tuning(max_plies=5), iterations=40)
    state = game.setup(1, None, random.Random(0))
    obs, legal = game.observe(state, 0), game.legal_actions(state, 0)
    assert 30 <= by_count.search(obs, legal, random.Random(0)).rollouts <= 40

    ticks = iter(range(10_000))  # a clock that moves one second each time it is read

    def clock() -> float:
        return float(next(ticks))

    by_time = SearchAgent(
        game, tuning=Tuning(max_plies=5), iterations=10_000, seconds=6.0, clock=clock
    )
    result = by_time.search(obs, legal, random.Random(0))
    assert result.rollouts <= 2 * 7  # two candidates a world, a world a clock reading
    assert result.action.type == "step"


def test_a_forced_move_is_played_without_a_search_or_a_draw_from_the_generator() -> None:
    game = Countdown()
    agent = SearchAgent(game, iterations=10)
    rng = random.Random(3)
    before = rng.getstate()
    only = [Move(type="step")]
    assert agent.choose({"seat": 0, "left": 1, "over": False}, only, rng) == only[0]
    assert rng.getstate() == before


def test_a_decision_where_every_move_scores_alike_stops_early_with_the_heuristics_move() -> None:
    game = Countdown()
    state = Counter1(left=2)  # a step does not finish either: every rollout is cut off
    obs, legal = game.observe(state, 0), game.legal_actions(state, 0)
    settling = SearchAgent(game, tuning=Tuning(max_plies=5, settle=4), iterations=40)
    result = settling.search(obs, legal, random.Random(0))
    assert result.rollouts == 2 * 4
    assert result.action.type == "stay"  # the heuristic's pick
    patient = SearchAgent(game, tuning=Tuning(max_plies=5), iterations=40)
    assert patient.search(obs, legal, random.Random(0)).rollouts == 40


class Coin(Countdown):
    """One choice between two moves that each win on a fair coin of their own (a step tosses
    the move's rng once more first, so the two moves' coins differ in the same world)."""

    def apply(
        self, state: Counter1, seat: Seat, action: Move, rng: random.Random
    ) -> Step[Counter1]:
        if action.type == "step":
            rng.randrange(2)
        return Step(Counter1(left=rng.randrange(2), over=True), ())

    def outcome(self, state: Counter1) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(winners=frozenset({0}) if state.left else frozenset(), reason="coin")


def test_noise_alone_does_not_move_the_expert_off_the_heuristics_pick_given_a_confidence() -> None:
    game = Coin()
    state = Counter1(left=1)
    obs, legal = game.observe(state, 0), game.legal_actions(state, 0)

    def moved(confidence: float) -> int:
        agent = SearchAgent(game, tuning=Tuning(confidence=confidence), iterations=24)
        picks = [agent.choose(obs, legal, random.Random(f"coin/{n}")) for n in range(12)]
        return sum(p.type != "stay" for p in picks)  # the heuristic stays

    assert moved(0.0) > 0  # the two moves are equal: a plain best mean follows the noise
    assert moved(3.0) == 0


def test_a_game_may_ask_a_different_confidence_by_the_observation() -> None:
    game = Coin()
    state = Counter1(left=1)
    obs, legal = game.observe(state, 0), game.legal_actions(state, 0)

    def moved(tuning: Tuning) -> int:
        agent = SearchAgent(game, tuning=tuning, iterations=24)
        picks = [agent.choose(obs, legal, random.Random(f"coin/{n}")) for n in range(12)]
        return sum(p.type != "stay" for p in picks)

    assert moved(Tuning(confidence=0.0, confidence_at=lambda o: 3.0)) == 0
    assert moved(Tuning(confidence=3.0, confidence_at=lambda o: 0.0)) > 0


@pytest.mark.parametrize("key", ["coldest_night", "tenth_night"])
def test_the_rollout_heuristic_plays_the_heuristics_games_move_for_move(key: str) -> None:
    game = GAMES[key]
    expert = game.agents["expert"]()
    assert isinstance(expert, SearchAgent)
    fast = expert.tuning.rollout
    assert fast is not None
    for seats in range(1, 5):
        for seed in range(4):
            plain = play_out(game, seats, seed, [game.agents["heuristic"]() for _ in range(seats)])
            quick = play_out(game, seats, seed, [fast() for _ in range(seats)])
            assert quick.log == plain.log, f"{key} {seats} seats seed {seed}"


def test_tn_a_rollouts_view_is_the_seats_observation_without_its_legal_list() -> None:
    expert = TENTH.agents["expert"]()
    assert isinstance(expert, SearchAgent)
    look = expert.tuning.observe
    assert look is not None
    for seats in (1, 3):
        for state in seeded_states(TENTH, seats, 2):
            work = TENTH.working(state)
            for seat in range(seats):
                full = TENTH.observe(state, seat).model_copy(update={"legal_actions": []})
                assert look(work, seat) == full


# --- Dead of Winter's worlds --------------------------------------------------------------------


def dow_states(seats: int, options: dict[str, Any] | None, seed: int) -> Iterator[Any]:
    """Every state of a seeded Dead of Winter game of heuristic players."""
    game = GAMES["dead_of_winter"]
    engine = Engine(game)
    agents = [game.agents["heuristic"]() for _ in range(seats)]
    state = engine.setup(seats, options, seed)
    ply = 0
    while (seat := next_actor(game, state)) is not None:
        yield state
        legal = engine.legal(state, seat)
        ply += 1
        action = agents[seat].choose(
            game.observe(state, seat), legal, engine.agent_rng(seed, ply, seat)
        )
        state = engine.act(state, seat, action, seed=seed, ply=ply, checked=True).state


def dow_unseen(state: Any, seat: Seat) -> tuple[list[int], set[str]]:
    """The other groups' hand sizes, and every item card in a place `seat` cannot see (the
    others' hands and crisis cards, the town decks)."""
    theirs = [g for g in state.groups if g.seat != seat]
    cards = {c for g in theirs for c in g.hand} | {
        c for loc in state.locations.values() for c in loc.deck
    }
    if state.crisis is not None:
        ids = {g.group for g in theirs}
        cards |= {c.card for c in state.crisis.contributions if c.group in ids}
    return [len(g.hand) for g in theirs], cards


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, None), (3, {"mode": "standard"}), (3, {"mode": "standard", "secret_deal": "betrayer"})],
)
def test_dw_a_dead_of_winter_world_shows_the_seat_its_own_observation_and_legal_moves(
    seats: int, options: dict[str, Any] | None
) -> None:
    from rules.dead_of_winter.content import OBJECTIVES
    from rules.dead_of_winter.determinize import determinize

    game = GAMES["dead_of_winter"]
    checked = varied = 0
    for state in dow_states(seats, options, 5):
        seat = next_actor(game, state)
        assert seat is not None
        obs, legal = game.observe(state, seat), list(game.legal_actions(state, seat))
        world = determinize(obs, seat, random.Random(checked), legal)
        if state.pending or state.phase != "turn":
            assert world is None  # not sampled: the expert plays the heuristic's move
            continue
        assert world is not None
        assert game.observe(world, seat) == obs
        assert list(game.legal_actions(world, seat)) == legal
        sizes, cards = dow_unseen(world, seat)
        assert sizes == dow_unseen(state, seat)[0]
        seen = {c.id for cs in (obs.hand or {}).values() for c in cs}
        seen |= {c.id for s in obs.survivors for c in s.equipped}
        assert not cards & seen  # only cards the seat cannot see are dealt
        kinds = [OBJECTIVES[o].kind for g in world.groups for o in g.objectives]
        assert kinds.count("betrayal") <= 1  # one betrayal card in the deal (§7.2)
        checked += 1
        varied += world != state
    assert checked > 50
    assert varied == checked


def test_dw_a_world_remembers_whom_the_seat_has_asked_this_turn_from_its_legal_list() -> None:
    from rules.dead_of_winter.actions import Request
    from rules.dead_of_winter.determinize import determinize

    game = GAMES["dead_of_winter"]
    engine = Engine(game)
    for state in dow_states(2, None, 3):
        seat = next_actor(game, state)
        assert seat is not None
        asks = [a for a in game.legal_actions(state, seat) if isinstance(a, Request)]
        if state.pending or state.phase != "turn" or not asks:
            continue
        state = engine.act(state, seat, asks[0], seed=3, ply=1000, checked=True).state
        assert next_actor(game, state) == asks[0].target
        for ply in range(1001, 1011):  # the answer, and the card given if it must be played now
            if next_actor(game, state) == seat and not state.pending:
                break
            actor = next_actor(game, state)
            assert actor is not None
            answer = game.agents["heuristic"]().choose(
                game.observe(state, actor), game.legal_actions(state, actor), random.Random(0)
            )
            state = engine.act(state, actor, answer, seed=3, ply=ply, checked=True).state
        assert next_actor(game, state) == seat and not state.pending
        obs, legal = game.observe(state, seat), list(game.legal_actions(state, seat))
        assert not any(isinstance(a, Request) for a in legal)  # asked already this turn
        world = determinize(obs, seat, random.Random(0), legal)
        assert world is not None and list(game.legal_actions(world, seat)) == legal
        blind = determinize(obs, seat, random.Random(0))  # the observation alone cannot tell
        assert blind is not None and list(game.legal_actions(blind, seat)) != legal
        return
    pytest.fail("no turn with a request to make in the seeded game")


def test_dw_a_suggestion_in_the_co_op_game_is_a_legal_move_with_a_plain_reason() -> None:
    game = GAMES["dead_of_winter"]
    agent = game.agents["expert"]()
    assert isinstance(agent, SearchAgent)
    agent.iterations = 6
    for n, state in enumerate(dow_states(2, None, 4)):
        seat = next_actor(game, state)
        assert seat is not None
        if n < 30 or state.pending or state.phase != "turn":
            continue
        legal = game.legal_actions(state, seat)
        s = agent.suggest(game.observe(state, seat), legal, random.Random(n))
        assert s.action in legal
        assert s.win_chance is not None and "chance of winning" in s.reason
        assert not IDENTIFIER.search(s.reason), s.reason
        return
    pytest.fail("no turn decision in the seeded game")


def test_a_tuning_takes_a_games_hooks_in_order_and_its_settings_only_by_name() -> None:
    def value(outcome: Outcome | None, work: Any, seat: Seat) -> float:
        return 1.0

    tuning = Tuning(None, value, max_candidates=4)
    assert (tuning.value, tuning.max_candidates) == (value, 4)
    with pytest.raises(TypeError):
        Tuning(None, value, None, Tuning().explain, 4)  # type: ignore[misc]


def test_a_reason_compares_with_the_next_best_move_in_words_that_read_right() -> None:
    """ "(against 21 % after the next best move)"; when both read the same, "(the next best move
    did as well)", not "29 % … (29 % after the next best move)"."""
    chosen = Candidate(action="a", index=1, rollouts=10, wins=4, value=4.0)
    worse = Candidate(action="b", index=0, rollouts=10, wins=2, value=2.0)
    level = Candidate(action="b", index=0, rollouts=10, wins=4, value=4.0)
    assert next_best(Searched("a", chosen, [worse, chosen], 20, searched=True)) == (
        " (against 20 % after the next best move)"
    )
    assert next_best(Searched("a", chosen, [level, chosen], 20, searched=True)) == (
        " (the next best move did as well)"
    )
    assert next_best(Searched("a", chosen, [chosen], 10, searched=True)) == ""

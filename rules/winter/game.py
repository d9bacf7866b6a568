"""Winter's rules: set-up, legal actions and their effects (spec §3, §4, §6).

Where the spec is silent (see also the package docstring):
- Seats are 0-based in every record and observation field (`first_player`, `colours` keys,
  `to_act`).
- `parse` refuses an illegal typed command with the reason from `why_illegal`, so players learn
  what is wrong without the engine's generic message.
- The thaw-start check also runs the turn-limit test (it can only fire with `thaw_turns ≥ max`,
  which is impossible at 0 unless the option is off).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from rules.core import Agent, ChatPolicy, Event, Options, Outcome, Seat, Step, seat_ref
from rules.errors import IllegalActionError
from rules.winter import text, view
from rules.winter.cards import CARD_TYPE, sections_of
from rules.winter.geometry import Cell, new_squares
from rules.winter.lake import ORIENTATIONS, Lake
from rules.winter.state import (
    ACTION_MODEL,
    SECTION_OF,
    ChooseColour,
    Colour,
    Draw,
    Keep,
    Move,
    Place,
    PlacedCard,
    PlacedCounter,
    PutCounter,
    Remove,
    Result,
    Take,
    WinterAction,
    WinterObservation,
    WinterOptions,
    WinterState,
)

OTHER: dict[Colour, Colour] = {"light": "dark", "dark": "light"}


def end_check(state: WinterState) -> Result | None:
    """WI-21, in order: both frozen out, one frozen out, turn limit."""
    on = (state.on_table(0), state.on_table(1))
    if on == (0, 0):
        return Result(winners=(), reason="both_frozen_out", scores=on)
    if 0 in on:
        return Result(winners=(1 if on[0] == 0 else 0,), reason="frozen_out", scores=on)
    if state.max_thaw_turns > 0 and state.thaw_turns >= state.max_thaw_turns:
        return Result(winners=(), reason="turn_limit", scores=on)
    return None


class WinterGame:
    key = "winter"
    title = "Winter"
    pitch = "Lay 18 ice cards into a frozen lake, claim squares of your colour, then thaw it apart."
    min_seats = 2
    max_seats = 2
    options_model: type[Options] = WinterOptions
    state_model = WinterState
    action_model = ACTION_MODEL

    def __init__(self) -> None:
        from rules.winter.agents import AGENTS

        self.agents: Mapping[str, Callable[[], Agent]] = AGENTS

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, seats: int, options: WinterOptions, rng: random.Random) -> WinterState:
        first = rng.randrange(2)  # WI-2: spec seat rng.randrange(2) + 1, 0-based here
        deck = list(range(18))
        rng.shuffle(deck)
        opening = PlacedCard(card_id=deck[0], row=0, col=0, orientation="up")
        return WinterState(
            first_player=first,
            active=first,
            phase="place_drawn",
            deck=tuple(deck[2:]),
            drawn_card=deck[1],
            cards=(opening,),
            max_thaw_turns=options.max_thaw_turns,
            log=(f"Card {deck[0]} opens the lake at C3.",),
        )

    # -- turns ------------------------------------------------------------------------------
    def to_act(self, state: WinterState) -> frozenset[Seat]:
        return frozenset() if state.phase == "over" else frozenset({state.active})

    def awaiting(self, state: WinterState) -> frozenset[Seat]:
        return self.to_act(state)

    def legal_actions(self, state: WinterState, seat: Seat) -> Sequence[WinterAction]:
        if state.phase == "over" or seat != state.active:
            return []
        phase = state.phase
        lake = Lake(state.cards, state.counters)
        if phase == "choose_colour":
            return [ChooseColour(colour="light"), ChooseColour(colour="dark")]
        if phase == "place_drawn":
            from rules.winter.geometry import legal_spots

            spots = legal_spots(lake.anchors())
            return [Place(row=r, col=c, orientation=o) for r, c in spots for o in ORIENTATIONS]
        colour = state.colours[seat]
        assert colour is not None
        if phase == "freezing":
            out: list[WinterAction] = [Draw()]
            if state.supply[seat] >= 1:
                want = SECTION_OF[colour]
                for (r, c), s in lake.open_squares():
                    if s == want:
                        out.append(PutCounter(row=r, col=c))
            return out
        if phase == "move_counters":
            return [PutCounter(row=r, col=c) for r, c in state.counter_options]
        if phase == "lake_choice":
            return [Keep(row=r, col=c) for r, c in state.lake_options]
        # thawing
        thaw: list[WinterAction] = list(lake.moves(colour, state.supply[seat]))
        locked = lake.locked()
        thaw.extend(Remove(row=r, col=c) for r, c in sorted(lake.cards) if (r, c) not in locked)
        thaw.extend(
            Take(row=r, col=c) for (r, c), k in sorted(lake.counters.items()) if k == colour
        )
        return thaw

    def apply(
        self, state: WinterState, seat: Seat, action: WinterAction, rng: random.Random
    ) -> Step[WinterState]:
        if action not in self.legal_actions(state, seat):
            raise IllegalActionError(
                text.why_illegal(state, seat, action) or "That move is not allowed right now."
            )
        return self.resolve(state, seat, action)

    def resolve(self, state: WinterState, seat: Seat, action: WinterAction) -> Step[WinterState]:
        """Apply an action already known to be legal (agents use it to look one ply ahead)."""
        who = seat_ref(seat)
        lines: list[str] = []
        if isinstance(action, ChooseColour):
            colours: tuple[Colour | None, Colour | None] = (
                (action.colour, OTHER[action.colour])
                if seat == 0
                else (OTHER[action.colour], action.colour)
            )
            lines.append(
                f"{who} chooses {action.colour} blue; the other seat plays "
                f"{OTHER[action.colour]} blue."
            )
            new = state.model_copy(update={"colours": colours, "phase": "freezing"})
            return self._step(new, lines)
        if isinstance(action, Draw):
            card = state.deck[0]
            lines.append(f"{who} draws card {card} (type {CARD_TYPE[card]}).")
            new = state.model_copy(
                update={"deck": state.deck[1:], "drawn_card": card, "phase": "place_drawn"}
            )
            return self._step(new, lines)
        if isinstance(action, Place):
            return self._place(state, seat, action, lines)
        if isinstance(action, PutCounter):
            return self._counter(state, seat, action, lines)
        if isinstance(action, Take):
            lake = Lake(state.cards, state.counters)
            label = text.cell_text(state, (action.row, action.col))
            del lake.counters[(action.row, action.col)]
            lines.append(f"{who} takes back the counter on {label}.")
            supply = _bump(state.supply, seat, +1)
            new = state.model_copy(update={"counters": lake.counter_tuple(), "supply": supply})
            return self._finish_thaw(new, lines)
        if isinstance(action, Remove):
            return self._remove(state, seat, action, lines)
        if isinstance(action, Move):
            return self._move(state, seat, action, lines)
        return self._keep(state, seat, action, lines)

    # -- action effects -----------------------------------------------------------------------
    def _place(
        self, state: WinterState, seat: Seat, action: Place, lines: list[str]
    ) -> Step[WinterState]:
        assert state.drawn_card is not None
        card = PlacedCard(
            card_id=state.drawn_card, row=action.row, col=action.col, orientation=action.orientation
        )
        lines.append(
            f"{seat_ref(seat)} places card {card.card_id} at "
            f"{text.cell_text(state, (action.row, action.col))} ({action.orientation})."
        )
        cards = tuple(sorted((*state.cards, card), key=lambda c: (c.row, c.col)))
        update: dict[str, object] = {"cards": cards, "drawn_card": None}
        if state.colours == (None, None):
            update |= {"phase": "choose_colour", "active": 1 - state.first_player}
            return self._step(state.model_copy(update=update), lines)
        if state.deck:
            update |= {"phase": "freezing", "active": 1 - seat}
            return self._step(state.model_copy(update=update), lines)
        update |= {"phase": "thawing", "active": 1 - seat}
        lines.append("The deck is empty: the Thawing begins.")
        new = state.model_copy(update=update)
        return self._step(self._maybe_over(new, lines), lines)

    def _counter(
        self, state: WinterState, seat: Seat, action: PutCounter, lines: list[str]
    ) -> Step[WinterState]:
        colour = state.colours[seat]
        assert colour is not None
        counter = PlacedCounter(row=action.row, col=action.col, colour=colour)
        counters = tuple(sorted((*state.counters, counter), key=lambda k: (k.row, k.col, k.colour)))
        supply = _bump(state.supply, seat, -1)
        lines.append(
            f"{seat_ref(seat)} puts a {colour} counter on "
            f"{text.cell_text(state, (action.row, action.col))}."
        )
        update: dict[str, object] = {"counters": counters, "supply": supply}
        if state.phase == "freezing":
            update |= {"active": 1 - seat}
            return self._step(state.model_copy(update=update), lines)
        left = tuple(sq for sq in state.counter_options if sq != (action.row, action.col))
        update["counter_options"] = left
        new = state.model_copy(update=update)
        if supply[seat] > 0 and left:
            return self._step(new, lines)
        return self._finish_thaw(new, lines)

    def _remove(
        self, state: WinterState, seat: Seat, action: Remove, lines: list[str]
    ) -> Step[WinterState]:
        lake = Lake(state.cards, state.counters)
        spot = (action.row, action.col)
        lines.append(
            f"{seat_ref(seat)} removes card {lake.cards[spot].card_id} "
            f"from {text.cell_text(state, spot)}."
        )
        del lake.cards[spot]
        candidates, parts = lake.candidates_after_lift(spot)
        new = state.model_copy(
            update={"cards": lake.card_tuple(), "discarded_cards": state.discarded_cards + 1}
        )
        if len(candidates) > 1:
            return self._ask_lake(new, candidates, lines, None)
        if parts > 1:
            new = self._melt(new, lake, candidates[0], lines)
        return self._finish_thaw(new, lines)

    def _move(
        self, state: WinterState, seat: Seat, action: Move, lines: list[str]
    ) -> Step[WinterState]:
        lake = Lake(state.cards, state.counters)
        origin = (action.from_row, action.from_col)
        card = lake.cards.pop(origin)
        lines.append(
            f"{seat_ref(seat)} moves card {card.card_id} from {text.cell_text(state, origin)} "
            f"to {text.cell_text(state, (action.to_row, action.to_col))} ({action.orientation})."
        )
        candidates, parts = lake.candidates_after_lift(origin)
        new = state.model_copy(update={"cards": lake.card_tuple()})
        if len(candidates) > 1:
            colour = state.colours[seat]
            assert colour is not None
            face = sections_of(card.card_id, action.orientation)
            dest = (action.to_row, action.to_col)
            candidates = [g for g in candidates if lake.passes(g, dest, face, SECTION_OF[colour])]
            if len(candidates) > 1:
                return self._ask_lake(new, candidates, lines, (action, card.card_id))
        if parts > 1:
            new = self._melt(new, lake, candidates[0], lines)
        return self._put_down(new, seat, action, card.card_id, lines)

    def _keep(
        self, state: WinterState, seat: Seat, action: Keep, lines: list[str]
    ) -> Step[WinterState]:
        lake = Lake(state.cards, state.counters)
        group = lake.group_of((action.row, action.col))
        lines.append(
            f"{seat_ref(seat)} keeps the group of "
            f"{text.cell_text(state, (action.row, action.col))}."
        )
        new = self._melt(state, lake, group, lines)
        new = new.model_copy(update={"lake_options": (), "phase": "thawing"})
        if state.pending_move is None or state.lifted_card is None:
            return self._finish_thaw(new, lines)
        return self._put_down(new, seat, state.pending_move, state.lifted_card, lines)

    # -- shared steps -------------------------------------------------------------------------
    def _ask_lake(
        self,
        state: WinterState,
        candidates: list[frozenset[Cell]],
        lines: list[str],
        move: tuple[Move, int] | None,
    ) -> Step[WinterState]:
        """WI-13: a tie for largest is the active seat's choice."""
        reps = tuple(sorted(min(g) for g in candidates))
        update: dict[str, object] = {"phase": "lake_choice", "lake_options": reps}
        if move is not None:
            update |= {"pending_move": move[0], "lifted_card": move[1]}
        new = state.model_copy(update=update)
        names = ", ".join(text.cell_text(new, r) for r in reps)
        lines.append(
            f"The lake splits into groups of equal size: {seat_ref(state.active)} "
            f"chooses which to keep ({names})."
        )
        return self._step(new, lines)

    def _melt(
        self, state: WinterState, lake: Lake, keep: frozenset[Cell], lines: list[str]
    ) -> WinterState:
        gone, refunds = lake.melt_all_but(keep)
        supply = list(state.supply)
        for colour, n in refunds.items():
            owner = state.seat_of(colour)
            if owner is not None:
                supply[owner] += n
        back = sum(refunds.values())
        lines.append(
            f"The lake splits: {gone} card(s) melt"
            + (f" and {back} counter(s) go back to supply." if back else ".")
        )
        return state.model_copy(
            update={
                "cards": lake.card_tuple(),
                "counters": lake.counter_tuple(),
                "supply": (supply[0], supply[1]),
                "discarded_cards": state.discarded_cards + gone,
            }
        )

    def _put_down(
        self, state: WinterState, seat: Seat, move: Move, card_id: int, lines: list[str]
    ) -> Step[WinterState]:
        """§4.3 steps 3–4 and §4.5: put the card down and claim the new squares."""
        colour = state.colours[seat]
        assert colour is not None
        lake = Lake(state.cards, state.counters)
        dest = (move.to_row, move.to_col)
        face = sections_of(card_id, move.orientation)
        fresh = new_squares(lake.grid(), dest, face, SECTION_OF[colour])
        lake.cards[dest] = PlacedCard(
            card_id=card_id, row=dest[0], col=dest[1], orientation=move.orientation
        )
        base = state.model_copy(
            update={"cards": lake.card_tuple(), "lifted_card": None, "lake_options": ()}
        )
        if len(fresh) > state.supply[seat]:
            new = base.model_copy(
                update={
                    "phase": "move_counters",
                    "pending_move": move,
                    "counter_options": tuple(fresh),
                }
            )
            lines.append(
                f"{len(fresh)} new squares but only {state.supply[seat]} counter(s): "
                f"{seat_ref(seat)} chooses where they go."
            )
            return self._step(new, lines)
        for sq in fresh:
            lake.counters[sq] = colour
        labels = ", ".join(text.cell_text(base, sq) for sq in fresh)
        lines.append(f"{seat_ref(seat)} claims {labels}.")
        new = base.model_copy(
            update={
                "counters": lake.counter_tuple(),
                "supply": _bump(state.supply, seat, -len(fresh)),
            }
        )
        return self._finish_thaw(new, lines)

    def _finish_thaw(self, state: WinterState, lines: list[str]) -> Step[WinterState]:
        """§4.6: count the turn, run the end checks, pass the turn."""
        new = state.model_copy(
            update={
                "thaw_turns": state.thaw_turns + 1,
                "phase": "thawing",
                "active": 1 - state.active,
                "pending_move": None,
                "lifted_card": None,
                "lake_options": (),
                "counter_options": (),
            }
        )
        return self._step(self._maybe_over(new, lines), lines)

    def _maybe_over(self, state: WinterState, lines: list[str]) -> WinterState:
        result = end_check(state)
        if result is None:
            return state
        lines.append(text.result_line(result))
        return state.model_copy(update={"result": result, "phase": "over"})

    def _step(self, state: WinterState, lines: list[str]) -> Step[WinterState]:
        final = state.model_copy(update={"log": tuple(lines)})
        return Step(final, tuple(Event(text=line) for line in lines))

    # -- reading ----------------------------------------------------------------------------
    def observe(self, state: WinterState, seat: Seat | None) -> WinterObservation:
        return view.observe(state)

    def outcome(self, state: WinterState) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        return Outcome(
            winners=frozenset(r.winners), reason=r.reason, scores={0: r.scores[0], 1: r.scores[1]}
        )

    def chat_policy(self, state: WinterState, seat: Seat) -> ChatPolicy:
        return ChatPolicy()

    def secrets(self, state: WinterState, seat: Seat) -> frozenset[str]:
        return frozenset()  # WI-23: only the deck order is secret, and nobody knows it

    def label(self, state: WinterState, action: WinterAction) -> str:
        return text.label(state, action)

    def parse(self, state: WinterState, seat: Seat, typed: str) -> WinterAction:
        return text.parse(self, state, seat, typed)

    def why_illegal(self, state: WinterState, seat: Seat, action: WinterAction) -> str | None:
        return text.why_illegal(state, seat, action)

    def describe(self, observation: WinterObservation) -> str:
        return view.describe(observation)

    def rules_text(self) -> str:
        return f"{text.RULES.rstrip()}\nFull rules: `docs/games/winter.md`."


def _bump(supply: tuple[int, int], seat: Seat, delta: int) -> tuple[int, int]:
    values = list(supply)
    values[seat] += delta
    return (values[0], values[1])

"""The observation (spec §9): the record every seat and the public view read (WI-23).

Beyond the contract fields it carries what the lake picture needs without reaching into the rules:
the frame's last row and column and its column letters, and `hint_marks()` — the spots the seat
to act may use, derived from the legal actions on request only (they cost as much as a move search,
so an observation does not compute them unless a picture asks).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from rules.core import Frozen
from rules.winter.actions import COLOUR_OF, Colour, Move, Place, PutCounter, Remove
from rules.winter.rules_cards import CARD_TYPE, UP, Orientation, Section, sections_of
from rules.winter.rules_geometry import Cell, cell_label, frame, groups, legal_spots
from rules.winter.rules_lake import Lake
from rules.winter.rules_legal import legal_actions
from rules.winter.state import Phase, PlacedCard, PlacedCounter, Result, Stage, WinterState

CARD_COUNT = 18  # ice cards in the game


class CardFace(Frozen):
    card_id: int
    card_type: int
    up: list[list[Section]]


class CardView(Frozen):
    card_id: int
    card_type: int
    row: int
    col: int
    orientation: Orientation
    sections: list[list[Section]]
    locked: bool
    label: str


class CounterView(Frozen):
    row: int
    col: int
    colour: Colour
    seat: int
    label: str


class SquareView(Frozen):
    row: int
    col: int
    colour: Colour
    label: str


class GroupView(Frozen):
    keep_row: int
    keep_col: int
    keep_label: str
    size: int
    cards: list[tuple[int, int]]


class OutcomeView(Frozen):
    winners: list[int]
    reason: str
    scores: list[int]


class WinterObservation(Frozen):
    game: str = "winter"
    stage: Stage
    phase: Phase
    to_act: list[int]
    first_player: int
    colours: dict[int, Colour | None]
    deck_count: int
    drawn_card: CardFace | None
    cards: list[CardView]
    counters: list[CounterView]
    open_squares: list[SquareView]
    supply: dict[int, int]
    on_table: dict[int, int]
    discarded_cards: int
    lifted_card: CardFace | None
    pending_move: Move | None
    lake_options: list[GroupView]
    counter_options: list[SquareView]
    frame_row0: int
    frame_col0: int
    frame_row1: int
    frame_col1: int
    column_letters: list[str]
    thaw_turns: int
    max_thaw_turns: int
    log: list[str]
    outcome: OutcomeView | None

    def hint_marks(self) -> list[HintMark]:
        """What the seat to act may use, in the order of its legal actions (the picture's hints):
        placement spots or move destinations (`spot`), claimable squares (`square`), removable
        cards (`cross`). Empty when nobody is to act."""
        return hint_marks(self)


class HintMark(Frozen):
    kind: Literal["spot", "square", "cross"]
    row: int
    col: int


def face(card_id: int | None) -> CardFace | None:
    if card_id is None:
        return None
    return CardFace(
        card_id=card_id, card_type=CARD_TYPE[card_id], up=[list(row) for row in UP[card_id]]
    )


def observe(state: WinterState) -> WinterObservation:
    """WI-23: everyone sees the same record; only the deck order stays hidden."""
    lake = Lake(state.cards, state.counters)
    origin = frame(lake.cards)

    def at(cell: Cell) -> str:
        return cell_label(cell, origin)

    locked = lake.locked()
    grid = lake.grid()
    cards = [
        CardView(
            card_id=c.card_id,
            card_type=CARD_TYPE[c.card_id],
            row=c.row,
            col=c.col,
            orientation=c.orientation,
            sections=[list(row) for row in sections_of(c.card_id, c.orientation)],
            locked=(c.row, c.col) in locked,
            label=at((c.row, c.col)),
        )
        for c in state.cards
    ]
    counters = [
        CounterView(
            row=k.row,
            col=k.col,
            colour=k.colour,
            seat=state.seat_of(k.colour) or 0,
            label=at((k.row, k.col)),
        )
        for k in state.counters
    ]
    open_squares = [
        SquareView(row=r, col=c, colour=COLOUR_OF[s], label=at((r, c)))
        for (r, c), s in lake.open_squares(grid)
    ]
    lake_options = []
    if state.phase == "lake_choice":
        parts = {min(g): g for g in groups(lake.cards)}
        for rep in state.lake_options:
            g = parts[rep]
            lake_options.append(
                GroupView(
                    keep_row=rep[0],
                    keep_col=rep[1],
                    keep_label=at(rep),
                    size=len(g),
                    cards=sorted(g),
                )
            )
    counter_options = []
    if state.phase == "move_counters":
        for sq in state.counter_options:
            counter_options.append(
                SquareView(row=sq[0], col=sq[1], colour=COLOUR_OF[grid[sq]], label=at(sq))
            )
    # the frame reaches two cells past the lowest and right-most card; a lake with no card shows
    # a 6×6 frame (the picture's fallback)
    row1 = max((c.row for c in state.cards), default=origin[0] + 2) + 3
    col1 = max((c.col for c in state.cards), default=origin[1] + 2) + 3
    outcome: OutcomeView | None = None
    if state.result is not None:
        r = state.result
        outcome = OutcomeView(winners=sorted(r.winners), reason=r.reason, scores=list(r.scores))
    return WinterObservation(
        stage=state.stage,
        phase=state.phase,
        to_act=[] if state.phase == "over" else [state.active],
        first_player=state.first_player,
        colours={0: state.colours[0], 1: state.colours[1]},
        deck_count=len(state.deck),
        drawn_card=face(state.drawn_card),
        cards=cards,
        counters=counters,
        open_squares=open_squares,
        supply={0: state.supply[0], 1: state.supply[1]},
        on_table={0: state.on_table(0), 1: state.on_table(1)},
        discarded_cards=state.discarded_cards,
        lifted_card=face(state.lifted_card),
        pending_move=state.pending_move,
        lake_options=lake_options,
        counter_options=counter_options,
        frame_row0=origin[0],
        frame_col0=origin[1],
        frame_row1=row1,
        frame_col1=col1,
        column_letters=[
            cell_label((origin[0], c), origin)[:-1] for c in range(origin[1], col1 + 1)
        ],
        thaw_turns=state.thaw_turns,
        max_thaw_turns=state.max_thaw_turns,
        log=list(state.log),
        outcome=outcome,
    )


def state_from(
    obs: WinterObservation, deck: Sequence[int] | None = None, *, with_log: bool = False
) -> WinterState:
    """The position behind an observation, its deck `deck` (default: the unseen ids in order).

    Everything but the deck order is public (WI-23), so this is the position itself up to the deck:
    agents look ahead from it, `hint_marks` lists the legal actions of it, and `determinize`
    deals its deck at random (`with_log` keeps the observation's log lines, so the world's own
    observation is the one given; a look-ahead needs none).
    """
    if deck is None:
        deck = unseen_cards(obs)[: obs.deck_count]
    result = None
    if obs.outcome is not None:
        o = obs.outcome
        result = Result(
            winners=tuple(o.winners), reason=o.reason, scores=(o.scores[0], o.scores[1])
        )
    return WinterState(
        first_player=obs.first_player,
        active=obs.to_act[0] if obs.to_act else 0,
        phase=obs.phase,
        deck=tuple(deck),
        cards=tuple(
            PlacedCard(card_id=c.card_id, row=c.row, col=c.col, orientation=c.orientation)
            for c in obs.cards
        ),
        colours=(obs.colours[0], obs.colours[1]),
        drawn_card=obs.drawn_card.card_id if obs.drawn_card else None,
        counters=tuple(PlacedCounter(row=k.row, col=k.col, colour=k.colour) for k in obs.counters),
        supply=(obs.supply[0], obs.supply[1]),
        discarded_cards=obs.discarded_cards,
        lifted_card=obs.lifted_card.card_id if obs.lifted_card else None,
        pending_move=obs.pending_move,
        lake_options=tuple((g.keep_row, g.keep_col) for g in obs.lake_options),
        counter_options=tuple((q.row, q.col) for q in obs.counter_options),
        thaw_turns=obs.thaw_turns,
        max_thaw_turns=obs.max_thaw_turns,
        result=result,
        log=tuple(obs.log) if with_log else (),
    )


def unseen_cards(obs: WinterObservation) -> list[int]:
    """The card ids the observation does not show, in id order: the deck's cards (in the
    Freezing) or the discarded ones (in the Thawing), which a seat cannot tell apart."""
    seen = {c.card_id for c in obs.cards}
    for card in (obs.drawn_card, obs.lifted_card):
        if card is not None:
            seen.add(card.card_id)
    return [i for i in range(CARD_COUNT) if i not in seen]


def hint_marks(obs: WinterObservation) -> list[HintMark]:
    if not obs.to_act:
        return []
    if obs.phase == "place_drawn":
        spots = legal_spots({(c.row, c.col) for c in obs.cards})
        return [HintMark(kind="spot", row=r, col=c) for r, c in spots]
    marks: list[HintMark] = []
    seen: set[Cell] = set()
    for action in legal_actions(state_from(obs), obs.to_act[0]):
        if isinstance(action, PutCounter):
            marks.append(HintMark(kind="square", row=action.row, col=action.col))
        elif isinstance(action, Move) and (action.to_row, action.to_col) not in seen:
            seen.add((action.to_row, action.to_col))
            marks.append(HintMark(kind="spot", row=action.to_row, col=action.to_col))
        elif isinstance(action, Remove | Place):
            marks.append(HintMark(kind="cross", row=action.row, col=action.col))
    return marks

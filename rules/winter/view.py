"""The observation (spec §9) and its text form for the board embed, DMs and the terminal."""

from __future__ import annotations

from rules.winter.cards import CARD_TYPE, UP, sections_of
from rules.winter.geometry import Cell, cell_label, frame, groups
from rules.winter.lake import Lake
from rules.winter.state import (
    COLOUR_OF,
    CardFace,
    CardView,
    CounterView,
    GroupView,
    OutcomeView,
    SquareView,
    WinterObservation,
    WinterState,
)


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
        thaw_turns=state.thaw_turns,
        max_thaw_turns=state.max_thaw_turns,
        log=list(state.log),
        outcome=outcome,
    )


def text_grid(obs: WinterObservation) -> str:
    """The lake as a letter grid (`L`, `D`, `.`), framed like the picture (WI-20)."""
    cells: dict[Cell, str] = {}
    for card in obs.cards:
        for i in (0, 1):
            for j in (0, 1):
                cells[(card.row + i, card.col + j)] = card.sections[i][j]
    if not obs.cards:
        return ""
    r0, c0 = obs.frame_row0, obs.frame_col0
    r1 = max(c.row for c in obs.cards) + 3
    c1 = max(c.col for c in obs.cards) + 3
    width = max(len(cell_label((r0, c), (r0, c0))) - 1 for c in range(c0, c1 + 1))
    head = "    " + "".join(
        cell_label((r0, c), (r0, c0))[:-1].ljust(width + 1) for c in range(c0, c1 + 1)
    )
    lines = [head.rstrip()]
    for r in range(r0, r1 + 1):
        row = "".join(cells.get((r, c), ".").ljust(width + 1) for c in range(c0, c1 + 1))
        lines.append(f"{r - r0 + 1:>3} {row}".rstrip())
    return "\n".join(lines)


def describe(obs: WinterObservation) -> str:
    def seat_word(s: int) -> str:
        return f"seat {s + 1}"

    def colour(s: int) -> str:
        return f" ({obs.colours[s]})" if obs.colours[s] else ""

    head = f"**Winter** — {obs.stage}"
    if obs.stage == "thawing":
        head += f", thaw turn {obs.thaw_turns}/{obs.max_thaw_turns or '∞'}"
    lines = [head]
    if obs.outcome is not None:
        o = obs.outcome
        won = ", ".join(seat_word(s) for s in o.winners) or "nobody (draw)"
        lines.append(f"Game over ({o.reason}): winner {won}; counters on table {o.scores}.")
    elif obs.to_act:
        s = obs.to_act[0]
        lines.append(f"To play: {seat_word(s)}{colour(s)} — {obs.phase.replace('_', ' ')}")
    for s in (0, 1):
        lines.append(
            f"{seat_word(s)}{colour(s)}: {obs.on_table[s]} on the table, {obs.supply[s]} in supply"
        )
    lines.append(f"Deck: {obs.deck_count} · melted/removed: {obs.discarded_cards}")
    if obs.drawn_card is not None:
        up = "/".join("".join(r) for r in obs.drawn_card.up)
        lines.append(
            f"Drawn card {obs.drawn_card.card_id} (type {obs.drawn_card.card_type}): up {up}"
        )
    grid = text_grid(obs)
    grid_at = len(lines)
    if obs.counters:
        lines.append("Counters: " + ", ".join(f"{k.label} {k.colour}" for k in obs.counters))
    if obs.open_squares:
        shown = ", ".join(f"{q.label} {q.colour}" for q in obs.open_squares[:20])
        more = f" …(+{len(obs.open_squares) - 20})" if len(obs.open_squares) > 20 else ""
        lines.append(f"Open squares: {shown}{more}")
    if obs.lake_options:
        lines.append(
            "Keep one group: "
            + ", ".join(f"`keep {g.keep_label}` ({g.size} cards)" for g in obs.lake_options)
        )
    if obs.counter_options:
        lines.append("Place counters on: " + ", ".join(q.label for q in obs.counter_options))
    locked = [c.label for c in obs.cards if c.locked]
    if locked:
        lines.append("Locked: " + ", ".join(locked))
    if grid:
        block = "```\n" + grid + "\n```"
        if len("\n".join(lines)) + len(block) > 1800:
            block = "(The lake is too large to draw as text: see the picture.)"
        lines.insert(grid_at, block)
    out = "\n".join(lines)
    return out if len(out) <= 1800 else out[:1790] + "\n…"

"""Words for players: action labels, the typed notation (WI-24), the rules summary and the board
as text, bound to the game as its text object (`WinterText`). Refusals are put into words by
`rules_legal.why_illegal`."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rules.core import EndWords, GameText, Seat, seat_ref
from rules.errors import IllegalActionError, NotYourTurnError, ParseError
from rules.parsing import match_label
from rules.winter import actions as act
from rules.winter.observation import WinterObservation
from rules.winter.rules_cards import TURN_WORD, Orientation, face_words, sections_of
from rules.winter.rules_geometry import Cell, cell_label, groups, label_cell, new_squares
from rules.winter.rules_lake import Lake, cell_text, origin
from rules.winter.rules_legal import why_illegal
from rules.winter.state import WinterState

RULES = (
    "**Winter** — two players build a frozen lake from 18 cards, each with four light or dark "
    "sections.\n"
    "**Freezing:** on your turn either draw a card and place it edge to edge with the lake "
    "(offsets of one section are fine, corners alone are not; `up` or turned `down`), or put a "
    "counter on an open *square* of your colour: a 2×2 block of four sections of your colour. "
    "After the first two cards the second player picks the colours. Cards under a counter are "
    "locked.\n"
    "**Thawing** (deck empty): move an unlocked card so it claims at least one new square (a "
    "counter on each), remove an unlocked card, or take back one of your counters. If the lake "
    "splits, every group but the largest melts with its counters; a tie is your choice.\n"
    "**Goal:** keep a counter on the table. Whoever has none left loses.\n"
    "Type e.g. `place C3 up`, `counter D4`, `move G3 to B5 down`, `remove G3`, `take D4`, "
    "`keep C3`."
)

FILLER = frozenset(
    {"card", "at", "on", "to", "back", "counter", "the", "group", "of", "a", "blue", "from"}
    | {"turned"}  # a label's "turned down"
)
_TOKENS = re.compile(r"[a-z]+\d+|[a-z]+|\d+")


# -- labels ---------------------------------------------------------------------------------------


def label(state: WinterState, action: act.WinterAction) -> str:

    def at(r: int, c: int) -> str:
        return cell_text(state, (r, c))

    if isinstance(action, act.ChooseColour):
        return f"Play {action.colour} blue"
    if isinstance(action, act.Draw):
        return "Draw a card"
    if isinstance(action, act.Place):
        return f"Place card at {at(action.row, action.col)}, {TURN_WORD[action.orientation]}"
    if isinstance(action, act.PutCounter):
        return f"Counter on {at(action.row, action.col)}"
    if isinstance(action, act.Move):
        claimed = ", ".join(at(r, c) for r, c in claims(state, action))
        return (
            f"Move {at(action.from_row, action.from_col)} to {at(action.to_row, action.to_col)}, "
            f"{TURN_WORD[action.orientation]}, claims {claimed or 'no square'}"
        )
    if isinstance(action, act.Remove):
        return f"Remove card {at(action.row, action.col)}"
    if isinstance(action, act.Take):
        return f"Take back counter {at(action.row, action.col)}"
    size = len(Lake(state.cards, ()).group_of((action.row, action.col)))
    return f"Keep the group of {at(action.row, action.col)} ({size} cards)"


def claims(state: WinterState, action: act.Move) -> list[Cell]:
    """WI-10 / §4.3: the new squares a thaw move claims, named before it is chosen. When lifting
    the card splits the lake and only one group can survive, squares are counted on that group,
    as `put_down` does after the melt; a tie the mover settles is counted on the whole lake."""
    colour = state.colours[state.active]
    if colour is None:
        return []
    lake = Lake(state.cards, state.counters)
    origin_cell = (action.from_row, action.from_col)
    card = lake.cards.get(origin_cell)
    if card is None:
        return []
    candidates, parts = lake.candidates_after_lift(origin_cell)
    del lake.cards[origin_cell]
    grid = lake.grid(candidates[0]) if parts > 1 and len(candidates) == 1 else lake.grid()
    face = sections_of(card.card_id, action.orientation)
    return sorted(new_squares(grid, (action.to_row, action.to_col), face, act.SECTION_OF[colour]))


# -- typed notation -------------------------------------------------------------------------------

USAGE = {
    "place": "`place C3 up` (or `down`)",
    "counter": "`counter D4`",
    "move": "`move G3 to B5 down`",
    "remove": "`remove G3`",
    "take": "`take D4`",
    "keep": "`keep C3`",
    "colour": "`colour light` or `colour dark`",
}


def _cell(state: WinterState, word: str, verb: str) -> Cell:
    cell = label_cell(word, origin(state))
    if cell is None:
        raise ParseError(
            f"“{word}” is not a board spot. Write a column letter and a row number, "
            f"like {USAGE[verb]}."
        )
    return cell


def _orientations(words: list[str]) -> tuple[Orientation, ...]:
    if not words:
        return ("up", "down")
    if words[0] in ("up", "down", "upright"):  # the labels' "upright" / "turned down" too
        return ("down",) if words[0] == "down" else ("up",)
    raise ParseError(f"“{words[0]}” is not an orientation: write `up` or `down`.")


def notation(
    state: WinterState, typed: str, legal: list[act.WinterAction] | None = None
) -> list[act.WinterAction] | None:
    """The actions a typed command could mean, or None if it is not in Winter's notation.

    Trailing words may be left out (WI-24): `move G3` stands for every legal move of G3, and a
    bare `place` for every legal placement, so a unique one is accepted.
    """
    legal = legal or []
    kind = {"place": "place", "counter": "counter", "move": "move", "remove": "remove",
            "take": "take", "keep": "keep"}  # fmt: skip
    words = _TOKENS.findall(typed.casefold())
    if not words:
        return None
    verb, rest = words[0], [w for w in words[1:] if w not in FILLER]
    if verb in ("colour", "color", "play") and rest and rest[0] in ("light", "dark"):
        return [act.ChooseColour(colour=rest[0])]  # type: ignore[arg-type]
    if verb == "draw" and not rest:
        return [act.Draw()]
    if verb not in USAGE or verb == "colour":
        return None
    if not rest:
        found = [a for a in legal if a.type == kind[verb]]
        if not found:
            raise ParseError(f"Say where: {USAGE[verb]}.")
        return found
    first = _cell(state, rest[0], verb)
    if verb == "place":
        return [
            act.Place(row=first[0], col=first[1], orientation=o) for o in _orientations(rest[1:])
        ]
    if verb == "move":
        if len(rest) < 2:
            found = [
                a for a in legal if isinstance(a, act.Move) and (a.from_row, a.from_col) == first
            ]
            if not found:
                raise ParseError(f"Say where the card goes: {USAGE['move']}.")
            return found
        to = _cell(state, rest[1], verb)
        return [
            act.Move(
                from_row=first[0], from_col=first[1], to_row=to[0], to_col=to[1], orientation=o
            )
            for o in _orientations(rest[2:])
        ]
    if len(rest) > 1 and verb != "keep":
        raise ParseError(f"Too many words: write {USAGE[verb]}.")
    if verb == "counter":
        return [act.PutCounter(row=first[0], col=first[1])]
    if verb == "remove":
        return [act.Remove(row=first[0], col=first[1])]
    if verb == "take":
        return [act.Take(row=first[0], col=first[1])]
    return [_keep(state, first)]


def _keep(state: WinterState, cell: Cell) -> act.Keep:
    """WI-24: any card of a group (any cell it covers) names the group's representative."""
    lake = Lake(state.cards, ())
    r, c = cell
    for g in groups(lake.cards):
        if any((r - dr, c - dc) in g for dr in (0, 1) for dc in (0, 1)):
            rep = min(g)
            return act.Keep(row=rep[0], col=rep[1])
    return act.Keep(row=r, col=c)


def parse(
    state: WinterState, seat: int, typed: str, legal_now: Sequence[act.WinterAction]
) -> act.WinterAction:
    legal = list(legal_now)
    candidates = notation(state, typed, legal)
    if candidates is None:
        return match_label(legal, lambda a: label(state, a), typed)
    ok = [a for a in candidates if a in legal]
    if len(ok) == 1:
        return ok[0]
    if ok:
        shown = ", ".join(f"`{label(state, a)}`" for a in ok)
        if len(ok) > 5:
            shown = ", ".join(f"`{label(state, a)}`" for a in ok[:5]) + f" and {len(ok) - 5} more"
        raise ParseError(f"“{typed}” could mean {shown}. Say which (add the spot or `up`/`down`).")
    reason = why_illegal(state, seat, candidates[0]) or "That move is not allowed right now."
    if state.phase != "over" and seat != state.active:
        raise NotYourTurnError(reason)
    raise IllegalActionError(reason)


# -- the board as text ----------------------------------------------------------------------


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


PHASE_WORDS = {
    "place_drawn": "to place the drawn card",
    "choose_colour": "to choose the colours",
    "freezing": "to draw a card or put a counter",
    "thawing": "to move or remove a card, or take back a counter",
    "lake_choice": "to choose which group of the lake stays",
    "move_counters": "to put counters on the new squares",
}
"""What the player to act does now, by phase: the board's and the picture's words."""


def describe(obs: WinterObservation) -> str:
    seat_word = seat_ref

    def colour(s: int) -> str:
        return f" ({obs.colours[s]})" if obs.colours[s] else ""

    head = f"**Winter** — {obs.stage}"
    if obs.stage == "thawing":
        head += f", thaw turn {obs.thaw_turns}/{obs.max_thaw_turns or '∞'}"
    lines = [head]
    if obs.outcome is not None:
        o = obs.outcome
        left = ", ".join(f"{seat_ref(s)} {o.scores[s]}" for s in (0, 1))
        left = f"counters left on the lake: {left}"
        lines.append(f"**Game over** — {end_words(o.reason, o.winners, seat_word)}; {left}.")
    elif obs.to_act:
        s = obs.to_act[0]
        lines.append(f"To play: {seat_word(s)}{colour(s)}, {PHASE_WORDS.get(obs.phase, '')}")
    for s in (0, 1):
        lines.append(
            f"{seat_word(s)}{colour(s)}: {obs.on_table[s]} on the table, {obs.supply[s]} in supply"
        )
    lines.append(f"Deck: {obs.deck_count} · melted/removed: {obs.discarded_cards}")
    if obs.drawn_card is not None:
        up = face_words(obs.drawn_card.up)
        lines.append(f"Drawn card, upright, top row first: {up}")
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


# --- the end of the game ----------------------------------------------------------------------
def end_words(reason: str, winners: Sequence[int], name: Callable[[int], str]) -> str:
    """WI-21's three endings in words, shared by the board and the announcement."""
    if reason == "both_frozen_out":
        return "both players are frozen out (no counter left on the lake): a draw"
    if reason == "turn_limit":
        return "the thaw turn limit is reached: a draw"
    if reason == "frozen_out" and len(winners) == 1:
        (winner,) = winners
        return (
            f"{name(1 - winner)} is frozen out (no counter left on the lake): {name(winner)} wins"
        )
    return reason.replace("_", " ")


NOTATION = (
    "Squares are named like a chess board, relative to the lake: columns `A`, `B`, … from the "
    "lake's left edge, rows `1`, `2`, … from its top, as on the grid (the names move when the lake "
    "grows).\n"
    "`colour light` or `colour dark` · `draw` · `place <square> up|down` (the card's top-left "
    "square) · `counter <square>` · `move <square> to <square> up|down` (during the thaw; the "
    "move's label says which new squares it claims) · `remove <square>` · `take <square>` · "
    "`keep <square>` (the group to keep when the lake splits). Trailing words may be left out "
    "when only one move fits."
)
"""The typing guide (`notation()`), which the terminal also shows beside a long list's groups."""


class WinterText(GameText[WinterState, act.WinterAction, WinterObservation]):
    """Winter's text object: the words above, bound to the game."""

    rules_summary = RULES
    notation_guide = NOTATION
    end_words = EndWords(
        reasons={  # WI-21's three endings
            "frozen_out": "{losers} is frozen out (no counter left on the lake)",
            "both_frozen_out": "both players are frozen out (no counter left on the lake)",
            "turn_limit": "the thaw turn limit is reached",
        },
        scores="Counters left on the lake",
    )
    number_words = {"max_thaw_turns": "Thaw limit: a draw after {} thaw turns"}

    def label(self, state: WinterState, action: act.WinterAction) -> str:
        return label(state, action)

    def parse_among(
        self, state: WinterState, seat: Seat, text: str, legal: Sequence[act.WinterAction]
    ) -> act.WinterAction:
        return parse(state, seat, text, legal)

    def why_illegal(self, state: WinterState, seat: Seat, action: act.WinterAction) -> str | None:
        return why_illegal(state, seat, action)

    def describe(self, observation: WinterObservation) -> str:
        return describe(observation)

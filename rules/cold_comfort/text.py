"""Words for players: action labels, the typed notation (CC-31), the board text and the rules,
bound to the game as its text object (`ColdComfortText`)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from rules.cold_comfort import actions as act
from rules.cold_comfort.observation import ColdComfortObservation
from rules.cold_comfort.rules_board import fmt
from rules.cold_comfort.rules_legal import why_illegal
from rules.cold_comfort.rules_play import build_cost, change_cost
from rules.cold_comfort.state import ColdComfortState
from rules.core import EndWords, GameText, Seat, plural, seat_ref
from rules.errors import IllegalActionError, ParseError
from rules.parsing import match_label, typed_int


def label(state: ColdComfortState, action: act.Action) -> str:
    if isinstance(action, act.Build):
        camper = state.die_at((action.x, action.y)) is not None
        cost = build_cost(action.value, camper)
        return f"Build a {action.value} at {fmt((action.x, action.y))} for ${cost}"
    if isinstance(action, act.Change):
        hotel = state.hotel_at((action.x, action.y))
        old = hotel.value if hotel else 0
        where = fmt((action.x, action.y))
        if action.to > old:
            return f"Upgrade {where} from {old} to {action.to} for ${change_cost(old, action.to)}"
        return f"Downgrade {where} to {action.to}"
    if isinstance(action, act.Host):
        die = state.die_at((action.from_x, action.from_y))
        value = die.value if die else "?"
        return (
            f"Host the {value} from {fmt((action.from_x, action.from_y))} "
            f"in {fmt((action.x, action.y))}"
        )
    if isinstance(action, act.Fire):
        hotel = state.hotel_at((action.x, action.y))
        value = hotel.value if hotel else "?"
        return f"Set fire to your {value} at {fmt((action.x, action.y))}"
    if isinstance(action, act.Mine):
        return f"Mine the camper at {fmt((action.x, action.y))}"
    if isinstance(action, act.End):
        return "End turn"
    if isinstance(action, act.Spread):
        return f"Pass the fire to {fmt((action.x, action.y))}"
    if isinstance(action, act.Grow):
        return f"Place {state.drawn_tile} at {fmt((action.x, action.y))}, turned {action.rotation}°"
    value = state.landing_pending.value if state.landing_pending else "?"
    return f"Land the {value} on {fmt((action.x, action.y))}"


_COORD = re.compile(r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?")
_ROT = re.compile(r"\b(?:rot|rotation|r|turned)\s*(\d+)\s*°?")
_TILE = re.compile(r"\bc\d\d\b")
_SPACES = re.compile(r"\s+")
_COMMANDS = (
    *("build", "upgrade", "downgrade", "host", "fire"),
    *("mine", "end", "spread", "grow", "land"),
)


def _squash(text: str) -> str:
    return _SPACES.sub(" ", text.strip().casefold())


def parse(state: ColdComfortState, seat: int, text: str, legal: Sequence[act.Action]) -> act.Action:
    wanted = _squash(text)
    for action in legal:
        if _squash(label(state, action)) == wanted:
            return action
    words = wanted.split(" ", 1)
    command = words[0] if words else ""
    if command in _COMMANDS:
        return _parse_command(state, seat, legal, command, words[1] if len(words) > 1 else "")
    return match_label(legal, lambda a: label(state, a), text)


def _parse_command(
    state: ColdComfortState, seat: int, legal: Sequence[act.Action], command: str, rest: str
) -> act.Action:
    source: tuple[int, int] | None = None
    if command == "host" and "from" in rest:
        before, after = rest.split("from", 1)
        found = _COORD.search(after)
        source = (typed_int(found.group(1)), typed_int(found.group(2))) if found else None
        rest = before + " " + _COORD.sub(" ", after, count=1)
    rotation: int | None = None
    if command == "grow":
        rot = _ROT.search(rest)
        if rot:
            rotation = typed_int(rot.group(1))
            rest = rest[: rot.start()] + " " + rest[rot.end() :]
        rest = _TILE.sub(" ", rest)
    coords = [(typed_int(m.group(1)), typed_int(m.group(2))) for m in _COORD.finditer(rest)]
    numbers = [typed_int(n) for n in re.findall(r"-?\d+", _COORD.sub(" ", rest))]
    at = coords[0] if coords else None
    number = numbers[0] if numbers else None
    if len(coords) > 1 or len(numbers) > 1:
        raise ParseError(f"I could not read “{command} {rest.strip()}”. {_HELP[command]}")

    full: act.Action | None = None
    kind: type[act.Action]
    fields: dict[str, int] = {}
    if at is not None:
        fields = {"x": at[0], "y": at[1]}
    if command == "build":
        kind = act.Build
        if number is not None:
            fields["value"] = number
        if at is not None and number is not None:
            full = act.Build(value=number, x=at[0], y=at[1])
    elif command in ("upgrade", "downgrade"):
        kind = act.Change
        if number is not None:
            fields["to"] = number
        if at is not None and number is not None:
            full = act.Change(x=at[0], y=at[1], to=number)
    elif command == "host":
        kind = act.Host
        if source is not None:
            fields.update(from_x=source[0], from_y=source[1])
        if at is not None and source is not None:
            full = act.Host(x=at[0], y=at[1], from_x=source[0], from_y=source[1])
    elif command == "grow":
        kind = act.Grow
        if rotation is not None:
            fields["rotation"] = rotation
        if at is not None and rotation is not None:
            full = act.Grow(x=at[0], y=at[1], rotation=rotation)
    else:
        kinds: dict[str, type[act.Action]] = {
            "fire": act.Fire,
            "mine": act.Mine,
            "end": act.End,
            "spread": act.Spread,
            "land": act.Land,
        }
        kind = kinds[command]
        if at is not None:
            full = kind.model_validate({"type": command, **fields})
        elif command == "end":
            full = act.End()

    def fits(a: act.Action) -> bool:
        if not isinstance(a, kind) or any(getattr(a, k) != v for k, v in fields.items()):
            return False
        if isinstance(a, act.Change):
            hotel = state.hotel_at((a.x, a.y))
            old = hotel.value if hotel else 0
            return (a.to > old) == (command == "upgrade")
        return True

    matches = [a for a in legal if fits(a)]
    if len(matches) == 1:
        return matches[0]
    if isinstance(full, act.Change) and not matches:
        hotel = state.hotel_at((full.x, full.y))
        if hotel is not None and (full.to > hotel.value) != (command == "upgrade"):
            other = "downgrade" if command == "upgrade" else "upgrade"
            raise IllegalActionError(
                f"`{command}` needs a new value {_DIRECTION[command]} ({hotel.value}); "
                f"use `{other}` instead."
            )
    if full is not None and not matches:
        reason = why_illegal(state, seat, full)
        raise IllegalActionError(reason or f"That {command} is not possible right now.")
    if not matches:
        raise ParseError(f"No `{command}` move fits “{rest.strip() or command}” right now.")
    shown = ", ".join(f"`{label(state, a)}`" for a in matches[:5])
    more = f" and {len(matches) - 5} more" if len(matches) > 5 else ""
    raise ParseError(f"That could mean several moves: {shown}{more}. Be more specific.")


_DIRECTION = {"upgrade": "above the current one", "downgrade": "below the current one"}
_HELP = {
    "build": "Try `build 4 at (2,-1)`.",
    "upgrade": "Try `upgrade (1,1) to 5`.",
    "downgrade": "Try `downgrade (1,1) to 2`.",
    "host": "Try `host (1,0) from (3,2)`.",
    "fire": "Try `fire (2,1)`.",
    "mine": "Try `mine (1,3)`.",
    "end": "Try `end`.",
    "spread": "Try `spread (1,1)`.",
    "grow": "Try `grow (3,0) rot 180`.",
    "land": "Try `land (2,0)`.",
}


# board text -------------------------------------------------------------------------------------
_PHASES = {  # the picture's title says the same (`cogs.games.cold_comfort_words.PHASE_WORDS`)
    "manage": "manages hotels",
    "fire_spread": "passes the fire on",
    "grow": "places the drawn tile",
    "land_tie": "breaks a landing tie",
    "over": "",
}


def _grid(obs: ColdComfortObservation) -> list[str]:
    """A compact map: `4.` lot, `4*` camper, `a4` empty hotel of seat 1, `A4` with a guest."""
    cells: dict[tuple[int, int], str] = {(x, y): "==" for x, y in obs.streets}
    for x, y in ((0, 0), (0, 1), (0, 2)):
        cells[(x, y)] = "MS"
    for sq in obs.squares:
        if sq.kind == "public":
            text = "PP"
        elif sq.hotel_seat is not None:
            letter = "abcdef"[sq.hotel_seat]
            text = f"{letter.upper() if sq.die else letter}{sq.hotel_value}"
        else:
            text = f"{sq.printed}{'*' if sq.die else '.'}"
        cells[(sq.x, sq.y)] = text
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    lines = ["y\\x " + " ".join(f"{x:>2}" for x in range(min(xs), max(xs) + 1))]
    for y in range(max(ys), min(ys) - 1, -1):
        row = " ".join(cells.get((x, y), "  ") for x in range(min(xs), max(xs) + 1))
        lines.append(f"{y:>3} " + row.rstrip())
    return lines


def describe(obs: ColdComfortObservation) -> str:
    head = f"**Cold Comfort** · turn {obs.turn_number} · scoring round {obs.scoring_rounds}/9"
    lines = [head]
    if obs.outcome:
        winners = " and ".join(seat_ref(s) for s in sorted(obs.outcome.winners)) or "Nobody"
        scores = ", ".join(f"{seat_ref(i)} {v}" for i, v in enumerate(obs.outcome.scores))
        why = END_WORDS.get(obs.outcome.reason, obs.outcome.reason.replace("_", " "))
        lines.append(f"**Game over** — {why}. {winners} won. Final points: {scores}.")
    else:
        who = obs.to_act[0] if obs.to_act else obs.active_seat
        doing = _PHASES.get(obs.phase, obs.phase)
        turn = "" if who == obs.active_seat else f" ({seat_ref(obs.active_seat)}'s turn)"
        lines.append(f"{seat_ref(who)} {doing}{turn}.")
    lines.append(f"Pool {obs.pool} / {obs.trigger} · deck {obs.deck_count} · dice {obs.dice_total}")
    for p in obs.players:
        lines.append(
            f"{seat_ref(p.seat)}: ${p.gold}, "
            f"{plural(p.points, 'point')}, "
            f"{plural(p.hotels, 'hotel')} built; to build {to_build(p.supply)}"
        )
    if obs.drawn_tile:
        rows = " / ".join(" ".join(str(c) for c in r) for r in obs.drawn_tile.rows)
        edges = "+".join(obs.drawn_tile.street_edges) or "none"
        lines.append(f"Drawn tile {obs.drawn_tile.tile_id}: {rows} (street edges {edges})")
    if obs.fire_pending:
        opts = ", ".join(fmt(o) for o in obs.fire_pending.options)
        chooser = seat_ref(obs.fire_pending.chooser)
        at = fmt(obs.fire_pending.at)
        lines.append(f"Fire at {at}: {chooser} picks where it spreads: {opts}")
    if obs.landing_pending:
        lp = obs.landing_pending
        opts = ", ".join(fmt(o) for o in lp.options)
        chooses = seat_ref(lp.chooser)
        lines.append(f"An extra {lp.value} ties: {chooses} picks where it lands: {opts}")
    if obs.last_roll is not None:
        lines.append(f"Last roll: {', '.join(str(d) for d in obs.last_roll)}")
    grid = _grid(obs)
    text = "\n".join(lines)
    for drawing in (grid + map_key(obs), grid):  # with its key when both fit
        block = "\n```\n" + "\n".join(drawing) + "\n```"
        if len(text) + len(block) <= 1800:
            return text + block
    return text[:1800]


RULES = (
    "**Cold Comfort** — run hotels in a gold-rush town. Dice are visitors worth their value.\n"
    "Your turn: collect gold from your guests (automatic), then any of: `host (x,y) from "
    "(x,y)` (move a camper into your empty hotel of the same value), one `build V at (x,y)` "
    "(2×V gold, 4×V on a lot with a camper, which becomes the guest) or `upgrade`/`downgrade "
    "(x,y) to V`, one `fire (x,y)` on your own empty hotel (insurance = its value; the fire "
    "spreads to an adjacent building). Or `mine (x,y)` a camper as your only action: roll a "
    "die for gold. Then `end`.\n"
    "When the pool holds N+3 dice, the town grows: place the drawn tile (`grow (x,y) rot R`), "
    "all pool dice are rolled onto lots and hotels, and every neighbourhood scores its value "
    "for the seat with the strongest block of hotels (sum of guests' pips); street gangs of "
    "campers can deny it. After 9 scoring rounds every 5 gold is 1 point; most points wins."
)
"""The rules in short (`rules_text()` adds where the full rules are)."""


# --- the end of the game ----------------------------------------------------------------------
END_WORDS = {
    "nine_scoring_rounds": "the ninth scoring round is done",
    "turn_limit": "the turn limit is reached",
}
"""Each end reason in words, shared by the board and the announcement."""


NOTATION = (
    "Spots are `(x,y)` as on the map (x across, y up; Main Street `MS` stands at x 0, "
    "from y 0 to y 2).\n"
    "`build <value> at (x,y)` · `upgrade (x,y) to <value>` · `downgrade (x,y) to <value>` · "
    "`host (x,y) from (x,y)` · `fire (x,y)` · `mine (x,y)` · `end` · "
    "`spread (x,y)` (where a fire spreads) · `land (x,y)` (a tied landing) · "
    "`grow (x,y) rot <0|90|180|270>` (place the drawn tile at a spot touching the town)."
)
"""The typing guide (`notation()`), which the terminal also shows beside a long list's groups."""


def map_key(obs: ColdComfortObservation) -> list[str]:
    """The text map's key, printed inside its block under it (a board shown with its picture
    leaves both out): whose hotels each letter marks, and every other symbol."""
    owners = ", ".join(f"{'abcdef'[p.seat]} {seat_ref(p.seat)}" for p in obs.players)
    return [
        f"Map key: hotels {owners} (a2: worth 2, empty; A2: with a guest)",
        "4. empty lot of value 4 · 4* with a camper (a die) · PP public building · "
        "MS Main Street · == street · blank: no tile there yet",
    ]


class ColdComfortText(GameText[ColdComfortState, act.Action, ColdComfortObservation]):
    """Cold Comfort's text object: the words above, bound to the game."""

    rules_summary = RULES
    notation_guide = NOTATION
    end_words = EndWords(  # CC-28: the most points wins (leftover gold counts one per 5)
        reasons=END_WORDS, scores="Final points (with 1 per 5 leftover gold)"
    )
    option_words = {
        "block_strength": {
            "pips": "Block strength: the sum of its guests' pips",
            "dice": "Block strength: the number of its guests",
        },
    }
    number_words = {"turn_limit": "Turn limit: {} turns"}

    def label(self, state: ColdComfortState, action: act.Action) -> str:
        return label(state, action)

    def parse_among(
        self, state: ColdComfortState, seat: Seat, text: str, legal: Sequence[act.Action]
    ) -> act.Action:
        return parse(state, seat, text, legal)

    def why_illegal(self, state: ColdComfortState, seat: Seat, action: act.Action) -> str | None:
        return why_illegal(state, seat, action)

    def describe(self, observation: ColdComfortObservation) -> str:
        return describe(observation)


def to_build(supply: Mapping[int, int]) -> str:
    """A seat's hotel supply as the tiles it holds, lowest first: "1 1 2 5" ("none" when all are
    built), the same words on the board's text and its picture."""
    return " ".join(str(v) for v, n in sorted(supply.items()) for _ in range(n)) or "none"

"""Lucky find tokens: which uses are legal (CN-19) and what each one does (CN-28…CN-35).

Functions over a `rules_turn.Table` (the working copy); after a use, the same pause goes on with
legality re-evaluated.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rules.coldest_night import reads
from rules.coldest_night.actions import UseToken
from rules.coldest_night.data import CARDS, FROST, TOKEN_ORDER, TOKENS, TokenId
from rules.coldest_night.state import ColdestNightState, Resume
from rules.core import seat_ref

if TYPE_CHECKING:
    from rules.coldest_night.rules_turn import Table

KEY_DRAWS = {"cabinet_key": 2, "cellar_key": 3}
FUEL_HEAT = {"lighter_fluid": 2, "kerosene": 3}


def _card_text(card_id: str) -> str:
    c = CARDS[card_id]
    return f"{c.name} (heat {c.heat}, ash {c.ash})"


@lru_cache(maxsize=4096)
def _use(seat: int, token: TokenId, **given: Any) -> UseToken:
    """Action records are frozen, so the legal lists share one per use instead of validating a
    new record for every listing (the same fields given, so the same record)."""
    return UseToken(seat=seat, token=token, **given)


def uses(t: Table | ColdestNightState, seat: int) -> list[UseToken]:
    """Every legal `use_token` for `seat`, ignoring the phase (CN-19 table), read from the fields
    (the frozen state or a working copy)."""
    found: list[UseToken] = []
    if "available" not in t.tokens.values():  # most of a game: no token in hand
        return found
    for tok in TOKEN_ORDER:
        if t.tokens[tok] != "available":
            continue
        if tok == "alcohol":
            found += [_use(seat, tok, card_id=c) for c in t.pit]
        elif tok == "axe":
            found += [_use(seat, tok, mode="draw", target_seat=s) for s in reads.draw_targets(t)]
            found.append(_use(seat, tok, mode="heat"))
        elif tok == "backpack":
            if t.variant == "solo":
                if reads.draw_targets(t):
                    found.append(_use(seat, tok))
            else:
                to = [s for s in range(t.num_players) if s != seat and reads.may_receive(t, s)]
                found += [_use(seat, tok, card_id=c, to_seat=s) for c in t.hands[seat] for s in to]
        elif tok == "blanket":
            found += [_use(seat, tok, frostbite_id=f) for fs in t.frostbite for f in fs]
        elif tok in KEY_DRAWS:
            found += [_use(seat, tok, target_seat=s) for s in reads.draw_targets(t)]
        elif tok == "emergency_supplies":
            if len(t.pit) <= 3 and t.deck:
                found.append(_use(seat, tok))
        else:
            found.append(_use(seat, tok))
    return found


def has_use(t: Table | ColdestNightState, seat: int) -> bool:
    """Whether `uses(t, seat)` is not empty, without making its records: the same tests, token
    by token, read from the fields, so the frozen state answers it without a working copy (whom
    a token window waits for asks it of every seat, for every new state)."""
    tokens = t.tokens
    if "available" not in tokens.values():
        return False
    for tok in TOKEN_ORDER:
        if tokens[tok] != "available":
            continue
        if tok == "alcohol":
            if t.pit:
                return True
        elif tok == "backpack":
            if t.variant == "solo":
                if _draw_target(t):
                    return True
            elif t.hands[seat] and any(
                s != seat and reads.may_receive(t, s) for s in range(t.num_players)
            ):
                return True
        elif tok == "blanket":
            if any(t.frostbite):
                return True
        elif tok in KEY_DRAWS:
            if _draw_target(t):
                return True
        elif tok == "emergency_supplies":
            if len(t.pit) <= 3 and t.deck:
                return True
        else:  # the Axe (its heat use always), Lighter Fluid, Kerosene
            return True
    return False


def _draw_target(t: Table | ColdestNightState) -> bool:
    """Whether `Table.draw_targets` is not empty."""
    return bool(t.deck) and any(reads.may_receive(t, s) for s in range(t.num_players))


def usable(t: Table) -> bool:
    """Some seat has a legal `use_token` right now (CN-19)."""
    if "available" not in t.tokens.values():
        return False
    for tok in TOKEN_ORDER:
        if t.tokens[tok] != "available":
            continue
        if tok in ("axe", "lighter_fluid", "kerosene") or (tok == "alcohol" and t.pit):
            return True
        if tok in KEY_DRAWS and t.draw_targets():
            return True
        if tok == "blanket" and any(t.frostbite):
            return True
        if tok == "emergency_supplies" and len(t.pit) <= 3 and t.deck:
            return True
        if tok == "backpack" and any(uses(t, s) for s in range(t.num_players)):
            return True
    return False


def use(t: Table, use: UseToken) -> None:
    """CN-28…35; then the same pause goes on with legality re-evaluated."""
    tok = use.token
    back: Resume = t.phase  # type: ignore[assignment]  # a token window phase
    who = seat_ref(use.seat)
    name = TOKENS[tok].name
    t.tokens[tok] = "attached" if tok == "alcohol" else "spent"
    if tok == "alcohol" and use.card_id is not None:
        t.alcohol_on = use.card_id
        t.say(f"{who} pours Alcohol on {CARDS[use.card_id].name} (+1 heat).")
    elif tok in FUEL_HEAT or (tok == "axe" and use.mode == "heat"):
        boost = FUEL_HEAT.get(tok, 1)
        t.turn_boost += boost
        t.say(f"{who} uses {name}: +{boost} heat this turn.")
    elif tok == "axe" or tok in KEY_DRAWS or (tok == "backpack" and t.solo):
        target = use.seat if use.target_seat is None else use.target_seat
        n = KEY_DRAWS.get(tok, 1)
        t.say(f"{who} uses {name}: {seat_ref(target)} draws {n}.")
        if t.draw_n(target, n, back):
            return
    elif tok == "backpack" and use.card_id is not None and use.to_seat is not None:
        t.hands[use.seat].remove(use.card_id)
        t.hands[use.to_seat].append(use.card_id)
        t.say(f"{who} gave a card to {seat_ref(use.to_seat)} (Backpack).")
        t.say(
            f"{who} gave {CARDS[use.card_id].name} to {seat_ref(use.to_seat)} (Backpack).",
            frozenset({use.seat, use.to_seat}),
            "private",
        )
    elif tok == "blanket" and use.frostbite_id is not None:
        owner = next(s for s in range(t.num_players) if use.frostbite_id in t.frostbite[s])
        t.frostbite[owner].remove(use.frostbite_id)
        t.frostbite_discard.append(use.frostbite_id)
        t.say(
            f"{who} uses the Blanket: {seat_ref(owner)}'s "
            f"{FROST[use.frostbite_id].name} is discarded."
        )
    elif tok == "emergency_supplies":
        t.say(f"{who} uses Emergency Supplies: the top card goes into the fire.")
        got = t.collect(1)
        if got:
            t.say(f"{_card_text(got[0])} enters the pit.")
            t.enter_pit(got[0], use.seat)
    t.resume(back)

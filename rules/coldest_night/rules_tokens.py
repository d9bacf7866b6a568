"""Lucky find tokens: which uses are legal (CN-19), read from the fields (`reads.Seen`: the frozen
state or the working copy). What each use does (CN-28…CN-35) is `rules_turn.Table.use_token`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.coldest_night import reads
from rules.coldest_night.actions import UseToken
from rules.coldest_night.data import TOKEN_ORDER, TokenId

KEY_DRAWS = {"cabinet_key": 2, "cellar_key": 3}
FUEL_HEAT = {"lighter_fluid": 2, "kerosene": 3}


@lru_cache(maxsize=4096)
def _use(seat: int, token: TokenId, **given: Any) -> UseToken:
    """Action records are frozen, so the legal lists share one per use instead of validating a
    new record for every listing (the same fields given, so the same record)."""
    return UseToken(seat=seat, token=token, **given)


def uses(t: reads.Seen, seat: int) -> list[UseToken]:
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


def has_use(t: reads.Seen, seat: int) -> bool:
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


def _draw_target(t: reads.Seen) -> bool:
    """Whether `Table.draw_targets` is not empty."""
    return bool(t.deck) and any(reads.may_receive(t, s) for s in range(t.num_players))


def usable(t: reads.Seen) -> bool:
    """Some seat has a legal `use_token` right now (CN-19)."""
    if "available" not in t.tokens.values():
        return False
    for tok in TOKEN_ORDER:
        if t.tokens[tok] != "available":
            continue
        if tok in ("axe", "lighter_fluid", "kerosene") or (tok == "alcohol" and t.pit):
            return True
        if tok in KEY_DRAWS and reads.draw_targets(t):
            return True
        if tok == "blanket" and any(t.frostbite):
            return True
        if tok == "emergency_supplies" and len(t.pit) <= 3 and t.deck:
            return True
        if tok == "backpack" and any(uses(t, s) for s in range(t.num_players)):
            return True
    return False

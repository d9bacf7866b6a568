"""Labels (§11), typed notation, refusals a player can read, and the rules summary.

Labels name players as `{sN}` (`rules.core.seat_ref`): the bot shows their names, and a label
typed back reads as "seat N+1" (`rules.parsing.seat_words`). Seat numbers in typed text are
1-based, as players count (seat index 1 is "seat 2"); a player's name works too (`bot.names`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from rules.coldest_night import actions as act
from rules.coldest_night import reads
from rules.coldest_night.data import CARDS, FROST, TOKENS
from rules.coldest_night.reads import Seen
from rules.coldest_night.rules_tokens import FUEL_HEAT, KEY_DRAWS
from rules.coldest_night.rules_turn import Table
from rules.coldest_night.state import TOKEN_WINDOW_PHASES
from rules.core import Outcome, seat_ref
from rules.errors import ParseError
from rules.parsing import match_label, normalise

# Labels and typed moves are read from `Seen`: the frozen state itself (a label needs no working
# copy: `game.label` is asked for every legal move of every panel, and thawing the whole state for
# each cost more than the label), or a working copy, which has the same fields (`reads`).


_NAMES: dict[str | None, str] = {i: c.name for i, c in CARDS.items()}


def _name(card_id: str | None) -> str:
    name = _NAMES.get(card_id)
    return name if name is not None else str(card_id)


def _pit_name(t: Seen, card_id: str) -> str:
    """A pit card's name, with its position when two pit cards share it (Fire Dwindles)."""
    name = _name(card_id)
    if card_id in t.pit and sum(1 for c in t.pit if CARDS[c].name == name) > 1:
        return f"{name} #{t.pit.index(card_id) + 1}"
    return name


def _frost_name(t: Seen, frost_id: str) -> str:
    f = FROST.get(frost_id)
    if f is None:
        return frost_id
    owner = next((s for s in range(t.num_players) if frost_id in t.frostbite[s]), None)
    where = seat_ref(owner) if owner is not None else "nobody"
    twins = [g for fs in t.frostbite for g in fs if FROST[g].name == f.name]
    if len(twins) > 1:
        return f"{f.name} {f.frost} ({where})"
    return f"{f.name} ({where})"


def label(t: Seen, a: act.Action) -> str:
    """The move's label (§11), by its kind (one look-up: a typed move reads the label of every
    legal move, and a chain of `isinstance` tests cost as much as most labels)."""
    return _LABELS.get(type(a), _token_label)(t, a)


def _check_frostbite_label(t: Seen, a: act.CheckFrostbite) -> str:
    return f"Check frostbite removal (heat {reads.heat_total(t)})"


def _play_label_of(t: Seen, a: act.Play) -> str:
    made = _PLAY_LABELS.get((a.card_id, a.source))
    return made if made is not None else _play_label(a.card_id, a.source)


def _done_label(t: Seen, a: act.Done) -> str:
    return "Stop feeding the fire"


def _scavenge_label(t: Seen, a: act.Scavenge) -> str:
    if reads.holds(t, a.seat, "memory_loss"):
        return "Scavenge (draw 4, return 1)"
    return "Scavenge (draw 3)"


def _memory_return_label(t: Seen, a: act.MemoryReturn) -> str:
    ash = CARDS[a.card_id].ash if a.card_id in CARDS else "?"
    return f"Put {_name(a.card_id)} (ash {ash}) back on top"


def _give_label_of(t: Seen, a: act.Give) -> str:
    scavenger = reads.scavenger(t)
    keep = a.to_seat == (scavenger if scavenger is not None else a.seat)
    made = _GIVE_LABELS.get((a.card_id, None if keep else a.to_seat))
    return made if made is not None else _give_label(a.card_id, None if keep else a.to_seat)


def _target_remove_label(t: Seen, a: act.TargetRemove) -> str:
    heat = reads.effective_heat(t, a.card_id) if a.card_id in CARDS else "?"
    return f"Remove {_pit_name(t, a.card_id)} (heat {heat}) from the pit"


def _check_for_frostbite_label(t: Seen, a: act.CheckForFrostbite) -> str:
    n = len(t.pit)
    return f"Check for frostbite (pit has {n} card{'' if n == 1 else 's'})"


def _chilblains_label(t: Seen, a: act.ChilblainsDiscard) -> str:
    return f"Discard {_name(a.card_id)} (Chilblains)"


def _play_label(card_id: str, source: str) -> str:
    c = CARDS.get(card_id)
    stats = f"(heat {c.heat}, ash {c.ash})" if c else ""
    where = " from display" if source == "display" else ""
    return f"Play {_name(card_id)}{where} {stats}".strip()


_PLAY_LABELS: dict[tuple[str, str], str] = {
    (i, source): _play_label(i, source) for i in CARDS for source in ("hand", "display")
}


def _give_label(card_id: str, to_seat: int | None) -> str:
    """A scavenged card handed to `to_seat`, or kept by the scavenger (None)."""
    if to_seat is None:
        return f"Keep {_name(card_id)}"
    return f"Give {_name(card_id)} to {seat_ref(to_seat)}"


_GIVE_LABELS: dict[tuple[str, int | None], str] = {
    (i, to): _give_label(i, to) for i in CARDS for to in (None, 0, 1, 2, 3)
}
"""The labels of plays and gives, made once each: they depend on nothing but the card, the source
and the seat it goes to (and whether that is the scavenger), and a typed move compares itself
with every legal move's label (the same string each time, so its normalised form is found by a
hash already made)."""


def _token_label(t: Seen, a: act.UseToken) -> str:
    name = TOKENS[a.token].name
    tok = a.token
    if tok == "alcohol":
        heat = CARDS[a.card_id].heat if a.card_id in CARDS else 0
        return f"Use Alcohol on {_pit_name(t, a.card_id or '?')} (heat {heat} → {heat + 1})"
    if tok == "axe":
        if a.mode == "heat":
            return "Use Axe: +1 heat this turn"
        return f"Use Axe: {seat_ref(a.target_seat or 0)} draws 1"
    if tok == "backpack":
        if t.variant == "solo":
            return "Use Backpack: draw 1"
        return f"Use Backpack: give {_name(a.card_id)} to {seat_ref(a.to_seat or 0)}"
    if tok == "blanket":
        return f"Use Blanket: discard {_frost_name(t, a.frostbite_id or '?')}"
    if tok in KEY_DRAWS:
        return f"Use {name}: {seat_ref(a.target_seat or 0)} draws {KEY_DRAWS[tok]}"
    if tok == "emergency_supplies":
        return "Use Emergency Supplies (top card into the fire)"
    return f"Use {name} (+{FUEL_HEAT[tok]} heat this turn)"


_LABELS: dict[type, Callable[[Seen, Any], str]] = {
    act.CheckFrostbite: _check_frostbite_label,
    act.Play: _play_label_of,
    act.Done: _done_label,
    act.Scavenge: _scavenge_label,
    act.MemoryReturn: _memory_return_label,
    act.Give: _give_label_of,
    act.TargetRemove: _target_remove_label,
    act.CheckForFrostbite: _check_for_frostbite_label,
    act.ChilblainsDiscard: _chilblains_label,
    act.UseToken: _token_label,
}
"""Each action kind's label maker (`label`)."""


# --- typed notation ------------------------------------------------------------------------------

_SEAT = r"(?:seat\s+)?(\d+)"
_FORMS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^(?:give|pass|send|hand)\s+(.+?)\s+to\s+{_SEAT}$"), "give"),
    (re.compile(rf"^(.+?)\s+to\s+{_SEAT}$"), "give"),
    (re.compile(r"^keep\s+(.+)$"), "keep"),
    (re.compile(r"^(?:put\s+back|return|back)\s+(.+?)(?:\s+on\s+top)?$"), "return"),
    (re.compile(r"^(?:put\s+)?(.+?)\s+back(?:\s+on\s+top)?$"), "return"),
    (re.compile(r"^(?:remove|target|burn)\s+(.+?)(?:\s+from\s+the\s+pit)?$"), "remove"),
    (re.compile(r"^discard\s+(.+)$"), "discard"),
    (re.compile(r"^play\s+(.+?)\s+from\s+(?:the\s+)?display$"), "play_display"),
    (re.compile(r"^play\s+(.+)$"), "play"),
]
_DONE = {"done", "stop", "end", "pass", "stop feeding", "finish", "enough"}
_CHECK = {"check", "confirm", "ok", "continue", "go", "check frostbite"}


@lru_cache(maxsize=4096)
def _normal(made: str) -> str:
    """`normalise` of a text the game made (a label, a card or token name), kept: the same few
    hundred recur all game, and every typed move compares itself with them."""
    return normalise(made)


def _names_match(wanted: str, name: str) -> bool:
    have = _normal(name)
    return (
        have == wanted or have.startswith(wanted) or all(w in have.split() for w in wanted.split())
    )


def _by_card(actions: Sequence[act.Action], wanted: str) -> list[act.Action]:
    """Actions whose card matches the typed name; an exact name beats a partial one."""
    found = []
    for a in actions:
        cid = getattr(a, "card_id", None)
        if cid is not None and _names_match(wanted, _name(cid)):
            found.append(a)
    exact = [a for a in found if _normal(_name(getattr(a, "card_id", ""))) == wanted]
    return exact or found


def _one(found: Sequence[act.Action], t: Seen, typed: str) -> act.Action | None:
    if not found:
        return None
    labels = {label(t, a) for a in found}
    if len(labels) == 1:
        return found[0]
    shown = ", ".join(f"`{x}`" for x in sorted(labels)[:5])
    raise ParseError(f"“{typed}” could mean several moves: {shown}. Be more specific.")


_SHORT_TOKEN_NAMES = {"emergency_supplies": "supplies", "lighter_fluid": "fluid"}
_TOKEN_LEADS: tuple[tuple[str, tuple[str, str]], ...] = tuple(
    (tok, (normalise(data.name), _SHORT_TOKEN_NAMES.get(tok, normalise(data.name))))
    for tok, data in TOKENS.items()
)
"""Each token and the words that name it in a typed move: its name, and a short form."""


def _token_form(t: Seen, actions: Sequence[act.Action], words: str) -> list[act.Action]:
    uses = [a for a in actions if isinstance(a, act.UseToken)]
    if not uses:  # most of a game: no token to use, so no token form can match one
        return []
    words = words.removeprefix("use ").strip()
    for tok, leads in _TOKEN_LEADS:
        for lead in leads:
            if words == lead or words.startswith(lead + " "):
                rest = words[len(lead) :].strip()
                rest = re.sub(r"^(?:on|for|to|:)\s+", "", rest)
                mine = [a for a in uses if isinstance(a, act.UseToken) and a.token == tok]
                return _token_args(t, mine, rest)
    return []


def _token_args(t: Seen, mine: list[act.UseToken], rest: str) -> list[act.Action]:
    if not rest:
        return list(mine) if len({label(t, a) for a in mine}) == 1 else []
    if rest in ("heat", "+1", "+1 heat", "fuel"):
        return [a for a in mine if a.mode == "heat"]
    num = re.fullmatch(r"(?:draw\s+)?(?:seat\s+)?(\d+)(?:\s+draws?.*)?", rest)
    if num:
        seat = int(num.group(1)) - 1
        return [a for a in mine if a.target_seat == seat and a.mode != "heat"]
    give = re.fullmatch(rf"(?:give\s+)?(.+?)\s+(?:to\s+)?{_SEAT}", rest)
    if give:
        seat = int(give.group(2)) - 1
        return _by_card([a for a in mine if a.to_seat == seat], give.group(1))
    found: list[act.Action] = []
    for a in mine:
        named = _name(a.card_id) if a.card_id is not None else None
        if a.frostbite_id is not None:
            named = _frost_name(t, a.frostbite_id)
        if named is not None and _names_match(rest, named):
            found.append(a)
    return found


def parse(t: Seen, actions: Sequence[act.Action], typed: str) -> act.Action:
    """A label, a unique part of one, or short forms such as `play rug`, `give teddy to 2`,
    `keep teddy`, `done`, `scavenge`, `use kerosene`, `axe heat`, `cellar key 2`."""
    wanted = normalise(typed)
    if not actions:
        raise ParseError("You have nothing to do right now.")
    exact = next((a for a in actions if _normal(label(t, a)) == wanted), None)
    if exact is not None:  # the first action so labelled (a typed label, a pasted one)
        return exact
    if wanted in _DONE:
        for a in actions:
            if isinstance(a, act.Done):
                return a
    if wanted in _CHECK:
        for a in actions:
            if isinstance(a, act.CheckFrostbite | act.CheckForFrostbite):
                return a
    if wanted == "scavenge":  # the unique label it begins (`match_label` finds it after the rest)
        for a in actions:
            if isinstance(a, act.Scavenge):
                return a
    token = _one(_token_form(t, actions, wanted), t, typed)
    if token is not None:
        return token
    for pattern, kind in _FORMS:
        m = pattern.match(wanted)
        if not m:
            continue
        got = _form(t, actions, kind, m)
        chosen = _one(got, t, typed) if got else None
        if chosen is not None:
            return chosen
    return match_label(actions, lambda a: label(t, a), typed)


def _form(t: Seen, actions: Sequence[act.Action], kind: str, m: re.Match[str]) -> list[act.Action]:
    what = m.group(1)
    if kind == "give":
        seat = int(m.group(2)) - 1
        gives = [a for a in actions if isinstance(a, act.Give) and a.to_seat == seat]
        return _by_card(gives, what)
    if kind == "keep":
        scav = reads.scavenger(t)
        return _by_card([a for a in actions if isinstance(a, act.Give) and a.to_seat == scav], what)
    kinds: dict[str, type] = {
        "return": act.MemoryReturn,
        "remove": act.TargetRemove,
        "discard": act.ChilblainsDiscard,
        "play": act.Play,
        "play_display": act.Play,
    }
    pool = [a for a in actions if isinstance(a, kinds[kind])]
    if kind == "play_display":
        pool = [a for a in pool if isinstance(a, act.Play) and a.source == "display"]
    if kind == "remove" and what.startswith("fire dwindles"):
        return [a for a in pool if _normal(label(t, a)).startswith("remove " + what)]
    return _by_card(pool, what)


# --- refusals ------------------------------------------------------------------------------------


def why_illegal(t: Table, seat: int, a: act.Action) -> str:
    """A message for the person who tried `a`, naming the rule that forbids it."""
    if t.phase == "game_over":
        return "This game is over; no more moves can be made."
    if a.seat != seat:
        return f"That move is recorded for seat {a.seat + 1}, not for you (seat {seat + 1})."
    if isinstance(a, act.UseToken):
        return _why_token(t, seat, a)
    if seat != t.awaited():
        return "The game is not waiting for your decision; you can only use tokens now."
    phase_of = {
        act.CheckFrostbite: "frostbite_removal",
        act.Play: "main",
        act.Done: "main",
        act.Scavenge: "main",
        act.MemoryReturn: "memory_choice",
        act.Give: "distribute",
        act.TargetRemove: "target_choice",
        act.CheckForFrostbite: "frostbite_check",
        act.ChilblainsDiscard: "chilblains",
    }
    need = phase_of[type(a)]
    if t.phase != need:
        return (
            f"That move belongs to the {need.replace('_', ' ')} step; the game is now at "
            f"the {t.phase.replace('_', ' ')} step."
        )
    if isinstance(a, act.Play):
        return t.play_problem(a.card_id, a.source) or "That card cannot be played now."
    if isinstance(a, act.Done):
        return "You have not fed the fire yet: play a card or scavenge."
    if isinstance(a, act.Scavenge):
        return "You already fed the fire this turn: play another card or stop feeding."
    if isinstance(a, act.MemoryReturn):
        return f"{_name(a.card_id)} is not one of the tied cards you may put back."
    if isinstance(a, act.Give):
        return _why_give(t, a)
    if isinstance(a, act.TargetRemove):
        return f"{_name(a.card_id)} is not in the pit."
    if isinstance(a, act.ChilblainsDiscard):
        return f"{_name(a.card_id)} is not in your hand."
    return "That move is not allowed right now."


def _why_give(t: Table, a: act.Give) -> str:
    if t.pool is None or a.card_id not in t.pool:
        return f"{_name(a.card_id)} is not in your scavenge pool."
    if not 0 <= a.to_seat < t.num_players:
        return f"There is no seat {a.to_seat + 1} at this table."
    return _why_receive(t, a.to_seat, own=a.to_seat == t.scavenger) or "That seat cannot take it."


def _why_receive(t: Table, seat: int, own: bool = False, draw: bool = False) -> str | None:
    if not own and t.holds(seat, "paranoia"):
        verb = "be made to draw" if draw else "receive cards"
        return f"Seat {seat + 1} holds Paranoia and cannot {verb}."
    if not t.may_gain(seat):
        return (
            f"Seat {seat + 1} holds Loss of Circulation and already has "
            f"{len(t.hands[seat])} cards, so it cannot gain more."
        )
    return None


def _why_token(t: Table, seat: int, a: act.UseToken) -> str:
    name = TOKENS[a.token].name
    state = t.tokens[a.token]
    if state != "available":
        why = {
            "supply": "nobody has found it yet",
            "attached": "it is already on a pit card",
            "spent": "it has been used",
        }[state]
        return f"{name} is not available: {why}."
    if t.phase not in TOKEN_WINDOW_PHASES:
        return f"Tokens cannot be used during the {t.phase.replace('_', ' ')} step."
    if a.token == "alcohol" and a.card_id not in t.pit:
        return f"{_name(a.card_id)} is not in the pit."
    if a.token == "emergency_supplies":
        if len(t.pit) >= 4:
            return f"The pit is full ({len(t.pit)} cards)."
        if not t.deck:
            return "The draw pile is empty."
    if a.token in ("axe", "cabinet_key", "cellar_key") and a.mode != "heat":
        target = a.target_seat
        if target is None or not 0 <= target < t.num_players:
            return f"Choose which seat draws with the {name}."
        if not t.deck:
            return "The draw pile is empty."
        return _why_receive(t, target, draw=True) or f"That is not a way to use the {name}."
    if a.token == "backpack":
        if t.solo:
            if not t.deck:
                return "The draw pile is empty."
            return _why_receive(t, 0, draw=True) or "That is not a way to use the Backpack."
        if a.card_id not in t.hands[seat]:
            return f"{_name(a.card_id)} is not in your hand."
        if a.to_seat is None or a.to_seat == seat or not 0 <= a.to_seat < t.num_players:
            return "The Backpack passes one of your cards to another seat."
        return _why_receive(t, a.to_seat) or "That is not a way to use the Backpack."
    if a.token == "blanket":
        return "That frostbite card is not face up in front of anyone."
    return f"That is not a way to use the {name}."


RULES = """\
**The Coldest Night** (1–4 players, cooperative). Keep one shared fire burning until every piece of
kindling has burned; all win together, or all freeze together.
• On your turn: **feed the fire** — play cards whose ash is at most the heat total (the sum of
  the pit's heat), up to 4 cards in the pit — or **scavenge**: draw 3 cards and hand them out.
• **Clean Up:** the fire dies down (the rightmost card burns away; GREATEST burns the hottest,
  TARGET lets you choose, BURN ONE burns one more). With fewer than 3 cards left you take a
  frostbite card. Then draw 1.
• Frostbite cards hamper you until the heat total equals their frost value at the start of
  your turn.
• Lucky find tokens (fuels, keys, Axe, Alcohol…) can be used by anyone during the main phase,
  frostbite steps and scavenging.
• Fire Dwindles cards in the pile enter the pit when drawn and push the rightmost card out.
• You lose if the pit is ever empty, or a frostbite card must be taken when none are left.
• **Talk:** no numbers except the current heat total and the frost values in play; Blue Lips
  silences you entirely.
Type moves like `play rug`, `scavenge`, `done`, `give teddy to 2`, `keep teddy`, `use kerosene`,
`axe heat`, `cellar key 2`."""


# --- the end of the game ----------------------------------------------------------------------
END_WORDS = {
    "fire_out": "the fire went out, and everyone froze",
    "frostbite": "a frostbite card had to be taken and none were left",
    "morning": "morning came with the fire still burning",
}
"""Each end reason in words, shared by the announcement and the board so neither shows a code."""


def summary(outcome: Outcome, names: Sequence[str]) -> str:
    """CN-7 / CN-41: the group wins or loses together, so the words say which and why."""
    why = END_WORDS.get(outcome.reason, outcome.reason.replace("_", " "))
    if outcome.winners:
        return f"**Game over — {why}: everyone wins!**"
    return f"**Game over — {why}: the game is lost.**"

"""Typed notation, refusals a player can read, and the rules summary, bound to the game as its text
object (`ColdestNightText`); the labels are in `labels`, the board in words in `board_text`.

Seat numbers in typed text are 1-based, as players count (seat index 1 is "seat 2"); a player's
name works too (`bot.names`), and a label typed back reads as "seat N+1".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from rules.coldest_night import actions as act
from rules.coldest_night import reads
from rules.coldest_night.board_text import describe, private_lines
from rules.coldest_night.data import TOKENS
from rules.coldest_night.labels import card_name, frost_name
from rules.coldest_night.labels import label as label
from rules.coldest_night.observation_models import PublicObservation
from rules.coldest_night.reads import Seen
from rules.coldest_night.rules_turn import Table
from rules.coldest_night.state import TOKEN_WINDOW_PHASES, ColdestNightState
from rules.core import EndWords, GameText, Outcome, Seat, seat_ref
from rules.errors import ParseError
from rules.game_text import everyone_won, plural
from rules.parsing import match_label, normalise

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
        if cid is not None and _names_match(wanted, card_name(cid)):
            found.append(a)
    exact = [a for a in found if _normal(card_name(getattr(a, "card_id", ""))) == wanted]
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
        named = card_name(a.card_id) if a.card_id is not None else None
        if a.frostbite_id is not None:
            named = frost_name(t, a.frostbite_id)
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
        return f"That move is {seat_ref(a.seat)}'s to make, not yours."
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
        return f"{card_name(a.card_id)} is not one of the tied cards you may put back."
    if isinstance(a, act.Give):
        return _why_give(t, a)
    if isinstance(a, act.TargetRemove):
        return f"{card_name(a.card_id)} is not in the pit."
    if isinstance(a, act.ChilblainsDiscard):
        return f"{card_name(a.card_id)} is not in your hand."
    return "That move is not allowed right now."


def _why_give(t: Table, a: act.Give) -> str:
    if t.pool is None or a.card_id not in t.pool:
        return f"{card_name(a.card_id)} is not in your scavenge pool."
    if not 0 <= a.to_seat < t.num_players:
        return f"There is no player {a.to_seat + 1} at this table."
    return _why_receive(t, a.to_seat, own=a.to_seat == t.scavenger) or "That player cannot take it."


def _why_receive(t: Table, seat: int, own: bool = False, draw: bool = False) -> str | None:
    if not own and t.holds(seat, "paranoia"):
        verb = "be made to draw" if draw else "receive cards"
        return f"{seat_ref(seat)} holds Paranoia and cannot {verb}."
    if not t.may_gain(seat):
        return (
            f"{seat_ref(seat)} holds Loss of Circulation and already has "
            f"{len(t.hands[seat])} cards, so cannot gain more."
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
        return f"{card_name(a.card_id)} is not in the pit."
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
            return f"{card_name(a.card_id)} is not in your hand."
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
Type moves like `play rug`, `scavenge`, `done`, `give teddy to Bo`, `keep teddy`, `use kerosene`,
`axe heat`, `cellar key Bo` (a player by name)."""


# --- the end of the game ----------------------------------------------------------------------
END_WORDS = {
    "fire_out": "the fire went out, and everyone froze",
    "frostbite": "a frostbite card had to be taken and none were left",
    "morning": "morning came with the fire still burning",
}
"""Each end reason in words, shared by the announcement and the board so neither shows a code."""


class ColdestNightText(GameText[ColdestNightState, act.Action, PublicObservation]):
    """The Coldest Night's text object: the words above, bound to the game. Labels, typed moves and
    the private lines read the frozen state: no working copy."""

    rules_summary = RULES
    end_words = EndWords(reasons=END_WORDS)  # CN-41

    def label(self, state: ColdestNightState, action: act.Action) -> str:
        return label(state, action)

    def parse_among(
        self, state: ColdestNightState, seat: Seat, text: str, legal: Sequence[act.Action]
    ) -> act.Action:
        return parse(state, list(legal), text)

    def why_illegal(self, state: ColdestNightState, seat: Seat, action: act.Action) -> str:
        return why_illegal(Table(state), seat, action)

    def challenge_score(
        self, outcome: Outcome, public: PublicObservation, seats: int
    ) -> tuple[bool, float, str]:
        """The kindling cards burnt, said with the turns they took."""
        burnt = sum(1 for card in (*public.pit, *public.discard) if card.kind == "kindling")
        words = f"{plural(burnt, 'kindling card')} burnt in {plural(public.turn, 'turn')}"
        return everyone_won(outcome, seats), float(burnt), words

    def describe(self, observation: PublicObservation) -> str:
        return describe(observation)

    def private_lines(self, state: ColdestNightState, seat: Seat) -> list[str]:
        return private_lines(state, seat)

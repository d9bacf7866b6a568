"""Typed moves: `parse` reads a label (`rules.dead_of_winter.labels`) back to its action
(`parse(label(a)) == a`) and a few short forms; text is case-insensitive, extra spaces and
parenthesised words are ignored. Anything else is refused with a sentence naming what was not
understood. `move_kind` names a typed move's kind for the parse-failure counts."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from rules.dead_of_winter import actions as A
from rules.dead_of_winter.content import ITEMS
from rules.dead_of_winter.labels import label
from rules.errors import ParseError
from rules.parsing import seat_words

COMMON_KINDS = (
    "Move",
    "Search",
    "Attack",
    "Barricade",
    "Clean waste",
    "Attract",
    "Contribute",
    "Vote",
)
"""The moves a private panel offers first, as buttons (issue 10 §3); every other kind gets a
select menu of its own."""

KIND_PREFIXES: tuple[tuple[str, str], ...] = (
    ("spend food", "Spend food"),
    ("clean waste", "Clean waste"),
    ("call a vote to exile", "Exile"),
    ("hand off", "Hand off"),
    ("make noise", "Make noise"),
    ("roll exposure", "Exposure"),
    ("end turn", "End turn"),
    ("pass the first player token", "First player token"),
    ("call a vote to keep the token", "First player token"),
)
KIND_WORDS = {
    "spend": "Use",
    "refuse": "Give",
    "accept": "Answer",
    "decline": "Answer",
    "let": "Exposure",
    "option": "Twist option",
    "send": "Lure",
}


def move_kind(text: str) -> str:
    """The kind a label belongs to on a private panel: its verb, with the few labels whose verb is
    shared by different moves told apart (a draft's "Keep …; leader …" from keeping a searched
    card, "Make X leader" from "Make noise", spending food from spending an item)."""
    low = text.lower()
    for prefix, kind in KIND_PREFIXES:
        if low.startswith(prefix):
            return kind
    first = low.split(" ", 1)[0]
    if first == "keep" and "; leader " in low:
        return "Draft"
    if first == "make" and low.endswith(" leader"):
        return "New leader"
    return KIND_WORDS.get(first, first.capitalize() or "Other")


def norm(text: str) -> str:
    """Typed text and labels alike: lower case, without brackets and punctuation, a player's
    `{sN}` as the notation types it ("seat 2")."""
    text = re.sub(r"\([^)]*\)", " ", seat_words(text).lower())
    text = text.replace("@", "").replace(",", " ").replace(";", " ").replace(":", " ")
    return " ".join(text.split())


SHORT_FORMS: dict[str, str] = {
    "pass": "end turn",
    "yes": "vote yes",
    "no": "vote no",
    "noise": "make noise",
    "refuse": "refuse",
    "roll": "roll exposure",
    "kill": "let",
    "accept": "accept",
    "decline": "decline",
    "stop": "stop",
    "1": "option 1",
    "2": "option 2",
    "pass token": "pass the first player token",
    "keep token": "call a vote to keep the token",
}


LOCATION_WORDS = {
    "police": "1",
    "grocery": "2",
    "school": "3",
    "library": "4",
    "hospital": "5",
    "gas": "6",
}
LEADING = {
    "exile": "call a vote to exile",
    "food": "spend food raise a",
    "leader": "make",
    "bandit": "place a bandit at",
}


def _subsequence(words: list[str], label_words: list[str]) -> bool:
    it = iter(label_words)
    return all(any(w == x for x in it) for w in words)


def _one(w: dict[str, Any], cands: list[A.Action], text: str) -> A.Action:
    """One action from candidates: the same move with different dice means the lowest die
    (DW-9); anything else must be typed more fully."""
    if len(cands) == 1:
        return cands[0]
    shapes = {json.dumps(a.model_dump(exclude={"die"}), sort_keys=True) for a in cands}
    if len(shapes) == 1:
        return min(cands, key=lambda a: getattr(a, "die", None) or 0)
    options = "; ".join(label(w, a) for a in cands[:4])
    raise ParseError(f"{text.strip()!r} could mean several moves: {options}. Type one in full.")


ENTRANCE_ANSWER = re.compile(r"(?:(?:lure|send|kill|to|at|into|colony|entrance)\s+)*([1-6])")
"""A colony entrance typed as the answer to DW-13's or §6.7's choice: `2`, `entrance 2`,
`colony 2`, `lure 2`, `kill 2`."""


def _entrance_answer(w: dict[str, Any], want: str, legal: Sequence[A.Action]) -> A.Action | None:
    choices = [a for a in legal if isinstance(a, A.LureTo | A.KillAt)]
    m = ENTRANCE_ANSWER.fullmatch(want)
    if not choices or m is None:
        return None
    n = int(m.group(1))
    found = next((a for a in choices if a.entrance == n), None)
    if found is None:
        options = "; ".join(label(w, a) for a in choices)
        raise ParseError(f"Colony entrance {n} is not one of the choices: {options}.")
    return found


def parse(w: dict[str, Any], text: str, legal: Sequence[A.Action]) -> A.Action:
    want = norm(text)
    if not want:
        raise ParseError("Type a move, for example `pass` or `move Lucia to 5`.")
    labels = [(norm(label(w, a)), a) for a in legal]
    exact = [a for lab, a in labels if lab == want]
    if exact:
        return exact[0]
    entrance = _entrance_answer(w, want, legal)
    if entrance is not None:
        return entrance
    want = SHORT_FORMS.get(want, want)
    words = [LOCATION_WORDS.get(x, x) for x in want.split()]
    if words[0] in LEADING:
        words = LEADING[words[0]].split() + words[1:]
    if words[0] == "raid" and words[1:2] != ["the"]:  # `raid with Bram` searches (§12.2)
        how = "attack" if "attack" in words else "search"
        words = ["raid", "the", "hideout", "by", how, *(x for x in words[1:] if x != "attack")]
    want = " ".join(words)
    exact = [a for lab, a in labels if lab == want]
    if exact:
        return exact[0]
    starts = [a for lab, a in labels if lab.startswith(want)]
    if starts:
        return _one(w, starts, text)
    loose = [
        a for lab, a in labels if lab.split()[0] == words[0] and _subsequence(words, lab.split())
    ]
    if loose:
        return _one(w, loose, text)
    if words[0] in ("play", "contribute", "discard", "commit", "equip", "give"):
        return _unknown_card(w, words)
    raise ParseError(f"I don't understand {text.strip()!r} as a move you can make now.")


def _unknown_card(w: dict[str, Any], words: list[str]) -> A.Action:
    name = " ".join(words[1:])
    known = any(norm(c.name).startswith(name) or c.id.lower() == name for c in ITEMS.values())
    if not known:
        raise ParseError(f"There is no card called {name!r}.")
    raise ParseError(f"You cannot {words[0]} {name!r} now: it is not in your hand or not usable.")

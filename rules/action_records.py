"""The base of the games' action records: `ActionRecord`, whose `type` tags each game's
discriminated union.

A record narrows `type` to its own kind (`type: Literal["pass"] = "pass"`). Declared here first,
`type` stays the first field of every record, so a record's JSON (stored in the log and read
back) keeps its kind in front whatever fields the record takes from a shared base: a game groups
the fields several of its moves name (a survivor and a die, a card, a square) in small private
bases of this one.
"""

from __future__ import annotations

from rules.values import Frozen


class ActionRecord(Frozen):
    """A move a seat sends to `apply`: frozen, compared by value, tagged by `type`."""

    type: str

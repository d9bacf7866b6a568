"""Winter: two players build a frozen lake from 18 cards, then thaw it apart (spec `winter.md`).

Decisions where the spec is silent:
- Seats are 0-based in every record and observation field, as the spec's code convention says
  (`first_player` 0/1, `colours` keys 0 and 1, `to_act`, `outcome.winners`); the spec's tables
  count seats 1 and 2 as players see them.
- `parse` refuses an illegal typed command itself, with the reason from `why_illegal` (a corner
  only spot, a locked card, a move with no new square, an occupied or wrong-colour square, someone
  else's counter), so players read why rather than the engine's generic refusal. Text that is not
  Winter notation falls back to label matching.
- `keep` accepts any cell covered by a card of a group (not only anchors) and maps it to the
  group's representative (WI-24).
- After a melt leaves no card at all, the label frame falls back to origin (-2, -2).
- The thaw-start check runs the whole WI-21 list; the turn limit cannot fire there because
  `thaw_turns` is 0 and a limit of 0 means "off".
- Events are all public (WI-23: nothing but the deck order is secret); `secrets` is empty because
  no seat knows the deck order either.
- Counters a move could not cover (WI-15) stay open squares; nothing else happens to them.
- WI-24's "leave out trailing words" also covers `move G3` (no destination) and a bare `place`:
  accepted when exactly one legal action matches, otherwise the matching labels are listed.
- A Freezing turn with no counter to put offers only the draw (WI-5, WI-6), so `forced` names it:
  opening the panel on Discord draws, and the panel opens at the placement (one click less).
- `describe` drops the text grid (pointing to the picture) when it would pass 1800 characters.
- The picture's hints mark placement spots and move destinations (green dots on the anchor
  cell), claimable squares (yellow frames) and removable cards (red crosses) for the seat to act;
  the observation lists them (`hint_marks()`) so the renderer reads no rules module.
- The `expert` level (`expert`, issue 33) searches the Thawing with alpha-beta, as it hides
  nothing, and plays the Freezing with the heuristic's placements and claims; `determinize` deals
  the unseen cards into the deck from an observation (the only secret, WI-23).

Layout (the same module names in every game package): `actions`, `state`, `rules_cards`,
`rules_geometry`, `rules_lake` (the mutable working copy of the lake), `rules_legal`,
`rules_freeze`, `rules_thaw`, `rules_apply`, `observation`, `text`, `agents`, `determinize`,
`expert`, `data/`, `fast` (the optional playout fast path, `Resolving`), and `game` (the only
module importing all the others). Renderers import only the names below.
"""

from __future__ import annotations

from rules.winter.actions import (
    ChooseColour,
    Colour,
    Draw,
    Keep,
    Move,
    Place,
    PutCounter,
    Remove,
    Take,
    WinterAction,
)
from rules.winter.game import GAME, WinterGame
from rules.winter.observation import (
    CardFace,
    CardView,
    CounterView,
    GroupView,
    HintMark,
    OutcomeView,
    SquareView,
    WinterObservation,
)
from rules.winter.state import WinterState

__all__ = [
    "GAME",
    "CardFace",
    "CardView",
    "ChooseColour",
    "Colour",
    "CounterView",
    "Draw",
    "GroupView",
    "HintMark",
    "Keep",
    "Move",
    "OutcomeView",
    "Place",
    "PutCounter",
    "Remove",
    "SquareView",
    "Take",
    "WinterAction",
    "WinterGame",
    "WinterObservation",
    "WinterState",
]

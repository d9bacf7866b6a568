"""Cold Comfort (spec `cold-comfort.md`): hotels, dice visitors and a growing town.

Decisions where the spec is silent (also listed in the report):
- Gold and points are stored per seat as tuples; the deck is the list of tiles not yet drawn, so
  drawing a tile for a scoring round removes it (CX-3: `deck_count` 22 → 21).
- If a (replaced) City Deck ever ran out, no further scoring round is triggered and the turn limit
  ends the game (CC-24 says this cannot happen with the shipped deck).
- `NeighbourhoodScore.best` lists only seats with at least one hotel in that neighbourhood.
- Extras that find a spot land on the tied spots in (x, y) order in `last_landing`.
- `describe` draws a compact text map: `4.` lot, `4*` camper, `a4` empty hotel of seat 1 (letters
  a–f for seats 1–6), `A4` the same with a guest, `PP` public building, `==` street, `MS` Main St.
- Labels always name the rotation (`turned 0°` too); typed `grow` accepts `rot`, `r`, `rotation`
  or `turned`, and an optional tile id (`grow C05 at (3,0) r180`).
- Typed commands whose every field is given but which are illegal are refused in `parse` with the
  reason from `why_illegal`, instead of returning an action the engine would refuse anyway.
- The `expert` level (`expert`, issue 33) is the shared determinized search (`rules.search`) with
  rollouts cut after a round of turns and scored by each seat's final score so far; `determinize`
  deals the unseen tiles into the City Deck from an observation (dice to come are not in the
  state: each roll draws from its move's rng).

Layout (the same module names in every game package): `actions`, `state`, `rules_tiles`,
`rules_board`, `rules_dice`, `rules_legal`, `rules_play` (set-up, management, fire),
`rules_round` (scoring round, next turn), `rules_scoring`, `observation`, `text`, `agents`,
`determinize`, `expert`, `data/`, `fast` (the optional playout fast path, `Playing`), and `game`
(the only module importing all the others). Renderers import only the names below.
"""

from rules.cold_comfort.actions import Action
from rules.cold_comfort.game import GAME, ColdComfortGame
from rules.cold_comfort.observation import (
    ColdComfortObservation,
    PlayerView,
    RotationView,
    SquareView,
    TileFaceView,
)
from rules.cold_comfort.state import SEAT_COLOURS, ColdComfortState

__all__ = [
    "GAME",
    "SEAT_COLOURS",
    "Action",
    "ColdComfortGame",
    "ColdComfortObservation",
    "ColdComfortState",
    "PlayerView",
    "RotationView",
    "SquareView",
    "TileFaceView",
]

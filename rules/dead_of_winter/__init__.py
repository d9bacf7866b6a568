"""Dead of Winter: a colony, a crisis each round, secret objectives and maybe a betrayer.

The spec is `dead-of-winter.md` (rulings DW-…, §14 worked examples) with the card content of
`dead-of-winter-content.md`, kept here as `data/*.json` and validated at import (`content.py`).

How the engine is built:
- `state.py` is the stored record; a move works on a dict copy of it (`rules_flow.apply`), so a
  move that fails half-way changes nothing.
- Everything after a move is a queue of tasks (`State.tasks`): the rest of an effect list, an
  exposure's bite spread, a vote, a search, the colony steps. A task that needs a decision opens
  it in `State.pending` (§5.4) and waits at the front of the queue; the answer is handed to it.
  So `to_act` is exactly the seats owing a decision, and AI seats, clocks and renderers need
  nothing special for votes, requests, bites or choices inside an effect.
- `effects.py` is the one interpreter of the §13 vocabulary; `content.py` holds the vocabulary as
  a closed set, and a test checks each term has its resolver.
- Long Night modules (§9): each is one bool in `DeadOfWinterOptions` (`long_night` sets all),
  listed in `State.modules`; their table parts are `State.ln` and three `LocationState` fields
  (traps, experiment zombies, bandits), their content `data/{improvements,lab_items,experiments,
  side_effects,hideout}.json`. `effects_ln.py` resolves their primitives, each degrading as §13.10
  says when its module is off; `rules_modules.py` holds their actions and colony steps (1
  containment, 7 scavenge, 10 the first-player vote), `rules_legal_ln.py` their legal moves and
  refusals, `agents_ln.py` the heuristic's play of them.
- The `expert` level is the shared determinized search (`rules/search.py`) with `expert.py`'s
  tuning; `determinize.py` deals worlds at the start of an active player's action (inside an open
  decision, or with a Long Night module, it answers None and the expert plays the heuristic's move).

Balance (figures and reasons in `docs/design/dead-of-winter-balance.md`): the main
objectives' numbers in `data/main_objectives.json` differ from the content file where the
all-heuristic co-op colony almost never won (aim: 30–60 % at every player count):
- M02 `colony_kills>=3*P+6` → `2*P+6` (standard), `3*P+8` → `2*P+8` (hardcore);
- M04 `stash Medicine>=P+5` → `P+4` (standard), `P+7` → `P+5` (hardcore);
- M06 hardcore `stash Fuel>=P+4` → `P+3`; M07 hardcore `morale>=3` → `morale>=2`;
- M08 hardcore `stash Fuel>=2*P+2` → `2*P`.
Everything else (M01, M03, M05, M09 — worked example 14.27 — M10, morale and round tracks,
crises, twists) is the content file's.

Decisions where the spec is silent or leaves a choice open (also in the report):
- An attack with `attack_kills n` at the colony asks, for each extra kill, which entrance it comes
  from (an `extra_kill` decision, answered `kill_at`) whenever two or more entrances hold a zombie
  it may kill; with one, it is taken without asking (DW-56). "Up to n" is read as "as many as
  there are, up to n": there is no stop. A lured zombie brought to the colony waits at its source
  until its player names the entrance (a `lure_entrance` decision, answered `lure_to`); all six
  are offered, full ones too (DW-13).
- A survivor who dies at the Hideout leaves its items face up in the stash, not shuffled (the
  stash is public and unordered); an eliminated first player, like an exiled one (DW-47), passes
  the token without a vote.
- A new leader is chosen without a prompt when the group has one survivor left.
- Heal cards are offered only on survivors carrying a wound or frostbite token, so a card is not
  wasted by mistake; cards and abilities whose single target is part of the action (DW-15) list
  one action per useful target.
- A `discard`/`pay_card` decision takes one card per `choose` answer (the spec's `discard_for`
  with several cards is answered card by card).
- Per-turn marks (moved, used abilities) are cleared for every survivor at each turn end.
- `PendingPublic` keeps its per-kind public fields (§11.1) under `fields`; `options_count` is null
  for choices among private things (DW-52).
- A request names the asked player in its label ("Request Medicine card from Bo"); with two
  groups on one seat (solo) there are no requests (DW-49).
- Peek results stay private to the peeker; they count as that seat's secrets only while the cards
  or objective they saw are still hidden.
- Long Night: the first exiled non-betrayer in group order leads the bandits (the spec says "the
  first such player" without saying first by what); the leader places arriving bandits one
  `place_bandit` decision at a time, each public once made. An attack at the colony with
  experiment zombies there may only name an entrance holding one; its extra kills take experiment
  zombies first, from the entrances holding them (the player picks among them, §6.7). `Attack`
  marks a bandit target with `bandit: true` (the spec's `target` field name is kept free by
  DW-11's test). A raid, Lab search exposure and a pill's side effect resolve after the move's own
  effect list. Lab items join `ITEMS` (165 cards) but their deck exists only with `lab`.
- Typed text matches labels exactly (case, spaces and parenthesised words ignored) or as an
  unambiguous prefix, plus the short forms `pass`, `yes`, `no`, `noise`, `refuse`, `roll`,
  `kill`, `accept`, `decline`, `stop`, `1`, `2`, and a colony entrance for the lure and
  extra-kill choices (`lure 3`, `kill 2`, `entrance 2`, `2`).
- What the thread says of zombies: colony step 6's arrivals are one `zombies_placed` line, said
  before any of them lands ("Zombies arrive: 1 at the Colony; 2 each at …"; its counts are all
  taken first), as are an effect's zombies at several places; any arrival is said before its
  zombies land, so a broken barricade or an overrun always follows the line that brought the
  zombies. A resolved crisis says whether it was prevented and what the revealed cards counted
  against the number needed. The crisis's result and step 6's arrivals open thread lines of their
  own (`Event.heading`), so a colony phase reads as a few lines rather than one paragraph.
"""

from rules.dead_of_winter.game import GAME, DeadOfWinterGame

__all__ = ["GAME", "DeadOfWinterGame"]

"""Dead of Winter's text object (`DeadOfWinterText`): the board in words (`describe`,
`private_lines`), the rules summary and the notation, with the labels
(`rules.dead_of_winter.labels`) and typed moves (`rules.dead_of_winter.typed_moves`) it speaks
through, re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import EndWords, GameText, Outcome, Seat, seat_ref
from rules.dead_of_winter import rules_legal
from rules.dead_of_winter.actions import Action, Vote
from rules.dead_of_winter.content import IMPROVEMENTS, MAINS, OBJECTIVES
from rules.dead_of_winter.labels import (
    cname,
    goal_words,
    label,
    place_name,
    short,
    trigger_words,
)
from rules.dead_of_winter.observation import Observation
from rules.dead_of_winter.state import MODULES, State
from rules.dead_of_winter.state_dicts import as_dict
from rules.dead_of_winter.typed_moves import COMMON_KINDS, move_kind, parse
from rules.dead_of_winter.words import group_name, group_of, own_group
from rules.errors import ParseError
from rules.game_text import plural

__all__ = [
    "COMMON_KINDS",
    "NOTATION",
    "RULES",
    "DeadOfWinterText",
    "describe",
    "label",
    "move_kind",
    "parse",
    "private_lines",
]


RULES = """**Dead of Winter** — a colony of survivors in a zombie winter.
Each round a crisis is revealed; players secretly add cards to prevent it. Everyone rolls action
dice (1 + one per survivor). On your turn spend dice to attack, search, barricade, clean waste or
attract zombies, and take free actions: move (then roll exposure), play, equip, contribute, request
a card, call an exile vote, pass. A twist card is held in secret by the player on your right and
fires by itself when its trigger is met. Then the colony eats, waste costs morale, the crisis is
scored and zombies arrive. The colony loses at 0 morale or when the round track runs out; the main
objective, checked at the end of the round, wins it. You win only if your secret objective is met
(one player may be a betrayer who wants the colony to fail)."""

NOTATION = """Moves: `move Lucia to 5`, `move Lucia to hospital with Lamp Oil`, `search 3 with
Bram using 5`, `attack colony 2 with Bram`, `barricade colony 3 with Tamsin`, `clean with Ezekiel`,
`play Canned Stew`, `equip Cruiser Shotgun on Kasimir`, `contribute Tin of Beans` (privately),
`request Medicine from Bo`, `exile Bo` (a player by name), `vote yes` (privately), `option 1`,
`pass`.
The Long Night: `contain with Yara using 3`, `work on Iron Gate with Tamsin using 4`, `scrap
Tangled Wire for Iron Gate`, `raid with Bram` / `raid attack with Bram`, `bribe 2 with Tin of
Beans`, `attack bandit with Bram`, `rig a trap at colony 3 with Tamsin`, `bandit 3`, `pass token`,
`keep token`, and pills are played like any card: `play Grey Tablets with Lucia`.
Luring into the colony or an extra kill there asks for an entrance: `lure 3`, `kill 2`."""


def location_ln(loc: Any) -> str:
    """A location's Long Night pieces in words (nothing in a base game)."""
    parts = []
    if loc.unruly:
        parts.append(f"unruly {loc.unruly}")
    if any(e.experiments for e in loc.entrances):
        parts.append("experiment zombies " + "/".join(str(e.experiments) for e in loc.entrances))
    if any(e.traps for e in loc.entrances):
        parts.append("traps " + "/".join(str(e.traps) for e in loc.entrances))
    if loc.bandits:
        parts.append(f"bandits {loc.bandits}")
    return "".join(f", {p}" for p in parts)


def describe_ln(o: Observation) -> list[str]:
    """The modules' public table parts: stash, improvements, the experiment (§9)."""
    ln = o.long_night or {}
    lines = []
    if "hideout_stash" in ln:
        stash = ", ".join(c["name"] for c in ln["hideout_stash"]) or "empty"
        lines.append(f"Hideout stash: {stash}; bandits in the supply {ln['bandit_supply']}.")
    if "improvements" in ln:
        shown = ", ".join(
            f"{i['name']} {i['tokens']}/{i['need']}" for i in ln["improvements"]["display"]
        )
        built = ", ".join(IMPROVEMENTS[i].name for i in ln["improvements"]["built"]) or "none"
        lines.append(f"Improvements on display: {shown}; built: {built}.")
    if ln.get("experiment"):
        x = ln["experiment"]
        dice = ", ".join(map(str, x["covered"])) or "none"
        code = " ".join(map(str, x["code"]))
        lines.append(f"Experiment {x['name']}: code {code}, dice placed {dice}.")
    return lines


PHASE_WORDS = {
    "draft": "choosing survivors",
    "turn": "players' turns",
    "colony": "colony phase",
    "ended": "game over",
}
"""Each phase as the board says it."""


def describe(o: Observation) -> str:
    lines = [
        f"**Dead of Winter** — round {o.round_number}, {o.round_track} left on the track, "
        f"{PHASE_WORDS.get(o.phase, o.phase)}.",
        f"Morale {o.morale}/10 · food {o.food} · starvation {o.starvation} · waste {o.waste}.",
        f"Main objective: {o.main_objective.name} ({o.main_objective.side} side): "
        + goal_words(
            o.main_objective.goal, len(o.groups), [p.have for p in o.main_objective.progress]
        )
        + ".",
    ]
    if o.crisis:
        lines.append(
            f"Crisis: {o.crisis.name}, prevent with {o.crisis.prevent}; "
            f"{plural(o.crisis.card_count, 'card')} added."
        )
    if o.last_crisis:
        lc = o.last_crisis
        lines.append(
            f"Last crisis {lc.name}: {', '.join(c.name for c in lc.revealed) or 'nothing'}"
            f" → {lc.result.replace('_', ' ')}."
        )
    seats = [g.seat for g in o.groups]
    for g in o.groups:
        state = " (exiled)" if g.exiled else " (out)" if g.eliminated else ""
        dice = ", ".join(map(str, g.dice)) or "none"
        lines.append(
            f"{group_of(seats, g.group)[0].upper()}{group_of(seats, g.group)[1:]}{state}: "
            f"{plural(g.hand_count, 'card')}, dice {dice}, kills {g.kills}."
        )
    # where everyone stands: a block the board leaves out beside its picture, which shows it
    # (the alt text and a board without a picture keep it)
    drawing: list[str] = []
    for loc in o.locations:
        zs = "/".join(str(e.zombies) for e in loc.entrances)
        bs = "/".join(str(e.barricades) for e in loc.entrances)
        people = ", ".join(short(s) for s in loc.survivor_ids) or "nobody"
        extra = f", helpless {loc.helpless}" if loc.key == "colony" else f", noise {loc.noise}"
        extra += location_ln(loc)
        drawing.append(
            f"{loc.name}: {people}; zombies {zs}, barricades {bs}{extra}, deck {loc.deck_count}."
        )
    for s in o.survivors:
        hurt = "".join(
            f", {n} {word}{'s' if n > 1 and word == 'wound' else ''}"
            for n, word in ((s.wounds, "wound"), (s.frostbite, "frostbite"), (s.despair, "despair"))
            if n
        )
        gear = f", carrying {', '.join(c.name for c in s.equipped)}" if s.equipped else ""
        lead = ", leader" if s.is_leader else ""
        drawing.append(
            f"{s.short} ({group_name(seats, s.group)}{lead}) at {place_name(s.location)}"
            f"{hurt}{gear}."
        )
    lines += ["```", *drawing, "```"]
    lines += describe_ln(o)
    if o.twist.fired:
        lines.append(f"Twist fired: {o.twist.fired.name}.")
    if o.hand is not None:
        for gid, cards in o.hand.items():
            lines.append(
                f"Your hand{own_group(seats, gid)}: {', '.join(c.name for c in cards) or 'empty'}."
            )
    if o.objective:
        for gid, objs in o.objective.items():
            for ob in objs:
                lines.append(
                    f"Your {'betrayal ' if ob.kind == 'betrayal' else ''}objective"
                    f"{own_group(seats, gid)}: {ob.name} — {goal_words(ob.goal, len(o.groups))}."
                )
    if o.twist_card:
        lines.append(
            f"You hold twist card {o.twist_card.name}; it fires when "
            f"{trigger_words(o.twist_card.trigger)}."
        )
    if o.seat is not None:
        lines += private_lines(o)
    if o.outcome:
        lines.append(f"Game over: {str(o.outcome['reason']).replace('_', ' ')}.")
    return "\n".join(lines)


def private_lines(o: Observation) -> list[str]:
    """What a seat's own panel adds (§11.2): its survivors, the cards it has put into the crisis
    (the public sees only how many), its ballot in a running vote, a search's cards and the
    decision waiting for it — so a player never has to remember what they did in secret."""
    lines: list[str] = []
    mine = [g for g in o.groups if g.seat == o.seat]
    seats = [g.seat for g in o.groups]
    for g in mine:
        people = [s for s in o.survivors if s.group == g.group]
        shown = "; ".join(
            f"{s.short}{' (leader)' if s.is_leader else ''} at {place_name(s.location)}"
            + (f", {s.wounds} wound{'s' if s.wounds > 1 else ''}" if s.wounds else "")
            for s in people
        )
        lines.append(f"Your survivors{own_group(seats, g.group)}: {shown or 'none'}.")
    if o.crisis is not None and o.my_contributions is not None:
        added = ", ".join(c.name for c in o.my_contributions)
        lines.append(
            f"Your cards in the crisis {o.crisis.name}: {added}; others see only how many."
            if added
            else f"You have added nothing to the crisis {o.crisis.name} yet."
        )
    for p in o.pending:
        if p.kind != "vote" or o.seat not in p.fields.get("eligible", ()):
            continue
        subject = p.fields.get("subject")
        target = p.fields.get("target")
        about = (
            f"exile {seat_ref(target)}"
            if subject == "exile" and isinstance(target, int)
            else "keeping the first player token"
            if subject == "first_player"
            else "the twist card"
        )
        cast = len(p.fields.get("cast", ()))
        ballot = f"you voted {o.my_vote}" if o.my_vote else "you have not voted yet"
        lines.append(
            f"Vote on {about}: {ballot} ({cast} of {len(p.fields['eligible'])} ballots cast); "
            "ballots stay secret until the last one is cast."
        )
    for p in o.pending:
        if o.seat not in p.seats:
            continue
        who = (
            short(str(p.fields.get("survivor", "")))
            if p.fields.get("survivor")
            else "Your survivor"
        )
        if p.kind == "lure_entrance":
            lines.append(
                f"{who} lures a zombie from {place_name(str(p.fields.get('source')))}: choose the "
                "colony entrance it goes into (into a full one it breaks a barricade or overruns)."
            )
        elif p.kind == "extra_kill":
            left = int(p.fields.get("kills_left", 1))
            lines.append(
                f"{who} may kill {left} more zombie{'s' if left > 1 else ''} at the colony: "
                "choose the entrance."
            )
    if o.search is not None:
        looked = ", ".join(c.name for c in o.search.looked) or "nothing"
        lines.append(f"Your search found: {looked}; you may keep {o.search.keep} more.")
    for item in o.pending_private or []:
        if item.get("kind") in ("given_card", "hand_off"):
            offered = item.get("card")
            name = (
                offered.get("name") if isinstance(offered, dict) else getattr(offered, "name", "")
            )
            lines.append(f"You are offered {name or 'a card'}.")
        elif item.get("kind") == "choose":
            lines.append(f"Your choice: {item.get('prompt', 'choose one')}.")
    return lines


_VOTES = {"exile": "the exile", "twist": "the twist", "first_player": "the first player"}


class DeadOfWinterText(GameText[State, Action, Observation]):
    """Dead of Winter's words, bound to the game; labels, typed moves and refusals read the state's
    dict (`as_dict`)."""

    rules_summary = RULES
    notation_guide = NOTATION
    end_words = EndWords(
        reasons={
            "main_objective": "the colony completed its main objective",
            "morale": "the colony failed: the colony's morale ran out",
            "round_track": "the colony failed: the last round ended before the main objective "
            "was met",
            "exile": "the colony failed: a second innocent survivor was exiled and the colony "
            "broke apart",
            "eliminated": "the colony failed: every group was eliminated",
        },
        scores=None,  # a score is only whether the seat won, which the Winners line says
        kinds={"coop": "shared main"},
        goals={key: main.name for key, main in MAINS.items()},
    )
    panel_common = COMMON_KINDS
    option_words = {
        "mode": {
            "standard": "Standard game: each player has a secret objective",
            "coop": "Co-operative game: no secret objectives, everyone wins or loses together",
            "prisoners_dilemma": "Prisoner's Dilemma: two players, two secret objectives",
        },
        "secret_deal": {
            "normal": "Secret deal: a betrayer may be among you, or not",
            "betrayer": "Secret deal: a betrayer is surely among you",
            "no_betrayer": "Secret deal: no betrayer is among you",
        },
        "hardcore": {True: "Hardcore: the main objective's harder side", False: ""},
        "player_elimination": {
            True: "Player elimination: a group whose last survivor dies is out",
            False: "",
        },
        "long_night": {True: "The Long Night: every module is on", False: ""},
        "objective": {"random": "Main objective: drawn at random"},
    }

    def label(self, state: State, action: Action) -> str:
        return label(as_dict(state), action)

    def parse_among(self, state: State, seat: Seat, text: str, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ParseError("The game is not waiting for a move from you right now.")
        return parse(as_dict(state), text, legal)

    def describe(self, observation: Observation) -> str:
        return describe(observation)

    def why_waiting(self, state: State, seat: Seat) -> str | None:
        """A seat that has cast its ballot hears so, not a bare "not your turn" (issue §5)."""
        reason = rules_legal.why_illegal(as_dict(state), seat, Vote(yes=True))
        return reason if reason == "You have already voted." else None

    def why_illegal(self, state: State, seat: Seat, action: Action) -> str | None:
        return rules_legal.why_illegal(as_dict(state), seat, action)

    def option_sentence(self, key: str, value: Any) -> str | None:
        """A Long Night module (§9) is said by its name: "Long Night module lab: on"."""
        if key in MODULES and isinstance(value, bool):
            return f"Long Night module {key.replace('_', ' ')}: {'on' if value else 'off'}"
        return super().option_sentence(key, value)

    def challenge_score(
        self, outcome: Outcome, public: Observation, seats: int
    ) -> tuple[bool, float, str]:
        """The objectives met, then fewer rounds to a win, or more rounds held before a loss."""
        main = bool(outcome.details.get("main_objective_complete"))
        met = sum(1 for r in outcome.results if r.met)
        rounds = public.round_number
        words = "main objective complete" if main else "main objective missed"
        return (
            main,
            met * 100.0 + (100 - rounds if main else rounds),  # done sooner, or held longer
            (
                f"{words}, {met} of {len(outcome.results)} personal objectives met, "
                f"{plural(rounds, 'round')}"
            ),
        )

    def reveal_lines(self, state: State) -> list[str]:
        """Who held which objective and who was the betrayer, the crisis contributions by player,
        open ballots by voter."""
        out: list[str] = []
        for group in state.groups:
            who = seat_ref(group.seat)
            for oid in group.objectives:
                objective = OBJECTIVES.get(oid)
                if objective is None:
                    continue
                kind = {"betrayal": "betrayer", "exiled": "exiled"}.get(objective.kind, "secret")
                shown = " (revealed)" if oid in group.revealed else ""
                out.append(f"🔓 {who}'s {kind} objective: {objective.name}{shown}.")
            betrayer = group.was_betrayer
            if betrayer is None:
                betrayer = any(
                    OBJECTIVES[o].kind == "betrayal" for o in group.objectives if o in OBJECTIVES
                )
            if betrayer:
                out.append(f"🔓 {who} is the betrayer.")
        crisis = state.crisis
        if crisis is not None and crisis.contributions:
            seat_of = {g.group: seat_ref(g.seat) for g in state.groups}
            given = [
                f"{seat_of.get(c.group, 'The game')}: {cname(c.card)}" for c in crisis.contributions
            ]
            out.append("🔓 Crisis contributions, face down: " + "; ".join(given) + ".")
        for task in state.tasks:
            if task.t != "vote":
                continue
            ballots = task.data.get("ballots", {})
            if ballots:
                about = _VOTES.get(str(task.data.get("subject")), "the vote")
                cast = [f"{seat_ref(int(v))} {b}" for v, b in ballots.items()]
                out.append(f"🔓 Secret ballots on {about} so far: " + "; ".join(cast) + ".")
        return out

    def move_kind(self, label: str) -> str | None:
        """Panels group Dead of Winter's moves by kind: a turn can offer hundreds (§3)."""
        return move_kind(label)

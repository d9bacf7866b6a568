"""The working copy's fields, the pit and the pile (CN-5…7, CN-9, CN-17, CN-18, CN-20).

`PitTable` is a `rules.draft.Draft` of the state (lists in place of tuples) with what every step of
the turn uses: the events it records, the reads of `reads`, the end checks of CN-7 (raising
`Ended`), a card entering or leaving the pit, draws with Memory Loss. `rules_turn.Table` builds the
turn flow on it.
"""

from __future__ import annotations

from typing import Literal

from rules.coldest_night import event_lines as lines
from rules.coldest_night import reads
from rules.coldest_night import rules_tokens as tokens
from rules.coldest_night.actions import UseToken
from rules.coldest_night.data import CARDS, TOKENS, TokenId
from rules.coldest_night.state import (
    ColdestNightState,
    MemoryPending,
    Phase,
    Resume,
    ScavengePool,
    TokenState,
)
from rules.core import Event, Seat, seat_ref
from rules.draft import Draft

DWINDLES: frozenset[str] = frozenset(c for c, card in CARDS.items() if card.kind == "fire_dwindles")


class Ended(Exception):
    """An end condition of §6 holds; the outcome is already recorded on the table."""


def is_fire_dwindles(card_id: str) -> bool:
    return CARDS[card_id].kind == "fire_dwindles"


class ScavengeDraft(Draft[ScavengePool]):
    """The scavenge pool while its cards are handed out (CN-13)."""

    scavenger: int
    pool: list[str]


class PitTable(Draft[ColdestNightState]):
    """A working copy of the state (`rules.draft`): its fields, what they answer, the pit, the
    pile and the end checks. `rules_turn.Table` adds the turn flow.

    `memory` stays a frozen record: a Memory Loss choice is replaced whole, never edited.
    """

    keep = frozenset({"memory"})
    quiet: bool = False
    """True on a playout's table (`game.TableInPlay`): it records no events, nobody reads them."""

    variant: str
    num_players: int
    turn: int
    active_seat: int
    phase: Phase
    pit: list[str]
    turn_boost: int
    deck: list[str]
    frost_deck: list[str]
    hands: list[list[str]]
    frostbite: list[list[str]]
    tokens: dict[TokenId, TokenState]
    alcohol_on: str | None
    discard: list[str]
    frostbite_discard: list[str]
    display: list[str]
    removed: list[str]
    cards_played: int
    main_action: Literal["feed", "scavenge"] | None
    pending_target: int
    pending_greatest: int
    pending_burn_one: int
    fire_died_down: bool
    display_only: bool
    scavenge: ScavengeDraft | None
    memory: MemoryPending | None
    winners: list[int] | tuple[int, ...] | None
    end_reason: str | None

    def __init__(self, s: ColdestNightState) -> None:
        super().__init__(s)
        self.events: list[Event] = []

    @property
    def pending(self) -> dict[str, int]:
        """The Fire Dies Down effects waiting this turn (CN-25…27), by kind."""
        return {
            "target": self.pending_target,
            "greatest": self.pending_greatest,
            "burn_one": self.pending_burn_one,
        }

    @property
    def scavenger(self) -> int | None:
        return reads.scavenger(self)

    @property
    def pool(self) -> list[str] | None:
        return self.scavenge.pool if self.scavenge is not None else None

    # --- queries ------------------------------------------------------------------------------
    @property
    def solo(self) -> bool:
        return self.variant == "solo"

    def say(self, text: str, to: frozenset[int] | None = None, kind: str = "info") -> None:
        """Record an event (the busiest callers skip even building its text on a quiet table)."""
        if self.quiet:
            return
        self.events.append(lines.event(text, to, kind))

    def tell(self, events: tuple[Event, ...]) -> None:
        """Record events made beforehand (`event_lines`)."""
        if not self.quiet:
            self.events += events

    # read from the fields, as a frozen state answers them too (`rules.coldest_night.reads`)
    effective_heat = reads.effective_heat
    heat_total = reads.heat_total  # CN-5
    holds = reads.holds
    may_gain = reads.may_gain  # CN-6
    may_receive = reads.may_receive  # CN-6: from another player, or a draw a token makes
    awaited = reads.awaited
    playable = reads.playable  # CN-9: `play_problem`'s checks for the whole hand at once
    eligible = reads.eligible  # CN-13
    draw_targets = reads.draw_targets

    def play_problem(self, card_id: str, source: str) -> str | None:
        """Why `play(card_id, source)` is illegal now for the active seat (CN-9 table), or None."""
        name = CARDS[card_id].name if card_id in CARDS else card_id
        if self.phase != "main":
            return "You can play cards only in the main phase of your turn."
        if self.main_action == "scavenge":
            return "You scavenged this turn, so you cannot feed the fire."
        if source == "display":
            if not self.solo:
                return "Only the solo game has a display to play from."
            if card_id not in self.display:
                return f"{name} is not in the display."
        elif card_id not in self.hands[self.active_seat]:
            return f"{name} is not in your hand."
        if len(self.pit) >= 4:
            return f"The pit is full ({len(self.pit)} cards)."
        card = CARDS[card_id]
        heat = self.heat_total()
        if card.ash > heat:
            return f"The fire is too cold for {name}: ash {card.ash} > heat total {heat}."
        if self.holds(self.active_seat, "violent_shivering") and card.heat % 2 == 0:
            return "Violent Shivering: you cannot play cards with even heat."
        if self.holds(self.active_seat, "stiff_fingers") and self.cards_played >= 1:
            return "Stiff Fingers: you can play only one card per turn."
        return None

    def token_uses(self, seat: int) -> list[UseToken]:
        """Every legal `use_token` for `seat`, ignoring the phase (CN-19 table)."""
        return tokens.uses(self, seat)

    def token_usable(self) -> bool:
        """Some seat has a legal `use_token` right now (CN-19)."""
        return tokens.usable(self)

    def kindling_left(self) -> bool:
        if not DWINDLES.issuperset(self.deck):
            return True
        if any(self.hands) or self.pool or self.display:
            return True
        return bool(self.memory and self.memory.context == "draw" and self.memory.collected)

    # --- end ----------------------------------------------------------------------------------
    def end(self, winners: tuple[int, ...], reason: str) -> None:
        self.winners = winners
        self.end_reason = reason
        self.phase = "game_over"
        text = {
            "fire_out": "The fire went out. Everyone freezes: the game is lost.",
            "frostbite": "A frostbite card had to be taken and none were left: the game is lost.",
            "morning": "Morning comes: every piece of kindling has burned. Everyone wins!",
        }[reason]
        self.say(text, kind="end")
        raise Ended

    def check_end(self) -> None:
        """CN-7 / CN-41, losses first."""
        if not self.pit:
            self.end((), "fire_out")
        if not self.kindling_left():
            self.end(tuple(range(self.num_players)), "morning")

    # --- the pit ------------------------------------------------------------------------------
    def remove_from_pit(self, index: int, chooser: Seat | None = None, burns: bool = False) -> None:
        """Take a card out of the pit. `burns`: the fire's dying down takes it (CN-14), chosen by
        `chooser` for a TARGET (CN-25), and the line says so ("The fire dies down: Match burns
        away."); else it just leaves ("Match leaves the pit.")."""
        card = self.pit.pop(index)
        self.discard.append(card)
        if card == self.alcohol_on:
            self.alcohol_on = None
            self.tokens["alcohol"] = "spent"
            self.say(lines.burn_text(card, chooser, burns) + "; its Alcohol is spent.")
        elif not self.quiet:
            self.tell(lines.burned(card, chooser) if burns else lines.left(card))
        self.check_end()

    def fire_dwindles(self, card_id: str) -> None:
        """CN-18."""
        self.pit.insert(0, card_id)
        self.say("A Fire Dwindles card enters the pit.", kind="fire_dwindles")
        if len(self.pit) >= 4:
            self.remove_from_pit(len(self.pit) - 1)

    def enter_pit(self, card_id: str, putter: int) -> None:
        """CN-20: a card enters the pit by `play` or Emergency Supplies; its effect resolves."""
        self.pit.insert(0, card_id)
        self.check_end()
        card = CARDS[card_id]
        numb = self.holds(putter, "numbing")
        kind = card.effect_kind
        if kind in ("gain", "if") and card.token is not None:
            if numb or self.tokens[card.token] != "supply":
                return
            heat = self.heat_total()
            ok = kind == "gain" or (
                (card.if_op == "at_least" and heat >= (card.if_value or 0))
                or (card.if_op == "at_most" and heat <= (card.if_value or 0))
                or (card.if_op == "exactly" and heat == card.if_value)
            )
            if ok:
                self.tokens[card.token] = "available"
                self.say(f"{card.name} yields a lucky find: {TOKENS[card.token].name}.")
        elif kind in ("target", "greatest", "burn_one") and not self.fire_died_down:
            if kind == "target" and numb:
                return
            name = f"pending_{kind}"
            setattr(self, name, getattr(self, name) + 1)

    # --- draws --------------------------------------------------------------------------------
    def collect(self, limit: int) -> list[str]:
        """Take real cards from the pile, resolving Fire Dwindles on the way (CN-17, CN-18)."""
        got: list[str] = []
        while len(got) < limit and self.deck:
            card = self.deck.pop(0)
            if is_fire_dwindles(card):
                self.fire_dwindles(card)
            else:
                got.append(card)
        return got

    def to_hand(self, seat: int, card: str) -> None:
        self.hands[seat].append(card)
        if not self.quiet:
            self.tell(lines.drawn(seat, card))

    def draw_n(self, seat: int, n: int, then: Resume) -> bool:
        """CN-17 "draw n for seat s"; True if a Memory Loss tie now waits for `memory_return`."""
        for i in range(n):
            if not self.may_gain(seat) or not self.deck:
                break
            if not self.holds(seat, "memory_loss"):
                for card in self.collect(1):
                    self.to_hand(seat, card)
                continue
            got = self.collect(2)
            if len(got) < 2:
                for card in got:
                    self.to_hand(seat, card)
                continue
            a, b = got
            if CARDS[a].ash == CARDS[b].ash:
                self.memory = MemoryPending(
                    seat=seat,
                    context="draw",
                    options=(a, b),
                    collected=(a, b),
                    draws_left=n - i - 1,
                    then=then,
                )
                self.phase = "memory_choice"
                return True
            keep, back = (a, b) if CARDS[a].ash > CARDS[b].ash else (b, a)
            self.deck.insert(0, back)
            self.to_hand(seat, keep)
            self.say(
                f"Memory Loss: you keep {CARDS[keep].name} and put {CARDS[back].name} back on top.",
                to=frozenset({seat}),
                kind="private",
            )
            self.say(f"{seat_ref(seat)} puts a card back on top of the pile (Memory Loss).")
        return False

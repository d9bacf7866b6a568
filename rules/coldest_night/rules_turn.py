"""The §4.2 turn flow on a mutable working copy of the state.

`Table` is a `rules.draft.Draft` of the state (lists in place of tuples): `apply` thaws the state,
applies one action with every automatic sub-step that follows it, and freezes the result. Each
procedure returns True when the game now waits at a pause, so callers stop there; the end checks
of CN-7 run after every sub-step and raise `Ended`, which unwinds whatever procedure was running
(CN-42: a win in mid-turn skips the rest of the turn).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Literal

from rules.coldest_night import reads
from rules.coldest_night import rules_tokens as tokens
from rules.coldest_night.actions import (
    Action,
    CheckForFrostbite,
    CheckFrostbite,
    ChilblainsDiscard,
    Done,
    Give,
    MemoryReturn,
    Play,
    Scavenge,
    TargetRemove,
    UseToken,
)
from rules.coldest_night.data import CARDS, FROST, TOKENS, TokenId
from rules.coldest_night.state import (
    TOKEN_WINDOW_PHASES,
    ColdestNightState,
    MemoryPending,
    Phase,
    Resume,
    ScavengePool,
    TokenState,
)
from rules.core import Event, Seat, seat_ref
from rules.draft import Draft, construct

DWINDLES: frozenset[str] = frozenset(c for c, card in CARDS.items() if card.kind == "fire_dwindles")


_build_event = construct(Event)


@lru_cache(maxsize=4096)
def _event(text: str, to: frozenset[int] | None, kind: str) -> Event:
    """An `Event` from a move's own lines, built without validation (the rules make the text,
    the seat set and the kind themselves; validating them was a fifth of `apply`), and made once
    for each line: events are frozen records and most lines come back every turn ("The fire dies
    down.", "{s1} draws a card."), so one record serves them all (a look-up is a fifth of making
    one, and a move says about four)."""
    made: Event = _build_event({"text": text, "visible_to": to, "kind": kind})
    return made


# The lines of most moves, each made once for its seats and cards and found without building its
# text again (the few hundred that recur all game: a draw, a give, a play, a new turn).


@lru_cache(maxsize=1024)
def _drawn(seat: Seat, card: str) -> tuple[Event, ...]:
    return (
        _event(f"{seat_ref(seat)} draws a card.", None, "info"),
        _event(f"You draw {CARDS[card].name}.", frozenset({seat}), "private"),
    )


@lru_cache(maxsize=1024)
def _kept(seat: Seat, card: str) -> tuple[Event, ...]:
    """The scavenger keeps a card of its pool (CN-13)."""
    return (
        _event(f"{seat_ref(seat)} keeps a scavenged card.", None, "info"),
        _event(f"You keep {CARDS[card].name}.", frozenset({seat}), "private"),
    )


@lru_cache(maxsize=1024)
def _gave(seat: Seat, to_seat: Seat, card: str) -> tuple[Event, ...]:
    return (
        _event(f"{seat_ref(seat)} gave a card to {seat_ref(to_seat)}.", None, "info"),
        _event(
            f"{seat_ref(seat)} gave {CARDS[card].name} to {seat_ref(to_seat)}.",
            frozenset({seat, to_seat}),
            "private",
        ),
    )


@lru_cache(maxsize=1024)
def _played(seat: Seat, card: str, source: str) -> tuple[Event, ...]:
    where = " from the display" if source == "display" else ""
    return (_event(f"{seat_ref(seat)} plays {card_text(card)}{where}.", None, "info"),)


@lru_cache(maxsize=1024)
def _left(card: str) -> tuple[Event, ...]:
    return (_event(f"{CARDS[card].name} leaves the pit.", None, "info"),)


@lru_cache(maxsize=1024)
def _turn_begins(turn: int, seat: Seat) -> tuple[Event, ...]:
    return (_event(f"Turn {turn}: {seat_ref(seat)} tends the fire.", None, "turn"),)


@lru_cache(maxsize=1024)
def _scavenges(seat: Seat) -> tuple[Event, ...]:
    return (_event(f"{seat_ref(seat)} scavenges.", None, "info"),)


@lru_cache(maxsize=1024)
def _frostbitten(pit_count: int, seat: Seat, card: str) -> tuple[Event, ...]:
    """CN-15: too few cards in the pit, and the seat takes frostbite `card`."""
    f = FROST[card]
    text = (
        f"The pit holds only {pit_count} cards: {seat_ref(seat)} takes frostbite, {f.name} "
        f"({f.frost})."
    )
    return (_event(text, None, "frostbite"),)


_DIES_DOWN = (_event("The fire dies down.", None, "info"),)
_new_pool = construct(ScavengePool)  # an empty pool, built without validation


class Ended(Exception):
    """An end condition of §6 holds; the outcome is already recorded on the table."""


def is_fire_dwindles(card_id: str) -> bool:
    return CARDS[card_id].kind == "fire_dwindles"


def card_text(card_id: str) -> str:
    c = CARDS[card_id]
    return f"{c.name} (heat {c.heat}, ash {c.ash})"


class ScavengeDraft(Draft[ScavengePool]):
    """The scavenge pool while its cards are handed out (CN-13)."""

    scavenger: int
    pool: list[str]


class Table(Draft[ColdestNightState]):
    """A working copy of the state (`rules.draft`) with the turn flow as methods.

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
        self.events.append(_event(text, to, kind))

    def tell(self, events: tuple[Event, ...]) -> None:
        """Record events made beforehand (`_drawn` and its like)."""
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
    def remove_from_pit(self, index: int) -> None:
        card = self.pit.pop(index)
        self.discard.append(card)
        if card == self.alcohol_on:
            self.alcohol_on = None
            self.tokens["alcohol"] = "spent"
            self.say(f"{CARDS[card].name} leaves the pit; its Alcohol is spent.")
        elif not self.quiet:
            self.tell(_left(card))
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
            self.tell(_drawn(seat, card))

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

    def memory_return(self, card_id: str) -> None:
        mem = self.memory
        assert mem is not None
        self.memory = None
        self.deck.insert(0, card_id)
        self.say(f"{seat_ref(mem.seat)} puts a card back on top of the pile (Memory Loss).")
        if mem.context == "scavenge":
            assert self.scavenge is not None
            self.scavenge.pool.remove(card_id)
            self.say(
                f"You put {CARDS[card_id].name} back on top.", frozenset({mem.seat}), "private"
            )
            self.resume("distribute")
            return
        keep = next(c for c in mem.collected if c != card_id)
        self.to_hand(mem.seat, keep)
        if self.draw_n(mem.seat, mem.draws_left, mem.then):
            return
        self.resume(mem.then)

    def resume(self, where: Resume) -> None:
        """Carry on after a token use or a finished draw procedure."""
        if where == "main":
            self.phase = "main"
            self.settle_main()
        elif where == "distribute":
            self.phase = "distribute"
            self.settle_distribute()
        elif where == "chilblains":
            self.chilblains_step()
        else:
            self.phase = where

    # --- 1 frostbite removal --------------------------------------------------------------------
    def start_turn(self) -> None:
        self.cards_played = 0
        self.main_action = None
        self.pending_target = self.pending_greatest = self.pending_burn_one = 0
        self.fire_died_down = False
        self.display_only = True
        if self.turn > 1 and self.frostbite[self.active_seat]:
            if self.token_usable():
                self.phase = "frostbite_removal"
                return
            self.frostbite_removal()
        self.phase = "main"
        self.settle_main()

    def frostbite_removal(self) -> None:
        """CN-8."""
        heat = self.heat_total()
        held = self.frostbite[self.active_seat]
        gone = [f for f in held if FROST[f].frost == heat]
        for f in gone:
            held.remove(f)
            self.frostbite_discard.append(f)
            self.say(
                f"The fire's warmth (heat {heat}) heals {seat_ref(self.active_seat)}'s "
                f"{FROST[f].name}."
            )

    # --- 2 main -------------------------------------------------------------------------------
    def settle_main(self) -> None:
        """CN-11: feeding ends by itself; then the turn goes on to Clean Up."""
        if self.main_action != "feed":
            return
        ends = (
            len(self.pit) >= 4
            or (self.holds(self.active_seat, "stiff_fingers") and self.cards_played >= 1)
            or (
                not self.hands[self.active_seat]
                and not (self.solo and self.display)
                and not self.token_usable()
            )
        )
        if ends:
            self.fire_dies_down()

    def play(self, card_id: str, source: str) -> None:
        """CN-10."""
        if source == "display":
            self.display.remove(card_id)
        else:
            self.hands[self.active_seat].remove(card_id)
            self.display_only = False
        self.cards_played += 1
        self.main_action = "feed"
        if not self.quiet:
            self.tell(_played(self.active_seat, card_id, source))
        self.enter_pit(card_id, self.active_seat)
        self.settle_main()

    def scavenge_step(self) -> None:
        """CN-12."""
        self.main_action = "scavenge"
        memory = self.holds(self.active_seat, "memory_loss")
        pool = ScavengeDraft(_new_pool({"scavenger": self.active_seat, "pool": ()}))
        self.scavenge = pool
        self.tell(_scavenges(self.active_seat))
        got = self.collect(4 if memory else 3)
        pool.pool.extend(got)
        if not self.quiet:
            names = ", ".join(CARDS[c].name for c in got) or "nothing"
            self.say(f"You find {names}.", frozenset({self.active_seat}), "private")
        if memory and len(got) == 4:
            low = min(CARDS[c].ash for c in got)
            tied = tuple(c for c in got if CARDS[c].ash == low)
            if len(tied) > 1:
                self.memory = MemoryPending(
                    seat=self.active_seat, context="scavenge", options=tied, then="distribute"
                )
                self.phase = "memory_choice"
                return
            pool.pool.remove(tied[0])
            self.deck.insert(0, tied[0])
            self.say(
                f"Memory Loss: {CARDS[tied[0]].name} goes back on top.",
                frozenset({self.active_seat}),
                "private",
            )
            self.say(
                f"{seat_ref(self.active_seat)} puts a card back on top of the pile (Memory Loss)."
            )
        self.phase = "distribute"
        self.settle_distribute()

    def settle_distribute(self) -> None:
        """CN-13 (i) and (ii), then on to Clean Up once the pool is empty."""
        assert self.scavenge is not None
        scav = self.scavenge.scavenger
        pool = self.scavenge.pool
        while pool:
            eligible = self.eligible()
            if not eligible:
                for card in pool:
                    self.discard.append(card)
                    self.say(f"Nobody can take {CARDS[card].name}: it is discarded.")
                pool.clear()
                self.check_end()
                break
            if eligible != [scav]:
                return
            card = pool.pop(0)
            self.hands[scav].append(card)
            if not self.quiet:
                self.tell(_kept(scav, card))
        self.scavenge = None
        self.fire_dies_down()

    def give(self, card_id: str, to_seat: int) -> None:
        assert self.scavenge is not None
        scav = self.scavenge.scavenger
        self.scavenge.pool.remove(card_id)
        self.hands[to_seat].append(card_id)
        if not self.quiet:
            self.tell(_kept(scav, card_id) if to_seat == scav else _gave(scav, to_seat, card_id))
        self.settle_distribute()

    # --- 3 the fire dies down -------------------------------------------------------------------
    def fire_dies_down(self) -> None:
        """CN-14, CN-25…27."""
        if self.pending_target >= 1:
            self.phase = "target_choice"
            return
        if self.pending_greatest >= 1:
            best = max(self.effective_heat(c) for c in self.pit)
            index = max(i for i, c in enumerate(self.pit) if self.effective_heat(c) == best)
        else:
            index = len(self.pit) - 1
        self.tell(_DIES_DOWN)
        self.remove_from_pit(index)
        self.after_first_removal()

    def target_remove(self, card_id: str) -> None:
        self.say(f"The fire dies down: {seat_ref(self.active_seat)} chooses what burns away.")
        self.remove_from_pit(self.pit.index(card_id))
        self.after_first_removal()

    def after_first_removal(self) -> None:
        for _ in range(self.pending_burn_one):
            self.remove_from_pit(len(self.pit) - 1)
        self.fire_died_down = True
        if len(self.pit) < 3 and self.token_usable():
            self.phase = "frostbite_check"
            return
        self.check_for_frostbite()

    # --- 4 check for frostbite --------------------------------------------------------------------
    def check_for_frostbite(self) -> None:
        """CN-15."""
        if len(self.pit) < 3:
            if not self.frost_deck:
                self.end((), "frostbite")
            card = self.frost_deck.pop(0)
            self.frostbite[self.active_seat].append(card)
            self.tell(_frostbitten(len(self.pit), self.active_seat, card))
        self.draw_step()

    # --- 5 draw, 6 chilblains, 7 end of turn -----------------------------------------------------
    def draw_step(self) -> None:
        """CN-16."""
        seat = self.active_seat
        skip = (
            self.holds(seat, "advanced_frostbite")
            or not self.may_gain(seat)
            or (self.solo and self.cards_played >= 1 and self.display_only)
            or not self.deck
        )
        if not skip and self.draw_n(seat, 1, "chilblains"):
            return
        self.chilblains_step()

    def chilblains_step(self) -> None:
        """CN-36."""
        if self.holds(self.active_seat, "chilblains") and len(self.hands[self.active_seat]) > 3:
            self.phase = "chilblains"
            return
        self.end_turn()

    def chilblains_discard(self, card_id: str) -> None:
        self.hands[self.active_seat].remove(card_id)
        self.discard.append(card_id)
        self.say(f"Chilblains: {seat_ref(self.active_seat)} discards {CARDS[card_id].name}.")
        self.check_end()
        self.end_turn()

    def end_turn(self) -> None:
        self.turn_boost = 0
        self.active_seat = (self.active_seat + 1) % self.num_players
        self.turn += 1
        if not self.quiet:
            self.tell(_turn_begins(self.turn, self.active_seat))
        self.start_turn()

    # --- tokens -------------------------------------------------------------------------------
    def use_token(self, use: UseToken) -> None:
        """CN-28…35 (see `tokens.use`)."""
        tokens.use(self, use)


@lru_cache(maxsize=4096)
def _play(seat: Seat, card_id: str, source: str) -> Play:
    """Action records are frozen, so the legal lists share one per move instead of validating a
    new record for every listing (most of a playout's legal lists are plays and gives)."""
    return Play(seat=seat, card_id=card_id, source=source)  # type: ignore[arg-type]


@lru_cache(maxsize=4096)
def _give(seat: Seat, card_id: str, to_seat: Seat) -> Give:
    return Give(seat=seat, card_id=card_id, to_seat=to_seat)


@lru_cache(maxsize=4096)
def _one(kind: Callable[..., Action], seat: Seat, card_id: str | None = None) -> Action:
    """The other moves of a legal list, shared the same way: `kind(seat=…)`, with `card_id`
    when one is given."""
    if card_id is None:
        return kind(seat=seat)
    return kind(seat=seat, card_id=card_id)


def legal(t: reads.Seen, seat: Seat) -> list[Action]:
    """Exactly the records `apply` accepts from `seat` now (§11), in a fixed order: read from the
    fields, so the frozen state answers it without a working copy (`reads`)."""
    phase = t.phase
    if phase == "game_over":
        return []
    found: list[Action] = []
    if seat == reads.awaited(t):
        if phase == "frostbite_removal":
            found.append(_one(CheckFrostbite, seat))
        elif phase == "main":
            found += [_play(seat, c, src) for c, src in reads.playable(t)]
            if t.main_action == "feed":
                found.append(_one(Done, seat))
            elif t.main_action is None:
                found.append(_one(Scavenge, seat))
        elif phase == "memory_choice" and t.memory is not None:
            found += [_one(MemoryReturn, seat, c) for c in t.memory.options]
        elif phase == "distribute" and t.scavenge is not None and t.scavenge.pool:
            eligible = reads.eligible(t)
            found += [_give(seat, c, s) for c in t.scavenge.pool for s in eligible]
        elif phase == "target_choice":
            found += [_one(TargetRemove, seat, c) for c in t.pit]
        elif phase == "frostbite_check":
            found.append(_one(CheckForFrostbite, seat))
        elif phase == "chilblains":
            found += [_one(ChilblainsDiscard, seat, c) for c in t.hands[seat]]
    if phase in TOKEN_WINDOW_PHASES:
        found += tokens.uses(t, seat)
    return found

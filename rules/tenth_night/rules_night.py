"""The night (TN-13…TN-29), dawn, and the end of the game (TN-31…TN-34): everything that
happens between the day's end and the next day's start without a player's choice, except the
defence decisions the night stops for.

Works on the mutable `Table` of `table.py`.
"""

from __future__ import annotations

from functools import cache
from typing import cast

from rules.cards import Card
from rules.cards import card as read_card
from rules.core import seat_ref
from rules.draft import construct
from rules.game_text import plural
from rules.tenth_night.rules_table import AttackW, Ctx, Table, lab, start_day
from rules.tenth_night.state import (
    AttackState,
    Cursor,
    Person,
    Result,
    StepRecord,
    assigned_seat,
    attacks_for,
    colour_bonus,
    is_joker,
    is_modifier,
    modifier_value,
    raid_bonus,
    row_index,
    row_score,
    start_seat,
    value,
    zigzag,
)

_record = construct(StepRecord)
_new_attack = construct(AttackState)
_new_cursor = construct(Cursor)
_NO_ATTACK = {n: f.default for n, f in AttackState.model_fields.items() if not f.is_required()}
"""An attack's fields before anything is drawn (its number and seat are set per attack)."""


def _step(
    seat: int,
    index: int,
    person_id: str,
    damage: int | None,
    defence: int | None,
    deadly: bool,
    defence_cards: tuple[str, ...],
    result: str,
) -> StepRecord:
    """A step record from the rules' own typed values, without validation (a night makes a few
    hundred): the same record `StepRecord(...)` would make, fields in the model's order."""
    return cast(
        StepRecord,
        _record(
            {
                "seat": seat,
                "index": index,
                "person_id": person_id,
                "damage": damage,
                "defence": defence,
                "deadly": deadly,
                "defence_cards": defence_cards,
                "result": result,
            }
        ),
    )


@cache
def _injured(person_id: str) -> Person:
    """An injured person: records are frozen, so one serves every row that holds the card."""
    return Person(id=person_id, injured=True)


@cache
def _who(seat: int, person_id: str) -> str:
    """How the night's lines name a seat's person: "seat 2's 7♥"."""
    return f"{seat_ref(seat)}'s {lab(person_id)}"


@cache
def card(card_id: str) -> Card:
    """The card an id names, remembered per id (the night reads the same cards again and again)."""
    return read_card(card_id)


def end_day(t: Table) -> None:
    """Every seat is ready (or the timer ran out): offers lapse and Night n falls (TN-11, TN-15)."""
    t.offers = []
    for p in t.players:
        p.ready = True
    t.phase = "night"
    t.attacks = []
    t.attacks_tonight = attacks_for(t.round, t.num_players, t.options.attack_schedule)
    t.night_start_seat = start_seat(t.round, t.num_players)
    bonus = raid_bonus(t.round, t.raid_active)
    extra = f" The raid adds +{bonus} damage." if bonus else ""
    who = seat_ref(t.night_start_seat)
    falls = f"🌙 Night {t.round} falls: {plural(t.attacks_tonight, 'attack')}, starting with {who}"
    t.say(f"{falls}. Silence until dawn.{extra}", heading=True)
    run_night(t)


# ---------------------------------------------------------------------------------------------
# the night


def run_night(t: Table) -> None:
    """Draw and resolve attacks until one waits for a defence, the game ends, or dawn."""
    while t.phase == "night" and t.cursor is None:
        assert t.attacks_tonight is not None
        if len(t.attacks) >= t.attacks_tonight:
            dawn(t)
            return
        start_attack(t)


def start_attack(t: Table) -> None:
    """TN-15, TN-16: draw the stack up to the attack card, then resolve from the assigned seat."""
    number = len(t.attacks) + 1
    seat = assigned_seat(t.round, number, t.num_players)
    a = AttackW(_new_attack({**_NO_ATTACK, "number": number, "assigned_seat": seat}))
    t.attacks.append(a)
    while True:
        cid = t.draw_card()
        if cid is None:
            finish(t, a, "no_card")
            if not t.quiet:
                gone = f"Attack {number} on {seat_ref(seat)} is cancelled: no card is left to draw."
                t.say(gone, heading=True)
            return
        a.stack.append(cid)
        if is_modifier(cid):
            a.modifier_total += modifier_value(cid)
        elif is_joker(cid):
            a.deadly_joker = True
        else:
            a.attack_card = cid
            break
    if not t.quiet:
        extra = [lab(c) for c in a.stack[:-1]]
        shown = f"{lab(cid)}" + (f" (with {' '.join(extra)})" if extra else "")
        t.say(f"Attack {number} on {seat_ref(seat)}: {shown}.", heading=True)
    start = {"seat": seat, "count": value(cid), "visited_rows": (seat,), "visited": ()}
    resolve(t, a, Ctx(cast(Cursor, _new_cursor(start))))


def finish(t: Table, a: AttackW, result: str) -> None:
    a.done = True
    a.final_result = result


def resolve(t: Table, a: AttackW, ctx: Ctx) -> None:
    """TN-18 from step A, through ties and passes, until the attack ends or pauses."""
    while True:
        outcome = compare(t, a, ctx)
        if outcome in ("end", "pause"):
            return
        if not advance(t, a, ctx, outcome):
            return


def compare(t: Table, a: AttackW, ctx: Ctx) -> str:
    """Steps A–G for the current victim; returns `end`, `tie`, `pass` or `pause`."""
    assert a.attack_card is not None
    seat = ctx.seat
    p = t.players[seat]
    atk = card(a.attack_card)
    n = len(p.row)
    idx = row_index(zigzag(ctx.count, n), n, atk.colour == "red")
    victim = p.row[idx]
    vic = card(victim.id)
    ctx.visit(seat, victim.id)
    who = _who(seat, victim.id)

    def step(
        result: str, damage: int | None = None, defence: int | None = None, deadly: bool = False
    ) -> None:
        a.steps.append(_step(seat, idx, victim.id, damage, defence, deadly, (), result))

    if p.divine_protection and p.hit_this_night:
        step("protected_pass")
        if not t.quiet:
            t.say(f"{who}: divine protection passes the attack on.")
        return "pass"
    if vic.rank == "A" and atk.suit != vic.suit:
        step("immune")
        finish(t, a, "immune")
        if not t.quiet:
            t.say(f"{who} is immune: only a {vic.label[-1]} attack can harm that Ace.")
        return "end"
    deadly = a.deadly_joker or (atk.rank == "A" and atk.suit == vic.suit)
    if deadly and p.divine_protection:
        step("protected", deadly=True)
        finish(t, a, "protected")
        if not t.quiet:
            t.say(f"{who}: divine protection stops the deadly attack.")
        return "end"
    damage = (
        value(a.attack_card)
        + a.modifier_total
        + colour_bonus(a.attack_card, victim.id)
        + raid_bonus(t.round, t.raid_active)
    )
    defence = value(victim.id)
    holds_joker = any(is_joker(c) for c in p.hand)
    holds_modifier = any(is_modifier(c) for c in p.hand)
    if (deadly and holds_joker) or (
        not deadly and damage >= defence and (holds_joker or holds_modifier)
    ):
        step("pending", damage=damage, defence=defence, deadly=deadly)
        t.cursor = ctx.freeze()
        kind = "deadly attack" if deadly else f"damage {damage} vs defence {defence}"
        if not t.quiet:
            t.say(f"{who} is attacked ({kind}): waiting for {seat_ref(seat)} to decide.")
        return "pause"
    return settle(t, a, ctx, idx, damage, defence, deadly, ())


def settle(
    t: Table,
    a: AttackW,
    ctx: Ctx,
    idx: int,
    damage: int,
    defence: int,
    deadly: bool,
    played: tuple[str, ...],
) -> str:
    """Step H with the defence already raised by `played`; returns `end` or `tie`."""
    seat = ctx.seat
    p = t.players[seat]
    victim = p.row[idx]
    who = _who(seat, victim.id)
    nums = "" if t.quiet else f"damage {damage} vs defence {defence}"
    if deadly or damage > defence:
        result = "killed" if deadly or victim.injured else "injured"
    elif damage == defence:
        result = "tie"
    else:
        result = "failed"
    a.steps.append(_step(seat, idx, victim.id, damage, defence, deadly, played, result))
    if result == "tie":
        if not t.quiet:
            t.say(f"{who}: {nums}, a tie. The attack moves on.")
        return "tie"
    finish(t, a, result)
    if result == "failed":
        if not t.quiet:
            t.say(f"{who}: {nums}. The attack fails.")
    elif result == "injured":
        p.row[idx] = _injured(victim.id)
        p.hit_this_night = True
        if not t.quiet:
            t.say(f"{who} is injured ({nums}).")
    else:
        del p.row[idx]
        t.discard.append(victim.id)
        why = "deadly attack" if deadly else nums
        if not t.quiet:
            t.say(f"💀 {who} is killed ({why}).")
        t.tidy()
        check_loss(t)
    return "end"


def advance(t: Table, a: AttackW, ctx: Ctx, how: str) -> bool:
    """TIE and PASS of TN-18: move to the next victim, or fizzle (False)."""
    assert a.attack_card is not None
    if how == "tie":
        row = t.players[ctx.seat].row
        n = len(row)
        if n > 1:
            red = card(a.attack_card).colour == "red"
            for c in range(ctx.count + 1, ctx.count + 2 * (n - 1) + 1):
                person = row[row_index(zigzag(c, n), n, red)]
                if (ctx.seat, person.id) not in ctx.visited:
                    ctx.count = c
                    return True
            finish(t, a, "fizzled")
            if not t.quiet:
                t.say(f"Attack {a.number} fizzles: everyone in the row has been compared.")
            return False
    nxt = (ctx.seat + 1) % t.num_players
    if t.num_players == 1 or nxt in ctx.visited_rows:
        finish(t, a, "fizzled")
        if not t.quiet:
            t.say(f"Attack {a.number} fizzles.")
        return False
    ctx.seat = nxt
    ctx.visited_rows.append(nxt)
    ctx.count = 1
    if not t.quiet:
        t.say(f"Attack {a.number} passes on to {seat_ref(nxt)}.")
    return True


def defend(t: Table, seat: int, mode: str, card_ids: tuple[str, ...]) -> None:
    """TN-20/21: the deciding seat's answer, then the rest of the night."""
    cur = t.cursor
    assert cur is not None
    t.cursor = None
    a = t.attacks[-1]
    pending = a.steps.pop()
    ctx = Ctx(cur)
    p = t.players[seat]
    for cid in card_ids:
        p.hand.remove(cid)
        a.stack.append(cid)
    t.tidy()  # TN-12: divine protection can arrive as the cards leave the hand
    assert pending.damage is not None and pending.defence is not None
    who = f"{seat_ref(seat)}'s {lab(pending.person_id)}"
    if mode == "nullify":
        a.steps.append(
            pending.model_copy(update={"defence_cards": card_ids, "result": "nullified"})
        )
        finish(t, a, "nullified")
        if not t.quiet:
            t.say(f"🃏 {seat_ref(seat)} plays a Joker: the attack on {who} is nullified.")
    else:
        extra = sum(modifier_value(c) for c in card_ids)
        if card_ids:
            shown = " ".join(lab(c) for c in card_ids)
            if not t.quiet:
                t.say(f"🛡️ {seat_ref(seat)} defends {who} with {shown} (+{extra}).")
        outcome = settle(
            t,
            a,
            ctx,
            pending.index,
            pending.damage,
            pending.defence + extra,
            pending.deadly,
            card_ids,
        )
        if outcome == "tie" and advance(t, a, ctx, "tie"):
            resolve(t, a, ctx)
    run_night(t)


def dawn(t: Table) -> None:
    """TN-13: clear the table, check the raid, clear hits, win or start the next day."""
    for a in t.attacks:
        t.discard.extend(a.stack)
    if t.round == 5:
        alive = sum(len(p.row) for p in t.players)
        if 2 * alive >= 5 * t.num_players:
            t.raid_active = True
            if not t.quiet:
                raid = f"⚔️ {alive} people survived Night 5: the Fifth Night Raid begins."
                t.say(raid, heading=True)
    for p in t.players:
        p.hit_this_night = False
    if not t.quiet:
        t.say(f"🌅 Dawn after Night {t.round}.", heading=True)
    if t.round == 10 and not t.options.record_mode:
        t.attacks = []
        end_game(t, winners=True, reason="survived", group=10)
        return
    if t.round == 10 and not t.quiet:
        t.say("The 10th night is survived: the win is certain. Play on for a record.")
    t.round += 1
    start_day(t)


def check_loss(t: Table) -> None:
    """TN-31 / TN-33: the moment a seat has no people, the game ends."""
    if t.phase == "game_over" or all(p.row for p in t.players):
        return
    if t.options.record_mode and t.round >= 11:
        end_game(t, winners=True, reason="record_ended", group=t.round - 1)
    else:
        end_game(t, winners=False, reason="no_people", group=t.round - 1)


def end_game(t: Table, *, winners: bool, reason: str, group: int) -> None:
    t.phase = "game_over"
    t.cursor = None
    t.offers = []
    scores = {seat: row_score(p.row) for seat, p in enumerate(t.players)}
    t.result = Result(
        winners=tuple(range(t.num_players)) if winners else (),
        reason=reason,
        group_score=group,
        individual_scores=scores,
    )
    texts = {
        "survived": "🎉 Everyone survived the 10th night: you win!",
        "no_people": "A row is empty: everyone loses.",
        "record_ended": "A row is empty: the record run ends (still a win).",
        "record_stopped": "The record run is stopped (a win).",
    }
    if not t.quiet:
        t.say(f"{texts.get(reason, reason)} Group score {group}.", heading=True)

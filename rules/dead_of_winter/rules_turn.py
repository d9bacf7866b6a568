"""The active player's actions (§5.2 die actions, §5.3 free actions), once legality is checked."""

from __future__ import annotations

from rules.core import seat_ref
from rules.dead_of_winter import actions as A
from rules.dead_of_winter import effects
from rules.dead_of_winter import rules_bodies as bodies
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter import rules_modules as M
from rules.dead_of_winter.content import ITEMS, SURVIVORS, effects_of
from rules.dead_of_winter.rules_core import Ctx, grp, spend, sv
from rules.dead_of_winter.rules_pending import move_item
from rules.dead_of_winter.rules_round import pass_turn
from rules.dead_of_winter.words import effects_words, group_named
from rules.game_text import plural


def act(ctx: Ctx, seat: int, a: A.Action) -> None:
    w = ctx.w
    gid = w["active"]
    g = grp(w, gid)
    if isinstance(a, A.Pass):
        ctx.say(f"{group_named(w, gid)} ends their turn.", "turn_end")
        pass_turn(ctx)
        return
    if M.act(ctx, gid, a):
        pass
    elif isinstance(a, A.Attack):
        attack(ctx, gid, a)
    elif isinstance(a, A.Search):
        spend(ctx, gid, a.die)
        loc = sv(w, a.survivor)["location"]
        ctx.push("search", survivor=a.survivor, loc=loc, group=gid)
    elif isinstance(a, A.Barricade):
        spend(ctx, gid, a.die)
        loc = sv(w, a.survivor)["location"]
        n = core.mod_max(w, a.survivor, "barricade_count", 1)
        e = (a.entrance - 1) if a.entrance else 0
        placed = bodies.place_barricades(ctx, loc, n, e)
        ctx.say(
            f"{core.name(a.survivor)} builds {plural(placed, 'barricade')} "
            f"at {core.loc_name(loc)}.",
            "barricaded",
        )
        ctx.trig("on_barricade", group=gid, loc=loc, surv=a.survivor)
    elif isinstance(a, A.Clean):
        spend(ctx, gid, a.die)
        n = min(w["waste"], core.mod_max(w, a.survivor, "clean_count", 3))
        w["waste"] -= n
        ctx.say(f"{core.name(a.survivor)} cleans {n} waste.", "cleaned")
        ctx.trig("on_clean_waste", group=gid, surv=a.survivor)
    elif isinstance(a, A.Attract):
        spend(ctx, gid, a.die)
        ctx.say(f"{core.name(a.survivor)} makes a racket to attract zombies.", "attracted")
        ctx.push("attract", survivor=a.survivor, left=2)
        ctx.trig("on_attract", group=gid, surv=a.survivor)
    elif isinstance(a, A.UseAbility):
        ability(ctx, gid, a)
    elif isinstance(a, A.UseItem):
        use_item(ctx, gid, a)
    elif isinstance(a, A.Move):
        move(ctx, gid, a)
    elif isinstance(a, A.Play):
        play(ctx, gid, a)
    elif isinstance(a, A.Equip):
        g["hand"].remove(a.card)
        sv(w, a.survivor)["equipped"].append(a.card)
        ctx.say(f"{core.name(a.survivor)} equips {ITEMS[a.card].name}.", "equipped")
        ctx.trig("on_play", group=gid, sym=ITEMS[a.card].symbol, surv=a.survivor)
    elif isinstance(a, A.Discard):
        g["hand"].remove(a.card)
        bodies.to_waste(w, g, [a.card])
        ctx.say(f"{group_named(w, gid)} discards {ITEMS[a.card].name}.", "played")
    elif isinstance(a, A.Contribute):
        g["hand"].remove(a.card)
        w["crisis"]["contributions"].append({"group": gid, "card": a.card})
        g["contributed"] += 1
        total = len(w["crisis"]["contributions"])
        ctx.say(
            f"{group_named(w, gid)} adds a card to the crisis ({total} in the crisis).",
            "contributed",
        )
        ctx.trig("on_contribute", group=gid)
    elif isinstance(a, A.Commit):
        g["hand"].remove(a.card)
        w["stash"].append(a.card)
        ctx.say(f"{group_named(w, gid)} adds {ITEMS[a.card].name} to the stash.", "committed")
    elif isinstance(a, A.SpendFood):
        w["food"] -= 1
        g["dice"].remove(a.die)
        g["dice"].append(a.die + 1)
        g["dice"].sort(reverse=True)
        ctx.say(f"{group_named(w, gid)} spends food: a {a.die} becomes {a.die + 1}.", "food_spent")
        ctx.trig("on_spend_food", group=gid)
    elif isinstance(a, A.Request):
        g["asked"].append(a.target)
        what = a.symbol or "any"
        ctx.say(
            f"{group_named(w, gid)} asks {seat_ref(a.target)} for a card ({what}).", "requested"
        )
        ctx.push("request", group=gid, target=a.target, symbol=a.symbol)
        ctx.trig("on_request", group=gid)
    elif isinstance(a, A.HandOff):
        other = sv(w, a.to)["group"]
        if grp(w, other)["seat"] == seat:
            move_item(ctx, a.card, a.source, a.to)
        else:
            ctx.push("hand_off", card=a.card, source=a.source, to=a.to)
    elif isinstance(a, A.CallExile):
        g["exile_called"] = True
        ctx.say(f"{group_named(w, gid)} calls a vote to exile {seat_ref(a.target)}.", "vote_called")
        ctx.push("vote", subject="exile", target=a.target, ballots={})


def attack(ctx: Ctx, gid: int, a: A.Attack) -> None:
    """Spend the die; the kills, their count and the exposure roll are the `attack` task
    (`rules_pending.t_attack`), which asks where extra kills come from (§6.7)."""
    w = ctx.w
    spend(ctx, gid, a.die)
    ctx.push(
        "attack",
        survivor=a.survivor,
        group=gid,
        loc=sv(w, a.survivor)["location"],
        entrance=a.entrance,
        left=core.mod_max(w, a.survivor, "attack_kills", 1),
        killed=0,
        at=[],
    )


def _frame(ctx: Ctx, body: str, gid: int, surv: str | None, target: str | None, src: str) -> None:
    effs = list(effects_of(body))
    bind = {}
    kind = effects.first_choice(effs)
    if target is not None and kind is not None:
        bind[kind] = target
    ctx.push("effects", **effects.frame([body], gid, surv, src, bind))


def _used(ctx: Ctx, gid: int, die: int | None, survivor: str, once: str | None) -> None:
    """A die spent on an ability or an item, if it takes one, and `once` noted as used."""
    if die is not None:
        spend(ctx, gid, die)
    if once is not None:
        sv(ctx.w, survivor)["used"].append(once)


def ability(ctx: Ctx, gid: int, a: A.UseAbility) -> None:
    card = SURVIVORS[a.survivor]
    _used(ctx, gid, a.die, a.survivor, a.survivor if card.parsed.once else None)
    what = effects_words(card.parsed.effects)  # "kill 1 zombie here, no exposure"
    die = "" if a.die is None else f" with a {a.die}"
    said = f": {what}" if what and " you" not in what else ""  # "a player you pick": its own line
    ctx.say(f"{card.short} uses their ability{die}{said}.", "ability")
    _frame(ctx, card.ability.partition(": ")[2], gid, a.survivor, a.target, "ability")


def use_item(ctx: Ctx, gid: int, a: A.UseItem) -> None:
    w = ctx.w
    item = ITEMS[a.card]
    ab = item.ability
    _used(ctx, gid, a.die, a.survivor, a.card if ab.once else None)
    if ab.form == "spent":
        sv(w, a.survivor)["equipped"].remove(a.card)
        bodies.to_waste(w, grp(w, gid), [a.card])
    ctx.say(f"{core.name(a.survivor)} uses {item.name}.", "ability")
    _frame(ctx, item.effect.partition(": ")[2], gid, a.survivor, a.target, "item")


def move(ctx: Ctx, gid: int, a: A.Move) -> None:
    w = ctx.w
    s = sv(w, a.survivor)
    s["location"] = a.to
    s["moved"] = True
    g = grp(w, gid)
    if a.fuel_card:
        g["hand"].remove(a.fuel_card)
        bodies.to_waste(w, g, [a.fuel_card])
        ctx.trig("on_play", group=gid, sym="Fuel", surv=a.survivor)
    fuel = f" with {ITEMS[a.fuel_card].name}" if a.fuel_card else ""
    ctx.say(f"{core.name(a.survivor)} moves to {core.loc_name(a.to)}{fuel}.", "moved")
    if not a.fuel_card and not core.has_mod(w, a.survivor, "move_safe"):
        bodies.exposure(ctx, a.survivor)
    ctx.trig("on_move_to", group=gid, loc=a.to, surv=a.survivor)


def play(ctx: Ctx, gid: int, a: A.Play) -> None:
    w = ctx.w
    g = grp(w, gid)
    item = ITEMS[a.card]
    g["hand"].remove(a.card)
    bodies.to_waste(w, g, [a.card])
    who = f" with {core.name(a.survivor)}" if a.survivor else ""
    ctx.say(f"{group_named(w, gid)} plays {item.name}{who}.", "played")
    surv = a.survivor or g["leader"]
    ctx.trig("on_play", group=gid, sym=item.symbol, surv=surv)
    if g["exiled"] and item.symbol == "Food":  # DW-10: raise dice instead of feeding anyone
        for _ in range(item.value or 0):
            ctx.push("effects", **effects.frame(["die_plus 1"], gid, surv, "exiled_food"))
        return
    _frame(ctx, item.effect, gid, surv, a.target, "play")


core.LATE.act = act

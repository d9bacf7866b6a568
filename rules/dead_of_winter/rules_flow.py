"""The driver: one move in, tasks run until someone owes a decision or the game ends.

`apply` copies the state into a working dict, routes the move (a draft choice, an answer to the
open decision, or an action of the active player), then runs queued tasks in order. A task that
opens a decision stays at the front of the queue; the next move's answer is handed to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.core import Event
from rules.dead_of_winter import actions as A
from rules.dead_of_winter import rules_modules as M
from rules.dead_of_winter import rules_pending as P
from rules.dead_of_winter import rules_round as R
from rules.dead_of_winter.rules_core import Ctx, Ended
from rules.dead_of_winter.rules_setup import draft
from rules.dead_of_winter.rules_turn import act
from rules.dead_of_winter.state import State, W

TASKS: dict[str, Callable[[Ctx, dict[str, Any]], bool]] = {
    "round_start": R.t_round_start,
    "turn_start": R.t_turn_start,
    "twist_check": R.t_twist_check,
    "twist_option": R.t_twist_option,
    "effects": R.t_effects,
    "colony": R.t_colony,
    "search": P.t_search,
    "attract": P.t_attract,
    "attack": P.t_attack,
    "spread": P.t_spread,
    "new_leader": P.t_new_leader,
    "place": P.t_place,
    "vote": P.t_vote,
    "request": P.t_request,
    "given_card": P.t_given_card,
    "hand_off": P.t_hand_off,
    "bandits": M.t_bandits,
    "first_player": M.t_first_player,
}


def flush(ctx: Ctx, front: dict[str, Any] | None = None) -> None:
    ctx.w["tasks"][0:0] = ([front] if front else []) + ctx.buffer
    ctx.buffer = []


def drive(ctx: Ctx) -> None:
    w = ctx.w
    while w["phase"] != "ended" and not w["pending"] and w["tasks"]:
        task = w["tasks"].pop(0)
        ctx.buffer = []
        again = TASKS[task["t"]](ctx, task["data"])
        flush(ctx, task if again else None)


def start(ctx: Ctx) -> None:
    try:
        flush(ctx)
        drive(ctx)
    except Ended:
        pass


def apply(
    state: State, seat: int, action: A.Action, rng: random.Random
) -> tuple[State, list[Event]]:
    w = state.model_dump(mode="json")
    events = apply_to(w, seat, action, rng)
    return State.model_validate(w), events


def apply_to(w: W, seat: int, action: A.Action, rng: random.Random) -> list[Event]:
    """`apply` on the state's dict `w`, changed in place (a playout's working copy keeps one
    dict for the whole game); the events it produced."""
    ctx = Ctx(w, rng)
    try:
        if w["pending"]:
            answer = {"seat": seat, **action.model_dump(mode="json")}
            if w["pending"][0]["kind"] == "given_card":
                w["tev"] = []
                ctx.push("twist_check")
            w["tasks"][0]["data"]["answer"] = answer
            w["pending"] = []
        elif isinstance(action, A.Draft):
            draft(ctx, action.group, list(action.keep), action.leader)
        else:
            w["tev"] = []
            act(ctx, seat, action)
            if not isinstance(action, A.Pass):
                ctx.push("twist_check")
        buffered = ctx.buffer
        ctx.buffer = []
        if w["tasks"] and buffered and w["tasks"][0]["data"].get("answer") is not None:
            w["tasks"][1:1] = buffered  # the answered task runs first, then what the move queued
        else:
            w["tasks"][0:0] = buffered
        drive(ctx)
    except Ended:
        pass
    return ctx.events

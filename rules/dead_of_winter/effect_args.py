"""The arguments of an effect (§13): the frame an effect list runs in, a player's choice asked for
with `need`, and what an argument token means now (locations, survivors, a player). The resolvers
(`effects`, `effects_survivors`, `effects_ln`) read their arguments through these."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import (
    CHOOSING,
    LOCATIONS,
    SURVIVORS,
    TOWN,
    Effect,
)
from rules.dead_of_winter.rules_core import Ctx, grp, sv
from rules.dead_of_winter.state import W

Frame = dict[str, Any]
Resolver = Callable[[Ctx, Frame, Effect], bool]
BLOCK = True
DONE = False


def frame(
    effects: list[str], group: int, surv: str | None, src: str, bind: dict[str, str] | None = None
) -> dict[str, Any]:
    return {
        "effects": effects,
        "i": 0,
        "group": group,
        "surv": surv,
        "src": src,
        "bind": dict(bind or {}),
        "unit": {},
        "answer": None,
    }


def need(ctx: Ctx, f: Frame, options: list[str], prompt: str, private: bool = False) -> str | None:
    """The chooser's answer for this step, or None after opening a `choose` decision."""
    if f.get("answer") is not None:
        answer: str = f["answer"]["value"]
        f["answer"] = None
        return answer
    group: int = f["chooser"] if "chooser" in f else f["group"]
    ctx.w["pending"] = [
        {
            "kind": "choose",
            "seats": [core.seat_of(ctx.w, group)],
            "group": group,
            "data": {"options": options, "prompt": prompt, "private": private},
        }
    ]
    return None


def acting_loc(ctx: Ctx, f: Frame) -> str | None:
    sid = f["surv"]
    if sid is None or sid not in ctx.w["survivors"]:
        return None
    loc: str = sv(ctx.w, sid)["location"]
    return loc


def locations(ctx: Ctx, f: Frame, token: str, useful: Callable[[str], bool]) -> list[str] | None:
    """The locations an argument means now (DW-53); None while waiting for a choice."""
    if token.isdigit():
        return [LOCATIONS[int(token)]]
    if token in ("colony",):
        return ["colony"]
    if token in ("lab", "hideout"):
        return [token] if token in ctx.w["locations"] else []
    if token == "here":
        loc = acting_loc(ctx, f)
        return [loc] if loc else []
    if token == "each":
        return list(TOWN)
    if token == "random":
        if "random" not in f["unit"]:
            f["unit"]["random"] = LOCATIONS[ctx.rng.randint(1, 6)]
        return [f["unit"]["random"]]
    return _chosen(
        ctx, f, "L:any", "Choose a location", lambda: [x for x in core.places(ctx.w) if useful(x)]
    )


def _chosen(
    ctx: Ctx, f: Frame, key: str, prompt: str, options: Callable[[], list[str]]
) -> list[str] | None:
    """What a choosing argument is bound to, as a list: asked for once per effect (`need`)
    among `options`; [] when there is nothing to choose, None while the answer is awaited."""
    if key not in f["bind"]:
        found = options()
        if not found:
            return []
        answer = need(ctx, f, found, prompt)
        if answer is None:
            return None
        f["bind"][key] = answer
    return [f["bind"][key]]


def survivor_pool(w: W, g: dict[str, Any], here: str | None, token: str) -> list[str]:
    """The survivors a choosing token offers (DW-15): the group's own (`chosen`), those at the
    acting survivor's location (`chosen_here`), or every survivor in play."""
    if token == "chosen":
        return list(g["survivors"])
    if token == "chosen_here":
        return core.at(w, here) if here else []
    return sorted(w["survivors"])


def survivors(ctx: Ctx, f: Frame, token: str) -> list[str] | None:
    w = ctx.w
    g = grp(w, f["group"])
    here = acting_loc(ctx, f)
    if token in CHOOSING:
        found = _chosen(
            ctx, f, f"S:{token}", "Choose a survivor", lambda: survivor_pool(w, g, here, token)
        )
        return None if found is None else [sid for sid in found if sid in w["survivors"]]
    if token == "acting":
        return [f["surv"]] if f["surv"] in w["survivors"] else []
    if token == "leader":
        return [g["leader"]] if g["leader"] else []
    if token == "each_leader":
        return [x["leader"] for x in w["groups"] if x["leader"]]
    if token == "all":
        return sorted(w["survivors"])
    if token in ("lowest_here", "each_here"):
        return core.at(w, here) if here else []
    if token in ("lowest_colony", "each_colony"):
        return core.at(w, "colony")
    if token == "each_away":
        return sorted(s for s, d in w["survivors"].items() if d["location"] != "colony")
    # lowest_own, each_own
    return sorted(g["survivors"], key=lambda s: SURVIVORS[s].influence)


def one_or_each(token: str, found: list[str]) -> list[str]:
    return found[:1] if token.startswith("lowest") else found


def exiled(ctx: Ctx, f: Frame) -> bool:
    return bool(grp(ctx.w, f["group"])["exiled"])


def player(ctx: Ctx, f: Frame) -> int | None:
    if "X:chosen_player" not in f["bind"]:
        me = core.seat_of(ctx.w, f["group"])
        options = [f"seat:{s}" for s in range(ctx.w["seats"]) if s != me]
        options = [
            o
            for o in options
            if not all(grp(ctx.w, g)["eliminated"] for g in core.groups_of(ctx.w, int(o[5:])))
        ]
        if not options:
            return None
        answer = need(ctx, f, options, "Choose a player")
        if answer is None:
            return None
        f["bind"]["X:chosen_player"] = answer
    return int(f["bind"]["X:chosen_player"][5:])

"""The Coldest Night's choice paths (`rules/coldest_night/choices.py`): every move a few short
steps from the top of the panel, each option saying what it does."""

from __future__ import annotations

from rules.choices import MAX_CHOICES, Node, Path, build, check, option
from rules.coldest_night import GAME, choices
from rules.coldest_night.actions import Action, Give, Play, UseToken
from rules.coldest_night.state import ColdestNightState, ScavengePool
from rules.engine import Engine
from tests.rules.coldest_night.helpers import cid, make, play
from tests.support.choice_paths import assert_plain_steps, labels_of, path_among, random_decisions


def paths_of(state: ColdestNightState, seat: int) -> list[Path | None]:
    return list(choices.paths(state, seat, GAME.legal_actions(state, seat)))


def path_to(state: ColdestNightState, seat: int, action: Action) -> Path:
    return path_among(paths_of(state, seat), GAME.legal_actions(state, seat), action)


def leaves(node: Node) -> list[Node]:
    if node.leaf:
        return [node]
    return [leaf for child in node.children for leaf in leaves(child)]


def test_every_move_of_seeded_games_is_offered_once_in_at_most_three_short_steps() -> None:
    engine = Engine(GAME)
    decisions = 0
    for n in range(6):
        seats = 1 + n % 4
        seed = f"cn-choices/{n}"
        for ply, state, seat in random_decisions(engine, seats, {}, seed, 400):
            legal = GAME.legal_actions(state, seat)
            paths = paths_of(state, seat)
            assert len(paths) == len(legal)
            assert all(p is not None for p in paths), "every move has a path"
            tree = build(paths)
            assert check(tree, len(legal), 3) == [], (seed, ply)
            assert sorted(tree.moves()) == list(range(len(legal)))
            for path in paths:
                assert path is not None
                assert_plain_steps(path)
            decisions += 1
    assert decisions > 100


def test_the_game_offers_its_own_paths_to_the_panel() -> None:
    state = make(hands=[["Rug", "Shoes"], ["Diary"]])
    legal = GAME.legal_actions(state, 0)
    assert list(GAME.choice_paths(state, 0, legal)) == paths_of(state, 0)


def test_cn_10_a_card_is_played_by_kind_then_card_with_its_heat_ash_and_effect_in_words() -> None:
    state = make(hands=[["Family Portrait", "Rug", "Shoes", "Diary"], []], pit=["Logs", "Match"])
    path = path_to(state, 0, Play(seat=0, card_id=cid("Family Portrait")))
    assert labels_of(path) == ["Play a card", "Family Portrait"]
    assert path[0].style == "move"
    assert "heat 2, ash 2" in path[1].detail
    assert "GREATEST: when the fire dies down, the hottest card burns" in path[1].detail
    shoes = path_to(state, 0, Play(seat=0, card_id=cid("Shoes")))[1].detail
    assert "BURN ONE: when the fire dies down, one more card burns" in shoes
    offered = [p[1].label for p in paths_of(state, 0) if p is not None and len(p) == 2]
    assert offered == ["Family Portrait", "Rug", "Shoes"]  # Diary: ash 7 > heat 5
    # the kind says why: the cards a player may feed are those with ash up to the heat total
    assert path[0].detail == "Into the pit (2 of 4 places used): ash 5 or less, the heat total"


def test_cn_20_an_if_card_says_what_the_heat_would_be_after_it_enters() -> None:
    state = make(hands=[["Rug", "Picture Album"], []], pit=["Dictionary", "Floorboards"])
    rug = path_to(state, 0, Play(seat=0, card_id=cid("Rug")))[1].detail  # IF =7 Blanket
    assert "IF heat is then exactly 7, gain Blanket (it would be 7)" in rug
    album = path_to(state, 0, Play(seat=0, card_id=cid("Picture Album")))[1].detail
    assert "heat total 6 → 7" in album


def test_cn_21_a_boon_whose_token_is_already_found_says_it_does_nothing() -> None:
    state = make(
        hands=[["Rug"], []], tokens={"blanket": "spent"}, pit=["Dictionary", "Floorboards"]
    )
    rug = path_to(state, 0, Play(seat=0, card_id=cid("Rug")))[1].detail
    assert "no effect (already found)" in rug


def test_cn_25_stopping_says_what_burns_and_is_red_when_the_fire_would_go_out() -> None:
    state = make(
        hands=[["Shoes", "Jewelry Box"], ["Rags"]], pit=["Roof Timber"], deck=["Egg Carton"]
    )
    state = play(state, 0, "play shoes")  # BURN ONE pending; Jewelry Box (ash 8) stays in hand
    stop = path_to(state, 0, next(a for a in GAME.legal_actions(state, 0) if a.type == "done"))
    assert labels_of(stop) == ["Stop feeding the fire"]
    assert stop[0].style == "danger"
    assert "Roof Timber burns (rightmost) and 1 more" in stop[0].detail
    assert "the fire goes out" in stop[0].detail

    calm = make(hands=[["Rug", "Jewelry Box"], []], pit=["Logs", "Newspaper"], deck=["Rags"])
    calm = play(calm, 0, "play rug")
    quiet = path_to(calm, 0, next(a for a in GAME.legal_actions(calm, 0) if a.type == "done"))
    assert quiet[0].style == "quiet"
    assert "Newspaper burns (rightmost)" in quiet[0].detail


def test_cn_12_scavenged_cards_are_handed_out_card_first_then_to_whom() -> None:
    state = make(
        n=3,
        hands=[["Rags"], ["Diary"], ["Towels"]],
        phase="distribute",
        main_action="scavenge",
        scavenge=ScavengePool(scavenger=0, pool=(cid("Teddy Bear"), cid("Egg Carton"))),
    )
    keep = path_to(state, 0, Give(seat=0, card_id=cid("Teddy Bear"), to_seat=0))
    assert labels_of(keep) == ["Hand out Teddy Bear", "Keep it"]
    assert "heat 2, ash 7" in keep[0].detail
    give = path_to(state, 0, Give(seat=0, card_id=cid("Teddy Bear"), to_seat=2))
    assert labels_of(give) == ["Hand out Teddy Bear", "Give to {s2}"]
    assert give[1].detail == "{s2} holds 1 card now"
    tree = build(paths_of(state, 0))
    assert [c.label for c in tree.children] == ["Hand out Teddy Bear", "Hand out Egg Carton"]
    assert all(len(c.children) == 3 for c in tree.children)


def test_cn_25_a_target_choice_burns_a_named_pit_card_in_red() -> None:
    state = make(pit=["Diary", "Shoes", "Roof Timber", "Logs"], phase="target_choice")
    found = paths_of(state, 0)
    assert [labels_of(p) for p in found] == [
        ["Burn Diary (heat 2)"],
        ["Burn Shoes (heat 2)"],
        ["Burn Roof Timber (heat 4)"],
        ["Burn Logs (heat 3)"],
    ]
    assert {p[0].style for p in found if p is not None} == {"danger"}


def test_cn_15_checking_for_frostbite_with_under_three_pit_cards_is_red() -> None:
    state = make(
        pit=["Diary", "Roof Timber"],
        phase="frostbite_check",
        tokens={"emergency_supplies": "available"},
        deck=["Cabinet Door", "Rags"],
        fire_died_down=True,
    )
    found = paths_of(state, 0)
    check_path = next(p for p in found if p is not None and p[0].label == "Check for frostbite")
    assert check_path[0].style == "danger"
    assert "you take a frostbite card" in check_path[0].detail
    supplies = next(p for p in found if p is not None and p[0].label == "Use Emergency Supplies")
    assert len(supplies) == 1


def test_cn_8_frostbite_removal_says_which_of_your_cards_leaves_at_this_heat() -> None:
    state = make(
        n=3,
        active=1,
        pit=["Dictionary", "Picture Frame"],
        frostbite={1: ["Violent Shivering", "Chilblains"]},
        phase="frostbite_removal",
        tokens={"lighter_fluid": "available"},
    )
    confirm = paths_of(state, 1)[0]
    assert confirm is not None and confirm[0].label == "Check frostbite removal"
    assert confirm[0].style == "quiet"
    assert confirm[0].detail == "Heat 5: your Chilblains leaves"
    # no card matches: the player's own cards are named with their numbers, or none is said
    cooler = make(
        n=3, active=1, pit=["Dictionary"], frostbite={1: ["Chilblains"]}, phase="frostbite_removal"
    )
    (confirm,) = (p for p in paths_of(cooler, 1) if p is not None)
    assert confirm[0].detail == "Heat 3: your Chilblains (5) does not match it"
    bare = make(n=3, active=1, pit=["Dictionary"], phase="frostbite_removal")
    (confirm,) = (p for p in paths_of(bare, 1) if p is not None)
    assert confirm[0].detail == "Heat 3: you have no frostbite card to lose"


def test_cn_29_tokens_are_used_by_token_then_choice_naming_players_not_seats() -> None:
    state = make(
        n=3,
        hands=[["Rug", "Diary"], ["Towels"], []],
        deck=["Rags", "Egg Carton"],
        tokens={"axe": "available", "backpack": "available", "cellar_key": "available"},
    )
    legal = list(GAME.legal_actions(state, 1))
    by_action = dict(zip(legal, paths_of(state, 1), strict=True))
    heat = by_action[UseToken(seat=1, token="axe", mode="heat")]
    assert heat is not None
    assert labels_of(heat) == ["Use Axe", "+1 heat this turn"]
    assert heat[1].detail == "Heat total 7 → 8"
    draw = by_action[UseToken(seat=1, token="axe", mode="draw", target_seat=0)]
    assert labels_of(draw) == ["Use Axe", "{s0} draws 1"]
    mine = by_action[UseToken(seat=1, token="axe", mode="draw", target_seat=1)]
    assert labels_of(mine) == ["Use Axe", "You draw 1"]
    backpack = by_action[UseToken(seat=1, token="backpack", card_id=cid("Towels"), to_seat=2)]
    assert labels_of(backpack) == ["Use Backpack", "Towels", "Give to {s2}"]
    key = by_action[UseToken(seat=1, token="cellar_key", target_seat=2)]
    assert labels_of(key) == ["Use Cellar Key", "{s2} draws 3"]


def test_cn_31_the_blanket_names_whose_frostbite_card_it_discards() -> None:
    state = make(
        n=2,
        hands=[["Rug"], ["Towels"]],
        frostbite={0: ["Paranoia"], 1: ["F07"]},
        tokens={"blanket": "available"},
    )
    found = {tuple(labels_of(p)) for p in paths_of(state, 1) if p is not None}
    assert ("Use Blanket", "{s0}'s Paranoia (5)") in found
    assert ("Use Blanket", "Your Blue Lips (9)") in found


def test_every_step_of_a_busy_turn_fits_one_select_menu() -> None:
    state = make(
        n=4,
        hands=[["Rug", "Shoes", "Diary", "Towels", "Rags", "Egg Carton"], ["Broom Handle"], [], []],
        deck=["Rags"],
        tokens={t: "available" for t in ("alcohol", "axe", "backpack", "cabinet_key", "kerosene")},
    )
    tree = build(paths_of(state, 0))
    assert check(tree, len(GAME.legal_actions(state, 0)), 3) == []
    assert all(len(leaf_parent.children) <= MAX_CHOICES for leaf_parent in [tree, *tree.children])
    assert len(leaves(tree)) == len(GAME.legal_actions(state, 0))


def test_paths_a_step_too_deep_for_the_panel_give_way_to_the_plain_ones() -> None:
    state = make(hands=[["Family Portrait", "Rug", "Shoes", "Diary"], []], pit=["Logs", "Match"])
    legal = GAME.legal_actions(state, 0)
    own = paths_of(state, 0)
    assert GAME.paths_or_plain(state, 0, legal, own) == own
    # every step offers two options (a step with one option only is skipped, so a chain of
    # those would not make a tree too deep): A › B › C › D and A › B › C › E, A › B › F, A › G
    assert len(legal) == 4
    steps = [option(label) for label in "ABCDEFG"]
    a, b, c, d, e, f, g = steps
    too_deep = [(a, b, c, d), (a, b, c, e), (a, b, f), (a, g)]
    assert check(build(too_deep), len(legal), GAME.max_choice_depth)
    plain = GAME.paths_or_plain(state, 0, legal, too_deep)
    assert plain != too_deep and not check(build(plain), len(legal), GAME.max_choice_depth)

"""Regression baseline: 100 seeded random-agent games of The 10th Night play exactly as
before the move to the house layout and the generic working copy (`rules.draft`).

`BASELINE` was recorded from main before that change (commit 9ef846f): per game the seats, the
winners, the end reason, the number of moves, and digests of the final state's JSON and of every
event (text, audience, kind) in order. A behaviour change anywhere in the rules shows up here; a
deliberate one means recording the table again, in the same commit, saying why.
"""

from __future__ import annotations

import hashlib

from rules.engine import Engine
from rules.playout import next_actor
from rules.tenth_night import GAME

# (seats, winners, reason, plies, final state digest, events digest) for seed "regression/<n>"
BASELINE: tuple[tuple[int, tuple[int, ...], str, int, str, str], ...] = (
    (1, (), "no_people", 20, "102293bdd3f2", "bd717599b955"),
    (2, (), "no_people", 73, "76d9995d97df", "89fde0b83630"),
    (3, (), "no_people", 477, "2f7435a450db", "195560a04010"),
    (1, (), "no_people", 16, "0c95858421aa", "0b6e1d9ee1e2"),
    (2, (), "no_people", 131, "78136a764a35", "b230e2913f74"),
    (3, (), "no_people", 272, "797e6209afa4", "024a2f313cee"),
    (1, (), "no_people", 10, "7fc0ab7633be", "283c576904b1"),
    (2, (), "no_people", 123, "ef5ef528df77", "54bc63b05a16"),
    (3, (), "no_people", 314, "90f2386797bc", "e742eb34812e"),
    (1, (), "no_people", 43, "adb7f907f29b", "1eb6cfcb5554"),
    (2, (), "no_people", 80, "a303f4da7934", "f794c3aa2201"),
    (3, (), "no_people", 176, "9d6699a668c1", "12ec0a4b4a03"),
    (1, (), "no_people", 18, "d1403063551f", "339a2234c0a3"),
    (2, (), "no_people", 134, "92d3da8b929b", "4b1fbf33db0d"),
    (3, (), "no_people", 484, "5dfae7b66408", "00eacd530949"),
    (1, (0,), "survived", 35, "14b9978f3bb6", "e42f76a4ba24"),
    (2, (), "no_people", 75, "fb23c7ad6513", "dc26c01f7f5c"),
    (3, (), "no_people", 311, "503a696af860", "9195fd55b0d0"),
    (1, (), "no_people", 29, "4bb975c7e8be", "c0ef20006f20"),
    (2, (), "no_people", 106, "100d1c982067", "f8ed8c7e100c"),
    (3, (), "no_people", 236, "1f32a3abddd2", "4326a5d2026f"),
    (1, (), "no_people", 20, "fd47bc335db9", "3572bcc68b44"),
    (2, (), "no_people", 182, "66e11e5142f5", "8fa718351434"),
    (3, (), "no_people", 419, "4db57aee16bd", "4957a328f804"),
    (1, (), "no_people", 43, "5da62d789d3d", "2194e68faaca"),
    (2, (), "no_people", 202, "c97e525276c0", "dfd78e44b8f3"),
    (3, (), "no_people", 233, "b0ec179754b5", "21f77695d294"),
    (1, (), "no_people", 40, "515f9ea9fc86", "4b46fc4c95bb"),
    (2, (), "no_people", 98, "b4dba757d7fb", "52b2da48b8c2"),
    (3, (), "no_people", 199, "e00a54cd0323", "9c4ebd35d404"),
    (1, (), "no_people", 18, "99eacc4ad6b0", "e3d67833042e"),
    (2, (), "no_people", 125, "d520fdf922be", "ece140602283"),
    (3, (), "no_people", 434, "7dc3e0fbc9ee", "e6b5b8e08c48"),
    (1, (0,), "survived", 37, "8de2c4c9dfd8", "a9a4af096262"),
    (2, (), "no_people", 34, "17a218525a14", "e28df16252bb"),
    (3, (), "no_people", 248, "84f9ab35f936", "fab165c0057a"),
    (1, (), "no_people", 43, "bcb3775281d7", "9dfb8f507c66"),
    (2, (), "no_people", 125, "b61374ff03c7", "afc2b15943e3"),
    (3, (), "no_people", 179, "3f133e2ba2d4", "547239816707"),
    (1, (), "no_people", 36, "ee1068bc31c5", "d3b927627103"),
    (2, (), "no_people", 120, "49bf4124112e", "a7e8aeed95d4"),
    (3, (), "no_people", 272, "084e7c269c33", "5883a20a40ee"),
    (1, (), "no_people", 23, "344fca06c2fc", "f4664cfb3520"),
    (2, (), "no_people", 161, "b521fcf0683f", "4d752ec7e49e"),
    (3, (), "no_people", 243, "5a01764eb935", "2b98de897a62"),
    (1, (), "no_people", 27, "69f30c629dbb", "217c8d396514"),
    (2, (), "no_people", 63, "d39bd98aeffb", "f3920603ed08"),
    (3, (), "no_people", 214, "ca150470c222", "1cb7b2c97ef0"),
    (1, (), "no_people", 29, "a45fe05fcf1d", "056d2be8a596"),
    (2, (), "no_people", 134, "67e8b3c43ba7", "318d2b53c731"),
    (3, (), "no_people", 229, "19e8407cbd4f", "773f6d3f3580"),
    (1, (), "no_people", 29, "ac63a3e65eac", "b06206414e4b"),
    (2, (), "no_people", 73, "9b304116c326", "3c4814561dbe"),
    (3, (), "no_people", 122, "59c750ca59a2", "a1473e93c53e"),
    (1, (), "no_people", 30, "0a8fd97d7c67", "252a2d7811d7"),
    (2, (), "no_people", 95, "5d76bb99dd96", "940c92a7a30c"),
    (3, (), "no_people", 276, "938a666513f6", "e928489849f1"),
    (1, (), "no_people", 12, "b76def14f63c", "d4f340a5ecf4"),
    (2, (), "no_people", 205, "f18ad52bdf7a", "13a274bb4464"),
    (3, (), "no_people", 218, "fe6bf6a736fe", "fb9fed6d1b3b"),
    (1, (), "no_people", 27, "3c2daa2854f5", "ae3760952b10"),
    (2, (), "no_people", 120, "3e383266a004", "2038049e8417"),
    (3, (), "no_people", 425, "336a8dcdc2cc", "da602cc3daeb"),
    (1, (), "no_people", 20, "3bb97d16c8a0", "a6b97ef97923"),
    (2, (), "no_people", 126, "484a970cdc77", "f55689a207e3"),
    (3, (), "no_people", 196, "1beac48fa2f4", "ec30b50e033e"),
    (1, (0,), "survived", 30, "5a21ca4511de", "64a8116ca008"),
    (2, (), "no_people", 96, "e925aa6d1490", "c36cb7e31a35"),
    (3, (), "no_people", 212, "3fbfd4c5e128", "bd753f3d45b6"),
    (1, (), "no_people", 12, "b15dbfc2f338", "6ea7c7a7b364"),
    (2, (), "no_people", 161, "a13e4a6b4f81", "6b70f777d268"),
    (3, (), "no_people", 586, "cf625c48771f", "6b0ce77689b1"),
    (1, (), "no_people", 22, "a3c7d18e2515", "c7e84b2f1683"),
    (2, (), "no_people", 133, "1f1cda6d040e", "16cee129b8b0"),
    (3, (), "no_people", 361, "b162d2db34d3", "92b660a50570"),
    (1, (), "no_people", 29, "deab296eb3e4", "468bca56714e"),
    (2, (), "no_people", 207, "c2a4af5c13cb", "72a250ced27c"),
    (3, (), "no_people", 237, "b7ff4154dff1", "56c36736a703"),
    (1, (), "no_people", 26, "613c49c1a16c", "3c857e8e3b5e"),
    (2, (), "no_people", 92, "98242520011c", "3d78aea9f4f5"),
    (3, (), "no_people", 225, "0723771807e7", "aeb82d3e4ca9"),
    (1, (), "no_people", 26, "f005c63d49ce", "85a386fc422a"),
    (2, (), "no_people", 217, "2432e251f6de", "c023970d87ea"),
    (3, (), "no_people", 511, "8c05aed54994", "a2eee2f866c0"),
    (1, (), "no_people", 31, "8208c9345f16", "fab9d9503af8"),
    (2, (), "no_people", 196, "7befff7ff617", "88b7ffe14cbb"),
    (3, (), "no_people", 282, "1276c0e67364", "a1956cecc4c5"),
    (1, (), "no_people", 39, "bb00f0a065a3", "8ee0a75662b3"),
    (2, (), "no_people", 113, "bca3c651d9bc", "a7b878970922"),
    (3, (), "no_people", 407, "b7b2566cc2f2", "b43b2d804774"),
    (1, (), "no_people", 15, "456b6c71fa00", "396c0fd0997e"),
    (2, (), "no_people", 110, "2cc755ad7ef1", "cd7e0719ecb9"),
    (3, (), "no_people", 281, "b75a799df8f7", "288eae826ff3"),
    (1, (), "no_people", 36, "60ebb00ab44c", "cf41d2578a1f"),
    (2, (0, 1), "survived", 106, "65f1546437fd", "a86f758a9fb6"),
    (3, (), "no_people", 139, "07fc3ffe14be", "9334219cc73a"),
    (1, (), "no_people", 30, "4d012e83ccf5", "dafea6a89224"),
    (2, (), "no_people", 92, "81de9798199b", "441b84389ce5"),
    (3, (), "no_people", 274, "2ada38d327af", "7ccd5f142a1b"),
    (1, (), "no_people", 35, "5d8f46f53b04", "319704ecfde1"),
)


def _play(seats: int, seed: str) -> tuple[int, tuple[int, ...], str, int, str, str]:
    """One all-random game, move for move as `rules.playout.play_out` (what `simulate` runs)
    plays it, hashing every event on the way."""
    engine = Engine(GAME)
    agents = [GAME.agents["random"]() for _ in range(seats)]
    step = engine.start(seats, None, seed)
    events = hashlib.sha256()
    plies = 0
    while True:
        for e in step.events:
            seen = sorted(e.visible_to) if e.visible_to is not None else None
            events.update(repr((e.text, seen, e.kind)).encode())
        state = step.state
        outcome = GAME.outcome(state)
        if outcome is not None:
            break
        seat = next_actor(GAME, state)
        assert seat is not None and plies < 50_000
        plies += 1
        action = agents[seat].choose(
            GAME.observe(state, seat),
            GAME.legal_actions(state, seat),
            engine.agent_rng(seed, plies, seat),
        )
        step = engine.act(state, seat, action, seed=seed, ply=plies)
    final = hashlib.sha256(state.model_dump_json().encode()).hexdigest()[:12]
    winners = tuple(sorted(outcome.winners))
    return seats, winners, outcome.reason, plies, final, events.hexdigest()[:12]


def test_one_hundred_seeded_random_games_end_exactly_as_recorded_before_the_layout_change() -> None:
    assert len(BASELINE) == 100
    for n, expected in enumerate(BASELINE):
        assert _play(expected[0], f"regression/{n}") == expected, f"seed regression/{n}"

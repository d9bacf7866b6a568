"""Day actions and exchanges: TN-10, TN-11, TN-12 and worked examples TN-EX12, TN-EX13."""

from __future__ import annotations

import pytest

from rules.errors import IllegalActionError
from rules.tenth_night import GAME
from rules.tenth_night import actions as A
from tests.rules.tenth_night.helpers import act, ex13, ids, make, offer, shown

EX12 = (["7H 3S* 10D 5C"], ["3H 8D KH 4C 4D 4S"])


def test_tn_ex12_heal_replace_puts_the_heart_in_the_injured_persons_place() -> None:
    s = act(make(*EX12), 0, A.HealReplace(hand_card_id="3H-1", person_id="3S-1"))
    assert shown(s.players[0].row) == "7H 3H 10D 5C" and s.discard == ("3S-1",)


def test_tn_ex12_a_trio_discards_two_and_adds_the_kept_card_as_a_person() -> None:
    s = act(make(*EX12), 0, A.HealReplace(hand_card_id="3H-1", person_id="3S-1"))
    s = act(s, 0, A.Trio(card_ids=tuple(ids("4C 4D 4S")), keep_id="4S-1"))  # type: ignore[arg-type]
    assert shown(s.players[0].row) == "7H 3H 10D 5C 4S"
    assert s.discard[-2:] == tuple(ids("4C 4D"))


def test_tn_ex12_a_swap_moves_the_person_to_the_hand_and_blocks_a_sixth_person() -> None:
    s = act(make(*EX12), 0, A.HealReplace(hand_card_id="3H-1", person_id="3S-1"))
    s = act(s, 0, A.Trio(card_ids=tuple(ids("4C 4D 4S")), keep_id="4S-1"))  # type: ignore[arg-type]
    s = act(s, 0, A.Swap(hand_card_id="8D-1", person_id="5C-1"))
    assert shown(s.players[0].row) == "7H 3H 10D 8D 4S" and list(s.players[0].hand) == ids("KH 5C")
    assert not any(isinstance(a, A.Trio) for a in GAME.legal_actions(s, 0))


def test_tn_ex12_heal_heart_discards_the_heart_and_heals_in_place() -> None:
    s = act(make(*EX12), 0, A.HealHeart(hand_card_id="KH-1", person_id="3S-1"))
    assert shown(s.players[0].row) == "7H 3S 10D 5C" and s.discard == ("KH-1",)


def test_tn10_healing_a_healthy_person_is_refused_with_a_reason() -> None:
    with pytest.raises(IllegalActionError, match="healthy"):
        act(make(*EX12), 0, A.HealHeart(hand_card_id="KH-1", person_id="7H-1"))


def test_tn10_heal_replace_needs_the_same_rank() -> None:
    with pytest.raises(IllegalActionError, match="only an injured 3"):
        act(make(["7C*"], ["3H"]), 0, A.HealReplace(hand_card_id="3H-1", person_id="7C-1"))


def test_tn10_an_injured_person_cannot_be_swapped_out() -> None:
    with pytest.raises(IllegalActionError, match="injured"):
        act(make(*EX12), 0, A.Swap(hand_card_id="8D-1", person_id="3S-1"))


def test_tn10_a_trio_of_unequal_ranks_is_refused() -> None:
    s = make(["7H"], ["4C 4D 5S"])
    with pytest.raises(IllegalActionError, match="one rank"):
        act(s, 0, A.Trio(card_ids=tuple(ids("4C 4D 5S")), keep_id="4C-1"))  # type: ignore[arg-type]


def test_tn10_reorder_keeps_injuries_with_their_cards() -> None:
    s = act(make(*EX12), 0, A.Reorder(order=tuple(ids("10D 5C 3S 7H"))))
    assert shown(s.players[0].row) == "10D 5C 3S* 7H"


def test_tn10_a_day_action_clears_ready_but_a_proposal_does_not() -> None:
    s = make(["7H 2C", "9D 5H"], ["8D", "AS"], ready=[True, True])
    proposed = act(s, 0, _offer_9c_like(s))
    assert proposed.players[0].ready
    swapped = act(s, 0, A.Swap(hand_card_id="8D-1", person_id="2C-1"))
    assert not swapped.players[0].ready


def _offer_9c_like(s: object) -> A.ProposeExchange:
    return A.ProposeExchange(
        to_seat=1, give=A.Give(zone="hand", card_id="8D-1"), want=A.Want(zone="row", card_id="5H-1")
    )


def test_tn10_a_ready_seat_may_still_act_but_cannot_be_ready_twice() -> None:
    s = make(["7H 2C", "9D"], ["8D", ""], ready=[True, False])
    assert 0 in GAME.to_act(s) and 0 not in GAME.awaiting(s)
    with pytest.raises(IllegalActionError, match="already ready"):
        act(s, 0, A.Ready())


def test_tn10_the_day_ends_at_once_when_the_last_seat_is_ready() -> None:
    s = make(["7H 2C", "9D"], ["", ""], ready=[True, False], draw="2S 3S 4S 5S")
    s = act(s, 1, A.Ready())
    assert s.round == 2 and s.phase == "day"


# exchanges ---------------------------------------------------------------------------------------


def test_tn_ex13_an_accepted_hand_for_row_offer_swaps_the_cards_and_clears_ready() -> None:
    s = act(ex13(), 0, offer(1, "hand", "9C", "row", "5H"))
    s = act(s, 1, A.AcceptExchange(offer_id=1))
    assert shown(s.players[1].row) == "9C 8S" and list(s.players[0].hand) == ids("QD 5H")
    assert not s.players[0].ready and not s.players[1].ready


def test_tn_ex13_a_face_card_cannot_be_offered_into_a_row() -> None:
    s = act(ex13(), 0, offer(1, "hand", "9C", "row", "5H"))
    s = act(s, 1, A.AcceptExchange(offer_id=1))
    with pytest.raises(IllegalActionError, match="only A–10"):
        act(s, 0, offer(1, "hand", "QD", "row", "8S"))


def test_tn_ex13_offer_ids_count_up_and_a_hand_card_answer_must_fit_the_row() -> None:
    s = act(ex13(), 0, offer(1, "hand", "9C", "row", "5H"))
    s = act(s, 1, A.AcceptExchange(offer_id=1))
    s = act(s, 0, offer(1, "row", "2H", "hand"))
    assert [o.offer_id for o in s.offers] == [2]
    with pytest.raises(IllegalActionError, match="only A–10"):
        act(s, 1, A.AcceptExchange(offer_id=2, card_id="KC-1"))
    s = act(s, 1, A.AcceptExchange(offer_id=2, card_id="AS-1"))
    assert shown(s.players[0].row) == "AS 7C" and list(s.players[1].hand) == ids("KC 2H")


def test_tn11_trading_with_yourself_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="yourself"):
        act(ex13(), 0, offer(0, "hand", "9C", "row", "2H"))


def test_tn11_injured_people_cannot_be_traded() -> None:
    s = make(["2H 7C", "5H* 8S"], ["9C", ""])
    with pytest.raises(IllegalActionError, match="injured"):
        act(s, 0, offer(1, "hand", "9C", "row", "5H"))


def test_tn11_accepting_a_withdrawn_offer_is_refused() -> None:
    s = act(ex13(), 0, offer(1, "hand", "9C", "row", "5H"))
    s = act(s, 0, A.WithdrawExchange(offer_id=1))
    with pytest.raises(IllegalActionError, match="no longer open"):
        act(s, 1, A.AcceptExchange(offer_id=1))


def test_tn11_declining_removes_the_offer() -> None:
    s = act(ex13(), 0, offer(1, "hand", "9C", "row", "5H"))
    s = act(s, 1, A.DeclineExchange(offer_id=1))
    assert s.offers == ()


def test_tn11_only_the_proposer_withdraws_and_only_the_target_answers() -> None:
    s = act(ex13(), 0, offer(1, "hand", "9C", "row", "5H"))
    assert A.WithdrawExchange(offer_id=1) not in GAME.legal_actions(s, 1)
    assert A.DeclineExchange(offer_id=1) not in GAME.legal_actions(s, 0)


def test_tn11_an_offer_lapses_when_its_card_leaves_the_zone() -> None:
    s = make(["2H 7C", "5H 8S"], ["9C 3D", ""])
    s = act(s, 0, offer(1, "hand", "9C", "row", "5H"))
    s = act(s, 0, A.Swap(hand_card_id="9C-1", person_id="2H-1"))
    assert s.offers == ()


def test_tn11_all_offers_lapse_when_the_day_ends() -> None:
    s = make(["2H 7C", "5H 8S"], ["9C", ""], ready=[False, True], draw="2S 3S 4S 5S 6S 7S")
    s = act(s, 0, offer(1, "hand", "9C", "row", "5H"))
    s = act(s, 0, A.Ready())
    assert s.offers == () and s.round == 2


def test_tn11_a_target_with_an_open_offer_is_awaited_even_when_ready() -> None:
    s = act(ex13(), 0, offer(1, "hand", "9C", "row", "5H"))
    assert GAME.awaiting(s) == {1}


def test_tn35_solo_games_have_no_exchanges() -> None:
    s = make(["2H 7C"], ["9C"])
    assert not any(isinstance(a, A.ProposeExchange) for a in GAME.legal_actions(s, 0))


def test_tn39_the_public_sees_an_offered_hand_card_as_hidden() -> None:
    s = act(ex13(), 0, offer(1, "hand", "9C", "row", "5H"))
    public = GAME.observe(s, None).offers[0]
    target = GAME.observe(s, 1).my_offers[0]  # type: ignore[union-attr]
    assert public.give_card is None and public.want_card.id == "5H-1"  # type: ignore[union-attr]
    assert target.give_card.id == "9C-1"  # type: ignore[union-attr]


def test_tn39_the_offered_hand_card_is_a_secret_of_both_parties_only() -> None:
    s = act(make(["2H", "5H", "6H"], ["9C", "", ""]), 0, offer(1, "hand", "9C", "row", "5H"))
    assert "9C-1" in GAME.secrets(s, 1) and "9C-1" not in GAME.secrets(s, 2)
    assert GAME.observe(s, 2).my_offers == []  # type: ignore[union-attr]

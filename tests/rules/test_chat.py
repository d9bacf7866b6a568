"""The chat filter's verdicts (The Coldest Night CN-46–CN-48) on phrase tables."""

from __future__ import annotations

import pytest

from rules.chat import ChatVerdict, check_message, number_occurrences, reaction_allowed
from rules.core import FREE_CHAT, ChatPolicy

# The spec's §8 example table: heat total 7, Memory Loss (4) and Blue Lips (9) face up.
SPEC = ChatPolicy(mode="no_numbers", allowed_numbers=frozenset({7, 4, 9}))
BLUE_LIPS = ChatPolicy(mode="silent", reason="blue_lips")
NIGHT = ChatPolicy(mode="silent", reason="night")
NO_NUMBERS_NO_FILES = SPEC.model_copy(update={"block_attachments": True})
TWENTY_AND_ONE = ChatPolicy(mode="no_numbers", allowed_numbers=frozenset({20, 1}))

SPEC_EXAMPLES = [
    pytest.param(SPEC, "I need the fire hotter", None, id="ex01_no_number"),
    pytest.param(SPEC, "We're at 7, that's fine", None, id="ex02_heat_total"),
    pytest.param(SPEC, "If it hits four I lose my Memory Loss", None, id="ex03_frost_value"),
    pytest.param(SPEC, "nine would clear the blue lips", None, id="ex04_frost_value_word"),
    pytest.param(SPEC, "Someone often plays alone; tone it down", None, id="ex05_no_whole_word"),
    pytest.param(SPEC, "7️⃣ is the number to keep", None, id="ex06_keycap_heat_total"),
    pytest.param(SPEC, "hey <@123456789> your turn", None, id="ex07_mention_removed"),
    pytest.param(SPEC, "I can get it to 11", "number", id="ex08_eleven"),
    pytest.param(SPEC, "my best card has ash five", "number", id="ex09_five"),
    pytest.param(SPEC, "ONE more card and we're full", "number", id="ex10_case_insensitive"),
    pytest.param(SPEC, "twenty-one", "number", id="ex11_compound"),
    pytest.param(SPEC, "🔟", "number", id="ex12_keycap_ten"),
    pytest.param(SPEC, "٣ cards left", "number", id="ex13_arabic_indic_digit"),
    pytest.param(SPEC, "I hold a dozen ideas", "number", id="ex14_dozen"),
    pytest.param(SPEC, "½ a chance", "number", id="ex15_vulgar_fraction"),
    pytest.param(SPEC, "nice, I have 2 good ones", "number", id="ex16_edited_content"),
    pytest.param(BLUE_LIPS, "ok", "blue_lips", id="ex17_blue_lips"),
]

MORE_PHRASES = [
    # whole words only
    pytest.param(SPEC, "first come, first served", None, id="first"),
    pytest.param(SPEC, "fourth time lucky", None, id="fourth"),
    pytest.param(SPEC, "tens of cards and ones of ash", None, id="tens_ones"),
    pytest.param(SPEC, "this is often alone", None, id="often_alone"),
    pytest.param(SPEC, "a hundredfold warmer", None, id="hundredfold"),
    pytest.param(SPEC, "fourty is a typo", None, id="misspelt_word"),
    pytest.param(SPEC, "no-one knows", "number", id="hyphen_splits_words"),
    pytest.param(SPEC, "TWENTY", "number", id="upper_case_tens"),
    pytest.param(SPEC, "Nine", None, id="capitalised_allowed_word"),
    pytest.param(SPEC, "it's ten past", "number", id="ten"),
    pytest.param(SPEC, "nineteen", "number", id="teen"),
    pytest.param(SPEC, "zero chance", "number", id="zero"),
    pytest.param(SPEC, "a hundred sparks", "number", id="hundred"),
    # compounds
    pytest.param(SPEC, "seventy-four", "number", id="compound_with_allowed_parts"),
    pytest.param(SPEC, "forty nine", "number", id="compound_with_a_space"),
    pytest.param(SPEC, "seven-four", None, id="unit_unit_is_not_a_compound"),
    pytest.param(TWENTY_AND_ONE, "twenty  one", None, id="two_spaces_is_two_numbers"),
    pytest.param(TWENTY_AND_ONE, "twenty--one", None, id="two_hyphens_is_two_numbers"),
    pytest.param(TWENTY_AND_ONE, "twenty one", "number", id="one_space_is_one_compound"),
    pytest.param(TWENTY_AND_ONE, "twenty-first", None, id="ordinal_is_no_unit"),
    # digits
    pytest.param(SPEC, "007", None, id="leading_zeros_read_as_decimal"),
    pytest.param(SPEC, "7.4", None, id="decimal_point_splits_runs"),
    pytest.param(SPEC, "1,000 flakes", "number", id="thousands_separator"),
    pytest.param(SPEC, "3rd in line", "number", id="digits_inside_a_word"),
    pytest.param(SPEC, "7th heaven", None, id="allowed_digits_inside_a_word"),
    pytest.param(SPEC, "8️⃣", "number", id="keycap_eight"),
    pytest.param(SPEC, "８ is hot", "number", id="fullwidth_eight"),
    pytest.param(SPEC, "７ is fine", None, id="fullwidth_seven"),
    pytest.param(SPEC, "𝟗", None, id="mathematical_digit"),
    pytest.param(SPEC, "३ left", "number", id="devanagari_digit"),
    # numeric characters
    pytest.param(SPEC, "Ⅻ o'clock", "number", id="roman_twelve"),
    pytest.param(SPEC, "chapter Ⅳ", None, id="roman_four_allowed"),
    pytest.param(SPEC, "x²", "number", id="superscript_two"),
    pytest.param(SPEC, "x⁴", None, id="superscript_four_allowed"),
    pytest.param(SPEC, "① first", "number", id="circled_one"),
    pytest.param(SPEC, "三", None, id="cjk_numeral_is_a_letter_not_counted"),
    # Discord markup
    pytest.param(SPEC, "<@!42> and <@&43> in <#44>", None, id="mentions_removed"),
    pytest.param(SPEC, "<:blob7:123456789> hi", None, id="custom_emoji_allowed_digit"),
    pytest.param(SPEC, "rolled <:d20:1234567890>", "number", id="custom_emoji_digit_in_name"),
    pytest.param(SPEC, "<a:spin99:55>", "number", id="animated_emoji_digit_in_name"),
    pytest.param(SPEC, "use </play:123456789> now", None, id="slash_command_mention"),
    pytest.param(SPEC, "<t:1700000000:R>", "number", id="timestamp_digits_count"),
    pytest.param(SPEC, "ｏｎｅ more", "number", id="fullwidth_letters_fold"),
    pytest.param(SPEC, "", None, id="empty"),
    # policies and attachments
    pytest.param(FREE_CHAT, "I have 11 cards", None, id="free_chat_numbers"),
    pytest.param(NIGHT, "good night", "night", id="silent_night"),
    pytest.param(ChatPolicy(mode="silent"), "hi", "silent", id="silent_without_reason"),
]


@pytest.mark.parametrize(("policy", "content", "reason"), SPEC_EXAMPLES)
def test_cn47_spec_example_gets_the_spec_verdict(
    policy: ChatPolicy, content: str, reason: str | None
) -> None:
    verdict = check_message(policy, content)
    assert (verdict.allowed, verdict.reason) == (reason is None, reason)


@pytest.mark.parametrize(("policy", "content", "reason"), MORE_PHRASES)
def test_cn47_phrase_gets_its_verdict(policy: ChatPolicy, content: str, reason: str | None) -> None:
    verdict = check_message(policy, content)
    assert (verdict.allowed, verdict.reason) == (reason is None, reason)


def test_cn47_attachment_is_blocked_when_the_policy_bars_attachments() -> None:
    verdict = check_message(NO_NUMBERS_NO_FILES, "look", has_attachment=True)
    assert (verdict.allowed, verdict.reason) == (False, "attachment")


def test_cn47_attachment_is_allowed_when_the_policy_does_not_bar_it() -> None:
    assert check_message(SPEC, "look", has_attachment=True).allowed


def test_cn47_attachment_is_checked_before_the_numbers() -> None:
    verdict = check_message(NO_NUMBERS_NO_FILES, "11", has_attachment=True)
    assert verdict.reason == "attachment"


def test_cn47_blue_lips_is_checked_before_the_attachment() -> None:
    silenced = BLUE_LIPS.model_copy(update={"block_attachments": True})
    assert check_message(silenced, "ok", has_attachment=True).reason == "blue_lips"


def test_cn47_allowed_verdict_has_no_reason() -> None:
    assert check_message(SPEC, "hotter please") == ChatVerdict(allowed=True)


def test_cn47_number_detail_quotes_the_number() -> None:
    assert check_message(SPEC, "I can get it to 11").detail == "“11” is a number"


def test_cn47_number_detail_gives_the_value_of_a_word() -> None:
    assert check_message(SPEC, "twenty-one").detail == "“twenty-one” (21) is a number"


def test_cn47_number_detail_lists_every_forbidden_number_once() -> None:
    detail = check_message(SPEC, "5 or 6 or 5, but 7").detail
    assert detail == "“5” and “6” are numbers"


# -- number_occurrences (CN-47 steps 3–4) ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "values"),
    [
        pytest.param("007 and 12", [7, 12], id="decimal_runs"),
        pytest.param("7️⃣", [7], id="keycap"),
        pytest.param("🔟", [10], id="keycap_ten"),
        pytest.param("½", [0.5], id="fraction"),
        pytest.param("Ⅻ", [12], id="roman_numeral"),
        pytest.param("Twenty-One and twelve", [21, 12], id="words_in_reading_order"),
        pytest.param("3 three ③", [3, 3, 3], id="each_kind_once"),
        pytest.param("<@123> <@!4> <@&5> <#6>", [], id="mention_ids_removed"),
        pytest.param("<:d20:987654321>", [20], id="custom_emoji_name_kept_id_dropped"),
        pytest.param("someone often alone tone ones tens first fourth", [], id="not_numbers"),
    ],
)
def test_cn47_number_occurrences_finds_each_occurrence(
    text: str, values: list[int | float]
) -> None:
    assert number_occurrences(text) == values


# -- reactions (CN-48) ------------------------------------------------------------------------


def test_cn48_keycap_ten_reaction_is_refused() -> None:
    assert not reaction_allowed(SPEC, "🔟")


def test_cn48_allowed_keycap_reaction_stays() -> None:
    assert reaction_allowed(SPEC, "7️⃣")


def test_cn48_reaction_without_a_number_stays() -> None:
    assert reaction_allowed(SPEC, "👍")


def test_cn48_blue_lips_may_add_no_reaction_at_all() -> None:
    assert not reaction_allowed(BLUE_LIPS, "👍")


def test_cn48_free_chat_allows_number_reactions() -> None:
    assert reaction_allowed(FREE_CHAT, "🔟")


def test_cn48_custom_emoji_reaction_with_a_forbidden_number_is_refused() -> None:
    assert not reaction_allowed(SPEC, "<:d20:1234567890>")


def test_cn48_custom_emoji_reaction_in_name_id_form_is_judged_by_name() -> None:
    assert not reaction_allowed(SPEC, "d20:1234567890")


def test_cn48_custom_emoji_reaction_id_digits_do_not_count() -> None:
    assert reaction_allowed(SPEC, "<:snowflake:1234567890>")

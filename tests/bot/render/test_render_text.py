"""The console's text: Discord's markdown printed plain."""

from __future__ import annotations

from bot.render.text import plain_text


def test_discord_markdown_is_printed_plain() -> None:
    assert plain_text("**Round 2** of __Friday__ ~~old~~") == "Round 2 of Friday old"
    assert plain_text("<@123> and <@!456> vs <@&7> in <#8>") == "@user and @user vs @role in #channel"
    assert plain_text(r"P\*1 \_x\_ 2\-1") == "P*1 _x_ 2-1"
    assert plain_text("ends <t:0:t>.") == "ends 00:00 UTC."
    assert plain_text("ends <t:999999999999:t>.") in {
        "ends a later time.",
        "ends 46:40 UTC.",
    } or "UTC" in plain_text("ends <t:999999999999:t>.")
    assert plain_text("2 * 3 = 6, a_b") == "2 * 3 = 6, a_b"


def test_counts_take_the_singular() -> None:
    from bot.render.tournament import count

    assert (count(1, "table"), count(2, "table"), count(0, "table")) == ("1 table", "2 tables", "0 tables")

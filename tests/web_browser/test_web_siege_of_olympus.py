"""Siege of Olympus in the browser: a whole game against the AI played by clicking, to its end."""

from __future__ import annotations

import os
import shutil
from collections import Counter
from typing import Any

import pytest
from browser_play import create_in_lobby, first_action, glossary_keys_used, moves, wait_table
from browser_server import REPO, Server, screenshot_dir

MAX_CLICKS = 900
TURN_LIMIT = 4  # rounds: the house rule ends a long game on the Commanders' health
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 950}
DOCS_IMAGE = REPO / "docs" / "images" / "web-siege-of-olympus.png"

# What a click did: a chooser opened, the position changed, or an attacker was picked (the
# table then highlights its targets; picking sends nothing).
AFTER_CLICK = """([before, aiming]) => {
  if (document.querySelector("#chooser")) return "chooser";
  const table = document.querySelector("#table");
  if (Number(table.dataset.moves) !== before) return "moved";
  const siege = document.querySelector(".siege");
  const now = siege ? siege.classList.contains("aiming") : false;
  if (now !== aiming) return now ? "aiming" : "put back";
  return false;
}"""


def aiming(page: Any) -> bool:
    return bool(page.evaluate("() => !!document.querySelector('.siege.aiming')"))


def click(page: Any, target: Any) -> str:
    """Clicks a card, the Commander or a button; in a chooser, a real action rather than the
    picking of an attacker. Answers what happened: "moved", "aiming" or "put back"."""
    before, was_aiming = moves(page), aiming(page)
    target.click()
    what = str(page.wait_for_function(AFTER_CLICK, arg=[before, was_aiming]).json_value())
    if what != "chooser":
        return what
    choices = page.locator("#chooser .choice:not(.cancel)")
    acting = page.locator("#chooser .choice:not(.cancel):not([data-kind=attack])")
    (acting if acting.count() else choices).first.click()
    return str(page.wait_for_function(AFTER_CLICK, arg=[before, was_aiming]).json_value())


def siege_step(page: Any) -> str:
    """One click: an attack target (the enemy Commander first), else a card or Commander that
    has actions (an attacker is picked), else the action bar's first action. In the Recruit
    phase one prisoner is attacked, then the phase ends: the other minions keep their attack
    for the Attack phase."""
    if aiming(page):
        commander = page.locator(".siege .commander.target")
        targets = page.locator(".siege .card.target")
        target = commander if commander.count() else targets.first
        assert click(page, target) == "moved"
        return "attack"
    end_recruit = page.locator("#actions button.action[data-kind=end_recruit]")
    attacked = page.locator(".side-bottom .zone.play .card.flag-attacked")
    if end_recruit.count() and attacked.count():
        assert click(page, end_recruit) == "moved"
        return "button"
    cards = page.locator(".siege .card.actionable:visible, .siege .commander.actionable:visible")
    if cards.count():
        what = click(page, cards.first)
        return "pick" if what == "aiming" else "card"
    assert click(page, first_action(page)) == "moved"
    return "button"


def in_play(page: Any) -> list[int]:
    """Minions in play on the top and bottom sides of the table."""
    counts: list[int] = page.evaluate(
        """() => [".side-top", ".side-bottom"].map((s) =>
             document.querySelectorAll(`${s} .zone.play .card[data-card]`).length)"""
    )
    return counts


def prisoners(page: Any) -> int:
    count: int = page.locator(".tartarus .card[data-card]").count()
    return count


def no_horizontal_scroll(page: Any) -> None:
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"


def zones_drawn(page: Any) -> None:
    """Both Commanders, both sides' minion rows, Tartarus, the Agora, the piles and the hand."""
    assert page.locator(".siege .commander").count() == 2
    assert page.locator(".siege .commander .health-bar").count() == 2
    assert page.locator(".siege .zone.play").count() == 2
    assert page.locator(".siege .side-top .badge-opponent").count() == 1
    assert page.locator(".siege .side-bottom .badge-you").count() == 1
    assert page.locator(".tartarus h3").count() == 1
    assert prisoners(page) <= 6
    assert page.locator(".agora .card[data-card]").count() <= 6
    assert int(page.get_attribute(".deck", "data-count")) > 0
    assert page.locator(".underworld summary").count() == 1
    assert 0 < page.locator(".artifact-pile li").count() <= 15
    assert page.locator("#hand").count() == 1
    assert page.locator(".siege-status .phases, .siege-status .fact").count() > 0


def help_keys_known(page: Any, server: Server, *, hover: bool = False) -> None:
    """Every glossary key the table tags is in the game's glossary; with `hover`, hovering a
    minion's race shows that race's entry."""
    glossary_keys_used(page, server.url, "siege-of-olympus", ".siege")
    if not hover:
        return
    page.wait_for_function("() => document.documentElement.dataset.helpReady")
    race = page.locator(".siege .card .race-label:visible").first
    race.hover()
    page.wait_for_selector("#help-tip:not([hidden])")
    assert page.get_attribute("#help-tip", "data-for") == race.get_attribute("data-help")
    page.mouse.move(0, 0)


def aim_and_put_back(page: Any) -> None:
    """Picking an attacker highlights its targets; a click on the status bar puts it back."""
    assert page.locator(".siege .card.target, .siege .commander.target").count() > 0
    picked = page.get_attribute(".siege", "data-picked")
    assert picked and page.locator(f".siege .card.picked[data-card='{picked}']").count() == 1
    before = moves(page)
    page.click(".siege-status .label >> nth=0")
    page.wait_for_function("() => !document.querySelector('.siege.aiming')")
    assert moves(page) == before
    assert page.locator(".siege .card.target").count() == 0


def can_picture(page: Any) -> bool:
    """An attacker picked with its targets lit, the hand not pinned (a pinned hand would float
    over the middle of a whole-table picture), the bar's drawer closed."""
    return (
        aiming(page)
        and page.get_attribute("#hand", "data-pinned") == "false"
        and page.locator("#actions .drawer").is_hidden()
    )


def worth_a_picture(page: Any) -> bool:
    """A picture as above with minions on both sides, four or more in all."""
    sides = in_play(page)
    return can_picture(page) and min(sides) >= 1 and sum(sides) >= 4


def picture(page: Any) -> None:
    """The whole table in one window as tall as the page, its action bar at the bottom."""
    height = int(page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": DESKTOP["width"], "height": min(height, 2200)})
    page.wait_for_timeout(200)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir() / "siege-of-olympus-table.png"))
    page.set_viewport_size(DESKTOP)


def on_a_phone(page: Any) -> None:
    """The same table on a phone: it must not scroll sideways."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    no_horizontal_scroll(page)
    page.screenshot(path=str(screenshot_dir() / "siege-of-olympus-phone.png"))
    page.set_viewport_size(DESKTOP)
    assert aiming(page), "the picked attacker was lost on resizing"


@pytest.mark.browser
def test_siege_of_olympus_played_by_clicking_to_its_end(page: Any, server: Server) -> None:
    create_in_lobby(
        page,
        server.url,
        "siege-of-olympus",
        ["human", "greedy"],
        options={"first": "0", "turn_limit": str(TURN_LIMIT)},
        seed=3,
    )
    page.click("#play")
    page.wait_for_selector(".siege")
    assert wait_table(page, timeout=60_000) == "turn"
    zones_drawn(page)
    no_horizontal_scroll(page)
    help_keys_known(page, server, hover=True)

    clicks: Counter[str] = Counter()
    # the picture: the first good moment, replaced by one of the Attack phase (enemy minions
    # lit as targets) if one comes; the opponent's AI plays differently from run to run, so a
    # plainer aiming moment is taken first in case no good one comes
    shot = attack_shot = put_back = False
    assert prisoners(page) == 0  # the set-up: hands first, Tartarus once both are kept
    first_turn = True
    for _ in range(MAX_CLICKS):
        state = wait_table(page, timeout=60_000)
        if state == "over":
            break
        if first_turn and page.get_attribute(".siege", "data-phase") == "deploy":
            assert prisoners(page) == 6
            first_turn = False
        step = siege_step(page)
        clicks[step] += 1
        if (
            step == "pick"
            and not attack_shot
            and (worth_a_picture(page) or (not shot and can_picture(page)))
        ):
            zones_drawn(page)
            help_keys_known(page, server)
            if not shot:
                on_a_phone(page)
            attack_shot = page.locator(".side-top .card.target").count() > 0
            picture(page)
            shot = True
        elif step == "pick" and not put_back:
            aim_and_put_back(page)
            put_back = True
    else:
        pytest.fail(f"the game did not end in {MAX_CLICKS} clicks: {dict(clicks)}")

    # the end screen, with the table still drawn behind it
    assert page.locator("#outcome").is_visible()
    assert page.locator("#outcome-headline").text_content() in ("You won", "You lost", "Draw")
    assert page.get_attribute(".siege", "data-phase") == "over"
    assert page.locator(".siege .commander").count() == 2
    # every way of acting was used: cards, attacks picked then sent, and the action bar
    assert clicks["card"] > 0 and clicks["pick"] > 0 and clicks["attack"] > 0, clicks
    assert clicks["button"] > 0, clicks
    assert put_back and shot and not first_turn, (put_back, shot, first_turn)
    assert page.locator("#log > li").count() > 0
    if os.environ.get("BELLICA_DOCS_IMAGES") == "1":  # refreshes the README's picture
        shutil.copyfile(screenshot_dir() / "siege-of-olympus-table.png", DOCS_IMAGE)

"""Bellum Magia in the browser: you and two Greedy lords, a whole game played by clicking."""

from __future__ import annotations

import os
import shutil
import urllib.request
from collections import Counter
from typing import Any

import pytest
from browser_play import counts, create_in_lobby, first_found, glossary_keys_used, moves, wait_table
from browser_server import REPO, Server, screenshot_dir

from bellica.core.record import Record

MAX_CLICKS = 700
DAY_LIMIT = 8  # the house rule ends a long game after that day's attacks
SEED = 1
RECRUITS_A_DAY = 2  # then the lord stops recruiting for the day
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 950}
DOCS_IMAGE = REPO / "docs" / "images" / "web-bellum-magia.png"

# What a click did: a chooser opened or the position changed.
AFTER_CLICK = """(before) => document.querySelector("#chooser") ? "chooser"
  : Number(document.querySelector("#table").dataset.moves) !== before ? "moved" : false"""

# Every chest drawn on the lords' castles: its token, what it shows and its attributes.
CHESTS = """() => [...document.querySelectorAll(".magia .castle[data-seat]")].map((castle) => ({
  seat: Number(castle.dataset.seat),
  chests: [...castle.querySelectorAll(".chest")].map((chest) => ({
    token: chest.dataset.chest,
    shown: chest.querySelector(".chest-value").textContent,
    known: chest.dataset.known,
    attributes: [...chest.attributes].map((a) => [a.name, a.value]),
  })),
}))"""


def click(page: Any, target: Any, choice: str | None = None) -> str:
    """Clicks a piece or a button; in a chooser, the choice whose kind is `choice` (else the
    first). Answers "moved" once the server's new view is drawn."""
    before = moves(page)
    target.click()
    what = str(page.wait_for_function(AFTER_CLICK, arg=before).json_value())
    if what == "chooser":
        choices = page.locator("#chooser .choice:not(.cancel)")
        wanted = page.locator(f"#chooser .choice[data-kind='{choice}']") if choice else choices
        (wanted if wanted.count() else choices).first.click()
        what = str(page.wait_for_function(AFTER_CLICK, arg=before).json_value())
    assert what == "moved", what
    return what


def bar_button(page: Any, kind: str) -> Any | None:
    button = page.locator(f"#actions button.action.main[data-kind='{kind}']")
    return button.first if button.count() else None


def magia_step(page: Any, clicks: Counter[str]) -> str:
    """One click, as a lord who takes what the table offers: a castle, then each Goblin (the
    first under the left, the second under the right); the roll kept (a Barrel spent the first
    time one can be); a chest to steal; another lord's castle to attack; a Place to raid (the
    kingdom before the Tavern); a creature to recruit (left and right in turn, two a day, then
    done); else the action bar."""
    pieces = [
        ("castle", ".magia .decision .castle-card.actionable", None),
        (
            "goblin",
            ".magia .decision .creature.actionable",
            "left" if clicks["goblin"] % 2 == 0 else "right",
        ),
        ("steal", ".magia .chest.actionable", None),
        ("attack", ".magia .rivals .castle.actionable", None),
        ("raid", ".magia .places .card.place:not(.place-tavern).actionable", None),
        ("raid", ".magia .places .card.place-tavern.actionable", None),
        (
            "recruit",
            ".magia .market .card.creature.actionable",
            "recruit_left" if clicks["recruit"] % 2 == 0 else "recruit_right",
        ),
    ]
    day = page.get_attribute(".magia", "data-day")
    done = bar_button(page, "done")
    if done is not None and clicks[f"recruit on day {day}"] >= RECRUITS_A_DAY:
        click(page, done)
        return "done"
    index = first_found(page, [selector for _, selector, _ in pieces])
    if index is not None:
        what, selector, choice = pieces[index]
        click(page, page.locator(selector).first, choice)
        if what == "recruit":
            clicks[f"recruit on day {day}"] += 1
        return what
    barrel = bar_button(page, "barrel")
    if barrel is not None and not clicks["barrel"]:
        click(page, barrel)
        return "barrel"
    for kind in ("keep", "pass", "done"):
        button = bar_button(page, kind)
        if button is not None:
            click(page, button)
            return kind
    pytest.fail(f"nothing to click: {page.locator('#actions').inner_text()}")


def no_horizontal_scroll(page: Any) -> None:
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"


ZONES = {
    "castles": ".magia .castle",
    "rivals": ".magia .rivals .castle-compact",
    "yours": ".magia > .castle-large.yours",
    "horde lines": ".magia .castle .lines tbody tr.line",
    "tavern": ".magia .places .place-tavern",
    "creature slots": ".magia .market .slot",
    "chest piles": ".magia .treasury .chest-pile",
    "reserve": ".magia .treasury .reserve .resource",
}
ZONES_DRAWN = {
    "castles": 3,
    "rivals": 2,
    "yours": 1,
    "horde lines": 18,
    "tavern": 1,
    "creature slots": 4,
    "chest piles": 3,
    "reserve": 3,
}


def zones_drawn(page: Any) -> None:
    """Three castles (yours large at the bottom), six horde lines each, the kingdom with the
    Tavern, the four creature slots under their piles, the chest piles and the reserve."""
    drawn = counts(page, ZONES)
    assert drawn == ZONES_DRAWN, drawn
    die = page.get_attribute(".magia", "data-die")
    faces = page.evaluate(
        """() => [...document.querySelectorAll(".magia .castle .lines tr.line.active")]
             .map((line) => line.dataset.face)"""
    )
    assert faces == ([die] * 3 if die else []), (die, faces)


def help_keys_known(page: Any, server: Server, *, hover: bool = False) -> None:
    """Every glossary key the table tags is in the game's glossary; with `hover`, hovering a
    horde value's picture shows that value's entry."""
    glossary_keys_used(page, server.url, "bellum-magia", ".magia")
    if not hover:
        return
    page.wait_for_function("() => document.documentElement.dataset.helpReady")
    head = page.locator(".magia .rivals .lines .value-head[data-help='thieves']").first
    head.hover()
    page.wait_for_selector("#help-tip:not([hidden])")
    assert page.get_attribute("#help-tip", "data-for") == "thieves"
    page.mouse.move(0, 0)


def worth_a_picture(page: Any) -> bool:
    """The attack phase on your turn with something to raid, chests on the table and creatures
    under your castle, the bar's drawer closed."""
    if page.get_attribute(".magia", "data-phase") != "attack":
        return False
    found = counts(
        page,
        {
            "raids": ".magia .places .card.actionable",
            "chests": ".magia .rivals .chest",
            "under": ".magia .castle-large .under-card",
        },
    )
    return bool(
        found["raids"] > 0
        and found["chests"] >= 2
        and found["under"] >= 3
        and page.locator("#actions .drawer").is_hidden()
    )


def picture(page: Any) -> None:
    """The whole table in one window as tall as the page, its action bar at the bottom."""
    height = int(page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": DESKTOP["width"], "height": min(height, 2400)})
    page.wait_for_timeout(200)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir() / "bellum-magia-table.png"))
    page.set_viewport_size(DESKTOP)


def on_a_phone(page: Any) -> None:
    """The same table on a phone: it must not scroll sideways, and no castle is cut off."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    no_horizontal_scroll(page)
    clipped = page.evaluate(
        """() => [...document.querySelectorAll(".magia .castle, .magia .card")]
             .filter((node) => node.getBoundingClientRect().right
                               > document.documentElement.clientWidth + 0.5)
             .map((node) => node.dataset.card || node.className)"""
    )
    assert not clipped, clipped
    page.screenshot(path=str(screenshot_dir() / "bellum-magia-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def chests_as_shown(
    record: Record, snapshots: list[tuple[int, list[dict[str, Any]]]]
) -> Counter[str]:
    """Replays the game and checks each snapshot of the chests drawn on every castle against
    what each lord sees of its own: yours show their true values; another lord's chest that
    was never yours shows "?" and carries its value in no attribute; one that was yours once
    shows its true value. Counts the chests checked of each sort."""
    game = record.config.load()
    state = game.new_game(seed=record.seed)
    done = 0
    ever_mine: set[str] = set()  # the chests you held at some point: you know their values
    checked: Counter[str] = Counter()
    for at, castles in snapshots:
        while done < at:
            state.apply(game.action_from_json(record.actions[done]))
            ever_mine |= {c["chest"] for c in state.observation(0)["lords"][0]["chests"]}
            done += 1
        for castle in castles:
            seat = castle["seat"]
            theirs = state.observation(seat)["lords"][seat]["chests"]
            truth = {c["chest"]: c["value"] for c in theirs}
            assert [c["token"] for c in castle["chests"]] == list(truth), (at, seat)
            for chest in castle["chests"]:
                token, value = chest["token"], truth[chest["token"]]
                attributes = dict(chest["attributes"])
                if token not in ever_mine:
                    assert seat != 0, (at, chest)
                    assert chest["shown"] == "?" and chest["known"] == "false", (at, chest)
                    assert "data-value" not in attributes, (at, chest)
                    assert "value unknown" in attributes["title"], (at, chest)
                    assert f"value {value}" not in attributes["title"], (at, chest)
                    checked["hidden"] += 1
                else:
                    assert chest["shown"] == str(value) and chest["known"] == "true", (at, chest)
                    checked["yours" if seat == 0 else "known"] += 1
    return checked


@pytest.mark.browser
def test_bellum_magia_played_by_clicking_to_its_end(page: Any, server: Server) -> None:
    console_errors: list[str] = []
    page.on(
        "console",
        lambda message: console_errors.append(message.text) if message.type == "error" else None,
    )
    game_id = create_in_lobby(
        page,
        server.url,
        "bellum-magia",
        ["human", "greedy", "greedy"],
        options={"first": "0", "day_limit": str(DAY_LIMIT)},
        seed=SEED,
    )
    page.click("#play")
    page.wait_for_selector(".magia")
    assert wait_table(page, timeout=60_000) == "turn"
    no_horizontal_scroll(page)

    clicks: Counter[str] = Counter()
    snapshots: list[tuple[int, list[dict[str, Any]]]] = []
    # the picture: the first good moment, replaced by one where another lord's castle can be
    # attacked (lit red) if one comes
    shot = attack_shot = helped = False
    for _ in range(MAX_CLICKS):
        state = wait_table(page, timeout=60_000)
        if state == "over":
            break
        if page.locator(".magia .castle .lines").count() == 3:
            zones_drawn(page)
            if not helped:
                help_keys_known(page, server, hover=True)
                helped = True
        snapshots.append((moves(page), page.evaluate(CHESTS)))
        if not attack_shot and worth_a_picture(page):
            help_keys_known(page, server)
            if not shot:
                on_a_phone(page)
            attack_shot = page.locator(".magia .rivals .castle.target").count() > 0
            picture(page)
            shot = True
        clicks[magia_step(page, clicks)] += 1
    else:
        pytest.fail(f"the game did not end in {MAX_CLICKS} clicks: {dict(clicks)}")

    # the end screen, with the table still drawn behind it
    assert page.locator("#outcome").is_visible()
    assert page.locator("#outcome-headline").text_content() in ("You won", "You lost", "Draw")
    assert page.get_attribute(".magia", "data-phase") == "over"
    assert page.locator(".magia .castle").count() == 3
    assert page.locator(".magia-status").inner_text().count("Result") == 1
    # each lord's wealth as the outcome scores it, and the richest marked
    wealth = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll(".magia .castle[data-seat]")]
             .map((castle) => [castle.dataset.seat,
                               Number(castle.querySelector(".final-wealth").dataset.wealth)]))"""
    )
    scores = page.request.get(f"{server.url}/api/games/{game_id}").json()["outcome"]["scores"]
    assert wealth == {str(seat): score for seat, score in enumerate(scores)}, (wealth, scores)
    assert page.locator(".magia .castle .badge-winner").count() >= 1
    page.screenshot(path=str(screenshot_dir() / "bellum-magia-end.png"), full_page=True)
    # the lord raided, recruited on both sides, kept rolls and ended phases from the bar
    assert clicks["goblin"] == 2 and clicks["raid"] > 0 and clicks["recruit"] >= 2, clicks
    assert clicks["keep"] > 0 and clicks["done"] > 0, clicks
    assert shot and helped, (shot, helped)
    assert not console_errors, console_errors

    # nobody's chest value was ever drawn where this lord may not know it
    with urllib.request.urlopen(f"{server.url}/api/games/{game_id}/record", timeout=10) as answer:
        record = Record.loads(answer.read())
    checked = chests_as_shown(record, snapshots)
    assert checked["hidden"] > 0 and checked["yours"] > 0, checked
    # the replay draws the same table with this plug-in, here halfway through the game
    page.click("#replay-link")
    page.wait_for_selector(".magia .castle")
    page.locator("#replay-slider").fill(str(len(record.actions) // 2))
    page.wait_for_function(
        "(m) => document.querySelector('#replay')?.dataset.move === String(m)",
        arg=len(record.actions) // 2,
    )
    assert page.locator(".magia .castle").count() == 3
    page.screenshot(path=str(screenshot_dir() / "bellum-magia-replay.png"), full_page=True)
    assert not console_errors, console_errors
    if os.environ.get("BELLICA_DOCS_IMAGES") == "1":  # refreshes the docs' picture
        shutil.copyfile(screenshot_dir() / "bellum-magia-table.png", DOCS_IMAGE)

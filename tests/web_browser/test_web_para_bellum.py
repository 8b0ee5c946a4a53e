"""Para Bellum in the browser: a whole game against Greedy played by clicking, and a four-player
table where your teammate's hand shows and the opponents' never do."""

from __future__ import annotations

import os
import shutil
import urllib.request
from collections import Counter
from typing import Any

import pytest
from browser_play import counts, create_in_lobby, first_found, glossary_keys_used, moves, wait_table
from browser_server import REPO, Server, screenshot_dir

from bellica.core import SPECTATOR
from bellica.core.record import Record

MAX_CLICKS = 900
ROUND_LIMIT = 6  # the house rule scores the game after that round
FOUR_ROUND_LIMIT = 2
SEED = 1
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 950}
DOCS_IMAGE = REPO / "docs" / "images" / "web-para-bellum.png"

CLIPPED = """() => [...document.querySelectorAll(
    ".para-bellum .general, .para-bellum .card, .para-bellum .cell")]
  .filter((node) => node.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .map((node) => node.dataset.card || node.dataset.cell || node.className)"""
FINAL_SCORES = """() => Object.fromEntries(
  [...document.querySelectorAll(".para-bellum .general[data-seat]")].map((general) =>
    [general.dataset.seat, Number(general.querySelector(".final-score").dataset.score)]))"""

# What a click did: a chooser opened or the position changed.
AFTER_CLICK = """(before) => document.querySelector("#chooser") ? "chooser"
  : Number(document.querySelector("#table").dataset.moves) !== before ? "moved" : false"""

# Every card token the page names: data attributes and "(012)" in any title or text.
PAGE_CARDS = """() => {
  const tokens = new Set([...document.querySelectorAll("[data-card]")].map((n) => n.dataset.card));
  const html = document.body.innerHTML;
  for (const m of html.matchAll(/\\((\\d{3}[a-z]?)\\)/g)) tokens.add(m[1]);
  return [...tokens];
}"""


def click(page: Any, target: Any, choice: str | None = None) -> None:
    """Clicks a piece or a button; in a chooser, the choice whose kind is `choice` (else the
    first). Returns once the server's new view is drawn."""
    before = moves(page)
    target.click()
    what = str(page.wait_for_function(AFTER_CLICK, arg=before).json_value())
    if what == "chooser":
        choices = page.locator("#chooser .choice:not(.cancel)")
        wanted = page.locator(f"#chooser .choice[data-kind='{choice}']") if choice else choices
        (wanted if wanted.count() else choices).first.click()
        what = str(page.wait_for_function(AFTER_CLICK, arg=before).json_value())
    assert what == "moved", what


def bar_buttons(page: Any) -> dict[str, Any]:
    """The action bar's main buttons by kind (the first of each kind)."""
    found: dict[str, Any] = {}
    buttons = page.locator("#actions button.action.main")
    for i in range(buttons.count()):
        button = buttons.nth(i)
        kind = str(button.get_attribute("data-kind"))
        found.setdefault(kind, button)
    return found


def pb_step(page: Any, clicks: Counter[str]) -> str:
    """One click, as a general who takes what the table offers: a lit cell (beside a card if
    it can) once a hand card is picked (else the first Army card that can be placed is
    picked); a card offered by the decision; an objective to put back; a Battle Line card; a
    Battle Bonus; a die to choose or pay with; an Order to play once a round; else the action
    bar (an Order's first option, a payment, Muster once a round, then the end of the Action
    phase)."""
    turn = page.get_attribute(".para-bellum", "data-round")
    lit = page.locator(".para-bellum .general-large .cell.target")
    if lit.count():
        # beside a card of the army when it can (Legions grow sideways), else anywhere lit
        beside = page.locator(".para-bellum .general-large .cell.target[data-beside='true']")
        click(page, (beside if beside.count() else lit).first)
        return "place"
    placeable = page.locator(".para-bellum .your-hand .hand-card.actionable:not([data-places='0'])")
    if placeable.count():
        placeable.first.click()
        page.wait_for_selector(".para-bellum .general-large .cell.target")
        return "pick"
    pieces = [
        ("offered", ".para-bellum .decision .offered-card.actionable", None),
        ("objective", ".para-bellum .general-large .objective-chip.actionable", None),
        ("take", ".para-bellum .battle-line .card.actionable", None),
        ("bonus", ".para-bellum .bonus.actionable", None),
        ("die", ".para-bellum .general-large .pb-die.actionable", None),
        (
            "discard",
            ".para-bellum:has(.decision[data-kind='discard']) .your-hand .actionable",
            "discard",
        ),
    ]
    index = first_found(page, [selector for _, selector, _ in pieces])
    if index is not None:
        what, selector, choice = pieces[index]
        click(page, page.locator(selector).first, choice)
        return what
    bar = bar_buttons(page)
    play = page.locator(".para-bellum .your-hand .command-hand .card.actionable")
    if play.count() and not clicks[f"play in round {turn}"]:
        clicks[f"play in round {turn}"] += 1
        click(page, play.first)
        return "play"
    for kind in ("option_1", "option_2"):
        if kind in bar:
            click(page, bar[kind])
            return "option"
    pays = [k for k in bar if k.startswith("pay_")]
    if pays:
        click(page, bar[pays[0]])
        return "pay"
    if "muster" in bar and not clicks[f"muster in round {turn}"]:
        clicks[f"muster in round {turn}"] += 1
        click(page, bar["muster"])
        return "muster"
    for kind in ("end_actions", "skip", "both"):
        if kind in bar:
            click(page, bar[kind])
            return kind
    if bar:
        kind, button = next(iter(bar.items()))
        click(page, button)
        return kind
    # every choice is in the drawer: its first group's first action
    page.click("#actions button.more")
    group = page.locator("#actions details.group").first
    if not group.evaluate("node => node.open"):
        group.locator("summary").click()
    click(page, group.locator("button.action").first)
    return "drawer"


def no_horizontal_scroll(page: Any) -> None:
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"


def zones_drawn(page: Any, players: int) -> None:
    """Every general's army (yours large at the bottom, 4 rows of cells each), the Starting
    card with the blue General die on it, the Battle Line, the Event and Battle panel with the
    Battle card's five bonuses."""
    drawn = counts(
        page,
        {
            "generals": ".para-bellum .general",
            "rivals": ".para-bellum .rivals .general-compact",
            "yours": ".para-bellum > .general-large.yours",
            "cells": ".para-bellum .general-large .army .cell",
            "starting": ".para-bellum .army-card.starting",
            "general dice": ".para-bellum .army-card.starting .pb-die.die-general",
            "battle line": ".para-bellum .battle-line",
            "bonuses": ".para-bellum .battle .bonus",
        },
    )
    assert drawn.pop("cells") >= 4 * 9 - 8, drawn
    assert drawn == {
        "generals": players,
        "rivals": players - 1,
        "yours": 1,
        "starting": players,
        "general dice": players,
        "battle line": 1,
        "bonuses": 5,
    }, drawn


def help_keys_known(page: Any, server: Server) -> None:
    """Every glossary key the table tags is in the game's glossary."""
    glossary_keys_used(page, server.url, "para-bellum", ".para-bellum")


def worth_a_picture(page: Any) -> bool:
    """Your Army phase with a card picked and its cells lit, armies of a few cards with
    Centurion dice on them."""
    return bool(
        page.locator(".para-bellum .general-large .cell.target").count() > 0
        and page.locator(".para-bellum .general-large .army-card").count() >= 4
        and page.locator(".para-bellum .rivals .army-card").count() >= 4
        and page.locator(".para-bellum .pb-die.die-red").count() >= 2
    )


def picture(page: Any) -> None:
    """The whole table in one window as tall as the page, its action bar at the bottom (the
    drawer of the places to play closed: the lit cells show them)."""
    if page.locator("#actions .drawer").is_visible():
        page.click("#actions button.more")
    height = int(page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": DESKTOP["width"], "height": min(height, 2400)})
    page.wait_for_timeout(300)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir() / "para-bellum-table.png"))
    page.set_viewport_size(DESKTOP)


def on_a_phone(page: Any) -> None:
    """The same table on a phone: it must not scroll sideways, and no card is cut off."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    no_horizontal_scroll(page)
    clipped = page.evaluate(CLIPPED)
    assert not clipped, clipped
    lit = page.locator(".para-bellum .general-large .cell.target")
    if lit.count():  # a lit cell is big enough for a finger
        box = lit.first.bounding_box()
        assert box and box["width"] >= 30 and box["height"] >= 20, box
    page.screenshot(path=str(screenshot_dir() / "para-bellum-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def hidden_hands_never_drawn(
    record: Record, snapshots: list[tuple[int, list[str]]], seat: int
) -> Counter[str]:
    """Replays the game and checks each snapshot of the card tokens on the page against the
    hands of the players `seat` may not look at: none of their cards was drawn, but for those
    everybody saw them take. Counts the hidden cards checked and the hands looked at."""
    game = record.config.load()
    state = game.new_game(seed=record.seed)
    done = 0
    checked: Counter[str] = Counter()
    for at, tokens in snapshots:
        while done < at:
            state.apply(game.action_from_json(record.actions[done]))
            done += 1
        mine = state.observation(seat)["players_view"]
        page = set(tokens)
        for other in state.observation(SPECTATOR)["players_view"]:
            side = other["seat"]
            if mine[side]["hand"] is not None:  # yours, or a teammate's
                checked["seen hands"] += 1
                assert {c["card"] for c in mine[side]["hand"]} <= page, (at, side)
                continue
            truth = state.observation(side)["players_view"][side]
            known = {c["card"] for c in truth["known"]}
            hidden = {c["card"] for c in truth["hand"]} - known
            assert not hidden & page, (at, side, sorted(hidden & page))
            checked["hidden cards"] += len(hidden)
    return checked


def play_to_the_end(
    page: Any, seat_count: int, *, pictures: bool = False
) -> tuple[Counter[str], list[tuple[int, list[str]]]]:
    """Clicks until the result shows; a snapshot of the page's card tokens before each click."""
    clicks: Counter[str] = Counter()
    snapshots: list[tuple[int, list[str]]] = []
    shot = False
    for _ in range(MAX_CLICKS):
        state = wait_table(page, timeout=60_000)
        if state == "over":
            break
        zones_drawn(page, seat_count)
        snapshots.append((moves(page), page.evaluate(PAGE_CARDS)))
        # the picture: the last good moment (the armies at their largest), the phone the first
        if pictures and worth_a_picture(page):
            if not shot:
                on_a_phone(page)
            picture(page)
            shot = True
        clicks[pb_step(page, clicks)] += 1
    else:
        pytest.fail(f"the game did not end in {MAX_CLICKS} clicks: {dict(clicks)}")
    if pictures:
        assert shot, "no moment worth a picture came"
    return clicks, snapshots


def record_of(server: Server, game_id: str) -> Record:
    with urllib.request.urlopen(f"{server.url}/api/games/{game_id}/record", timeout=10) as answer:
        return Record.loads(answer.read())


@pytest.mark.browser
def test_para_bellum_played_by_clicking_to_its_end(page: Any, server: Server) -> None:
    console_errors: list[str] = []
    page.on(
        "console",
        lambda message: console_errors.append(message.text) if message.type == "error" else None,
    )
    game_id = create_in_lobby(
        page,
        server.url,
        "para-bellum",
        ["human", "greedy"],
        options={"first": "0", "round_limit": str(ROUND_LIMIT)},
        seed=SEED,
    )
    page.click("#play")
    page.wait_for_selector(".para-bellum")
    assert wait_table(page, timeout=60_000) == "turn"
    no_horizontal_scroll(page)
    help_keys_known(page, server)

    clicks, snapshots = play_to_the_end(page, 2, pictures=True)

    # the end screen, with the table still drawn behind it
    assert page.locator("#outcome").is_visible()
    assert page.locator("#outcome-headline").text_content() in ("You won", "You lost", "Draw")
    assert page.get_attribute(".para-bellum", "data-phase") == "over"
    scores = page.request.get(f"{server.url}/api/games/{game_id}").json()["outcome"]["scores"]
    shown = page.evaluate(FINAL_SCORES)
    assert shown == {str(seat): score for seat, score in enumerate(scores)}, (shown, scores)
    help_keys_known(page, server)
    page.screenshot(path=str(screenshot_dir() / "para-bellum-end.png"), full_page=True)
    # the general placed cards by picking them and clicking a lit cell, took from the Battle
    # Line and ended Action phases from the bar
    assert clicks["pick"] > 0 and clicks["place"] > 0, clicks
    assert clicks["end_actions"] > 0, clicks
    assert not console_errors, console_errors

    record = record_of(server, game_id)
    checked = hidden_hands_never_drawn(record, snapshots, 0)
    assert checked["hidden cards"] > 0 and checked["seen hands"] > 0, checked
    # the replay draws the same table with this plug-in, here halfway through the game
    page.click("#replay-link")
    page.wait_for_selector(".para-bellum .general")
    half = len(record.actions) // 2
    page.locator("#replay-slider").fill(str(half))
    page.wait_for_function(
        "(m) => document.querySelector('#replay')?.dataset.move === String(m)", arg=half
    )
    assert page.locator(".para-bellum .general").count() == 2
    page.screenshot(path=str(screenshot_dir() / "para-bellum-replay.png"), full_page=True)
    assert not console_errors, console_errors
    if os.environ.get("BELLICA_DOCS_IMAGES") == "1":  # refreshes the docs' picture
        shutil.copyfile(screenshot_dir() / "para-bellum-table.png", DOCS_IMAGE)


@pytest.mark.browser
def test_para_bellum_four_players_show_a_teammates_hand_only(page: Any, server: Server) -> None:
    game_id = create_in_lobby(
        page,
        server.url,
        "para-bellum",
        ["human", "greedy", "greedy", "greedy"],
        options={"first": "0", "round_limit": str(FOUR_ROUND_LIMIT)},
        seed=SEED,
    )
    page.click("#play")
    page.wait_for_selector(".para-bellum")
    assert wait_table(page, timeout=60_000) == "turn"
    # seats 0 and 2 play together: the teammate's hand is drawn, marked as theirs
    assert (
        page.locator(".para-bellum .general[data-relation='teammate']").get_attribute("data-seat")
        == "2"
    )
    mate = page.locator(".para-bellum .general[data-seat='2'] .teammate-hand")
    assert mate.count() == 1
    count = int(str(mate.get_attribute("data-count")))
    drawn = mate.locator(".hand-card, .card").count()
    assert count > 0 and drawn == count, (count, drawn)
    assert mate.locator(".actionable").count() == 0
    for seat in ("1", "3"):
        rival = page.locator(f".para-bellum .general[data-seat='{seat}']")
        assert rival.get_attribute("data-relation") == "opponent"
        assert rival.locator(".your-hand, .teammate-hand").count() == 0
    assert page.locator(".para-bellum .alliances .team").count() == 2
    assert page.locator(".para-bellum .alliances .track").count() == 4
    help_keys_known(page, server)
    page.screenshot(path=str(screenshot_dir() / "para-bellum-four.png"), full_page=True)

    _, snapshots = play_to_the_end(page, 4)
    record = record_of(server, game_id)
    checked = hidden_hands_never_drawn(record, snapshots, 0)
    assert checked["hidden cards"] > 0 and checked["seen hands"] > 0, checked

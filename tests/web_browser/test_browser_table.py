"""The table's framework in the browser: plug-ins, icons, the action bar, names, clock, layout."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_play import click_and_wait, first_action, imperio_step, moves, wait_table
from browser_server import Server, screenshot_dir

HUMAN = {"kind": "human"}
RANDOM = {"kind": "ai", "agent": "random"}
TABLES = {
    "imperio-bellum": {
        "game": "imperio-bellum",
        "options": {"attacker": "0", "turn_limit": "3"},
        "seats": [HUMAN, {"kind": "ai", "agent": "greedy"}],
        "seed": 3,
    },
    "bellum": {"game": "bellum", "options": {"first": "0"}, "seats": [HUMAN, RANDOM], "seed": 5},
    "bellum-teams": {
        "game": "bellum",
        "variant": "teams",
        "players": 4,
        "seats": [HUMAN, RANDOM, RANDOM, RANDOM],
        "seed": 2,
    },
    "bellum-solo": {"game": "bellum", "variant": "solo-troy", "players": 1, "seats": [HUMAN]},
}
SIZES = [(1400, 950), (1024, 700), (390, 844)]
# symbols that Debian's Chromium fonts draw as empty boxes or bare dots: icons replace them
FONT_SYMBOLS = ["⛨", "⚔", "✹", "◆", "·</span>"]

IN_SIGHT = """(selector) => [...document.querySelectorAll(selector)].every((node) => {
  const box = node.getBoundingClientRect();
  if (box.bottom > innerHeight || box.top < 0) return false;
  if (box.right > innerWidth || box.left < 0) return false;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit === node || node.contains(hit);
})"""


def open_seat(page: Any, server: Server, body: dict[str, Any]) -> str:
    answer = server.create_game(body)
    page.goto(server.url + answer["seats"][0]["link"])
    assert wait_table(page, timeout=60_000) == "turn"
    return str(answer["game"]["id"])


def check_layout(page: Any, name: str, width: int, height: int) -> None:
    """What must be clicked is in sight and uncovered; the page never scrolls sideways."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(150)  # the bar's height is measured after a resize
    assert page.evaluate(IN_SIGHT, "#actions button.action.main, #actions button.more")
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth + 1"), (name, width)
    # scrolled to the end, the last thing on the table is above the action bar
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    gap = page.evaluate(
        """() => document.querySelector("#actions").getBoundingClientRect().top
             - document.querySelector("#table .layout").getBoundingClientRect().bottom"""
    )
    assert gap >= 0, (name, width, gap)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir() / f"table-{name}-{width}x{height}.png"))


@pytest.mark.browser
@pytest.mark.parametrize("name", list(TABLES))
def test_each_table_draws_with_its_plugin_icons_and_names(
    page: Any, server: Server, name: str
) -> None:
    body = TABLES[name]
    open_seat(page, server, body)
    game = body["game"]
    assert page.get_attribute("#table", "data-plugin") == game
    assert page.locator(f"link[data-plugin='{game}']").count() == 1
    html = page.inner_html("#table")
    assert not [symbol for symbol in FONT_SYMBOLS if symbol in html]
    # every icon loads (waited for: a busy machine may be slow; a missing file never loads)
    page.wait_for_function(
        """() => [...document.querySelectorAll("img.icon")].every(
             (img) => img.complete && img.naturalWidth > 0)"""
    )
    text = page.inner_text("#table")
    assert "Seat " not in text
    assert "AI: " not in text  # AI seats by a name, never their raw spec
    if any(seat.get("agent") == "random" for seat in body["seats"]):
        assert "AI · Random" in text
    for width, height in SIZES:
        check_layout(page, name, width, height)
    page.set_viewport_size({"width": 1400, "height": 950})


@pytest.mark.browser
def test_bellum_pins_the_hand_only_when_a_hand_card_is_the_decision(
    page: Any, server: Server
) -> None:
    open_seat(page, server, TABLES["bellum"])
    pinned_seen: set[bool] = set()
    for _ in range(40):
        if wait_table(page) != "turn":
            break
        # both read in one go, so a redraw between two reads cannot mix two tables
        usable, position = page.evaluate(
            """() => [
                 document.querySelectorAll('#hand .card.actionable').length > 0,
                 getComputedStyle(document.querySelector('#hand')).position,
               ]"""
        )
        assert (position == "sticky") == usable, (position, usable)
        pinned_seen.add(usable)
        if pinned_seen == {True, False}:
            break
        actionable = page.locator(".card.actionable:visible")
        target = actionable.first if actionable.count() else first_action(page)
        click_and_wait(page, target)  # a chooser that opens is answered, however late
    assert pinned_seen == {True, False}, pinned_seen


@pytest.mark.browser
def test_without_a_plugin_the_generic_tree_is_drawn_and_playable(page: Any, server: Server) -> None:
    page.route("**/static/js/games/imperio-bellum.js", lambda route: route.fulfill(status=404))
    open_seat(page, server, TABLES["imperio-bellum"])
    assert page.get_attribute("#table", "data-plugin") == "generic"
    assert page.locator("#observation").is_visible()
    assert page.locator("#board").count() == 0
    before = moves(page)
    first_action(page).click()
    page.wait_for_function(
        "(b) => Number(document.querySelector('#table').dataset.moves) > b", arg=before
    )


@pytest.mark.browser
def test_the_action_bar_keeps_the_step_ending_action_in_sight_and_works_by_keyboard(
    page: Any, server: Server
) -> None:
    open_seat(page, server, TABLES["imperio-bellum"])
    for _ in range(30):  # to the attacker's turn of play, where moves are many
        if page.locator("#actions button.action[data-kind='end_turn']").count():
            break
        imperio_step(page)
        assert wait_table(page) == "turn"
    end_turn = page.locator("#actions button.action.main[data-kind='end_turn']")
    assert end_turn.count() == 1
    assert page.evaluate(IN_SIGHT, "#actions button.action.main")
    grouped = page.locator("#actions details.group button.action").count()
    assert grouped > 5  # the rest is grouped by piece, out of the way
    assert page.locator("#actions .drawer").is_hidden()

    page.focus("#actions button.more")
    page.keyboard.press("Enter")
    assert page.locator("#actions .drawer").is_visible()
    assert page.locator("#actions details.group summary").count() > 1
    page.keyboard.press("Escape")
    assert page.locator("#actions .drawer").is_hidden()
    assert page.evaluate("document.activeElement.classList.contains('more')")

    page.keyboard.press("Shift+Tab")  # from the toggle back to the main button
    assert page.evaluate("document.activeElement.dataset.kind") == "end_turn"
    before = moves(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(b) => Number(document.querySelector('#table').dataset.moves) > b", arg=before
    )


@pytest.mark.browser
def test_the_clock_line_counts_moves_rounds_and_the_seconds_of_the_seat_to_move(
    page: Any, server: Server
) -> None:
    open_seat(page, server, TABLES["imperio-bellum"])
    clock = page.inner_text("#clock")
    assert f"Move {moves(page)}" in clock and " of 3" in clock.split("Round ", 1)[1]
    assert "The attacker:" in clock
    first = int(page.get_attribute("#clock .since", "data-seconds"))
    before = moves(page)
    page.wait_for_function(  # it ticks on its own while the position stands still
        """(first) =>
             Number(document.querySelector("#clock .since").dataset.seconds) >= first + 2""",
        arg=first,
        timeout=8_000,
    )
    assert moves(page) == before


def with_outcome(view: dict[str, Any], headline: str | None) -> dict[str, Any]:
    outcome = {"winners": [0], "scores": [1.0, 0.0], "reason": "all bases taken"}
    outcome["text"] = "The attacker wins: all bases taken"
    if headline:
        outcome["headline"] = headline
    return {**view, "outcome": outcome, "legal": [], "game": {**view["game"], "status": "over"}}


@pytest.mark.browser
@pytest.mark.parametrize("headline", ["You won", None])
def test_the_end_shows_the_seats_own_headline_else_the_text(
    page: Any, server: Server, headline: str | None
) -> None:
    """The server's views are given an outcome on their way in (HTTP and WebSocket)."""
    answer = server.create_game(TABLES["imperio-bellum"])

    def http(route: Any) -> None:
        fetched = route.fetch()
        route.fulfill(response=fetched, json=with_outcome(fetched.json(), headline))

    def live(socket: Any) -> None:
        upstream = socket.connect_to_server()

        def down(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "view":
                data = with_outcome(data, headline)
            socket.send(json.dumps(data))

        upstream.on_message(down)

    page.route(f"**/api/games/{answer['game']['id']}", http)
    page.route_web_socket("**/live", live)
    page.goto(server.url + answer["seats"][0]["link"])
    assert wait_table(page) == "over"
    expected = headline or "The attacker wins: all bases taken"
    assert page.inner_text("#outcome-headline") == expected
    assert "all bases taken" in page.inner_text("#outcome .outcome-text")
    assert page.inner_text("#turn") == "Game over"


ENTRY = {
    "move": 7,
    "seat": 0,
    "text": "Knight e4 → e5",
    "marks": ["e4"],
    "events": [
        "a plain sentence",
        {
            "kind": "combat",
            "text": "Knight e4 attacks pikeman e5",
            "marks": ["e5"],
            "dice": [
                {
                    "who": "knight",
                    "base": 3,
                    "modifiers": [["point-blank", -1], ["charge", 2]],
                    "count": 4,
                    "faces": [6, 1, 3, 5],
                    "total": 15,
                },
                {
                    "who": "pikeman",
                    "base": 2,
                    "modifiers": [["pikeman against a knight", 2], ["entrenched", 1]],
                    "count": 5,
                    "faces": [],
                    "total": 17,
                },
            ],
        },
    ],
}


@pytest.mark.browser
def test_the_kit_draws_log_entries_of_both_shapes_with_dice_and_marks_by_id(
    page: Any, server: Server
) -> None:
    page.goto(server.url + "/")
    result = page.evaluate(
        """async (entry) => {
          const { logEntry } = await import("/static/js/kit/log.js");
          const { markIds, lastTurnIds } = await import("/static/js/kit/marks.js");
          const list = document.createElement("ol");
          list.id = "kit-log";
          list.append(logEntry(entry, (seat) => ["the attacker", "the defender"][seat]));
          document.body.append(list);
          const board = document.createElement("div");
          for (const id of ["e4", "e5", "a1"]) {
            const square = document.createElement("div");
            square.dataset.mark = id;
            board.append(square);
          }
          document.body.append(board);
          const later = { move: 8, seat: 1, text: "Hold", marks: ["a1"], events: [] };
          return {
            marked: markIds(board, lastTurnIds([entry, later], 0)),
            ids: lastTurnIds([entry, later], 0),
            markedIds: [...board.querySelectorAll(".marked")].map((n) => n.dataset.mark),
          };
        }""",
        ENTRY,
    )
    # seat 0 sees seat 1's last turn (a1); a spectator sees the last mover's entries
    assert result == {"marked": 1, "ids": ["a1"], "markedIds": ["a1"]}
    log = page.locator("#kit-log")
    assert "The attacker: Knight e4 → e5" in log.inner_text()
    assert log.locator(".events > li").count() == 2
    assert log.locator(".roll").count() == 2
    knight = log.locator(".roll[data-who='knight']")
    assert knight.locator(".die img").count() == 4
    assert [img.get_attribute("src") for img in knight.locator(".die img").all()] == [
        f"/static/icons/die-{face}.svg" for face in (6, 1, 3, 5)
    ]
    assert "−1 point-blank" in knight.inner_text() and "+2 charge" in knight.inner_text()
    pikeman = log.locator(".roll[data-who='pikeman']").inner_text()
    assert "+2 pikeman against a knight" in pikeman and "+1 entrenched" in pikeman
    assert "5 dice" in pikeman and "= 17" in pikeman
    spectator = page.evaluate(
        """async (entries) =>
             (await import("/static/js/kit/marks.js")).lastTurnIds(entries, null)""",
        [ENTRY, {"move": 8, "seat": 1, "text": "Hold", "marks": ["a1"], "events": []}],
    )
    assert spectator == ["a1"]

"""Views from the live feed in the browser: a burst is drawn once, the newest view; a hidden tab
(which gets no animation frames) still follows the game."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from typing import Any

import pytest
from browser_play import moves
from browser_server import Server

HUMAN = {"kind": "human"}
# Imperio Bellum's set-up in one decision each: a formation, a reserve list, ready, no changes.
SETUP_KINDS = ("formation", "preset", "reserves_ready", "alterations_done")
BURST = 6  # moves made elsewhere while this page is too busy to draw

# Keeps the page's one thread busy until the game has `moves` moves, and a little longer for
# their views to arrive (synchronous requests: nothing else runs on the page meanwhile).
STALL = """({ url, moves }) => {
  const deadline = performance.now() + 20000;
  const made = () => {
    const request = new XMLHttpRequest();
    request.open("GET", url, false);
    request.send();
    return JSON.parse(request.responseText).game.moves;
  };
  while (made() < moves && performance.now() < deadline);
  const end = performance.now() + 300;
  while (performance.now() < end);
}"""

# Counts the views the WebSocket brings and the times the table's drawing is replaced (an
# init script: it runs before the page's own).
COUNT = """(() => {
  window.seen = { views: 0, draws: 0 };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (JSON.parse(event.data).type === "view") window.seen.views += 1;
      });
    }
  };
  new MutationObserver((records) => {
    window.seen.draws += records.filter(
      (record) => record.target.id === "drawing" && record.addedNodes.length).length;
  }).observe(document, { childList: true, subtree: true });
})();"""

# A tab in the background: hidden, and no animation frame ever comes.
HIDDEN = """(() => {
  Object.defineProperty(Document.prototype, "hidden", { get: () => true });
  window.requestAnimationFrame = () => 0;
})();"""


def post_json(url: str, body: dict[str, Any] | None, token: str) -> Any:
    request = urllib.request.Request(
        url,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def set_up_moves(server: Server, created: dict[str, Any], count: int, pause: float) -> int:
    """Makes `count` Imperio Bellum set-up decisions through the HTTP API, whichever seat is to
    move, `pause` seconds apart; answers the move count after them."""
    game_id = created["game"]["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    url = f"{server.url}/api/games/{game_id}"
    done = 0
    for _ in range(count):
        seat = post_json(url, None, tokens[0])["game"]["to_move"]
        mine = post_json(url, None, tokens[seat])
        legal = [entry["action"] for entry in mine["legal"]]
        pick = next(a for kind in SETUP_KINDS for a in legal if a["kind"] == kind)
        answer = post_json(
            url + "/actions", {"action": pick, "moves": mine["game"]["moves"]}, tokens[seat]
        )
        done = int(answer["game"]["moves"])
        time.sleep(pause)
    return done


def open_first_seat(page: Any, server: Server) -> dict[str, Any]:
    created: dict[str, Any] = server.create_game(
        {"game": "imperio-bellum", "seats": [HUMAN, HUMAN]}
    )
    page.add_init_script(COUNT)
    page.goto(server.url + created["seats"][0]["link"])
    page.wait_for_selector("#table:not([data-moves='']) #drawing .imperio")
    return created


@pytest.mark.browser
def test_a_burst_of_views_is_drawn_once_with_the_newest(page: Any, server: Server) -> None:
    created = open_first_seat(page, server)
    start = moves(page)
    before = page.evaluate("() => ({ ...window.seen })")
    # the moves are made elsewhere while the page is busy: their views queue up
    burst = threading.Thread(target=set_up_moves, args=(server, created, BURST, 0.05))
    burst.start()
    page.evaluate(
        STALL, {"url": f"{server.url}/api/games/{created['game']['id']}", "moves": start + BURST}
    )
    burst.join()
    page.wait_for_function(
        f"() => Number(document.querySelector('#table').dataset.moves) === {start + BURST}"
    )
    after = page.evaluate("() => ({ ...window.seen })")
    # one view a move, all queued behind the busy page, then the newest drawn: once, or
    # twice when the browser squeezes a frame in among the queued messages
    assert after["views"] - before["views"] == BURST, (before, after)
    assert after["draws"] - before["draws"] <= 2, (before, after)
    assert page.locator("#log li").count() == start + BURST


@pytest.mark.browser
def test_a_hidden_tab_still_draws_the_moves_made_elsewhere(page: Any, server: Server) -> None:
    page.add_init_script(HIDDEN)
    created = open_first_seat(page, server)
    start = moves(page)
    for step in range(1, 3):
        made = set_up_moves(server, created, 1, 0)
        assert made == start + step
        page.wait_for_function(
            f"() => Number(document.querySelector('#table').dataset.moves) === {made}",
            polling=100,  # Playwright's own polling waits for animation frames too
        )
    assert page.evaluate("() => window.seen.draws") >= 3  # the first view and both moves


LOG_SCROLL = """() => { const log = document.querySelector("#log");
  return { top: log.scrollTop, end: log.scrollHeight - log.clientHeight }; }"""


@pytest.mark.browser
def test_the_log_follows_the_game_unless_scrolled_back(page: Any, server: Server) -> None:
    page.set_viewport_size({"width": 1400, "height": 200})  # a short log: it scrolls
    created = open_first_seat(page, server)

    def after_moves(count: int) -> dict[str, int]:
        made = set_up_moves(server, created, count, 0)
        page.wait_for_function(
            f"() => Number(document.querySelector('#table').dataset.moves) === {made}"
        )
        return dict(page.evaluate(LOG_SCROLL))

    at = after_moves(5)
    assert at["end"] > 0 and at["top"] == at["end"], at  # scrolled to the newest entry
    page.evaluate("() => { document.querySelector('#log').scrollTop = 0; }")
    at = after_moves(1)
    assert at["top"] == 0 and at["end"] > 0, at  # the player's place kept
    page.evaluate(
        "() => { const log = document.querySelector('#log'); log.scrollTop = log.scrollHeight; }"
    )
    at = after_moves(1)
    assert at["top"] == at["end"], at  # back at the end: it follows again


# Animation frames a second and a half late: a view from the feed waits that long to be drawn.
SLOW_FRAMES = """(() => {
  window.requestAnimationFrame = (draw) => setTimeout(() => draw(performance.now()), 1500);
  window.freed = [];  // the move drawn each time the table takes clicks again
  new MutationObserver(() => {
    const table = document.querySelector("#table");
    if (table?.dataset.busy === "false" && window.wasBusy) window.freed.push(table.dataset.moves);
    window.wasBusy = table?.dataset.busy === "true";
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-busy"] });
})();"""


@pytest.mark.browser
def test_your_move_is_drawn_before_the_table_takes_clicks_again(page: Any, server: Server) -> None:
    """The feed may bring your move before the answer to your request does: the answer then
    draws it at once, not at the next frame, so no click can land on the table before it."""
    page.add_init_script(SLOW_FRAMES)
    created: dict[str, Any] = server.create_game(
        {"game": "imperio-bellum", "seats": [HUMAN, HUMAN]}
    )
    game_url = f"{server.url}/api/games/{created['game']['id']}"
    for _ in range(10):  # the other seat sets up first
        if post_json(game_url, None, created["seats"][0]["token"])["game"]["to_move"] == 0:
            break
        set_up_moves(server, created, 1, 0)
    page.goto(server.url + created["seats"][0]["link"])
    formation = page.locator("#actions button.action[data-kind='formation']").first
    formation.wait_for()
    start = moves(page)

    def answer_late(route: Any) -> None:
        response = route.fetch()
        time.sleep(0.5)  # meanwhile the feed brings the same move
        route.fulfill(response=response)

    page.route("**/api/games/*/actions", answer_late)
    formation.click()
    page.wait_for_function("() => window.freed.length > 0", polling=50)
    assert page.evaluate("() => window.freed") == [str(start + 1)]

"""The Bellum table in the browser: teams, the solo scenario panel, blocker choices in sight,
last-turn marks, animations and icons, in every variant."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from browser_play import click_and_wait, first_action, wait_table
from browser_server import Server, screenshot_dir

HUMAN = {"kind": "human"}
RANDOM = {"kind": "ai", "agent": "random"}
SIZES = [(1400, 950), (1024, 700), (390, 844)]
SOLO = ("solo-hercules", "solo-plague", "solo-troy")

# Draws the plug-in twice in the page: the second view has one card fewer in play, one card
# more, and one card hit; answers the classes the second drawing gave those cards.
ANIMATE = """async ([view, animations]) => {
  localStorage.setItem("bellica.animations", animations);
  const plugin = (await import("/static/js/games/bellum.js")).default;
  const ctx = { legal: [], interactive: false, seatLabel: (s) => `seat ${s}`,
                seatWho: () => "you", play: () => {}, redraw: () => {} };
  const first = structuredClone(view);
  const players = first.observation.players;
  const mine = players.find((p) => p.hand !== undefined);
  const other = players.find((p) => p !== mine && (p.play || []).length);
  const gone = other.play[0];
  const arriving = mine.hand[0];
  first.observation.players = players;
  plugin.draw(first, ctx);
  const second = structuredClone(first);
  const me2 = second.observation.players.find((p) => p.hand !== undefined);
  const other2 = second.observation.players.find((p) => p.side === other.side);
  other2.play = other2.play.slice(1);
  me2.play = [...(me2.play || []), arriving];
  const hit = me2.play[0];
  hit.damage = (hit.damage || 0) + 1;
  const root = plugin.draw(second, ctx);
  const zone = `.player[data-side="${me2.side}"] .zone.play`;
  const classes = (selector) => [...(root.querySelector(selector)?.classList || [])];
  return {
    entering: classes(`${zone} .card[data-card="${arriving.card}"]`),
    hit: hit.card === arriving.card ? ["hit"] : classes(`${zone} .card[data-card="${hit.card}"]`),
    leaving: classes(`.zone.play .card[data-left="${gone.card}"]`),
  };
}"""


def view_of(server: Server, game: str, token: str) -> Any:
    request = urllib.request.Request(
        f"{server.url}/api/games/{game}", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def open_human(page: Any, server: Server, body: dict[str, Any]) -> tuple[str, str]:
    """Creates the game and opens its human seat's table; answers the game id and token."""
    answer = server.create_game(body)
    seat = next(s for s in answer["seats"] if s["kind"] == "human")
    page.goto(server.url + seat["link"])
    assert wait_table(page, timeout=60_000) == "turn"
    return str(answer["game"]["id"]), str(seat["token"])


def shots(page: Any, name: str) -> None:
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(screenshot_dir() / f"bellum-{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 1400, "height": 950})


def icons_drawn(page: Any) -> None:
    """Every symbol is a shipped SVG that loaded: rings, the any-card pip, tokens."""
    # waits for them to load (a busy machine may be slow); a missing file never loads
    page.wait_for_function(
        """() => [...document.querySelectorAll("img.icon")].every(
             (img) => img.complete && img.naturalWidth > 0)"""
    )
    rings = page.evaluate(
        """() => [...document.querySelectorAll(".bellum .cost .pip")].map((pip) =>
             pip.classList.contains("clan-any") ? pip.querySelector("img.icon-any-card")?.src
               : getComputedStyle(pip).backgroundImage)"""
    )
    assert rings and all("ring.svg" in str(r) or "any-card.svg" in str(r) for r in rings), rings
    assert page.locator(".bellum .token-sword img.icon-sword").count() > 0


@pytest.mark.browser
def test_teams_frame_you_your_ally_and_your_enemies_your_battlefield_first(
    page: Any, server: Server
) -> None:
    body = {
        "game": "bellum",
        "variant": "teams",
        "players": 4,
        "seats": [RANDOM, RANDOM, HUMAN, RANDOM],
        "seed": 2,
    }
    game, token = open_human(page, server, body)
    view = view_of(server, game, token)
    city = next(c["city"] for c in view["observation"]["cities"] if c["team"] == 0)
    assert view["names"][2] == f"{city} 2"
    # seat 2 fights on battlefield 2: it comes first, with your ally's after it
    fields = page.locator(".battlefield").evaluate_all("(n) => n.map((f) => f.dataset.battlefield)")
    assert fields == ["1", "0"]
    me = page.locator(".player.rel-you")
    assert me.count() == 1 and me.get_attribute("data-seat") == "2"
    assert me.locator(".badge").text_content() == "you"
    ally = page.locator(".player.ally")
    assert ally.count() == 1 and ally.get_attribute("data-seat") == "0"
    assert ally.locator(".badge").text_content() == "ally"
    enemies = page.locator(".player.enemy")
    assert sorted(enemies.evaluate_all("(n) => n.map((p) => p.dataset.seat)")) == ["1", "3"]
    assert all(text == "enemy" for text in enemies.locator(".badge").all_text_contents())
    colours = page.evaluate(
        """() => ["rel-you", "ally", "enemy"].map((c) =>
             getComputedStyle(document.querySelector(`.player.${c}`)).borderTopColor)"""
    )
    assert len(set(colours)) == 3, colours
    text = page.inner_text("#table")
    assert "Seat " not in text and f"{city} 2" in text
    icons_drawn(page)
    shots(page, "teams")


@pytest.mark.browser
@pytest.mark.parametrize("variant", SOLO)
def test_solo_scenario_panel_explains_the_objective_and_counters(
    page: Any, server: Server, variant: str
) -> None:
    body = {"game": "bellum", "variant": variant, "players": 1, "seats": [HUMAN], "seed": 4}
    game, token = open_human(page, server, body)
    scenario = view_of(server, game, token)["observation"]["scenario"]
    panel = page.locator("#scenario-panel")
    assert panel.is_visible()
    assert scenario["objective"] in panel.inner_text()
    assert "Solo: " in page.inner_text("#subtitle")  # the scenario by its name, not its id
    assert variant not in page.inner_text("#subtitle")
    counters = panel.locator(".counter")
    assert counters.count() == len(scenario["counters"]) >= 2
    for index, counter in enumerate(scenario["counters"]):
        row = counters.nth(index)
        assert row.get_attribute("data-value") == str(counter["value"])
        assert counter["name"] in row.inner_text() and counter["means"] in row.inner_text()
    opponent = scenario["opponent"]
    named = page.locator(".player.enemy strong").first.inner_text()
    assert named == opponent[0].upper() + opponent[1:]
    rules = panel.locator("details.scenario-rules")
    assert rules.locator("summary").inner_text() == f"Scenario rules ({len(scenario['rules'])})"
    assert not rules.locator("li").first.is_visible()  # folded until the player opens it
    rules.locator("summary").click()
    items = rules.locator("li")
    assert items.all_inner_texts() == scenario["rules"] and items.first.is_visible()
    icons_drawn(page)
    shots(page, variant)
    click_and_wait(page, first_action(page))  # the table is drawn again: the rules stay open
    assert page.locator("#scenario-panel details.scenario-rules li").first.is_visible()


@pytest.mark.browser
def test_choosing_a_blocker_the_hand_leaves_your_creatures_clickable(
    page: Any, server: Server
) -> None:
    body = {"game": "bellum", "variant": "solo-plague", "players": 1, "seats": [HUMAN], "seed": 1}
    open_human(page, server, body)
    for _ in range(80):
        assert wait_table(page) == "turn"
        if page.locator("#decision[data-kind='block']").count():
            break
        cards = page.locator(".card.actionable:visible")
        target = cards.first if cards.count() else page.locator("#actions button.action").first
        click_and_wait(page, target)
    else:
        pytest.fail("no blocker choice came up")
    blockers = page.locator(".player.me .zone.play .card.actionable")
    assert blockers.count() > 0
    assert page.get_attribute("#hand", "data-pinned") == "false"
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        for index in range(blockers.count()):
            blockers.nth(index).click(trial=True)  # visible, stable, enabled, not covered
        page.screenshot(path=str(screenshot_dir() / f"bellum-block-{width}x{height}.png"))
    page.set_viewport_size({"width": 1400, "height": 950})
    click_and_wait(page, blockers.first)
    assert page.locator("#log .event-block").count() > 0


@pytest.mark.browser
def test_last_turn_marks_and_the_plugins_mark_function(page: Any, server: Server) -> None:
    body = {
        "game": "bellum",
        "options": {"first": "1"},
        "seats": [HUMAN, {"kind": "ai", "agent": "greedy"}],
        "seed": 5,
    }
    game, token = open_human(page, server, body)
    view = view_of(server, game, token)
    assert any(entry["seat"] == 1 for entry in view["log"])  # the AI played first
    marked = page.locator("#drawing .marked")
    assert int(page.get_attribute("#drawing", "data-marked")) == marked.count() > 0
    # the plug-in's own function outlines any card or district by the ids a log names
    counted = page.evaluate(
        """async () => {
          const plugin = (await import("/static/js/games/bellum.js")).default;
          const root = document.querySelector("#drawing");
          const card = root.querySelector("#hand .card[data-card]").dataset.card;
          const n = plugin.mark(root, [card, "district:1:1"], "stepped");
          return [n, root.querySelectorAll(".stepped").length,
                  root.querySelector(".district.stepped")?.dataset.district];
        }"""
    )
    assert counted == [2, 2, "1"]


@pytest.mark.browser
def test_arrivals_departures_and_damage_animate_unless_switched_off(
    page: Any, server: Server
) -> None:
    body = {"game": "bellum", "variant": "solo-plague", "players": 1, "seats": [HUMAN], "seed": 1}
    game, token = open_human(page, server, body)
    view = view_of(server, game, token)
    on = page.evaluate(ANIMATE, [view, "on"])
    assert "entering" in on["entering"] and "hit" in on["hit"] and "leaving" in on["leaving"]
    off = page.evaluate(ANIMATE, [view, "off"])
    assert "entering" not in off["entering"] and off["leaving"] == []
    # the switch on the table turns them off for good
    page.reload()
    assert wait_table(page) == "turn"
    switch = page.locator("#animations")
    assert not switch.is_checked()  # the page evaluation above left them off
    switch.check()
    assert page.evaluate("localStorage.getItem('bellica.animations')") == "on"

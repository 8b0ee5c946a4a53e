"""Watching in the browser: a page with no seat key sees the table live and cannot act.

(Its AI thinks for a while after the test; the file sorts last so no other test waits on it.)"""

from __future__ import annotations

from typing import Any

import pytest
from browser_server import Server

IMPERIO_VS_THINKING_AI = {
    "game": "imperio-bellum",
    "options": {"attacker": "0", "turn_limit": "3"},
    # two seconds a move: the defender's set-up (a formation, a reserve list: a few decisions)
    # is still under way when the page has loaded
    "seats": [{"kind": "human"}, {"kind": "ai", "agent": "mcts:seconds=2"}],
    "seed": 3,
}


@pytest.mark.browser
def test_spectator_sees_the_board_and_cannot_act(page: Any, server: Server) -> None:
    game = server.create_game(IMPERIO_VS_THINKING_AI)["game"]
    page.goto(f"{server.url}/game/{game['id']}")
    page.wait_for_selector("#board .square[data-square=a1]")
    # the AI defender sets up live: the spectator sees it think and its pieces arrive
    page.wait_for_function(
        """() => {
          const thinking = document.querySelector("#thinking");
          return !thinking.hidden
            && thinking.textContent.includes(
              "The defender (AI · MCTS, 2 s per move) is thinking");
        }"""
    )
    page.wait_for_selector("#board .piece")
    assert page.get_attribute("#table", "data-seat") == "spectator"
    assert page.locator("#actions button").count() == 0
    assert page.locator("#board .square.actionable").count() == 0
    assert "watching" in page.inner_text("#who")

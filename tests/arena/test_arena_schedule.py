"""Who plays game i of a run, and with which seed: a match, or a round robin of matchups."""

from __future__ import annotations

import pytest

from bellica.arena.schedule import Schedule
from bellica.core import InvalidConfig


def test_a_match_fills_the_seats_and_rotates_them() -> None:
    schedule = Schedule.create(["a", "b"], players=2, games=3, seed=10)
    assert not schedule.round_robin
    assert schedule.total == 3
    assert [schedule.lineup(i) for i in range(3)] == [("a", "b"), ("b", "a"), ("a", "b")]
    assert [schedule.seed_of(i) for i in range(3)] == [10, 11, 12]
    assert {schedule.matchup_of(i) for i in range(3)} == {0}
    solo = Schedule.create(["a"], players=3, games=2)
    assert solo.lineup(1) == ("a", "a", "a")


def test_more_agents_than_seats_make_every_group_a_matchup_on_the_same_seeds() -> None:
    schedule = Schedule.create(["a", "b", "c", "d"], players=3, games=2, seed=5)
    assert schedule.round_robin
    assert schedule.matchups == (("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"), ("b", "c", "d"))
    assert schedule.total == 8
    assert [schedule.seed_of(i) for i in range(8)] == [5, 6] * 4
    assert [schedule.matchup_of(i) for i in range(8)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert schedule.lineup(2) == ("a", "b", "d")
    assert schedule.lineup(3) == ("b", "d", "a")  # the second game of a matchup, rotated
    assert schedule.agents == ("a", "b", "c", "d")


@pytest.mark.parametrize(
    ("agents", "games", "message"),
    [
        ([], 1, "at least one agent"),
        (["a", "b"], 0, "number of games must be at least 1"),
        (["a", "b", "a"], 1, "takes each agent once, but 'a' is given 2 times"),
    ],
)
def test_a_schedule_that_cannot_be_is_refused(agents: list[str], games: int, message: str) -> None:
    with pytest.raises(InvalidConfig, match=message):
        Schedule.create(agents, players=2, games=games)

"""The decision stack: steps run, lone choices are taken and told, windows go round, and the
stack is written as words and read back checked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bellica.core import Action, InvalidPosition
from bellica.core.events import FORCED
from bellica.core.stack import (
    Cards,
    Count,
    Decision,
    Flag,
    MaybeCard,
    Number,
    Side,
    Sides,
    Step,
    TaskKinds,
    Team,
    Window,
    Word,
    Words,
    advance,
    decide,
    read_stack,
    write_stack,
)

KINDS = TaskKinds()
PASS = Action("pass", {}, 0, "Pass")
TAKE = [Action("take", {"n": n}, 1 + n, f"Take {n}") for n in range(5)]


class Table:
    """A tiny game for the stack: sides, teams, five cards named c0..c4."""

    tasks = KINDS
    sides = 3
    teams = 2

    def token(self, uid: int) -> str:
        return f"c{uid}"

    def uid(self, token: str) -> int | None:
        return int(token[1:]) if token in {f"c{n}" for n in range(5)} else None


class Pile:
    """A state with a stack: `log` records what ran; `idle` offers `waiting` when empty."""

    def __init__(self) -> None:
        self.game = Table()
        self.stack: list[Any] = []
        self.caused: list[tuple[Any, ...]] = []
        self._legal: list[Action] | None = None
        self.log: list[str] = []
        self.waiting: list[Action] = [PASS]

    def seat_of(self, side: int) -> int:
        return side

    def cache_legal(self, legal: list[Action]) -> None:
        self._legal = legal


def idle(state: Pile) -> list[Action] | None:
    return state.waiting


@KINDS.kind("note")
@dataclass(slots=True)
class Note(Step):
    text: Word

    def run(self, state: Pile) -> None:
        state.log.append(self.text)


@KINDS.kind("pick")
@dataclass(slots=True)
class Pick(Decision):
    side: Side
    cards: Cards

    def choices(self, state: Pile) -> list[Action]:
        return [TAKE[u] for u in self.cards]

    def choose(self, state: Pile, action: Action) -> None:
        state.log.append(f"{self.side} took {action.get('n')}")


@KINDS.kind("ask")
@dataclass(slots=True)
class Ask(Decision):
    side: Side
    rest: Sides

    def choices(self, state: Pile) -> list[Action]:
        return [TAKE[0], PASS] if self.side != 2 else [PASS]

    def automatic(self, action: Action) -> bool:
        return False  # passing is a real choice

    def choose(self, state: Pile, action: Action) -> None:
        state.log.append(f"{self.side} {action.kind}")
        state.stack.append(Round("bid", 0, self.rest))


@KINDS.kind("round")
@dataclass(slots=True)
class Round(Window):
    event: Word
    context: Count
    order: Sides

    def may_respond(self, state: Pile, side: int) -> bool:
        return side != 1  # side 1 has nothing to respond with: it is not asked

    def ask(self, side: int, rest: tuple[int, ...]) -> Ask:
        return Ask(side, rest)


@KINDS.kind("reroll")
@dataclass(slots=True)
class Reroll(Window):
    """A round that starts again from the first side after any response, and ends only when
    everyone has passed in turn (Bellum Magia's re-roll round)."""

    order: Sides

    def may_respond(self, state: Pile, side: int) -> bool:
        return True

    def ask(self, side: int, rest: tuple[int, ...]) -> Force:
        return Force(side, rest)


@KINDS.kind("force")
@dataclass(slots=True)
class Force(Decision):
    side: Side
    rest: Sides

    def choices(self, state: Pile) -> list[Action]:
        return [TAKE[0], PASS]

    def choose(self, state: Pile, action: Action) -> None:
        state.log.append(f"{self.side} {action.kind}")
        if action.kind == "take":  # a response: everyone may answer again, from the start
            state.stack.append(Reroll((0, 1, 2)))
        else:
            state.stack.append(Reroll(self.rest))


@KINDS.kind("everything")
@dataclass(slots=True)
class Everything(Step):
    side: Side
    team: Team
    card: MaybeCard
    cards: Cards
    sides: Sides
    count: Count
    number: Number
    word: Word
    words: Words
    flag: Flag


def test_steps_run_until_a_real_decision():
    state = Pile()
    state.stack = [Pick(0, (1, 2)), Note("second"), Note("first")]
    advance(state, idle)
    assert state.log == ["first", "second"]
    assert state._legal == [TAKE[1], TAKE[2]] and len(state.stack) == 1
    decide(state, TAKE[2])
    advance(state, idle)
    assert state.log[-1] == "0 took 2" and state._legal == [PASS]


def test_a_lone_choice_is_taken_and_told():
    state = Pile()
    state.stack = [Pick(1, (3,))]
    advance(state, idle)
    assert state.log == ["1 took 3"]
    assert state.caused == [(FORCED, 1, TAKE[3])]
    assert state._legal == [PASS]  # the stack is empty: the game's idle hook offers its own


def test_a_window_goes_round_skipping_sides_that_cannot_respond():
    state = Pile()
    state.stack = [Round("bid", 0, (0, 1, 2))]
    advance(state, idle)
    assert state._legal == [TAKE[0], PASS] and state.stack[-1] == Ask(0, (1, 2))
    decide(state, PASS)
    advance(state, idle)  # side 1 is skipped; side 2 can only pass, and is still asked
    assert state.stack[-1] == Ask(2, ()) and state._legal == [PASS]
    decide(state, PASS)
    advance(state, idle)
    assert state.log == ["0 pass", "2 pass"] and not state.stack


def test_a_round_that_restarts_ends_only_when_everyone_passes_in_turn():
    state = Pile()
    state.stack = [Reroll((0, 1, 2))]
    for choice in (PASS, TAKE[0], PASS, PASS, TAKE[0], PASS, PASS, PASS):
        advance(state, idle)
        assert state.stack
        decide(state, choice)
    advance(state, idle)
    assert not state.stack
    assert state.log == [
        "0 pass",
        "1 take",
        "0 pass",
        "1 pass",
        "2 take",
        "0 pass",
        "1 pass",
        "2 pass",
    ]


def test_every_field_kind_is_written_and_read_back():
    task = Everything(2, 1, 4, (0, 3), (2, 0), 999, -1, "rally", ("any", "myth"), True)
    text = write_stack([Note("x"), task], Table())
    assert text == (
        "note text=x; everything side=2 team=1 card=c4 cards=c0,c3 sides=2,0 count=999 "
        "number=-1 word=rally words=any,myth flag=yes"
    )
    assert read_stack(text, Table()) == [Note("x"), task]
    empty = Everything(0, 0, -1, (), (), 0, 0, "w", (), False)
    assert read_stack(write_stack([empty], Table()), Table()) == [empty]
    assert write_stack([], Table()) == "-" and read_stack("-", Table()) == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nothing", "not a task"),
        ('[["note", "x"]]', "not a task"),
        ("note", "takes text="),
        ("note text=x extra=1", "takes text="),
        ("pick side=3 cards=c1", "side: a whole number from 0 to 2"),
        ("pick side=-1 cards=c1", "side"),
        ("pick side=0 side=1 cards=c1", "takes side="),
        ("pick side=0 cards=c9", "not a card"),
        ("pick side=" + "9" * 5000 + " cards=c1", "side"),
        ("round event=bid context=1000 order=0", "context"),
        ("round event=b!d context=1 order=0", "not a word"),
        (
            "everything side=0 team=2 card=- cards=- sides=- count=0 number=0 word=w words=- "
            "flag=yes",
            "team",
        ),
        (
            "everything side=0 team=0 card=- cards=- sides=- count=0 number=0 word=w words=- "
            "flag=maybe",
            "yes or no",
        ),
    ],
)
def test_bad_tasks_are_refused_with_the_field_named(text: str, message: str):
    with pytest.raises(InvalidPosition, match=message):
        read_stack(text, Table())


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("abcdeginoprstx_=;, -0123456789c"), max_size=80))
def test_any_text_is_a_stack_or_a_clear_refusal(text: str):
    try:
        stack = read_stack(text, Table())
    except InvalidPosition:
        return
    assert read_stack(write_stack(stack, Table()), Table()) == stack

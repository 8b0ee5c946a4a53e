"""What a state whose every decision is a task on its stack answers alike (a mixin)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bellica.core.stack import Task


# Apart from core/stack.py, which the opt-in compiled build (setup.py) compiles with mypyc: a
# compiled class cannot be mixed into a state class that stays plain Python.
class StackDriven:
    """What a state whose every decision is a task on its stack answers alike (mixed in
    before `State`): who decides (the top decision's side; nobody once `winners` is set),
    whether that seat is finishing a move it began, whether the game is over."""

    __slots__ = ()
    stack: list[Task]
    winners: tuple[int, ...] | None

    @property
    def current_player(self) -> int | None:
        if self.winners is not None or not self.stack:
            return None
        return self.stack[-1].side  # type: ignore[attr-defined, no-any-return]

    @property
    def mid_move(self) -> bool:
        stack = self.stack
        return bool(stack) and stack[-1].mid_move

    @property
    def is_terminal(self) -> bool:
        return self.winners is not None

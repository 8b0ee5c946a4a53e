"""The rules of Para Bellum: set-up, the army grid, dice and payments, effects, the turn."""

from collections.abc import Callable
from functools import cache
from typing import ParamSpec, Protocol, TypeVar, cast

from bellica.core.stack import Task, TaskKinds

TASKS = TaskKinds()  # every kind of pending work, registered by the rules modules

P = ParamSpec("P")
T = TypeVar("T", bound=Task)


class Made(Protocol):
    """What `task` is to the type checker: a task kind and its fields give that kind's task."""

    def __call__(self, kind: Callable[P, T], /, *fields: P.args, **named: P.kwargs) -> T: ...


def _make(kind: Callable[..., Task], *fields: object) -> Task:
    """A new task (`task` keeps the one made for each kind and fields)."""
    return kind(*fields)


# task(Muster, side): the task of that kind with those fields, made once and then shared by
# every state (a task never changes), as the tasks played over and over are.
task = cast(Made, cache(_make))

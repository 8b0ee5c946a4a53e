"""The decision stack: named task kinds kept in the state, run until a real decision is needed.

Pending work is data (after TAG's extended sequences): a state keeps a list of small task
records, the top one last. A *step* runs as soon as it is on top; a *decision* waits for the
player it names to choose one of its actions. `advance` runs the stack until a decision with
a real choice is on top (a decision with a single mandatory option is taken at once, and the
log still hears of it). Every task kind is registered by name with typed fields, so positions
write the stack as words ("pay side=0 card=045 rings=soldier,any") and read it back checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields as dataclass_fields
from typing import Annotated, Any, ClassVar, Protocol, get_args, get_origin, get_type_hints

from mypy_extensions import mypyc_attr

from bellica.core.action import Action
from bellica.core.errors import InvalidPosition
from bellica.core.events import FORCED

# Field types: how a task's field is written in a position and what values it may take.
Side = Annotated[int, "side"]  # a side of the game: 0 .. sides - 1
Team = Annotated[int, "team"]  # a team: 0 .. teams - 1
Card = Annotated[int, "card"]  # a card uid, written as its token
MaybeCard = Annotated[int, "maybe_card"]  # a card uid, or -1 (written "-") for none
Cards = Annotated[tuple[int, ...], "cards"]  # card uids, written as tokens joined by commas
Sides = Annotated[tuple[int, ...], "sides"]
Count = Annotated[int, "count"]  # a small number, 0 .. 999
Number = Annotated[int, "number"]  # a small number that may be -1 (none): -1 .. 999
Word = Annotated[str, "word"]  # a word: letters, digits, _ and -
Words = Annotated[tuple[str, ...], "words"]
Flag = Annotated[bool, "flag"]  # written yes / no

_WORD = re.compile(r"^[A-Za-z0-9_\-]{1,40}$")
_INT = re.compile(r"^-?\d{1,3}$")
_TASK = re.compile(r"^(?P<name>[a-z_]+)(?P<fields>(?: [a-z_]+=\S+)*)$")


class Positional(Protocol):
    """What the stack's notation needs of a game: its task kinds, sides, teams and card
    tokens."""

    tasks: TaskKinds
    sides: int
    teams: int

    def token(self, uid: int) -> str: ...

    def uid(self, token: str) -> int | None: ...


# The opt-in compiled build (setup.py, BELLICA_COMPILE=1) compiles this module with mypyc: the
# task classes must allow subclasses in plain Python (the games that are not compiled).
@mypyc_attr(allow_interpreted_subclasses=True)
class Task:
    """One piece of pending work. Subclasses are slotted dataclasses registered with `task`;
    a task is never changed once made (states share them when they are cloned)."""

    __slots__ = ()
    name: ClassVar[str] = ""
    decides: ClassVar[bool] = False
    mid_move: ClassVar[bool] = False  # the decider is finishing something it began

    def run(self, state: Any) -> None:
        """A step's work (the step has been taken off the stack)."""
        raise NotImplementedError(f"{self.name} is a decision, not a step")

    def check(self, state: Any) -> str | None:
        """Why this task cannot stand in `state` (read from a position), or None."""
        return None

    def __reduce__(self) -> tuple[Any, ...]:
        """A task pickles as its kind and fields (compiled by mypyc, a frozen dataclass loses
        the `__setstate__` that `slots=True` would give it)."""
        return (type(self), tuple(getattr(self, name) for name, _ in field_kinds(type(self))))


@mypyc_attr(allow_interpreted_subclasses=True)
class Step(Task):
    """A task that runs as soon as it is on top of the stack."""

    __slots__ = ()


@mypyc_attr(allow_interpreted_subclasses=True)
class Decision(Task):
    """A task that waits for `side` to choose one of `choices`."""

    __slots__ = ()
    decides: ClassVar[bool] = True
    # Every decision has a field `side: Side` (not declared here: compiled by mypyc, a
    # declaration would become an attribute that the subclasses' dataclass fields collide with)

    def choices(self, state: Any) -> list[Action]:
        """The actions `side` may take now, in a fixed order; none means the task lapses."""
        raise NotImplementedError

    def choose(self, state: Any, action: Action) -> None:
        """What the chosen action does (the decision has been taken off the stack)."""
        raise NotImplementedError

    def automatic(self, action: Action) -> bool:
        """Whether a lone `action` may be taken without asking (never for "pass", "do not
        block": declining is a real choice even when it is the only one)."""
        return True


class TaskKinds:
    """One game's task kinds by name (each game keeps its own, so names never collide)."""

    def __init__(self) -> None:
        self.by_name: dict[str, type[Task]] = {}

    def kind(self, name: str) -> Callable[[type[Task]], type[Task]]:
        """Registers a task kind under `name` (the class must be a slotted dataclass)."""

        def register(cls: type[Task]) -> type[Task]:
            self.add(name, cls)
            return cls

        return register

    def add(self, name: str, cls: type[Task]) -> None:
        """Registers the task kind `cls` under `name` (what `kind` does as a decorator; a
        module compiled by mypyc calls it after the class, as a decorated class would be
        compiled as a plain Python class)."""
        if name in self.by_name and self.by_name[name] is not cls:
            raise ValueError(f"two task kinds are called {name!r}")
        cls.name = name
        self.by_name[name] = cls

    def names(self) -> list[str]:
        """Every kind's name, sorted (a fixed order for tensors)."""
        return sorted(self.by_name)


def _kind(cls: type[Task], field: str) -> str:
    hints = get_type_hints(cls, include_extras=True)
    hint = hints[field]
    if get_origin(hint) is not Annotated:
        hint = _written_type(cls, field)
    if get_origin(hint) is Annotated:
        return str(get_args(hint)[1])
    raise TypeError(f"{cls.__name__}.{field} needs a stack field type (Side, Card, ...)")


_FIELD_TYPES = {
    "Side": Side, "Team": Team, "Card": Card, "MaybeCard": MaybeCard, "Cards": Cards,
    "Sides": Sides, "Count": Count, "Number": Number, "Word": Word, "Words": Words, "Flag": Flag,
}  # fmt: skip


def _written_type(cls: type[Task], field: str) -> Any:
    """The field type of `field` as the source of `cls` writes it, or None. A class compiled by
    mypyc (setup.py, BELLICA_COMPILE=1) keeps only plain types in its annotations (int for
    Side): its field types are read from the source beside the compiled module."""
    import ast  # only for a compiled task kind, once per kind
    from importlib.util import find_spec
    from pathlib import Path

    module: str = getattr(cls, "__module__")  # noqa: B009 (mypyc refuses cls.__module__)
    spec = find_spec(module)
    if spec is None or spec.origin is None:
        return None
    source = Path(spec.origin).with_name(module.rpartition(".")[2] + ".py")
    if not source.is_file():
        return None
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for item in node.body:
                if (
                    isinstance(item, ast.AnnAssign)
                    and isinstance(item.target, ast.Name)
                    and item.target.id == field
                    and isinstance(item.annotation, ast.Name)
                ):
                    return _FIELD_TYPES.get(item.annotation.id)
    return None


_FIELDS: dict[type[Task], tuple[tuple[str, str], ...]] = {}


def field_kinds(cls: type[Task]) -> tuple[tuple[str, str], ...]:
    """(field, kind) for each field of a task kind, in order."""
    found = _FIELDS.get(cls)
    if found is None:
        fields = dataclass_fields(cls)  # type: ignore[arg-type]
        found = _FIELDS[cls] = tuple((f.name, _kind(cls, f.name)) for f in fields)
    return found


def write_task(item: Task, game: Positional) -> str:
    """A task as words: its name, then each field as key=value."""
    parts = [item.name]
    for name, kind in field_kinds(type(item)):
        parts.append(f"{name}={_write(getattr(item, name), kind, game)}")
    return " ".join(parts)


def write_stack(stack: list[Task], game: Positional) -> str:
    """The stack, bottom first, tasks separated by semicolons; "-" when empty."""
    return "; ".join(write_task(item, game) for item in stack) or "-"


def read_stack(text: str, game: Positional, where: str = "stack") -> list[Task]:
    """The stack `write_stack` wrote; InvalidPosition naming the task and field otherwise."""
    text = text.strip()
    if text == "-":
        return []
    return [read_task(part.strip(), game, where) for part in text.split(";")]


def read_task(text: str, game: Positional, where: str = "stack") -> Task:
    kinds = game.tasks.by_name
    match = _TASK.match(text)
    if not match or match["name"] not in kinds:
        known = ", ".join(sorted(kinds))
        raise InvalidPosition(f"{where}: {text[:40]!r} is not a task (tasks: {known})")
    cls = kinds[match["name"]]
    parts = [part.split("=", 1) for part in match["fields"].split()]
    given = dict(parts)
    fields = field_kinds(cls)
    if len(given) != len(parts) or set(given) != {name for name, _ in fields}:
        wanted = " ".join(f"{name}=…" for name, _ in fields)
        raise InvalidPosition(f"{where}: {cls.name} takes {wanted or 'no fields'}")
    values = {}
    for name, kind in fields:
        try:
            values[name] = _read(given[name], kind, game)
        except ValueError as err:
            raise InvalidPosition(f"{where}: {cls.name} {name}: {err}") from None
    return cls(**values)


def _write(value: Any, kind: str, game: Positional) -> str:
    if kind == "card":
        return game.token(value)
    if kind == "maybe_card":
        return "-" if value < 0 else game.token(value)
    if kind == "cards":
        return ",".join(game.token(u) for u in value) or "-"
    if kind in ("sides", "words"):
        return ",".join(map(str, value)) or "-"
    if kind == "flag":
        return "yes" if value else "no"
    return str(value)


def _read(text: str, kind: str, game: Positional) -> Any:
    if kind == "card":
        return _card(text, game)
    if kind == "maybe_card":
        return -1 if text == "-" else _card(text, game)
    if kind == "cards":
        return () if text == "-" else tuple(_card(t, game) for t in text.split(","))
    if kind == "sides":
        return () if text == "-" else tuple(_number(t, 0, game.sides - 1) for t in text.split(","))
    if kind == "words":
        return () if text == "-" else tuple(_word(t) for t in text.split(","))
    if kind == "flag":
        if text not in ("yes", "no"):
            raise ValueError(f"yes or no, not {text[:20]!r}")
        return text == "yes"
    if kind == "side":
        return _number(text, 0, game.sides - 1)
    if kind == "team":
        return _number(text, 0, game.teams - 1)
    if kind == "count":
        return _number(text, 0, 999)
    if kind == "number":
        return _number(text, -1, 999)
    if kind == "word":
        return _word(text)
    raise ValueError(f"unknown field kind {kind}")


def _card(token: str, game: Positional) -> int:
    uid = game.uid(token)
    if uid is None:
        raise ValueError(f"{token[:20]!r} is not a card of this game")
    return uid


def _number(text: str, low: int, high: int) -> int:
    if not _INT.match(text) or not low <= int(text) <= high:
        raise ValueError(f"a whole number from {low} to {high}, not {text[:20]!r}")
    return int(text)


def _word(text: str) -> str:
    if not _WORD.match(text):
        raise ValueError(f"{text[:20]!r} is not a word")
    return text


# -- running the stack ---------------------------------------------------------------------
class Stacked(Protocol):
    """What `advance` needs of a state."""

    stack: list[Task]
    caused: list[tuple[Any, ...]]

    def seat_of(self, side: int) -> int: ...

    def cache_legal(self, legal: list[Action]) -> None: ...


# The stack is empty: `idle(state)` moves the game on (a phase that ends by itself: None) or
# gives the phase's own decisions (none once the game is over). A game that ends clears its
# stack.
Idle = Callable[[Any], list[Action] | None]


def advance(state: Stacked, idle: Idle) -> None:
    """Run the stack until a decision with a real choice is on top, or the game is over. A
    decision with one option that may be taken without asking is taken, and noted in
    `caused`, so the log can say what was chosen. When the stack is empty, `idle` moves the
    game on or offers the phase's decisions."""
    stack = state.stack
    while True:
        if stack:
            item = stack[-1]
            if item.decides:
                decision: Any = item
                legal = decision.choices(state)
                if not legal:
                    stack.pop()
                    continue
                if len(legal) == 1 and decision.automatic(legal[0]):
                    stack.pop()
                    state.caused.append((FORCED, state.seat_of(decision.side), legal[0]))
                    decision.choose(state, legal[0])
                    continue
                state.cache_legal(legal)
                return
            stack.pop()
            item.run(state)
            continue
        offered = idle(state)
        if offered is not None:
            state.cache_legal(offered)
            return


def decide(state: Stacked, action: Action) -> None:
    """Carry out a player's choice for the decision on top of the stack."""
    decision: Any = state.stack.pop()
    decision.choose(state, action)


def offered(state: Any, phase_actions: Callable[[Any], list[Action]]) -> list[Action]:
    """What the deciding player may do: the choices of the decision on top of the stack, or,
    with nothing pending, the phase's own actions (none once the game is over)."""
    if state.is_terminal:
        return []
    stack = state.stack
    if stack:
        return stack[-1].choices(state)  # type: ignore[no-any-return]
    return phase_actions(state)


def take(
    state: Any, action: Action, phase_action: Callable[[Any, Action], None], idle: Idle
) -> None:
    """A player's action: its answer to the decision on top of the stack, or else one of the
    phase's own actions; then the stack runs until the next real decision."""
    if state.stack:
        decide(state, action)
    else:
        phase_action(state, action)
    advance(state, idle)


# -- shared task kinds -------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)
class Window(Step):
    """A response window: the sides in `order` are asked in turn whether they respond to
    `event` (about card or thing `context`). Games subclass it with `may_respond` (is this
    side asked?) and `ask` (the decision that asks it, knowing who comes after)."""

    __slots__ = ()

    def run(self, state: Any) -> None:
        order: tuple[int, ...] = getattr(self, "order")  # noqa: B009 (a subclass's field)
        for i, side in enumerate(order):
            if self.may_respond(state, side):
                state.stack.append(self.ask(side, order[i + 1 :]))
                return

    def may_respond(self, state: Any, side: int) -> bool:
        raise NotImplementedError

    def ask(self, side: int, rest: tuple[int, ...]) -> Task:
        raise NotImplementedError

"""Numbers for a human's legal actions that stay the same while an action stays legal."""

from __future__ import annotations

from collections.abc import Sequence

from bellica.core import Action


class ActionNumbers:
    """A session's numbering of the legal actions, kept by action text.

    An action still legal keeps its number; an action that comes back gets its old number
    again if that number is free; a new action takes the lowest free number. A number whose
    action stopped being legal goes to no other action in the decision where it stopped, so
    a number typed from the last list answers with what it was instead of playing
    something else.
    """

    __slots__ = ("_by_number", "_was")

    def __init__(self) -> None:
        self._by_number: dict[int, Action] = {}  # the numbers of the actions legal now
        self._was: dict[int, str] = {}  # every number given, with the text it had last

    def update(self, legal: Sequence[Action]) -> list[tuple[int, Action]]:
        """Number `legal` (in its order) and return the numbered actions in that order."""
        held = {str(action): number for number, action in self._by_number.items()}
        last_number = {text: number for number, text in self._was.items()}
        numbered: dict[int, Action] = {}
        fresh: list[Action] = []
        for action in legal:
            number = held.pop(str(action), None)
            if number is None:
                fresh.append(action)
            else:
                numbered[number] = action
        freed = set(held.values())  # numbers whose actions are no longer legal
        new = []
        for action in fresh:  # returning actions first, so a new one cannot take their number
            old = last_number.get(str(action))
            if old is not None and old not in numbered:
                numbered[old] = action
            else:
                new.append(action)
        for action in new:
            number = 1
            while number in numbered or number in freed:
                number += 1
            numbered[number] = action
        for number, action in numbered.items():
            self._was[number] = str(action)
        self._by_number = numbered
        order = {id(action): place for place, action in enumerate(legal)}
        return sorted(numbered.items(), key=lambda item: order[id(item[1])])

    def number(self, action: Action) -> int:
        """The number of a legal action (0 for an action not numbered now)."""
        for number, held in self._by_number.items():
            if held is action or held == action:
                return number
        return 0

    def action(self, number: int) -> Action | str:
        """The legal action with this number, or a message saying why there is none."""
        action = self._by_number.get(number)
        if action is not None:
            return action
        was = self._was.get(number)
        if was is not None:
            return f"{number} was {was!r}, no longer legal"
        numbers = sorted(self._by_number)
        shown = ", ".join(str(n) for n in numbers[:12]) + (" ..." if len(numbers) > 12 else "")
        return f"there is no action {number}; the legal ones are numbered {shown}"

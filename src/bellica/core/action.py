"""Actions: small frozen values that name one decision, read like the rulebook, and serialize."""

from __future__ import annotations

from typing import Any


class Action:
    """One decision. Games intern their actions, so equal actions are usually the same object.

    `kind` names the decision ("move", "attack", "end_turn"); `params` holds its named,
    JSON-able arguments; `index` is its place in the game's fixed action space
    (`game.encode`); `text` is how a person reads it ("Knight c3 → c4").
    """

    __slots__ = ("_hash", "index", "kind", "params", "text")

    kind: str
    params: tuple[tuple[str, Any], ...]
    index: int
    text: str
    _hash: int

    def __init__(self, kind: str, params: dict[str, Any], index: int, text: str) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "params", tuple(params.items()))
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "_hash", hash((kind, self.params)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.params == other.params

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Action {self.text!r}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, dict(self.params), self.index, self.text))

    def get(self, name: str, default: Any = None) -> Any:
        """The named parameter, or `default`."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict that `game.action_from_json` turns back into this action."""
        data: dict[str, Any] = {"kind": self.kind}
        data.update(self.params)
        return data

"""Replaying a record: the state its seed and actions reach, checked action by action."""

from __future__ import annotations

import json
from collections.abc import Callable

from bellica.core.action import Action
from bellica.core.errors import BellicaError, InvalidConfig, InvalidRecord
from bellica.core.game import Game, State
from bellica.core.record import Record


def replay(
    record: Record,
    game: Game | None = None,
    on_move: Callable[[int | None, Action], None] | None = None,
) -> State:
    """The state reached by replaying `record` from its seed (raises InvalidRecord naming the
    first action that does not replay). `on_move(seat, action)` hears each move as it is made.
    """
    if game is None:
        try:
            game = record.config.load()
        except InvalidConfig as err:
            raise InvalidRecord(f"the record's game cannot be set up: {err}") from None
    state = game.new_game(seed=record.seed)
    for number, data in enumerate(record.actions, start=1):
        seat = state.current_player
        if seat is None:
            shown = json.dumps(data, ensure_ascii=False)
            raise InvalidRecord(f"action {number} ({shown}) comes after the game ended")
        try:
            action = game.action_from_json(data)
            state.apply(action)
        except (BellicaError, KeyError, TypeError, ValueError) as err:
            shown = json.dumps(data, ensure_ascii=False)
            raise InvalidRecord(f"action {number} ({shown}) does not replay: {err}") from None
        if on_move is not None:
            on_move(seat, action)
    return state

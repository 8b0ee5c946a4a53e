"""Rule changes in force for a player: the round's Event and its face-up Permanents and
Special Units, summed once and kept until one of them changes; likewise the Permanents and
Special Units whose action the player may use."""

from __future__ import annotations

from bellica.games.para_bellum.state import ParaState


def modifier(state: ParaState, side: int, key: str) -> int:
    """The summed change to one rule (a key of cards.MODIFIERS) for `side` now."""
    force = state.force[side]
    if force is None:
        force = state.force[side] = in_force(state, side)
    return force.get(key, 0)


def changes(state: ParaState, side: int) -> dict[str, int]:
    """Every rule change for `side` now, by key (in_force's, kept as modifier keeps them)."""
    force = state.force[side]
    if force is None:
        force = state.force[side] = in_force(state, side)
    return force


def in_force(state: ParaState, side: int) -> dict[str, int]:
    """Every rule change for `side`: the Event's, its face-up Permanents' and Special Units'
    (the sum does not hang on their order)."""
    game = state.game
    rules = game.rules
    total: dict[str, int] = {}
    # Most cards in an army (every Army card) change no rule: only those that do count.
    pieces = {*state.event, *state.permanents[side]}
    pieces.update(game.rule_changers.intersection(state.army[side]))
    if state.disabled:  # seldom: a face-down card changes nothing
        pieces.difference_update(state.disabled)
    for uid in pieces:
        for key, value in rules[uid].items():
            total[key] = total.get(key, 0) + value
    return total


def with_actions(state: ParaState, side: int) -> list[int]:
    """`side`'s face-up Permanents and Special Units (those in the order of their cells) that
    have an action."""
    found = state.acting[side]
    if found is None:
        game = state.game
        has_action, special = game.has_action, game.is_special
        units = [u for u in state.army[side] if special[u]]
        if len(units) > 1:
            units.sort(key=state.grid[side].index)
        pieces = state.permanents[side] + units
        found = state.acting[side] = [
            u for u in pieces if has_action[u] and u not in state.disabled
        ]
    return found


def rules_changed(state: ParaState) -> None:
    """An Event, a Permanent or a Special Unit came, went, or turned: work them out again."""
    players = state.game.players
    state.force = [None] * players
    state.acting = [None] * players


def event_changed(state: ParaState) -> None:
    """The round's Event came or went: the rule changes are worked out again (an Event has no
    action, so the actions stay as they are)."""
    state.force = [None] * state.game.players

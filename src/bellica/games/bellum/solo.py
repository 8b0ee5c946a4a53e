"""The solo scenarios' scripted opponents: the Hells, the Monsters and the Greeks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bellica.games.bellum.state import BLOCKING, DECLARE, DEPLOY, DRAW, RALLY

if TYPE_CHECKING:
    from bellica.games.bellum.cards import Effect
    from bellica.games.bellum.state import BellumState

HELLS, PLAGUE, TROY = "solo-hercules", "solo-plague", "solo-troy"
PLAYER, SCRIPTED = 0, 1


def _id(state: BellumState) -> str:
    scenario = state.game.scenario
    return scenario.id if scenario is not None else ""


def _hero(state: BellumState) -> int:
    scenario = state.game.scenario
    assert scenario is not None
    return scenario.hero


def _in_play(state: BellumState, uid: int) -> bool:
    owner = state.owner[uid]
    return owner >= 0 and uid in state.play[owner]


def weakest(state: BellumState, uids: list[int]) -> list[int]:
    """The creatures tied for the lowest power (the player picks among a tie)."""
    low = min(state.power(u) for u in uids)
    return [u for u in uids if state.power(u) == low]


def strongest(state: BellumState, uids: list[int]) -> list[int]:
    high = max(state.power(u) for u in uids)
    return [u for u in uids if state.power(u) == high]


# -- hooks the engine calls -------------------------------------------------------------------
def optional_rally(state: BellumState, uid: int) -> bool:
    """Plague: you may leave Charon's Rally unused."""
    return _id(state) == PLAGUE and uid == _hero(state)


def waived(state: BellumState, src: int) -> bool:
    """Plague: Charon's Rally works even without another Oracle."""
    return _id(state) == PLAGUE and src == _hero(state)


HARMFUL = frozenset({"damage", "destroy", "petrify", "remove"})


def pick(state: BellumState, side: int, src: int, effect: Effect, cands: list[int]) -> list[int]:
    """The scripted side's target: Hells damage goes to Hercules; the Monsters (and Greek
    Assassins) hurt your weakest creature, and nobody when you have none. Other choices, and
    ties, are left to the player."""
    scenario = _id(state)
    if scenario == HELLS:
        hero = _hero(state)
        if effect.verb == "damage" and hero in cands:
            return [hero]
        return cands
    if effect.verb not in HARMFUL:
        return cands
    if scenario == PLAGUE or (scenario == TROY and state.game.table.card[src].name == "Assassin"):
        yours = [u for u in cands if state.owner[u] == PLAYER]
        return weakest(state, yours) if yours else []
    return cands


def discard(state: BellumState, side: int, amount: int) -> None:
    """Troy: the Greeks discard the first Reinforcements card. The Hells and the Monsters hold
    no hand, so they discard nothing."""
    if _id(state) == TROY:
        for _ in range(amount):
            if state.reinforcements:
                state.discard[side].append(state.reinforcements.pop(0))


def left_play(state: BellumState, uid: int) -> None:
    from bellica.games.bellum.turn import end_game

    if _id(state) == HELLS and uid == _hero(state) and state.winners is None:
        end_game(state, (), "Hercules was destroyed")


def rally_start(state: BellumState, side: int) -> None:
    """Hells: at the start of your turn Hercules loses a damage token."""
    if _id(state) == HELLS and side == PLAYER:
        hero = _hero(state)
        if _in_play(state, hero) and state.damage[hero] > 0:
            state.damage[hero] -= 1


def hand_uses(state: BellumState, side: int) -> list[int]:
    """Hells: a Labyrinth in hand can be discarded to heal Hercules."""
    if _id(state) != HELLS or side != PLAYER:
        return []
    hero = _hero(state)
    if not _in_play(state, hero) or state.damage[hero] == 0:
        return []
    return [u for u in state.hand[side] if state.face_of(u).kind == "labyrinth"]


def use_from_hand(state: BellumState, side: int, uid: int) -> None:
    scenario = state.game.scenario
    assert scenario is not None
    hero = scenario.hero
    state.hand[side].remove(uid)
    state.discard[side].append(uid)
    state.damage[hero] = max(0, state.damage[hero] - scenario.labyrinth_heal)


def forced_blocks(state: BellumState) -> bool:
    """Blocks the script makes before the others: the strongest Hells creature blocks
    Hercules; Achilles blocks the strongest Trojan attacker. True when a tie is being decided
    (the blocks step runs again after)."""
    from bellica.games.bellum.turn import block

    scenario = _id(state)
    if state.active != PLAYER or scenario not in (HELLS, TROY):
        return False
    hero = _hero(state)
    if scenario == HELLS:
        if hero not in state.attackers or any(a == hero for a, _ in state.blocks):
            return False
        blockers = [
            u
            for u in state.living(SCRIPTED)
            if state.cover[u] < 0 and not state.status[u] & BLOCKING
        ]
        if not blockers:
            return False
        tied = strongest(state, blockers)
        if len(tied) == 1:
            block(state, hero, tied[0])
            return False
        state.stack.append(("blocks", 0))
        state.stack.append(("assign", PLAYER, "blocks_hero", tuple(tied)))
        return True
    # Troy: Achilles picks the strongest attacker.
    if not _in_play(state, hero) or state.status[hero] & BLOCKING or state.cover[hero] >= 0:
        return False
    if not state.attackers:
        return False
    blockable = [a for a in state.attackers if not state.has_ongoing(a, "unblockable")]
    if not blockable:
        return False
    tied = strongest(state, blockable)
    if len(tied) == 1:
        block(state, tied[0], hero)
        return False
    state.stack.append(("blocks", 0))
    state.stack.append(("assign", PLAYER, "hero_blocks", tuple(tied)))
    return True


def assign(state: BellumState, task: tuple[Any, ...], uid: int) -> None:
    from bellica.games.bellum.turn import block

    hero = _hero(state)
    if task[2] == "blocks_hero":
        block(state, hero, uid)
    else:
        block(state, uid, hero)


def after_blocks(state: BellumState) -> None:
    """Hells: after your blocks, Hercules blocks every Hells attacker still unblocked."""
    if _id(state) != HELLS or state.active != SCRIPTED:
        return
    hero = _hero(state)
    if not _in_play(state, hero) or state.cover[hero] >= 0:
        return
    blocked = {a for a, _ in state.blocks}
    for attacker in state.attackers:
        if attacker not in blocked:
            state.blocks.append((attacker, hero))
            state.status[hero] |= BLOCKING


def on_unblocked(state: BellumState, free: list[int]) -> bool:
    """What an unblocked attacker does in a scenario; True when the scenario handled it."""
    from bellica.games.bellum.turn import end_game

    scenario = _id(state)
    if scenario == HELLS:
        return True  # nobody in the Hells has a city
    if scenario == PLAGUE:
        if free and state.active == SCRIPTED:
            end_game(state, (), "a Monster got through unblocked and destroyed Charon")
        return True
    if state.active == PLAYER:  # Troy: an unblocked Trojan may flee
        if free:
            state.stack.append(("flee", PLAYER, tuple(free)))
        return True
    return False


def flee(state: BellumState, uid: int) -> None:
    from bellica.games.bellum.turn import end_game
    from bellica.games.bellum.zones import leave_play

    leave_play(state, uid, "stock")
    state.caused.append(("fled", uid))
    state.fled += 1
    if state.fled >= 3:
        end_game(state, (PLAYER,), "three Trojan creatures fled the city")


def check_end(state: BellumState) -> bool:
    """Plague: won once the Monsters' deck is empty and none of their creatures is left."""
    from bellica.games.bellum.turn import end_game

    if _id(state) == PLAGUE and not state.deck[SCRIPTED] and not state.creatures(SCRIPTED):
        end_game(state, (PLAYER,), "the Monsters' deck is empty and no Monster is left")
        return True
    return False


# -- the scripted turn ---------------------------------------------------------------------
def opponent_turn(state: BellumState) -> None:
    stack = state.stack
    stack.append(("end_turn",))
    stack.append(("solo_draw",))
    stack.append(("solo_deploy",))
    stack.append(("solo_assault",))
    stack.append(("solo_rally",))


def run_task(state: BellumState, task: tuple[Any, ...]) -> None:
    kind = task[0]
    if kind == "solo_rally":
        _rally(state)
    elif kind == "solo_assault":
        _assault(state)
    elif kind == "solo_deploy":
        state.phase = DEPLOY
        if _id(state) == TROY and state.reinforcements:
            state.stack.append(("solo_reinforce",))
    elif kind == "solo_reinforce":
        if not state.reinforcements:  # a Greek discard may have taken the last one
            return
        uid = state.reinforcements.pop(0)
        if state.reinforcements:
            state.stack.append(("solo_reinforce",))
        play_scripted(state, uid)
    elif kind == "solo_draw":
        _draw(state)
    elif kind == "solo_reveal":
        _reveal(state, task[1])
    else:
        raise ValueError(f"unknown solo task {kind!r}")


def _rally(state: BellumState) -> None:
    from bellica.games.bellum.resolve import enter_play, order_triggers
    from bellica.games.bellum.turn import rally_abilities

    state.phase = RALLY
    uids = rally_abilities(state, SCRIPTED)
    if _id(state) == PLAGUE:  # only Myth creatures' (and relics') rally abilities
        uids = [u for u in uids if not state.is_creature(u) or state.face_of(u).clan == "myth"]
    order_triggers(state, "rally", uids)  # simultaneous: the player orders them (ruling 18)
    if _id(state) == TROY:
        hero = _hero(state)
        if _in_play(state, hero) and state.cover[hero] < 0:
            soldiers = [
                u
                for u in state.reinforcements
                if state.face_of(u).kind == "creature" and state.face_of(u).clan == "soldier"
            ]
            if soldiers:
                state.reinforcements.remove(soldiers[0])
                enter_play(state, soldiers[0], SCRIPTED)


def _assault(state: BellumState) -> None:
    from bellica.games.bellum.turn import begin_declare, declare, start_assault

    begin_declare(state)
    state.phase = DECLARE
    for uid in state.living(SCRIPTED):
        if state.cover[uid] < 0:
            declare(state, uid)
    if state.attackers:
        start_assault(state)


def _draw(state: BellumState) -> None:
    from bellica.games.bellum.zones import put, reshuffle

    state.phase = DRAW
    scenario = state.game.scenario
    assert scenario is not None
    if scenario.id == TROY:
        deck = state.deck[SCRIPTED]
        for _ in range(3):
            if not deck and not reshuffle(state, SCRIPTED):
                break
            uid = deck.pop()
            if state.face_of(uid).kind == "labyrinth":
                put(state, uid, SCRIPTED, "stock")  # Removed: one Reinforcement fewer
            else:
                state.reinforcements.append(uid)
        return
    reveal = scenario.reveal
    count = reveal[min(state.cycles, len(reveal) - 1)]
    state.stack.append(("solo_reveal", count))


def _reveal(state: BellumState, count: int) -> None:
    """Play the Hells' (or the Monsters') next card; the Hells' deck running out is counted."""
    from bellica.games.bellum.turn import end_game
    from bellica.games.bellum.zones import reshuffle

    deck = state.deck[SCRIPTED]
    if not deck and _id(state) == HELLS:
        state.cycles += 1
        if state.cycles >= 2:
            end_game(state, (PLAYER,), "Hercules went through the Hells and came back out")
            return
        reshuffle(state, SCRIPTED)
    if count <= 0 or not deck:
        return
    uid = deck.pop()
    state.stack.append(("solo_reveal", count - 1))
    play_scripted(state, uid)


def play_scripted(state: BellumState, uid: int) -> None:
    from bellica.games.bellum.resolve import enter_play, play_spell

    state.owner[uid] = SCRIPTED
    kind = state.face_of(uid).kind
    if kind in ("creature", "relic"):
        enter_play(state, uid, SCRIPTED)
    elif kind == "spell" and state.face_of(uid).play:
        play_spell(state, SCRIPTED, uid)
    else:
        state.discard[SCRIPTED].append(uid)

"""The action space: card decisions, plain decisions, and attacks (an attacker and its target)."""

from __future__ import annotations

from typing import Any

from bellica.core import Action, IllegalAction
from bellica.core.cards import CardActionSpace, CardTable
from bellica.core.options import shown
from bellica.games.siege_of_olympus.cards import MAX_MINIONS

MAX_CARDS = 120  # uids per card file (ours holds 86)
COMMANDER = "commander"  # an attack's target when it strikes the enemy Commander
TARGETS = MAX_MINIONS + 1  # an attacker's targets: every minion slot, then the Commander

# Decisions about one card, in index order; each takes MAX_CARDS indices.
CARD_KINDS = (
    ("summon", "Summon {}"),
    ("cast", "Cast {}"),
    ("use", "Use {}"),
    ("leave", "Leave {} in the Agora"),
    ("take", "Take {} from the Agora"),
    ("target", "Choose {}"),
    ("return", "Return {} to the Deck"),
    ("discard", "Discard {}"),
    ("disrupt", "Disrupt with {}"),
    ("commander", "Lead with {}"),
)
# Decisions that name no card.
PLAIN_KINDS = (
    ("end_deploy", "End the Deploy phase"),
    ("end_recruit", "End the Recruit phase"),
    ("end_turn", "End the turn"),
    ("keep", "Keep this hand"),
    ("no_disrupt", "Let it happen"),
    ("skip", "Skip this effect"),
    ("pick_1", "Choose option 1"),
    ("pick_2", "Choose option 2"),
    ("pick_3", "Choose option 3"),
)
ATTACK = "attack"
FIGHT_BASE = len(CARD_KINDS) * MAX_CARDS + len(PLAIN_KINDS)
SIZE = FIGHT_BASE + MAX_MINIONS * TARGETS


class SiegeActions(CardActionSpace):
    """Card and plain actions as in every card game, then one index per attacker and target:
    `{"kind": "attack", "card": "012", "target": "030"}` ("commander" for the enemy
    Commander). Minions hold the first uids, so an attacker's or a target's uid is its slot."""

    def __init__(self, table: CardTable[Any], minions: int) -> None:
        super().__init__(table, CARD_KINDS, PLAIN_KINDS, MAX_CARDS)
        self.minions = minions
        self.fight_base = self.size
        self.size = self.fight_base + MAX_MINIONS * TARGETS

    def __missing__(self, index: int) -> Action:
        if isinstance(index, int) and not isinstance(index, bool) and self.fight_base <= index:
            if index >= self.size:
                raise IllegalAction(f"action index must be in 0..{self.size - 1}, not {index}")
            attacker, target = divmod(index - self.fight_base, TARGETS)
            if attacker >= self.minions or (target != MAX_MINIONS and target >= self.minions):
                raise IllegalAction(f"action index {index} names no minion of this game")
            action = self._fight(index, attacker, -1 if target == MAX_MINIONS else target)
            self[index] = action
            return action
        return super().__missing__(index)

    def _fight(self, index: int, attacker: int, target: int) -> Action:
        table = self.table
        if target < 0:
            params = {"card": table.token[attacker], "target": COMMANDER}
            text = f"{table.label[attacker]} attacks the enemy Commander"
        else:
            params = {"card": table.token[attacker], "target": table.token[target]}
            text = f"{table.label[attacker]} attacks {table.label[target]}"
        return Action(ATTACK, params, index, text)

    def attack(self, attacker: int, target: int) -> Action:
        """The attack of minion `attacker` on minion `target` (-1: the enemy Commander)."""
        slot = MAX_MINIONS if target < 0 else target
        return self[self.fight_base + attacker * TARGETS + slot]

    def fight(self, action: Action) -> tuple[int, int]:
        """An attack's attacker and target uids (-1: the Commander)."""
        attacker, target = divmod(action.index - self.fight_base, TARGETS)
        return attacker, -1 if target == MAX_MINIONS else target

    def uid(self, action: Action) -> int:
        index = action.index
        if index >= self.fight_base:
            return (index - self.fight_base) // TARGETS
        return super().uid(action)

    def from_json(self, data: Any) -> Action:
        if isinstance(data, dict) and data.get("kind") == ATTACK:
            if set(data) != {"kind", "card", "target"}:
                raise IllegalAction(
                    'an attack names its card and its target ("commander" or a card)'
                )
            attacker = self._minion(data["card"])
            target = data["target"]
            return self.attack(attacker, -1 if target == COMMANDER else self._minion(target))
        return super().from_json(data)

    def _minion(self, token: Any) -> int:
        uid = self.table.uid_by_token.get(token) if isinstance(token, str) else None
        if uid is None or uid >= self.minions:
            raise IllegalAction(f"no minion {shown(token)} in this game")
        return uid

"""The card toolkit: physical copies, zones, per-card counters, card actions, hidden cards."""

from bellica.core.cards.action_space import CardActionSpace, Worded
from bellica.core.cards.card_game import CardGame
from bellica.core.cards.card_log import BOUGHT, DRAWN, PLAYED, CardLog, CardUse, card_fact
from bellica.core.cards.choices import CardChoice
from bellica.core.cards.counters import Counter, Counters
from bellica.core.cards.knowledge import resample, zone_tensor_size, zones_tensor
from bellica.core.cards.notation import CardCodec
from bellica.core.cards.table import CardTable, Copy
from bellica.core.cards.zones import PRIVATE, PUBLIC, SECRET, TOP, Family, Layout, Zones

__all__ = [
    "BOUGHT",
    "DRAWN",
    "PLAYED",
    "PRIVATE",
    "PUBLIC",
    "SECRET",
    "TOP",
    "CardActionSpace",
    "CardChoice",
    "CardCodec",
    "CardGame",
    "CardLog",
    "CardTable",
    "CardUse",
    "Copy",
    "Counter",
    "Counters",
    "Family",
    "Layout",
    "Worded",
    "Zones",
    "card_fact",
    "resample",
    "zone_tensor_size",
    "zones_tensor",
]

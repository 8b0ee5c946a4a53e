"""The physical cards of one configuration: every copy gets a uid, a token and a label."""

from __future__ import annotations

from bellica.games.bellum.cards import Card, CardSet, Face

# Which of the box-b copies a four-player game adds: every player needs a starter deck and
# every battlefield its own Olympus stacks; Legend, City, Stock and Help cards stay single.
SECOND_BOX_DECKS = ("olympus", "basic")


class CardTable:
    """Card copies by uid. A uid never changes meaning within one configuration, so positions
    and records can name cards by it; people read the token ("045", or "045b" for the second
    box's copy) and the label ("Hoplite (045)")."""

    def __init__(self, cards: CardSet, boxes: int) -> None:
        self.cards = cards
        self.card: list[Card] = []
        self.box: list[int] = []
        for box in range(boxes):
            for card in cards.card:
                if box == 0 or card.deck in SECOND_BOX_DECKS:
                    self.card.append(card)
                    self.box.append(box)
        self.size = len(self.card)
        self.token = [
            f"{c.number:03d}" + ("" if b == 0 else "b")
            for c, b in zip(self.card, self.box, strict=True)
        ]
        self.label = [
            f"{c.name}{' / ' + c.back.name if c.back else ''} ({t})"
            for c, t in zip(self.card, self.token, strict=True)
        ]
        self.uid_by_token = {t: uid for uid, t in enumerate(self.token)}
        self.faces: list[tuple[Face, Face | None]] = [(c, c.back) for c in self.card]
        self.home = [c.deck for c in self.card]

    def uids(self, deck: str, box: int | None = None) -> list[int]:
        """The uids of one starting deck (optionally of one box), in number order."""
        return [
            uid
            for uid in range(self.size)
            if self.home[uid] == deck and (box is None or self.box[uid] == box)
        ]

    def uid(self, number: int, box: int = 0) -> int:
        """The uid of card `number` in box `box`; KeyError when that copy does not exist."""
        return self.uid_by_token[f"{number:03d}" + ("" if box == 0 else "b")]

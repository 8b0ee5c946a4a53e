"""Cards in position text: "045[d2,s]@1" is card 045 with two damage, a shield, owned by side 1."""

from __future__ import annotations

import re
from typing import Any

from bellica.core.cards.counters import CARD, COUNT, FLAG, Counters
from bellica.core.cards.table import CardTable
from bellica.core.errors import InvalidPosition

_WORD = re.compile(r"^(?P<token>[^\[\]@\s]+)(?:\[(?P<marks>[^\]]*)\])?(?:@(?P<owner>\d{1,2}))?$")
_NUMBER = re.compile(r"^\d{1,4}$")


class CardCodec:
    """Writes cards with their counters as words, and reads them back, refusing anything that
    is not a card of this configuration or a counter value the game allows."""

    def __init__(self, table: CardTable[Any], counters: Counters) -> None:
        self.table = table
        self.counters = counters

    def word(self, uid: int, values: list[list[int]], owner: int | None = None) -> str:
        marks = []
        for counter, row in zip(self.counters.counters, values, strict=True):
            value = row[uid]
            if value == counter.empty:
                continue
            if counter.kind == FLAG:
                marks.append(counter.mark)
            elif counter.kind == CARD:
                marks.append(counter.mark + self.table.token[value])
            else:
                marks.append(f"{counter.mark}{value}")
        text = self.table.token[uid] + (f"[{','.join(marks)}]" if marks else "")
        return text if owner is None else f"{text}@{owner}"

    def words(
        self, uids: list[int], values: list[list[int]], owners: list[int] | None = None
    ) -> str:
        """The cards as a line of words, "-" for none; with `owners`, each card's owner too."""
        if not uids:
            return "-"
        return " ".join(
            self.word(uid, values, None if owners is None else owners[uid]) for uid in uids
        )

    def read(
        self, text: str, values: list[list[int]], where: str, max_owner: int = 0
    ) -> list[tuple[int, int | None]]:
        """The cards a line names, each with the owner it gives (None when not given); their
        counters are written into `values`. Raises InvalidPosition naming `where`."""
        text = text.strip()
        if text == "-":
            return []
        out = []
        for word in text.split():
            match = _WORD.match(word)
            uid = self.table.uid_by_token.get(match["token"]) if match else None
            if match is None or uid is None:
                raise InvalidPosition(f"{where}: {word[:40]!r} is not a card of this game")
            seen: set[str] = set()
            for mark in filter(None, (match["marks"] or "").split(",")):
                self._mark(uid, mark, values, where, seen)
            owner = match["owner"]
            if owner is not None and int(owner) > max_owner:
                raise InvalidPosition(
                    f"{where}: {word!r} names owner {owner}; there is no such side"
                )
            out.append((uid, None if owner is None else int(owner)))
        return out

    def _mark(
        self, uid: int, mark: str, values: list[list[int]], where: str, seen: set[str]
    ) -> None:
        counter = self.counters.by_mark.get(mark[0])
        bad = InvalidPosition(f"{where}: bad mark {mark[:20]!r} on card {self.table.token[uid]}")
        if counter is None or counter.mark in seen:
            raise bad
        seen.add(counter.mark)
        row = values[self.counters.index[counter.name]]
        rest = mark[1:]
        if counter.kind == FLAG:
            if rest:
                raise bad
            row[uid] = 1
        elif counter.kind == CARD:
            other = self.table.uid_by_token.get(rest)
            if other is None or other == uid:
                raise bad
            row[uid] = other
        else:
            assert counter.kind == COUNT
            if not _NUMBER.match(rest) or not 0 < int(rest) <= counter.most:
                raise bad
            row[uid] = int(rest)

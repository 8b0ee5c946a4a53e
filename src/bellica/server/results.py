"""A finished game's result in one line, for the list of games: who won, and why."""

from __future__ import annotations

from bellica.core import Outcome


def result_text(outcome: Outcome, names: list[str]) -> str:
    """ "Athens wins: ...", "Draw: ...", or for a solo scenario (one seat) "Scenario won: ..." /
    "Scenario lost: ..."; `names` are the seats as the game names them."""
    reason = outcome.reason or "the game is over"
    if len(names) == 1:
        return f"Scenario {'won' if outcome.winners else 'lost'}: {reason}"
    if not outcome.winners:
        return f"Draw: {reason}"
    winners = [names[seat] for seat in outcome.winners]
    who = winners[0] if len(winners) == 1 else ", ".join(winners[:-1]) + " and " + winners[-1]
    verb = "wins" if len(winners) == 1 else "win"
    text = f"{who} {verb}: {reason}"
    return text[0].upper() + text[1:]

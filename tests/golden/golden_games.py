"""Writes the golden games: seeded random and greedy games of every game and variant, each with
its actions, the number of legal actions at every decision and its final position.

The golden tests replay them after every change to the engine: a refactoring must reach the
same positions through the same decisions. Run `python tests/golden/golden_games.py` only when a
commit deliberately changes how games play (a new ruling), and say so in that commit.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import bellica
from bellica.agents import make_agent
from bellica.core import SeatView, game_class

DATA = Path(__file__).parent / "data"
GAMES_PER_AGENT = 50
AGENTS = ("random", "greedy")


def configs() -> list[tuple[str, int, str]]:
    """Every game bellica ships (not games a test registered), variant and player count."""
    return [
        (info.id, players, variant)
        for info in bellica.games()
        if game_class(info.id).__module__.startswith("bellica.games.")
        for variant in info.variants
        for players in info.allowed_players(variant)
    ]


def file_name(game_id: str, players: int, variant: str) -> Path:
    return DATA / f"{game_id}-{players}p-{variant}.json.gz"


def play(game_id: str, players: int, variant: str, spec: str, seed: int) -> dict[str, object]:
    game = bellica.load(game_id, players=players, variant=variant)
    agents = [make_agent(spec, seed=seed * 10 + seat) for seat in range(players)]
    state = game.new_game(seed=seed)
    counts = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        counts.append(len(state.legal_actions()))
        state.apply(agents[seat].act(SeatView(state, seat)))
    outcome = state.outcome()
    return {
        "seed": seed,
        "agent": spec,
        "actions": [a.to_json() for a in state.actions()],
        "legal_counts": counts,
        "winners": list(outcome.winners),
        "position": state.position(),
    }


def main(only: list[str]) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for game_id, players, variant in configs():
        path = file_name(game_id, players, variant)
        if only and path.name.split(".")[0] not in only:
            continue
        games = [
            play(game_id, players, variant, spec, seed)
            for spec in AGENTS
            for seed in range(GAMES_PER_AGENT)
        ]
        text = json.dumps(
            {"game": game_id, "players": players, "variant": variant, "games": games},
            separators=(",", ":"),
        )
        path.write_bytes(gzip.compress(text.encode(), mtime=0))
        print(f"{path.name}: {len(games)} games, {path.stat().st_size:,} bytes", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

"""`bellica play`: one game in the terminal, a human against AI seats, saved as a record."""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Annotated

import typer

from bellica.cli.params import GameArgument, OptionList, Players, Variant, parse_options


def play(
    game: GameArgument,
    players: Players = None,
    variant: Variant = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat; seat 0 moves first.")] = 0,
    vs: Annotated[
        str,
        typer.Option(
            "--vs", help="The AI for every other seat: random, greedy, mcts:seconds=1, ..."
        ),
    ] = "greedy",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the game (default: a random one).")
    ] = None,
    option: OptionList = None,
    record_dir: Annotated[
        Path, typer.Option("--record-dir", help="Where the game record is saved.")
    ] = Path("records"),
) -> None:
    """Play a game in the terminal against AI opponents.

    Each decision shows what changed on your table and the numbered legal actions (a number
    stays the action's while it is legal): type a number or words from the action's text, in
    any order. Type b to draw the whole table, q to stop. The game is saved as a record for
    `bellica replay`. Game options are given as `-o key=value`; `bellica list GAME` shows
    them.
    """
    from rich.text import Text

    from bellica.agents import make_agent
    from bellica.arena import agent_seed
    from bellica.cli.terminal import count, show_board, show_outcome, stdout
    from bellica.cli.turns import Human, Stop, ai_move
    from bellica.core import InvalidConfig, load

    loaded = load(game, players=players, variant=variant, options=parse_options(option))
    if not 0 <= seat < loaded.players:
        raise InvalidConfig(f"--seat must be 0 to {loaded.players - 1}, not {seat}")
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    agents = {
        other: make_agent(vs, seed=agent_seed(seed, other))
        for other in range(loaded.players)
        if other != seat
    }
    record_dir.mkdir(parents=True, exist_ok=True)
    labels = ["you" if s == seat else agents[s].name for s in range(loaded.players)]
    console = stdout()
    state = loaded.new_game(seed=seed)

    def described(s: int) -> str:  # "seat 1 (the defender)", or "seat 1" for a plain seat
        name = state.seat_label(s)
        return f"seat {s}" if name == f"Seat {s}" else f"seat {s} ({name})"

    others = ", ".join(f"{described(s)}: {labels[s]}" for s in range(loaded.players) if s != seat)
    you = f"You are {described(seat)}"
    console.print(
        Text(
            f"{loaded.info.title} ({loaded.variant}, {count(loaded.players, 'player')}), "
            f"seed {seed}. " + (f"{you}; {others}." if others else "You play alone."),
            style="bold",
        )
    )
    human = Human(console, loaded, seat)
    stopped: str | None = None
    try:
        while not state.is_terminal:
            current = state.current_player
            assert current is not None
            if current == seat:
                action = human.ask(state)
                state.apply(action)
                console.print(Text(f"You play: {action}", style="green"))
            else:
                human.saw(ai_move(console, state, current, agents[current]))
            for event in state.events():
                if not event.quiet:  # a quiet event only repeats the action just printed
                    console.print(Text(f"  {event.text_for(seat)}", style="yellow"))
    except Stop as stop:
        stopped = stop.why
    except KeyboardInterrupt:
        stopped = "interrupted"
    finally:
        record = state.record()
        record.meta = {
            "agents": ["human" if s == seat else labels[s] for s in range(loaded.players)],
            "human_seat": seat,
            "finished": state.is_terminal,
        }
        path = record.save(_record_path(record_dir, loaded.id, seed))
    console.rule("End")
    show_board(console, loaded, state, seat)
    if stopped is None:
        show_outcome(console, state, labels)
    else:
        console.print(f"Stopped after {state.move_count} moves ({stopped}); game not finished.")
    console.print(Text(f"Record saved: {path}"), soft_wrap=True)


def _record_path(directory: Path, game_id: str, seed: int) -> Path:
    """A new file name for a record: game, seed and time, numbered if it is taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = directory / f"{game_id}-{seed}-{stamp}.json"
    number = 2
    while path.exists():
        path = directory / f"{game_id}-{seed}-{stamp}-{number}.json"
        number += 1
    return path

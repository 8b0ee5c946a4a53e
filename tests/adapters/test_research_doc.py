"""docs/research.md against the code: its tensor tables add up to each configuration's
observation shape, its action tables cover each action space exactly, its examples decode as
written, a few slices mean what they say, and no tensor tells a seat what it cannot know."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import bellica
from bellica.adapters.configs import Config, configs

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
GAMES = [info.id for info in bellica.games()]
CONFIGS = list(configs())

# The sizes a table may name, as the code knows them (the doc's sizes tables give them per
# configuration; shape and A are every game's).
KNOWN: dict[str, Callable[[Any], int]] = {
    "shape": lambda game: game.observation_shape[0],
    "A": lambda game: game.num_distinct_actions,
    "C": lambda game: game.table.size,
    "N": lambda game: game.players,
    "L": lambda game: game.players,
    "S": lambda game: game.sides,
    "B": lambda game: game.battlefields,
    "T": lambda game: len(game.tasks.names()),
}


# -- reading the page ---------------------------------------------------------------------------
@dataclass
class Table:
    tag: str  # "tensor", "actions", "sizes" or "examples"
    name: str  # "bellum", or "bellum/globals" for a table that breaks a slice down
    rows_expr: str | None  # "C" for a table of one row per card (the slice is rows × width)
    header: list[str]
    rows: list[list[str]]


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def read_tables(text: str) -> list[Table]:
    """Every table that follows a `<!-- tag name [rows=EXPR] -->` comment line."""
    lines = text.splitlines()
    tables = []
    for i, line in enumerate(lines):
        found = re.fullmatch(r"<!-- (\w+) (\S+)(?: rows=(\S+))? -->", line.strip())
        if not found:
            continue
        header = _cells(lines[i + 1])
        assert set(lines[i + 2].replace("|", "").strip()) <= {"-", ":", " "}, lines[i + 2]
        rows = []
        for row in lines[i + 3 :]:
            if not row.startswith("|"):
                break
            rows.append(_cells(row))
        tables.append(Table(found[1], found[2], found[3], header, rows))
    return tables


TABLES = read_tables(DOC.read_text(encoding="utf-8"))


def tables(tag: str, game_id: str) -> list[Table]:
    return [t for t in TABLES if t.tag == tag and t.name.split("/")[0] == game_id]


def plain(cell: str) -> str:
    return cell.replace("`", "").strip()


def value(expr: str, sizes: dict[str, int]) -> int:
    """An offset or length: whole numbers, the sizes' names, + - * and brackets."""

    def run(node: ast.AST) -> int:
        if isinstance(node, ast.Expression):
            return run(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.Name):
            return sizes[node.id]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub | ast.Mult):
            left, right = run(node.left), run(node.right)
            if isinstance(node.op, ast.Add):
                return left + right
            return left - right if isinstance(node.op, ast.Sub) else left * right
        raise ValueError(f"not a size expression: {expr!r}")

    return run(ast.parse(plain(expr), mode="eval"))


def sizes_of(config: Config) -> dict[str, int]:
    (table,) = tables("sizes", config.game_id)
    rows = [row for row in table.rows if plain(row[0]) == config.name]
    assert len(rows) == 1, f"docs/research.md: no sizes row for {config.name}"
    return {name: int(cell) for name, cell in zip(table.header[1:], rows[0][1:], strict=True)}


@dataclass
class Slice:
    name: str
    offset: int
    length: int


def slices(table: Table, sizes: dict[str, int]) -> list[Slice]:
    assert table.header[:3] == ["slice", "offset", "length"], table.header
    return [Slice(plain(r[0]), value(r[1], sizes), value(r[2], sizes)) for r in table.rows]


# -- the tensor tables ----------------------------------------------------------------------------
def test_the_page_documents_every_game() -> None:
    for game_id in GAMES:
        for tag in ("sizes", "tensor", "actions", "examples"):
            assert tables(tag, game_id), f"docs/research.md has no {tag} table for {game_id}"
    sizes_rows = {plain(r[0]) for t in TABLES if t.tag == "sizes" for r in t.rows}
    assert sizes_rows == {c.name for c in CONFIGS}


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_the_documented_sizes_are_the_code_s(config: Config) -> None:
    game = config.load()
    game.new_game(seed=0)  # every task kind is registered by the time a game is dealt
    for name, documented in sizes_of(config).items():
        if name in KNOWN:
            assert documented == KNOWN[name](game), f"{config.name}: {name}"


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_the_tensor_slices_add_up_to_the_observation_shape(config: Config) -> None:
    game = config.load()
    sizes = sizes_of(config)
    assert len(game.observation_shape) == 1
    lengths: dict[str, int] = {}
    for table in tables("tensor", config.game_id):
        parts = slices(table, sizes)
        at = 0
        for part in parts:
            assert part.offset == at, f"{table.name}: {part.name} starts at {at}"
            assert part.length > 0, f"{table.name}: {part.name}"
            assert part.name not in lengths, f"{config.game_id}: two slices called {part.name}"
            lengths[part.name] = part.length
            at += part.length
        if "/" not in table.name:
            assert at == game.observation_shape[0], f"{config.name}: the slices make {at}"
    for table in tables("tensor", config.game_id):
        if "/" in table.name:
            whole = lengths[table.name.split("/", 1)[1]]
            width = sum(p.length for p in slices(table, sizes))
            rows = value(table.rows_expr, sizes) if table.rows_expr else 1
            assert whole == rows * width, f"{config.name}: {table.name} makes {rows} × {width}"


def slice_names(config: Config) -> set[str]:
    sizes = sizes_of(config)
    return {part.name for t in tables("tensor", config.game_id) for part in slices(t, sizes)}


def indices(config: Config, name: str) -> Any:
    """The tensor entries of slice `name`, as an array whose last axis runs along the slice
    (and whose first axes are its rows, for a slice within a table of rows)."""
    sizes = sizes_of(config)
    found: dict[str, tuple[Table, Slice]] = {}
    for table in tables("tensor", config.game_id):
        for part in slices(table, sizes):
            found[part.name] = (table, part)

    rows = {t.name.partition("/")[2]: t.rows_expr for t in tables("tensor", config.game_id)}

    def resolve(name: str) -> Any:
        table, part = found[name]
        if "/" in table.name:
            whole = resolve(table.name.split("/", 1)[1])
            entries = whole[..., part.offset : part.offset + part.length]
        else:
            entries = np.arange(part.offset, part.offset + part.length)
        if rows.get(name):  # a block of rows, each laid out by a table of its own
            entries = entries.reshape(*entries.shape[:-1], value(rows[name], sizes), -1)
        return entries

    return resolve(name)


# -- the action tables ----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_the_action_blocks_cover_the_action_space(game_id: str) -> None:
    game = bellica.load(game_id)
    (table,) = tables("actions", game_id)
    assert table.header[1:3] == ["indices", "count"], table.header
    at = 0
    for row in table.rows:
        first, _, last = row[1].partition("–")
        first_i, last_i = int(first), int(last or first)
        assert first_i == at, f"{game_id}: {row[0]} starts at {first_i}, not {at}"
        assert int(row[2]) == last_i - first_i + 1, f"{game_id}: {row[0]}"
        at = last_i + 1
    assert at == game.num_distinct_actions


@pytest.mark.parametrize("game_id", GAMES)
def test_the_examples_decode_as_written(game_id: str) -> None:
    game = bellica.load(game_id)
    (table,) = tables("examples", game_id)
    for row in table.rows:
        index = int(row[0])
        action = game.decode(index)
        assert str(action) == row[2]
        assert game.encode(action) == index


# -- the tensors in real states -------------------------------------------------------------------
def sample_states(config: Config, games: int = 2, every: int = 9) -> Iterator[bellica.State]:
    """States of a few random games, one in `every` decisions, and each game's end."""
    game = config.load()
    for seed in range(games):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if rng.randrange(every) == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_the_tensor_is_what_the_doc_says_in_real_states(config: Config) -> None:
    """Values in [0, 1]; `to_play` is 1 for the seat to decide only; `phase` is one-hot;
    in a card game every card is in exactly one place (`places`: a one-hot row per card)."""
    game = config.load()
    to_play = indices(config, "to_play")
    phase = indices(config, "phase")
    places = indices(config, "places") if "places" in slice_names(config) else None
    assert (places is None) == game.perfect_information  # only Imperio Bellum has no cards
    for state in sample_states(config):
        for seat in range(game.players):
            tensor = state.observation_tensor(seat)
            assert tensor.shape == game.observation_shape
            assert tensor.min() >= 0 and tensor.max() <= 1
            assert tensor[phase].sum() == 1
            if not state.is_terminal:
                assert tensor[to_play].tolist() == [float(state.current_player == seat)]
            if places is not None:
                assert (tensor[places].sum(axis=-1) == 1).all()


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_no_tensor_changes_when_its_seat_s_hidden_information_is_resampled(
    config: Config,
) -> None:
    game = config.load()
    resampled = 0
    for state in sample_states(config):
        for seat in range(game.players):
            tensor = state.observation_tensor(seat)
            for seed in (1, 2):
                other = state.determinize(seat, seed)
                assert np.array_equal(other.observation_tensor(seat), tensor)
                resampled += other.position() != state.position()
    # The check means something: the samples did deal hidden cards again.
    assert (resampled > 0) != game.perfect_information


def adapter_examples() -> list[str]:
    """The Python examples of the page's "Using the adapters" section."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Using the adapters") : text.index("## Training example")]
    return re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)


@pytest.mark.parametrize("number", range(3))
def test_the_adapter_examples_run_as_written(
    number: int, capsys: pytest.CaptureFixture[str]
) -> None:
    examples = adapter_examples()
    assert len(examples) == 3  # PettingZoo, OpenSpiel, Gymnasium
    exec(compile(examples[number], f"docs/research.md example {number + 1}", "exec"), {})
    assert capsys.readouterr().out.strip()  # each ends by printing what it reached

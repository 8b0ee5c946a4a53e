"""The golden games replay to the same positions through the same decisions."""

from __future__ import annotations

import gzip
import json

import pytest
from golden_games import DATA

import bellica

FILES = sorted(DATA.glob("*.json.gz"))


def test_every_game_and_variant_has_golden_games():
    from golden_games import configs, file_name

    assert {file_name(*config) for config in configs()} <= set(FILES)


@pytest.mark.parametrize("path", FILES, ids=[p.name.split(".")[0] for p in FILES])
def test_golden_games_replay_identically(path):
    data = json.loads(gzip.decompress(path.read_bytes()))
    game = bellica.load(data["game"], players=data["players"], variant=data["variant"])
    for played in data["games"]:
        state = game.new_game(seed=played["seed"])
        where = f"{path.name}, {played['agent']} game seed {played['seed']}"
        for number, (data_action, count) in enumerate(
            zip(played["actions"], played["legal_counts"], strict=True), start=1
        ):
            assert len(state.legal_actions()) == count, f"{where}: decision {number}"
            state.apply(game.action_from_json(data_action))
        assert state.is_terminal, where
        assert list(state.outcome().winners) == played["winners"], where
        assert state.position() == played["position"], where

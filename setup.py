"""Opt-in mypyc build: `BELLICA_COMPILE=1 pip install .` compiles the hot modules listed below
(Para Bellum's rules and the core machinery they lean on); without it the install is pure
Python. Everything else about the package is in pyproject.toml."""

import os

from setuptools import setup

COMPILED = [
    "src/bellica/core/rng.py",
    "src/bellica/core/stack.py",
    "src/bellica/games/para_bellum/rules/flow.py",
    "src/bellica/games/para_bellum/rules/grid.py",
    "src/bellica/games/para_bellum/rules/scoring.py",
    "src/bellica/games/para_bellum/rules/modifiers.py",
    "src/bellica/games/para_bellum/rules/dice.py",
    "src/bellica/games/para_bellum/rules/effects.py",
    "src/bellica/games/para_bellum/rules/turn.py",
    "src/bellica/games/para_bellum/rules/setup.py",
    "src/bellica/games/para_bellum/heuristics.py",
]

if os.environ.get("BELLICA_COMPILE") == "1":
    try:
        from mypyc.build import mypycify  # mypyc ships with mypy
    except ImportError:
        raise SystemExit(
            "BELLICA_COMPILE=1 needs mypy and the package's dependencies where it builds: "
            "pip install --no-build-isolation (mypy from the dev extra, setuptools>=77)"
        ) from None
    setup(ext_modules=mypycify(COMPILED, opt_level="3"))
else:
    setup()

"""One package per game; `bellica.games()` still lists them (this package is callable).

DESIGN.md asks for both a `bellica.games()` function and a `bellica/games/` package. Once a
game is imported, Python binds the package to the name `bellica.games`, hiding the function,
so the package itself answers calls by listing the registered games.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bellica.core.game import GameInfo


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[GameInfo]:
        from bellica.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage

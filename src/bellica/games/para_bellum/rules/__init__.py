"""The rules of Para Bellum: set-up, the army grid, dice and payments, effects, the turn."""

from bellica.core.stack import TaskKinds

TASKS = TaskKinds()  # every kind of pending work, registered by the rules modules

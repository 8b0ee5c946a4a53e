"""The rules of Siege of Olympus: set-up, the turn's phases, combat, effects, and the flow."""

from bellica.core.stack import TaskKinds

TASKS = TaskKinds()  # every kind of pending work, registered by the rules modules

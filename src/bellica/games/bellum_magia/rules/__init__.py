"""The rules of Bellum Magia: set-up, the day's six steps, raids, recruiting, and the flow."""

from bellica.core.stack import TaskKinds

TASKS = TaskKinds()  # every kind of pending work, registered by the rules modules

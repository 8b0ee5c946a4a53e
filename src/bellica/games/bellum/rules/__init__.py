"""Bellum's rules: setting up, the turn's phases, abilities and their effects, buying, and
whose decision it is. Every kind of pending work is a task on the stack, registered here."""

from bellica.core.stack import TaskKinds

TASKS = TaskKinds()

"""Agents that play any bellica game through a SeatView: random, greedy and MCTS."""

from bellica.agents.base import Agent, Option
from bellica.agents.greedy import GreedyAgent
from bellica.agents.mcts import MctsAgent
from bellica.agents.random_agent import RandomAgent
from bellica.agents.spec import AGENT_NAMES, AGENTS, make_agent, parse_spec

__all__ = [
    "AGENTS",
    "AGENT_NAMES",
    "Agent",
    "GreedyAgent",
    "MctsAgent",
    "Option",
    "RandomAgent",
    "make_agent",
    "parse_spec",
]

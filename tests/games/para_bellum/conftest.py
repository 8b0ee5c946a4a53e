"""Lets the Para Bellum tests import their helpers modules."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

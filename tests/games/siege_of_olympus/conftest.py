"""Lets the Siege of Olympus tests import their helpers module."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

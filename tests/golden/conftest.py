"""Lets the golden tests import the module that writes the golden games."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

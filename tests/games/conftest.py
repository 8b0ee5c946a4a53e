"""Lets every game's tests import the helpers shared by the games (card_file_fuzz)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

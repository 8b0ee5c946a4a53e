"""Our games for AI researchers: PettingZoo, OpenSpiel and Gymnasium adapters.

Each adapter is its own module, importing its library only when it is imported itself
(`pip install bellica[adapters]`); `bellica.adapters.configs` lists what they cover.
"""

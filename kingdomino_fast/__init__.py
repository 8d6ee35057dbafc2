"""``kingdomino[fast]``: a compiled kernel of whole games (numba), for simulations.

It plays the covered rulesets with the built-in ``random`` and ``greedy`` agents
exactly as the Python engine does for the same seeds (``docs/fast.md``); anything
else runs in Python. Importing this package needs numba and numpy.
"""

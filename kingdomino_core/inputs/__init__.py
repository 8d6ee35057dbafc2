"""Reading what users give us, safely: size limits, strict conversion with readable
error paths, and which code a ruleset or save may run.
"""

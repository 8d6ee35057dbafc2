"""Ruleset files: finding them by name or path, reading their ``extends`` chains,
merging, line numbers for messages, and the checks (trust included) that turn a
file into a ``Ruleset`` (the value itself is ``kingdomino_core.model.ruleset``).
"""

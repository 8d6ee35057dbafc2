"""``kd``: the command line of the kingdomino engine."""

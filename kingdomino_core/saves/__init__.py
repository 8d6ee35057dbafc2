"""Games on disk: save files (write, read, replay, verify), actions as JSON, and the
text format of kingdoms.
"""

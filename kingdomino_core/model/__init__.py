"""The things on the table: board geometry, dominoes and terrains, kingdoms, the
actions players take and the score sheets they end with.

Plain values with no knowledge of plugins or of how a game is run; every other
package builds on these.
"""

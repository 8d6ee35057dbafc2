"""The plugin contract: the ``@hookimpl``/``@hookspec`` markers and ``HOOK_API``, the
hook specifications, finding and loading plugins into pluggy, and the checks made
on what a plugin returns.
"""

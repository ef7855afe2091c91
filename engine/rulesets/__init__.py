"""Bundled rule systems: one package each, declared by its ``SYSTEM`` spec.

``BUNDLED`` is the one registry line: the packages below this one, the default system
first. Importing this package imports none of them (``engine.ruleset.registry`` reads
their light ``__init__`` modules when a system is looked up).
"""

BUNDLED: tuple[str, ...] = ("sanctum_mortalis", "saga", "xk6", "star_quest", "sanctum_mortalis.campaign")

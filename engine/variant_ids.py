"""The rule sets' ids, in the order they are offered, and nothing else: the command line
lists them (``mjscore rules``, ``--variant``) without importing the engine for it."""

VARIANTS = ("nanning", "nanjing", "guobiao", "nanchang")

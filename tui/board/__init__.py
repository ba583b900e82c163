"""The live board: a read-only view of one session for a second terminal, a projector or
the players' phones (``mjscore board`` and, through textual-serve, ``mjscore serve``)."""

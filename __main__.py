"""``python -m mjscore``: the same as the ``mjscore`` command.

The repository root is the ``mjscore`` namespace (see ``[tool.setuptools]`` in
pyproject.toml); this is its only file, installed as ``mjscore/__main__.py``.
"""

from mjscore.tui.cli import run

run()

"""What the home screen does before its first frame: its footer's keys are mounted once."""

from __future__ import annotations

from mjscore.tui.screens.home import HomeScreen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tests.builders import app_on, run


@run
async def test_the_home_footer_mounts_its_keys_once_before_the_first_frame(ledger, monkeypatch):
    builds: list[int] = []
    compose = Footer.compose

    def counted(self):
        children = list(compose(self))
        if any(isinstance(c, FooterKey) for c in children):
            builds.append(len(children))
        return children

    monkeypatch.setattr(Footer, "compose", counted)
    for width in (80, 140):  # the narrow footer (shared labels) and the wide one
        builds.clear()
        app = app_on(ledger)
        async with app.run_test(size=(width, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            assert len(builds) == 1, builds


@run
async def test_the_home_screen_is_laid_out_for_a_narrow_terminal_before_it_is_mounted(
    ledger, monkeypatch
):
    seen: list[bool] = []
    on_mount = HomeScreen.on_mount

    def noted(self) -> None:
        seen.append(self.has_class("grouped-keys"))  # before any resize reached it
        on_mount(self)

    monkeypatch.setattr(HomeScreen, "on_mount", noted)
    app = app_on(ledger)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert seen == [True]
        assert app.screen.has_class("grouped-keys")
        await pilot.resize_terminal(140, 24)  # and it follows the terminal as before
        await pilot.pause()
        assert not app.screen.has_class("grouped-keys")


def test_the_home_columns_are_not_parsed_as_markup(tmp_path):
    """A str column label is markup to DataTable, and parsing it imports rich's table of
    emoji names (some 4,000 entries) before the first frame; the labels are plain text."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from mjscore.tui.app import make_app\n"
        "async def auto(pilot):\n"
        "    while type(pilot.app.screen).__name__ != 'HomeScreen':\n"
        "        await pilot.pause()\n"
        "    await pilot.pause()\n"
        "    print('rich._emoji_codes' in sys.modules)\n"
        "    pilot.app.exit()\n"
        "app = make_app(db_path=sys.argv[1], lang='zh')\n"
        "app.run(headless=True, size=(80, 24), auto_pilot=auto)\n"
        "app.ledger.close()\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "ledger.sqlite3")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split()[-1] == "False"

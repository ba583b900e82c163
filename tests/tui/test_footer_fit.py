"""At 80 columns the home screen's and Edit hand's footers keep every key in view, in both
languages: each shown binding is on the footer, inside the screen, not covered by the
command palette's key (^p) docked at the right."""

from __future__ import annotations

import pytest
from textual.widgets import Footer

from tests.builders import app_on, jing_event, open_table, run, session


def _footer_problems(screen, width: int) -> list[str]:
    footer = screen.query_one(Footer)
    keys = list(footer.query("FooterKey"))
    shown = {k.key_display for k in keys}
    problems = []
    for b in screen._bindings.key_to_bindings.values():
        for binding in b:
            want = screen.app.get_key_display(binding)
            name, _, params = binding.action.partition("(")
            args = tuple(p.strip("'\" )") for p in params.split(",") if p.strip("'\" )"))
            if screen.check_action(name, args) is False:
                continue  # a key this rule set or this moment does not have
            if binding.show and binding.description and want not in shown:
                problems.append(f"{want} not on the footer")
    spans = sorted((k.region.x, k.region.right, k.key_display) for k in keys)
    groups = sorted((g.region.x, g.region.right, "group") for g in footer.query("KeyGroup"))
    for _x, right, key in spans + groups:
        if right > width:
            problems.append(f"{key} cut at the right edge ({right} > {width})")
    # nothing but the docked palette key is drawn over another key or group
    palette = [s for s in spans if s[2] == "^p"]
    for x, right, key in spans + groups:
        if palette and key != "^p" and right > palette[0][0]:
            if not any(g[0] <= x and right <= g[1] for g in groups):  # a key in its group
                problems.append(f"{key} under the palette key")
    return problems


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@run
async def test_home_footer_fits(ledger, lang, size):
    session(ledger, "nanjing")
    app = app_on(ledger, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"
        assert _footer_problems(app.screen, size[0]) == []


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("variant", ["nanchang", "nanjing"])
@run
async def test_edit_hand_footer_fits(ledger, lang, variant):
    sid = session(ledger, variant)
    if variant == "nanchang":
        ledger.add_event(sid, jing_event("5m"))
    ledger.add_event(sid, {"type": "draw"})
    app = app_on(ledger, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot, sid)
        await pilot.press("enter")  # Enter on the latest hand opens it for editing
        await pilot.pause()
        assert type(app.screen).__name__ == "HandEditScreen"
        assert _footer_problems(app.screen, 80) == []

"""Hints and previews that tell the truth: each test types what a person at the table typed
and checks that what a dialog says agrees with the rule set and with its own preview."""

from __future__ import annotations

import pytest
from mjscore.tui.screens.dialogs import FlowersDialog, KongDialog, WinDialog
from textual.widgets import Input

from tests.builders import SIZE, app_on, events, hotkey, open_table, run, session, text_of


@pytest.mark.parametrize(
    ("variant", "lang", "said"),
    [
        # RULES.md §1: "added kong (先碰后杠) 1 from the player who supplied the pung"
        ("nanning", "zh", "由当初供碰的 Mei 付杠分"),
        # RULES.md §2: "明杠 exposed kong (direct, or added to a pung) | the supplier ... pays 20"
        ("nanjing", "en", "the pung's supplier Mei pays"),
        # RULES.md §3: kongs are fans; nobody pays for a kong itself
        ("guobiao", "zh", "碰来自 Mei；杠本身无人付分"),
        ("guobiao", "en", "the pung came from Mei; nobody pays for the kong itself"),
        # RULES.md §4 奖励分: "2 per exposed or concealed kong ... from each other player"
        ("nanchang", "zh", "碰来自 Mei；杠分由其他三家各付"),
        ("nanchang", "en", "each other player pays for the kong"),
    ],
)
@run
async def test_added_kong_hint_names_the_payer_of_the_rule_set(ledger, variant, lang, said):
    # `p 4 3 E`, `k 4 a`: the hint said "the pung's supplier pays" in every rule set
    sid = session(ledger, variant, names=["Alice", "Bob", "Mei", "Wang"])
    app = app_on(ledger, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("p", "4", "3", "E", "enter", "k", "4", "a")
        d = app.screen
        assert isinstance(d, KongDialog)
        note = text_of(d.query_one("#kong-note"))
        assert said in note
        if variant in ("guobiao", "nanchang"):
            assert "付杠分" not in note and "supplier" not in note


@pytest.mark.parametrize(("variant", "lang"), [("guobiao", "zh"), ("nanjing", "en")])
@run
async def test_placeholders_read_as_examples_valid_for_their_field(ledger, variant, lang):
    # the 国标 flowers field showed `aCC / 3` (C is 中, no flower there) and the kong's tile
    # field `5m`, which looked like a value already typed
    sid = session(ledger, variant)
    app = app_on(ledger, lang=lang)
    prefix = "例 " if lang == "zh" else "e.g. "
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("k")
        assert app.screen.query_one("#tile", Input).placeholder == prefix + "5m"
        await pilot.press("escape", "w")
        shown = app.screen.query_one("#tiles", Input).placeholder
        assert shown == prefix + "[555p,2]123m456s789sEE"
        await pilot.press("escape", "f", "1")
        d = app.screen
        assert isinstance(d, FlowersDialog)
        shown = d.query_one("#flowers", Input).placeholder
        assert shown.startswith(prefix)
        letters, count = shown.removeprefix(prefix).split(" / ")
        for example in (letters, count):  # each half of the example is accepted as typed
            d.query_one("#flowers", Input).value = example
            d.update_preview()
            assert d.result_event is not None, text_of(d.query_one("#dialog-error"))


@pytest.mark.parametrize("lang", ["zh", "en"])
@run
async def test_option_help_wraps_at_80_columns(ledger, lang):
    # "…都乘以它 ·" : the help under each option was cut at the right edge at 80×24
    from rich.cells import cell_len

    app = app_on(ledger, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for vid in ("nanning", "nanjing", "guobiao", "nanchang"):
            app.screen.query_one("#variant").choose(vid)
            app.screen.variant_id = vid
            app.screen.show_options()
            await pilot.pause()
            for lab in app.screen.query(f"#options-{vid} .fmeaning"):
                text = text_of(lab)
                assert lab.region.right <= 80, text
                assert lab.size.width * lab.size.height >= cell_len(text), text


@pytest.mark.parametrize("lang", ["zh", "en"])
@run
async def test_nanjing_on_the_spot_dialogs_preview_who_pays_whom_how_much(ledger, lang):
    # RULES.md §2 现场汇: "明杠 … the supplier of the tile/pung pays 20", "花杠 … each other
    # player pays 20", 罚 pays each; a draw makes the next hand 比下胡 (×2). The kong, flower
    # and penalty dialogs said nothing of it (`✓ 老王 杠 (明杠) ← Lee 7s`)
    from mjscore.tui.widgets.describe import payment_line

    sid = session(ledger, "nanjing")
    app = app_on(ledger, lang=lang)
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("d", "enter")  # a draw: the next hand is 比下胡
        await pilot.pause()
        for keys in (("k", "3", "e", "4", *"7s"), ("f", "2", *"CCCC"), ("x", "1", "s")):
            await pilot.press(*keys)
            await pilot.pause()
            shown = text_of(app.screen.query_one("#preview"))
            seen.append(shown)
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("d", "enter")
        await pilot.pause()
    kong, flowers, penalty = seen
    head = "确认后当场付" if lang == "zh" else "Paid on the spot once confirmed"
    assert all(s.startswith(head) for s in seen)
    assert "老王 +40" in kong and "Lee -40" in kong
    assert "小芳 +120" in flowers and "阿明 -40" in flowers
    assert "阿明 -60" in penalty and "Lee +20" in penalty
    # the same lines as the ledger stores for the hand
    stored = ledger.replay(sid).hands[1].result.payments
    lines = [payment_line(p, ["阿明", "小芳", "老王", "Lee"]) for p in stored]
    shown_lines = [ln for s in seen for ln in s.splitlines()[1:]]
    assert shown_lines == lines


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("zh", "本盘没有记精数：奖励分只结算杠（每杠 2 分），所持的精不计分——先按 c 记精数"),
        ("en", "奖励分 settles the kongs only (2 each); the jing held score nothing — press c"),
    ],
)
@run
async def test_missing_jing_counts_warning_agrees_with_the_preview(ledger, lang, note):
    # RULES.md §4 奖励分: "plus 2 per exposed or concealed kong": "本盘没有记精数：奖励分不结算"
    # stood above a preview that settled "奖励分 杠×1 2分"
    sid = session(ledger, "nanchang")
    app = app_on(ledger, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("k", "1", "c", *"3m", "enter", "w", "1", "0")
        await pilot.pause()
        preview = text_of(app.screen.query_one("#preview"))
    first, *rest = preview.splitlines()
    assert note in first
    assert any("奖励分 杠×1 2分" in line for line in rest)  # what the note says is settled
    assert "不结算" not in first and "is not settled" not in first


@pytest.mark.parametrize(("lang", "lead"), [("zh", "还需填写: "), ("en", "Still to be given: ")])
@run
async def test_declared_win_says_what_is_missing_neutrally_and_refuses_what_is_entered(
    ledger, lang, lead
):
    # `w 1 3` in 南京 showed a red "✗ 不能记录: 小胡 not allowed…" before anything was typed
    # (RULES.md §2: a small win "is only a legal win when 门清 or holding ≥ 4 hard flowers")
    sid = session(ledger, "nanjing")
    app = app_on(ledger, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "1")
        err = app.screen.query_one("#dialog-error")
        assert err.has_class("missing") and not err.has_class("bad")  # the discarder, not yet
        await pilot.press("3")
        await pilot.pause()
        shown = text_of(err)
        assert shown.startswith(lead) and "小胡" in shown and "✗" not in shown
        assert err.has_class("missing") and not err.has_class("bad")
        await pilot.press("enter")  # still refused: the dialog stays
        assert isinstance(app.screen, WinDialog)
        key = hotkey(app.screen, "all_melded")
        await pilot.press("escape", "k", "1", "c", *"3m", "enter", "w", "1", "0", key)
        await pilot.pause()
        err = app.screen.query_one("#dialog-error")
        # 全球独钓 (four exposed melds) after the winner's concealed kong: something entered
        assert err.has_class("bad") and not err.has_class("missing")
        assert not text_of(err).startswith(lead)


@pytest.mark.parametrize(("lang", "auto"), [("zh", "(自动)"), ("en", "(auto)")])
@run
async def test_patterns_the_engine_derives_show_ticked_and_stay_ticked(ledger, lang, auto):
    # RULES.md §4: 德国 "the hand is complete without using any jing as wild (or holds none)";
    # with the counts giving the winner no jing the preview applied 德国×2 and 德国 +5 while
    # its box stayed unticked
    sid = session(ledger, "nanchang")
    app = app_on(ledger, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("j", *"5m", "tab", *"2p", "enter")
        await pilot.press("c", "tab", "tab", "tab", *"1,0", "enter")  # 小芳 holds one 正精
        await pilot.press("w", "1", "0")
        await pilot.pause()
        d = app.screen
        assert isinstance(d, WinDialog)
        tog = d.query_one("#patterns")
        assert "德国×2" in text_of(d.query_one("#preview"))
        shown = text_of(tog)
        assert "☑ 德国" in shown and auto in shown.split("[z]")[0]
        await pilot.press(hotkey(d, "clean"))  # not untickable: the key changes nothing
        await pilot.pause()
        assert "☑ 德国" in text_of(tog) and "德国×2" in text_of(d.query_one("#preview"))
        await pilot.press("enter")
        await pilot.pause()
    # what is stored is what was entered: the engine derives 德国 again on replay
    assert events(ledger, sid)[0][-1] == {"type": "win", "player": 0, "from": None, "patterns": []}


@pytest.mark.parametrize(
    ("lang", "both"),
    [
        ("zh", "门清 [c]：否 老王 +24 · 是 老王 +30（现为否）"),
        ("en", "门清 concealed [c]: no 老王 +24 · yes 老王 +30 (now no)"),
    ],
)
@run
async def test_nanning_declared_win_shows_both_concealed_amounts(ledger, lang, both):
    # `k 3 c 3m`, `k 3 c 4p`, `w 3 0 k` previewed the open amount alone: forgetting [c]
    # underpaid (RULES.md §1: "Let b = 4 if 门清 else 3"; concealed kongs keep 门清)
    sid = session(ledger, "nanning")
    app = app_on(ledger, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("k", "3", "c", *"3m", "enter", "k", "3", "c", *"4p", "enter")
        await pilot.press("w", "3", "0", "k")
        await pilot.pause()
        d = app.screen
        assert text_of(d.query_one("#preview")).splitlines()[0] == both
        await pilot.press("c")
        await pilot.pause()
        now = "（现为是）" if lang == "zh" else "(now yes)"
        assert text_of(d.query_one("#preview")).splitlines()[0].endswith(now)
        await pilot.press("enter")
        await pilot.pause()
    assert events(ledger, sid)[0][-1]["concealed"] is True


@run
async def test_nanning_concealed_ticked_when_the_logged_kongs_decide_it(ledger):
    # RULES.md §1: "four concealed kongs are always 门清": the dialog ticks it by itself
    sid = session(ledger, "nanning")
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        for t in ("1m", "2m", "3m", "4m"):
            await pilot.press("k", "3", "c", *t, "enter")
        await pilot.press("w", "3", "0", "c")  # c cannot untick it
        await pilot.pause()
        assert "[c]☑ 门清 (自动)" in text_of(app.screen.query_one("#patterns"))
        await pilot.press("enter")
        await pilot.pause()
    assert events(ledger, sid)[0][-1] == {
        "type": "win",
        "player": 2,
        "from": None,
        "patterns": [],
        "concealed": True,
    }


@pytest.mark.parametrize("lang", ["zh", "en"])
@run
async def test_flowers_after_a_single_bar_in_the_typed_tiles(ledger, lang):
    # `…|abcd` gave "context must be six characters WSZJHK (e.g. EE0000), got 'abcd'"; the
    # flowers had to be typed `||abcd`. README: 门清 混一色, 4 hard flowers: 88 花 each
    sid = session(ledger, "nanjing")
    app = app_on(ledger, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("w", "1", "0", "ctrl+t", *"123456789m23mEE1m|abcd")
        await pilot.pause()
        d = app.screen
        assert d.result_event is not None, text_of(d.query_one("#dialog-error"))
        assert "阿明 +264" in text_of(d.query_one("#preview"))
        await pilot.press("enter")
        await pilot.pause()
    assert events(ledger, sid)[0][-1]["hand"] == "123456789m23mEE1m|abcd"


@run
async def test_an_empty_flowers_field_is_a_neutral_hint(ledger):
    # `f 1`: "花牌…?" was shown in red, beside the field too, before anything was typed
    sid = session(ledger, "nanjing")
    app = app_on(ledger, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, sid)
        await pilot.press("f", "1")
        await pilot.pause()
        d = app.screen
        err = d.query_one("#dialog-error")
        assert err.has_class("missing") and not err.has_class("bad")
        assert text_of(d.query_one("#err-flowers")) == ""
        await pilot.press(*"ab9")  # something typed that is refused: red, beside the field
        await pilot.pause()
        assert err.has_class("bad") and text_of(d.query_one("#err-flowers"))

"""The win dialog: winner, discarder, the variant's declared patterns, fields and flags
(or a tile string), with the live payment preview."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from mjscore.engine import facts
from mjscore.engine.core import HandResult
from mjscore.engine.declare import Flag
from mjscore.engine.errors import MjError
from mjscore.engine.record import Event, event_from_json
from mjscore.engine.terms import SELF_DRAW
from mjscore.engine.tiles import ascii_text, parse_hand
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from ...i18n import word
from ...widgets.describe import short
from ...widgets.field_input import FieldInput
from ...widgets.picker import Picker
from ...widgets.toggles import ToggleItem, Toggles, assign_keys
from ..base import settle_preview
from ..common import (
    B,
    focus_now,
)
from .base import EventDialog
from .context import FW_DIGITS, HandContext, InvalidField
from .fit import shown


class WinDialog(EventDialog):
    """Winner → discarder (or 0 = self-draw) → pattern/flag hotkeys or a tile string → Enter.

    The preview settles the whole hand with the engine after every key."""

    TITLE_KEY = "act_win"
    EVENT_TYPE = "win"
    BINDINGS = [
        B("plus", "another", "another_winner", key_display="+", priority=True),
        B("ctrl+t", "tiles", "focus_tiles", priority=True),
    ]

    def __init__(self, ctx: HandContext, *, winner: int | None = None) -> None:
        super().__init__(ctx)
        self.winner = winner
        self.other_wins: list[Event] = []  # earlier winners on the same discard (一炮多响)
        data = self.data = ctx.variant.data
        lang = self.lang
        # the flags this house rule set uses: toggled, or typed (tiles, counts)
        self.flags = [f for f in data.flags if f.in_use(ctx.rules)]
        self.typed_flags = [f for f in self.flags if f.typed]
        self.declarable = {p.id for p in data.declarable}
        # declared patterns, then the declared yes/no facts that are not a pattern (门清)
        items = [
            ToggleItem(p.id, p.name(lang), hint=p.en, key=p.hotkey)
            for p in sorted(data.declarable, key=lambda p: p.id)
        ]
        self.ticks = [d for d in data.declared if d.kind == "yes"]
        items += [
            ToggleItem(d.id, d.name(lang), hint=d.en, key=d.hotkey)
            for d in self.ticks
            if d.id not in self.declarable
        ]
        self.numbers = [d for d in data.declared if d.kind == "number"]
        self.pattern_items = items
        self.flag_items = [
            ToggleItem(f.id, f.name(lang), hint=f.en, max_count=f.max_count, key=f.hotkey)
            for f in self.flags
            if not f.typed
        ]
        # each typed field (declared numbers, typed flags) has a key that moves the focus
        # to it, chosen clear of the pattern and flag keys
        self.field_items = [
            ToggleItem(f"n-{d.id}", d.name(lang), hint=d.en, key=d.hotkey) for d in self.numbers
        ] + [
            ToggleItem(f"t-{f.id}", f.name(lang), hint=f.en, key=f.hotkey) for f in self.typed_flags
        ]
        assign_keys(self.pattern_items + self.flag_items + self.field_items)
        self.field_keys = {it.key: it.id for it in self.field_items if it.key}

    def compose_fields(self) -> ComposeResult:
        extra = ("0", word(SELF_DRAW, self.lang), None)
        yield self.row(
            self.t("winner"),
            self.seat_picker("winner", value=self.winner if self.winner is not None else ...),
            "winner",
        )
        yield self.row(self.t("from"), self.seat_picker("from", extra=extra), "from")
        if self.pattern_items:
            patterns = Toggles(self.pattern_items, id="patterns")
            patterns.auto_word = self.t("derived")
            yield self.row(self.t("patterns"), patterns)
        for d in self.numbers:
            yield self.row(
                self.field_label(f"n-{d.id}", d.name(self.lang)),
                FieldInput(
                    compact=True, id=f"n-{d.id}", classes="short", restrict=f"[0-9{FW_DIGITS}]*"
                ),
                f"n-{d.id}",
            )
            if d.note_zh:
                yield Label(d.note(self.lang), classes="fsub", markup=False)
        if self.flag_items:
            yield self.row(self.t("flags_sit"), Toggles(self.flag_items, id="flags"))
        for f in self.typed_flags:
            # the field's format beside it (one slot per player, named, for the fish)
            yield Horizontal(
                Label(
                    self.field_label(f"t-{f.id}", f.name(self.lang)), classes="flabel", markup=False
                ),
                FieldInput(compact=True, id=f"t-{f.id}", classes="short"),
                Label(self.typed_format(f), id=f"fmt-{f.id}", classes="fsub", markup=False),
                Label("", id=f"err-t-{f.id}", classes="ferr", markup=False),
                classes="frow",
            )
            if f.kind == "per_seat":
                sub = Label(self.t("fmt_per_seat"), classes="fsub", markup=False)
                sub.styles.padding = (0, 0, 0, 22)  # under the field, past the labels
                yield sub
        yield self.row(
            self.t("hand_tiles"),
            FieldInput(
                placeholder=self.t("example", x="[555p,2]123m456s789sEE"),
                compact=True,
                id="tiles",
            ),
            "tiles",
        )
        yield Label(self.t("claim_hint"), classes="fsub", markup=False)

    def field_label(self, field_id: str, name: str) -> str:
        key = next((k for k, fid in self.field_keys.items() if fid == field_id), "")
        return f"{name} [{key}]" if key else name

    def typed_format(self, f: Flag, typed: str = "") -> str:
        """How a typed flag is written, said beside its field (in the interface's language)."""
        if f.kind == "per_seat":  # one slot per player, named, filled in as typed
            return " ".join(self.seat_slots(typed))
        # a house rule typed either way (the tiles, or only a count): say so on the tiles
        others = [g for g in self.typed_flags if g is not f and g.option == f.option]
        if f.kind == "tiles":
            n = getattr(self.ctx.rules, f.option, None) if f.option else None
            text = self.t("fmt_tiles", n=n) if isinstance(n, int) and n > 1 else self.t("fmt_tile")
            counts = [g for g in others if g.kind == "count"]
            if counts:
                text += self.t(
                    "fmt_or_count",
                    other=self.field_label(f"t-{counts[0].id}", counts[0].name(self.lang)),
                )
            return text
        if f.kind == "count" and others:
            return self.t("fmt_count_or")
        return self.t("fmt_count")

    def seat_slots(self, text: str) -> list[str]:
        """Each player's part of a per-seat text as typed so far (``?``: not typed yet)."""
        try:
            text = ascii_text(text.strip())
        except MjError:
            pass
        if text == "-":
            parts = ["-"] * 4
        else:
            parts = [p.strip() for p in text.replace("，", ",").split(",")] if text else []
        parts = (parts + ["?"] * 4)[:4]
        return [f"{short(n, 6)}:{p or '?'}" for n, p in zip(self.ctx.names, parts, strict=True)]

    def preview_lead(self, res: HandResult) -> list[str]:
        """For each declared number field with ``derives``: the value the engine used for it and
        the score items that follow from it, so the table sees them before Enter."""
        lines = list(getattr(self, "choice_lines", ()))
        for w in res.wins:
            items = {it.id: it for it in w.items}
            for d in self.numbers:
                if d.derives and d.id in items:
                    shown = [items[d.id].label(self.lang)]
                    shown += [items[i].label(self.lang) for i in d.derives if i in items]
                    lines.append(" → ".join(shown))
        return lines

    def show_preview(self) -> None:
        self._marks_before = self.pattern_marks()  # what the pattern rows show now
        self.weigh_choices()
        super().show_preview()
        if self.result_event is None:
            self.provisional_preview()  # house-rule tiles not typed yet: settled as no hits
        self.mark_derived()

    def weigh_choices(self) -> None:
        """For each declared yes/no fact that is not a pattern (no meld shown, say): settle
        the win both ways. Only "yes" accepted: the logged events decide it, so it is ticked
        (automatic); both accepted with different payments: the preview shows both."""
        self.choice_lines: list[str] = []
        items = {it.id: it for it in self.pattern_items}
        for d in self.ticks:
            it = items.get(d.id)
            if it is None or d.id in self.declarable:
                continue
            it.auto = False
            try:
                obj = self.build()
            except (InvalidField, ValueError, MjError):
                continue
            if "hand" in obj:
                continue  # the tiles decide it
            obj.pop(d.id, None)
            no, yes = self.settle_as(obj), self.settle_as({**obj, d.id: True})
            if yes is not None and no is None:
                it.auto = True
            elif yes is not None and no is not None and yes != no:
                winner = obj["player"]
                name = self.ctx.names[winner]
                now = yes if it.value else no
                self.choice_lines.append(
                    self.t(
                        "choice_both",
                        what=d.name(self.lang),
                        press=it.key,
                        no=f"{name} {no[winner]:+d}",
                        yes=f"{name} {yes[winner]:+d}",
                        now=self.t("yes" if now is yes else "no"),
                    )
                )

    def settle_as(self, obj: dict[str, Any]) -> tuple[int, ...] | None:
        """The deltas of the hand with the win ``obj`` (None if the engine refuses it)."""
        try:
            ev = event_from_json(obj, "win")
            res = settle_preview(
                self.ctx.variant, self.ctx.rules, self.ctx.state, self.hand_events(ev)
            )
        except MjError:
            return None
        except Exception:  # a variant bug: shown by the preview itself
            return None
        return res.deltas

    def mark_derived(self) -> None:
        """Tick the declared patterns the engine applied without their being ticked (derived
        from the logged events, e.g. from the jing counts or the flowers logged), and those
        they imply: shown ticked and not untickable, as the preview counts them."""
        applied: set[str] = set()
        ev, settled = self.result_event, self.settled
        if ev is not None and settled is not None and settled.result is not None:
            if getattr(ev, "hand", None) is None:
                for w in settled.result.wins:
                    if w.player == ev.player:
                        applied |= {it.id for it in w.items}
        for pid in list(applied):
            p = self.data.pattern(pid)
            if p is not None:
                applied |= set(p.implies)
        for tog in self.nodes("#patterns"):
            for it in tog.items:  # type: ignore[attr-defined]
                if it.id in self.declarable:  # (the other facts: see weigh_choices)
                    it.auto = it.id in applied
        if getattr(self, "_marks_before", None) != self.pattern_marks():
            for tog in self.nodes("#patterns"):
                tog.refresh(layout=True)  # only a change is drawn (this runs on every key)

    def pattern_marks(self) -> list[tuple[bool, Any]]:
        """What decides how each pattern row is drawn: applied by the engine, ticked."""
        return [(it.auto, it.value) for it in self.pattern_items]

    def only_missing(self, ev: Event, refusal: MjError) -> bool:
        """A declared win the engine refuses just as it refuses one with nothing declared
        (winner and discarder only): the refusal says what is still to be declared."""
        if getattr(ev, "hand", None) is not None:
            return False
        bare: dict[str, Any] = {"type": "win", "player": ev.player, "from": ev.from_}
        if self.declarable:
            bare["patterns"] = []  # as build() says "nothing declared"
        try:
            settle_preview(
                self.ctx.variant,
                self.ctx.rules,
                self.ctx.state,
                self.hand_events(event_from_json(bare, "win")),
            )
        except MjError as e:
            return e.message == refusal.message
        except Exception:  # a variant bug: shown as a refusal
            return False
        return False

    def first_field(self, chain: list[Widget]) -> Widget:
        if self.winner is not None:
            return self.query_one("#from", Picker)
        return chain[0]

    def screen_key(self, key: str, ch: str | None) -> bool:
        if key == "ctrl+t":
            self.action_tiles()
            return True
        if key == "plus":  # never typed into a text field: no tile or count has a +
            if self.check_action("another", ()):
                self.action_another()
            else:
                self.app.bell()
            return True
        return False

    def other_key(self, key: str, ch: str | None) -> bool:
        # Pattern/flag hotkeys work wherever the focus is not in a text field or a seat picker.
        if ch is None:
            return False
        if any(tog.press(key) for tog in self.nodes(Toggles) if tog is not self.focused):
            return True
        field = self.field_keys.get(key)
        if field is not None:  # a typed field's key: the focus goes there
            inp = self.query_one(f"#{field}", Input)
            if not inp.disabled:
                focus_now(self, inp)
                return True
        return False

    def hand_events(self, ev: Event) -> tuple[Event, ...]:
        return self.ctx.with_events((*self.other_wins, ev))

    def untyped(self) -> list[tuple[Flag, str]]:
        """For each house rule whose typed flags are all still empty: the one of them that
        has a no-hit value (``Flag.no_hit``), and the fields' names."""
        groups: dict[str, list[Flag]] = {}
        for f in self.typed_flags:
            groups.setdefault(f.option or f.id, []).append(f)
        out = []
        for group in groups.values():
            fill = [f for f in group if f.no_hit is not None]
            if fill and not any(self.text(f"t-{f.id}") for f in group):
                names = "/".join(self.field_label(f"t-{f.id}", f.name(self.lang)) for f in group)
                out.append((fill[0], names))
        return out

    def provisional_preview(self) -> None:
        """The win refused only for want of typed flags: show its payments as they stand
        with no hits, marked provisional (Enter stays refused until they are typed)."""
        missing = self.untyped()
        if not missing:
            return
        try:
            obj = self.build()
        except (InvalidField, ValueError, MjError):
            return  # something else is missing or wrong: its message stays
        for n in range(len(missing), 0, -1):
            for fill in combinations(missing, n):
                vals = {
                    f.id: list(f.no_hit) if isinstance(f.no_hit, tuple) else f.no_hit
                    for f, _names in fill
                }
                try:
                    ev = event_from_json({**obj, **vals}, "win")
                except MjError:
                    continue
                self.settled = None
                text = self.preview_text(self.hand_events(ev))
                ok = self.settled is not None
                self.result_event = self.settled = None  # Enter stays refused
                if not ok:
                    continue
                what = self.t("list_sep").join(names for _f, names in fill)
                err = self.query_one("#dialog-error", Static)
                err.set_class(False, "bad")
                err.update(Text(self.t("provisional_needs", what=what), style="bold"))
                head = Text(self.t("provisional", what=what) + "\n", style="bold reverse")
                shown(self.query_one("#preview", Static), head + text, reserve=True)
                return

    def keys_text(self) -> str:
        more = f" · + {self.t('another_winner')}" if self.data.multiple_wins else ""
        return super().keys_text() + f" · Ctrl+T {self.t('focus_tiles')}" + more

    def action_tiles(self) -> None:
        focus_now(self, self.query_one("#tiles", Input))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "another":
            return self.data.multiple_wins
        return True

    def title_text(self) -> str:
        return super().title_text() + (
            f" · {self.t('more_winners', n=len(self.other_wins))}" if self.other_wins else ""
        )

    def action_another(self) -> None:
        """Keep this winner and enter another one on the same discard (一炮多响)."""
        self.update_preview()
        ev = self.result_event
        if ev is None or getattr(ev, "from_", None) is None:
            self.app.bell()
            return
        self.other_wins.append(ev)
        taken = {w.player for w in self.other_wins}
        win = self.query_one("#winner", Picker)
        win.index = None
        for i in range(4):
            win.set_enabled(i, i not in taken and i != ev.from_)
        src = self.query_one("#from", Picker)
        for i in range(4):
            src.set_enabled(i, i == ev.from_)
        src.set_enabled(None, False)
        src.disabled = True  # the discarder is the same for every winner: the focus skips it
        # The discard's own facts (杠上炮, 抢杠, 海底炮, 人胡, 全求炮, the fish) are the same
        # for every winner on it: keep them; the winner's patterns and tiles start afresh.
        kept = {f.id for f in self.flags if f.of_discard}
        for tog in self.nodes(Toggles):
            for it in tog.items:
                if tog.id != "flags" or it.id not in kept:
                    it.value = 0
            tog.refresh()
        for inp in self.nodes(Input):
            if inp.id not in {f"t-{i}" for i in kept}:
                inp.value = ""
        self.query_one("#dialog-title", Label).update(self.title_text())
        self.set_focus(win)
        self.update_preview()

    def action_confirm(self) -> None:
        self.update_preview()
        if self.result_event is None:
            self.refused = True
            self.app.bell()
        elif self.other_wins:
            self.finish((*self.other_wins, self.result_event))
        else:
            self.finish(self.result_event)

    def sync_chain_flags(self, win: Picker, src: Picker) -> None:
        """A kong-chain flag counts up to all the player's kongs logged so far (never beyond
        them)."""
        seat = {
            "winner": win.value if win.chosen else None,
            "discarder": src.value if src.chosen else None,
        }
        chains = {f.id: f.chain_of for f in self.flags if f.chain_of}
        for tog in self.nodes("#flags"):
            before = [(it.value, it.max_count) for it in tog.items]  # type: ignore[attr-defined]
            for it in tog.items:  # type: ignore[attr-defined]
                if it.id in chains:
                    _run, it.max_count = facts.kong_run(self.ctx.events, seat[chains[it.id]])
                    it.value = min(it.value, it.max_count)
            if before != [(it.value, it.max_count) for it in tog.items]:  # type: ignore[attr-defined]
                tog.refresh()  # only a change is drawn again (this runs on every key)

    def sync_fields(self) -> None:
        win = self.query_one("#winner", Picker)
        src = self.query_one("#from", Picker)
        self.sync_chain_flags(win, src)
        if not self.other_wins:  # else action_another fixed the discarder already
            for i in range(4):
                src.set_enabled(i, not (win.chosen and win.value == i))
        for f in self.typed_flags:
            if f.kind == "per_seat":
                lab = self.query_one(f"#fmt-{f.id}", Label)
                want = self.typed_format(f, self.text(f"t-{f.id}"))
                if str(lab.render()) != want:
                    lab.update(want)
        tiles = bool(self.text("tiles"))
        for tog in self.nodes("#patterns"):
            tog.set_class(tiles, "inactive")
        # a declared value that includes some flags: with it given, they are not offered
        included = {
            f for d in self.numbers if not tiles and self.text(f"n-{d.id}") for f in d.includes
        }
        for tog in self.nodes("#flags"):
            changed = False
            for it in tog.items:  # type: ignore[attr-defined]
                if it.hidden != (it.id in included):
                    it.hidden = it.id in included
                    changed = True
            if changed:
                tog.refresh(layout=True)

    def draft_of(self, obj: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {
            "winner": ("pick", obj.get("player")),
            "from": ("pick", obj.get("from")),
        }
        if obj.get("hand"):
            out["tiles"] = ("text", obj["hand"])
        ticks = {p: 1 for p in obj.get("patterns", ())}
        ticks.update({d.id: 1 for d in self.ticks if obj.get(d.id)})
        if self.pattern_items:
            out["patterns"] = ("ticks", ticks)
        for d in self.numbers:
            if obj.get(d.id) is not None:
                out[f"n-{d.id}"] = ("text", str(obj[d.id]))
        if self.flag_items:
            out["flags"] = ("ticks", {it.id: int(obj.get(it.id) or 0) for it in self.flag_items})
        for f in self.typed_flags:
            v = obj.get(f.id)
            if v is not None:
                out[f"t-{f.id}"] = ("text", f.text_of(v))
        return out

    def build(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "type": "win",
            "player": self.picked("winner", "winner", self.t("winner")),
        }
        src = self.query_one("#from", Picker)
        if not src.chosen:
            raise InvalidField("from", f"{self.t('from')}?", missing=True)
        obj["from"] = src.value
        tiles = self.text("tiles")
        if tiles:
            try:
                parse_hand(tiles, variant=self.ctx.variant.id, waiting_ok=False)
            except MjError as e:
                raise InvalidField("tiles", e.text(self.lang)) from None
            obj["hand"] = tiles
            for d in self.numbers:
                s = self.text(f"n-{d.id}") if d.with_tiles else ""
                if s:
                    obj[d.id] = int(ascii_text(s))
        else:
            vals = self.query_one("#patterns", Toggles).values() if self.pattern_items else {}
            if self.declarable:
                obj["patterns"] = [p for p in vals if p in self.declarable]
            auto = {it.id for it in self.pattern_items if it.auto}
            for d in self.ticks:
                if vals.get(d.id) or d.id in auto:
                    # Unticked means "not said", not "no": the engine derives it (七对 and
                    # 天胡/地胡/人胡 are always 门清; an exposed meld logged means not).
                    obj[d.id] = True
            for d in self.numbers:
                s = self.text(f"n-{d.id}")
                if s:
                    obj[d.id] = int(ascii_text(s))
        flags = self.query_one("#flags", Toggles).values() if self.flag_items else {}
        for fid, n in flags.items():
            flag = self.data.flag(fid)
            obj[fid] = n if flag is not None and flag.kind == "chain" else True
        for f in self.typed_flags:
            s = self.text(f"t-{f.id}")
            if not s:
                continue
            try:
                obj[f.id] = f.read(s)
            except ValueError as e:
                msg = self.t("err_number") if f.kind == "count" else str(e)
                raise InvalidField(f"t-{f.id}", msg) from None
        return obj

"""Lifetime queries: a player's figures over every session, read with SQL from the figures
the ledger keeps with each seat and hand (no session is settled again)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from ..errors import NotFound
from . import rows
from .rows import PlayerStats
from .sessions import Sessions
from .store import api

if TYPE_CHECKING:
    from mjscore.engine.record import Win
    from mjscore.engine.stats import SessionFigures, WinRecord


class Lifetime(Sessions):
    """Figures of one player across the whole ledger."""

    @api
    def lifetime_stats(self, player: str) -> PlayerStats:
        """Lifetime figures of ``player`` (exact name) across every session."""
        with self._read():
            row = self._one("SELECT id FROM players WHERE name = ?", [player])
            if row is None:
                raise NotFound(f"no player called {player!r} in the ledger")
            pid = row[0]
            sessions = hands = wins = selfd = dealt = falsew = net = 0
            money = Decimal(0)
            big: int | None = None
            big_sid = None
            for row in self.db.execute(
                "SELECT f.session_id, s.stake, f.points, f.hands, f.wins, f.self_draws, f.deal_ins,"
                " f.false_wins, f.best FROM person_sessions f JOIN sessions s ON s.id = f.session_id"
                " WHERE f.player_id = ? ORDER BY f.session_id",
                [pid],
            ):
                sid, stake, points, n, w, sd, di, fw, best = row
                sessions += 1
                hands += n
                wins += w
                selfd += sd
                dealt += di
                falsew += fw
                net += points
                money += rows.decimal(stake) * points
                if best is not None and (big is None or best > big):
                    big, big_sid = best, sid
            at = None
            if big is not None:
                r = self._one(
                    "SELECT h.number FROM seat_results r JOIN hands h ON h.id = r.hand_id"
                    " WHERE r.session_id = ? AND r.player_id = ? AND r.delta = ? ORDER BY h.number LIMIT 1",
                    [big_sid, pid, big],
                )
                at = (big_sid, r[0]) if r else None
        return PlayerStats(
            player=player,
            sessions=sessions,
            hands=hands,
            wins=wins,
            self_draws=selfd,
            deal_ins=dealt,
            false_wins=falsew,
            net_points=net,
            net_money=money,
            biggest_hand=big,
            biggest_hand_at=at,
        )

    @api
    def lifetime_figures(self, player: str) -> list[SessionFigures]:
        """``player``'s figures in every session he sat in (exact name; ``[]`` if none), in
        session order, labelled ``#id``, read with a few SQL queries from the figures kept
        with each seat, the hands' dealers and the per-hand seat results — the stored win
        valuation (``hands.wins``) only of each session's biggest win. Feed them to
        :func:`engine.stats.lifetime_from_figures`: the result equals
        :func:`engine.stats.lifetime_stats` over every session's :meth:`stored_replay`, figure
        for figure, without reading every hand. A session whose stored figures are
        incomplete or do not add up (its payments against its seats' points) is read the
        old way, through :meth:`stored_replay` (:class:`LedgerDamaged` if it is damaged)."""
        with self._read():
            row = self._one("SELECT id FROM players WHERE name = ?", [player])
            if row is None:
                return []
            return self._lifetime_figures(row[0])

    def _lifetime_figures(self, pid: int) -> list[SessionFigures]:
        from mjscore.engine.record import Win
        from mjscore.engine.stats import SessionFigures, session_stats

        db = self.db
        mine = db.execute(
            "SELECT st.session_id, s.variant, s.stake, st.seat, st.hands, s.hands_played, st.wins,"
            " st.self_draws, st.deal_ins, st.false_wins FROM seats st JOIN sessions s ON s.id = st.session_id"
            f" WHERE st.player_id = ? AND s.demo = 0 AND NOT {_SUBSTITUTED} ORDER BY st.session_id",
            [pid],
        ).fetchall()
        if not mine:
            return self._substituted_figures(pid)
        totals: dict[int, list[int]] = {}
        for sid, seat, points in db.execute(
            "SELECT t.session_id, t.seat, t.points FROM seats st JOIN seats t ON t.session_id = st.session_id"
            " WHERE st.player_id = ?",
            [pid],
        ):
            totals.setdefault(sid, [0, 0, 0, 0])[seat] = points
        # the stored payments must add up to the seats' points, as the stored replay checks
        # hand by hand; a session where they do not is read the old way (LedgerDamaged)
        # (a payments row is a run: its amount from each seat of the from_seats mask)
        payers = " + ".join(f"((p.from_seats >> {k}) & 1)" for k in range(4))
        net = " || ',' || ".join(
            f"SUM(CASE WHEN p.to_seat = {k} THEN p.amount * ({payers})"
            f" WHEN (p.from_seats >> {k}) & 1 THEN -p.amount ELSE 0 END)"
            for k in range(4)
        )
        paid = {
            sid: [int(x) for x in nets.split(",")]
            for sid, nets in db.execute(
                f"SELECT st.session_id, (SELECT {net} FROM hands h JOIN payments p ON p.hand_id = h.id"
                "  WHERE h.session_id = st.session_id) FROM seats st WHERE st.player_id = ?",
                [pid],
            )
            if nets is not None  # a session without payments
        }
        dealer = dict(
            db.execute(
                "SELECT h.session_id, COUNT(*) FROM seats st JOIN hands h"
                " ON h.session_id = st.session_id AND h.dealer = st.seat AND h.status <> 'open'"
                " WHERE st.player_id = ? GROUP BY h.session_id",
                [pid],
            ).fetchall()
        )
        # hands won: how many, what they paid, and the earliest hand of the biggest
        won_hands, side_points = self._won_values(pid)
        won: dict[int, tuple[int, int, int, int]] = {}
        for (sid, _seat), hands_won in won_hands.items():
            won[sid] = _won_figures(hands_won)
        ids = rows.dumps([w[3] for w in won.values()])
        best_hands = {
            hid: (number, summary, wins)
            for hid, number, summary, wins in db.execute(
                "SELECT id, number, summary, wins FROM hands WHERE id IN (SELECT value FROM json_each(?))",
                [ids],
            )
        }
        best_wins: dict[tuple[int, int], Win] = {}
        for hid, payload in db.execute(
            "SELECT hand_id, payload FROM events WHERE hand_id IN (SELECT value FROM json_each(?))"
            " AND type = 'win' ORDER BY hand_id, seq",
            [ids],
        ):
            ev = rows.stored_event(payload, "win")
            if isinstance(ev, Win):
                best_wins.setdefault((hid, ev.player), ev)

        out: list[SessionFigures] = []
        stakes: dict[str, Decimal] = {}
        for sid, variant, stake_text, seat, hands, played, wins, selfd, dealt, falsew in mine:
            if stake_text not in stakes:
                stakes[stake_text] = rows.decimal(stake_text)
            stake = stakes[stake_text]
            n_won, win_points, best, hid = won.get(sid, (0, 0, None, None))
            biggest = None
            complete = (
                hands == played
                and n_won == wins
                and sid in totals
                and paid.get(sid, [0, 0, 0, 0]) == totals[sid]
            )
            if hid is not None:
                ev = best_wins.get((hid, seat))
                if ev is None or hid not in best_hands:
                    complete = False
                else:
                    number, summary, wins_json = best_hands[hid]
                    biggest = _win_record(ev, f"#{sid}", number, stake, best, wins_json, summary)
            if not complete:  # stored figures missing: what the stored settlement says
                session = self.get_session(sid)  # re-entrant: same lock, same snapshot
                rep = self.stored_replay(sid)
                st = session_stats(session, rep, label=f"#{sid}").player(seat)
                out.append(
                    SessionFigures(
                        label=f"#{sid}",
                        variant=variant,
                        stake=stake,
                        seat=seat,
                        totals=rep.totals,
                        hands=st.hands,
                        dealer_hands=st.dealer_hands,
                        wins=st.wins,
                        self_draws=st.self_draws,
                        deal_ins=st.deal_ins,
                        false_wins=st.false_wins,
                        win_points=st.win_points,
                        side_points=st.side_points,
                        biggest=st.biggest,
                    )
                )
                continue
            out.append(
                SessionFigures(
                    label=f"#{sid}",
                    variant=variant,
                    stake=stake,
                    seat=seat,
                    totals=tuple(totals[sid]),  # type: ignore[arg-type]
                    hands=hands,
                    dealer_hands=dealer.get(sid, 0),
                    wins=wins,
                    self_draws=selfd,
                    deal_ins=dealt,
                    false_wins=falsew,
                    win_points=win_points,
                    side_points=side_points.get((sid, seat), 0),
                    biggest=biggest,
                )
            )
        subs = self._substituted_figures(pid)
        if subs:
            out = sorted(out + subs, key=lambda f: int(f.label[1:]))
        return out

    def _substituted_figures(self, pid: int) -> list[SessionFigures]:
        """The player's figures in the sessions with substitutes, from the hands he played
        (one per seat he played), his own points and money."""
        from mjscore.engine.record import Win
        from mjscore.engine.stats import SessionFigures

        db = self.db
        found = db.execute(
            "SELECT r.session_id, s.variant, s.stake, r.seat, COUNT(*), SUM(h.dealer = r.seat),"
            " SUM(r.won), SUM(r.self_draw), SUM(r.dealt_in), SUM(r.false_win), SUM(r.delta)"
            " FROM seat_results r JOIN hands h ON h.id = r.hand_id JOIN sessions s ON s.id = r.session_id"
            f" WHERE r.player_id = ? AND s.demo = 0 AND {_SUBSTITUTED}"
            " GROUP BY r.session_id, r.seat ORDER BY r.session_id, r.seat",
            [pid],
        ).fetchall()
        out: list[SessionFigures] = []
        won_hands, side_points = self._won_values(pid) if found else ({}, {})
        for sid, variant, stake_text, seat, n, dealt, w, sd, di, fw, net in found:
            _, win_pts, best, best_hid = _won_figures(won_hands.get((sid, seat), []))
            stake = rows.decimal(stake_text)
            totals = [0, 0, 0, 0]
            for st_seat, points in db.execute(
                "SELECT seat, points FROM seats WHERE session_id = ?", [sid]
            ):
                totals[st_seat] = points
            biggest = None
            if best_hid is not None:
                hid, number, summary, wins_json = db.execute(
                    "SELECT id, number, summary, wins FROM hands WHERE id = ?", [best_hid]
                ).fetchone()
                for (payload,) in db.execute(
                    "SELECT payload FROM events WHERE hand_id = ? AND type = 'win' ORDER BY seq",
                    [hid],
                ):
                    ev = rows.stored_event(payload, "win")
                    if isinstance(ev, Win) and ev.player == seat:
                        biggest = _win_record(
                            ev, f"#{sid}", number, stake, best, wins_json, summary
                        )
                        break
            out.append(
                SessionFigures(
                    label=f"#{sid}",
                    variant=variant,
                    stake=stake,
                    seat=seat,
                    totals=tuple(totals),  # type: ignore[arg-type]
                    hands=n,
                    dealer_hands=dealt,
                    wins=w,
                    self_draws=sd,
                    deal_ins=di,
                    false_wins=fw,
                    win_points=win_pts,
                    side_points=side_points.get((sid, seat), 0),
                    biggest=biggest,
                    net=net,
                )
            )
        return out

    def _won_values(
        self, pid: int
    ) -> tuple[dict[tuple[int, int], list[tuple[int, int, int]]], dict[tuple[int, int], int]]:
        """From the stored payments: for each (session, seat) the player played, the hands
        he won in hand order as (number, hand id, what the win paid him), and his net of
        the rule set's side payments (:mod:`engine.stats`: side payments are not a win's)."""
        from mjscore.engine.stats import side_payments

        db = self.db
        won: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        hands_won: dict[int, int] = {}
        for sid, seat, hid, number in db.execute(
            "SELECT r.session_id, r.seat, r.hand_id, h.number FROM seat_results r"
            " JOIN hands h ON h.id = r.hand_id WHERE r.player_id = ? AND r.won = 1"
            " ORDER BY r.session_id, h.number",
            [pid],
        ):
            won.setdefault((sid, seat), []).append((number, hid, 0))
            hands_won[hid] = 0
        side: dict[tuple[int, int], int] = {}
        sides: dict[str, tuple[str, ...]] = {}
        # a payments row is a run: its amount from each seat of the from_seats mask
        for sid, seat, hid, variant, payers, payee, amount, reason in db.execute(
            "SELECT r.session_id, r.seat, r.hand_id, s.variant, p.from_seats, p.to_seat, p.amount,"
            " pr.text FROM seat_results r JOIN sessions s ON s.id = r.session_id"
            " JOIN payments p ON p.hand_id = r.hand_id"
            "  AND (((p.from_seats >> r.seat) & 1) OR p.to_seat = r.seat)"
            " JOIN payment_reasons pr ON pr.id = p.reason_id"
            " WHERE r.player_id = ?",
            [pid],
        ):
            kinds = sides.get(variant)
            if kinds is None:
                kinds = sides[variant] = side_payments(variant)
            net = amount * payers.bit_count() if payee == seat else -amount
            if kinds and reason.startswith(kinds):
                side[(sid, seat)] = side.get((sid, seat), 0) + net
            elif hid in hands_won:
                hands_won[hid] += net
        for key, hands in won.items():
            won[key] = [(number, hid, hands_won[hid]) for number, hid, _ in hands]
        return won, side


def _won_figures(hands: list[tuple[int, int, int]]) -> tuple[int, int, int | None, int | None]:
    """(hands won, what they paid, the biggest, its hand id — the earliest on a tie) of
    :meth:`Lifetime._won_values`' hands of one seat."""
    best: int | None = None
    best_hid: int | None = None
    for _, hid, value in hands:
        if best is None or value > best:
            best, best_hid = value, hid
    return len(hands), sum(v for _, _, v in hands), best, best_hid


_SUBSTITUTED = "EXISTS (SELECT 1 FROM substitutes sb WHERE sb.session_id = s.id)"


def _win_record(
    ev: Win,
    label: str,
    number: int,
    stake: Decimal,
    points: int,
    wins_json: bytes | str,
    summary: str,
) -> WinRecord:
    from mjscore.engine.stats import win_record

    try:
        wins = tuple(rows.win_result(w) for w in rows.wins_from(wins_json))
    except (LookupError, TypeError) as e:
        raise rows.damaged(f"win valuation of hand {number}", e) from None
    return win_record(
        ev, label=label, hand=number, stake=stake, points=points, wins=wins, summary=summary
    )

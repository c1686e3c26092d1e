"""Rich display in Jupyter: HTML tables and small inline SVG charts, drawn from
the data the engine computed (no game logic here)."""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any, List, Tuple

#: Most values a table chart draws (the rest are summarised).
CHART_VALUES = 2000
#: Most winning moves listed in a solve result's table.
LISTED_MOVES = 50

_OUTCOMES = {
    "N": "N: the player to move wins",
    "P": "P: the player to move loses",
    "D": "D: a draw with best play",
    "L": "L: Left wins, whoever starts",
    "R": "R: Right wins, whoever starts",
}


def _moves_table(moves: Any, truncated: bool) -> str:
    if not moves:
        return ""
    items = "".join(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td style='text-align:left'>{}</td></tr>".format(
            m.component + 1, escape(m.frm), escape(m.to), escape(m.text)
        )
        for m in moves[:LISTED_MOVES]
    )
    more = ""
    if truncated or len(moves) > LISTED_MOVES:
        more = "<tr><td colspan='4'>… more winning moves exist</td></tr>"
    return (
        "<table><tr><th>#</th><th>from</th><th>to</th><th>move</th></tr>"
        f"{items}{more}</table>"
    )


def solved_html(s: Any) -> str:
    partizan = hasattr(s, "left")
    rows = [
        ("position", escape(s.position)),
        ("play", escape(s.play)),
        ("outcome", escape(_OUTCOMES.get(s.outcome, s.outcome))),
    ]
    if not partizan:
        rows.append(("nim-value", escape("—" if s.grundy is None else str(s.grundy))))
    if s.remoteness is not None:
        rows.append(("remoteness", str(s.remoteness)))
    head = "".join(
        f"<tr><th style='text-align:left'>{k}</th><td style='text-align:left'>{v}</td></tr>"
        for k, v in rows
    )
    if partizan:
        moves = ""
        for name, side in (("Left", s.left), ("Right", s.right)):
            if not side.wins:
                moves += f"<p>{name} moving first loses.</p>"
            else:
                moves += f"<p>{name} moving first wins:</p>" + _moves_table(
                    side.moves, side.truncated
                )
    else:
        moves = _moves_table(s.winning_moves, s.truncated)
    why = ""
    if s.explanation:
        why = "<ul>" + "".join(f"<li>{escape(line)}</li>" for line in s.explanation) + "</ul>"
    return f"<div><table>{head}</table>{moves}{why}</div>"


def table_svg(values: List[int], frm: int, period: Any) -> str:
    """A bar chart of the values, the periodic part shaded."""
    n = len(values)
    if n == 0:
        return "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'></svg>"
    shown = values[:CHART_VALUES]
    top = max(max(shown), 1)
    width, height, pad = 640, 160, 24
    bar = (width - 2 * pad) / len(shown)
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' font-family='sans-serif' font-size='10'>"
    ]
    if period is not None and period.preperiod - frm < len(shown):
        start = max(period.preperiod - frm, 0)
        x = pad + start * bar
        parts.append(
            f"<rect x='{x:.2f}' y='{pad / 2}' width='{width - pad - x:.2f}' "
            f"height='{height - 1.5 * pad}' fill='#eef5ff'/>"
        )
    scale = (height - 2 * pad) / top
    path = []
    for i, v in enumerate(shown):
        h = v * scale
        path.append(f"M{pad + i * bar:.2f},{height - pad:.2f}v{-h:.2f}h{max(bar * 0.8, 0.5):.2f}v{h:.2f}z")
    parts.append(f"<path d='{''.join(path)}' fill='#3a6ea5'/>")
    parts.append(
        f"<text x='{pad}' y='{height - 6}'>{frm}</text>"
        f"<text x='{width - pad}' y='{height - 6}' text-anchor='end'>{frm + len(shown) - 1}</text>"
        f"<text x='4' y='{pad}'>{top}</text>"
    )
    parts.append("</svg>")
    return "".join(parts)


def table_html(t: Any) -> str:
    values = [int(v) for v in t.values[:CHART_VALUES]]
    if t.period is None:
        period = "no period found in the computed range"
    else:
        period = "period {} from heap {} ({})".format(
            t.period.period,
            t.period.preperiod,
            "proved" if t.period.proved else "seen, not proved",
        )
    first = ", ".join(str(v) for v in values[:30])
    more = ", …" if len(t.values) > 30 else ""
    return (
        f"<div><b>{escape(t.family)}</b>: heaps {t.frm}..{t.to}; {escape(period)}<br>"
        f"{table_svg(values, t.frm, t.period)}<br><code>{first}{more}</code></div>"
    )


def _segments(wall: List[Tuple[Fraction, Fraction, int]], t_max: Fraction) -> List[Tuple[Fraction, Fraction]]:
    """The points (temperature, value) of a wall, up to ``t_max``."""
    pts = []
    for i, (t, v, slope) in enumerate(wall):
        pts.append((t, v))
        end = wall[i + 1][0] if i + 1 < len(wall) else t_max
        if end > t:
            pts.append((end, v + (end - t) * slope))
    return pts


def thermograph_svg(th: Any) -> str:
    """The thermograph in the usual orientation: values decrease to the right
    (Left's side on the left), temperature upwards, the mast above it."""
    t_max = max(th.temperature * 2, th.temperature + 1, Fraction(1))
    left = _segments(th.left, th.temperature)
    right = _segments(th.right, th.temperature)
    xs = [v for _, v in left + right] + [th.mean]
    lo, hi = min(xs) - 1, max(xs) + 1
    width, height, pad = 320, 200, 20

    def x(v: Fraction) -> float:
        return pad + float((hi - v) / (hi - lo)) * (width - 2 * pad)

    def y(t: Fraction) -> float:
        return height - pad - float(t / t_max) * (height - 2 * pad)

    def line(pts: List[Tuple[Fraction, Fraction]], colour: str) -> str:
        d = " ".join(f"{x(v):.2f},{y(t):.2f}" for t, v in pts)
        return f"<polyline points='{d}' fill='none' stroke='{colour}' stroke-width='2'/>"

    mast = (
        f"<line x1='{x(th.mean):.2f}' y1='{y(max(th.temperature, Fraction(0))):.2f}' x2='{x(th.mean):.2f}' "
        f"y2='{y(t_max):.2f}' stroke='#333' stroke-width='2'/>"
    )
    axis = (
        f"<line x1='{pad}' y1='{height - pad}' x2='{width - pad}' y2='{height - pad}' stroke='#999'/>"
    )
    labels = (
        f"<text x='{x(th.mean):.2f}' y='{height - 4}' text-anchor='middle'>{th.mean}</text>"
        f"<text x='{width - pad}' y='{pad}' text-anchor='end'>t = {th.temperature}</text>"
    )
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' font-family='sans-serif' font-size='10'>"
        f"{axis}{line(left, '#1f5fbf')}{line(right, '#bf3f1f')}{mast}{labels}</svg>"
    )


def value_html(g: Any) -> str:
    rows = [
        ("value", g.canonical),
        ("outcome", _OUTCOMES.get(g.outcome, g.outcome)),
        ("number", "none" if g.number is None else str(g.number)),
        ("mean", str(g.mean)),
        ("temperature", str(g.temperature)),
    ]
    if g.stops is not None:
        rows.append(("stops", f"left {g.stops[0]}, right {g.stops[1]}"))
    body = "".join(
        f"<tr><th style='text-align:left'>{k}</th><td style='text-align:left'>{escape(v)}</td></tr>"
        for k, v in rows
    )
    svg = ""
    if g.mean is not None:
        try:
            svg = thermograph_svg(g.thermograph())
        except Exception:  # the thermograph beyond the bound: the table stands alone
            svg = ""
    return f"<div style='display:flex;gap:1em'><table>{body}</table>{svg}</div>"

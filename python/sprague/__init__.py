"""sprague: combinatorial game theory, exact and fast, from Python.

Who wins a game, by how much, and how: Sprague–Grundy values of impartial games
and their sums, tables of heap games with their periods, canonical forms and
thermographs of short partizan games, and Nash equilibria of bimatrix games.
Every answer comes from the Rust engine (the same library as the ``sprague``
command line); this package only turns the answers into Python objects.

>>> import sprague
>>> r = sprague.solve("nim(3,4,5)")
>>> r.outcome, r.grundy
('N', 2)
>>> r.winning_moves[0].text
'take 2 from the heap of 3'
>>> sprague.table("sub[1,3,4]", to=9).period
Period(preperiod=0, period=7, proved=True)
>>> g = sprague.value("{2|-1/2}")
>>> g.mean, g.temperature
(Fraction(3, 4), Fraction(5, 4))
>>> sprague.value("^") + sprague.value("v") == 0
True

Long computations run without holding the GIL, and Ctrl-C (KeyboardInterrupt)
interrupts them. Errors are :class:`ParseError`, :class:`InputError` and
:class:`LimitError`, with the command line's messages.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, List, Optional, Sequence, Tuple, Union

from . import _sprague
from . import _display

__all__ = [
    "solve",
    "families",
    "genus",
    "misere_form",
    "table",
    "grid",
    "quotient",
    "value",
    "nash",
    "nash_text",
    "write_nfg",
    "write_efg",
    "race",
    "heap_game",
    "game",
    "forget",
    "Solved",
    "PartizanSolved",
    "SideMoves",
    "SearchStats",
    "Move",
    "Component",
    "Table",
    "Period",
    "Value",
    "Thermograph",
    "ThermographPoints",
    "Nash",
    "Game",
    "MixedProfile",
    "Equilibrium",
    "PureEquilibrium",
    "SpragueError",
    "InputError",
    "ParseError",
    "LimitError",
]

#: Most positions an exhaustive search or table may hold (``--max-states``).
DEFAULT_MAX_STATES = 50_000_000
#: Most units of work of :func:`nash` (``--max-pairs``): pairs of strategies
#: compared, bases of the best-response polytopes visited, vertices matched.
DEFAULT_MAX_PAIRS = 10_000_000


# ----------------------------------------------------------------------------
# Errors


class SpragueError(Exception):
    """A computation failed (the command line's exit code 1)."""


class InputError(SpragueError, ValueError):
    """Bad input: an expression, family or game that cannot be handled (exit 2)."""


class ParseError(InputError):
    """An expression that does not parse; ``column`` is the 1-based column."""

    def __init__(self, message: str, column: int):
        super().__init__(message)
        #: The 1-based character column where the expression goes wrong.
        self.column = column


class LimitError(SpragueError):
    """A resource bound was reached (exit 3); ``flag`` names the bound that raises
    it, e.g. ``"--max-states"`` (the keyword argument ``max_states``)."""

    def __init__(self, message: str, flag: Optional[str]):
        super().__init__(message)
        #: The command-line flag of the bound, e.g. ``"--max-states"``.
        self.flag = flag


_COLUMN = re.compile(r"^bad expression: column (\d+): ")
_FLAG = re.compile(r"raise it with (--[a-z-]+)")


def _translate(e: Exception) -> Exception:
    """The Python exception for a failure of the engine."""
    kind, message = e.args
    if kind == "input":
        m = _COLUMN.match(message)
        if m:
            return ParseError(message, int(m.group(1)))
        return InputError(message)
    if kind == "limit":
        message = "limit reached: " + message
        m = _FLAG.search(message)
        if m is None and "max-pairs" in message:
            return LimitError(message, "--max-pairs")
        return LimitError(message, m.group(1) if m else None)
    if kind == "interrupted":
        return KeyboardInterrupt(message)
    return SpragueError(message)


def _call(fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except _sprague.Failed as e:
        raise _translate(e) from None


def _int(v: Any) -> Any:
    """A JSON integer (numbers past 64 bits are strings of digits) as an int."""
    if isinstance(v, str) and v.isdigit():
        return int(v)
    return v


def _frac(v: Optional[str]) -> Optional[Fraction]:
    return None if v is None else Fraction(v)


# ----------------------------------------------------------------------------
# solve


@dataclass(frozen=True)
class Component:
    """One component of a sum and its nim-value (None when not computed, or in
    misère play; ``"inf"`` for an infinite loopy value). In a partizan position
    ``value`` is the part's canonical value when it is a game such as ``±1`` (None
    for a position of a ruleset, whose value the search does not compute), and
    ``grundy`` is None."""

    expr: str
    grundy: Union[int, str, None]
    value: Optional[str] = None


@dataclass(frozen=True)
class Move:
    """A winning move: of component ``component`` (0-based), from ``frm`` to
    ``to``, in words ``text``; for heap games the 1-based ``heap`` number and the
    stones it ``take``s (else None)."""

    component: int
    frm: str
    to: str
    text: str
    heap: Optional[int]
    take: Optional[int]


@dataclass(frozen=True)
class Solved:
    """The answer of :func:`solve`.

    ``outcome`` is ``"N"`` (the player to move wins), ``"P"`` (the player to move
    loses) or ``"D"`` (a draw, for loopy games); ``grundy`` the nim-value of the
    sum (an int of any size; ``"inf"`` for an infinite loopy value; None in misère
    play or when too costly); ``remoteness`` the number of moves a win takes (or a
    loss can be delayed), when a small search decides it — searched the first time
    it is read (or by :meth:`to_dict`), so a call that does not need it does not pay
    for it.
    """

    position: str
    play: str
    outcome: str
    grundy: Union[int, str, None]
    components: List[Component]
    winning_moves: List[Move]
    truncated: bool
    explanation: Optional[List[str]]
    _doc: dict = field(repr=False, compare=False)
    # The expression and bound the remoteness is searched with, and its answer once
    # searched.
    _search: tuple = field(repr=False, compare=False, default=("", 0))
    _lazy: dict = field(repr=False, compare=False, default_factory=dict)

    @property
    def remoteness(self) -> Optional[int]:
        """Moves a win takes, or a loss can be delayed, with best play (the
        Gamesman convention); None when a small exhaustive search cannot decide it."""
        if "remoteness" not in self._lazy:
            expr, max_states = self._search
            self._lazy["remoteness"] = _call(
                _sprague.remoteness, expr, self.play == "misere", max_states
            )
        return self._lazy["remoteness"]

    def to_dict(self) -> dict:
        """The JSON document of ``sprague solve --json``, as ``json.loads`` gives it."""
        doc = {}
        for k, v in json.loads(json.dumps(self._doc)).items():
            doc[k] = v
            if k == "truncated" and self.remoteness is not None:
                doc["remoteness"] = self.remoteness
        return doc

    def _repr_html_(self) -> str:
        return _display.solved_html(self)


@dataclass(frozen=True)
class SideMoves:
    """One player moving first in a partizan position: whether that player
    ``wins``, the winning ``moves`` (at most ``max_moves``), and whether more
    exist (``truncated``)."""

    wins: bool
    moves: List[Move]
    truncated: bool


@dataclass(frozen=True)
class SearchStats:
    """The work of the partizan search: positions searched (``nodes``), regions
    met, and regions replaced by their canonical values (``valued``)."""

    nodes: int
    regions: int
    valued: int


@dataclass(frozen=True)
class PartizanSolved:
    """The answer of :func:`solve` for a partizan position (a sum with a literal,
    an option term or a partizan ruleset such as ``domineering(3,3)``).

    ``outcome`` is ``"L"`` (Left wins whoever starts), ``"R"``, ``"N"`` (the player
    to move wins) or ``"P"``; ``first`` (``"left"`` or ``"right"``) is the player to
    move, whose winning moves are ``winning_moves``; ``left`` and ``right`` give
    each player's winning moves when moving first; ``components`` the parts with
    the canonical value of each part that is a game; ``value`` the canonical value
    of the whole sum when every part has one (else None); ``grundy`` is None.
    """

    position: str
    play: str
    outcome: str
    grundy: None
    value: Optional[str]
    first: str
    components: List[Component]
    winning_moves: List[Move]
    truncated: bool
    left: SideMoves
    right: SideMoves
    search: SearchStats
    explanation: Optional[List[str]]
    _doc: dict = field(repr=False, compare=False)

    @property
    def remoteness(self) -> None:
        """None: the partizan search does not count moves."""
        return None

    @property
    def winning_moves_by_side(self) -> dict:
        """``{"left": self.left, "right": self.right}``, as the JSON field."""
        return {"left": self.left, "right": self.right}

    def to_dict(self) -> dict:
        """The JSON document of ``sprague solve --json``, as ``json.loads`` gives it."""
        return json.loads(json.dumps(self._doc))

    def _repr_html_(self) -> str:
        return _display.solved_html(self)


def _move(m: dict) -> Move:
    return Move(
        m["component"],
        m["from"],
        m["to"],
        m["text"],
        m.get("heap"),
        _int(m.get("take")),
    )


def _partizan_solved(doc: dict) -> PartizanSolved:
    def side(s: dict) -> SideMoves:
        return SideMoves(s["wins"], [_move(m) for m in s["moves"]], s["truncated"])

    by_side = doc["winning_moves_by_side"]
    return PartizanSolved(
        position=doc["position"],
        play=doc["play"],
        outcome=doc["outcome"],
        grundy=doc["grundy"],
        value=doc["value"],
        first=doc["first"],
        components=[Component(c["expr"], None, c["value"]) for c in doc["components"]],
        winning_moves=[_move(m) for m in doc["winning_moves"]],
        truncated=doc["truncated"],
        left=side(by_side["left"]),
        right=side(by_side["right"]),
        search=SearchStats(**doc["search"]),
        explanation=doc.get("explanation"),
        _doc=doc,
    )


def solve(
    position: str,
    misere: bool = False,
    max_moves: int = 20,
    explain: bool = False,
    max_states: int = DEFAULT_MAX_STATES,
    first: str = "left",
) -> Union[Solved, PartizanSolved]:
    """Decide a position: who wins, the nim-value, and every winning move.

    ``position`` is an expression such as ``"nim(3,4,5)"`` or
    ``"sub[1,3,4](10) + wythoff(3,5)"`` (the command line's syntax; games defined
    with :func:`heap_game` or :func:`game` may appear in it). ``misere`` plays the
    misère convention (the last player to move loses); ``max_moves`` bounds the
    moves listed; ``explain`` adds the reasoning as sentences; ``max_states``
    bounds exhaustive searches and tables (:class:`LimitError` beyond).

    A partizan position (``"domineering(3,3)"``, ``"{1|-1} + ^"``) gives a
    :class:`PartizanSolved`, with both players' winning moves; ``first`` (``"left"``
    or ``"right"``) is the player to move, as ``--first`` on the command line.

    >>> solve("nim(1,1,2)", misere=True).winning_moves[0].to
    'nim(1)'
    >>> solve("{1|-1} + ^").right.moves[0].to
    '-1'
    """
    doc = json.loads(
        _call(_sprague.solve, position, misere, max_moves, explain, max_states, first)
    )
    if "winning_moves_by_side" in doc:
        return _partizan_solved(doc)
    return Solved(
        position=doc["position"],
        play=doc["play"],
        outcome=doc["outcome"],
        grundy=_int(doc["grundy"]),
        components=[Component(c["expr"], _int(c["grundy"])) for c in doc["components"]],
        winning_moves=[_move(m) for m in doc["winning_moves"]],
        truncated=doc["truncated"],
        explanation=doc.get("explanation"),
        _doc=doc,
        _search=(position, max_states),
    )


def genus(expr: str, max_states: int = DEFAULT_MAX_STATES) -> str:
    """Conway's genus g^γ₀γ₁… of an impartial position (of the whole sum): g the
    normal nim-value, γₖ the misère nim-value with k heaps of 2 added, the last two
    repeating for ever (On Numbers and Games, ch. 12; Winning Ways, ch. 13).

    >>> genus("kayles(5)"), genus("nim(2,2)")
    ('4^146', '0^02')
    """
    return _call(_sprague.genus, expr, max_states)[0]


def misere_form(expr: str, max_states: int = DEFAULT_MAX_STATES) -> str:
    """The misère canonical (simplest) form of an impartial position, written as
    ``sprague solve --misere --explain`` writes it: ``0``, ``*``, ``*2``, or
    ``*[…]`` listing the options.

    >>> misere_form("kayles(5)"), misere_form("nim(1,1)")
    ('*[(32)321]', '0')
    """
    return _call(_sprague.genus, expr, max_states)[1]


def families() -> List[str]:
    """Every family and ruleset name an expression may use, sorted (impartial
    families such as ``"nim"`` and partizan rulesets such as ``"domineering"``).

    >>> "kayles" in families() and "clobber" in families()
    True
    """
    return list(_sprague.families())


# ----------------------------------------------------------------------------
# table


@dataclass(frozen=True)
class Period:
    """The values repeat with ``period`` from heap ``preperiod`` on; ``proved``
    when a theorem (of subtraction or octal games) guarantees it forever, else it
    is only seen in the computed range."""

    preperiod: int
    period: int
    proved: bool


@dataclass(frozen=True)
class Table:
    """The answer of :func:`table`: the values of heaps ``frm..to`` of
    ``family``, and the period (None when none is seen).

    ``values`` is a NumPy array (int64) when NumPy is installed and every value
    fits, else a list of ints.
    """

    family: str
    frm: int
    values: Any
    period: Optional[Period]
    explanation: Optional[List[str]] = None

    @property
    def to(self) -> int:
        """The last heap."""
        return self.frm + len(self.values) - 1

    def to_dict(self) -> dict:
        """The JSON document of ``sprague table --json``, as ``json.loads`` gives it."""
        values = [int(v) for v in self.values]
        doc: dict = {
            "family": self.family,
            "from": self.frm,
            "values": [v if v < 2**64 else str(v) for v in values],
            "period": None
            if self.period is None
            else {
                "preperiod": self.period.preperiod,
                "period": self.period.period,
                "proved": self.period.proved,
            },
        }
        if self.explanation is not None:
            doc["explanation"] = list(self.explanation)
        return doc

    def _repr_html_(self) -> str:
        return _display.table_html(self)


def _values(raw: Any) -> Any:
    if isinstance(raw, bytes):
        try:
            import numpy
        except ImportError:
            import array

            a = array.array("Q")
            a.frombytes(raw)
            if a.itemsize != 8:  # pragma: no cover - platforms without 64-bit Q
                return [int.from_bytes(raw[i : i + 8], "little") for i in range(0, len(raw), 8)]
            return a.tolist()
        v = numpy.frombuffer(raw, dtype="<u8")
        if v.size and int(v.max()) >= 2**63:
            return v.tolist()
        return v.astype(numpy.int64)
    return [int(s) for s in raw]


def table(
    family: str,
    to: int = 100,
    frm: int = 0,
    explain: bool = False,
    max_states: int = DEFAULT_MAX_STATES,
) -> Table:
    """The Sprague–Grundy values of a heap family for heaps ``frm..to``, with the
    period found (and, where a theorem allows, proved).

    ``family`` is written without heap sizes: ``"sub[1,3,4]"``, ``"octal[0.77]"``,
    ``"kayles"``, or the name of a game defined with :func:`heap_game`.
    ``explain`` adds each value's derivation. Ctrl-C stops a long table.

    >>> table("kayles", to=11).to_dict()["values"]
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    """
    name, start, raw, period, explanation = _call(
        _sprague.table, family, frm, to, explain, max_states
    )
    return Table(
        family=name,
        frm=start,
        values=_values(raw),
        period=None if period is None else Period(*period),
        explanation=explanation,
    )


def grid(
    family: str,
    to: Union[int, Tuple[int, int]] = 10,
    frm: Union[int, Tuple[int, int]] = 0,
    max_states: int = DEFAULT_MAX_STATES,
) -> dict:
    """The grid of a game on two numbers, as ``sprague table --json`` prints it: the
    nim-value of ``family(i,j)`` in row i, column j (``"wythoff"``, ``"king"``,
    ``"moore[2]"``), or of ``family(i) + family(j)`` for a heap family
    (``"sub[1,3,4]"``: ``table --pairs``). ``to`` and ``frm`` are a number (row and
    column alike) or a pair ``(row, column)``; at most 512 rows and columns.

    >>> g = grid("wythoff", to=5)
    >>> g["p_positions"][:3]
    [[0, 0], [1, 2], [2, 1]]
    """
    (r0, c0) = frm if isinstance(frm, tuple) else (frm, frm)
    (r1, c1) = to if isinstance(to, tuple) else (to, to)
    return json.loads(_call(_sprague.grid, family, r0, c0, r1, c1, max_states))


def quotient(family: str, to: int = 10, max_states: int = DEFAULT_MAX_STATES) -> dict:
    """The misère quotient of heaps 1 to ``to`` of a heap game (``"octal[0.75]"``,
    ``"kayles"``), as ``sprague quotient --json`` prints it: ``order``,
    ``generators``, ``relations``, ``elements``, ``p_portion``, each heap's element
    and, when small, the multiplication table. It is verified on every sum of those
    heaps; nothing is claimed beyond ``to``.

    >>> quotient("octal[0.75]", to=10)["order"]
    8
    """
    return json.loads(_call(_sprague.quotient, family, to, max_states))


# ----------------------------------------------------------------------------
# value


@dataclass(frozen=True)
class Thermograph:
    """A thermograph: each wall a list of segments ``(t, value at t, slope)`` by
    increasing temperature ``t``, the last extending to infinity; the mast stands
    at ``mean`` from ``temperature`` up."""

    left: List[Tuple[Fraction, Fraction, int]]
    right: List[Tuple[Fraction, Fraction, int]]
    mean: Fraction
    temperature: Fraction

    def _repr_svg_(self) -> str:
        return _display.thermograph_svg(self)


@dataclass(frozen=True)
class ThermographPoints:
    """A thermograph as exact points: each wall's ``(value, temperature)`` points
    from temperature 0 up to the mast, and the mast's ``(value, temperature)``
    where it begins."""

    left_wall: List[Tuple[Fraction, Fraction]]
    right_wall: List[Tuple[Fraction, Fraction]]
    mast: Tuple[Fraction, Fraction]


class Value:
    """A short partizan game in canonical form (:func:`value` makes one).

    Games add (``g + h``), subtract and negate (``-g``), and compare as CGT orders
    them: ``g == h`` (equal values), ``g <= h``, ``g < h``, ``g >= h``, ``g > h``,
    and ``g | h`` (confused: incomparable, the first player wins ``g - h``).
    Integers and Fractions stand for numbers: ``g + 1``, ``g > 0``.
    """

    __slots__ = ("_id", "_doc", "_thermo")

    def __init__(self, _id: int, doc: dict):
        self._id = _id
        self._doc = doc
        self._thermo: Optional[Thermograph] = None

    @property
    def canonical(self) -> Optional[str]:
        """The canonical form in CGSuite notation, e.g. ``{2|-1/2}``, ``^*``; None
        when it is too long to print (more than 100000 characters)."""
        return self._doc["canonical"]

    @property
    def outcome(self) -> str:
        """``"L"`` (Left wins), ``"R"``, ``"P"`` (the second player wins) or ``"N"``."""
        return self._doc["outcome"]

    @property
    def number(self) -> Optional[Fraction]:
        """The value when it is a number, else None."""
        return _frac(self._doc["number"])

    @property
    def mean(self) -> Optional[Fraction]:
        """The mean value (None when the thermograph was beyond the bound)."""
        return _frac(self._doc["mean"])

    @property
    def temperature(self) -> Optional[Fraction]:
        """The temperature (None when the thermograph was beyond the bound)."""
        return _frac(self._doc["temperature"])

    @property
    def stops(self) -> Optional[Tuple[Fraction, Fraction]]:
        """(left stop, right stop)."""
        ls, rs = self._doc["left_stop"], self._doc["right_stop"]
        if ls is None or rs is None:
            return None
        return Fraction(ls), Fraction(rs)

    @property
    def left_options(self) -> Optional[List[str]]:
        """Left's options in canonical form (None when too many to list)."""
        return self._doc["left_options"]

    @property
    def right_options(self) -> Optional[List[str]]:
        """Right's options in canonical form (None when too many to list)."""
        return self._doc["right_options"]

    @property
    def options(self) -> Tuple[Optional[List[str]], Optional[List[str]]]:
        """(Left's options, Right's options)."""
        return self.left_options, self.right_options

    @property
    def explanation(self) -> Optional[List[str]]:
        """How each part was brought to canonical form (with ``explain=True``)."""
        return self._doc.get("explanation")

    @property
    def left_stop(self) -> Optional[Fraction]:
        """Left's stop (None when the thermograph was beyond the bound)."""
        return _frac(self._doc["left_stop"])

    @property
    def right_stop(self) -> Optional[Fraction]:
        """Right's stop (None when the thermograph was beyond the bound)."""
        return _frac(self._doc["right_stop"])

    @property
    def thermograph_points(self) -> Optional[ThermographPoints]:
        """The thermograph as the command line's JSON gives it (its ``thermograph``
        field): each wall's points, and the mast; None beyond the bound."""
        th = self._doc["thermograph"]
        if th is None:
            return None
        pts = lambda w: [(Fraction(x), Fraction(t)) for x, t in w]  # noqa: E731
        return ThermographPoints(
            pts(th["left_wall"]),
            pts(th["right_wall"]),
            (Fraction(th["mast"]["x"]), Fraction(th["mast"]["t"])),
        )

    @property
    def summarised(self) -> bool:
        """Whether the canonical form was too long to print (``canonical`` is None)."""
        return self._doc["summarised"]

    @property
    def birthday(self) -> Union[int, str]:
        """The birthday: the day the game is born on (``"ω"`` for a number whose
        denominator is not a power of two, ``"at least ω"`` for one plus a game)."""
        return _int(self._doc["birthday"])

    @property
    def size(self) -> Optional[int]:
        """Distinct canonical subpositions (None when too many to count)."""
        return self._doc["size"]

    @property
    def orthodox(self) -> Optional[Tuple[List[str], List[str]]]:
        """(Left's, Right's) orthodox options: those that keep the mean at the
        temperature (None when not listed)."""
        o = self._doc["orthodox"]
        return None if o is None else (o["left"], o["right"])

    @property
    def reduced(self) -> Optional[str]:
        """The reduced canonical form (infinitesimals dropped), when computed."""
        return self._doc["reduced"]

    @property
    def atomic_weight(self) -> Optional[str]:
        """The atomic weight of an all-small game (None otherwise, or beyond the
        bound)."""
        return self._doc["atomic_weight"]

    @property
    def far_star(self) -> Optional[str]:
        """The far star the atomic weight was computed with (``*N``), or None."""
        return self._doc["far_star"]

    @property
    def operation(self) -> Optional[str]:
        """The operation applied to the game (``"cooled by 1"``), or None."""
        return self._doc["operation"]

    def thermograph(self) -> Thermograph:
        """The thermograph's walls, mean and temperature."""
        if self._thermo is None:
            left, right, mean, temp = _call(_sprague.thermograph, self._id)
            wall = lambda w: [(Fraction(t), Fraction(v), s) for t, v, s in w]  # noqa: E731
            self._thermo = Thermograph(wall(left), wall(right), Fraction(mean), Fraction(temp))
        return self._thermo

    def to_dict(self) -> dict:
        """The JSON document of ``sprague value --json``, as ``json.loads`` gives it."""
        return json.loads(json.dumps(self._doc))

    # Arithmetic and order, by the engine's sums, negatives and comparisons.

    @staticmethod
    def _of(x: Any) -> "Value":
        if isinstance(x, Value):
            return x
        if isinstance(x, bool):
            raise TypeError("a game, an int or a Fraction is expected")
        if isinstance(x, int):
            return _game(str(x))
        if isinstance(x, Fraction):
            return _game(f"{x.numerator}/{x.denominator}")
        raise TypeError(f"cannot make a game of {type(x).__name__}")

    @classmethod
    def _made(cls, gid: int) -> "Value":
        return cls(gid, json.loads(_call(_sprague.value_of, gid)))

    def __add__(self, other: Any) -> "Value":
        try:
            o = Value._of(other)
        except TypeError:
            return NotImplemented
        return Value._made(_call(_sprague.add, self._id, o._id))

    __radd__ = __add__

    def __neg__(self) -> "Value":
        return Value._made(_call(_sprague.neg, self._id))

    def __pos__(self) -> "Value":
        return self

    def __sub__(self, other: Any) -> "Value":
        try:
            o = Value._of(other)
        except TypeError:
            return NotImplemented
        return self + (-o)

    def __rsub__(self, other: Any) -> "Value":
        return (-self) + other

    def __mul__(self, n: Any) -> "Value":
        """``n * g``: n copies of the game (of ``-g`` for n < 0); n an int."""
        if not isinstance(n, int) or isinstance(n, bool):
            return NotImplemented
        return Value._made(_call(_sprague.multiple, str(n), self._id))

    __rmul__ = __mul__

    def compare(self, other: Any) -> str:
        """How the game compares with ``other`` (a game, an int or a Fraction), as
        CGSuite writes it: ``"=="``, ``"<"``, ``">"`` or ``"<>"`` (confused).

        >>> value("^").compare("*")
        '<>'
        """
        if isinstance(other, str):
            other = _game(other)
        return _call(_sprague.order, self._id, Value._of(other)._id)

    def confused_with(self, other: Any) -> bool:
        """Whether the game is confused with ``other`` (incomparable: ``g <> h``)."""
        return self.compare(other) == "<>"

    def _cmp(self, other: Any) -> Optional[int]:
        return _call(_sprague.compare, self._id, Value._of(other)._id)

    def __eq__(self, other: Any) -> bool:
        try:
            return self._cmp(other) == 0
        except TypeError:
            return NotImplemented

    def __ne__(self, other: Any) -> bool:
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __le__(self, other: Any) -> bool:
        return self._cmp(other) in (-1, 0)

    def __lt__(self, other: Any) -> bool:
        return self._cmp(other) == -1

    def __ge__(self, other: Any) -> bool:
        return self._cmp(other) in (1, 0)

    def __gt__(self, other: Any) -> bool:
        return self._cmp(other) == 1

    def __or__(self, other: Any) -> bool:
        """``g | h``: the games are confused (incomparable)."""
        return self._cmp(other) is None

    __ror__ = __or__

    def __hash__(self) -> int:
        # Equal games have one canonical form; a number also equals the int or
        # Fraction of its value, so it hashes as they do.
        n = self.number
        return hash(n) if n is not None else hash(self.canonical)

    def __str__(self) -> str:
        c = self.canonical
        return c if c is not None else f"<a game too long to print, born on day {self._doc['birthday']}>"

    def __repr__(self) -> str:
        return f"Value({self.canonical!r})"

    def _repr_html_(self) -> str:
        return _display.value_html(self)


def value(
    game: str, explain: bool = False, max_states: Optional[int] = None
) -> Union[Value, bool]:
    """The canonical form of a short partizan game, with outcome, number, mean,
    temperature, stops and options; or, for two games compared, the answer.

    ``game`` is an expression such as ``"{2|-1/2} + ^"``, ``"*3"``,
    ``"Cool({3|-3}, 1)"``, ``"3 * ^"``, ``"1:1"``, ``"hackenbush(\\"LRL\\")"`` or
    ``"domineering[\\"...\\"]"`` (the command line's syntax, that of
    ``sprague value``). ``explain`` records how each part was brought to canonical
    form.

    A statement comparing two games with one of CGSuite's relations, ``==``, ``!=``,
    ``<=``, ``>=``, ``<``, ``>``, ``<>`` (confused), ``<|`` (less or confused) or
    ``|>`` (greater or confused), is answered with a ``bool``, as CGSuite's worksheet
    answers true or false.

    >>> value("{1|-1} + {1|-1}").canonical
    '0'
    >>> value("^") > 0, value("*") | 0
    (True, True)
    >>> value("^ <= *"), value("^ <> *"), value("{2|-1} + {1|-2} == 0")
    (False, True, True)
    """
    gid, doc = _call(_sprague.value, game, explain, max_states)
    d = json.loads(doc)
    compared = d.get("compare")
    if compared is not None:
        return bool(compared["holds"])
    return Value(gid, d)


def _game(text: str) -> Value:
    """The game of ``text``, which must be a game, not a comparison."""
    v = value(text)
    if not isinstance(v, Value):
        raise InputError(f"a game is expected, not a comparison: {text}")
    return v


# ----------------------------------------------------------------------------
# nash


@dataclass(frozen=True)
class PureEquilibrium:
    """A pure equilibrium: strategies ``row`` and ``col`` (0-based) and the payoffs."""

    row: int
    col: int
    payoffs: Tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Equilibrium:
    """An equilibrium: the probability of each strategy of each player, exact, and
    the expected payoffs."""

    row: List[Fraction]
    col: List[Fraction]
    payoffs: Tuple[Fraction, Fraction]


@dataclass(frozen=True)
class Nash:
    """The answer of :func:`nash`: pure equilibria, every (extreme) equilibrium in
    ``mixed``, the dominant strategy of each player (None if none), dominated
    strategies and iterated elimination, and whether the game is degenerate
    (``degeneracy``: the player and mixed strategy with more pure best responses
    than its support, as a dict like the command line's, or None), with the
    ``method`` used and whether ``mixed`` is ``complete`` (every equilibrium; not
    so for ``"lh"``)."""

    pure: List[PureEquilibrium]
    mixed: List[Equilibrium]
    dominant: dict
    degenerate: bool
    dominated: dict
    iterated: dict
    explanation: Optional[List[str]]
    _doc: dict = field(repr=False, compare=False)
    degeneracy: Optional[dict] = None
    method: str = "vertex"
    complete: bool = True

    def to_dict(self) -> dict:
        """The JSON document of ``sprague nash --json``, as ``json.loads`` gives it."""
        return json.loads(json.dumps(self._doc))


Payoff = Union[int, Fraction, str]


def _payoff(x: Any) -> Any:
    if isinstance(x, bool):
        raise TypeError("payoffs are ints, Fractions or strings like '3/4'")
    if isinstance(x, int):
        return x
    if isinstance(x, Fraction):
        return f"{x.numerator}/{x.denominator}"
    if isinstance(x, str):
        return x
    raise TypeError(f"payoffs are ints, Fractions or strings like '3/4', not {type(x).__name__}")


def nash(
    row_payoffs: Sequence[Sequence[Payoff]],
    col_payoffs: Sequence[Sequence[Payoff]],
    rows: Optional[Sequence[str]] = None,
    cols: Optional[Sequence[str]] = None,
    explain: bool = False,
    max_pairs: int = DEFAULT_MAX_PAIRS,
    method: str = "vertex",
) -> Nash:
    """The Nash equilibria of a bimatrix game, in exact arithmetic, with dominance.

    ``row_payoffs[i][j]`` and ``col_payoffs[i][j]`` are the payoffs of the row
    and column players when row plays ``i`` and column plays ``j``: ints,
    Fractions or strings like ``"3/4"``. ``rows``/``cols`` name the strategies.
    ``method`` is ``"vertex"`` (every equilibrium, by vertex enumeration),
    ``"lh"`` (some, quickly, by Lemke–Howson: ``complete`` is then False) or
    ``"support"`` (every one, by support enumeration, for small games).

    >>> n = nash([[-1, -20], [0, -8]], [[-1, 0], [-20, -8]])
    >>> n.pure[0].row, n.pure[0].col, n.dominant
    (1, 1, {'row': 1, 'col': 1})
    """
    m, n = len(row_payoffs), len(row_payoffs[0]) if row_payoffs else 0
    doc_in = {
        "rows": list(rows) if rows is not None else [f"r{i}" for i in range(m)],
        "cols": list(cols) if cols is not None else [f"c{j}" for j in range(n)],
        "row_payoffs": [[_payoff(x) for x in r] for r in row_payoffs],
        "col_payoffs": [[_payoff(x) for x in r] for r in col_payoffs],
    }
    doc = json.loads(_call(_sprague.nash, json.dumps(doc_in), explain, max_pairs, method))
    fr = lambda v: [Fraction(x) for x in v]  # noqa: E731
    return Nash(
        pure=[
            PureEquilibrium(p["row"], p["col"], tuple(fr(p["payoffs"])))  # type: ignore[arg-type]
            for p in doc["pure"]
        ],
        mixed=[
            Equilibrium(fr(e["row"]), fr(e["col"]), tuple(fr(e["payoffs"])))  # type: ignore[arg-type]
            for e in doc["mixed"]
        ],
        dominant=doc["dominant"],
        degenerate=doc["degenerate"],
        dominated=doc["dominated"],
        iterated=doc["iterated"],
        explanation=doc.get("explanation"),
        _doc=doc,
        degeneracy=doc.get("degeneracy"),
        method=doc["method"],
        complete=doc["complete"],
    )


def nash_text(
    text: str, explain: bool = False, max_pairs: int = DEFAULT_MAX_PAIRS, method: str = "vertex"
) -> dict:
    """The answer of ``sprague nash --json`` for a game given as the text of its
    file: the JSON of a two-player game (``rows``, ``cols``, ``row_payoffs``,
    ``col_payoffs``), the JSON of a game of any number of players (``players``,
    ``strategies``, ``payoffs``), a Gambit ``.nfg`` file or a game tree as a
    Gambit ``.efg`` file, as ``json.loads`` gives it. Two-player games get every
    equilibrium in ``mixed``; for other numbers of players the ``pure``
    equilibria (each a ``profile`` of strategies) and, for small games,
    ``mixed``: every equilibrium by support enumeration, each with its
    ``support`` and ``kind`` (``"exact"``, ``"interval"``, ``"continuum"``,
    ``"face"`` or ``"unresolved"``; see :class:`Game`). A tree is answered for its reduced
    normal form, with the member ``extensive`` added (its subgame-perfect
    equilibria when it has perfect information, its reduced strategies,
    behaviour strategies).

    >>> d = nash_text('NFG 1 R "" { "A" "B" "C" } { 1 1 2 } 1 1 1 2 2 2')
    >>> d["pure"]
    [{'profile': [0, 0, 1], 'payoffs': ['2', '2', '2']}]
    >>> [(e["kind"], e["probabilities"]) for e in d["mixed"]]
    [('exact', [['1'], ['1'], ['0', '1']])]
    """
    return json.loads(_call(_sprague.nash, text, explain, max_pairs, method))


def write_nfg(text: str) -> str:
    """A game given as the text of its file (as for :func:`nash_text`) as a
    payoff-version Gambit ``.nfg`` file, which reads back as the same game.

    >>> print(write_nfg('{"rows": ["a"], "cols": ["x"], "row_payoffs": [[1]], "col_payoffs": [["3/4"]]}'), end="")
    NFG 1 R "" { "row" "column" }
    { { "a" } { "x" } }
    <BLANKLINE>
    1 3/4
    """
    return _call(_sprague.write_nfg, text)


def write_efg(text: str) -> str:
    """A game tree given as the text of a Gambit ``.efg`` file, written back as a
    ``.efg`` file (every information set and outcome described in full, numbers
    in lowest terms), which reads back as the same tree.

    >>> print(write_efg('EFG 2 R "" { "A" } t "" 1 "" { 0.5 }'), end="")
    EFG 2 R "" { "A" }
    ""
    <BLANKLINE>
    t "" 1 "" { 1/2 }
    """
    return _call(_sprague.write_efg, text)


@dataclass(frozen=True)
class MixedProfile:
    """One equilibrium (or set of them) of a :class:`Game`: each player's
    ``support`` (the strategies played) and its ``kind``:

    - ``"exact"``: ``probabilities`` (each player's, one Fraction per strategy)
      and ``payoffs`` (each player's, Fractions);
    - ``"interval"``: an irrational equilibrium (or one not recovered exactly):
      each probability lies between ``lo`` and ``hi`` (Fractions, at most 2**-40
      apart), a box proved to hold exactly one equilibrium, ``payoffs_lo`` and
      ``payoffs_hi`` bound the payoffs, ``checked`` says whether the inequalities
      hold on the whole box;
    - ``"continuum"``: every point of the segment from ``segment[0]`` to
      ``segment[1]`` is an equilibrium (only ``player``'s mixture moves);
      ``probabilities`` and ``payoffs`` are a point of it with this support;
    - ``"face"``: every profile mixing only the strategies of ``support`` is an
      equilibrium; ``payoffs_lo`` and ``payoffs_hi`` bound the payoffs over them;
    - ``"unresolved"``: singular equations (a continuum or a multiple solution)
      within ``lo``..``hi``; ``probabilities`` is an exact equilibrium there or
      None.
    """

    support: List[List[int]]
    kind: str
    probabilities: Optional[List[List[Fraction]]] = None
    payoffs: Optional[List[Fraction]] = None
    lo: Optional[List[List[Fraction]]] = None
    hi: Optional[List[List[Fraction]]] = None
    payoffs_lo: Optional[List[Fraction]] = None
    payoffs_hi: Optional[List[Fraction]] = None
    checked: bool = True
    player: Optional[int] = None
    segment: Optional[Tuple[List[List[Fraction]], List[List[Fraction]]]] = None


def _fractions(v: Any) -> Any:
    if v is None:
        return None
    if isinstance(v, list):
        return [_fractions(x) for x in v]
    return Fraction(v)


def _mixed_profile(e: dict) -> MixedProfile:
    if "row" in e:  # two players
        probs = [_fractions(e["row"]), _fractions(e["col"])]
        support = [[i for i, x in enumerate(m) if x > 0] for m in probs]
        return MixedProfile(support, "exact", probs, _fractions(e["payoffs"]))
    kind = e["kind"]
    sample = e.get("sample")
    probs = e.get("probabilities")
    pays = e.get("payoffs")
    if sample is not None:
        probs, pays = sample["probabilities"], sample["payoffs"]
    segment = None
    if kind == "continuum":
        segment = (_fractions(e["from"]), _fractions(e["to"]))
    return MixedProfile(
        support=e["support"],
        kind=kind,
        probabilities=_fractions(probs),
        payoffs=_fractions(pays),
        lo=_fractions(e.get("lo")),
        hi=_fractions(e.get("hi")),
        payoffs_lo=_fractions(e.get("payoffs_lo")),
        payoffs_hi=_fractions(e.get("payoffs_hi")),
        checked=e.get("checked", True),
        player=e.get("player"),
        segment=segment,
    )


def _plain(x: Any) -> Any:
    """NumPy arrays and scalars as Python lists and numbers."""
    if hasattr(x, "tolist") and not isinstance(x, (str, Fraction)):
        return x.tolist()
    return x


def _depth(x: Any) -> int:
    d = 0
    while isinstance(x, (list, tuple)):
        if not x:
            raise ValueError("payoffs: an empty list of strategies")
        x = x[0]
        d += 1
    return d


class Game:
    """A game in normal form of any number of players, with exact payoffs.

    ``payoffs`` is either one array per player (a list of NumPy arrays or nested
    lists, each indexed by one strategy per player, the first player's
    outermost), or one array with a trailing player axis (``payoffs[i][j]...[p]``
    is player p's payoff); a single NumPy array is read the second way, a list
    of arrays the first way; ``player_axis="last"`` or ``"first"`` says which
    for nested lists whose shape allows both (the default, ``"auto"``, reads a
    list as one array per player when its length is the number of dimensions of
    its elements). Payoffs are ints, Fractions or strings like ``"3/4"`` (floats
    are refused: they are not exact). ``players`` and ``strategies`` name them.
    Every computation is the Rust engine's (the same as ``sprague nash``).

    >>> g = Game([[[2, 0], [0, 1]], [[1, 0], [0, 2]]])   # battle of the sexes
    >>> [e.probabilities for e in g.equilibria()][2]
    [[Fraction(2, 3), Fraction(1, 3)], [Fraction(1, 3), Fraction(2, 3)]]
    """

    def __init__(
        self,
        payoffs: Any,
        players: Optional[Sequence[str]] = None,
        strategies: Optional[Sequence[Sequence[str]]] = None,
        player_axis: str = "auto",
    ) -> None:
        if player_axis not in ("auto", "first", "last"):
            raise ValueError("player_axis is 'auto', 'first' or 'last'")
        single = hasattr(payoffs, "shape")
        if single:
            table = _plain(payoffs)
            first = player_axis == "first"
        else:
            table = [_plain(a) for a in payoffs]
            if player_axis == "auto":
                first = all(isinstance(a, (list, tuple)) for a in table) and all(
                    _depth(a) == len(table) for a in table
                )
            else:
                first = player_axis == "first"
        if first:
            n = len(table)
            per_player = table
        else:
            n = _depth(table) - 1
            per_player = None
        if n < 1:
            raise ValueError("payoffs: no player")
        # The JSON of sprague nash: payoffs[i][j]... lists every player's payoff.
        def leaf_of(path: Tuple[int, ...]) -> List[Any]:
            if per_player is not None:
                out = []
                for a in per_player:
                    x = a
                    for i in path:
                        x = x[i]
                    out.append(_payoff(_plain(x)))
                return out
            x = table
            for i in path:
                x = x[i]
            if not isinstance(x, (list, tuple)) or len(x) != n:
                raise ValueError(f"payoffs{list(path)}: expected {n} payoffs, one per player")
            return [_payoff(_plain(v)) for v in x]

        shape_src = per_player[0] if per_player is not None else table
        counts = []
        x = shape_src
        for _ in range(n):
            if not isinstance(x, (list, tuple)) or not x:
                raise ValueError("payoffs: expected one index per player")
            counts.append(len(x))
            x = x[0]

        def build(path: Tuple[int, ...]) -> Any:
            if len(path) == n:
                return leaf_of(path)
            return [build(path + (i,)) for i in range(counts[len(path)])]

        self.players: List[str] = (
            list(players) if players is not None else [f"Player {p + 1}" for p in range(n)]
        )
        self.strategies: List[List[str]] = (
            [list(s) for s in strategies]
            if strategies is not None
            else [[str(s + 1) for s in range(k)] for k in counts]
        )
        try:
            nested = build(())
        except IndexError as e:
            raise ValueError(f"payoffs: not a full table of {counts} profiles ({e})") from None
        self._text = json.dumps(
            {"players": self.players, "strategies": self.strategies, "payoffs": nested}
        )
        # Read back through the engine: it checks every name and payoff.
        self.players, self.strategies, flat = _call(_sprague.read_normal, self._text)
        self._flat = flat

    @classmethod
    def from_nfg(cls, text: str) -> "Game":
        """A game read from the text of a Gambit ``.nfg`` file (either version)."""
        players, strategies, flat = _call(_sprague.read_normal, text)
        n = len(players)
        counts = [len(s) for s in strategies]
        # flat: each profile (the first player's strategy fastest), every payoff.
        def build(path: Tuple[int, ...]) -> Any:
            if len(path) == n:
                index, stride = 0, 1
                for p, i in enumerate(path):
                    index += i * stride
                    stride *= counts[p]
                return flat[index * n:(index + 1) * n]
            return [build(path + (i,)) for i in range(counts[len(path)])]

        return cls(build(()), players, strategies, player_axis="last")

    @property
    def payoffs(self) -> List[Any]:
        """The payoffs with a trailing player axis, as nested lists of Fractions."""
        return _fractions(json.loads(self._text)["payoffs"])

    def _doc(self, method: Optional[str], max_pairs: int) -> dict:
        if method is None:
            method = "vertex"
        elif len(self.players) != 2 and method != "support":
            raise ValueError(
                "games of other than two players are solved by support enumeration: method='support'"
            )
        elif len(self.players) == 2 and method not in ("vertex", "lh", "support"):
            raise ValueError("method is 'vertex', 'lh' or 'support'")
        return json.loads(_call(_sprague.nash, self._text, False, max_pairs, method))

    def equilibria(
        self, method: Optional[str] = None, max_pairs: int = DEFAULT_MAX_PAIRS
    ) -> List[MixedProfile]:
        """Every Nash equilibrium (for two players by ``method``: ``"vertex"``,
        ``"lh"`` or ``"support"``; for others by support enumeration, small games
        only), exact Fractions where rational; see :class:`MixedProfile`."""
        doc = self._doc(method, max_pairs)
        mixed = doc.get("mixed")
        if mixed is None:
            raise LimitError(doc.get("note", "mixed equilibria not computed"))
        return [_mixed_profile(e) for e in mixed]

    def dominated(self, max_pairs: int = DEFAULT_MAX_PAIRS) -> List[List[dict]]:
        """For each player, its strategies dominated by another pure strategy:
        dicts with ``strategy``, ``by`` and ``strict``."""
        doc = self._doc(None if len(self.players) == 2 else "support", max_pairs)
        d = doc["dominated"]
        if isinstance(d, dict):
            return [d["row"], d["col"]]
        return d

    def write_nfg(self) -> str:
        """The game as a payoff-version Gambit ``.nfg`` file."""
        return _call(_sprague.write_nfg, self._text)

    def __repr__(self) -> str:
        counts = "×".join(str(len(s)) for s in self.strategies)
        return f"Game({len(self.players)} players, {counts} strategies)"


# ----------------------------------------------------------------------------
# race


def race(
    players: int,
    moves: Sequence[int],
    to: int,
    lose: bool = False,
    ties: str = "smallest",
) -> dict:
    """A counting race of many players (``sprague race``): players 1 to ``players``
    add in turn one of ``moves`` to a total from 0; the first move that makes it at
    least ``to`` wins (with ``lose=True``: loses). Which coalitions force a win, and
    subgame-perfect play with the tie-break ``ties`` (``"smallest"`` or
    ``"largest"`` increment): the JSON document of ``sprague race --json`` as a dict.

    >>> r = race(3, [1, 2], 3)
    >>> r["singles"], r["subgame_perfect"]["finisher"]
    ([2], 2)
    """
    return json.loads(_call(_sprague.race, players, list(moves), to, lose, ties))


# ----------------------------------------------------------------------------
# Games defined in Python


HeapOptions = Callable[[int], Iterable[Union[int, Iterable[int]]]]
TupleOptions = Callable[[Tuple[int, ...]], Iterable[Iterable[int]]]


def heap_game(name: str, options: HeapOptions) -> str:
    """Define an impartial heap game by its rules, and name it.

    ``options(n)`` gives the options of a heap of ``n``: each an int (the heap
    left) or a list of ints (the heaps left, e.g. ``[]`` when the heap is taken
    away, ``[a, b]`` when it is split in two); every heap left must be smaller
    than ``n``. The name (lower case) can then be used like a built-in family:
    ``solve(f"{name}(5,7) + nim(3)")``, ``table(name, to=100)``. Values come from
    the engine's memoised table (each call starts a new one). Returns the name.

    >>> heap_game("take12", lambda n: [n - t for t in (1, 2) if t <= n])
    'take12'
    >>> table("take12", to=6).to_dict()["values"]
    [0, 1, 2, 0, 1, 2, 0]
    """
    _call(_sprague.define, name, options, True, 1)
    return name


def game(name: str, options: TupleOptions, arity: int) -> str:
    """Define an impartial game on tuples of ``arity`` integers ≥ 0, and name it.

    ``options(position)`` gives the tuples reachable in one move from
    ``position`` (a tuple). The game must end (no position may repeat along a
    play). The name can then be used in sums: ``solve(f"{name}(3,5) + nim(2)")``.
    Returns the name.
    """
    _call(_sprague.define, name, options, False, arity)
    return name


def forget(name: str) -> bool:
    """Remove a game defined with :func:`heap_game` or :func:`game`."""
    return bool(_sprague.undefine(name))

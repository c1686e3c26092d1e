"""Tests of the Python package: answers against the command line's JSON, and
against published values (sources cited at each test)."""

import json
from fractions import Fraction
import math

import pytest

import sprague
from conftest import binary, cli_error, cli_json
import subprocess

# ---------------------------------------------------------------------------
# solve


@pytest.mark.parametrize(
    "expr, misere, explain",
    [
        ("nim(3,4,5)", False, False),
        ("nim(3,4,5)", False, True),
        ("nim(1,1,2)", True, False),
        ("nim(1,1,2)", True, True),
        ("kayles(7,9) + sub[1,3,4](10)", False, True),
        ("wythoff(3,5)", False, False),
        ("nim(3) + sub[1,3,4](10) + wythoff(3,5) + king(4,3)", False, True),
        ("sub[1,3,4](1000000000000000000000000000000)", False, False),
        ("nim(100000000000000000000000, 7)", False, False),
        ("kayles(3) + kayles(5)", True, False),
    ],
)
def test_solve_matches_the_command_line(expr, misere, explain):
    args = ["solve", "--json", expr]
    if misere:
        args.insert(1, "--misere")
    if explain:
        args.insert(1, "--explain")
    r = sprague.solve(expr, misere=misere, explain=explain)
    assert r.to_dict() == cli_json(*args)
    doc = r.to_dict()
    assert r.outcome == doc["outcome"]
    assert [m.to for m in r.winning_moves] == [m["to"] for m in doc["winning_moves"]]


def test_remoteness_is_searched_when_read_and_matches_the_command_line():
    # nim(1,2): to nim(1,1), then two more moves (the Gamesman convention).
    r = sprague.solve("nim(1,2)")
    assert "remoteness" not in r._lazy
    assert r.remoteness == 3
    assert r.to_dict()["remoteness"] == cli_json("solve", "--json", "nim(1,2)")["remoteness"]
    # Misère nim(1,1): the player to move wins; the opponent must take the last stone,
    # the second move.
    assert sprague.solve("nim(1,1)", misere=True).remoteness == 2
    # Too large for the small search: absent from the document, None here.
    big = sprague.solve("nim(1000000,1000000,7)")
    assert big.remoteness is None and "remoteness" not in big.to_dict()


def test_solve_max_moves_matches_the_command_line():
    r = sprague.solve("nim(7,7,7,7,7)", max_moves=2)
    assert r.to_dict() == cli_json("solve", "--json", "--max-moves", "2", "nim(7,7,7,7,7)")
    assert len(r.winning_moves) == 2 and r.truncated


def test_solve_fields_by_bouton():
    # Bouton: nim(3,4,5) has nim-sum 3^4^5 = 2; the only winning move takes 2 from
    # the heap of 3 (3 -> 1), since 4^2 = 6 > 4 and 5^2 = 7 > 5.
    r = sprague.solve("nim(3,4,5)")
    assert r.outcome == "N"
    assert r.grundy == 3 ^ 4 ^ 5 == 2
    assert [c.grundy for c in r.components] == [3, 4, 5]
    (m,) = r.winning_moves
    assert (m.component, m.frm, m.to, m.heap, m.take) == (0, "nim(3)", "nim(1)", 1, 2)
    assert isinstance(m.text, str) and m.text
    assert r.explanation is None
    assert sprague.solve("nim(1,2,3)").outcome == "P"


def test_solve_big_integers_are_python_ints():
    big = 10**40 + 12345
    r = sprague.solve(f"nim({big}, 7)")
    assert r.grundy == big ^ 7
    assert isinstance(r.grundy, int)
    (m,) = r.winning_moves
    assert m.take == big - (big ^ (big ^ 7))  # leave big ^ 7 ^ 7... i.e. move heap to 7 ^ g
    # sub[1,3,4] has period 7 from heap 0 (values 0 1 0 1 2 3 2; Winning Ways ch. 4).
    n = 10**30
    assert sprague.solve(f"sub[1,3,4]({n})").grundy == [0, 1, 0, 1, 2, 3, 2][n % 7]


def test_wythoff_p_positions():
    # Wythoff: the P-positions are (floor(k*phi), floor(k*phi^2)) (Wythoff 1907;
    # Winning Ways ch. 3), computed here with integer square roots.
    def pair(k):
        a = (k + math.isqrt(5 * k * k)) // 2
        return a, a + k

    for k in range(1, 30):
        a, b = pair(k)
        assert sprague.solve(f"wythoff({a},{b})").outcome == "P", (a, b)
        assert sprague.solve(f"wythoff({a},{b + 1})").outcome == "N", (a, b + 1)


def test_misere_nim():
    # Misère Nim (Bouton): with all heaps 1, the player to move loses iff their
    # number is odd.
    assert sprague.solve("nim(1,1,1)", misere=True).outcome == "P"
    assert sprague.solve("nim(1,1)", misere=True).outcome == "N"


# ---------------------------------------------------------------------------
# table

#: Kayles values, OEIS A002186, heaps 0..=82 (to one period after heap 71).
KAYLES = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2,
]  # fmt: skip


def test_kayles_table_and_period():
    t = sprague.table("octal[0.77]", to=82)
    assert [int(v) for v in t.values] == KAYLES
    # Kayles is periodic with period 12 from heap 71 (Guy–Smith; Winning Ways ch. 4).
    assert t.period == sprague.Period(preperiod=71, period=12, proved=True)
    assert (t.frm, t.to) == (0, 82)


@pytest.mark.parametrize(
    "family, frm, to, explain",
    [
        ("octal[0.77]", 0, 100, False),
        ("sub[1,3,4]", 0, 20, False),
        ("sub[1,3,4]", 5, 5, True),
        ("kayles", 50, 200, False),
        ("nim", 0, 30, False),
        ("dawson", 0, 120, False),
        ("grundy_game", 0, 300, False),
    ],
)
def test_table_matches_the_command_line(family, frm, to, explain):
    args = ["table", "--json", "--from", str(frm), "--to", str(to), family]
    if explain:
        args.insert(1, "--explain")
    t = sprague.table(family, to=to, frm=frm, explain=explain)
    assert t.to_dict() == cli_json(*args)


def test_table_large_is_a_numpy_array():
    import numpy as np

    t = sprague.table("octal[0.77]", to=10**5)
    assert isinstance(t.values, np.ndarray) and t.values.dtype == np.int64
    assert len(t.values) == 10**5 + 1
    # Heap 100000: 100000 - 71 = 99929 = 5 (mod 12), the value of heap 76 (A002186).
    assert t.values[10**5] == KAYLES[76] == 1


def test_table_without_numpy_is_a_list(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "numpy", None)
    t = sprague.table("kayles", to=82)
    assert isinstance(t.values, list) and t.values == KAYLES


# ---------------------------------------------------------------------------
# value


@pytest.mark.parametrize(
    "expr",
    ["{2|-1/2} + ^", "{1|-1}", "3/4", "*3", "^ + *", "{3||2|1}", "hackenbush(\"lrlrrllr\")"],
)
def test_value_matches_the_command_line(expr):
    assert sprague.value(expr).to_dict() == cli_json("value", "--json", expr)
    assert sprague.value(expr, explain=True).to_dict() == cli_json(
        "value", "--json", "--explain", expr
    )


def test_value_fields():
    # Switches {a|b} with a > b: mean (a+b)/2, temperature (a-b)/2 (Siegel, CGT II.5).
    g = sprague.value("{2|-1/2}")
    assert g.canonical == "{2|-1/2}"
    assert g.outcome == "N"
    assert g.number is None
    assert g.mean == Fraction(3, 4) and g.temperature == Fraction(5, 4)
    assert g.stops == (2, Fraction(-1, 2))
    assert g.options == (["2"], ["-1/2"])
    # Blue-red Hackenbush string lrlrrllr = 77/128 (CGSuite's tests).
    h = sprague.value('hackenbush("lrlrrllr")')
    assert h.number == Fraction(77, 128) and h.outcome == "L"
    th = g.thermograph()
    assert th.mean == Fraction(3, 4) and th.temperature == Fraction(5, 4)
    assert th.left[0][:2] == (0, 2) and th.right[0][:2] == (0, Fraction(-1, 2))


def test_value_arithmetic_and_order():
    up, down, star = sprague.value("^"), sprague.value("v"), sprague.value("*")
    zero = sprague.value("0")
    # ^ + v = 0, * + * = 0 (Winning Ways ch. 2, 3).
    assert up + down == zero and up + down == 0
    assert star + star == 0
    assert -up == down
    # ^ > 0 and ^* is confused with 0 (Winning Ways ch. 3).
    assert up > 0 and not (up < 0) and up >= zero and zero <= up
    assert (up + star) | 0
    assert star | zero and not (star <= zero) and not (star >= zero)
    # {1|-1} + {1|-1} = 0 (CGT II: a switch plus itself... ±1 + ±1 = 0).
    pm = sprague.value("{1|-1}")
    assert (pm + pm).canonical == "0"
    # Numbers combine exactly: 1/2 + 1/4 = 3/4; 1 - 1/2 = 1/2.
    assert (sprague.value("1/2") + Fraction(1, 4)).number == Fraction(3, 4)
    assert (1 - sprague.value("1/2")).number == Fraction(1, 2)
    assert sprague.value("{2|-1/2}") + sprague.value("^") == sprague.value("{2|-1/2} + ^")
    assert hash(up + zero) == hash(up)
    assert {up, up + zero} == {up}
    # Games equal to an int or a Fraction hash as it does (Python's rule: a == b
    # implies hash(a) == hash(b)).
    assert zero == 0 and hash(zero) == hash(0)
    assert sprague.value("3/4") == Fraction(3, 4) and hash(sprague.value("3/4")) == hash(Fraction(3, 4))
    assert {sprague.value("{|}"), 0} == {0}


def test_value_multiples_differences_and_relations():
    up, star = sprague.value("^"), sprague.value("*")
    sw = sprague.value("{1|0}")
    # n * G by the definition: G + G + G; {1|0} + {1|0} + {1|0} = {2|1} (Winning Ways
    # ch. 5: three copies of the switch {1|0} are worth 1 + {1|0}).
    assert (3 * sw).canonical == "{2|1}" and sw * 3 == sw + sw + sw
    assert (-2 * up).canonical == "vv" and (0 * sw) == 0
    assert (2 * star) == 0 and (3 * star) == star
    assert (10**30 * sprague.value("1/2")).number == Fraction(10**30, 2)
    with pytest.raises(sprague.InputError, match="ups"):
        10**30 * up  # beyond the engine's count of ups, said, not wrapped
    with pytest.raises(TypeError):
        up * up
    with pytest.raises(TypeError):
        Fraction(1, 2) * up
    # Differences: ^^* - ^ = ^*.
    assert (sprague.value("^^*") - up).canonical == "^*"
    assert (1 - up).canonical == "1v"
    # Relations as CGSuite writes them: ^ > 0, ^ <> * (confused), ^* <> 0.
    assert up.compare(0) == ">" and sprague.value("0").compare(up) == "<"
    assert up.compare("*") == "<>" and up.confused_with(star)
    assert (up + star).confused_with(0) and not up.confused_with(0)
    assert (up + up).compare(sprague.value("^^")) == "=="
    assert up != star and not (up == star) and not (up <= star) and not (up >= star)
    assert not (up < star) and not (up > star)


def test_numbers_of_any_denominator():
    third = sprague.value("1/3")
    assert third.number == Fraction(1, 3) and third.outcome == "L"
    assert third.mean == Fraction(1, 3) and third.temperature is None
    assert third.birthday == "ω" and third.left_options is None
    # Rational arithmetic, and numbers given as Fractions.
    assert third + third + third == 1
    assert (third - Fraction(1, 2)).number == Fraction(-1, 6)
    assert (3 * third) == 1 and (-third).canonical == "-1/3"
    # With a short game: x + G is ordered by G's stops (a switch {1|0} is confused
    # with every number strictly between its stops 0 and 1).
    sw = sprague.value("{1|0}")
    assert sw.confused_with(third) and sw > Fraction(-1, 3) and sw < Fraction(4, 3)
    up = sprague.value("^")
    assert 0 < up < third and (third + up).canonical == "1/3^"
    g = sprague.value("{2|1}") - third
    assert g.canonical == "-1/3 + {2|1}" and g.mean == Fraction(7, 6)
    assert g.stops == (Fraction(5, 3), Fraction(2, 3)) and g.birthday == "at least ω"
    th = g.thermograph()
    assert th.mean == Fraction(7, 6) and th.temperature == Fraction(1, 2)
    assert g + third == sprague.value("{2|1}")
    with pytest.raises(sprague.InputError, match="not a short game"):
        sprague.value("1/3:1")
    with pytest.raises(sprague.InputError):
        third.thermograph()
def test_value_reads_the_statements_of_the_command_line():
    # A comparison is answered True or False, as CGSuite's worksheet answers it:
    # ^ and * are confused (Winning Ways ch. 3), ^ > 0, ^^* > 0 and {2|-1} + {1|-2}
    # is G - G = 0.
    for text, holds in [
        ("^ <= *", False),
        ("^ >= *", False),
        ("^ <> *", True),
        ("^ <| *", True),
        ("^ > 0", True),
        ("^ < 0", False),
        ("^^* > 0", True),
        ("{2|-1} + {1|-2} == 0", True),
        ("{2|-1} != {2|-1}", False),
        ("1:1 == 2", True),  # the ordinal sum 1:1 = {1|} = 2
        ("3 * ^ == ^ + ^ + ^", True),
        ("Cool({3|-3}, 1) == {2|-2}", True),  # cooling a switch by t: {a-t|b+t}
    ]:
        answer = sprague.value(text)
        assert answer is holds, text
        # The command line answers the same.
        assert cli_json("value", "--json", text)["compare"]["holds"] is holds, text
    # A plain sum is still a Value, built of the same operators.
    assert isinstance(sprague.value("3 * ^"), sprague.Value)
    assert sprague.value("1:1").number == 2
    assert sprague.value("Cool({3|-3}, 1)").canonical == "±2"
    # Mistakes on either side of a relation are parse errors with their column.
    with pytest.raises(sprague.ParseError) as e:
        sprague.value("^ <= {1|")
    assert e.value.column == 9
    with pytest.raises(sprague.ParseError, match="do not chain"):
        sprague.value("0 < ^ < 1")
    # A comparison is no game to compare with.
    with pytest.raises(sprague.InputError, match="not a comparison"):
        sprague.value("^").compare("^ <= *")


def test_domineering_values():
    # Known Domineering values (Left vertical): 2x2 = ±1, 2x3 = {2|-1/2}
    # (Winning Ways ch. 5; CGSuite, cgt agree).
    assert sprague.value("domineering(2,2)").canonical == "±1"
    assert sprague.value("domineering(2,3)").canonical == "{2|-1/2}"
    assert sprague.value("domineering(3,4)").number == Fraction(-3, 2)


# ---------------------------------------------------------------------------
# nash


def test_nash_prisoners_dilemma():
    # Prisoner's dilemma (SPEC §5): confessing dominates; the only equilibrium is
    # (confess, confess).
    n = sprague.nash(
        [[-1, -20], [0, -8]], [[-1, 0], [-20, -8]], rows=["quiet", "confess"], cols=["quiet", "confess"]
    )
    assert [(p.row, p.col) for p in n.pure] == [(1, 1)]
    assert n.dominant == {"row": 1, "col": 1}
    assert n.mixed[0].row == [0, 1] and n.mixed[0].payoffs == (-8, -8)


def test_nash_matching_pennies_and_fractions(tmp_path):
    # Matching pennies: the unique equilibrium mixes 1/2, 1/2 (von Neumann).
    n = sprague.nash([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
    assert n.pure == [] and len(n.mixed) == 1
    assert n.mixed[0].row == [Fraction(1, 2)] * 2 and n.mixed[0].col == [Fraction(1, 2)] * 2
    # Payoffs as Fractions and strings; compare with the command line on a file.
    rows = [[Fraction(3, 4), "1/3"], [0, "2"]]
    cols = [[1, 0], [0, Fraction(1, 2)]]
    n = sprague.nash(rows, cols)
    game = {
        "rows": ["r0", "r1"],
        "cols": ["c0", "c1"],
        "row_payoffs": [["3/4", "1/3"], [0, "2"]],
        "col_payoffs": [[1, 0], [0, "1/2"]],
    }
    f = tmp_path / "g.json"
    f.write_text(json.dumps(game))
    assert n.to_dict() == cli_json("nash", "--json", str(f))


def test_nash_methods():
    # Battle of the sexes: two pure equilibria and the mixed one (3/5, 2/5). Every
    # method finds only equilibria; vertex and support enumeration find all three.
    a, b = [[3, 0], [0, 2]], [[2, 0], [0, 3]]
    full = sprague.nash(a, b)
    assert (full.method, full.complete, len(full.mixed)) == ("vertex", True, 3)
    assert sprague.nash(a, b, method="support").mixed == full.mixed
    lh = sprague.nash(a, b, method="lh")
    assert lh.method == "lh" and lh.complete is False
    assert lh.mixed and all(e in full.mixed for e in lh.mixed)
    with pytest.raises(ValueError, match="method"):
        sprague.nash(a, b, method="simplex")


def test_nash_text_reads_nfg_files_and_games_of_three_players(tmp_path):
    # Gambit's contrib/games/e02.nfg (github.com/gambitproject/gambit; Selten 1975,
    # figure 2), the first player's strategy varying fastest: the same game as this
    # JSON, whose only pure equilibrium is (1, 1) (player 1 gets 1 against 0 and 0,
    # player 2 gets 1 either way).
    e02 = 'NFG 1 R "Selten (IJGT, 75), Figure 2, normal form" { "Player 1" "Player 2" } { 3 2 }\n\n1 1 0 2 0 2 1 1 0 3 2 0\n'
    same = {
        "rows": ["1", "2", "3"],
        "cols": ["1", "2"],
        "row_payoffs": [[1, 1], [0, 0], [0, 2]],
        "col_payoffs": [[1, 1], [2, 3], [2, 0]],
    }
    d = sprague.nash_text(e02)
    assert d == sprague.nash_text(json.dumps(same))
    assert d["pure"] == [{"row": 0, "col": 0, "payoffs": ["1", "1"]}]
    # Three players who each get 1 when all agree, 0 otherwise: the two unanimous
    # profiles are the pure equilibria. By hand, player 1 is indifferent when
    # q + r = 1 (q, r: the others' probabilities of their first strategies), and
    # likewise for the others: all mix half and half in the one other equilibrium
    # (one mixing alone leaves another strictly preferring a strategy).
    agree = 'NFG 1 R "" { "A" "B" "C" } { 2 2 2 }\n1 1 1 ' + "0 0 0 " * 6 + "1 1 1\n"
    d = sprague.nash_text(agree)
    assert [e["profile"] for e in d["pure"]] == [[0, 0, 0], [1, 1, 1]]
    assert [e["probabilities"] for e in d["mixed"]] == [
        [["1", "0"]] * 3,
        [["0", "1"]] * 3,
        [["1/2", "1/2"]] * 3,
    ]
    assert d["complete"] is True and "support enumeration" in d["note"]
    f = tmp_path / "agree.nfg"
    f.write_text(agree)
    assert d == cli_json("nash", "--json", str(f))
    # Written and read back: the same game.
    assert sprague.nash_text(sprague.write_nfg(agree)) == d
    assert sprague.write_nfg(json.dumps(same)).endswith("1 1\n0 2\n0 2\n1 1\n0 3\n2 0\n")
    with pytest.raises(sprague.InputError, match="line 2, column 6: the file ends after 3 payoffs"):
        sprague.nash_text('NFG 1 R "" { "A" "B" } { 2 2 }\n1 2 3')


def test_nash_text_reads_game_trees(tmp_path):
    # Entry deterrence: out (0, 2), or in and then fight (-1, -1) or accommodate
    # (1, 1). By hand: the incumbent accommodates once in (1 > -1), so the entrant
    # enters (1 > 0): one subgame-perfect equilibrium, payoffs 1, 1.
    tree = (
        'EFG 2 R "entry" { "E" "I" }\n'
        'p "" 1 1 "" { "out" "in" } 0\n'
        't "" 1 "" { 0, 2 }\n'
        'p "" 2 1 "" { "fight" "accommodate" } 0\n'
        't "" 2 "" { -1, -1 }\n'
        't "" 3 "" { 1, 1 }\n'
    )
    d = sprague.nash_text(tree)
    spe = d["extensive"]["subgame_perfect"]
    assert [e["payoffs"] for e in spe] == [["1", "1"]]
    assert spe[0]["strategies"] == [[1], [1]]
    # The reduced form's pure equilibria: (out, fight) and (in, accommodate).
    assert [(p["row"], p["col"]) for p in d["pure"]] == [(0, 0), (1, 1)]
    f = tmp_path / "entry.efg"
    f.write_text(tree)
    assert d == cli_json("nash", "--json", str(f))
    assert sprague.nash_text(sprague.write_efg(tree)) == d
    with pytest.raises(sprague.InputError, match="line 1, column 5: expected the version 2"):
        sprague.write_efg('EFG 3 R "" { "A" } t "" 0')


# ---------------------------------------------------------------------------
# errors


def test_parse_error_carries_the_column_and_message():
    code, line = cli_error("solve", "nim(3,")
    assert code == 2
    with pytest.raises(sprague.ParseError) as e:
        sprague.solve("nim(3,")
    assert isinstance(e.value, sprague.InputError) and isinstance(e.value, ValueError)
    assert "sprague: " + str(e.value) == line
    assert e.value.column == 7


def test_input_error_message_matches_the_command_line():
    code, line = cli_error("table", "--to", "10", "greenhackenbush")
    assert code == 2
    with pytest.raises(sprague.InputError) as e:
        sprague.table("greenhackenbush", to=10)
    assert "sprague: " + str(e.value) == line


def test_an_empty_table_is_the_same_input_error():
    code, line = cli_error("table", "--from", "5", "--to", "3", "kayles")
    assert code == 2
    with pytest.raises(sprague.InputError) as e:
        sprague.table("kayles", to=3, frm=5)
    assert "sprague: " + str(e.value) == line


def test_limit_error_names_the_flag():
    code, line = cli_error("table", "--max-states", "1000", "--to", "5000", "kayles")
    assert code == 3
    with pytest.raises(sprague.LimitError) as e:
        sprague.table("kayles", to=5000, max_states=1000)
    assert e.value.flag == "--max-states"
    assert "sprague: " + str(e.value) == line


def test_value_errors():
    with pytest.raises(sprague.ParseError) as e:
        sprague.value("{1|")
    assert e.value.column >= 1
    with pytest.raises(TypeError):
        sprague.value("1") + "x"


# ---------------------------------------------------------------------------
# games defined in Python


def kayles_options(n):
    """Kayles: knock down one pin or two adjacent pins from a row of n."""
    out = []
    for take in (1, 2):
        for left in range(0, n - take + 1):
            right = n - take - left
            out.append([h for h in (left, right) if h > 0])
    return out


def test_heap_game_defined_in_python_is_kayles():
    name = sprague.heap_game("pykayles", kayles_options)
    t = sprague.table(name, to=300)
    assert [int(v) for v in t.values[:83]] == KAYLES  # OEIS A002186
    # Without a theorem for Python rules the period is seen, not proved.
    assert t.period == sprague.Period(preperiod=71, period=12, proved=False)
    # In sums with built-in families, as Kayles is.
    a = sprague.solve("pykayles(7,9) + nim(3)").to_dict()
    b = sprague.solve("kayles(7,9) + nim(3)").to_dict()
    assert a["grundy"] == b["grundy"] == KAYLES[7] ^ KAYLES[9] ^ 3
    # Each winning move leaves a P-position.
    for m in a["winning_moves"]:
        parts = ["pykayles(7)", "pykayles(9)", "nim(3)"]
        parts[m["component"]] = m["to"]
        assert sprague.solve(" + ".join(parts)).outcome == "P", m


def test_subtraction_game_in_python_has_the_subtraction_period():
    # S = {1,3,4}: 0 1 0 1 2 3 2, period 7 (Winning Ways ch. 4).
    sprague.heap_game("pysub", lambda n: [n - s for s in (1, 3, 4) if s <= n])
    t = sprague.table("pysub", to=60)
    assert [int(v) for v in t.values] == [[0, 1, 0, 1, 2, 3, 2][n % 7] for n in range(61)]
    assert (t.period.preperiod, t.period.period) == (0, 7)


def test_tuple_game_defined_in_python_is_wythoff():
    def wythoff(p):
        a, b = p
        yield from ((a - k, b) for k in range(1, a + 1))
        yield from ((a, b - k) for k in range(1, b + 1))
        yield from ((a - k, b - k) for k in range(1, min(a, b) + 1))

    sprague.game("pywythoff", wythoff, arity=2)
    for a, b in [(3, 5), (4, 7), (6, 10), (2, 2), (5, 9)]:
        ours = sprague.solve(f"pywythoff({a},{b}) + nim(1)").grundy
        assert ours == sprague.solve(f"wythoff({a},{b}) + nim(1)").grundy, (a, b)
    with pytest.raises(sprague.InputError):
        sprague.solve("pywythoff(1,2,3)")


def test_errors_of_python_rules_are_raised():
    def bad(n):
        if n == 5:
            raise ZeroDivisionError("boom at 5")
        return [n - 1] if n else []

    sprague.heap_game("pybad", bad)
    with pytest.raises(ZeroDivisionError, match="boom at 5"):
        sprague.table("pybad", to=10)
    # A heap that is not smaller is the engine's input error.
    sprague.heap_game("pyloop", lambda n: [n])
    with pytest.raises(sprague.InputError, match="not smaller"):
        sprague.table("pyloop", to=3)
    sprague.heap_game("pyneg", lambda n: [-1])
    with pytest.raises(ValueError):
        sprague.table("pyneg", to=3)
    with pytest.raises(sprague.InputError):
        sprague.heap_game("nim", lambda n: [])
    with pytest.raises(sprague.InputError):
        sprague.heap_game("Bad Name", lambda n: [])
    assert sprague.forget("pyneg")
    with pytest.raises(sprague.ParseError):
        sprague.table("pyneg", to=3)


# ---------------------------------------------------------------------------
# display


def test_rich_display():
    r = sprague.solve("nim(3,4,5)")
    html = r._repr_html_()
    assert "nim(3)" in html and "nim(1)" in html and "<table>" in html
    t = sprague.table("kayles", to=100)
    assert "<svg" in t._repr_html_() and "period 12 from heap 71" in t._repr_html_()
    g = sprague.value("{2|-1/2}")
    h = g._repr_html_()
    assert "<svg" in h and "polyline" in h and "{2|-1/2}" in h


def test_help_reads_well():
    assert "misère" in sprague.solve.__doc__
    assert "period" in sprague.table.__doc__
    for f in (sprague.solve, sprague.table, sprague.value, sprague.nash, sprague.heap_game):
        assert f.__doc__ and len(f.__doc__) > 100


def test_docstring_examples():
    import doctest

    failed, tried = doctest.testmod(sprague)
    assert tried >= 10 and failed == 0


def test_grid_is_the_document_of_table_json():
    # Wythoff's P-positions (⌊kφ⌋, ⌊kφ²⌋) and their mirrors: (0,0), (1,2), (3,5), (4,7).
    g = sprague.grid("wythoff", to=7)
    assert [tuple(p) for p in g["p_positions"]] == [
        (0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)
    ]
    out = subprocess.run(
        [binary(), "table", "--json", "--to", "7", "wythoff"],
        capture_output=True, text=True, timeout=120,
    )
    assert json.loads(out.stdout) == g
    # Two heaps of Nim: the value of nim(i) + nim(j) is i XOR j.
    p = sprague.grid("nim", to=(3, 5), frm=(1, 2))
    assert p["values"] == [[i ^ j for j in range(2, 6)] for i in range(1, 4)]
    code, line = cli_error("table", "--to", "600", "wythoff")
    assert code == 2
    with pytest.raises(sprague.InputError) as e:
        sprague.grid("wythoff", to=600)
    assert "sprague: " + str(e.value) == line


# ---------------------------------------------------------------------------
# genus and misère canonical forms


def test_genus_and_misere_form_match_the_command_line():
    # Conway's genus, from the definitions: *2 + *2 is a misère P-position and
    # alternates 2, 0 with more heaps of 2; *1 + *1 = 0 in misère play. Kayles 5 is
    # 4^146 in CGSuite's tests (aaron-siegel/cgsuite, GameHeapTest.scala).
    assert sprague.genus("nim(2,2)") == "0^02"
    assert sprague.misere_form("nim(1,1)") == "0"
    assert sprague.genus("kayles(5)") == "4^146"
    doc = cli_json("table", "--genus", "--json", "--to", "9", "kayles")
    assert [sprague.genus(f"kayles({n})") for n in range(10)] == doc["genus"]
    assert [sprague.misere_form(f"kayles({n})") for n in range(10)] == doc["forms"]
    with pytest.raises(sprague.LimitError):
        sprague.genus("kayles(60)", max_states=1000)


def test_quotient_is_the_document_of_the_command():
    q = sprague.quotient("octal[0.75]", to=10)
    out = subprocess.run(
        [binary(), "quotient", "--json", "--to", "10", "octal[0.75]"],
        capture_output=True, text=True, timeout=120,
    )
    assert json.loads(out.stdout) == q
    # Plambeck (INTEGERS 5 (2005) G5): the quotient of 0.75 has eight elements.
    assert q["order"] == 8
    code, line = cli_error("quotient", "--to", "5", "wythoff")
    assert code == 2
    with pytest.raises(sprague.InputError) as e:
        sprague.quotient("wythoff", to=5)
    assert "sprague: " + str(e.value) == line


# ----------------------------------------------------------------------------
# race


def test_race_three_players_to_three_matches_the_cli():
    # Player 1 adds 1 or 2; player 2 then reaches 3: player 2 wins alone.
    r = sprague.race(3, [1, 2], 3)
    assert r["singles"] == [2]
    assert r["subgame_perfect"]["from_total"] == [2, 1, 1]
    assert r == cli_json("race", "--players", "3", "--moves", "1,2", "--to", "3", "--json")


def test_race_lose_and_bad_input():
    r = sprague.race(4, [1, 3], 30, lose=True, ties="largest")
    # Players 1 and 3 move at even totals, never at 29: each can always add 1.
    assert r["singles"] == [1, 3]
    assert r["subgame_perfect"]["tie_break"] == "largest"
    with pytest.raises(sprague.InputError):
        sprague.race(1, [1, 2], 5)
    with pytest.raises(sprague.InputError):
        sprague.race(3, [1, 2], 5, ties="middle")
    with pytest.raises(sprague.LimitError):
        sprague.race(3, [1, 2], 100_000_000)

"""Every family and ruleset the library knows, through the Python package: each
answer is an object whose fields are those of the command line's JSON document,
with the same values (impartial and partizan `solve`, and `value`)."""

import dataclasses
import subprocess
from fractions import Fraction

import pytest

import sprague
from conftest import ROOT, binary

DATA = ROOT / "tests" / "data"

#: A small position of every family and ruleset name (sprague.families()).
SAMPLES = {
    "nim": "nim(3,4)",
    "sub": "sub[1,3,4](10)",
    "bash": "bash[3](7)",
    "wythoff": "wythoff(3,5)",
    "fib": "fib(10)",
    "stair": "stair(3,9,5)",
    "ed": "ed(3,4)",
    "ring": "ring(2,3,1)",
    "lasker": "lasker(5)",
    "split": "split(4)",
    "octal": "octal[0.137](9)",
    "kayles": "kayles(7)",
    "dawson": "dawson(8)",
    "grundy_game": "grundy_game(9)",
    "moore": "moore[2](1,2,3)",
    "andnim": "andnim(6)",
    "submask": "submask(5)",
    "takeif": 'takeif["x & n == 0"](10)',
    "divisor": "divisor(12)",
    "adjacent": "adjacent[3](7)",
    "king": "king(4,3)",
    "digraph": f'digraph["{DATA / "loopy.txt"}"](7)',
    "geography": f'geography["{DATA / "petersen.txt"}"](0)',
    "seqnim": "seqnim(3,5)",
    "kth": "kth(9)",
    "circle": "circle[5,2](0,0)",
    "treestair": None,  # a tree file written by the test
    "grid": 'grid["..#/.#./..."](0,0)',
    "jumpstair": "jumpstair(1,0,2)",
    "nullify": 'nullify["0 1/1 3"]',
    "greenhackenbush": 'greenhackenbush("0-1 1-2 2-0 1-3")',
    "cram": "cram(2,3)",
    "turtles": 'turtles("THHTH")',
    "twins": 'twins("THHT")',
    "mock_turtles": 'mock_turtles("HTHHT")',
    "ruler": 'ruler("THTHH")',
    "moebius": 'moebius("HTTHH")',
    "mogul": 'mogul("HHTHT")',
    "coins": 'coins[3,4]("THHTH")',
    "corners": 'corners("TTT/THT/TTH")',
    "hackenbush": 'hackenbush("BRB") + hackenbush("0-1:B 1-2:R 0-2:R")',
    "cut": "cut(3,2) + ^",
    "unfair": "unfair[2,1](5)",
    "domineering": "domineering(3,3)",
    "clobber": 'clobber("XO.|OX.")',
    "konane": 'konane(".OX.|O..X")',
    "amazons": 'amazons("L..|.#.|..R")',
    "toads": 'toads("TT..FF")',
    "snort": 'snort("..|.L")',
    "col": 'col("L..")',
    "toppling": 'toppling("LRG")',
    "fission": 'fission(".X.|...")',
    "nogo": 'nogo("..X|.O.|...")',
}

#: Fields of a JSON document whose attribute has another name in Python.
ATTRIBUTE = {"from": "frm", "thermograph": "thermograph_points"}


def matches(got, want, where="document"):
    """Asserts that the Python answer `got` holds the JSON `want`: every key of an
    object is an attribute of the same value (numbers as Fractions, integers past
    64 bits as ints, pairs as tuples)."""
    if hasattr(got, "tolist"):  # a NumPy array of values
        got = got.tolist()
    if want is None:
        assert got is None, f"{where}: {got!r} is not None"
    elif dataclasses.is_dataclass(got) or hasattr(got, "to_dict"):
        assert isinstance(want, dict), f"{where}: {want!r}"
        for key, value in want.items():
            attr = ATTRIBUTE.get(key, key)
            assert hasattr(got, attr), f"{where}: no attribute {attr} for the field {key}"
            matches(getattr(got, attr), value, f"{where}.{key}")
    elif isinstance(want, dict):
        # Pairs: {"left": …, "right": …} and the mast {"x": …, "t": …} are tuples.
        if isinstance(got, tuple):
            assert len(got) == len(want) == 2, f"{where}: {got!r} / {want!r}"
            for g, w in zip(got, want.values()):
                matches(g, w, where)
        else:
            assert isinstance(got, dict) and got.keys() == want.keys(), f"{where}: {got!r}"
            for key, value in want.items():
                matches(got[key], value, f"{where}.{key}")
    elif isinstance(want, list):
        assert isinstance(got, (list, tuple)), f"{where}: {got!r}"
        assert len(got) == len(want), f"{where}: {got!r} != {want!r}"
        for i, (g, w) in enumerate(zip(got, want)):
            matches(g, w, f"{where}[{i}]")
    elif isinstance(got, Fraction):
        assert got == Fraction(want), f"{where}: {got} != {want}"
    elif isinstance(want, str) and isinstance(got, int) and not isinstance(got, bool):
        assert str(got) == want, f"{where}: {got} != {want}"
    else:
        assert got == want and type(got) is type(want), f"{where}: {got!r} != {want!r}"


def cli(*args):
    """(exit code, parsed document or the error line) of `sprague ARGS`."""
    import json

    out = subprocess.run([binary(), *args], capture_output=True, text=True, timeout=120)
    if out.returncode == 0:
        return 0, json.loads(out.stdout)
    return out.returncode, out.stderr.strip()


@pytest.fixture(scope="module")
def samples(tmp_path_factory):
    tree = tmp_path_factory.mktemp("tree") / "tree.txt"
    # A path 0-1-2-3 with coins 0, 2, 1, 3.
    tree.write_text("4 3\n0 1\n1 2\n2 3\n0 2 1 3\n")
    return dict(SAMPLES, treestair=f'treestair["{tree}",1](0)')


def test_every_family_has_a_sample():
    names = sprague.families()
    assert names == sorted(set(names))
    assert set(names) == set(SAMPLES), set(names) ^ set(SAMPLES)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_solve_and_value_match_the_command_line(name, samples):
    position = samples[name]
    calls = [
        (["solve", "--json", position], lambda: sprague.solve(position)),
        (
            ["solve", "--json", "--explain", "--first", "right", "--max-moves", "1", position],
            lambda: sprague.solve(position, explain=True, first="right", max_moves=1),
        ),
        (["value", "--json", position], lambda: sprague.value(position)),
    ]
    answered = 0
    for args, call in calls:
        code, doc = cli(*args)
        if code != 0:
            # The same failure: bad input (exit 2) or a limit (exit 3).
            error = {2: sprague.InputError, 3: sprague.LimitError}[code]
            with pytest.raises(error) as e:
                call()
            assert str(e.value) in doc, (str(e.value), doc)
            continue
        got = call()
        matches(got, doc, f"{name}: {' '.join(args[:-1])}")
        assert got.to_dict() == doc
        answered += 1
    assert answered >= 2, name


def test_partizan_solve_gives_both_players_moves():
    # CGT I.1: 2×2 Domineering is ±1 (whoever moves first wins, each by two moves
    # of the same kind), {1|-1} + ^ is first-player win, Left moving to 1 + ^ and
    # Right to -1 + ^.
    r = sprague.solve("{1|-1} + ^")
    assert isinstance(r, sprague.PartizanSolved)
    assert r.outcome == "N" and r.grundy is None and r.first == "left"
    assert [c.value for c in r.components] == ["±1", "^"]
    assert r.left.wins and r.right.wins
    assert [m.to for m in r.left.moves] == ["1"]
    assert [m.to for m in r.right.moves] == ["-1"]
    assert r.winning_moves == r.left.moves
    right = sprague.solve("{1|-1} + ^", first="right")
    assert right.first == "right" and right.winning_moves == right.right.moves
    d = sprague.solve("domineering(2,2)")
    assert d.outcome == "N" and d.remoteness is None
    assert len(d.left.moves) == 2 and len(d.right.moves) == 2
    assert "Left moving first wins" in d._repr_html_()
    with pytest.raises(sprague.InputError):
        sprague.solve("{1|-1}", first="up")


def test_table_and_nash_match_the_command_line(tmp_path):
    t = sprague.table("kayles", to=20, explain=True)
    doc = cli("table", "--json", "--explain", "--to", "20", "kayles")[1]
    matches(t, doc, "table")
    game = tmp_path / "sexes.json"
    game.write_text(
        '{"rows": ["opera", "football"], "cols": ["opera", "football"], '
        '"row_payoffs": [[3, 0], [0, 2]], "col_payoffs": [[2, 0], [0, 3]]}'
    )
    n = sprague.nash([[3, 0], [0, 2]], [[2, 0], [0, 3]], ["opera", "football"],
                     ["opera", "football"], explain=True)
    matches(n, cli("nash", "--json", "--explain", str(game))[1], "nash")

"""sprague.Game: payoffs from NumPy arrays or nested lists, exact Fractions back."""

from fractions import Fraction as F

import numpy as np
import pytest

import sprague


def test_numpy_two_players_battle_of_the_sexes():
    # Battle of the sexes: row gets 2/1 on (0,0)/(1,1), column 1/2. By hand the
    # mixed equilibrium makes each indifferent: column plays 0 with probability q,
    # 2q = 1 - q, q = 1/3; row plays 0 with probability p, p = 2(1 - p), p = 2/3.
    a = np.array([[2, 0], [0, 1]])
    b = np.array([[1, 0], [0, 2]])
    g = sprague.Game([a, b], players=["row", "col"], strategies=[["o", "f"], ["o", "f"]])
    eqs = g.equilibria()
    assert [e.kind for e in eqs] == ["exact"] * 3
    mixed = [e for e in eqs if e.support == [[0, 1], [0, 1]]]
    assert len(mixed) == 1
    assert mixed[0].probabilities == [[F(2, 3), F(1, 3)], [F(1, 3), F(2, 3)]]
    assert mixed[0].payoffs == [F(2, 3), F(2, 3)]
    assert all(isinstance(x, F) for m in mixed[0].probabilities for x in m)
    # The same game with a trailing player axis.
    h = sprague.Game(np.stack([a, b], axis=-1))
    assert [e.probabilities for e in h.equilibria()] == [e.probabilities for e in eqs]


def test_three_players_mckelvey_mclennan_from_an_array():
    # McKelvey and McLennan (1997), Gambit's contrib/games/2x2x2.nfg: "9 Nash
    # equilibria, 2 totally mixed". By hand (p, q, r the probabilities of the first
    # strategies): u1(1) - u1(2) = (2q-1)(12r-3), u2(1) - u2(2) = (2p-1)(12r-4),
    # so totally mixed ones have q = 1/2, r = 1/3, then 5p = 2; or r = 1/4,
    # p = 1/2, then 5q = 2.
    t = np.zeros((2, 2, 2, 3), dtype=int)
    t[0, 0, 0] = [9, 8, 12]
    t[1, 1, 0] = [9, 8, 2]
    t[1, 0, 1] = [3, 4, 6]
    t[0, 1, 1] = [3, 4, 6]
    g = sprague.Game(t)
    eqs = g.equilibria()
    assert len(eqs) == 9 and all(e.kind == "exact" for e in eqs)
    total = [e.probabilities for e in eqs if e.support == [[0, 1]] * 3]
    half, third = F(1, 2), F(1, 3)
    assert [[F(2, 5), F(3, 5)], [half, half], [third, 1 - third]] in total
    assert [[half, half], [F(2, 5), F(3, 5)], [F(1, 4), F(3, 4)]] in total
    # Through a .nfg file and back.
    again = sprague.Game.from_nfg(g.write_nfg())
    assert again.payoffs == g.payoffs
    assert again.payoffs[1][1][0] == [F(9), F(8), F(2)]


def test_fractions_strings_and_an_irrational_equilibrium():
    # Choosing 2 pays 0; choosing 1 pays 2 if both others choose 1, -1 if neither,
    # 0 otherwise: qr + q + r - 1 = 0 for each player, so p = q = r = sqrt(2) - 1.
    def pay(s, p):
        if s[p] == 1:
            return F(0)
        on1 = sum(1 for o in range(3) if o != p and s[o] == 0)
        return ["-1", F(0), 2][on1]

    t = [[[[pay((i, j, k), p) for p in range(3)] for k in range(2)] for j in range(2)]
         for i in range(2)]
    g = sprague.Game(t, player_axis="last")
    boxes = [e for e in g.equilibria(method="support") if e.kind == "interval"]
    assert len(boxes) == 1
    lo, hi = boxes[0].lo[0][0], boxes[0].hi[0][0]
    assert (lo + 1) ** 2 < 2 < (hi + 1) ** 2 and hi - lo <= F(1, 10**12)
    assert boxes[0].checked


def test_dominated_and_errors():
    # Prisoner's dilemma: quiet (0) is strictly dominated by confess (1) for both.
    g = sprague.Game([[[-1, -20], [0, -8]], [[-1, 0], [-20, -8]]])
    d = g.dominated()
    assert [[x["strategy"] for x in p] for p in d] == [[0], [0]]
    three = sprague.Game(np.zeros((1, 1, 2, 3), dtype=int))
    assert [len(p) for p in three.dominated()] == [0, 0, 0]
    with pytest.raises(TypeError):
        sprague.Game([[[0.5, 1], [1, 1]]], player_axis="last")
    with pytest.raises(ValueError):
        sprague.Game([[[1, 2]], [[3]]], player_axis="first")
    with pytest.raises(ValueError):
        three.equilibria(method="lh")

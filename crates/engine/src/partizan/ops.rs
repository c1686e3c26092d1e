//! Operations on games beyond the disjunctive sum: ordinal sum, Norton multiplication,
//! the nim product of nimbers, conjunctive and selective compounds. Each is computed on
//! the canonical forms of its operands (as CGSuite does), so its result is a function
//! of their values.
//!
//! * **Ordinal sum** `G:H` (Conway, *On Numbers and Games*, ch. 15; Winning Ways, ch. 2
//!   and 7, the colon principle; Siegel, *Combinatorial Game Theory*, II.6):
//!   `G:H = {G^L, G:H^L | G^R, G:H^R}` — a move in the base G wipes out H, a move in H
//!   leaves G. It depends on the form of the base G (here its canonical form): `1:1` is
//!   `{0, 1|}` = 2, a Hackenbush stalk is the ordinal sum of its edges, `*a:*b` =
//!   `*(a+b)`.
//! * **Norton multiplication** `G.U` for `U > 0` (ONAG ch. 8; Siegel, II.6 and
//!   CGSuite's `NortonMultiply`): `n.U` is n copies of U (of −U for n < 0) for an
//!   integer n; otherwise `G.U = {G^L.U + U + Δ | G^R.U − U − Δ}`, Δ ranging over the
//!   incentives of U (`U^L − U` and `U − U^R`). It depends on the form of U (here its
//!   canonical form); for U ≤ 0 or U confused with 0 the theory does not define it and
//!   it is refused.
//! * **Nim product** `*a · *b` (ONAG ch. 6; Winning Ways, ch. 14, "Tartan"): the
//!   multiplication of the field of nimbers, `a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b'}`,
//!   computed by Conway's rule for Fermat 2-powers D = 2^(2^k): for x, y < D,
//!   `x⊗D = x·D` and `D⊗D = D ⊕ D/2`.
//! * **Conjunctive compound** `G ∧ H` (Winning Ways, ch. 9): a move is a move in every
//!   component; it ends when a component ends. `G∧H = {G^L∧H^L | G^R∧H^R}`.
//! * **Selective compound** `G ∨ H` (Winning Ways, ch. 9): a move is a move in one or
//!   more components. `G∨H = {G^L∨H, G∨H^L, G^L∨H^L | …}`, with 0 ∨ H = H.
//!
//! All walks use explicit stacks and charge every option to the table's work bound.

use super::table::{Game, GameTable};
use rustc_hash::FxHashMap;
use sprague_core::SolveError;
use sprague_core::nat::Nat;

/// A compound of two games made by moving in both ([`Compound::Conjunctive`]) or in
/// one or both ([`Compound::Selective`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compound {
    /// Every component moves; the game ends when one cannot.
    Conjunctive,
    /// One component or more move.
    Selective,
}

impl GameTable {
    /// The ordinal sum `g:h` = `{g^L, g:h^L | g^R, g:h^R}` of the canonical forms.
    ///
    /// ```
    /// use sprague_engine::partizan::GameTable;
    /// let mut t = GameTable::new();
    /// let one = t.integer(1).unwrap();
    /// let minus_one = t.integer(-1).unwrap();
    /// let g = t.ordinal_sum(one, minus_one).unwrap();
    /// assert_eq!(t.show(g), "1/2"); // the Hackenbush stalk blue-red
    /// ```
    pub fn ordinal_sum(&mut self, g: Game, h: Game) -> Result<Game, SolveError> {
        let (gl, gr) = self.options(g)?;
        self.post_order(
            h,
            |_, x| Ok((x == Game::ZERO).then_some(g)),
            |t, _, l, r| {
                let left: Vec<Game> = gl.iter().copied().chain(l).collect();
                let right: Vec<Game> = gr.iter().copied().chain(r).collect();
                t.game(&left, &right)
            },
        )
    }

    /// The Norton product `g.u` (defined for `u > 0`; an input error otherwise).
    ///
    /// ```
    /// use sprague_engine::partizan::{Dyadic, GameTable};
    /// let mut t = GameTable::new();
    /// let up = t.up(1).unwrap();
    /// let half = t.number(Dyadic::ratio(1, 1)).unwrap();
    /// let g = t.norton(half, up).unwrap();
    /// assert_eq!(t.show(g), "{^^*|v*}"); // CGSuite's (1/2).NortonMultiply(^)
    /// ```
    pub fn norton(&mut self, g: Game, u: Game) -> Result<Game, SolveError> {
        let positive = self.le(Game::ZERO, u)? && !self.le(u, Game::ZERO)?;
        if !positive {
            return Err(SolveError::Input(
                "Norton multiplication G.U is defined for U > 0 only".to_string(),
            ));
        }
        let (ul, ur) = self.options(u)?;
        // Left adds U + Δ, Right subtracts it, Δ over the incentives of U.
        let mut shifts = Vec::with_capacity(ul.len() + ur.len());
        for &o in &ul {
            shifts.push(o); // U + (U^L − U)
        }
        let two_u = self.add(u, u)?;
        for &o in &ur {
            shifts.push(self.sub(two_u, o)?); // U + (U − U^R)
        }
        let mut minus = Vec::with_capacity(shifts.len());
        for &s in &shifts {
            minus.push(self.neg(s)?);
        }
        self.post_order(
            g,
            |t, x| match t.as_number(x) {
                Some(n) if n.is_integer() => {
                    let n = n.numerator();
                    Ok(Some(t.copies(&n, u)?))
                }
                _ => Ok(None),
            },
            |t, _, l, r| {
                let mut left = Vec::with_capacity(l.len() * shifts.len());
                for o in l {
                    for &s in &shifts {
                        left.push(t.add(o, s)?);
                    }
                }
                let mut right = Vec::with_capacity(r.len() * minus.len());
                for o in r {
                    for &s in &minus {
                        right.push(t.add(o, s)?);
                    }
                }
                t.game(&left, &right)
            },
        )
    }

    /// `n` copies of `u` (of `-u` for `n < 0`), by doubling.
    fn copies(&mut self, n: &num_bigint::BigInt, u: Game) -> Result<Game, SolveError> {
        let (u, n) = if n.sign() == num_bigint::Sign::Minus {
            (self.neg(u)?, -n)
        } else {
            (u, n.clone())
        };
        let mut total = Game::ZERO;
        let mut power = u;
        let bits = n.bits();
        for i in 0..bits {
            if n.bit(i) {
                total = self.add(total, power)?;
            }
            if i + 1 < bits {
                power = self.add(power, power)?;
            }
        }
        Ok(total)
    }

    /// The conjunctive or selective compound of `g` and `h` (canonical forms).
    ///
    /// ```
    /// use sprague_engine::partizan::{Compound, GameTable};
    /// let mut t = GameTable::new();
    /// let s2 = t.nimber(2u64.into()).unwrap();
    /// let s3 = t.nimber(3u64.into()).unwrap();
    /// let c = t.compound(s2, s3, Compound::Conjunctive).unwrap();
    /// assert_eq!(t.show(c), "*2"); // options 0∧x = x∧0 = 0 and *∧* = *∧*2 = *
    /// ```
    pub fn compound(&mut self, g: Game, h: Game, kind: Compound) -> Result<Game, SolveError> {
        let mut memo: FxHashMap<(Game, Game), Game> = FxHashMap::default();
        let mut stack = vec![(g, h, false)];
        while let Some((a, b, expanded)) = stack.pop() {
            if memo.contains_key(&(a, b)) {
                continue;
            }
            let (al, ar) = self.options(a)?;
            let (bl, br) = self.options(b)?;
            let side = |x: Game, y: Game, xs: &[Game], ys: &[Game]| -> Vec<(Game, Game)> {
                let mut v = Vec::new();
                for &xo in xs {
                    for &yo in ys {
                        v.push((xo, yo));
                    }
                }
                if kind == Compound::Selective {
                    v.extend(xs.iter().map(|&xo| (xo, y)));
                    v.extend(ys.iter().map(|&yo| (x, yo)));
                }
                v
            };
            let left = side(a, b, &al, &bl);
            let right = side(a, b, &ar, &br);
            self.charge((left.len() + right.len()) as u64 + 1)?;
            if !expanded {
                stack.push((a, b, true));
                for &(x, y) in left.iter().chain(&right) {
                    if !memo.contains_key(&(x, y)) {
                        stack.push((x, y, false));
                    }
                }
                continue;
            }
            let l: Vec<Game> = left.iter().map(|p| memo[p]).collect();
            let r: Vec<Game> = right.iter().map(|p| memo[p]).collect();
            let v = self.game(&l, &r)?;
            memo.insert((a, b), v);
        }
        Ok(memo[&(g, h)])
    }
}

/// The nim product `a ⊗ b` of two nimbers below 2^128 (Conway's multiplication of the
/// field of nimbers).
///
/// ```
/// use sprague_engine::partizan::nim_product;
/// assert_eq!(nim_product(2, 2), 3);
/// assert_eq!(nim_product(4, 4), 6);
/// assert_eq!(nim_product(19, 23), 86);
/// ```
pub fn nim_product(a: u128, b: u128) -> u128 {
    mul(a, b, 128)
}

/// `a ⊗ b` for `a, b < 2^bits`, `bits` a power of two.
fn mul(a: u128, b: u128, bits: u32) -> u128 {
    if a <= 1 || b <= 1 {
        return a * b;
    }
    let h = bits / 2;
    let mask = (1u128 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    let (b1, b0) = (b >> h, b & mask);
    if a1 == 0 && b1 == 0 {
        return mul(a0, b0, h);
    }
    // (a1·D ⊕ a0)(b1·D ⊕ b0) with D = 2^h, D⊗D = D ⊕ D/2.
    let hi = mul(a1, b1, h);
    let lo = mul(a0, b0, h);
    let mid = mul(a1 ^ a0, b1 ^ b0, h) ^ lo; // a1⊗b0 ⊕ a0⊗b1 ⊕ a1⊗b1
    ((mid) << h) ^ lo ^ mul(hi, 1u128 << (h - 1), h)
}

/// The nim product of two nimbers given as natural numbers, if both are below 2^128.
pub fn nim_product_nat(a: &Nat, b: &Nat) -> Option<Nat> {
    let a = u128::try_from(a.to_big()).ok()?;
    let b = u128::try_from(b.to_big()).ok()?;
    Some(Nat::from_big(nim_product(a, b).into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nim product by its definition, `a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b'}`.
    #[allow(clippy::needless_range_loop)]
    fn slow_table(n: usize) -> Vec<Vec<usize>> {
        let mut t = vec![vec![0usize; n]; n];
        for a in 0..n {
            for b in 0..n {
                // Products of nimbers below 256 (a field) are below 256.
                let mut seen = vec![false; 256];
                for a2 in 0..a {
                    for b2 in 0..b {
                        seen[t[a2][b] ^ t[a][b2] ^ t[a2][b2]] = true;
                    }
                }
                t[a][b] = seen.iter().position(|s| !s).unwrap_or(0);
            }
        }
        t
    }

    #[test]
    fn nim_product_matches_its_definition() {
        let n = 64;
        let t = slow_table(n);
        for (a, row) in t.iter().enumerate() {
            for (b, &p) in row.iter().enumerate() {
                assert_eq!(nim_product(a as u128, b as u128), p as u128, "{a}⊗{b}");
            }
        }
    }

    #[test]
    fn nim_product_is_a_field_multiplication_on_large_nimbers() {
        // Fermat 2-powers: D⊗D = 3D/2 (ONAG ch. 6); distributivity, associativity, and
        // the inverse of x in the field of 2^(2^k) elements: x^(2^(2^k)-1) = 1.
        assert_eq!(nim_product(1 << 32, 1 << 32), 3 << 31);
        assert_eq!(nim_product(1 << 64, 1 << 64), 3 << 63);
        let xs = [
            3u128,
            0xdead_beef,
            u64::MAX as u128,
            1 << 100 | 12345,
            u128::MAX,
        ];
        for &x in &xs {
            for &y in &xs {
                for &z in &xs {
                    assert_eq!(nim_product(x, y ^ z), nim_product(x, y) ^ nim_product(x, z));
                    assert_eq!(
                        nim_product(nim_product(x, y), z),
                        nim_product(x, nim_product(y, z))
                    );
                }
                assert_eq!(nim_product(x, y), nim_product(y, x));
            }
        }
        // x^(2^16 - 1) = 1 for x in the field of nimbers below 2^16.
        let x = 0xbeefu128;
        let mut p = 1u128;
        for _ in 0..0xffff {
            p = nim_product(p, x);
        }
        assert_eq!(p, 1);
    }
}

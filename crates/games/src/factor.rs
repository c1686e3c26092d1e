//! Primality tests and integer factorisation, exact for the sizes they promise.
//!
//! * Below 2^64: the Miller–Rabin test with the first twelve primes as bases is
//!   deterministic — the smallest composite that is a strong pseudoprime to all of them,
//!   ψ₁₂ = 318 665 857 834 031 151 167 461, exceeds 2^64 (Sorenson & Webster, *Strong
//!   pseudoprimes to twelve prime bases*, Math. Comp. 86 (2017); OEIS A014233).
//!   Composites are split by Pollard's rho in Brent's variant with 128-bit products, so
//!   every `u64` is factored exactly and quickly.
//! * Above 2^64 (`BigUint`): the first thirteen prime bases are deterministic below
//!   ψ₁₃ = 3 317 044 064 679 887 385 961 981 (same sources). Beyond that a number that
//!   passes them and a strong Lucas test (together the Baillie–PSW test) is a *probable*
//!   prime: no composite passing Baillie–PSW is known, but none is proved impossible.
//!   [`Factorisation::probable`] says when a factor is only a probable prime.
//!   Work on big numbers is charged to a [`Budget`] of modular multiplications, so that
//!   a hard number (a product of two 50-digit primes) ends in an error instead of
//!   running for years.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use sprague_core::nat::Nat;
use std::collections::BTreeMap;

/// The first thirteen primes, the Miller–Rabin bases.
const BASES: [u64; 13] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41];

/// ψ₁₃: below it, Miller–Rabin with the thirteen smallest prime bases is deterministic.
pub const PSI13: &str = "3317044064679887385961981";

/// Primes below this are found by trial division before any other method.
const TRIAL_LIMIT: u32 = 1 << 12;

/// `a · b mod m` without overflow.
pub(crate) fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(m)) as u64
}

/// `b^e mod m` (`m ≥ 1`).
pub(crate) fn pow_mod(mut b: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, m);
        }
        b = mul_mod(b, b, m);
        e >>= 1;
    }
    r
}

/// Whether odd `n > 2` passes the strong probable-prime test to base `a`.
fn strong_probable_prime_u64(n: u64, a: u64) -> bool {
    let a = a % n;
    if a == 0 {
        return true;
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    let mut x = pow_mod(a, d, n);
    if x == 1 || x == n - 1 {
        return true;
    }
    for _ in 1..s {
        x = mul_mod(x, x, n);
        if x == n - 1 {
            return true;
        }
    }
    false
}

/// Whether `n` is prime (deterministic for every `u64`, see the module docs).
pub(crate) fn is_prime_u64(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    if n < 41 * 41 {
        return true;
    }
    BASES[..12].iter().all(|&a| strong_probable_prime_u64(n, a))
}

/// A non-trivial factor of the odd composite `n` (not a prime power of a small prime),
/// by Pollard's rho in Brent's variant.
fn pollard_brent_u64(n: u64) -> u64 {
    const M: u64 = 128;
    let mut c = 1u64;
    loop {
        let f = |x: u64| ((u128::from(x) * u128::from(x) + u128::from(c)) % u128::from(n)) as u64;
        let (mut x, mut y, mut ys) = (2u64, 2u64, 2u64);
        let mut q = 1u64;
        let mut g = 1u64;
        let mut r = 1u64;
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..M.min(r - k) {
                    y = f(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = q.gcd(&n);
                k += M;
            }
            r *= 2;
        }
        if g == n {
            // The batch overshot: step back one at a time.
            loop {
                ys = f(ys);
                g = x.abs_diff(ys).gcd(&n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
        c += 1;
    }
}

/// The prime factorisation of `n ≥ 1` as (prime, exponent) pairs, primes increasing
/// (empty for 1).
pub(crate) fn factor_u64(n: u64) -> Vec<(u64, u32)> {
    let mut out: BTreeMap<u64, u32> = BTreeMap::new();
    let mut n = n;
    if n == 0 {
        return Vec::new();
    }
    for p in [2u64, 3, 5, 7, 11, 13] {
        while n.is_multiple_of(p) {
            *out.entry(p).or_default() += 1;
            n /= p;
        }
    }
    let mut stack = vec![n];
    while let Some(m) = stack.pop() {
        if m == 1 {
            continue;
        }
        if m < 17 * 17 || is_prime_u64(m) {
            *out.entry(m).or_default() += 1;
            continue;
        }
        if m < 1 << 20 {
            // Trial division is cheaper than rho for small cofactors.
            let mut d = 17u64;
            while d * d <= m && m % d != 0 {
                d += 2;
            }
            stack.push(d);
            stack.push(m / d);
            continue;
        }
        let d = pollard_brent_u64(m);
        stack.push(d);
        stack.push(m / d);
    }
    out.into_iter().collect()
}

/// Ω(n): the number of prime factors of `n ≥ 1` counted with multiplicity.
pub(crate) fn big_omega_u64(n: u64) -> u32 {
    factor_u64(n).iter().map(|&(_, e)| e).sum()
}

/// Work allowed for factoring big numbers, in modular multiplications of numbers of up
/// to 512 bits (a multiplication of larger numbers costs proportionally more).
#[derive(Clone, Debug)]
pub struct Budget {
    left: u64,
    /// The budget given at the start, for messages.
    pub total: u64,
}

/// The budget was used up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

impl Budget {
    /// A budget of `steps` multiplications.
    pub fn new(steps: u64) -> Self {
        Budget {
            left: steps,
            total: steps,
        }
    }

    /// The multiplications not yet spent.
    pub fn left(&self) -> u64 {
        self.left
    }

    /// Charges `count` divisions of a number of `bits` bits by a small number.
    fn charge_linear(&mut self, count: u64, bits: u64) -> Result<(), OutOfBudget> {
        let blocks = bits.div_ceil(512).max(1);
        let cost = count.saturating_mul(blocks);
        if cost > self.left {
            self.left = 0;
            return Err(OutOfBudget);
        }
        self.left -= cost;
        Ok(())
    }

    /// Charges `count` multiplications modulo a number of `bits` bits.
    fn charge(&mut self, count: u64, bits: u64) -> Result<(), OutOfBudget> {
        let blocks = bits.div_ceil(512).max(1);
        let cost = count.saturating_mul(blocks.saturating_mul(blocks));
        if cost > self.left {
            self.left = 0;
            return Err(OutOfBudget);
        }
        self.left -= cost;
        Ok(())
    }
}

/// A factorisation `n = ∏ p^e`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Factorisation {
    /// (prime, exponent) pairs, primes increasing.
    pub primes: Vec<(Nat, u32)>,
    /// Whether some factor is only a Baillie–PSW probable prime (above [`PSI13`]).
    pub probable: bool,
}

impl Factorisation {
    /// Ω: the number of prime factors with multiplicity.
    pub(crate) fn omega(&self) -> u64 {
        self.primes.iter().map(|&(_, e)| u64::from(e)).sum()
    }

    /// The factorisation written as `2^3 · 3^2 · 5` (`1` for the empty product).
    pub fn to_text(&self) -> String {
        if self.primes.is_empty() {
            return "1".into();
        }
        let parts: Vec<String> = self
            .primes
            .iter()
            .map(|(p, e)| {
                if *e == 1 {
                    p.to_string()
                } else {
                    format!("{p}^{e}")
                }
            })
            .collect();
        parts.join(" · ")
    }
}

/// `b^e mod m` for big numbers, charged to the budget.
fn pow_mod_big(
    b: &BigUint,
    e: &BigUint,
    m: &BigUint,
    budget: &mut Budget,
) -> Result<BigUint, OutOfBudget> {
    budget.charge(2 * e.bits(), m.bits())?;
    Ok(b.modpow(e, m))
}

/// Whether odd `n > 41` passes the strong probable-prime test to base `a`.
fn strong_probable_prime_big(
    n: &BigUint,
    a: u64,
    budget: &mut Budget,
) -> Result<bool, OutOfBudget> {
    let one = BigUint::one();
    let n1 = n - &one;
    let s = n1.trailing_zeros().unwrap_or(0);
    let d = &n1 >> s;
    let mut x = pow_mod_big(&BigUint::from(a), &d, n, budget)?;
    if x == one || x == n1 {
        return Ok(true);
    }
    budget.charge(s, n.bits())?;
    for _ in 1..s {
        x = &x * &x % n;
        if x == n1 {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The Jacobi symbol (a/n) for odd `n ≥ 1`.
fn jacobi_u64(mut a: u64, mut n: u64) -> i32 {
    a %= n;
    let mut t = 1;
    while a != 0 {
        while a.is_multiple_of(2) {
            a /= 2;
            if n % 8 == 3 || n % 8 == 5 {
                t = -t;
            }
        }
        std::mem::swap(&mut a, &mut n);
        if a % 4 == 3 && n % 4 == 3 {
            t = -t;
        }
        a %= n;
    }
    if n == 1 { t } else { 0 }
}

/// The Jacobi symbol (D/n) for a small odd `D` (either sign) and big odd `n`, by
/// quadratic reciprocity.
fn jacobi_small_big(d: i64, n: &BigUint) -> i32 {
    let m = d.unsigned_abs();
    let n_mod_4 = (n % 4u32).to_u32().unwrap_or(0);
    // (|D|/n) = (n/|D|) · (−1)^((|D|−1)/2 · (n−1)/2) for odd |D|, n.
    let r = (n % m).to_u64().unwrap_or(0);
    let mut j = jacobi_u64(r, m);
    if m % 4 == 3 && n_mod_4 == 3 {
        j = -j;
    }
    if d < 0 && n_mod_4 == 3 {
        // (−1/n) = (−1)^((n−1)/2).
        j = -j;
    }
    j
}

/// `x / 2 mod n` for odd `n` and `x < n`.
fn half_mod(x: BigUint, n: &BigUint) -> BigUint {
    if x.is_odd() { (x + n) >> 1 } else { x >> 1 }
}

/// The strong Lucas probable-prime test with Selfridge's parameters (P = 1,
/// Q = (1 − D)/4, D the first of 5, −7, 9, −11, … with (D/n) = −1), for odd `n` that is
/// not a perfect square.
fn strong_lucas_big(n: &BigUint, budget: &mut Budget) -> Result<bool, OutOfBudget> {
    let mut d: i64 = 5;
    loop {
        match jacobi_small_big(d, n) {
            -1 => break,
            0 => {
                // gcd(D, n) > 1: n is composite unless it equals |D|, which is small.
                return Ok(false);
            }
            _ => d = if d > 0 { -(d + 2) } else { -d + 2 },
        }
        if d.unsigned_abs() > 1 << 20 {
            // Cannot happen for a non-square n; stay safe.
            return Ok(false);
        }
    }
    let to_mod = |v: i64| -> BigUint {
        let m = BigUint::from(v.unsigned_abs()) % n;
        if v < 0 && !m.is_zero() { n - m } else { m }
    };
    let dm = to_mod(d);
    let qm = to_mod((1 - d) / 4);
    let np1 = n + 1u32;
    let s = np1.trailing_zeros().unwrap_or(0);
    let k = &np1 >> s;
    // U_1 = 1, V_1 = P = 1, Q^1.
    let mut u = BigUint::one();
    let mut v = BigUint::one();
    let mut qk = qm.clone();
    budget.charge(8 * k.bits() + 2 * s, n.bits())?;
    let two = BigUint::from(2u32);
    for i in (0..k.bits().saturating_sub(1)).rev() {
        // Doubling: U_2k = U_k V_k, V_2k = V_k² − 2Q^k, Q^2k = (Q^k)².
        u = &u * &v % n;
        v = (&v * &v + n * &two - (&qk * &two) % n) % n;
        qk = &qk * &qk % n;
        if k.bit(i) {
            // Increment: U_{k+1} = (P U_k + V_k)/2, V_{k+1} = (D U_k + P V_k)/2.
            let nu = half_mod((&u + &v) % n, n);
            let nv = half_mod((&dm * &u + &v) % n, n);
            u = nu;
            v = nv;
            qk = &qk * &qm % n;
        }
    }
    if u.is_zero() || v.is_zero() {
        return Ok(true);
    }
    for _ in 1..s {
        v = (&v * &v + n * &two - (&qk * &two) % n) % n;
        if v.is_zero() {
            return Ok(true);
        }
        qk = &qk * &qk % n;
    }
    Ok(false)
}

/// Whether `n` is prime: exact below [`PSI13`], a Baillie–PSW probable prime above.
/// Returns `(is_prime, probable)` where `probable` says the answer "prime" is not
/// proved.
pub(crate) fn is_prime_big(n: &BigUint, budget: &mut Budget) -> Result<(bool, bool), OutOfBudget> {
    if let Some(s) = n.to_u64() {
        return Ok((is_prime_u64(s), false));
    }
    for p in BASES {
        if (n % p).is_zero() {
            return Ok((false, false));
        }
    }
    for a in BASES {
        if !strong_probable_prime_big(n, a, budget)? {
            return Ok((false, false));
        }
    }
    let psi13: BigUint = PSI13.parse().unwrap_or_default();
    if n < &psi13 {
        return Ok((true, false));
    }
    let r = n.sqrt();
    if &(&r * &r) == n {
        return Ok((false, false));
    }
    let lucas = strong_lucas_big(n, budget)?;
    Ok((lucas, lucas))
}

/// A non-trivial factor of the odd composite `n` (no prime factor below the trial
/// division limit, not a perfect power), by Pollard–Brent.
fn pollard_brent_big(n: &BigUint, budget: &mut Budget) -> Result<BigUint, OutOfBudget> {
    const M: u64 = 128;
    let bits = n.bits();
    let mut c = BigUint::one();
    loop {
        let f = |x: &BigUint| (x * x + &c) % n;
        let mut y = BigUint::from(2u32);
        let mut x = y.clone();
        let mut ys = y.clone();
        let mut q = BigUint::one();
        let mut g = BigUint::one();
        let mut r = 1u64;
        while g.is_one() {
            x = y.clone();
            budget.charge(r, bits)?;
            for _ in 0..r {
                y = f(&y);
            }
            let mut k = 0;
            while k < r && g.is_one() {
                ys = y.clone();
                let steps = M.min(r - k);
                budget.charge(2 * steps, bits)?;
                for _ in 0..steps {
                    y = f(&y);
                    let diff = if x > y { &x - &y } else { &y - &x };
                    q = q * diff % n;
                }
                g = q.gcd(n);
                k += M;
            }
            r *= 2;
        }
        if &g == n {
            loop {
                budget.charge(2, bits)?;
                ys = f(&ys);
                let diff = if x > ys { &x - &ys } else { &ys - &x };
                g = diff.gcd(n);
                if !g.is_one() {
                    break;
                }
            }
        }
        if &g != n {
            return Ok(g);
        }
        c += 1u32;
    }
}

/// `(r, k)` with `n = r^k`, `k ≥ 2` prime, when `n` is a perfect power whose root has
/// no factor below the trial division limit.
fn perfect_power(n: &BigUint, budget: &mut Budget) -> Result<Option<(BigUint, u32)>, OutOfBudget> {
    let max_k = n.bits() / u64::from(TRIAL_LIMIT.ilog2());
    let mut k = 2u32;
    while u64::from(k) <= max_k {
        if is_prime_u64(u64::from(k)) {
            budget.charge(4 * u64::from(k).ilog2() as u64 + 8, n.bits())?;
            let r = n.nth_root(k);
            if &r.pow(k) == n {
                return Ok(Some((r, k)));
            }
        }
        k += 1;
    }
    Ok(None)
}

/// Divides `m` by the largest power of `p` dividing it and returns the exponent, with
/// O(log e) divisions: by p, p², p⁴, … while they divide, then back down.
fn strip_power(m: &mut BigUint, p: u32, budget: &mut Budget) -> Result<u32, OutOfBudget> {
    let mut powers = vec![BigUint::from(p)];
    let mut e = 0u64;
    let divide = |m: &mut BigUint, q: &BigUint, budget: &mut Budget| {
        let cost = m.bits().div_ceil(512).max(1) * q.bits().div_ceil(512).max(1);
        budget.charge_linear(cost, 512)?;
        let (d, r) = m.div_rem(q);
        if r.is_zero() {
            *m = d;
            Ok(true)
        } else {
            Ok(false)
        }
    };
    // Up: p^(2^j) for j = 0, 1, … while it divides.
    loop {
        let j = powers.len() - 1;
        if !divide(m, &powers[j], budget)? {
            powers.pop();
            break;
        }
        e += 1 << j;
        if powers[j].bits() * 2 > m.bits() + 1 {
            break;
        }
        let next = &powers[j] * &powers[j];
        powers.push(next);
    }
    // Down: the remaining exponent is below 2^(len powers); take its binary digits.
    while let Some(q) = powers.pop() {
        let j = powers.len();
        if divide(m, &q, budget)? {
            e += 1 << j;
        }
    }
    Ok(u32::try_from(e).unwrap_or(u32::MAX))
}

/// The prime factorisation of `n ≥ 1`; the work on numbers above 2^64 is charged to
/// `budget`.
pub fn factor(n: &Nat, budget: &mut Budget) -> Result<Factorisation, OutOfBudget> {
    if let Some(v) = n.to_u64() {
        return Ok(Factorisation {
            primes: factor_u64(v)
                .into_iter()
                .map(|(p, e)| (Nat::from(p), e))
                .collect(),
            probable: false,
        });
    }
    let mut found: BTreeMap<BigUint, u32> = BTreeMap::new();
    let mut probable = false;
    let mut m = n.to_big();
    // Trial division by small primes (2 by a shift).
    let twos = m.trailing_zeros().unwrap_or(0);
    if twos > 0 {
        m >>= twos;
        found.insert(BigUint::from(2u32), u32::try_from(twos).unwrap_or(u32::MAX));
    }
    let mut p = 3u32;
    while p < TRIAL_LIMIT && m.bits() > 64 {
        if is_prime_u64(u64::from(p)) {
            budget.charge_linear(1, m.bits())?;
            if (&m % p).is_zero() {
                let e = strip_power(&mut m, p, budget)?;
                found.insert(BigUint::from(p), e);
            }
        }
        p += 2;
    }
    // (cofactor, multiplicity) still to split.
    let mut stack: Vec<(BigUint, u32)> = vec![(m, 1)];
    while let Some((m, mult)) = stack.pop() {
        if m.is_one() {
            continue;
        }
        if let Some(v) = m.to_u64() {
            for (p, e) in factor_u64(v) {
                *found.entry(BigUint::from(p)).or_default() += e * mult;
            }
            continue;
        }
        let (prime, prob) = is_prime_big(&m, budget)?;
        if prime {
            probable |= prob;
            *found.entry(m).or_default() += mult;
            continue;
        }
        if let Some((r, k)) = perfect_power(&m, budget)? {
            stack.push((r, mult * k));
            continue;
        }
        let d = pollard_brent_big(&m, budget)?;
        let rest = &m / &d;
        stack.push((d, mult));
        stack.push((rest, mult));
    }
    Ok(Factorisation {
        primes: found
            .into_iter()
            .map(|(p, e)| (Nat::from_big(p), e))
            .collect(),
        probable,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ω(n) and the factorisation by trial division, independent of the code under test.
    fn trial(mut n: u64) -> Vec<(u64, u32)> {
        let mut out = Vec::new();
        let mut d = 2u64;
        while d * d <= n {
            let mut e = 0;
            while n.is_multiple_of(d) {
                n /= d;
                e += 1;
            }
            if e > 0 {
                out.push((d, e));
            }
            d += 1;
        }
        if n > 1 {
            out.push((n, 1));
        }
        out
    }

    fn big(s: &str) -> BigUint {
        s.parse().unwrap()
    }

    fn product(f: &Factorisation) -> BigUint {
        f.primes
            .iter()
            .fold(BigUint::one(), |acc, (p, e)| acc * p.to_big().pow(*e))
    }

    #[test]
    fn small_numbers_match_trial_division() {
        for n in 1u64..20_000 {
            assert_eq!(factor_u64(n), trial(n), "n = {n}");
            assert_eq!(is_prime_u64(n), trial(n) == vec![(n, 1)], "n = {n}");
        }
        // Near 10^12 trial division is still quick.
        for n in (1_000_000_000_000u64..).step_by(7_919).take(60) {
            assert_eq!(factor_u64(n), trial(n), "n = {n}");
        }
    }

    #[test]
    fn prime_powers_and_their_products() {
        let primes: Vec<u64> = (2u64..600).filter(|&p| trial(p) == vec![(p, 1)]).collect();
        for &p in &primes {
            let mut q = p;
            let mut k = 1;
            loop {
                assert_eq!(factor_u64(q), vec![(p, k)], "{p}^{k}");
                match q.checked_mul(p) {
                    Some(r) => q = r,
                    None => break,
                }
                k += 1;
            }
        }
        for (i, &p) in primes.iter().enumerate().skip(6).step_by(7) {
            for &q in primes.iter().skip(i + 1).step_by(11) {
                let Some(n) = p
                    .pow(3)
                    .checked_mul(q * q)
                    .and_then(|n| n.checked_mul(1_000_003))
                else {
                    continue;
                };
                assert_eq!(factor_u64(n), vec![(p, 3), (q, 2), (1_000_003, 1)]);
            }
        }
    }

    #[test]
    fn pseudoprimes_are_composite() {
        // Carmichael numbers (Fermat liars to every coprime base).
        assert_eq!(factor_u64(561), vec![(3, 1), (11, 1), (17, 1)]);
        assert_eq!(factor_u64(41_041), vec![(7, 1), (11, 1), (13, 1), (41, 1)]);
        assert_eq!(
            factor_u64(825_265),
            vec![(5, 1), (7, 1), (17, 1), (19, 1), (73, 1)]
        );
        // Strong pseudoprimes to the first k prime bases (OEIS A014233).
        for n in [
            2047u64,
            1_373_653,
            25_326_001,
            3_215_031_751,
            2_152_302_898_747,
            3_474_749_660_383,
            341_550_071_728_321,
            3_825_123_056_546_413_051,
        ] {
            assert!(!is_prime_u64(n), "{n}");
            assert_eq!(factor_u64(n), trial_or_rho_checked(n), "{n}");
        }
    }

    /// The factorisation checked without trusting it: the product is n and every factor
    /// has no divisor up to its square root (trial division, for factors below 10^12)
    /// or is prime by the deterministic test.
    fn trial_or_rho_checked(n: u64) -> Vec<(u64, u32)> {
        let f = factor_u64(n);
        let prod: u128 = f.iter().map(|&(p, e)| u128::from(p).pow(e)).product();
        assert_eq!(prod, u128::from(n));
        for &(p, _) in &f {
            if p < 1_000_000_000_000 {
                assert_eq!(trial(p), vec![(p, 1)], "{p} is not prime");
            }
        }
        f
    }

    #[test]
    fn known_primes_and_semiprimes_near_2_64() {
        // 2^61 − 1 is a Mersenne prime; 2^64 − 59 is the largest prime below 2^64.
        assert!(is_prime_u64((1 << 61) - 1));
        assert!(is_prime_u64(u64::MAX - 58));
        for k in 1..59u64 {
            assert!(!is_prime_u64(0u64.wrapping_sub(k)), "2^64 - {k}");
        }
        // 10^18 + 3 and 10^18 + 9 are prime (checked by trial division in the ignored
        // test below); 10^18 + 7 = 1370531 · 729644203597 (the cofactor checked there).
        assert!(is_prime_u64(1_000_000_000_000_000_003));
        assert!(is_prime_u64(1_000_000_000_000_000_009));
        assert_eq!(
            factor_u64(1_000_000_000_000_000_007),
            vec![(1_370_531, 1), (729_644_203_597, 1)]
        );
        // Two well-known primes and their product.
        assert!(is_prime_u64(1_000_000_007));
        assert!(is_prime_u64(998_244_353));
        assert_eq!(
            factor_u64(1_000_000_007 * 998_244_353),
            vec![(998_244_353, 1), (1_000_000_007, 1)]
        );
        // 2^64 − 1 = 3 · 5 · 17 · 257 · 641 · 65537 · 6700417.
        assert_eq!(
            factor_u64(u64::MAX),
            vec![
                (3, 1),
                (5, 1),
                (17, 1),
                (257, 1),
                (641, 1),
                (65_537, 1),
                (6_700_417, 1)
            ]
        );
        // Squares and cubes of large primes.
        let p = 4_294_967_291u64; // the largest prime below 2^32
        assert_eq!(trial(p), vec![(p, 1)]);
        assert_eq!(factor_u64(p * p), vec![(p, 2)]);
        assert_eq!(factor_u64(2_097_143u64.pow(3)), vec![(2_097_143, 3)]);
    }

    #[test]
    #[ignore = "trial division up to 10^9 takes a few seconds"]
    fn primes_near_10_18_by_trial_division() {
        for n in [1_000_000_000_000_000_003u64, 1_000_000_000_000_000_009] {
            assert_eq!(trial(n), vec![(n, 1)]);
        }
        assert_eq!(trial(729_644_203_597), vec![(729_644_203_597, 1)]);
    }

    #[test]
    fn big_pseudoprimes_need_thirteen_bases_or_lucas() {
        // ψ12 is a strong pseudoprime to the first twelve prime bases, ψ13 to the first
        // thirteen (Sorenson–Webster); both are composite.
        let mut b = Budget::new(1 << 30);
        let psi12 = big("318665857834031151167461");
        let psi13 = big(PSI13);
        for a in &BASES[..12] {
            assert!(strong_probable_prime_big(&psi12, *a, &mut b).unwrap());
            assert!(strong_probable_prime_big(&psi13, *a, &mut b).unwrap());
        }
        assert!(!strong_probable_prime_big(&psi12, 41, &mut b).unwrap());
        assert!(strong_probable_prime_big(&psi13, 41, &mut b).unwrap());
        assert_eq!(is_prime_big(&psi12, &mut b).unwrap(), (false, false));
        // ψ13 passes all thirteen bases: the strong Lucas test exposes it.
        assert!(!strong_lucas_big(&psi13, &mut b).unwrap());
        assert_eq!(is_prime_big(&psi13, &mut b).unwrap(), (false, false));
        // Its factors (near 10^12) are found by rho and checked by trial division.
        let f = factor(&Nat::from_big(psi12.clone()), &mut b).unwrap();
        assert_eq!(product(&f), psi12);
        assert!(f.primes.len() >= 2);
        for (p, _) in &f.primes {
            assert_eq!(trial(p.to_u64().unwrap()), vec![(p.to_u64().unwrap(), 1)]);
        }
    }

    #[test]
    fn lucas_agrees_with_trial_division_on_small_odd_numbers() {
        let mut b = Budget::new(u64::MAX);
        for n in (3u64..20_000).step_by(2) {
            let big_n = BigUint::from(n);
            let r = big_n.sqrt();
            if &r * &r == big_n || BASES.contains(&n) || n <= 41 {
                continue;
            }
            let prime = trial(n) == vec![(n, 1)];
            let lucas = strong_lucas_big(&big_n, &mut b).unwrap();
            // A strong Lucas test never rejects a prime; composites passing it are the
            // strong Lucas pseudoprimes 5459, 5777, 10877, 16109, 18971 (OEIS A217255).
            if prime {
                assert!(lucas, "{n}");
            } else if lucas {
                assert!([5459, 5777, 10877, 16109, 18971].contains(&n), "{n}");
            }
        }
    }

    #[test]
    fn numbers_beyond_64_bits() {
        let mut b = Budget::new(1 << 24);
        // 2^67 − 1 = 193707721 · 761838257287 (Cole, 1903).
        let m67 = (BigUint::one() << 67u32) - 1u32;
        let f = factor(&Nat::from_big(m67), &mut b).unwrap();
        assert_eq!(
            f.primes,
            vec![
                (Nat::from(193_707_721u64), 1),
                (Nat::from(761_838_257_287u64), 1)
            ]
        );
        assert!(!f.probable);
        // N = 25 · 2^64 + 1 is prime by Proth's theorem (k = 25 < 2^64 and
        // 3^((N−1)/2) ≡ −1 mod N, checked here); it is below ψ13, so proved.
        let proth = (BigUint::from(25u32) << 64u32) + 1u32;
        let half = (&proth - 1u32) >> 1u32;
        assert_eq!(BigUint::from(3u32).modpow(&half, &proth), &proth - 1u32);
        assert_eq!(is_prime_big(&proth, &mut b).unwrap(), (true, false));
        // 2^89 − 1 is a Mersenne prime, above ψ13: only "probable" here.
        let m89 = (BigUint::one() << 89u32) - 1u32;
        assert_eq!(is_prime_big(&m89, &mut b).unwrap(), (true, true));
        // 2^127 − 1 is a Mersenne prime (Lucas 1876): above ψ13, so "probable".
        let m127 = (BigUint::one() << 127u32) - 1u32;
        assert_eq!(is_prime_big(&m127, &mut b).unwrap(), (true, true));
        // (10^10 + 19)^2 · (2^61 − 1) · 3^5: rho finds the smaller prime twice.
        let p = 10_000_000_019u64;
        assert_eq!(trial(p), vec![(p, 1)]);
        let m61 = (1u64 << 61) - 1;
        let n = BigUint::from(p).pow(2) * m61 * 243u32;
        let f = factor(&Nat::from_big(n), &mut b).unwrap();
        assert_eq!(
            f.primes,
            vec![(Nat::from(3u64), 5), (Nat::from(p), 2), (Nat::from(m61), 1)]
        );
        assert_eq!(f.omega(), 8);
        // A square and a cube of big primes: found as perfect powers, not by rho.
        let m89 = (BigUint::one() << 89u32) - 1u32;
        let f = factor(&Nat::from_big(m89.pow(2)), &mut b).unwrap();
        assert_eq!(f.primes, vec![(Nat::from_big(m89), 2)]);
        assert!(f.probable);
        let f = factor(&Nat::from_big(BigUint::from(m61).pow(3)), &mut b).unwrap();
        assert_eq!(f.primes, vec![(Nat::from(m61), 3)]);
        assert!(!f.probable);
        // Large powers of small primes: the exponent by repeated squaring.
        for (p, e) in [(3u32, 5000u32), (7, 1), (5, 4095), (4093, 700)] {
            let n = (BigUint::from(p).pow(e) * 1_000_003u32) << 70u32;
            let f = factor(&Nat::from_big(n), &mut b).unwrap();
            assert_eq!(
                f.primes,
                vec![
                    (Nat::from(2u64), 70),
                    (Nat::from(u64::from(p)), e),
                    (Nat::from(1_000_003u64), 1)
                ]
            );
        }
        // 10^100 = 2^100 · 5^100.
        let g = factor(&Nat::from_big(BigUint::from(10u32).pow(100)), &mut b).unwrap();
        assert_eq!(g.to_text(), "2^100 · 5^100");
        // 10^10 + 19 (prime by trial division) times the Mersenne prime 2^107 − 1:
        // rho finds the smaller prime within the budget.
        let p = 10_000_000_019u64;
        assert_eq!(trial(p), vec![(p, 1)]);
        let q = (BigUint::one() << 107u32) - 1u32;
        let f = factor(&Nat::from_big(&q * p), &mut b).unwrap();
        assert_eq!(f.primes, vec![(Nat::from(p), 1), (Nat::from_big(q), 1)]);
        assert!(f.probable);
    }

    #[test]
    fn hard_numbers_run_out_of_budget() {
        // A product of two 30-digit primes (2^97 − 1 is not prime, so use the primes
        // 2^89 − 1 and 2^107 − 1, both Mersenne primes).
        let p = (BigUint::one() << 89u32) - 1u32;
        let q = (BigUint::one() << 107u32) - 1u32;
        let mut b = Budget::new(100_000);
        assert_eq!(factor(&Nat::from_big(&p * &q), &mut b), Err(OutOfBudget));
    }
}

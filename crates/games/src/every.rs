//! One-parameter families: an expression in which a name (`k`) stands for a number in
//! the parameters of its families (`bash[k](3,5,7)`, `sub[1,k](10)`), answered for
//! every value of the name (`sprague solve --every k=1..N`).
//!
//! [`template`] reads such an expression and [`Template::at`] writes it with a value in
//! place of the name, for the normal engine to answer one value at a time. A family
//! may also know its nim-values for every value at once ([`Template::fast`]): the
//! subtraction games whose set is one range ending at the variable, `bash[k]` =
//! `sub[1..k]` and `sub[l..k]` with a fixed `l ≥ 1`, whose heap of `a` is worth
//! `⌊(a mod (l+k)) / l⌋` (the closed form of `sub[l..r]`, proved in
//! [`crate::impartial::subtraction`] and tested there against the rules). For those,
//! [`mod_floor_every`] gives the nim-value of a whole sum of heaps for every `k` of a
//! range at the cost of a harmonic sum.
//!
//! # Every k at once
//!
//! Fix `l ≥ 1` and heaps `a_1, …, a_n`; for a modulus `x = l + k` we want
//! `V(x) = XOR_i ⌊(a_i mod x) / l⌋`. Heaps up to a bound `T` go into a table; larger
//! ones are taken one by one for each `k` (few huge heaps cost little so; many would
//! need a table too large, see below).
//!
//! *Blocks.* For `x ≤ T`, the heaps of the table fall into the blocks `[s, s+x)` with
//! `s = jx`, and a heap `a` of a block is worth `v = ⌊(a − s)/l⌋`. Bit `b` of `v` can be
//! set only when `l·2^b < x` (as `v ≤ (x−1)/l`). Write `h = l·2^b` and `P = 2h`: since
//! `⌊t/l⌋ mod 2^(b+1) = ⌊(t mod P)/l⌋`, bit `b` of `⌊t/l⌋` is set exactly when
//! `t mod P ∈ [h, P)`.
//!
//! *The table.* Let `G_b(i)` be the parity of the number of heaps `a ≥ i` (of the
//! table, with multiplicity) with bit `b` of `⌊(a − i)/l⌋` set, and `C[u, v)` the
//! number of heaps in `[u, v)`. The heaps `a ≥ i` are those of `[i, i+P)`, where the bit
//! is set exactly on `[i+h, i+P)`, and those of `a ≥ i+P`, where `⌊(a − i)/l⌋ =
//! ⌊(a − i − P)/l⌋ + 2^(b+1)` has the same bit `b`; so
//! `G_b(i) = G_b(i+P) xor parity C[i+h, i+P)`, and `G_b(i) = 0` past the largest heap.
//! The table holds `G_b` for every `i ≤ T` and each `b` with `l·2^b < T`, as bits, and the
//! parities of the prefix counts `C[0, i)`; `C[u, v)`'s parity is the xor of two of them.
//!
//! *A block in O(1) per bit.* Let `m = ⌊x/P⌋` and `e = s + mP`. Applying the recurrence
//! `m` times, the parity of the heaps of `[s, e)` with the bit set is
//! `G_b(s) xor G_b(e)`; in the rest `[e, s+x)`, shorter than `P`, the bit is set exactly
//! on `[e+h, s+x)` (empty when `e+h ≥ s+x`): one more prefix parity. Bit `b` of `V(x)`
//! is the xor over the blocks of these parities. For `x > T` every heap of the table is
//! below `x` and the table contributes the constant `XOR ⌊a/l⌋`.
//!
//! *Cost.* A modulus `x ≤ T` takes `⌈(T+1)/x⌉` blocks of at most `log2 x` bits each, so
//! the moduli `x = l+k` for `k = 1..N` cost `O(T log T · ln N + N)` (the harmonic sum),
//! plus `O(T log T)` to build the table, plus one step per large heap and `k`. The
//! bound `T` is chosen to make the estimate of the whole least, among tables that fit
//! in `--max-memory` (`log2 T + 1` bits per heap size up to `T`); work is charged to the
//! command's budget and the stop signal is looked at as it is done.

use crate::impartial::EVERY_K;
use crate::{ExprError, impartial};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_expr::{Arg, Span, Sum, Term};

/// An expression in which a name stands for a number in its families' parameters.
pub struct Template {
    text: String,
    uses: Vec<Span>,
    sum: Sum,
}

/// Reads `text` as an expression in which the lower-case name `variable` stands for a
/// number in the parameters of its families; an error (with its column) when it does
/// not parse or the name stands nowhere.
///
/// ```
/// let t = sprague_games::every::template("bash[k](3,5,7)", "k").unwrap();
/// assert_eq!(t.at(2), "bash[2](3,5,7)");
/// assert!(t.fast().is_some());
/// let t = sprague_games::every::template("sub[1,k](10)", "k").unwrap();
/// assert!(t.fast().is_none());
/// assert!(sprague_games::every::template("bash[3](3,5,7)", "k").is_err());
/// ```
pub fn template(text: &str, variable: &str) -> Result<Template, ExprError> {
    let (sum, uses) = sprague_expr::parse_with_variable(text, variable)
        .map_err(|e| crate::game_parse_error(text, e))?;
    if uses.is_empty() {
        return Err(ExprError {
            column: 1,
            message: format!(
                "{variable} stands in no parameter of the expression: write it where a \
                 family takes a number, e.g. bash[{variable}](3,5,7)"
            ),
        });
    }
    Ok(Template {
        text: text.to_string(),
        uses,
        sum,
    })
}

/// The heaps of a sum whose heap `a` is worth `⌊(a mod (l+k)) / l⌋` for every `k` (of
/// a valid position), grouped by `l`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModFloor {
    /// The `l` of `sub[l..k]` (1 for `bash[k]`).
    pub l: u64,
    /// The heaps.
    pub heaps: Vec<Nat>,
}

impl Template {
    /// The expression with `value` in place of the name.
    pub fn at(&self, value: u64) -> String {
        sprague_expr::substitute(&self.text, &self.uses, &value.to_string())
    }

    /// The expression as written, the name in it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The sum's heaps grouped as [`ModFloor`], when every term is a family that knows
    /// its values for every value of the name at once (each says so in
    /// [`impartial::EVERY_K`]) and has only integer arguments; `None` otherwise (each
    /// value is then answered by the normal engine).
    pub fn fast(&self) -> Option<Vec<ModFloor>> {
        let mut groups: Vec<ModFloor> = Vec::new();
        for term in &self.sum.terms {
            let Term::Family(t) = term else {
                return None;
            };
            let entry = impartial::entry(&t.name)?;
            let (_, hook) = EVERY_K
                .iter()
                .find(|(name, _)| entry.names.contains(name))?;
            let l = hook(t, &self.uses)?;
            let heaps = t.args.as_ref()?.iter().map(|a| match a {
                Arg::Int(n, _) => Some(n.clone()),
                Arg::Str(..) => None,
            });
            let heaps: Option<Vec<Nat>> = heaps.collect();
            let heaps = heaps?;
            match groups.iter_mut().find(|g| g.l == l) {
                Some(g) => g.heaps.extend(heaps),
                None => groups.push(ModFloor { l, heaps }),
            }
        }
        Some(groups)
    }
}

/// Simple operations (a bit of a block, a heap of one `k`) per step of the work budget
/// ([`Limits::charge_work`], whose step is some 10–20 ns).
const OPS_PER_STEP: u64 = 8;

/// Operations between two charges of the work done (and looks at the stop signal).
const OPS_PER_CHARGE: u64 = 1 << 16;

/// For each `k` in `from..=to`: `XOR_a ⌊(a mod (l+k)) / l⌋` over `heaps` (see the
/// module documentation for the method and its proof). `progress` is told the values
/// of `k` done so far, from time to time. Needs `l ≥ 1` and `l + to < 2^64`.
///
/// ```
/// use sprague_core::{Limits, nat::Nat};
/// let heaps: Vec<Nat> = [3u64, 5, 7].into_iter().map(Nat::from).collect();
/// let v = sprague_games::every::mod_floor_every(1, &heaps, 1, 4, &Limits::default(), &mut |_| {}).unwrap();
/// // k = 2: (3 mod 3) ⊕ (5 mod 3) ⊕ (7 mod 3) = 0 ⊕ 2 ⊕ 1 = 3.
/// assert_eq!(v, [1, 3, 1, 1]);
/// ```
pub fn mod_floor_every(
    l: u64,
    heaps: &[Nat],
    from: u64,
    to: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<u64>, SolveError> {
    if l == 0 || from > to || l.checked_add(to).is_none() {
        return Err(SolveError::Input(format!(
            "every k from {from} to {to} with l = {l}: needs 1 ≤ l, from ≤ to and l + to below 2^64"
        )));
    }
    let mut small: Vec<u64> = heaps.iter().filter_map(Nat::to_u64).collect();
    small.sort_unstable();
    let plan = plan(l, &small, heaps.len() - small.len(), from, to, limits)?;
    run(l, heaps, &small, plan, from, to, limits, progress)
}

/// Bits of the table of heaps up to `t` for `l`: `G_b` for each `b` with `l·2^b < t`,
/// and the prefix parities.
fn table_bits(l: u64, t: u64) -> u64 {
    let planes = bit_planes(l, t) as u64 + 1;
    planes.saturating_mul(t.saturating_add(2))
}

/// The number of bits `b` with `l·2^b < t`.
fn bit_planes(l: u64, t: u64) -> u32 {
    let mut b = 0;
    while b < 64 && l.checked_shl(b).is_some_and(|h| h >> b == l && h < t) {
        b += 1;
    }
    b
}

/// `⌊log2 n⌋ + 1` (0 for 0).
fn bits(n: u64) -> u64 {
    u64::from(64 - n.leading_zeros())
}

/// Estimated operations of a run with the table of heaps up to `t` (`covered` heaps),
/// the other `rest` heaps taken one by one for each of the `count` values of `k`.
fn estimate(l: u64, t: u64, rest: u64, from: u64, to: u64) -> u64 {
    let count = to - from + 1;
    let mut ops = rest.saturating_mul(count);
    if t > 0 {
        ops = ops.saturating_add(u64::from(bit_planes(l, t)).saturating_mul(t));
        let x0 = l + from;
        let x1 = (l + to).min(t);
        if x0 <= x1 {
            // Σ_{x0 ≤ x ≤ x1} (t/x + 1) · log2 x ≤ log2 t · (t · (ln(x1/x0) + 1) + x1 − x0 + 1).
            let harmonic = bits(x1) - bits(x0) + 2;
            let blocks = t.saturating_mul(harmonic).saturating_add(x1 - x0 + 1);
            ops = ops.saturating_add(blocks.saturating_mul(bits(t)));
        }
    }
    ops
}

/// The bound `t` of the table: the heaps up to `t` go in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Plan {
    t: u64,
}

/// The cheapest bound among those whose table fits in memory; a limit when even it
/// needs more work than is left (a [`Bound::Memory`] limit when a larger table that
/// does not fit would have done).
fn plan(
    l: u64,
    small: &[u64],
    huge: usize,
    from: u64,
    to: u64,
    limits: &Limits,
) -> Result<Plan, SolveError> {
    let n = (small.len() + huge) as u64;
    let fits = |t: u64| table_bits(l, t) / 8 + 1024 <= limits.max_memory;
    let mut best = (estimate(l, 0, n, from, to), 0u64);
    let mut best_unfit: Option<(u64, u64)> = None;
    for (i, &t) in small.iter().enumerate() {
        if small.get(i + 1) == Some(&t) || t == 0 {
            continue;
        }
        let cost = estimate(l, t, n - i as u64 - 1, from, to);
        if fits(t) {
            if cost < best.0 {
                best = (cost, t);
            }
        } else if best_unfit.is_none_or(|(c, _)| cost < c) {
            best_unfit = Some((cost, t));
        }
    }
    let left = limits.work_left().saturating_mul(OPS_PER_STEP);
    if best.0 > left {
        if let Some((cost, t)) = best_unfit
            && cost <= left
        {
            return Err(limits.memory_exceeded(
                &format!("a table of the heaps up to {t} (for every k at once)"),
                table_bits(l, t) / 8,
            ));
        }
        return Err(limits.work_exceeded(&format!(
            "finding the nim-values of {n} heaps for every k from {from} to {to}"
        )));
    }
    Ok(Plan { t: best.1 })
}

/// A fixed-length array of bits.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: u64) -> Bits {
        Bits(vec![0; (len / 64 + 1) as usize])
    }

    /// Bit `i`; 0 past the end.
    #[inline]
    fn get(&self, i: u64) -> u64 {
        self.0
            .get((i / 64) as usize)
            .map_or(0, |w| (w >> (i % 64)) & 1)
    }

    #[inline]
    fn flip(&mut self, i: u64, v: u64) {
        if let Some(w) = self.0.get_mut((i / 64) as usize) {
            *w ^= v << (i % 64);
        }
    }
}

/// Charges the operations counted so far to the budget, looks at the stop signal and
/// tells the progress.
struct Meter<'a> {
    limits: &'a Limits,
    ops: u64,
    doing: String,
}

impl Meter<'_> {
    #[inline]
    fn add(&mut self, ops: u64) -> Result<bool, SolveError> {
        self.ops += ops;
        if self.ops < OPS_PER_CHARGE {
            return Ok(false);
        }
        self.flush()?;
        Ok(true)
    }

    fn flush(&mut self) -> Result<(), SolveError> {
        let steps = self.ops / OPS_PER_STEP + 1;
        self.ops = 0;
        self.limits.charge_work(steps, &self.doing)?;
        self.limits.check_stop()
    }
}

#[allow(clippy::too_many_arguments)]
fn run(
    l: u64,
    heaps: &[Nat],
    small: &[u64],
    plan: Plan,
    from: u64,
    to: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<u64>, SolveError> {
    let t = plan.t;
    let count = to - from + 1;
    let mut meter = Meter {
        limits,
        ops: 0,
        doing: format!(
            "finding the nim-values of {} heaps for every k from {from} to {to}",
            heaps.len()
        ),
    };
    // The heaps of the table, as prefix parities; the others, one by one.
    let table: &[u64] = &small[..small.partition_point(|&a| a <= t)];
    let others: &[u64] = &small[table.len()..];
    let huge: Vec<BigUint> = heaps
        .iter()
        .filter(|a| a.to_u64().is_none())
        .map(Nat::to_big)
        .collect();
    let planes = if table.is_empty() {
        0
    } else {
        bit_planes(l, t)
    };
    let mut g: Vec<Bits> = Vec::new();
    let mut prefix = Bits::new(0);
    let mut constant = 0u64;
    if !table.is_empty() {
        limits.check_stop()?;
        let mut odd = Bits::new(t + 1);
        for &a in table {
            odd.flip(a, 1);
            constant ^= a / l;
        }
        // prefix(i): the parity of the heaps below i, for i ≤ t + 1.
        prefix = Bits::new(t + 2);
        let mut p = 0;
        for i in 0..=t {
            p ^= odd.get(i);
            prefix.flip(i + 1, p);
            meter.add(1)?;
        }
        drop(odd);
        let end = t + 1;
        let par = |prefix: &Bits, u: u64, v: u64| prefix.get(u.min(end)) ^ prefix.get(v.min(end));
        for b in 0..planes {
            let h = l << b;
            let period = h << 1;
            let mut gb = Bits::new(t + 1);
            for i in (0..=t).rev() {
                let v = gb.get(i.saturating_add(period))
                    ^ par(&prefix, i.saturating_add(h), i.saturating_add(period));
                gb.flip(i, v);
                meter.add(1)?;
            }
            g.push(gb);
        }
    }
    let end = t + 1;
    let mut out = Vec::with_capacity(count as usize);
    for (done, k) in (from..=to).enumerate() {
        let x = l + k;
        let mut v = 0u64;
        if !table.is_empty() {
            if x > t {
                v = constant;
            } else {
                let mut s = 0u64;
                while s <= t {
                    let stop = s + x;
                    let mut b = 0;
                    while b < planes && (l << b) < x {
                        let h = l << b;
                        let period = h << 1;
                        let e = s + (x / period) * period;
                        let gb = &g[b as usize];
                        let mut p = gb.get(s) ^ gb.get(e);
                        let rest = e + h;
                        if rest < stop {
                            p ^= prefix.get(rest.min(end)) ^ prefix.get(stop.min(end));
                        }
                        v ^= p << b;
                        b += 1;
                    }
                    if meter.add(u64::from(b) + 1)? {
                        progress(done as u64);
                    }
                    s = stop;
                }
            }
        }
        for &a in others {
            v ^= (a % x) / l;
        }
        for a in &huge {
            v ^= (a % x).to_u64().unwrap_or(0) / l;
        }
        let ops = others.len() as u64 + huge.iter().map(|a| a.bits() / 16).sum::<u64>();
        if meter.add(ops)? {
            progress(done as u64);
        }
        out.push(v);
    }
    meter.flush()?;
    progress(count);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::mex_values;
    use sprague_core::Bound;

    /// sg(n) for n ≤ len of sub[l..r], from the rules: mex of sg(n − s), l ≤ s ≤ min(r, n).
    fn values_from_rules(l: u64, r: u64, len: usize) -> Vec<u32> {
        mex_values(len, |n, g: &[u32]| {
            let n = n as u64;
            (l..=r.min(n)).map(|s| g[(n - s) as usize]).collect()
        })
    }

    /// Every multiset of `size` heaps from 0..=max.
    fn multisets(max: u64, size: usize) -> Vec<Vec<u64>> {
        if size == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for rest in multisets(max, size - 1) {
            let lo = rest.last().copied().unwrap_or(0);
            for a in lo..=max {
                let mut m = rest.clone();
                m.push(a);
                out.push(m);
            }
        }
        out
    }

    #[test]
    fn every_k_at_once_matches_the_values_from_the_rules_for_every_table_bound() {
        let limits = Limits::default();
        let max = 9u64;
        for l in 1u64..=3 {
            // sg of sub[l..r] for every r of the sweep, from the rules.
            let by_r: Vec<Vec<u32>> = (0..=14)
                .map(|r| {
                    if r >= l {
                        values_from_rules(l, r, max as usize + 1)
                    } else {
                        Vec::new()
                    }
                })
                .collect();
            for size in 0..=3 {
                for heaps in multisets(max, size) {
                    let nats: Vec<Nat> = heaps.iter().map(|&a| Nat::from(a)).collect();
                    let expected: Vec<u64> = (l..=14u64)
                        .map(|k| {
                            heaps
                                .iter()
                                .fold(0, |v, &a| v ^ u64::from(by_r[k as usize][a as usize]))
                        })
                        .collect();
                    // Every table bound, from none (each heap alone) to all heaps.
                    for t in 0..=max + 1 {
                        let got =
                            run(l, &nats, &heaps, Plan { t }, l, 14, &limits, &mut |_| {}).unwrap();
                        assert_eq!(got, expected, "l={l} heaps={heaps:?} t={t}");
                    }
                    let got = mod_floor_every(l, &nats, l, 14, &limits, &mut |_| {}).unwrap();
                    assert_eq!(got, expected, "l={l} heaps={heaps:?}");
                }
            }
        }
    }

    #[test]
    fn many_heaps_match_the_rules_for_every_k() {
        // Larger tables: 40 heaps up to 200, k from 1 to 250 (past the largest heap).
        let limits = Limits::default();
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        for l in [1u64, 2, 5] {
            let heaps: Vec<u64> = (0..40).map(|_| next() % 201).collect();
            let nats: Vec<Nat> = heaps.iter().map(|&a| Nat::from(a)).collect();
            let got = mod_floor_every(l, &nats, l, 250, &limits, &mut |_| {}).unwrap();
            for (i, k) in (l..=250u64).enumerate() {
                let sg = values_from_rules(l, k, 201);
                let want = heaps.iter().fold(0, |v, &a| v ^ u64::from(sg[a as usize]));
                assert_eq!(got[i], want, "l={l} k={k}");
            }
        }
    }

    #[test]
    fn huge_heaps_are_taken_one_by_one() {
        // Beyond any table: 2^70 + 5 and 10^30 with small heaps, against the proved
        // closed form of sub[l..r] (tested against the rules in its module).
        use crate::impartial::subtraction::Subtraction;
        use sprague_engine::impartial::heap::HeapRules;
        let limits = Limits::default();
        let big = Nat::from_big((BigUint::from(1u8) << 70u32) + 5u8);
        let ten30 = Nat::from_big(BigUint::from(10u8).pow(30));
        let heaps = vec![
            big,
            Nat::from(7u64),
            ten30,
            Nat::from(u64::MAX),
            Nat::from(12u64),
        ];
        for l in [1u64, 3] {
            let got = mod_floor_every(l, &heaps, l, 60, &limits, &mut |_| {}).unwrap();
            for (i, k) in (l..=60u64).enumerate() {
                let rules = Subtraction::new(&[(Nat::from(l), Nat::from(k))]).unwrap();
                let want = heaps.iter().fold(0u64, |v, a| {
                    v ^ rules.closed_form(a).unwrap().to_u64().unwrap()
                });
                assert_eq!(got[i], want, "l={l} k={k}");
            }
        }
    }

    #[test]
    fn only_one_range_ending_at_the_variable_is_answered_at_once() {
        let fast = |text: &str| template(text, "k").unwrap().fast();
        let heaps = |v: &[u64]| v.iter().map(|&a| Nat::from(a)).collect::<Vec<_>>();
        assert_eq!(
            fast("bash[k](3,5) + sub[1..k](7) + sub[ 4 .. k ](9)"),
            Some(vec![
                ModFloor {
                    l: 1,
                    heaps: heaps(&[3, 5, 7])
                },
                ModFloor {
                    l: 4,
                    heaps: heaps(&[9])
                },
            ])
        );
        for generic in [
            "sub[1,k](10)",
            "sub[k](10)",
            "sub[k..9](10)",
            "sub[k..k](10)",
            "sub[1..k,20](10)",
            "bash[k](3) + nim(4)",
            "bash[k](3) + bash[2](4)",
            "nim(3) + sub[1..k](4) + {1|-1}",
            "moore[k](1,2,3)",
        ] {
            assert_eq!(fast(generic), None, "{generic}");
        }
        assert_eq!(fast("bash[k]"), None);
    }

    #[test]
    fn a_plan_picks_a_table_for_many_heaps_and_none_for_a_few_huge_ones() {
        let limits = Limits::default();
        let many: Vec<u64> = (1..=100_000).collect();
        assert_eq!(plan(1, &many, 0, 1, 100_000, &limits).unwrap().t, 100_000);
        let few = [3u64, 1 << 40];
        assert!(plan(1, &few, 0, 1, 1000, &limits).unwrap().t < 1 << 40);
        // Many heaps too large for a table and many k: more work than allowed.
        let wide: Vec<u64> = (0..1_000_000u64).map(|i| (1 << 45) + i).collect();
        let small_memory = Limits {
            max_memory: 1 << 20,
            ..Limits::default()
        };
        let e = plan(1, &wide, 0, 1, 1_000_000, &small_memory).unwrap_err();
        assert!(matches!(e, SolveError::Limit { .. }), "{e:?}");
    }

    #[test]
    fn the_work_budget_and_the_stop_signal_end_a_long_run() {
        let heaps: Vec<Nat> = (0..200_000u64).map(Nat::from).collect();
        let limits = Limits {
            max_states: 10_000,
            ..Limits::default()
        };
        let e = mod_floor_every(1, &heaps, 1, 200_000, &limits, &mut |_| {}).unwrap_err();
        assert!(
            matches!(
                e,
                SolveError::Limit {
                    bound: Bound::States,
                    ..
                }
            ),
            "{e:?}"
        );
        let stop = std::sync::Arc::new(sprague_core::Stop::after(std::time::Duration::MAX));
        stop.raise();
        let limits = Limits {
            stop: Some(stop),
            ..Limits::default()
        };
        let e = mod_floor_every(1, &heaps, 1, 200_000, &limits, &mut |_| {}).unwrap_err();
        assert!(
            matches!(
                e,
                SolveError::Limit {
                    bound: Bound::Time,
                    ..
                }
            ),
            "{e:?}"
        );
    }
}

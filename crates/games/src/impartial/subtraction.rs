//! Subtraction games `sub[S]`: take s stones from one heap, s in the set S.
//! `bash[m]` is `sub[1..m]` (Bash's game).
//!
//! For a finite S the values are ultimately periodic, and a window of max(S) values
//! repeated after the preperiod proves the period. When S is a single range `l..r`,
//! the closed form sg(n) = ⌊(n mod (l+r)) / l⌋ answers any heap (tested against the
//! table built from the rules).

use num_bigint::BigUint;
use smallvec::smallvec;
use sprague_core::nat::Nat;
use sprague_core::{Limits, SolveError};
use sprague_engine::impartial::cell::{Cell, Extended};
use sprague_engine::impartial::heap::{HeapOption, HeapRules, OPTIONS_PER_STATE, PeriodProof};
use sprague_engine::impartial::period::Period;
use sprague_engine::impartial::watch::Poll;

/// The rules of a subtraction game.
#[derive(Clone, Debug)]
pub struct Subtraction {
    /// S as sorted, disjoint, non-adjacent inclusive ranges.
    ranges: Vec<(Nat, Nat)>,
    /// How the game was named (`bash[m]` keeps its own name).
    bash: bool,
}

impl Subtraction {
    /// The game with set S given as inclusive ranges (single values are `(s, s)`).
    /// Fails if a range is empty or contains 0.
    pub fn new(ranges: &[(Nat, Nat)]) -> Result<Self, String> {
        let mut rs: Vec<(Nat, Nat)> = Vec::with_capacity(ranges.len());
        for (l, r) in ranges {
            if l.is_zero() {
                return Err("a subtraction set may not contain 0".into());
            }
            if l > r {
                return Err(format!("the range {l}..{r} is empty"));
            }
            rs.push((l.clone(), r.clone()));
        }
        if rs.is_empty() {
            return Err("the subtraction set is empty".into());
        }
        rs.sort();
        let mut merged: Vec<(Nat, Nat)> = Vec::with_capacity(rs.len());
        for (l, r) in rs {
            if let Some(last) = merged
                .last_mut()
                .filter(|last| l <= last.1.add(&Nat::from(1u64)))
            {
                if r > last.1 {
                    last.1 = r;
                }
                continue;
            }
            merged.push((l, r));
        }
        Ok(Subtraction {
            ranges: merged,
            bash: false,
        })
    }

    /// Bash's game: take 1..m.
    pub fn bash(m: Nat) -> Result<Self, String> {
        if m.is_zero() {
            return Err("bash[m] needs m ≥ 1".into());
        }
        let mut s = Subtraction::new(&[(Nat::from(1u64), m)])?;
        s.bash = true;
        Ok(s)
    }

    /// max(S).
    pub fn max_move(&self) -> &Nat {
        &self.ranges.last().expect("non-empty").1
    }

    /// When S is one range l..r: (l, r).
    fn single_range(&self) -> Option<(&Nat, &Nat)> {
        match self.ranges.as_slice() {
            [(l, r)] => Some((l, r)),
            _ => None,
        }
    }
}

/// sg(n) for S = {l, …, r}: ⌊(n mod (l+r)) / l⌋.
fn range_value(n: &Nat, l: &Nat, r: &Nat) -> Nat {
    match (n.to_u64(), l.to_u64(), r.to_u64()) {
        (Some(n), Some(l), Some(r)) if l.checked_add(r).is_some() => Nat::from((n % (l + r)) / l),
        _ => {
            let (n, l, r) = (n.to_big(), l.to_big(), r.to_big());
            Nat::from_big((n % (&l + &r)) / l)
        }
    }
}

impl HeapRules for Subtraction {
    fn name(&self) -> String {
        if self.bash {
            return format!("bash[{}]", self.max_move());
        }
        let parts: Vec<String> = self
            .ranges
            .iter()
            .map(|(l, r)| {
                if l == r {
                    l.to_string()
                } else if r == &l.add(&Nat::from(1u64)) {
                    format!("{l},{r}")
                } else {
                    format!("{l}..{r}")
                }
            })
            .collect();
        format!("sub[{}]", parts.join(","))
    }

    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        for (l, r) in &self.ranges {
            let (Some(l), Some(r)) = (l.to_u64(), r.to_u64()) else {
                // Takes beyond 2^64 apply only to heaps that large; enumerate from l.
                let mut s = l.clone();
                while &s <= r {
                    match n.checked_sub(&s) {
                        Some(m) => out.push(smallvec![m]),
                        None => break,
                    }
                    s = s.add(&Nat::from(1u64));
                }
                continue;
            };
            for s in l..=r {
                match n.checked_sub(&Nat::from(s)) {
                    Some(m) => out.push(smallvec![m]),
                    None => break,
                }
            }
        }
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        let to = option.first().cloned().unwrap_or_default();
        let take = n.checked_sub(&to).unwrap_or_default();
        format!("take {take} from the heap of {n}")
    }

    fn option_count(&self, n: &Nat) -> Option<Nat> {
        // One option for each s in S with s ≤ n: min(r, n) − l + 1 from each range
        // l..r that starts at or below n.
        let one = Nat::from(1u64);
        let mut count = Nat::ZERO;
        for (l, r) in &self.ranges {
            if l > n {
                break;
            }
            let top = if r < n { r } else { n };
            count = count.add(&top.checked_sub(l)?.add(&one));
        }
        Some(count)
    }

    fn closed_form(&self, n: &Nat) -> Option<Nat> {
        self.single_range().map(|(l, r)| range_value(n, l, r))
    }

    fn closed_form_period(&self) -> Option<Period> {
        let (l, r) = self.single_range()?;
        Some(Period {
            preperiod: 0,
            period: l.add(r).to_usize()?,
        })
    }

    fn closed_form_reason(&self, n: &Nat) -> Option<String> {
        let (l, r) = self.single_range()?;
        let v = range_value(n, l, r);
        let period = l.add(r);
        Some(if l == &Nat::from(1u64) {
            format!(
                "sg({n}) = {n} mod {period} = {v}: taking 1..{r} has period {period}, and the P-positions are the multiples of {period}"
            )
        } else {
            format!(
                "sg({n}) = ⌊({n} mod {period}) / {l}⌋ = {v}: taking {l}..{r} has period {period}"
            )
        })
    }

    fn options_with_value(&self, n: &Nat, target: &Nat, cap: usize) -> Option<Vec<HeapOption>> {
        let (l, r) = self.single_range()?;
        // Heaps m in [n - r, n - l] with ⌊(m mod (l+r)) / l⌋ = target, i.e.
        // m mod (l+r) in [target·l, target·l + l - 1] (and below l+r).
        let (nb, lb, rb, tb) = (n.to_big(), l.to_big(), r.to_big(), target.to_big());
        if nb < lb {
            return Some(Vec::new());
        }
        let hi = &nb - &lb;
        let lo = if nb > rb { &nb - &rb } else { BigUint::ZERO };
        let period = &lb + &rb;
        let res_lo = &tb * &lb;
        if res_lo >= period {
            return Some(Vec::new());
        }
        let res_hi = (&res_lo + &lb - 1u32).min(&period - 1u32);
        let mut out = Vec::new();
        // First block start at or before lo.
        let mut base = (&lo / &period) * &period;
        // At most two blocks meet [lo, hi], since hi - lo < l + r.
        while base <= hi && out.len() <= cap {
            let a = (&base + &res_lo).max(lo.clone());
            let b = (&base + &res_hi).min(hi.clone());
            let mut m = a;
            while m <= b && out.len() <= cap {
                out.push(smallvec![Nat::from_big(m.clone())]);
                m += 1u32;
            }
            base += &period;
        }
        Some(out)
    }

    /// A list of at most 63 takes: a tight loop over the takes with the mex taken from
    /// a 64-bit mask (a value never exceeds |S|), instead of the generic options path.
    fn extend_values<C: Cell>(
        &self,
        values: &mut Vec<C>,
        len: usize,
        limits: &Limits,
        _poll: &mut Poll<'_>,
    ) -> Option<Result<Extended, SolveError>> {
        let mut takes = Vec::new();
        for (l, r) in &self.ranges {
            let (l, r) = (l.to_usize()?, r.to_usize()?);
            if r - l >= 63 || takes.len() + (r - l + 1) > 63 {
                return None;
            }
            takes.extend(l..=r);
        }
        let work = (len.saturating_sub(values.len()) as u64).saturating_mul(takes.len() as u64);
        if work > limits.max_states.saturating_mul(OPTIONS_PER_STATE) {
            return Some(Err(
                limits.states_exceeded(&format!("a table of {}", self.name()))
            ));
        }
        values.reserve(len.saturating_sub(values.len()));
        for n in values.len()..len {
            let mut seen = 0u64;
            for &s in takes.iter().take_while(|&&s| s <= n) {
                seen |= 1 << values[n - s].get();
            }
            // At most 63 moves: the value is at most 63, which any width holds.
            let v = (!seen).trailing_zeros();
            match C::new(v) {
                Some(c) => values.push(c),
                None => return Some(Ok(Extended::TooWide(v))),
            }
        }
        Some(Ok(Extended::Done))
    }

    /// A heap of `n` has at most `min(n, |S|)` options.
    fn value_bound(&self, n: usize) -> u64 {
        let takes = self.ranges.iter().fold(0u64, |acc, (l, r)| {
            let size = r
                .checked_sub(l)
                .and_then(|d| d.to_u64())
                .map_or(u64::MAX, |d| d.saturating_add(1));
            acc.saturating_add(size)
        });
        takes.min(n as u64)
    }

    fn period_proof(&self) -> PeriodProof {
        match self.max_move().to_usize() {
            Some(m) => PeriodProof::Subtraction { max_move: m },
            None => PeriodProof::None,
        }
    }
}

/// `sub[S]` in the expression language.
pub(crate) const SUB: super::Entry = super::Entry {
    names: &["sub"],
    usage: Some((
        "sub[S](n,…)",
        "take s in S, e.g. sub[1,3,4](10), sub[2..5](40)",
    )),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "Heaps of stones; a move takes from one heap a number of stones that is in the set S. Whoever cannot move loses.",
        example: Some("sub[1,3,4](10)"),
    }),
    build: |reg, t| {
        let rules = read_rules(reg, t)?;
        Ok((
            reg.shared(sprague_engine::impartial::heap::HeapFamily::new(rules)),
            1,
        ))
    },
    read: None,
    table: Some(|reg, t| {
        Ok(std::rc::Rc::new(
            sprague_engine::impartial::heap::HeapFamily::new(read_rules(reg, t)?),
        ))
    }),
    names_file: super::no_file,
};

/// `bash[m]` in the expression language: `sub[1..m]`.
pub(crate) const BASH: super::Entry = super::Entry {
    names: &["bash"],
    usage: Some(("bash[m](n,…)", "take 1..m")),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "Bachet's game: a move takes from 1 to m stones from one heap. Whoever takes the last stone wins.",
        example: Some("bash[3](10)"),
    }),
    ..SUB
};

/// For `solve --every` ([`super::EveryK`]): `bash[k]` and `sub[l..k]` (one range whose
/// upper bound is the variable, `l` a number ≥ 1) have the closed form
/// `⌊(n mod (l+k)) / l⌋` of a single range for every `k ≥ l`, so `Some(l)`; any other
/// set (`sub[1,k]`, `sub[k]`, `sub[k..9]`) is `None`.
pub(crate) fn every_k(t: &sprague_expr::FamilyTerm, uses: &[sprague_expr::Span]) -> Option<u64> {
    use sprague_expr::Param;
    let is_use = |s: &sprague_expr::Span| uses.iter().any(|u| u.start == s.start && u.end == s.end);
    // A range `l..k`: a use ends it, none starts it.
    let ends_in_use = |s: &sprague_expr::Span| {
        uses.iter().any(|u| u.end == s.end) && !uses.iter().any(|u| u.start == s.start)
    };
    match (t.name.as_str(), t.params.as_deref()?) {
        ("bash", [Param::Int(_, s)]) if is_use(s) => Some(1),
        ("sub", [Param::Range(l, _, s)]) if ends_in_use(s) => {
            l.to_u64().filter(|&l| (1..1 << 62).contains(&l))
        }
        _ => None,
    }
}

/// The rules of `sub[S]` or `bash[m]`.
fn read_rules(
    reg: &crate::Registry<'_>,
    t: &sprague_expr::FamilyTerm,
) -> Result<Subtraction, crate::ExprError> {
    use sprague_expr::Param;
    let Some(params) = &t.params else {
        return Err(reg.error(
            t.span,
            &format!("{} needs parameters, e.g. sub[1,3,4] or bash[3]", t.name),
        ));
    };
    if t.name == "bash" {
        return match params.as_slice() {
            [Param::Int(m, s)] => Subtraction::bash(m.clone()).map_err(|e| reg.error(*s, &e)),
            _ => Err(reg.error(params[0].span(), "bash[m] takes one integer m (take 1..m)")),
        };
    }
    let mut ranges = Vec::new();
    for p in params {
        match p {
            Param::Int(n, s) => {
                if n.is_zero() {
                    return Err(reg.error(*s, "a subtraction set may not contain 0"));
                }
                ranges.push((n.clone(), n.clone()));
            }
            Param::Range(l, r, s) => {
                if l.is_zero() || l > r {
                    return Err(
                        reg.error(*s, &format!("the range {l}..{r} must satisfy 1 ≤ l ≤ r"))
                    );
                }
                ranges.push((l.clone(), r.clone()));
            }
            other => {
                return Err(reg.error(
                    other.span(),
                    "a subtraction set holds integers and ranges l..r",
                ));
            }
        }
    }
    Subtraction::new(&ranges).map_err(|e| reg.error(t.span, &e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::mex_values;
    use sprague_core::Limits;
    use sprague_engine::impartial::family::{Family, MoveSink};
    use sprague_engine::impartial::heap::HeapFamily;

    /// Values straight from the rules: sg(n) = mex{sg(n − s) : s ∈ S, s ≤ n}.
    fn exhaustive(set: &[u64], len: usize) -> Vec<u32> {
        mex_values(len, |n, g: &[u32]| {
            let n = n as u64;
            let takes = set.iter().filter(|&&s| s <= n);
            takes.map(|&s| g[(n - s) as usize]).collect()
        })
    }

    fn game(set: &[u64]) -> HeapFamily<Subtraction> {
        let ranges: Vec<(Nat, Nat)> = set.iter().map(|&s| (Nat::from(s), Nat::from(s))).collect();
        HeapFamily::new(Subtraction::new(&ranges).unwrap())
    }

    #[test]
    fn range_closed_form_matches_exhaustive_search() {
        for l in 1u64..=12 {
            for r in l..=12 {
                let set: Vec<u64> = (l..=r).collect();
                let g = exhaustive(&set, 300);
                let rules = Subtraction::new(&[(Nat::from(l), Nat::from(r))]).unwrap();
                for (n, &v) in g.iter().enumerate() {
                    assert_eq!(
                        rules.closed_form(&Nat::from(n)),
                        Some(Nat::from(v)),
                        "sub[{l}..{r}]({n})"
                    );
                }
            }
        }
    }

    #[test]
    fn range_moves_with_value_match_enumeration() {
        let limits = Limits::default();
        for l in 1u64..=5 {
            for r in l..=7 {
                let rules = Subtraction::new(&[(Nat::from(l), Nat::from(r))]).unwrap();
                let name = rules.name();
                let fam = HeapFamily::new(rules);
                let g = exhaustive(&(l..=r).collect::<Vec<_>>(), 80);
                for n in 0..80u64 {
                    for t in 0..4u32 {
                        let mut sink = MoveSink::new(1000);
                        fam.moves_to_value(
                            &smallvec![Nat::from(n)],
                            &Nat::from(t),
                            &limits,
                            &mut sink,
                        )
                        .unwrap();
                        let mut got: Vec<String> =
                            sink.moves.iter().map(|m| m.to_text(&fam)).collect();
                        got.sort();
                        let mut want: Vec<String> = (l..=r)
                            .filter(|&s| s <= n && g[(n - s) as usize] == t)
                            .map(|s| format!("{name}({})", n - s))
                            .collect();
                        want.sort();
                        assert_eq!(got, want, "sub[{l}..{r}]({n}) to value {t}");
                    }
                }
            }
        }
    }

    #[test]
    fn sub_1_3_4_has_the_textbook_period_7() {
        // Winning Ways: S = {1,3,4} has values 0,1,0,1,2,3,2 repeating with period 7.
        let fam = game(&[1, 3, 4]);
        let report = fam.report(0, 20, &Limits::default()).unwrap();
        let expect: Vec<Nat> = [0u32, 1, 0, 1, 2, 3, 2]
            .iter()
            .cycle()
            .take(21)
            .map(|&v| Nat::from(v))
            .collect();
        assert_eq!(report.values, expect);
        let (p, proved) = report.period.unwrap();
        assert_eq!((p.preperiod, p.period, proved), (0, 7, true));
    }

    #[test]
    fn huge_heaps_follow_the_proved_period() {
        // A heap of 10^30 ≡ 10^30 mod 7 = 1 (10^6 ≡ 1 mod 7, so 10^30 ≡ 1): value sg(1) = 1.
        let fam = game(&[1, 3, 4]);
        let n: Nat = format!("1{}", "0".repeat(30)).parse().unwrap();
        assert_eq!(fam.value(&n, &Limits::default()).unwrap(), Nat::from(1u64));
    }

    #[test]
    fn proved_periods_hold_far_beyond_the_window() {
        let sets: &[&[u64]] = &[
            &[2, 5, 7],
            &[1, 4, 9],
            &[3, 4, 11],
            &[2, 3, 8, 13],
            &[5, 6, 17, 20],
        ];
        for set in sets {
            let fam = game(set);
            let truth = exhaustive(set, 20_000);
            // Ask for a far heap first so that the family proves its period on a prefix.
            let far = Nat::from(10u64.pow(15));
            fam.value(&far, &Limits::default()).unwrap();
            for (n, &v) in truth.iter().enumerate().step_by(7) {
                assert_eq!(
                    fam.value(&Nat::from(n), &Limits::default()).unwrap(),
                    Nat::from(v),
                    "{set:?} at {n}"
                );
            }
        }
    }

    #[test]
    fn tables_match_exhaustive_search_for_many_sets() {
        // Every set S ⊆ {1..7}, plus sets near the 63-take limit of the fast loop.
        let mut sets: Vec<Vec<u64>> = (1u32..128)
            .map(|mask| (1..=7).filter(|s| mask >> (s - 1) & 1 == 1).collect())
            .collect();
        sets.push((1..=63).collect());
        sets.push((1..=64).collect());
        sets.push((2..=80).step_by(2).collect());
        for set in sets {
            let truth = exhaustive(&set, 400);
            let fam = game(&set);
            let report = fam.report(0, 399, &Limits::default()).unwrap();
            let want: Vec<Nat> = truth.iter().map(|&v| Nat::from(v)).collect();
            assert_eq!(report.values, want, "{set:?}");
        }
    }

    #[test]
    fn names_are_normalised() {
        let s = Subtraction::new(&[
            (Nat::from(4u64), Nat::from(4u64)),
            (Nat::from(1u64), Nat::from(1u64)),
            (Nat::from(3u64), Nat::from(3u64)),
            (Nat::from(6u64), Nat::from(9u64)),
        ])
        .unwrap();
        assert_eq!(s.name(), "sub[1,3,4,6..9]");
        assert_eq!(
            Subtraction::bash(Nat::from(3u64)).unwrap().name(),
            "bash[3]"
        );
        assert!(Subtraction::new(&[(Nat::ZERO, Nat::from(2u64))]).is_err());
    }

    #[test]
    fn states_bound_stops_unprovable_huge_heaps() {
        let fam = game(&[1, 3, 4]);
        let tiny = Limits {
            max_states: 3,
            ..Limits::default()
        };
        let n = Nat::from(10u64.pow(12));
        assert!(matches!(
            fam.value(&n, &tiny),
            Err(sprague_core::SolveError::Limit { .. })
        ));
    }
}

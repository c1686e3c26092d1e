//! Placeholder, replaced by the periodicity module.
use crate::nat::Nat;

/// Eventual periodicity of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// First index of the periodic part.
    pub preperiod: usize,
    /// Length of the period.
    pub period: usize,
}

/// Detects eventual periodicity.
pub fn detect(_values: &[u32]) -> Option<Period> {
    None
}

/// Finds a proved period of a finite subtraction game.
pub fn find_subtraction_period(_values: &[u32], _max_move: usize) -> Option<Period> {
    None
}

/// Guy–Smith test.
pub fn prove_octal(_values: &[u32], _last_digit_index: usize, _p: Period) -> bool {
    false
}

/// Index with the same value as heap n.
pub fn reduce(n: &Nat, p: Period) -> usize {
    match n.to_usize() {
        Some(v) if v < p.preperiod + p.period => v,
        _ => {
            let big = n.to_big();
            let off = (big - p.preperiod) % p.period;
            p.preperiod + off.to_u64_digits().first().copied().unwrap_or(0) as usize
        }
    }
}

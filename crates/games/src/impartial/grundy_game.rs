//! Grundy's game: split one heap into two non-empty heaps of different sizes.
//!
//! It is the take-and-break game 4.0 with unequal splits only, so the Guy–Smith
//! periodicity theorem does not apply (its proof pairs splits that may become equal):
//! no period is known (Flammenkamp computed the values to 2^35), and periods seen in a
//! table are reported unproved. Values come from the take-and-break engine
//! ([`sprague_engine::impartial::takebreak`]), whose rare/common table suits this game well.

use sprague_engine::impartial::takebreak::{TakeBreak, Wording};

/// The rules of Grundy's game.
pub fn grundy_game() -> TakeBreak {
    TakeBreak::new("grundy_game", &[4], true, Wording::Splits).expect("valid code")
}

/// `grundy_game` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["grundy_game"],
    usage: Some(("grundy_game(n,…)", "split a heap into two unequal heaps")),
    shown: Some(super::Shown {
        group: super::Group::TakeAndBreak,
        rules: "Grundy's game: a move splits one heap into two heaps of different sizes. Whoever cannot move loses.",
        example: Some("grundy_game(9)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared_take_break(grundy_game()), 1))
    },
    read: None,
    table: Some(|reg, t| {
        reg.no_params(t)?;
        Ok(std::rc::Rc::new(
            sprague_engine::impartial::takebreak::TakeBreakFamily::new(grundy_game()),
        ))
    }),
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testing::mex_values;
    use sprague_core::Limits;
    use sprague_engine::impartial::heap::{HeapFamily, HeapTable};

    /// Grundy's game, OEIS A002188 (offset 0), as published.
    const A002188: [u32; 105] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];

    /// Values straight from the rules: splits a + b = n with 1 ≤ a < b.
    fn exhaustive(len: usize) -> Vec<u32> {
        mex_values(len, |n, g: &[u32]| {
            (1..n.div_ceil(2)).map(|a| g[a] ^ g[n - a]).collect()
        })
    }

    #[test]
    fn values_match_oeis_a002188_and_the_rules() {
        let mut t = HeapTable::default();
        t.extend(&grundy_game(), 5000, &Limits::default()).unwrap();
        assert_eq!(t.values().prefix(105), &A002188[..]);
        assert_eq!(exhaustive(5000), t.values());
    }

    #[test]
    fn periods_are_never_claimed_proved() {
        let f = HeapFamily::new(grundy_game());
        let r = f.report(0, 3000, &Limits::default()).unwrap();
        assert!(r.period.is_none_or(|(_, proved)| !proved));
        // Huge heaps have no value without a proved period: the state bound says so.
        let huge = sprague_core::nat::Nat::from(10u64.pow(18));
        assert!(matches!(
            f.value(&huge, &Limits::default()),
            Err(sprague_core::SolveError::Limit { .. })
        ));
    }
}

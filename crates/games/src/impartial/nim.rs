//! Nim: take any positive number of stones from one heap.
//!
//! Bouton: a heap of n has nim-value n, so a sum of heaps is lost for the player to
//! move exactly when the XOR of the heap sizes is 0.

use smallvec::smallvec;
use sprague_core::nat::Nat;
use sprague_engine::impartial::heap::{HeapOption, HeapRules};

/// The rules of Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl HeapRules for Nim {
    fn name(&self) -> String {
        "nim".into()
    }

    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        // Only ever asked for small heaps: closed forms answer the rest.
        let n = n.to_u64().unwrap_or(u64::MAX);
        out.extend((0..n).map(|k| smallvec![Nat::from(k)]));
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        let to = option.first().cloned().unwrap_or_default();
        let take = n.checked_sub(&to).unwrap_or_default();
        format!("take {take} from the heap of {n}")
    }

    fn closed_form(&self, n: &Nat) -> Option<Nat> {
        Some(n.clone())
    }

    fn closed_form_reason(&self, n: &Nat) -> Option<String> {
        Some(format!(
            "sg({n}) = {n}: a Nim heap can move to every smaller size, so its value is mex{{0, …, {}}} = {n}",
            n.checked_sub(&Nat::from(1u64))
                .map(|m| m.to_string())
                .unwrap_or_else(|| "-1".into())
        ))
    }

    fn options_with_value(&self, n: &Nat, target: &Nat, _cap: usize) -> Option<Vec<HeapOption>> {
        // Exactly one move reaches each smaller size, none reaches a larger one.
        Some(if target < n {
            vec![smallvec![target.clone()]]
        } else {
            Vec::new()
        })
    }

    fn option_count(&self, n: &Nat) -> Option<Nat> {
        // A heap of n moves to each smaller size.
        Some(n.clone())
    }

    fn is_nim(&self) -> bool {
        true
    }
}

/// `nim` in the expression language.
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["nim"],
    usage: Some((
        "nim(a,…)",
        "take any number from one heap (normal or misère play)",
    )),
    shown: Some(super::Shown {
        group: super::Group::Study,
        rules: "Heaps of stones; a move takes any number of stones (at least one) from one heap. Whoever takes the last stone wins (in misère play, loses).",
        example: Some("nim(3,4,5)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((
            reg.shared(sprague_engine::impartial::heap::HeapFamily::new(Nim)),
            1,
        ))
    },
    read: None,
    table: Some(|reg, t| {
        reg.no_params(t)?;
        Ok(std::rc::Rc::new(
            sprague_engine::impartial::heap::HeapFamily::new(Nim),
        ))
    }),
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::Limits;
    use sprague_engine::impartial::heap::HeapTable;

    /// The closed form agrees with the table built from the rules by mex.
    #[test]
    fn closed_form_matches_exhaustive_table() {
        let mut t = HeapTable::default();
        t.extend(&Nim, 200, &Limits::default()).unwrap();
        for (n, v) in t.values().iter().enumerate() {
            assert_eq!(Nim.closed_form(&Nat::from(n)), Some(Nat::from(v)));
        }
    }

    #[test]
    fn moves_with_value_match_enumeration() {
        for n in 0u64..30 {
            for t in 0u64..35 {
                let mut all = Vec::new();
                Nim.options(&Nat::from(n), &mut all);
                let expect: Vec<HeapOption> =
                    all.into_iter().filter(|o| o[0] == Nat::from(t)).collect();
                let got = Nim
                    .options_with_value(&Nat::from(n), &Nat::from(t), 100)
                    .unwrap();
                assert_eq!(got, expect);
            }
        }
    }
}

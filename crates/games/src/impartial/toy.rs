//! A toy family that keeps the walk-through of ARCHITECTURE.md ("Adding an
//! impartial family") true: the whole of a new heap family is this one file and its
//! line in [`super::FAMILIES`]. The tests below show that from that alone the
//! expression language reads it, the engine values and tables it, misspellings of
//! its name are suggested and the help lists it.
//!
//! The rules: take one or two stones from a heap. By induction on n, heap n has
//! value n mod 3: its options n − 1 and n − 2 have the two values other than n mod 3
//! below 3 (only one for n = 1, none for n = 0), so the mex is n mod 3.

use smallvec::smallvec;
use sprague_core::nat::Nat;
use sprague_engine::impartial::heap::{HeapFamily, HeapOption, HeapRules};

/// The rules: take one or two stones.
#[derive(Clone, Copy, Debug, Default)]
pub struct Toy;

impl HeapRules for Toy {
    fn name(&self) -> String {
        "toy".into()
    }

    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        for take in 1..=2u64 {
            if let Some(to) = n.checked_sub(&Nat::from(take)) {
                out.push(smallvec![to]);
            }
        }
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        let to = option.first().cloned().unwrap_or_default();
        let take = n.checked_sub(&to).unwrap_or_default();
        format!("take {take} from the heap of {n}")
    }

    /// Words of its own, which play reads with no change of its own: `nibble` takes
    /// one stone, `bite` two.
    fn read_move(&self, n: &Nat, words: &[&str]) -> Option<Result<Nat, String>> {
        let take = match words {
            ["nibble"] => 1u64,
            ["bite"] => 2,
            _ => return None,
        };
        Some(
            n.checked_sub(&Nat::from(take))
                .ok_or_else(|| format!("a toy heap of {n} has not {take} stones to take")),
        )
    }

    fn move_words(&self) -> Option<&'static str> {
        Some("nibble [H] or bite [H]: take one or two stones from a toy heap (heap H)")
    }
}

/// `toy(n,…)` in the expression language.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) const ENTRY: super::Entry = super::Entry {
    names: &["toy"],
    usage: Some(("toy(n,…)", "take one or two stones (a test family)")),
    shown: Some(super::Shown {
        group: super::Group::Other,
        rules: "A test family: take one or two stones.",
        example: Some("toy(3)"),
    }),
    build: |reg, t| {
        reg.no_params(t)?;
        Ok((reg.shared(HeapFamily::new(Toy)), 1))
    },
    read: None,
    table: Some(|reg, t| {
        reg.no_params(t)?;
        Ok(std::rc::Rc::new(HeapFamily::new(Toy)))
    }),
    names_file: super::no_file,
};

#[cfg(test)]
mod tests {
    use crate::eval::ParseValue;
    use sprague_core::{Limits, Outcome, Play};
    use sprague_engine::impartial::sum::analyse;
    use sprague_engine::partizan::GameTable;

    #[test]
    fn the_expression_language_reads_it_and_the_engine_values_it() {
        for n in 0..30u64 {
            let c = crate::components(&format!("toy({n})")).unwrap();
            let a = analyse(c.as_slice(), Play::Normal, &Limits::default(), 8).unwrap();
            // The value from the rules (module docs): n mod 3.
            assert_eq!(a.grundy.unwrap().to_u64(), Some(n % 3), "toy({n})");
        }
        // A sum with another family: 4 mod 3 = 1 = nim(1), so the sum is a P-position.
        let c = crate::components("toy(4) + nim(1)").unwrap();
        let a = analyse(c.as_slice(), Play::Normal, &Limits::default(), 8).unwrap();
        assert_eq!(a.outcome, Outcome::P);
        // In the value language an impartial term is its nimber.
        let mut t = GameTable::new();
        let g = t.parse_value("toy(5)").unwrap();
        assert_eq!(t.show(g), "*2");
    }

    #[test]
    fn it_reads_its_own_move_words() {
        let c = crate::components("toy(5)").unwrap();
        let f = &c[0].family;
        let pos = |n: u64| -> sprague_engine::impartial::family::Pos {
            smallvec::smallvec![sprague_core::nat::Nat::from(n)]
        };
        assert_eq!(f.read_move(&pos(5), &["nibble"]), Some(Ok(pos(4))));
        assert_eq!(f.read_move(&pos(5), &["bite"]), Some(Ok(pos(3))));
        assert_eq!(f.read_move(&pos(2), &["bite"]), Some(Ok(pos(0))));
        assert!(matches!(f.read_move(&pos(1), &["bite"]), Some(Err(_))));
        assert_eq!(f.read_move(&pos(5), &["gulp"]), None);
        assert!(f.move_words().unwrap().starts_with("nibble"));
    }

    #[test]
    fn tables_suggestions_and_help_come_from_its_entry() {
        let f = crate::table_family("toy").unwrap();
        assert_eq!(f.name(), "toy");
        assert!(crate::known_families().contains(&"toy"));
        assert_eq!(crate::nearest_family("Toy"), Some("toy"));
        assert_eq!(crate::nearest_family("toyy"), Some("toy"));
        assert!(
            crate::families_help()
                .lines()
                .any(|l| l.starts_with("toy(n,…)") && l.ends_with("(a test family)"))
        );
        let Err(e) = crate::components("toy[2](3)") else {
            panic!("toy[2](3) is read");
        };
        assert_eq!(e.message, "toy takes no [parameters]");
    }
}

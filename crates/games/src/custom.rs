//! Families defined at run time by a program that uses the library (the Python
//! package lets a user write the rules as a function): the program registers a name
//! and a function from a position to its options, and the name can then be used in
//! expressions like any built-in family, `mygame(7) + nim(3)`. Values come from the
//! engine's memoised searches: the heap table (with the period seen) for heap games,
//! the exhaustive search for games on tuples of integers.
//!
//! ```
//! use sprague_games::custom::{Kind, CustomRules, register};
//! use sprague_core::nat::Nat;
//! use std::sync::Arc;
//! // Take 1 or 2 from a heap: values 0,1,2,0,1,2,…
//! struct Take12;
//! impl CustomRules for Take12 {
//!     fn options(&self, pos: &[Nat]) -> Result<Vec<Vec<Nat>>, String> {
//!         let n = pos[0].to_u64().ok_or("heap too large")?;
//!         Ok((1..=2).filter(|&t| t <= n).map(|t| vec![Nat::from(n - t)]).collect())
//!     }
//! }
//! register("take12", Kind::Heap, Arc::new(Take12)).unwrap();
//! let t = sprague_games::table_family("take12").unwrap();
//! let r = t.report(0, 5, &Default::default()).unwrap();
//! assert_eq!(r.values, [0u64, 1, 2, 0, 1, 2].map(Nat::from));
//! ```

use super::known_families;
use sprague_core::SolveError;
use sprague_core::nat::Nat;
use sprague_engine::impartial::exhaustive;
use sprague_engine::impartial::exhaustive_family::PositionRules;
use sprague_engine::impartial::family::Pos;
use sprague_engine::impartial::heap::{HeapOption, HeapRules};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// The rules of a family defined at run time.
pub trait CustomRules: Send + Sync {
    /// The options of a position (its arguments): for a heap game, each option is the
    /// list of heaps left in place of the heap (one smaller heap, none, or several);
    /// for a game on tuples, each option is a tuple. An error stops the computation
    /// and is reported by [`take_failure`].
    fn options(&self, pos: &[Nat]) -> Result<Vec<Vec<Nat>>, String>;
}

/// What a position of a run-time family is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One heap per component, `name(3,4,5)` being three components; options are
    /// lists of smaller heaps. Tables and periods are available.
    Heap,
    /// One component of `arity` integer arguments, `name(2,3)`; options are tuples of
    /// the same length. Values by exhaustive search of the positions reached.
    Tuple {
        /// The number of arguments.
        arity: usize,
    },
}

struct Entry {
    kind: Kind,
    rules: Arc<dyn CustomRules>,
}

fn registry() -> &'static RwLock<HashMap<String, Entry>> {
    static REGISTRY: std::sync::OnceLock<RwLock<HashMap<String, Entry>>> =
        std::sync::OnceLock::new();
    REGISTRY.get_or_init(Default::default)
}

/// Registers (or replaces) the family `name`: a lower-case name of letters, digits
/// and `_` starting with a letter, and not a built-in family.
pub fn register(name: &str, kind: Kind, rules: Arc<dyn CustomRules>) -> Result<(), String> {
    let mut chars = name.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && name.len() <= 64;
    if !valid {
        return Err(format!(
            "bad family name '{name}': use lower-case letters, digits and _, starting with a letter"
        ));
    }
    if known_families().contains(&name) {
        return Err(format!("'{name}' is a built-in family"));
    }
    if matches!(kind, Kind::Tuple { arity: 0 }) {
        return Err("a game on tuples needs at least one argument".into());
    }
    let entry = Entry { kind, rules };
    registry()
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .insert(name.to_string(), entry);
    Ok(())
}

/// Removes the family `name`; whether it was registered.
pub fn unregister(name: &str) -> bool {
    registry()
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .remove(name)
        .is_some()
}

/// The first error the rules of a run-time family gave on this thread since the
/// last call, if any: a computation that met one gave answers that cannot be
/// trusted. (Kept per thread, so that computations on other threads do not mix in.)
pub fn take_failure() -> Option<String> {
    FAILURE.with(|f| f.borrow_mut().take())
}

thread_local! {
    static FAILURE: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

fn fail(message: String) {
    FAILURE.with(|f| {
        f.borrow_mut().get_or_insert(message);
    });
}

/// The rules registered as `name`, as a heap or a tuple family.
pub(crate) fn lookup(name: &str) -> Option<Custom> {
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    reg.get(name).map(|e| Custom {
        name: name.to_string(),
        kind: e.kind,
        rules: e.rules.clone(),
    })
}

/// A run-time family as the engine uses it.
#[derive(Clone)]
pub(crate) struct Custom {
    name: String,
    /// Heap or tuple.
    pub kind: Kind,
    rules: Arc<dyn CustomRules>,
}

impl Custom {
    /// The options of `pos`; on an error, none, with the error kept for
    /// [`take_failure`].
    fn options_or_fail(&self, pos: &[Nat]) -> Vec<Vec<Nat>> {
        match self.rules.options(pos) {
            Ok(v) => v,
            Err(m) => {
                fail(m);
                Vec::new()
            }
        }
    }

    fn write_args(&self, args: &[Nat]) -> String {
        let parts: Vec<String> = args.iter().map(Nat::to_string).collect();
        format!("{}({})", self.name, parts.join(","))
    }
}

impl HeapRules for Custom {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
        out.extend(
            self.options_or_fail(std::slice::from_ref(n))
                .into_iter()
                .map(HeapOption::from_vec),
        );
    }

    fn describe(&self, n: &Nat, option: &HeapOption) -> String {
        match option.as_slice() {
            [] => format!("move from {n} to nothing"),
            [h] => format!("move from {n} to {h}"),
            hs => {
                let parts: Vec<String> = hs.iter().map(Nat::to_string).collect();
                format!("move from {n} to heaps {}", parts.join(" + "))
            }
        }
    }

    fn takes_stones(&self) -> bool {
        false
    }
}

impl exhaustive::GameRules for Custom {
    type Position = Vec<Nat>;

    fn options(&self, p: &Vec<Nat>, out: &mut Vec<Vec<Nat>>) {
        let arity = p.len();
        for o in self.options_or_fail(p) {
            if o.len() == arity {
                out.push(o);
            } else {
                fail(format!(
                    "{}: an option of {} has {} numbers, not {arity}",
                    self.name,
                    self.write_args(p),
                    o.len()
                ));
            }
        }
    }
}

impl PositionRules for Custom {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decode(&self, pos: &Pos) -> Result<Vec<Nat>, SolveError> {
        match self.kind {
            Kind::Tuple { arity } if pos.len() != arity => Err(SolveError::Input(format!(
                "{} takes {arity} numbers per position",
                self.name
            ))),
            _ => Ok(pos.to_vec()),
        }
    }

    fn encode(&self, p: &Vec<Nat>) -> Pos {
        p.iter().cloned().collect()
    }

    fn describe(&self, from: &Vec<Nat>, to: &Vec<Nat>) -> String {
        format!(
            "move from {} to {}",
            self.write_args(from),
            self.write_args(to)
        )
    }
}

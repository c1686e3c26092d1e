//! Every game the expression language knows, as a gallery shows it: grouped, with
//! its rules in two or three sentences and a starting position, from the families'
//! registries ([`crate::impartial::FAMILIES`], the partizan rulesets and the
//! partizan literals): a new family appears here without a line of this file.

use crate::impartial::{self, Group};
use crate::partizan;

/// A game of the gallery.
#[derive(Clone, Debug)]
pub struct Item {
    /// The group's key: `study`, `take-and-break`, `impartial` or `partizan`.
    pub group: &'static str,
    /// The family's own name.
    pub name: &'static str,
    /// Every name a term of the family may use.
    pub names: Vec<&'static str>,
    /// The rules, in two or three sentences.
    pub rules: &'static str,
    /// A starting position (`None`: the family's positions are read from files).
    pub example: Option<&'static str>,
    /// Whether the family has a table of values by heap size (`table`).
    pub table: bool,
    /// Whether the game is partizan (its values are games, not nimbers).
    pub partizan: bool,
}

/// The groups in the order of the gallery: key and title.
pub const GROUPS: &[(&str, &str)] = &[
    ("study", "Nim and its relatives"),
    ("take-and-break", "Octal and other take-and-break games"),
    ("impartial", "Other impartial games"),
    ("partizan", "Partizan games"),
];

fn group_key(g: Group) -> &'static str {
    match g {
        Group::Study => "study",
        Group::TakeAndBreak => "take-and-break",
        Group::Other => "impartial",
    }
}

/// Every game of the gallery: the impartial families in the order of
/// [`impartial::FAMILIES`] (those shown with a partizan ruleset left out), then the
/// partizan rulesets and literals.
///
/// ```
/// let g = sprague_games::gallery::gallery();
/// assert_eq!(g[0].name, "nim");
/// assert!(g.iter().any(|i| i.name == "domineering" && i.partizan));
/// ```
pub fn gallery() -> Vec<Item> {
    let mut out: Vec<Item> = Vec::new();
    for e in impartial::FAMILIES {
        if let Some(s) = e.shown {
            out.push(Item {
                group: group_key(s.group),
                name: e.name(),
                names: e.names.to_vec(),
                rules: s.rules,
                example: s.example,
                table: e.table.is_some(),
                partizan: false,
            });
        }
    }
    // The rulesets of the registry, then the two written as literals (`cut`, `unfair`).
    let literals = [
        ("cut", partizan::cut::RULES, partizan::cut::EXAMPLE),
        ("unfair", partizan::unfair::RULES, partizan::unfair::EXAMPLE),
    ];
    for (name, rules, example) in partizan::shown().into_iter().chain(literals) {
        // A ruleset that is also an impartial family (Cram) keeps that family's table.
        let table = impartial::entry(name).is_some_and(|e| e.table.is_some());
        out.push(Item {
            group: "partizan",
            name,
            names: vec![name],
            rules,
            example: Some(example),
            table,
            partizan: true,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_of_the_registries_is_in_the_gallery() {
        let g = gallery();
        for name in crate::known_families() {
            assert!(
                g.iter().any(|i| i.names.contains(&name)),
                "{name} is not in the gallery"
            );
        }
        for (key, _) in GROUPS {
            assert!(g.iter().any(|i| i.group == *key), "group {key} is empty");
        }
        assert!(g.iter().all(|i| GROUPS.iter().any(|(k, _)| *k == i.group)));
    }

    #[test]
    fn every_starting_position_is_a_position_of_its_family() {
        for i in gallery() {
            let Some(ex) = i.example else { continue };
            assert!(
                crate::file_reference(ex).is_none(),
                "{}: {ex} reads a file",
                i.name
            );
            if i.partizan {
                let mut t = sprague_engine::partizan::GameTable::with_limit(1_000_000);
                let limits = sprague_core::Limits::default();
                let sum = crate::partizan::component::read_sum(&mut t, ex, &limits);
                assert!(sum.is_ok(), "{}: {ex}", i.name);
            } else {
                let comps =
                    crate::components(ex).unwrap_or_else(|e| panic!("{}: {ex}: {e:?}", i.name));
                assert!(!comps.is_empty(), "{ex}");
            }
            let term = ex.split(['(', '[']).next().unwrap();
            assert!(
                i.names.contains(&term),
                "{ex} is not written with {}",
                i.name
            );
            assert!(!i.rules.is_empty() && i.rules.ends_with('.'), "{}", i.name);
        }
    }
}

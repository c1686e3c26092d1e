//! What the partizan rulesets' tests share: a position's value as text, and the plain
//! game tree of a ruleset to check its regions and symmetries against.

use sprague_engine::partizan::{GameTable, Rules, Side, TreeValues};

/// The value of `p` under `rules` from its game tree, as the engine writes it (`*`,
/// `1/2`, `{1|0}`).
pub(crate) fn shown_value<R: Rules>(rules: &R, p: &R::Position) -> String {
    let mut t = GameTable::with_limit(50_000_000);
    let mut v = TreeValues::new();
    let g = v.value(&mut t, rules, p).unwrap();
    t.show(g)
}

/// The moves of `R` without its regions, symmetries or simplifications: the plain game
/// tree.
pub struct Plain<'r, R>(pub &'r R);

impl<R: Rules> Rules for Plain<'_, R> {
    type Position = R::Position;
    fn options(&self, p: &R::Position, side: Side, out: &mut Vec<R::Position>) {
        self.0.options(p, side, out);
    }
}

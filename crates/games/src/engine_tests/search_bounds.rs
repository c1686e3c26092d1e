//! Tests of `sprague_engine::search::bounds` on positions of the game families.

use crate::eval::ParseValue;
use sprague_engine::partizan::{Game, GameTable, Side};
use sprague_engine::search::bounds::*;

/// The outcome of `g + h` for every game `h` of the list, against the decision
/// from the bounds of `h`'s runs.
#[test]
fn decisions_agree_with_the_sums_they_bound() {
    // Games H with their longest runs of Left's and Right's moves (counted from
    // their definitions): 0 (0, 0), 1 = {0|} (1, 0), −1 (0, 1), * = {0|0} (1, 1),
    // {1|-1} (2, 2: Left moves to 1 and again to 0), 2 (2, 0), {2|0} (3, 1),
    // ^ = {0|*} (1, 2), and * again with looser bounds (2, 2).
    let mut t = GameTable::new();
    let hs = [
        ("0", [0, 0]),
        ("1", [1, 0]),
        ("-1", [0, 1]),
        ("*", [1, 1]),
        ("{1|-1}", [2, 2]),
        ("2", [2, 0]),
        ("{2|0}", [3, 1]),
        ("^", [1, 2]),
        ("*", [2, 2]),
    ];
    let accs = [
        "0",
        "1",
        "-1",
        "2",
        "-2",
        "3",
        "-3",
        "1/2",
        "-5/2",
        "*",
        "^",
        "{3|2}",
        "{-2|-3}",
        "{4|-4}",
        "{5|1}",
        "{-1|-5}",
        "3 + *",
        "-3 + *",
        "{1|-1} + 3",
        "{0|-5}",
    ];
    let mut decided = 0;
    for a in accs {
        let acc = t.parse_value(a).unwrap();
        for (h, runs) in hs {
            let hg = t.parse_value(h).unwrap();
            let g = t.add(acc, hg).unwrap();
            for side in [Side::Left, Side::Right] {
                // Left wins moving first on G exactly when G ≰ 0; Right when 0 ≰ G.
                let want = if side == Side::Left {
                    !t.le(g, Game::ZERO).unwrap()
                } else {
                    !t.le(Game::ZERO, g).unwrap()
                };
                if let Some(w) = decides(&mut t, acc, runs, side).unwrap() {
                    assert_eq!(w, want, "{a} + {h}, {side:?} first");
                    decided += 1;
                }
            }
        }
    }
    // The bounds settle many of these sums (a large number beside a small game).
    assert!(decided > 100, "{decided}");
}

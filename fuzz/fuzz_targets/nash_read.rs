//! Reads arbitrary UTF-8 as a game file. Reading must never panic; an error must
//! point inside the input (or just past its end) and display on one line; a game
//! that reads must analyse within a small budget without panicking, and every
//! equilibrium it reports must be one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::nash::{
    Budget, Player, dominant, dominated, equilibria, is_equilibrium, iterated_elimination,
    pure_equilibria, read_game,
};

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let game = match read_game(src) {
        Ok(g) => g,
        Err(e) => {
            assert!(e.line >= 1 && e.line <= src.lines().count().max(1) + 1, "{src:?}: {e}");
            assert!(e.column >= 1, "{src:?}: {e}");
            assert!(!e.to_string().contains('\n'), "{src:?}: {e}");
            return;
        }
    };
    let budget = &mut Budget::new(5_000);
    for p in [Player::Row, Player::Col] {
        let _ = dominant(&game, p, budget);
        let _ = dominated(&game, p, budget);
    }
    let _ = iterated_elimination(&game, budget);
    if game.count(Player::Row) * game.count(Player::Col) <= 10_000 {
        let _ = pure_equilibria(&game);
    }
    if let Ok(all) = equilibria(&game, budget) {
        for e in &all.list {
            assert!(is_equilibrium(&game, &e.row, &e.col), "{src:?}: {e:?}");
        }
    }
});

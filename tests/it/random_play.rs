//! `sprague play --json` driven by a program that picks random moves from the list
//! `moves` gives (a seeded generator, a bounded number of games and moves): games of
//! every family finish, in normal and in misère play, with a winner who is the player
//! the rules say (the one who cannot move loses in normal play, wins in misère play).

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// A small linear congruential generator (Knuth's MMIX constants): reproducible runs.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays one game of `expr` against the computer, choosing each move at random among
/// those listed; returns the number of moves made.
fn play_one(expr: &str, misere: bool, first: &str, rng: &mut Rng) -> u64 {
    let mut args = vec!["play", "--json", "--first", first];
    if misere {
        args.push("--misere");
    }
    args.push(expr);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut next = || -> Value {
        let l = lines
            .next()
            .unwrap_or_else(|| panic!("{expr}: output ended"))
            .unwrap();
        serde_json::from_str(&l).unwrap_or_else(|e| panic!("{expr}: {e}: {l}"))
    };
    let mut moves_made = 0u64;
    for _ in 0..200 {
        let state = next();
        assert_eq!(state["event"], "state", "{expr}: {state}");
        if state["over"] == true {
            let end = next();
            assert_eq!(end["event"], "end", "{expr}");
            // The player to move cannot move.
            let stuck = state["to_move"].as_str().unwrap();
            let winner = end["winner"].as_str().unwrap();
            assert_eq!(winner == stuck, misere, "{expr} (misère: {misere}): {end}");
            drop(stdin);
            assert!(child.wait().unwrap().success(), "{expr}");
            return state["move_number"].as_u64().unwrap();
        }
        if state["to_move"] == "computer" {
            continue;
        }
        writeln!(stdin, "moves").unwrap();
        let list = next();
        assert_eq!(list["event"], "moves", "{expr}: {list}");
        let moves = list["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{expr}: no move listed in {state}");
        if list["complete"] == true && list["count_exact"] == true {
            assert_eq!(list["count"].as_u64(), Some(moves.len() as u64), "{expr}");
        }
        let k = rng.below(moves.len());
        writeln!(stdin, "{}", k + 1).unwrap();
        moves_made += 1;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("{expr}: no end after {moves_made} of our moves");
}

#[test]
fn random_games_finish_in_every_family() {
    let mut rng = Rng(20_261_123);
    let games = [
        "nim(3,4,5)",
        "sub[1,3,4](9)",
        "kayles(7)",
        "lasker(5)",
        "grundy_game(8)",
        "wythoff(4,6)",
        "king(3,4)",
        "fib(12)",
        "fib(9,3)",
        "stair(2,3,1)",
        "moore[2](2,3,4)",
        "ed(5,6)",
        "ring(3,0,2,4)",
        "ring(2,3)",
        "andnim(22)",
        "submask(13)",
        "divisor(36)",
        "split(4)",
        "adjacent[3](11)",
        "digraph[\"tests/data/path.txt\"](0)",
        "geography[\"tests/data/petersen.txt\"](0)",
        "fib(6) + divisor(12) + ed(3,4)",
        "seqnim(2,1,3)",
        "seqnim[2](4,1,5)",
        "kth(9,2)",
        "circle[5,2](0,0)",
        "grid[\"..#./..../#...\"](0,0)",
        "treestair[\"tests/data/christmas.txt\",1](0)",
    ];
    for expr in games {
        for (misere, first) in [(false, "human"), (true, "computer"), (true, "human")] {
            // Every start has a move, so every game lasts at least one move.
            assert!(play_one(expr, misere, first, &mut rng) >= 1, "{expr}");
        }
    }
}

//! The notes' claim on counting races (rule Reach): for which targets does every
//! coalition of more than ⌊m/2⌋ players force a win? Prints, for m = 3 to 6 and
//! increments {1,2}, {1,3}, {2,3}, the number of targets up to N (the first
//! argument, 400 by default) where it fails and the last of them; with `lose`, the
//! same under the rule Lose (sizes up to m − 1);
//! with `more`, m = 3 to 8 and other increments.
//!
//! `cargo run --release -p sprague-nash --example race_study -- 400`
use sprague_nash::counting::{Race, Rule};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let to: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(400);
    let rule = if args.iter().any(|a| a == "lose") {
        Rule::Lose
    } else {
        Rule::Reach
    };
    let extra = args.iter().any(|a| a == "more");
    let sets: Vec<Vec<u64>> = if extra {
        vec![
            vec![1, 4],
            vec![3, 4],
            vec![2, 5],
            vec![3, 5],
            vec![2, 4],
            vec![1, 2, 3],
        ]
    } else {
        vec![vec![1, 2], vec![1, 3], vec![2, 3]]
    };
    let players = if extra { 3..=8usize } else { 3..=6usize };
    for m in players {
        for moves in &sets {
            let k = m / 2 + 1;
            let mut fails = Vec::new();
            let mut singles = 0;
            let mut last_single = None;
            for n in 1..=to {
                let race = Race::new(m, moves, n, rule).expect("within the bounds");
                let c = race.coalitions(None).expect("within the bounds");
                // Under Lose the coalition of all players never forces (the finisher is a
                // member), so only the sizes k to m - 1 are asked.
                let top = if rule == Rule::Lose { m - 1 } else { m };
                if c.by_size[k - 1..top].iter().any(|s| s.forcing != s.total) {
                    fails.push(n);
                }
                if !c.singles.is_empty() {
                    singles += 1;
                    last_single = Some(n);
                }
            }
            println!(
                "m={m} moves={moves:?}: coalitions of {k}+ fail at {} targets, last {:?}; a single player forces at {singles} targets, last {:?}",
                fails.len(),
                fails.last(),
                last_single
            );
        }
    }
}

//! Classic bimatrix games with equilibria known from the literature or worked out by
//! hand from the rules (each derivation is in the comments).

use sprague::nash::{
    Budget, Player, dominant, dominated, equilibria, iterated_elimination, pure_equilibria,
    read_game,
};

fn game(name: &str) -> sprague::nash::Bimatrix {
    let path = format!("{}/tests/data/nash/{name}.json", env!("CARGO_MANIFEST_DIR"));
    read_game(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every listed equilibrium as text: row probabilities, column probabilities, payoffs.
fn listed(name: &str) -> (Vec<String>, bool) {
    let all = equilibria(&game(name), &mut Budget::new(1_000_000)).unwrap();
    let show = |v: &[sprague::nash::Rational]| {
        v.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let list = all
        .list
        .iter()
        .map(|e| {
            format!(
                "{} | {} | {} {}",
                show(&e.row),
                show(&e.col),
                e.payoffs.0,
                e.payoffs.1
            )
        })
        .collect();
    (list, all.degenerate)
}

fn pure(name: &str) -> Vec<(usize, usize, String, String)> {
    pure_equilibria(&game(name))
        .into_iter()
        .map(|p| {
            (
                p.row,
                p.col,
                p.payoffs.0.to_string(),
                p.payoffs.1.to_string(),
            )
        })
        .collect()
}

#[test]
fn prisoners_dilemma() {
    // SPEC §5: confess strictly dominates quiet for both (0 > -1, -8 > -20), so the
    // only equilibrium is (confess, confess) with -8 each.
    let g = game("prisoners");
    let b = &mut Budget::new(1000);
    assert_eq!(dominant(&g, Player::Row, b).unwrap(), Some(1));
    assert_eq!(dominant(&g, Player::Col, b).unwrap(), Some(1));
    let d = dominated(&g, Player::Row, b).unwrap();
    assert_eq!(
        (d.len(), d[0].strategy, d[0].by, d[0].strict),
        (1, 0, 1, true)
    );
    let e = iterated_elimination(&g, b).unwrap();
    assert_eq!((e.rows, e.cols, e.rounds), (vec![1], vec![1], 1));
    assert_eq!(pure("prisoners"), [(1, 1, "-8".into(), "-8".into())]);
    assert_eq!(
        listed("prisoners"),
        (vec!["0 1 | 0 1 | -8 -8".into()], false)
    );
}

#[test]
fn matching_pennies() {
    // No pure equilibrium; each player must make the other indifferent: 1/2 each,
    // and the zero-sum game is worth 0.
    assert!(pure("pennies").is_empty());
    assert_eq!(
        listed("pennies"),
        (vec!["1/2 1/2 | 1/2 1/2 | 0 0".into()], false)
    );
    let g = game("pennies");
    assert_eq!(
        dominant(&g, Player::Row, &mut Budget::new(100)).unwrap(),
        None
    );
}

#[test]
fn battle_of_the_sexes() {
    // Pure: both at the opera (3, 2) and both at football (2, 3). Mixed: the row
    // player's p (opera) makes the column player indifferent, 2p = 3(1 - p), p = 3/5;
    // the column player's q makes the row player indifferent, 3q = 2(1 - q), q = 2/5;
    // each then expects 3 · 2/5 = 6/5 (row) and 2 · 3/5 = 6/5 (column).
    assert_eq!(
        pure("sexes"),
        [
            (0, 0, "3".into(), "2".into()),
            (1, 1, "2".into(), "3".into())
        ]
    );
    assert_eq!(
        listed("sexes"),
        (
            vec![
                "1 0 | 1 0 | 3 2".into(),
                "0 1 | 0 1 | 2 3".into(),
                "3/5 2/5 | 2/5 3/5 | 6/5 6/5".into()
            ],
            false
        )
    );
}

#[test]
fn battle_of_the_sexes_with_fractions() {
    // Payoffs 3/4 and 1/2 (given as "3/4", 0.5, "0.75"): 3/4 q = 1/2 (1 - q) gives
    // q = 2/5; 1/2 p = 3/4 (1 - p) gives p = 3/5; payoffs 3/4 · 2/5 = 3/10 and
    // 1/2 · 3/5 = 3/10.
    assert_eq!(
        listed("fractions"),
        (
            vec![
                "1 0 | 1 0 | 3/4 1/2".into(),
                "0 1 | 0 1 | 1/2 3/4".into(),
                "3/5 2/5 | 2/5 3/5 | 3/10 3/10".into()
            ],
            false
        )
    );
}

#[test]
fn rock_paper_scissors() {
    // The unique equilibrium of the symmetric zero-sum game: 1/3 each, value 0.
    assert_eq!(
        listed("rps"),
        (vec!["1/3 1/3 1/3 | 1/3 1/3 1/3 | 0 0".into()], false)
    );
}

#[test]
fn huge_and_fractional_payoffs() {
    // Matching pennies with stakes K = 10^30, the row player's payoffs raised by 1/3:
    // still 1/2 each; the row player expects 1/3, the column player 0. In f64, K + 1/3
    // and K are the same number.
    assert_eq!(
        listed("big"),
        (vec!["1/2 1/2 | 1/2 1/2 | 1/3 0".into()], false)
    );
}

#[test]
fn von_stengel_3x2() {
    // B. von Stengel, "Equilibrium computation for two-player games in strategic and
    // extensive form", Algorithmic Game Theory (2007), ch. 3, the 3×2 example: three
    // equilibria. Checked by hand: against y = (2/3, 1/3) top and middle both give 3
    // (bottom 2), and against x = (4/5, 1/5, 0) left and right both give 14/5; against
    // y = (1/3, 2/3) middle and bottom give 4 (top 3), against x = (0, 1/3, 2/3) left
    // and right give 8/3.
    assert_eq!(
        listed("stengel"),
        (
            vec![
                "1 0 0 | 1 0 | 3 3".into(),
                "4/5 1/5 0 | 2/3 1/3 | 3 14/5".into(),
                "0 1/3 2/3 | 1/3 2/3 | 4 8/3".into()
            ],
            false
        )
    );
}

#[test]
fn von_stengel_3x2_degenerate() {
    // The same game with the column player getting 3 and 3 against top: top has two
    // best responses, so the game is degenerate. With y = (q, 1 - q) the rows give
    // 3, 5 - 3q and 6 - 6q: top is a best response iff q ≥ 2/3, and against top the
    // column player is indifferent, so {top} × {q ∈ [2/3, 1]} are equilibria, with
    // extreme points q = 1 and q = 2/3. At q = 1/3 middle and bottom tie at 4 and the
    // column player is indifferent when 2p1 + 3p2 = 6p1 + p2, p = (0, 1/3, 2/3).
    // Every other q makes one row strictly best, whose best reply is a pure column
    // that contradicts q.
    assert_eq!(
        listed("stengel_degenerate"),
        (
            vec![
                "1 0 0 | 1 0 | 3 3".into(),
                "1 0 0 | 2/3 1/3 | 3 3".into(),
                "0 1/3 2/3 | 1/3 2/3 | 4 8/3".into()
            ],
            true
        )
    );
    let all = equilibria(&game("stengel_degenerate"), &mut Budget::new(1000)).unwrap();
    let w = all.degeneracy.unwrap();
    assert_eq!(w.player, Player::Row);
    assert_eq!(w.best_responses, [0, 1]);
}

#[test]
fn degenerate_2x2() {
    // (top, ·) pays the column player 1 either way: top has two best responses. With
    // p = P(top), q = P(left): top gives the row player 1, bottom 2(1 - q), so top is
    // best iff q ≥ 1/2; left gives the column player p, right 2 - p, so right is
    // strictly better unless p = 1. Equilibria: {top} × {q ∈ [1/2, 1]} (extreme
    // points q = 1 and q = 1/2) and (bottom, right).
    assert_eq!(
        listed("degenerate"),
        (
            vec![
                "1 0 | 1 0 | 1 1".into(),
                "0 1 | 0 1 | 2 2".into(),
                "1 0 | 1/2 1/2 | 1 1".into()
            ],
            true
        )
    );
    assert_eq!(
        pure("degenerate"),
        [
            (0, 0, "1".into(), "1".into()),
            (1, 1, "2".into(), "2".into())
        ]
    );
}

#[test]
fn all_zero_game() {
    // Every profile is an equilibrium; the set of equilibria is the product of the
    // two simplices, whose extreme points are the six pure profiles.
    let (list, degenerate) = listed("zeros");
    assert!(degenerate);
    assert_eq!(
        list,
        [
            "1 0 | 1 0 0 | 0 0",
            "1 0 | 0 1 0 | 0 0",
            "1 0 | 0 0 1 | 0 0",
            "0 1 | 1 0 0 | 0 0",
            "0 1 | 0 1 0 | 0 0",
            "0 1 | 0 0 1 | 0 0"
        ]
    );
    let g = game("zeros");
    assert!(
        dominated(&g, Player::Row, &mut Budget::new(100))
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        dominant(&g, Player::Col, &mut Budget::new(100)).unwrap(),
        None
    );
}

#[test]
fn one_strategy_is_dominant() {
    // A player with a single strategy: strictly better than every other (there is
    // none). The column player then simply best-responds: y gives 2.
    let g = read_game(
        r#"{"rows": ["only"], "cols": ["x", "y"], "row_payoffs": [[0, 0]], "col_payoffs": [[1, 2]]}"#,
    )
    .unwrap();
    let b = &mut Budget::new(100);
    assert_eq!(dominant(&g, Player::Row, b).unwrap(), Some(0));
    assert_eq!(dominant(&g, Player::Col, b).unwrap(), Some(1));
    let all = equilibria(&g, b).unwrap();
    assert_eq!(all.list.len(), 1);
    assert_eq!(all.list[0].pure(), Some((0, 1)));
}

#[test]
fn the_budget_is_checked_before_the_work() {
    // A 12×12 game has C(24, 12) - 1 = 2 704 155 pairs of equal-size supports.
    let r = |v: i64| sprague::nash::Rational::from_integer(v.into());
    let names: Vec<String> = (0..12).map(|i| format!("s{i}")).collect();
    let table: Vec<Vec<_>> = (0..12)
        .map(|i| (0..12).map(|j| r((i * 7 + j * 3) % 11)).collect())
        .collect();
    let g = sprague::nash::Bimatrix::new(names.clone(), names, table.clone(), table).unwrap();
    let mut b = Budget::new(1_000_000);
    let e = sprague::nash::equilibria_by(&g, sprague::nash::Method::Supports, &mut b).unwrap_err();
    assert!(e.what.contains("2704155"), "{}", e.what);
    assert_eq!(e.bound, sprague::core::Bound::Pairs);
    assert_eq!(b.spent(), 0);
}

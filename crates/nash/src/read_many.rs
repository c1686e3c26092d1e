//! Reading a game of any number of players from JSON (the form of SPEC §5 for
//! games of other than two players):
//!
//! ```json
//! { "players": ["A", "B", "C"],
//!   "strategies": [["a1", "a2"], ["b1", "b2"], ["c1", "c2"]],
//!   "payoffs": [[[[1, 1, 1], [0, 0, 0]], [[0, 0, 0], [0, 0, 0]]],
//!               [[[0, 0, 0], [0, 0, 0]], [[0, 0, 0], [1, 1, 1]]]] }
//! ```
//!
//! `payoffs[i][j][k]` lists the players' payoffs, in order, when A plays its
//! strategy `i`, B its `j` and C its `k`: the arrays nest one level per player, the
//! first player outermost. Payoffs are written as in SPEC §5 (numbers, or strings
//! such as `"3/4"`), and every error gives its line, column and place.

use super::Rational;
use super::nplayer::{Normal, check_names};
use super::read::{Doc, Fields, ReadError};
use serde_json::value::RawValue;

/// Whether a JSON text is a game of this form (its top level has a `players`
/// field); `false` for anything else, including text that is not JSON.
pub(crate) fn is_many(text: &str) -> bool {
    serde_json::from_str::<Fields>(text).is_ok_and(|f| f.0.iter().any(|(k, _)| k == "players"))
}

/// Reads a game of the form above.
pub(crate) fn read_many(text: &str) -> Result<Normal, ReadError> {
    let doc = Doc { text };
    let fields: Fields = serde_json::from_str(text).map_err(|e| doc.syntax(&e))?;
    let field = |key: &str| {
        doc.field(
            &fields,
            key,
            "a game of any number of players has players, strategies and payoffs",
        )
    };
    let players_raw = field("players")?;
    let players = doc.names(players_raw, "players")?;
    let n = players.len();
    check(&doc, &players, "players")?;
    if n == 0 {
        return Err(doc.at(players_raw.get(), "players: the game has no player".into()));
    }
    let strategies_raw = field("strategies")?;
    let lists = doc.array(
        strategies_raw,
        "strategies",
        "an array of lists of strategy names (one per player)",
    )?;
    if lists.len() != n {
        return Err(doc.at(
            strategies_raw.get(),
            format!(
                "strategies has {} lists, but players names {n} players",
                lists.len()
            ),
        ));
    }
    let mut strategies = Vec::with_capacity(n);
    for (p, list) in lists.iter().enumerate() {
        let names = doc.names(list, &format!("strategies[{p}]"))?;
        if names.is_empty() {
            return Err(doc.at(
                list.get(),
                format!(
                    "strategies[{p}]: player {} has no strategy",
                    shown(&players[p].1)
                ),
            ));
        }
        check(&doc, &names, &format!("strategies[{p}]"))?;
        strategies.push(names);
    }
    let counts: Vec<usize> = strategies.iter().map(Vec::len).collect();
    // Level by level (no recursion however many players): each entry is a raw
    // array and the number of the profile it starts, with the strategies chosen so
    // far (the first players') as their place values.
    let path = |index: usize, depth: usize| -> String {
        let mut rest = index;
        let mut out = String::from("payoffs");
        for &k in &counts[..depth] {
            out.push_str(&format!("[{}]", rest % k));
            rest /= k;
        }
        out
    };
    let mut level: Vec<(&RawValue, usize)> = vec![(field("payoffs")?, 0)];
    let mut stride = 1usize;
    for (p, &k) in counts.iter().enumerate() {
        let mut next = Vec::new();
        for (raw, index) in level {
            let here = path(index, p);
            let items = doc.array(
                raw,
                &here,
                &format!(
                    "an array with one entry per strategy of player {}",
                    shown(&players[p].1)
                ),
            )?;
            if items.len() != k {
                return Err(doc.at(
                    raw.get(),
                    format!(
                        "{here} has {} entries, but player {} has {k} {}",
                        items.len(),
                        shown(&players[p].1),
                        if k == 1 { "strategy" } else { "strategies" }
                    ),
                ));
            }
            for (s, item) in items.into_iter().enumerate() {
                next.push((item, index + s * stride));
            }
        }
        level = next;
        // The product of the counts so far is at most the entries read.
        stride = stride.saturating_mul(k);
    }
    let mut payoffs: Vec<Option<Vec<Rational>>> = vec![None; level.len()];
    for (raw, index) in level {
        let here = path(index, n);
        let items = doc.array(raw, &here, &format!("an array of the {n} players' payoffs"))?;
        if items.len() != n {
            return Err(doc.at(
                raw.get(),
                format!(
                    "{here} has {} payoffs, but there are {n} players",
                    items.len()
                ),
            ));
        }
        let values = items
            .into_iter()
            .enumerate()
            .map(|(q, v)| doc.number(v, &format!("{here}[{q}]")))
            .collect::<Result<Vec<_>, _>>()?;
        payoffs[index] = Some(values);
    }
    let payoffs: Vec<Rational> = payoffs.into_iter().flatten().flatten().collect();
    let names = |v: &[(&str, String)]| v.iter().map(|x| x.1.clone()).collect::<Vec<_>>();
    Normal::new(
        names(&players),
        strategies.iter().map(|s| names(s)).collect(),
        payoffs,
    )
    .map_err(|e| doc.at(text.trim_start(), e.to_string()))
}

/// A name in double quotes, as in JSON (so that a message stays on one line).
fn shown(name: &str) -> String {
    serde_json::to_string(name).unwrap_or_default()
}

/// `Err` at the first empty or repeated name of `names`, the array `key`.
fn check(doc: &Doc<'_>, names: &[(&str, String)], key: &str) -> Result<(), ReadError> {
    let plain: Vec<String> = names.iter().map(|x| x.1.clone()).collect();
    check_names(&plain).map_err(|(i, empty)| {
        let wrong = if empty {
            "is an empty name".to_string()
        } else {
            let first = plain.iter().position(|x| *x == plain[i]).unwrap_or(0);
            format!("repeats the name of {key}[{first}]")
        };
        doc.at(names[i].0, format!("{key}[{i}] {wrong}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = r#"{"players": ["A", "B", "C"],
  "strategies": [["a1", "a2"], ["b1"], ["c1", "c2"]],
  "payoffs": [[[[1, 2, 3], [4, 5, 6]]], [[["1/2", 0.5, -1], [7, 8, 9]]]]}"#;

    #[test]
    fn reads_a_game() {
        let g = read_many(OK).unwrap();
        assert_eq!(g.players(), 3);
        // payoffs[1][0][0] is A's a2 with b1 and c1.
        assert_eq!(g.payoff(&[1, 0, 0], 0).to_string(), "1/2");
        assert_eq!(g.payoff(&[1, 0, 0], 1).to_string(), "1/2");
        assert_eq!(g.payoff(&[0, 0, 1], 2).to_string(), "6");
        assert_eq!(g.payoff(&[1, 0, 1], 0).to_string(), "7");
        assert!(is_many(OK));
        assert!(!is_many(r#"{"rows": []}"#));
        assert!(!is_many("NFG"));
    }

    fn err(text: &str) -> String {
        read_many(text).unwrap_err().to_string()
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            err(&OK.replace(r#"[[1, 2, 3], [4, 5, 6]]"#, r#"[[1, 2, 3]]"#)),
            "line 3, column 16: payoffs[0][0] has 1 entries, but player \"C\" has 2 strategies"
        );
        assert_eq!(
            err(&OK.replace(r#"[4, 5, 6]"#, r#"[4, 5]"#)),
            "line 3, column 28: payoffs[0][0][1] has 2 payoffs, but there are 3 players"
        );
        assert_eq!(
            err(&OK.replace(r#"0.5"#, r#""x""#)),
            "line 3, column 51: payoffs[1][0][0][1]: \"x\" is not a number: expected an integer, a decimal such as -0.25 or 1e3, or a fraction such as \"3/4\""
        );
        assert_eq!(
            err(&OK.replace(r#"["b1"]"#, r#"["b1", "b1"]"#)),
            "line 2, column 39: strategies[1][1] repeats the name of strategies[1][0]"
        );
        assert_eq!(
            err(&OK.replace(r#"["b1"], "#, "")),
            "line 2, column 17: strategies has 2 lists, but players names 3 players"
        );
        assert_eq!(
            err(&OK.replace(r#"["b1"]"#, "[]")),
            "line 2, column 32: strategies[1]: player \"B\" has no strategy"
        );
        assert!(err(r#"{"players": []}"#).contains("the game has no player"));
        assert!(err(r#"{"players": ["A"]}"#).contains("missing field strategies"));
    }
}

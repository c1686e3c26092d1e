//! Why each equilibrium is one, in words, and the indifference equations behind a
//! mixed one.

use num_traits::Signed;
use sprague_nash::number::{order, same, show};
use sprague_nash::{Bimatrix, Equilibrium, Player, Rational};

/// The one-line reason, followed by the equations of [`systems`] for a mixed
/// equilibrium (the `explanation` entries of `--json --explain`).
pub fn sentence(game: &Bimatrix, e: &Equilibrium) -> String {
    let mut s = reason(game, e);
    for system in systems(game, e) {
        s.push_str("; ");
        s.push_str(&system.heading);
        s.push(' ');
        s.push_str(&system.equations.join(", "));
        s.push_str(" give ");
        s.push_str(&system.solution);
    }
    s
}

/// Why neither player gains by deviating, in one line.
pub fn reason(game: &Bimatrix, e: &Equilibrium) -> String {
    if let Some((i, j)) = e.pure() {
        return format!(
            "({}, {}): {}",
            game.names(Player::Row)[i],
            game.names(Player::Col)[j],
            pure_reason(game, i, j)
        );
    }
    let parts: Vec<String> = [Player::Row, Player::Col]
        .into_iter()
        .map(|p| mixed_side(game, e, p))
        .collect();
    format!(
        "{}; {}: neither player gains by deviating",
        parts[0], parts[1]
    )
}

/// Why row `i` against column `j` is an equilibrium (or what each player gets).
pub(crate) fn pure_reason(game: &Bimatrix, i: usize, j: usize) -> String {
    format!(
        "neither player gains by deviating: {}; {}",
        pure_side(game, Player::Row, i, j),
        pure_side(game, Player::Col, j, i)
    )
}

/// `p` plays `own` against the opponent's pure `other`: what it gets, and its best
/// alternative.
fn pure_side(game: &Bimatrix, p: Player, own: usize, other: usize) -> String {
    let got = game.payoff(p, own, other);
    let opponent = game.names(p.other())[other].as_str();
    let alternative = (0..game.count(p))
        .filter(|&s| s != own)
        .max_by(|&a, &b| order(game.payoff(p, a, other), game.payoff(p, b, other)).then(b.cmp(&a)));
    match alternative {
        None => format!(
            "against {opponent} the {} gets {} and has no other strategy",
            p.name(),
            show(got)
        ),
        Some(s) => {
            let alt = game.payoff(p, s, other);
            format!(
                "against {opponent} the {} gets {}, and switching to {} would give {}{}",
                p.name(),
                show(got),
                game.names(p)[s],
                show(alt),
                if same(alt, got) { ", no more" } else { "" }
            )
        }
    }
}

/// The values of `p`'s pure strategies against the opponent's mix in `e`.
fn values(game: &Bimatrix, e: &Equilibrium, p: Player) -> Vec<Rational> {
    let other = e.strategy(p.other());
    (0..game.count(p))
        .map(|s| game.pure_against(p, s, other))
        .collect()
}

fn mixed_side(game: &Bimatrix, e: &Equilibrium, p: Player) -> String {
    let v = values(game, e, p);
    let used = e.support(p);
    let names = game.names(p);
    let u = &v[used[0]];
    let opponent = p.other().name();
    let mut s = if used.len() == 1 {
        format!(
            "against the {opponent}'s mix the {}'s {} gives {}",
            p.name(),
            names[used[0]],
            show(u)
        )
    } else {
        let list: Vec<&str> = used.iter().map(|&k| names[k].as_str()).collect();
        format!(
            "against the {opponent}'s mix the {}'s {} each give {}",
            p.name(),
            join_and(&list),
            show(u)
        )
    };
    let unused = (0..v.len())
        .filter(|k| !used.contains(k))
        .max_by(|&a, &b| order(&v[a], &v[b]).then(b.cmp(&a)));
    if let Some(k) = unused {
        let _ = std::fmt::Write::write_fmt(
            &mut s,
            format_args!(
                ", and its best other strategy, {}, gives {}{}",
                names[k],
                show(&v[k]),
                if same(&v[k], u) { ", no more" } else { "" }
            ),
        );
    }
    s
}

/// "a", "a and b", "a, b and c".
pub(crate) fn join_and(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A system of indifference equations and its solution.
pub struct System {
    /// What the equations say, e.g. "the row player's best responses … give the same u".
    pub heading: String,
    /// One equation per best response, then the probabilities summing to 1.
    pub equations: Vec<String>,
    /// The solution, e.g. "y(opera) = 2/5, y(football) = 3/5, u = 6/5".
    pub solution: String,
}

/// For each player whose opponent mixes: the equations saying that each of its best
/// responses earns the same `u` against the opponent's mix, which fix that mix.
pub fn systems(game: &Bimatrix, e: &Equilibrium) -> Vec<System> {
    let mut out = Vec::new();
    for p in [Player::Row, Player::Col] {
        let o = p.other();
        let mix = e.support(o);
        if mix.len() < 2 {
            continue;
        }
        let var = if o == Player::Col { "y" } else { "x" };
        let other_names = game.names(o);
        let v = values(game, e, p);
        let best = v.iter().max_by(|a, b| order(a, b)).unwrap();
        let responses: Vec<usize> = (0..v.len()).filter(|&s| same(&v[s], best)).collect();
        let mut equations: Vec<String> = responses
            .iter()
            .map(|&s| {
                let terms: Vec<(Rational, String)> = mix
                    .iter()
                    .map(|&t| {
                        (
                            game.payoff(p, s, t).clone(),
                            format!("{var}({})", other_names[t]),
                        )
                    })
                    .collect();
                format!("{} = u", linear(&terms))
            })
            .collect();
        let ones: Vec<String> = mix
            .iter()
            .map(|&t| format!("{var}({})", other_names[t]))
            .collect();
        equations.push(format!("{} = 1", ones.join(" + ")));
        let mut solution: Vec<String> = mix
            .iter()
            .map(|&t| format!("{var}({}) = {}", other_names[t], show(&e.strategy(o)[t])))
            .collect();
        solution.push(format!("u = {}", show(best)));
        let names: Vec<&str> = responses
            .iter()
            .map(|&s| game.names(p)[s].as_str())
            .collect();
        out.push(System {
            heading: format!(
                "the {}'s best responses {} earn the same u against the {}'s mix {var}:",
                p.name(),
                join_and(&names),
                o.name()
            ),
            equations,
            solution: solution.join(", "),
        });
    }
    out
}

/// `c1·v1 + c2·v2 − …`, fractions in parentheses.
fn linear(terms: &[(Rational, String)]) -> String {
    let mut s = String::new();
    for (k, (c, v)) in terms.iter().enumerate() {
        let negative = c.is_negative();
        let magnitude = if negative { -c.clone() } else { c.clone() };
        let coefficient = if magnitude.is_integer() {
            show(&magnitude)
        } else {
            format!("({})", show(&magnitude))
        };
        match (k, negative) {
            (0, false) => {}
            (0, true) => s.push('−'),
            (_, false) => s.push_str(" + "),
            (_, true) => s.push_str(" − "),
        }
        s.push_str(&coefficient);
        s.push('·');
        s.push_str(v);
    }
    s
}

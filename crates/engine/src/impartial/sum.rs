//! Disjunctive sums: the value of a sum is the XOR of its components' values
//! (Sprague–Grundy), and a winning move takes one component from value g to
//! g ⊕ X, where X is the XOR of all values.
//!
//! Loopy components (Smith 1966) may have an infinite value ∞(K), K the finite values
//! of their options. With b the XOR of the finite components:
//! - one infinite component: the sum is ∞(K ⊕ b); the player to move wins exactly
//!   when b ∈ K, and the winning moves take that component to an option of value b
//!   (every other move leaves an infinite component, which is never a P-position);
//!   otherwise the sum is a draw;
//! - two or more infinite components: the sum is ∞(∅), a draw.

use super::family::{Family, LoopyValue, Move, MoveSink, Pos};
use super::position::{Components, Stretch, Values, write_up_to};
use sprague_core::nat::Nat;
use sprague_core::{Limits, Outcome, Play, SolveError};
use std::rc::Rc;

/// One summand of a position: a family and a position of it.
#[derive(Clone)]
pub struct Component {
    /// The family, shared between the components of one family.
    pub family: Rc<dyn Family>,
    /// The position within the family.
    pub pos: Pos,
}

impl Component {
    /// The one-heap component `family(size)`.
    pub fn heap(family: &Rc<dyn Family>, size: u64) -> Component {
        Component {
            family: family.clone(),
            pos: smallvec::smallvec![Nat::Small(size)],
        }
    }

    /// The component in expression syntax, e.g. `nim(3)`.
    pub fn expr(&self) -> String {
        let mut s = String::new();
        self.family.write_position(&self.pos, &mut s);
        s
    }

    /// The components that move `m` of this component leaves (of its family).
    pub fn after<'a>(&'a self, m: &'a Move) -> impl Iterator<Item = Component> + 'a {
        m.to.iter().map(|pos| Component {
            family: self.family.clone(),
            pos: pos.clone(),
        })
    }

    /// What move `m` of this component leaves, in expression syntax.
    pub fn after_text(&self, m: &Move) -> String {
        m.to_text(&*self.family)
    }
}

/// A winning move of a sum: which component, and the move there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove {
    /// Index of the component moved in.
    pub component: usize,
    /// The move.
    pub mv: Move,
}

impl Component {
    /// The size of the heap when the component is one heap of a heap family
    /// (`nim(5)`, `kayles(7)`, …), the kind of component that heap numbers name.
    pub fn heap_size(&self) -> Option<&Nat> {
        match self.pos.as_slice() {
            [n] if self.family.is_numbered_heap() => Some(n),
            _ => None,
        }
    }
}

/// The words of a move of a one-heap component, naming the heap by its number
/// `heap` (1-based) and its size `size`: "take 4 from heap 2 (5 → 1)" for a move
/// that takes stones; otherwise the family's words with "the heap of 5" written
/// "heap 2 (5)", or prefixed by "heap 2 (5): " when they do not name the heap.
/// `text` and `take` are those of the [`Move`].
pub fn heap_move_text(heap: usize, size: &Nat, text: &str, take: Option<&Nat>) -> String {
    if let Some(k) = take
        && let Some(left) = size.checked_sub(k)
    {
        return format!("take {k} from heap {heap} ({size} → {left})");
    }
    let named = format!("the heap of {size}");
    match text.find(&named) {
        Some(at) => format!(
            "{}heap {heap} ({size}){}",
            &text[..at],
            &text[at + named.len()..]
        ),
        None => format!("heap {heap} ({size}): {text}"),
    }
}

/// The analysis of a sum for the player to move.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Who wins.
    pub outcome: Outcome,
    /// The nim-value of the sum (normal play), when known.
    pub grundy: Option<Nat>,
    /// The nim-value of each component, when known.
    pub values: Values,
    /// Winning moves (at most the cap asked for).
    pub winning: Vec<WinningMove>,
    /// Whether winning moves were left out: more than the cap exist, or (rarely) the
    /// list could not be completed because a component's value is unknown.
    pub truncated: bool,
    /// Whether the list is known to be complete up to the cap.
    pub complete: bool,
    /// The components of infinite value ∞(K) (loopy games): index and K, by index.
    pub infinite: Vec<(usize, Vec<Nat>)>,
    /// When the sum's value is infinite, ∞(K): the set K (empty when two or more
    /// components are infinite).
    pub infinite_total: Option<Vec<Nat>>,
    /// When some component is worth an infinite ordinal (see [`Family::ordinal`]):
    /// the sum's value as Cantor normal form coefficients, highest power first
    /// (written by [`ordinal_text`]); a natural number when the components' infinite
    /// parts cancel (then also in `grundy`).
    pub ordinal: Option<Vec<Nat>>,
}

impl Analysis {
    /// K when component `i` has the infinite value ∞(K).
    pub fn infinite_of(&self, i: usize) -> Option<&[Nat]> {
        self.infinite
            .binary_search_by_key(&i, |(j, _)| *j)
            .ok()
            .map(|k| self.infinite[k].1.as_slice())
    }
}

/// Writes a sum in normalised form: components joined by ` + `, adjacent heaps of
/// one family written together (`nim(3) + nim(4)` is `nim(3,4)`).
pub fn write_sum(components: &[Component], out: &mut String) {
    write_up_to(components.iter().cloned(), out, usize::MAX);
}

/// Like [`write_sum`], but stops soon after `out` reaches `max_len` bytes (for
/// previews of huge positions); returns whether it stopped early.
pub fn write_sum_up_to(components: &[Component], out: &mut String, max_len: usize) -> bool {
    write_up_to(components.iter().cloned(), out, max_len)
}

/// Decides a sum and lists its winning moves (at most `max_moves`).
///
/// ```
/// use sprague_core::nat::Nat;
/// use sprague_core::{Limits, Outcome, Play};
/// use sprague_engine::impartial::family::Family;
/// use sprague_engine::impartial::heap::{HeapFamily, HeapOption, HeapRules};
/// use sprague_engine::impartial::sum::{Component, analyse};
/// use std::rc::Rc;
/// // Nim: take any number of stones from one heap.
/// struct Nim;
/// impl HeapRules for Nim {
///     fn name(&self) -> String {
///         "nim".into()
///     }
///     fn options(&self, n: &Nat, out: &mut Vec<HeapOption>) {
///         let n = n.to_u64().unwrap();
///         out.extend((0..n).map(|k| HeapOption::from_elem(Nat::from(k), 1)));
///     }
///     fn describe(&self, n: &Nat, to: &HeapOption) -> String {
///         format!("leave {} of the heap of {n}", to[0])
///     }
/// }
/// let nim: Rc<dyn Family> = Rc::new(HeapFamily::new(Nim));
/// let comps = [3, 4, 5].map(|n| Component::heap(&nim, n));
/// let a = analyse(&comps, Play::Normal, &Limits::default(), 20).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.grundy.unwrap().to_string(), "2");
/// assert_eq!(comps[0].after_text(&a.winning[0].mv), "nim(1)");
/// ```
pub fn analyse<C: Components + ?Sized>(
    components: &C,
    play: Play,
    limits: &Limits,
    max_moves: usize,
) -> Result<Analysis, SolveError> {
    match play {
        Play::Normal => analyse_normal(components, limits, max_moves),
        Play::Misere => analyse_misere_nim(components, limits, max_moves),
    }
}

fn analyse_normal<C: Components + ?Sized>(
    components: &C,
    limits: &Limits,
    max_moves: usize,
) -> Result<Analysis, SolveError> {
    let mut t = Tally {
        values: Values::with_capacity(components.count()),
        total: Nat::ZERO,
        unknown: Vec::new(),
        infinite: Vec::new(),
        ordinal: Vec::new(),
    };
    for stretch in components.stretches() {
        match stretch {
            Stretch::Heaps { family, sizes } => {
                let start = t.values.len();
                if family.heap_values(sizes, limits, &mut t.values)? {
                    t.count_from(start);
                } else {
                    for &n in sizes {
                        t.add(&Component::heap(family, n), limits)?;
                    }
                }
            }
            Stretch::One(c) => t.add(c, limits)?,
        }
    }
    let Tally {
        values,
        total,
        unknown,
        infinite,
        ordinal,
    } = t;
    if !ordinal.is_empty() {
        if !infinite.is_empty() {
            return Err(SolveError::Input(
                "a sum of a loopy game of infinite value and a game worth an infinite ordinal is not supported".into(),
            ));
        }
        return analyse_ordinal(
            components, values, ordinal, unknown, total, limits, max_moves,
        );
    }
    if !infinite.is_empty() {
        return analyse_infinite(
            components, values, infinite, unknown, total, limits, max_moves,
        );
    }
    let mut winning = Vec::new();
    let mut truncated = false;
    let mut complete = true;
    match unknown.as_slice() {
        [] => {
            if !total.is_zero() {
                for (i, (c, g)) in components.each().zip(values.iter()).enumerate() {
                    let Some(g) = g else {
                        continue;
                    };
                    let target = &g ^ &total;
                    match collect(&mut winning, max_moves, i, &c, &target, limits) {
                        Ok(more) => truncated |= more,
                        // The outcome stands; only this component's moves are unknown.
                        Err(SolveError::Limit { .. }) => complete = false,
                        Err(e) => return Err(e),
                    }
                    if truncated {
                        break;
                    }
                }
            }
            let outcome = if total.is_zero() {
                Outcome::P
            } else {
                Outcome::N
            };
            Ok(Analysis {
                outcome,
                grundy: Some(total),
                values,
                winning,
                truncated: truncated || !complete,
                complete,
                infinite: Vec::new(),
                infinite_total: None,
                ordinal: None,
            })
        }
        [u] if total.is_zero() => {
            // The rest of the sum is a second-player win, so the sum has the outcome of
            // the one component whose value is unknown.
            let c = components.component(*u);
            let p = c.family.is_p_position(&c.pos, limits)?;
            let mut complete = true;
            if !p {
                truncated = collect(&mut winning, max_moves, *u, &c, &Nat::ZERO, limits)?;
                // Moves elsewhere would need that component's value to judge.
                complete = components.count() == 1;
            }
            Ok(Analysis {
                outcome: if p { Outcome::P } else { Outcome::N },
                grundy: None,
                values,
                winning,
                truncated: truncated || !complete,
                complete,
                infinite: Vec::new(),
                infinite_total: None,
                ordinal: None,
            })
        }
        _ => {
            let c = components.component(unknown[0]);
            Err(limits.states_exceeded(&format!(
                "the nim-value of {} (needed to combine it with the other components)",
                c.expr()
            )))
        }
    }
}

/// The values of a sum's components as they are found, and what they add up to.
struct Tally {
    values: Values,
    /// The XOR of the finite values.
    total: Nat,
    /// The components whose value is unknown.
    unknown: Vec<usize>,
    /// The components of infinite value ∞(K), with K.
    infinite: Vec<(usize, Vec<Nat>)>,
    /// The components worth an infinite ordinal, with its coefficients.
    ordinal: Vec<(usize, Vec<Nat>)>,
}

impl Tally {
    /// Finds the value of the next component.
    fn add(&mut self, c: &Component, limits: &Limits) -> Result<(), SolveError> {
        let i = self.values.len();
        let v = match c.family.loopy_value(&c.pos, limits)? {
            None => c.family.grundy(&c.pos, limits)?,
            Some(LoopyValue::Finite(g)) => Some(g),
            Some(LoopyValue::Infinite(k)) => {
                self.infinite.push((i, k));
                self.values.push(None);
                return Ok(());
            }
        };
        match &v {
            Some(g) => self.total ^= g,
            None => match c.family.ordinal(&c.pos, limits)? {
                Some(coefficients) => self.ordinal.push((i, coefficients)),
                None => self.unknown.push(i),
            },
        }
        self.values.push(v);
        Ok(())
    }

    /// Counts the values appended from index `start` on.
    fn count_from(&mut self, start: usize) {
        if let Some(small) = self.values.small_from(start) {
            self.total ^= &Nat::Small(small.iter().fold(0, |x, &g| x ^ g));
            return;
        }
        for (k, v) in self.values.iter_from(start).enumerate() {
            match v {
                Some(g) => self.total ^= &g,
                None => self.unknown.push(start + k),
            }
        }
    }
}

/// A sum with infinite components (Smith's rules, see the module documentation).
fn analyse_infinite<C: Components + ?Sized>(
    components: &C,
    values: Values,
    infinite: Vec<(usize, Vec<Nat>)>,
    unknown: Vec<usize>,
    b: Nat,
    limits: &Limits,
    max_moves: usize,
) -> Result<Analysis, SolveError> {
    let mut analysis = Analysis {
        outcome: Outcome::D,
        grundy: None,
        values,
        winning: Vec::new(),
        truncated: false,
        complete: true,
        infinite_total: Some(Vec::new()),
        infinite: Vec::new(),
        ordinal: None,
    };
    if let [(i, k)] = infinite.as_slice() {
        if let Some(&u) = unknown.first() {
            return Err(limits.states_exceeded(&format!(
                "the nim-value of {} (needed to combine it with a component of infinite value)",
                components.component(u).expr()
            )));
        }
        let mut sum_k: Vec<Nat> = k.iter().map(|g| g ^ &b).collect();
        sum_k.sort();
        if k.contains(&b) {
            analysis.outcome = Outcome::N;
            analysis.truncated = collect(
                &mut analysis.winning,
                max_moves,
                *i,
                &components.component(*i),
                &b,
                limits,
            )?;
        }
        analysis.infinite_total = Some(sum_k);
    }
    analysis.infinite = infinite;
    Ok(analysis)
}

/// An ordinal below ω^ω written from its Cantor normal form coefficients (highest
/// power first, the last that of ω^0): `ω²·3 + ω + 2`, `ω^12`, `0`.
///
/// ```
/// use sprague_core::nat::Nat;
/// use sprague_engine::impartial::sum::ordinal_text;
/// let c = |v: &[u64]| v.iter().map(|&x| Nat::from(x)).collect::<Vec<_>>();
/// assert_eq!(ordinal_text(&c(&[3, 1, 2])), "ω²·3 + ω + 2");
/// assert_eq!(ordinal_text(&c(&[1, 0, 0, 0])), "ω³");
/// assert_eq!(ordinal_text(&c(&[0, 0])), "0");
/// ```
pub fn ordinal_text(coefficients: &[Nat]) -> String {
    const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let n = coefficients.len();
    let mut terms = Vec::new();
    for (k, c) in coefficients.iter().enumerate() {
        if c.is_zero() {
            continue;
        }
        let power = n - 1 - k;
        let base = match power {
            0 => String::new(),
            1 => "ω".to_string(),
            p => {
                let digits: String = p
                    .to_string()
                    .bytes()
                    .map(|d| SUPERSCRIPTS[usize::from(d - b'0')])
                    .collect();
                format!("ω{digits}")
            }
        };
        terms.push(match (base.is_empty(), *c == Nat::from(1u64)) {
            (true, _) => c.to_string(),
            (false, true) => base,
            (false, false) => format!("{base}·{c}"),
        });
    }
    if terms.is_empty() {
        return "0".into();
    }
    terms.join(" + ")
}

/// Coefficients aligned on the right (at ω^0) to `width` entries.
fn aligned(coefficients: &[Nat], width: usize) -> Vec<Nat> {
    let mut out = vec![Nat::ZERO; width.saturating_sub(coefficients.len())];
    out.extend_from_slice(coefficients);
    out
}

/// A sum with components worth infinite ordinals (see [`Family::ordinal`]): its value
/// is the nim-sum of its components' values, the XOR of the coefficients of each
/// power of ω, and as in Nim the winning moves take one component from its value α
/// to α ⊕ X (X the value of the sum) where that is smaller. A component of finite
/// value can only change the coefficient of ω^0, so it wins only when the sum's
/// infinite part is zero.
fn analyse_ordinal<C: Components + ?Sized>(
    components: &C,
    values: Values,
    ordinal: Vec<(usize, Vec<Nat>)>,
    unknown: Vec<usize>,
    finite: Nat,
    limits: &Limits,
    max_moves: usize,
) -> Result<Analysis, SolveError> {
    let width = ordinal
        .iter()
        .map(|(_, c)| c.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut total = vec![Nat::ZERO; width];
    for (_, c) in &ordinal {
        for (t, x) in total.iter_mut().zip(aligned(c, width)) {
            *t ^= &x;
        }
    }
    total[width - 1] ^= &finite;
    let infinite_part = total[..width - 1].iter().any(|x| !x.is_zero());
    let mut analysis = Analysis {
        outcome: Outcome::N,
        grundy: None,
        values,
        winning: Vec::new(),
        truncated: false,
        complete: true,
        infinite: Vec::new(),
        infinite_total: None,
        ordinal: Some(total.clone()),
    };
    if !infinite_part && unknown.is_empty() {
        // The infinite parts cancel: the sum is worth a natural number.
        analysis.grundy = Some(total[width - 1].clone());
    }
    if let Some(&u) = unknown.first() {
        if !infinite_part {
            return Err(limits.states_exceeded(&format!(
                "the nim-value of {} (needed to combine it with the other components)",
                components.component(u).expr()
            )));
        }
        // The sum is infinite whatever the finite values are, so the player to move
        // wins; which moves win depends on the values not known.
        analysis.truncated = true;
        analysis.complete = false;
        return Ok(analysis);
    }
    if total.iter().all(Nat::is_zero) {
        analysis.outcome = Outcome::P;
        return Ok(analysis);
    }
    let coefficients = |i: usize, g: Option<Nat>| -> Vec<Nat> {
        match ordinal.iter().find(|(j, _)| *j == i) {
            Some((_, c)) => aligned(c, width),
            None => aligned(&[g.unwrap_or_default()], width),
        }
    };
    for (i, (c, g)) in components.each().zip(analysis.values.iter()).enumerate() {
        let alpha = coefficients(i, g);
        let target: Vec<Nat> = alpha.iter().zip(&total).map(|(a, t)| a ^ t).collect();
        if target >= alpha {
            continue;
        }
        let room = max_moves.saturating_sub(analysis.winning.len());
        let mut sink = MoveSink::new(room);
        if target[..width - 1].iter().all(Nat::is_zero) {
            c.family
                .moves_to_value(&c.pos, &target[width - 1], limits, &mut sink)?;
        } else {
            c.family
                .moves_to_ordinal(&c.pos, &target, limits, &mut sink)?;
        }
        analysis.winning.extend(
            sink.moves
                .into_iter()
                .map(|mv| WinningMove { component: i, mv }),
        );
        if sink.truncated {
            analysis.truncated = true;
            break;
        }
    }
    Ok(analysis)
}

/// Gathers the moves of component `i` to value `target` into `out`, keeping at most
/// `cap` moves in all; returns whether more moves were left out.
fn collect(
    out: &mut Vec<WinningMove>,
    cap: usize,
    i: usize,
    c: &Component,
    target: &Nat,
    limits: &Limits,
) -> Result<bool, SolveError> {
    let room = cap.saturating_sub(out.len());
    let mut local = MoveSink::new(room);
    c.family
        .moves_to_value(&c.pos, target, limits, &mut local)?;
    out.extend(
        local
            .moves
            .into_iter()
            .map(|mv| WinningMove { component: i, mv }),
    );
    Ok(local.truncated)
}

/// Misère play of a sum of Nim heaps (Bouton): play as in normal Nim unless the move
/// would leave only heaps of size at most 1; then leave an odd number of 1-heaps.
fn analyse_misere_nim<C: Components + ?Sized>(
    components: &C,
    limits: &Limits,
    max_moves: usize,
) -> Result<Analysis, SolveError> {
    if components.count() == 1 {
        let c = components.component(0);
        let mut sink = MoveSink::new(max_moves);
        if let Some(lost) = c.family.misere_alone(&c.pos, limits, &mut sink)? {
            return Ok(Analysis {
                outcome: if lost { Outcome::P } else { Outcome::N },
                grundy: None,
                values: Values::unknown(1),
                truncated: sink.truncated,
                winning: sink
                    .moves
                    .into_iter()
                    .map(|mv| WinningMove { component: 0, mv })
                    .collect(),
                complete: true,
                infinite: Vec::new(),
                infinite_total: None,
                ordinal: None,
            });
        }
    }
    let mut heaps = Values::with_capacity(components.count());
    let one = Nat::from(1u64);
    let (mut big, mut ones) = (Vec::new(), 0usize);
    let mut total = Nat::ZERO;
    for (i, c) in components.each().enumerate() {
        let Some(h) = c.family.nim_heap(&c.pos) else {
            return Err(SolveError::Input(format!(
                "misère play is supported for sums of Nim heaps only, not yet for {}",
                c.family.name()
            )));
        };
        if *h > one {
            big.push(i);
        } else if *h == one {
            ones += 1;
        }
        total ^= h;
        heaps.push(Some(h.clone()));
    }
    let heap = |i: usize| heaps.get(i).unwrap_or_default();
    let mut moves: Vec<(usize, Nat)> = Vec::new(); // (component, new heap size)
    let outcome = match big.len() {
        0 => {
            if ones % 2 == 1 {
                Outcome::P
            } else {
                // Taking any 1-heap leaves an odd number of them.
                for i in 0..heaps.len() {
                    if heap(i) == one {
                        moves.push((i, Nat::ZERO));
                        if moves.len() > max_moves {
                            break;
                        }
                    }
                }
                Outcome::N
            }
        }
        1 => {
            // Reduce the one big heap to 0 or 1, leaving an odd number of 1-heaps.
            let keep = if ones % 2 == 1 { 0u64 } else { 1 };
            moves.push((big[0], Nat::from(keep)));
            Outcome::N
        }
        _ => {
            if total.is_zero() {
                Outcome::P
            } else {
                for i in 0..heaps.len() {
                    let h = heap(i);
                    let t = &h ^ &total;
                    if t < h {
                        moves.push((i, t));
                        if moves.len() > max_moves {
                            break;
                        }
                    }
                }
                Outcome::N
            }
        }
    };
    let mut winning = Vec::new();
    let mut truncated = false;
    for (i, to) in moves {
        if winning.len() == max_moves {
            truncated = true;
            break;
        }
        // A Nim heap has exactly one move to each smaller size.
        collect(
            &mut winning,
            max_moves,
            i,
            &components.component(i),
            &to,
            limits,
        )?;
    }
    Ok(Analysis {
        outcome,
        grundy: None,
        values: heaps,
        winning,
        truncated,
        complete: true,
        infinite: Vec::new(),
        infinite_total: None,
        ordinal: None,
    })
}

//! Every vertex of a best-response polytope, by pivoting from the point 0, and the
//! completely labelled pairs of vertices: the equilibria (the extreme equilibria of
//! a degenerate game).
//!
//! The pivots follow the lexicographic rule ([`pivot`](super::pivot)): its bases
//! are the vertices of a slightly perturbed polytope, which is simple and whose
//! graph is connected, so a depth-first search from 0 that never enters a basis
//! twice (a hash set of the bases seen) reaches them all; and every vertex of the
//! polytope itself is the point of one of them at least. A vertex's labels are all
//! its zero variables (a degenerate vertex has more than the dimension), and a vertex
//! is fixed by its labels (the constraints tight at it), so vertices are told apart
//! by their labels. A depth-first search goes back up a tree edge by the reverse
//! pivot, which restores the parent's dictionary exactly: each basis visited costs
//! two pivots.

use super::equilibria::{Degeneracy, Equilibria, Method, profile};
use super::pivot::{Dictionary, Place};
use super::polytope::Side;
use super::subsets::{Subsets, binomial};
use super::{Bimatrix, Budget, LimitExceeded, Player};
use sprague_core::Bound;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};

/// A set of labels or of variables, as bits: a `u128` when there are at most 128,
/// else words.
pub(crate) trait Bits: Clone + Eq + Ord + std::hash::Hash + Send {
    fn empty(len: usize) -> Self;
    fn set(&mut self, i: usize);
    fn unset(&mut self, i: usize);
    fn has(&self, i: usize) -> bool;
    fn count(&self) -> usize;
    /// The complement within `0..len`.
    fn complement(&self, len: usize) -> Self;
}

impl Bits for u128 {
    fn empty(_: usize) -> u128 {
        0
    }
    fn set(&mut self, i: usize) {
        *self |= 1 << i;
    }
    fn unset(&mut self, i: usize) {
        *self &= !(1 << i);
    }
    fn has(&self, i: usize) -> bool {
        self >> i & 1 == 1
    }
    fn count(&self) -> usize {
        self.count_ones() as usize
    }
    fn complement(&self, len: usize) -> u128 {
        !self & (u128::MAX >> (128 - len))
    }
}

impl Bits for Box<[u64]> {
    fn empty(len: usize) -> Self {
        vec![0; len.div_ceil(64)].into_boxed_slice()
    }
    fn set(&mut self, i: usize) {
        self[i / 64] |= 1 << (i % 64);
    }
    fn unset(&mut self, i: usize) {
        self[i / 64] &= !(1 << (i % 64));
    }
    fn has(&self, i: usize) -> bool {
        self[i / 64] >> (i % 64) & 1 == 1
    }
    fn count(&self) -> usize {
        self.iter().map(|w| w.count_ones() as usize).sum()
    }
    fn complement(&self, len: usize) -> Self {
        let mut c = Self::empty(len);
        for i in (0..len).filter(|&i| !self.has(i)) {
            c.set(i);
        }
        c
    }
}

/// A hasher for bit sets: a multiply-rotate mix of their words (the keys are not
/// chosen by an adversary who could aim at collisions: they are bases of a polytope).
#[derive(Default)]
struct Mix(u64);

impl std::hash::Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(26) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, w: u128) {
        self.write_u64(w as u64);
        self.write_u64((w >> 64) as u64);
    }
    fn write_usize(&mut self, w: usize) {
        self.write_u64(w as u64);
    }
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

type Hashing = std::hash::BuildHasherDefault<Mix>;

/// A vertex other than 0: its labels (0..m row strategies, m..m+n column
/// strategies) and one of its bases (variables as in [`dictionary`]).
struct Found<K> {
    labels: K,
    basis: K,
}

impl<K: Bits> Found<K> {
    /// The player's strategies basic and the opponent's whose slack is nonbasic: a
    /// square, regular system whose solution is the vertex.
    fn system(&self, own: usize, others: usize) -> (Vec<usize>, Vec<usize>) {
        (
            (0..own).filter(|&v| self.basis.has(v)).collect(),
            (0..others).filter(|&o| !self.basis.has(own + o)).collect(),
        )
    }
}

/// The dictionary of player `p`'s polytope at 0: its rows are the opponent's
/// strategies (constraints), its columns `p`'s own strategies.
pub(crate) fn dictionary(side: &Side, game: &Bimatrix, p: Player) -> Dictionary {
    let own = game.count(p);
    let others = game.count(p.other());
    Dictionary::new(others, own, |o, s| side.coefficient(s, o).clone())
}

/// The label of variable `v` of player `p`'s dictionary: its own strategy `v`, or
/// the opponent's strategy of slack `v - own`, numbered 0..m for rows and m..m+n for
/// columns.
pub(crate) fn label(p: Player, m: usize, own: usize, v: usize) -> usize {
    match (p, v < own) {
        (Player::Row, true) => v,
        (Player::Row, false) => m + (v - own),
        (Player::Col, true) => m + v,
        (Player::Col, false) => v - own,
    }
}

/// The work left to the budget, shared by the two enumerations.
struct Left(AtomicU64);

impl Left {
    /// Takes `steps`, or says how many were left.
    fn take(&self, steps: u64) -> Result<(), u64> {
        self.0
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                left.checked_sub(steps)
            })
            .map(|_| ())
    }
}

/// Every vertex of player `p`'s polytope other than 0, each once, sorted by labels.
fn vertices<K: Bits>(
    game: &Bimatrix,
    p: Player,
    budget: &Budget,
    left: &Left,
) -> Result<Vec<Found<K>>, LimitExceeded> {
    let m = game.count(Player::Row);
    let n = game.count(Player::Col);
    let own = game.count(p);
    let side = Side::new(game, p);
    let mut d = dictionary(&side, game, p);
    let vars = d.rows() + d.cols();
    let mut basis = K::empty(vars);
    for r in 0..d.rows() {
        basis.set(d.basic(r));
    }
    let mut seen: HashSet<K, Hashing> = HashSet::default();
    seen.insert(basis.clone());
    let mut found: Vec<Found<K>> = Vec::new();
    // Each frame: the next column to try, and the pivot that led there.
    let mut stack: Vec<(usize, Option<(usize, usize)>)> = vec![(1, None)];
    let mut unspent: u64 = 0;
    let spend = |steps: u64| -> Result<(), LimitExceeded> {
        budget.check()?;
        left.take(steps).map_err(|was| LimitExceeded {
            bound: Bound::Pairs,
            what: format!(
                "vertex enumeration of a {m}×{n} game (one pair per basis of a best-response polytope, times the square of its numbers' machine words) needs more than the {was} pairs left of the limit of {}",
                budget.limit()
            ),
        })
    };
    while let Some(top) = stack.last_mut() {
        if top.0 > d.cols() {
            let back = top.1;
            stack.pop();
            if let Some((r, c)) = back {
                d.pivot(r, c, budget)?;
                basis.unset(d.nonbasic(c));
                basis.set(d.basic(r));
            }
            continue;
        }
        let c = top.0;
        top.0 += 1;
        let Some(r) = d.leaving(c) else { continue };
        let mut next = basis.clone();
        next.unset(d.basic(r));
        next.set(d.nonbasic(c));
        if seen.contains(&next) {
            continue;
        }
        seen.insert(next.clone());
        // One pair per basis, times the size of the numbers its pivots update
        // (a pivot in big integers takes that much longer).
        unspent += d.size();
        if unspent >= 256 {
            spend(unspent)?;
            unspent = 0;
        }
        d.pivot(r, c, budget)?;
        basis = next;
        stack.push((1, Some((r, c))));
        // The vertex: its zero variables, unless it is 0.
        let mut labels = K::empty(m + n);
        let mut origin = true;
        for v in 0..vars {
            let zero = match d.place(v) {
                Place::Col(_) => true,
                Place::Row(r) => d.basic_is_zero(r),
            };
            if zero {
                labels.set(label(p, m, own, v));
            } else if v < own {
                origin = false;
            }
        }
        if !origin {
            found.push(Found {
                labels,
                basis: basis.clone(),
            });
        }
    }
    spend(unspent)?;
    drop(seen);
    found.sort_unstable_by(|a, b| a.labels.cmp(&b.labels));
    found.dedup_by(|a, b| a.labels == b.labels);
    Ok(found)
}

/// Every equilibrium (every extreme equilibrium of a degenerate game) by vertex
/// enumeration; the same list as support enumeration. The two polytopes are
/// enumerated at once, one on another thread.
pub(crate) fn by_vertices(
    game: &Bimatrix,
    budget: &mut Budget,
) -> Result<Equilibria, LimitExceeded> {
    budget.check_sizes(game)?;
    let m = game.count(Player::Row);
    let n = game.count(Player::Col);
    if m + n <= 128 {
        matched::<u128>(game, budget)
    } else {
        matched::<Box<[u64]>>(game, budget)
    }
}

fn matched<K: Bits>(game: &Bimatrix, budget: &mut Budget) -> Result<Equilibria, LimitExceeded> {
    let m = game.count(Player::Row);
    let n = game.count(Player::Col);
    let left = Left(AtomicU64::new(
        budget.limit().saturating_sub(budget.spent()),
    ));
    let shared: &Budget = budget;
    let (xs, ys) = std::thread::scope(|scope| {
        let xs = scope.spawn(|| vertices::<K>(game, Player::Row, shared, &left));
        let ys = vertices::<K>(game, Player::Col, shared, &left);
        // A panic of the other thread is passed on as it is.
        let xs = xs.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        (xs, ys)
    });
    let (xs, ys) = (xs?, ys?);
    let used = budget.limit().saturating_sub(budget.spent()) - left.0.into_inner();
    budget.spend(u128::from(used), "vertex enumeration")?;
    let [rows, cols] = Side::both(game);
    let full = |f: &Found<K>, dim: usize| f.labels.count() > dim;

    // The witness of degeneracy: fewest strategies used, the row player first, then
    // the support and best responses in lexicographic order.
    let mut degeneracy: Option<(usize, Degeneracy)> = None;
    for (p, list, side, dim) in [(Player::Row, &xs, &rows, m), (Player::Col, &ys, &cols, n)] {
        for f in list.iter().filter(|f| full(f, dim)) {
            budget.check()?;
            let (own_set, other_set) = f.system(game.count(p), game.count(p.other()));
            let Some(v) = side.vertex(&own_set, &other_set, budget)? else {
                continue;
            };
            let candidate = Degeneracy {
                player: p,
                strategy: v.probabilities(game.count(p)),
                best_responses: v.best.clone(),
            };
            let key = |d: &Degeneracy, size: usize| {
                (
                    size,
                    d.player,
                    (0..d.strategy.len())
                        .filter(|&i| !num_traits::Zero::is_zero(&d.strategy[i]))
                        .collect::<Vec<_>>(),
                    d.best_responses.clone(),
                )
            };
            let size = v.support_size();
            if degeneracy
                .as_ref()
                .is_none_or(|(s, d)| key(&candidate, size) < key(d, *s))
            {
                degeneracy = Some((size, candidate));
            }
        }
    }

    // Complementary pairs. A vertex of P with exactly m labels meets a vertex of Q
    // with exactly n labels when their labels are complements, found by binary
    // search (both lists are sorted by labels). A degenerate vertex with d labels
    // too many meets a non-degenerate one whose labels are the complement of its own
    // and d of its own: one search for each choice of those d (or one comparison
    // with each vertex of the other list, when that is fewer). Two degenerate
    // vertices are compared.
    let x_full: Vec<&Found<K>> = xs.iter().filter(|f| full(f, m)).collect();
    let y_full: Vec<&Found<K>> = ys.iter().filter(|f| full(f, n)).collect();
    let pairs = (xs.len() - x_full.len()) as u128
        + x_full
            .iter()
            .map(|f| searches(f, m, ys.len()))
            .sum::<u128>()
        + y_full
            .iter()
            .map(|f| searches(f, n, xs.len()))
            .sum::<u128>()
        + x_full.len() as u128 * y_full.len() as u128;
    budget.spend(
        pairs,
        &format!(
            "matching the {} and {} vertices of the best-response polytopes",
            xs.len(),
            ys.len()
        ),
    )?;
    let mut pairs: Vec<(&Found<K>, &Found<K>)> = Vec::new();
    for (k, x) in xs.iter().enumerate() {
        if k % 1024 == 0 {
            budget.check()?;
        }
        if !full(x, m) {
            pairs.extend(find(&ys, &x.labels.complement(m + n)).map(|y| (x, y)));
        }
    }
    for x in &x_full {
        budget.check()?;
        pairs.extend(partners(x, m, &ys, n, m + n).into_iter().map(|y| (*x, y)));
    }
    for y in &y_full {
        budget.check()?;
        pairs.extend(partners(y, n, &xs, m, m + n).into_iter().map(|x| (x, *y)));
    }
    for x in &x_full {
        budget.check()?;
        for y in &y_full {
            if complete(&x.labels, &y.labels, m + n) {
                pairs.push((x, y));
            }
        }
    }
    let mut list = Vec::with_capacity(pairs.len());
    for (x, y) in pairs {
        budget.check()?;
        let (xs_own, xs_other) = x.system(m, n);
        let (ys_own, ys_other) = y.system(n, m);
        let (Some(vx), Some(vy)) = (
            rows.vertex(&xs_own, &xs_other, budget)?,
            cols.vertex(&ys_own, &ys_other, budget)?,
        ) else {
            debug_assert!(false, "a basis of the enumeration is a regular system");
            continue;
        };
        list.push(profile(game, vx.probabilities(m), vy.probabilities(n)));
    }
    list.sort();
    Ok(Equilibria {
        list,
        degenerate: degeneracy.is_some(),
        degeneracy: degeneracy.map(|(_, d)| d),
        method: Method::Vertices,
        complete: true,
    })
}

/// Whether two label sets together have every label of `0..len`.
fn complete<K: Bits>(a: &K, b: &K, len: usize) -> bool {
    (0..len).all(|l| a.has(l) || b.has(l))
}

/// The vertex of `list` (sorted by labels) with labels `want`.
fn find<'a, K: Bits>(list: &'a [Found<K>], want: &K) -> Option<&'a Found<K>> {
    list.binary_search_by(|f| f.labels.cmp(want))
        .ok()
        .map(|at| &list[at])
}

/// The searches for the partners of a degenerate vertex `f` of dimension `dim`:
/// one per choice of its labels beyond `dim`, at most one per vertex of the other
/// list (`other` of them).
fn searches<K: Bits>(f: &Found<K>, dim: usize, other: usize) -> u128 {
    let labels = f.labels.count();
    binomial(labels, labels - dim).map_or(other as u128, |b| b.min(other as u128))
}

/// The non-degenerate vertices of `other` (of dimension `other_dim`) completing the
/// labels `0..len` of the degenerate vertex `f` (of dimension `dim`).
fn partners<'a, K: Bits>(
    f: &Found<K>,
    dim: usize,
    other: &'a [Found<K>],
    other_dim: usize,
    len: usize,
) -> Vec<&'a Found<K>> {
    let labels: Vec<usize> = (0..len).filter(|&l| f.labels.has(l)).collect();
    let d = labels.len() - dim;
    if searches(f, dim, other.len()) < other.len() as u128 {
        let base = f.labels.complement(len);
        Subsets::new(labels.len(), d)
            .filter_map(|chosen| {
                let mut want = base.clone();
                for &i in &chosen {
                    want.set(labels[i]);
                }
                find(other, &want)
            })
            .collect()
    } else {
        other
            .iter()
            .filter(|g| g.labels.count() == other_dim && complete(&f.labels, &g.labels, len))
            .collect()
    }
}

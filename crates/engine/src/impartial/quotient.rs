//! Misère quotients of heap games (Plambeck, "Taming the wild in impartial
//! combinatorial games", INTEGERS 5 (2005) G5; Plambeck and Siegel, "Misère quotients
//! for impartial games", J. Combin. Theory Ser. A 115 (2008) 593–622).
//!
//! # The quotient
//!
//! Let `A_n` be the sums of heaps of sizes 1 to `n` of one heap game whose moves
//! replace a heap by heaps of smaller sizes (take-and-break and subtraction games).
//! `A_n` is *closed*: every option of a sum in it is in it. Two sums `G`, `H` are
//! *indistinguishable* in `A_n`, `G ≡ H`, when `o⁻(G + X) = o⁻(H + X)` for every `X`
//! in `A_n` (`o⁻` the misère outcome). `≡` is a congruence (if `G ≡ H` then
//! `G + Y ≡ H + Y`: take `X = Y + X'`), so the classes form a commutative monoid `Q`,
//! the *misère quotient*, with the map `Φ` from sums to classes, `Φ(G + H) =
//! Φ(G)·Φ(H)`; its *P-portion* `P` is the set of classes of P-positions (well defined:
//! take `X = 0`). A sum is then decided by multiplying the classes of its heaps and
//! looking the product up in `P`, and a move is winning exactly when the class of the
//! position it leaves is in `P`.
//!
//! # How it is computed, and why each step is sound
//!
//! The module *learns* a candidate `(Q, Φ, P)` heap by heap and *verifies* it after
//! each heap; only a verified candidate is ever answered, so the learning needs no
//! theorem, only the verification does.
//!
//! **An old element first.** Most new heaps act as an element the quotient of
//! heaps `1..n−1` already has. Each element is tried as the new heap's, and the
//! first one the verification proves is kept: no outcome of an explicit sum is
//! needed. Only when none is proved does the learning below start.
//!
//! **Truth.** The exact misère outcome of an explicit sum (a multiset of heap sizes
//! up to `n`): a sum of heaps below `n` is decided by the verified quotient of heaps
//! `1..n−1` (which predicts every such outcome exactly, see the verification); a sum
//! with fewer than `k` heaps of `n` by a *trusted* candidate, one whose verification
//! found (★) to hold at every sum with fewer than `k` heaps of `n` (the verification
//! visits the sums by their number of heaps of `n`, see below; sums with fewer than
//! `k` heaps of `n` are closed under moves, so the induction of the verification
//! holds within them); any other sum by search over its options (each a sum
//! replacing one heap by smaller heaps), remembered: the player to move loses when
//! there is a move and no option is a loss.
//!
//! **Learning** (Angluin's L*, with Rivest and Schapire's counterexamples). For each
//! new heap the table starts again from the verified quotient of the smaller heaps:
//! one access sum per element, the one with the fewest counters, and the lightest
//! columns that tell them apart (the search for an outcome costs about the number
//! of sums below it, so light sums keep it cheap). A table
//! has *access sums* (rows; the empty sum first, each other one an access sum plus a
//! heap) and *test sums* (columns; the empty sum first); its entry is the truth of
//! `row + column`. Two access sums with different rows are in different classes (a
//! column tells them apart), and the table keeps their rows distinct, so it never
//! has more rows than `Q` has elements. It is *closed* when every access sum plus
//! every heap `a ≤ n` has the row of an access sum (else that sum becomes one). Then
//! the hypothesis is the automaton whose states are the access sums, heap `a` moving
//! `s` to the access sum with the row of `s + a`, a state being P when its entry at
//! the empty column is P; it is reduced by Moore's refinement (states apart when some
//! word of heaps leads them to a P-state and a non-P one). When heaps commute in the
//! reduced automaton, and every state is reached from the empty sum, its states form
//! a commutative monoid (`x·y`: `x` moved by a word reaching `y`; two words reaching
//! one state act alike, since moves commute and both agree on the empty sum's state),
//! the candidate. When two heaps do not commute at some state, the two orders reach
//! states told apart by some word `w`, and one of the two predictions of one sum is
//! wrong: that sum's word is a counterexample. When the verification fails at some
//! sum `c`, either `c` is predicted wrong, or (★) fails at `c` with `c` right, and then
//! one of the options of `c` is predicted wrong: a counterexample.
//!
//! A counterexample word `a_1…a_k`, its states `s_0 = 0, s_1, …, s_k`, gives
//! `α_i` = the truth of `access(s_i) + a_{i+1} + … + a_k`: `α_0` is the truth of the
//! sum and `α_k` the prediction, so some `α_i ≠ α_{i+1}` (found by bisection), and the
//! column `a_{i+2} + … + a_k` tells `access(s_i) + a_{i+1}` from `access(s_{i+1})`,
//! which had the same row. Added, it leaves `access(s_i) + a_{i+1}` with a row that no
//! access sum has (the old rows were distinct and it agreed with `s_{i+1}` on them):
//! the next closing adds an access sum. So each counterexample adds a row, and when
//! the quotient of heaps `1..n` is finite (of order `|Q|`) there are at most `|Q|`
//! hypotheses for it: the learning ends. (The limits bound it when it is not.)
//!
//! **Verification** (what makes the answer true). A candidate is a finite commutative
//! monoid `Q` with an element `x_i` for each heap `i` and a subset `P`; `Φ(c) = ∏
//! x_i^{c_i}` for a sum `c` with `c_i` heaps of size `i`. Claim: if for every sum `c`
//!
//! > `Φ(c) ∈ P` ⟺ `c` has a move and, for every heap `i` of `c` and every option
//! > image `m ∈ M_i`, `Φ(c − i)·m ∉ P`                                        (★)
//!
//! (`M_i` the images of the options of heap `i`) then `o⁻(c) = P` ⟺ `Φ(c) ∈ P` for
//! every sum `c`. Proof: by induction on `c` in the multiset order of its heap sizes
//! (a move replaces a heap by smaller heaps, so every option is smaller, and the order
//! is well founded). The options of `c` are `c − i + O` with images `Φ(c − i)·Φ(O)`;
//! by induction each is a P-position exactly when its image is in `P`; `c` is a misère
//! P-position exactly when it has a move and no option is a P-position — the right
//! side of (★). ∎
//!
//! (★) is checked on finitely many *states*: the state of `c` is `Φ(c)`, whether `c`
//! has a move, and the set `D(c)` of the `z` in `Q` such that `Φ(c − i)·z·m ∈ P` for
//! some heap `i` of `c` and `m ∈ M_i`. The right side of (★) is "`c` has a move and
//! the identity is not in `D(c)`": a function of the state. Adding a heap `j` maps the
//! state of `c` to that of `c + j`: `Φ` is multiplied by `x_j`, and `z ∈ D(c + j)`
//! exactly when `x_j·z ∈ D(c)` (the heaps of `c`, now with `c + j − i`) or `Φ(c)·z·m
//! ∈ P` for some `m ∈ M_j` (heap `j` itself). So every sum's state is reached from the
//! state of 0 by a search over these steps, which is finite because `Q` is. The
//! verification visits every reachable state and checks (★) there, keeping how each
//! state was reached, so that a failure names a sum. It visits them in *layers*, by
//! the number `k` of heaps of the newest size `n` in the sum: layer `k` is layer
//! `k − 1` stepped by one heap of `n`, then closed under steps by smaller heaps. A
//! failure first met in layer `k` leaves (★) true at every sum with fewer heaps of
//! `n` — the trust of the truth above. The visit ends at the first layer that
//! brings no state unseen before: each later layer is then made of seen states
//! (a seen state of layer `j` steps into layer `j + 1`, already visited), all
//! checked.
//!
//! **From a verified candidate to the quotient.** When `Φ` predicts every outcome,
//! `G ≡ H` exactly when `Φ(G)·y ∈ P ⟺ Φ(H)·y ∈ P` for every `y` in `Q` (the images of
//! the sums `X` are all of `Q`, which the heaps generate). Moore's refinement left no
//! two states that every word of heaps (every `y`) fails to tell apart, so no two
//! elements of the verified `Q` are merged by `≡`, and every element is the image of a
//! sum: the verified `Q` *is* the misère quotient of `A_n`.
//!
//! **What is claimed.** The quotient of heaps `1..n` for the `n` asked. When heaps
//! `1..m` already generate it, the quotient of `A_k` for every `k` from `m` to `n` is
//! the same monoid (the images of `A_k` are all of `Q`, and no two elements of `Q`
//! are indistinguishable by them): "stable over heaps `m..=n`". Nothing is claimed
//! beyond `n`: a quotient that has not grown for a while may still grow later.
//!
//! A candidate that fails the verification is never used: it yields a counterexample
//! and the learning goes on.

use super::family::{Family, MAX_LISTED_MOVES, MoveSink, Pos};
use super::position::{Components, Stretch, Values};
use super::sum::{Analysis, WinningMove};
use rustc_hash::{FxHashMap, FxHashSet};
use sprague_core::nat::Nat;
use sprague_core::{Bound, Limits, Outcome, SolveError, StopPoll};
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::rc::Rc;

/// An element of a quotient: its index, the identity being 0.
pub type Elem = u32;

/// Most elements of a quotient computed (its multiplication table takes 4·order²
/// bytes).
pub const MAX_ORDER: usize = 2048;

/// Most moves in a row the construction follows in one explicit sum.
const MAX_DEPTH: usize = 2_000;

/// What the quotient computations say they were doing, in their errors.
const DOING: &str = "the misère quotient";

/// The misère quotient of the sums of heaps `1..=bound` of one heap game (see the
/// module documentation), verified.
#[derive(Clone, Debug)]
pub struct Quotient {
    family: String,
    bound: usize,
    order: usize,
    /// `mul[a·order + b]`.
    mul: Vec<Elem>,
    p: Vec<bool>,
    /// The element of each heap, index = size (0: the identity).
    heaps: Vec<Elem>,
    /// Heap sizes whose elements are generators: each not generated by the smaller
    /// heaps.
    generators: Vec<usize>,
    /// The least `m` such that heaps `1..=m` generate the quotient.
    generated_by: usize,
    /// The states the verification visited.
    checked: u64,
}

/// A presentation of a quotient: generators (named `a`, `b`, … in order) and
/// relations, with each element's word.
#[derive(Clone, Debug)]
pub struct Presentation {
    /// Each element's exponents over the generators (its least word: fewest letters,
    /// then the earlier generators' exponents largest).
    pub words: Vec<Vec<u32>>,
    /// Relations `left = right`, exponent vectors: every word whose letters less one
    /// are all least words, but that is not least itself, equals the least word of its
    /// element. Rewriting by them brings any word to its least word, so they present
    /// the monoid (a complete rewriting system; the paper's relations may be fewer).
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
}

impl Quotient {
    /// Computes the quotient of heaps `1..=bound` of `family` (a heap family whose
    /// moves leave smaller heaps of the same family), spending the work and polling
    /// the stop signal of `limits`. An `Input` error when the family is not such a
    /// game; a `Limit` naming the bound reached.
    ///
    /// ```
    /// use sprague_core::Limits;
    /// use sprague_engine::impartial::family::Family;
    /// use sprague_engine::impartial::quotient::Quotient;
    /// use sprague_engine::impartial::takebreak::{TakeBreak, TakeBreakFamily, Wording};
    /// // Misère Nim with heaps of 1 and 2 (octal 0.333 stops at 3): ⟨a, b | a² = 1,
    /// // b³ = b⟩, order 6, P-portion {a, b²} (Bouton's misère rule).
    /// let rules = TakeBreak::new("octal[0.33]", &[0, 3, 3], false, Wording::Heaps).unwrap();
    /// let q = Quotient::compute(&TakeBreakFamily::new(rules), 2, &Limits::default()).unwrap();
    /// assert_eq!(q.order(), 6);
    /// assert_eq!(q.p_portion().len(), 2);
    /// ```
    pub fn compute(
        family: &dyn Family,
        bound: usize,
        limits: &Limits,
    ) -> Result<Quotient, SolveError> {
        Quotient::compute_each(family, bound, limits, &mut |_| ControlFlow::Continue(()))
    }

    /// [`Quotient::compute`], telling `each` of the verified quotient of heaps `1..=n`
    /// as soon as heap `n` is added, for each `n` in turn (nothing is computed again:
    /// the quotient of heaps `1..=n` is the step towards that of `1..=n + 1`). When
    /// `each` breaks after heap `n`, the answer is the quotient of heaps `1..=n`; when
    /// a limit stops heap `n`, the error, `each` having seen heaps `1..n`.
    ///
    /// ```
    /// use sprague_core::Limits;
    /// use sprague_engine::impartial::quotient::Quotient;
    /// use sprague_engine::impartial::takebreak::{TakeBreak, TakeBreakFamily, Wording};
    /// use std::ops::ControlFlow;
    /// // Misère Nim (octal 0.333): heap 1 alone gives ⟨a | a² = 1⟩, heaps 1 and 2 the
    /// // six elements of ⟨a, b | a² = 1, b³ = b⟩.
    /// let rules = TakeBreak::new("octal[0.333]", &[0, 3, 3, 3], false, Wording::Heaps).unwrap();
    /// let mut orders = Vec::new();
    /// let q = Quotient::compute_each(&TakeBreakFamily::new(rules), 5, &Limits::default(), &mut |s| {
    ///     orders.push(s.order());
    ///     if s.heap() == 2 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// })
    /// .unwrap();
    /// assert_eq!(orders, [2, 6]);
    /// assert_eq!((q.bound(), q.order()), (2, 6));
    /// ```
    pub fn compute_each(
        family: &dyn Family,
        bound: usize,
        limits: &Limits,
        each: &mut dyn FnMut(&HeapStep<'_>) -> ControlFlow<()>,
    ) -> Result<Quotient, SolveError> {
        let mut b = Builder::new(family, limits);
        let mut checked = 0;
        let mut reached = 0;
        for n in 1..=bound {
            // Each heap is learnt and verified in turn: the verified quotient of the
            // smaller heaps answers the sums without the newest heap.
            checked = b.add_heap(n)?;
            reached = n;
            if each(&HeapStep { heap: n, b: &b }).is_break() {
                break;
            }
        }
        let (generators, generated_by) = b.generators();
        Ok(Quotient {
            family: family.name(),
            bound: reached,
            order: b.order,
            mul: b.mul,
            p: b.p,
            heaps: b.heaps,
            generators,
            generated_by,
            checked,
        }
        .renumbered())
    }

    /// The same quotient with its elements numbered in the order of their least words
    /// (fewest letters first, then the earlier generators' exponents largest, as in
    /// [`Quotient::presentation`]): the numbering, and so every listing of elements,
    /// depends on the monoid only, not on how it was found.
    fn renumbered(self) -> Quotient {
        let words = self.presentation().words;
        let mut by_word: Vec<usize> = (0..self.order).collect();
        by_word.sort_by(|&x, &y| {
            let (a, b) = (&words[x], &words[y]);
            let (la, lb) = (a.iter().sum::<u32>(), b.iter().sum::<u32>());
            la.cmp(&lb).then_with(|| b.cmp(a))
        });
        let mut new = vec![0 as Elem; self.order];
        for (i, &old) in by_word.iter().enumerate() {
            new[old] = i as Elem;
        }
        let o = self.order;
        let mut mul = vec![0 as Elem; o * o];
        for a in 0..o {
            for b in 0..o {
                mul[new[a] as usize * o + new[b] as usize] = new[self.mul[a * o + b] as usize];
            }
        }
        let mut p = vec![false; o];
        for a in 0..o {
            p[new[a] as usize] = self.p[a];
        }
        Quotient {
            mul,
            p,
            heaps: self.heaps.iter().map(|&h| new[h as usize]).collect(),
            ..self
        }
    }

    /// The family's name.
    pub fn family(&self) -> &str {
        &self.family
    }

    /// The largest heap of the closure.
    pub fn bound(&self) -> usize {
        self.bound
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The product of two elements.
    pub fn mul(&self, a: Elem, b: Elem) -> Elem {
        self.mul[a as usize * self.order + b as usize]
    }

    /// Whether a sum of image `e` is a misère P-position (the player to move loses).
    pub fn is_p(&self, e: Elem) -> bool {
        self.p[e as usize]
    }

    /// The P-portion, ascending.
    pub fn p_portion(&self) -> Vec<Elem> {
        (0..self.order as Elem).filter(|&e| self.is_p(e)).collect()
    }

    /// The element of heap `n` (`None` beyond the bound).
    pub fn heap(&self, n: u64) -> Option<Elem> {
        usize::try_from(n)
            .ok()
            .and_then(|n| self.heaps.get(n))
            .copied()
    }

    /// The heap sizes whose elements are the generators `a`, `b`, … in order.
    pub fn generators(&self) -> &[usize] {
        &self.generators
    }

    /// The least `m` such that heaps `1..=m` generate the quotient: the quotient of
    /// heaps `1..=k` is this same one for every `k` from `m` to [`Quotient::bound`].
    pub fn stable_from(&self) -> usize {
        self.generated_by
    }

    /// How many states the verification checked.
    pub fn checked_states(&self) -> u64 {
        self.checked
    }

    /// The presentation: each element's least word and the relations.
    pub fn presentation(&self) -> Presentation {
        let gens: Vec<Elem> = self.generators.iter().map(|&h| self.heaps[h]).collect();
        let g = gens.len();
        let mut words: Vec<Option<Vec<u32>>> = vec![None; self.order];
        words[0] = Some(vec![0; g]);
        let mut canonical: FxHashSet<Vec<u32>> = FxHashSet::default();
        canonical.insert(vec![0; g]);
        let mut layer: Vec<(Vec<u32>, Elem)> = vec![(vec![0; g], 0)];
        let mut relations = Vec::new();
        while !layer.is_empty() {
            let mut next: Vec<(Vec<u32>, Elem)> = Vec::new();
            for (v, e) in &layer {
                for (i, &x) in gens.iter().enumerate() {
                    let mut w = v.clone();
                    w[i] += 1;
                    next.push((w, self.mul(*e, x)));
                }
            }
            // Fewest letters first (all of one layer), then the earlier generators'
            // exponents largest.
            next.sort_by(|a, b| b.0.cmp(&a.0));
            next.dedup_by(|a, b| a.0 == b.0);
            let mut kept = Vec::new();
            for (w, e) in next {
                if words[e as usize].is_none() {
                    words[e as usize] = Some(w.clone());
                    canonical.insert(w.clone());
                    kept.push((w, e));
                    continue;
                }
                let minimal = (0..g).filter(|&i| w[i] > 0).all(|i| {
                    let mut u = w.clone();
                    u[i] -= 1;
                    canonical.contains(&u)
                });
                if minimal && let Some(right) = &words[e as usize] {
                    relations.push((w, right.clone()));
                }
            }
            layer = kept;
        }
        Presentation {
            words: words.into_iter().map(Option::unwrap_or_default).collect(),
            relations,
        }
    }

    /// Decides the sum of heaps `sizes` (each at most the bound): whether the player
    /// to move loses, and the product of the heaps' elements.
    pub fn decide(&self, sizes: &[u64]) -> Option<(bool, Elem)> {
        let mut e = 0;
        for &n in sizes {
            e = self.mul(e, self.heap(n)?);
        }
        Some((self.is_p(e), e))
    }
}

/// The verified quotient of heaps `1..=n` while [`Quotient::compute_each`] goes on to
/// the next heap: its order, products, P-portion and heaps' elements, borrowed.
pub struct HeapStep<'a> {
    heap: usize,
    b: &'a Builder<'a>,
}

impl HeapStep<'_> {
    /// The heap just added, `n`.
    pub fn heap(&self) -> usize {
        self.heap
    }

    /// The number of elements of the quotient of heaps `1..=n`.
    pub fn order(&self) -> usize {
        self.b.order
    }

    /// The product of two elements.
    pub fn mul(&self, a: Elem, b: Elem) -> Elem {
        self.b.mul(a, b)
    }

    /// Whether a sum of image `e` is a misère P-position.
    pub fn is_p(&self, e: Elem) -> bool {
        self.b.p[e as usize]
    }

    /// The element of heap `k` (`None` beyond `n`; heap 0 is the identity).
    pub fn element(&self, k: usize) -> Option<Elem> {
        self.b.heaps.get(k).copied()
    }
}

/// A word over the generators `a`, `b`, … written `ab²c`, the empty word `1`.
///
/// ```
/// assert_eq!(sprague_engine::impartial::quotient::word_text(&[1, 2, 0, 1]), "ab²d");
/// assert_eq!(sprague_engine::impartial::quotient::word_text(&[0, 0]), "1");
/// ```
pub fn word_text(exps: &[u32]) -> String {
    let mut s = String::new();
    for (i, &k) in exps.iter().enumerate() {
        if k == 0 {
            continue;
        }
        s.push_str(&generator_name(i));
        if k > 1 {
            for d in k.to_string().chars() {
                s.push(match d {
                    '0' => '⁰',
                    '1' => '¹',
                    '2' => '²',
                    '3' => '³',
                    '4' => '⁴',
                    '5' => '⁵',
                    '6' => '⁶',
                    '7' => '⁷',
                    '8' => '⁸',
                    _ => '⁹',
                });
            }
        }
    }
    if s.is_empty() {
        s.push('1');
    }
    s
}

/// The name of generator `i`: `a` to `z`, then `g27`, `g28`, ….
pub fn generator_name(i: usize) -> String {
    match u8::try_from(i) {
        Ok(k) if k < 26 => char::from(b'a' + k).to_string(),
        _ => format!("g{}", i + 1),
    }
}

/// The candidate quotient while heaps are added (see the module documentation).
struct Builder<'a> {
    family: &'a dyn Family,
    limits: &'a Limits,
    poll: StopPoll,
    /// Work not yet charged to the limits.
    unpaid: u64,
    order: usize,
    mul: Vec<Elem>,
    p: Vec<bool>,
    heaps: Vec<Elem>,
    /// The options of each heap: heap sizes (non-empty heaps), ascending.
    options: Vec<Vec<Vec<u32>>>,
    /// The verified quotient of the heaps before the newest.
    known: Known,
    /// A candidate trusted with the sums of few newest heaps, if any.
    trusted: Option<Trusted>,
    /// The outcomes of sums with a heap of the newest size (true: P), by heap sizes
    /// ascending.
    memo: FxHashMap<Vec<u32>, bool>,
    /// About how many bytes `memo` holds.
    memo_bytes: u64,
    /// The table's access sums (heap sizes ascending, and the word of heaps that
    /// reaches each from the empty sum through access sums); the first is empty.
    access: Vec<(Vec<u32>, Vec<u32>)>,
    /// The table's columns (heap sizes ascending); the first is empty.
    columns: Vec<Vec<u32>>,
    /// The row of each access sum, and which access sum has each row.
    table: Vec<Vec<bool>>,
    rows: FxHashMap<Vec<bool>, u32>,
    /// The access sum with the row of each access sum plus heap `a`, at `a − 1`.
    next: Vec<Vec<u32>>,
}

/// A verified quotient: elements, products, P-portion, heaps' elements.
struct Known {
    order: usize,
    mul: Vec<Elem>,
    p: Vec<bool>,
    heaps: Vec<Elem>,
}

/// A candidate that predicts right every sum with fewer than `newest` heaps of the
/// newest size.
struct Trusted {
    newest: u32,
    known: Known,
}

/// What the verification found.
enum Checked {
    /// (★) holds on every state; how many there are.
    Verified(u64),
    /// A sum (heap sizes, ascending) at whose state (★) fails, and how many heaps of
    /// the newest size it has: every sum with fewer is predicted right.
    Wrong(Vec<u32>, u32),
}

impl<'a> Builder<'a> {
    fn new(family: &'a dyn Family, limits: &'a Limits) -> Self {
        Builder {
            family,
            limits,
            poll: StopPoll::new(),
            unpaid: 0,
            order: 1,
            mul: vec![0],
            p: vec![false],
            heaps: vec![0],
            options: vec![Vec::new()],
            known: Known {
                order: 1,
                mul: vec![0],
                p: vec![false],
                heaps: vec![0],
            },
            trusted: None,
            memo: FxHashMap::default(),
            memo_bytes: 0,
            access: vec![(Vec::new(), Vec::new())],
            columns: vec![Vec::new()],
            table: Vec::new(),
            rows: FxHashMap::default(),
            next: Vec::new(),
        }
    }

    fn mul(&self, a: Elem, b: Elem) -> Elem {
        self.mul[a as usize * self.order + b as usize]
    }

    /// The image of a sum of heaps (all already added).
    fn image(&self, sum: &[u32]) -> Elem {
        sum.iter()
            .fold(0, |e, &h| self.mul(e, self.heaps[h as usize]))
    }

    /// Counts `units` of work: charged to the limits in chunks, the stop signal polled.
    fn work(&mut self, units: u64) -> Result<(), SolveError> {
        self.unpaid += units;
        if self.unpaid >= 1 << 12 {
            self.limits.charge_work(self.unpaid, DOING)?;
            self.unpaid = 0;
        }
        self.poll.spend(units, self.limits)
    }

    /// The options of heap `n`, each as the non-empty heaps it leaves, ascending.
    fn list_options(&self, n: usize) -> Result<Vec<Vec<u32>>, SolveError> {
        let name = self.family.name();
        let not_heaps = || {
            SolveError::Input(format!(
                "misère quotients are for heap games whose moves leave smaller heaps of the same game; {name} is not one"
            ))
        };
        if !self.family.is_heap_family()
            || self.family.loopy_value(&heap(n), self.limits)?.is_some()
        {
            return Err(not_heaps());
        }
        let cap = usize::try_from(MAX_LISTED_MOVES).unwrap_or(usize::MAX);
        let mut sink = MoveSink::without_words(cap);
        self.family
            .moves(&heap(n), self.limits, &mut sink)
            .map_err(|e| match e {
                SolveError::Input(_) => not_heaps(),
                e => e,
            })?;
        if sink.truncated {
            return Err(SolveError::Limit {
                bound: Bound::HeapMoves,
                what: format!(
                    "{DOING} lists every move of heap {n} of {name}, which has more than {MAX_LISTED_MOVES}"
                ),
            });
        }
        let mut out = Vec::with_capacity(sink.moves.len());
        for m in sink.moves {
            let mut o = Vec::with_capacity(m.to.len());
            for pos in &m.to {
                let [h] = pos.as_slice() else {
                    return Err(not_heaps());
                };
                match h.to_usize() {
                    Some(0) => {}
                    Some(h) if h < n => o.push(h as u32),
                    _ => return Err(not_heaps()),
                }
            }
            o.sort_unstable();
            out.push(o);
        }
        out.sort();
        out.dedup();
        Ok(out)
    }

    /// Adds heap `n` (heaps `1..n` added and verified before): learns the quotient of
    /// heaps `1..=n` (see the module documentation) and verifies it; the number of
    /// states the verification checked.
    fn add_heap(&mut self, n: usize) -> Result<u64, SolveError> {
        let options = self.list_options(n)?;
        self.work(options.len() as u64 + 1)?;
        self.options.push(options);
        // Every sum remembered has heaps below n: the verified quotient answers them.
        self.memo = FxHashMap::default();
        self.memo_bytes = 0;
        self.trusted = None;
        // Most new heaps act as an element the smaller heaps already have: each is
        // tried, and kept when the verification proves it.
        for e in 0..self.order as Elem {
            self.work(n.min(65) as u64)?;
            if !self.plausible(n, e) {
                continue;
            }
            self.heaps.truncate(n);
            self.heaps.push(e);
            match self.verify()? {
                Checked::Verified(states) => {
                    self.known.heaps = self.heaps.clone();
                    return Ok(states);
                }
                Checked::Wrong(_, k) => self.trust(k),
            }
        }
        self.heaps.truncate(n);
        self.trust_one_heap(n)?;
        self.reseed(n);
        let states = loop {
            self.close(n)?;
            let word = match self.hypothesis(n)? {
                Some(word) => word,
                None => match self.verify()? {
                    Checked::Verified(states) => break states,
                    Checked::Wrong(sum, k) => {
                        self.trust(k);
                        self.mispredicted(&sum)?
                    }
                },
            };
            self.refine(&word)?;
        };
        // The verified quotient of heaps 1..=n answers every sum of them.
        self.known = Known {
            order: self.order,
            mul: self.mul.clone(),
            p: self.p.clone(),
            heaps: self.heaps.clone(),
        };
        Ok(states)
    }

    /// Tries to trust the sums with one heap of `n` before the learning asks for sums
    /// with two, whose searches go through every sum with one. When the outcome of
    /// `n + Y` depends only on the element `y` of `Y` in the verified quotient of the
    /// smaller heaps (no class splits with one heap of `n`), the candidate made of
    /// that quotient, the elements `x·y` (P exactly when `n + Y` is, read on the
    /// lightest sum of each `y`) and an absorbing element `ω` (not P) for two heaps of
    /// `n` or more, is right on every sum with at most one heap of `n`: its layered
    /// verification then fails at two heaps or more, and trusts it with one. When a
    /// class does split, the verification fails at one heap and nothing is trusted.
    fn trust_one_heap(&mut self, n: usize) -> Result<(), SolveError> {
        let m = self.known.order;
        if 2 * m + 1 > MAX_ORDER {
            return Ok(());
        }
        self.reseed(n);
        let mut f = vec![false; m];
        let reps: Vec<(u32, Vec<u32>)> = self
            .access
            .iter()
            .map(|(sum, _)| (self.image_in_known(sum), sum.clone()))
            .collect();
        for (y, sum) in reps {
            let mut with = sum;
            with.push(n as u32);
            with.sort_unstable();
            f[y as usize] = self.truth(&with, 0)?;
        }
        let k = &self.known;
        let order = 2 * m + 1;
        let omega = (2 * m) as Elem;
        let mut mul = vec![omega; order * order];
        for a in 0..m {
            for b in 0..m {
                let ab = k.mul[a * m + b];
                mul[a * order + b] = ab;
                mul[a * order + m + b] = m as Elem + ab;
                mul[(m + a) * order + b] = m as Elem + ab;
            }
        }
        let p: Vec<bool> = k.p.iter().copied().chain(f).chain([false]).collect();
        let mut heaps = k.heaps.clone();
        heaps.push(m as Elem);
        let saved = (
            std::mem::replace(&mut self.order, order),
            std::mem::replace(&mut self.mul, mul),
            std::mem::replace(&mut self.p, p),
            std::mem::replace(&mut self.heaps, heaps),
        );
        let checked = self.verify();
        if let Ok(Checked::Wrong(_, k)) = &checked {
            self.trust(*k);
        }
        (self.order, self.mul, self.p, self.heaps) = saved;
        self.heaps.truncate(n);
        checked.map(|_| ())
    }

    /// The element of a sum of heaps below the newest in the verified quotient.
    fn image_in_known(&self, sum: &[u32]) -> Elem {
        let k = &self.known;
        sum.iter().fold(0, |e, &h| {
            k.mul[e as usize * k.order + k.heaps[h as usize] as usize]
        })
    }

    /// Starts the table for heap `n` from the verified quotient of heaps `1..n`: one
    /// access sum per element, the sum of fewest counters with that image (each an
    /// access sum plus a heap), and as few columns as tell them all apart, the
    /// lightest first. Light sums keep the exact outcomes the learning asks for
    /// cheap; the rows are those the learning would reach, since the verified
    /// quotient answers every sum without heap `n`.
    fn reseed(&mut self, n: usize) {
        let k = &self.known;
        let order = k.order;
        // Dijkstra over the elements, a heap of size a weighing a.
        let mut dist = vec![u64::MAX; order];
        let mut parent: Vec<(u32, u32)> = vec![(0, 0); order];
        let mut done = vec![false; order];
        let mut queue = std::collections::BinaryHeap::new();
        dist[0] = 0;
        queue.push(std::cmp::Reverse((0u64, 0u32)));
        let mut by_weight: Vec<u32> = Vec::with_capacity(order);
        while let Some(std::cmp::Reverse((d, e))) = queue.pop() {
            if done[e as usize] {
                continue;
            }
            done[e as usize] = true;
            by_weight.push(e);
            for a in 1..n {
                let t = k.mul[e as usize * order + k.heaps[a] as usize];
                let w = d + a as u64;
                if w < dist[t as usize] {
                    dist[t as usize] = w;
                    parent[t as usize] = (e, a as u32);
                    queue.push(std::cmp::Reverse((w, t)));
                }
            }
        }
        let mut reps: Vec<(Vec<u32>, Vec<u32>)> = vec![(Vec::new(), Vec::new()); order];
        for &e in &by_weight[1..] {
            let (before, a) = parent[e as usize];
            let (mut sum, mut word) = reps[before as usize].clone();
            sum.push(a);
            sum.sort_unstable();
            word.push(a);
            reps[e as usize] = (sum, word);
        }
        // Columns: the lightest sums that split the elements with equal rows.
        let mut columns: Vec<Vec<u32>> = vec![Vec::new()];
        let mut sig: Vec<Vec<bool>> = (0..order).map(|x| vec![k.p[x]]).collect();
        let distinct = |sig: &[Vec<bool>]| sig.iter().collect::<FxHashSet<_>>().len() == order;
        for &z in &by_weight[1..] {
            if distinct(&sig) {
                break;
            }
            let with: Vec<Vec<bool>> = (0..order)
                .map(|x| {
                    let mut r = sig[x].clone();
                    r.push(k.p[k.mul[x * order + z as usize] as usize]);
                    r
                })
                .collect();
            let groups = |s: &[Vec<bool>]| s.iter().collect::<FxHashSet<_>>().len();
            if groups(&with) > groups(&sig) {
                sig = with;
                columns.push(reps[z as usize].0.clone());
            }
        }
        self.access = by_weight
            .iter()
            .map(|&e| reps[e as usize].clone())
            .collect();
        self.columns = columns;
    }

    /// Whether (★) holds at heap `n` alone and at heap `n` plus each smaller heap when
    /// heap `n` is given the element `e` of the verified quotient of the smaller
    /// heaps: a necessary condition, checked before the whole verification.
    fn plausible(&self, n: usize, e: Elem) -> bool {
        let k = &self.known;
        let mul = |a: Elem, b: Elem| k.mul[a as usize * k.order + b as usize];
        let image = |sum: &[u32]| sum.iter().fold(0, |x, &h| mul(x, k.heaps[h as usize]));
        let below: Vec<Elem> = self.options[n].iter().map(|o| image(o)).collect();
        // Heap n with each smaller heap up to 64: enough to rule out most elements.
        (0..n.min(65)).all(|j| {
            let x = k.heaps[j];
            let mut has_move = !below.is_empty();
            let mut p_option = below.iter().any(|&m| k.p[mul(m, x) as usize]);
            if j > 0 {
                has_move |= !self.options[j].is_empty();
                p_option |= self.options[j]
                    .iter()
                    .any(|o| k.p[mul(e, image(o)) as usize]);
            }
            k.p[mul(e, x) as usize] == (has_move && !p_option)
        })
    }

    /// Trusts the candidate with the sums of fewer than `k` heaps of the newest size
    /// (the verification found them all predicted right) when no candidate trusted
    /// with more is kept.
    fn trust(&mut self, k: u32) {
        if k > self.trusted.as_ref().map_or(1, |t| t.newest) {
            self.trusted = Some(Trusted {
                newest: k,
                known: Known {
                    order: self.order,
                    mul: self.mul.clone(),
                    p: self.p.clone(),
                    heaps: self.heaps.clone(),
                },
            });
        }
    }

    /// The exact misère outcome of the sum `sum` (heap sizes, ascending, each added):
    /// whether the player to move loses. By the verified quotient when every heap is
    /// below the newest, else by search over its options, remembered.
    fn truth(&mut self, sum: &[u32], depth: usize) -> Result<bool, SolveError> {
        if let Some(v) = self.known_truth(sum) {
            return Ok(v);
        }
        if depth > MAX_DEPTH {
            return Err(SolveError::Limit {
                bound: Bound::States,
                what: format!("{DOING} follows lines of play of more than {MAX_DEPTH} moves"),
            });
        }
        if self.memo.len() as u64 >= self.limits.max_states {
            return Err(self.too_many("outcomes of sums"));
        }
        // A remembered sum: its heaps and the table's share (about 48 bytes).
        self.memo_bytes += 48 + 4 * sum.len() as u64;
        if self.memo_bytes > self.limits.max_memory {
            return Err(self.limits.memory_exceeded(DOING, self.memo_bytes));
        }
        self.work(1)?;
        // The options known without a search first (a losing one ends it), then the
        // others, largest heap first.
        let mut has_move = false;
        let mut p_option = false;
        let mut unknown: Vec<Vec<u32>> = Vec::new();
        'heaps: for i in (0..sum.len()).rev() {
            let h = sum[i] as usize;
            if i + 1 < sum.len() && sum[i + 1] as usize == h {
                continue;
            }
            for o in 0..self.options[h].len() {
                has_move = true;
                let mut next: Vec<u32> = Vec::with_capacity(sum.len() + 2);
                next.extend_from_slice(&sum[..i]);
                next.extend_from_slice(&sum[i + 1..]);
                next.extend_from_slice(&self.options[h][o]);
                next.sort_unstable();
                match self.known_truth(&next) {
                    Some(true) => {
                        p_option = true;
                        break 'heaps;
                    }
                    Some(false) => {}
                    None => unknown.push(next),
                }
            }
        }
        if !p_option {
            self.work(unknown.len() as u64)?;
            for next in unknown {
                if self.truth(&next, depth + 1)? {
                    p_option = true;
                    break;
                }
            }
        }
        let p = has_move && !p_option;
        self.memo.insert(sum.to_vec(), p);
        Ok(p)
    }

    /// The outcome of `sum` when it is known without a search: by the verified
    /// quotient of the smaller heaps, by the trusted candidate, or remembered.
    fn known_truth(&self, sum: &[u32]) -> Option<bool> {
        let by = |k: &Known| {
            let e = sum.iter().fold(0, |e, &h| {
                k.mul[e as usize * k.order + k.heaps[h as usize] as usize]
            });
            k.p[e as usize]
        };
        let newest = self.known.heaps.len() as u32;
        if sum.last().is_none_or(|&h| h < newest) {
            return Some(by(&self.known));
        }
        if let Some(t) = &self.trusted {
            let copies = sum.iter().rev().take_while(|&&h| h == newest).count();
            if (copies as u32) < t.newest {
                return Some(by(&t.known));
            }
        }
        self.memo.get(sum).copied()
    }

    /// A limit on the states (`--max-states`) reached while keeping `what`.
    fn too_many(&self, what: &str) -> SolveError {
        SolveError::Limit {
            bound: Bound::States,
            what: format!(
                "{DOING} of {} keeps more than {} {what}",
                self.family.name(),
                self.limits.max_states
            ),
        }
    }

    /// The row of the sum `sum`: the truth of `sum + e` for each column `e`.
    fn row(&mut self, sum: &[u32]) -> Result<Vec<bool>, SolveError> {
        let mut row = Vec::with_capacity(self.columns.len());
        for c in 0..self.columns.len() {
            let mut s: Vec<u32> = Vec::with_capacity(sum.len() + self.columns[c].len());
            s.extend_from_slice(sum);
            s.extend_from_slice(&self.columns[c]);
            s.sort_unstable();
            row.push(self.truth(&s, 0)?);
        }
        Ok(row)
    }

    /// Makes the table closed over heaps `1..=n`: every access sum plus a heap has the
    /// row of an access sum (adding access sums until it does), and records the moves.
    fn close(&mut self, n: usize) -> Result<(), SolveError> {
        let cells = (self.access.len() as u64).saturating_mul(self.columns.len() as u64);
        if cells >= self.limits.max_states {
            return Err(self.too_many("table entries"));
        }
        // The rows of the access sums (new columns may have been added).
        let mut rows = Vec::with_capacity(self.access.len());
        for s in 0..self.access.len() {
            let sum = self.access[s].0.clone();
            rows.push(self.row(&sum)?);
        }
        self.rows = FxHashMap::default();
        for (s, r) in rows.iter().enumerate() {
            self.rows.insert(r.clone(), s as u32);
        }
        self.table = rows;
        self.next = Vec::new();
        let mut s = 0;
        while s < self.access.len() {
            let mut moves = Vec::with_capacity(n);
            for a in 1..=n as u32 {
                let mut sum = self.access[s].0.clone();
                sum.push(a);
                sum.sort_unstable();
                let row = self.row(&sum)?;
                self.work(row.len() as u64)?;
                let fresh = self.access.len() as u32;
                let t = *self.rows.entry(row.clone()).or_insert(fresh);
                if t == fresh {
                    // Distinct rows are distinct classes: at most the quotient's order.
                    if self.access.len() >= MAX_ORDER {
                        return Err(self.too_large(n));
                    }
                    let mut word = self.access[s].1.clone();
                    word.push(a);
                    self.access.push((sum, word));
                    self.table.push(row);
                }
                moves.push(t);
            }
            self.next.push(moves);
            s += 1;
        }
        Ok(())
    }

    /// The limit on the order reached with heap `n`.
    fn too_large(&self, n: usize) -> SolveError {
        SolveError::Limit {
            bound: Bound::States,
            what: format!(
                "{DOING} of {} has more than {MAX_ORDER} elements with heap {n}",
                self.family.name()
            ),
        }
    }

    /// The hypothesis of the closed table over heaps `1..=n`: its automaton (access
    /// sums, moves by heaps) reduced to its least form; when the heaps commute in it, it
    /// becomes the candidate (`None`); otherwise a word (heap sizes in order of play)
    /// on which it mispredicts the sum.
    fn hypothesis(&mut self, n: usize) -> Result<Option<Vec<u32>>, SolveError> {
        let states = self.access.len();
        // Moore's refinement: states apart until their P-entries after every word agree.
        let p_entry: Vec<bool> = (0..states).map(|s| self.entry(s)).collect();
        let mut class: Vec<u32> = p_entry.iter().map(|&p| u32::from(p)).collect();
        let mut count = 0;
        loop {
            self.work((states * (n + 1)) as u64)?;
            let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
            let mut next = Vec::with_capacity(states);
            for s in 0..states {
                let mut sig = Vec::with_capacity(n + 1);
                sig.push(class[s]);
                sig.extend(self.next[s].iter().map(|&t| class[t as usize]));
                let fresh = ids.len() as u32;
                next.push(*ids.entry(sig).or_insert(fresh));
            }
            let now = ids.len();
            class = next;
            if now == count {
                break;
            }
            count = now;
        }
        // A member of each class, and the moves between classes.
        let mut member = vec![usize::MAX; count];
        for (s, &c) in class.iter().enumerate() {
            if member[c as usize] == usize::MAX {
                member[c as usize] = s;
            }
        }
        let moves: Vec<Vec<u32>> = member
            .iter()
            .map(|&s| self.next[s].iter().map(|&t| class[t as usize]).collect())
            .collect();
        let step = |c: u32, a: usize| moves[c as usize][a - 1];
        // The heaps must commute: otherwise two orders of one sum end in classes told
        // apart by some word, and one of the two predictions is wrong.
        for c in 0..count as u32 {
            self.work((n * n) as u64)?;
            for a in 1..=n {
                for b in a + 1..=n {
                    let (u, v) = (step(step(c, a), b), step(step(c, b), a));
                    if u != v {
                        let w = self.apart(&class, &member, n, u, v);
                        let mut ab = self.access[member[c as usize]].1.clone();
                        let mut ba = ab.clone();
                        ab.extend([a as u32, b as u32]);
                        ba.extend([b as u32, a as u32]);
                        ab.extend_from_slice(&w);
                        ba.extend_from_slice(&w);
                        let mut sum = ab.clone();
                        sum.sort_unstable();
                        let truth = self.truth(&sum, 0)?;
                        return Ok(Some(if self.predict(&ab) != truth { ab } else { ba }));
                    }
                }
            }
        }
        // The candidate: classes numbered in breadth-first order from the identity,
        // each the product of its parent and a heap.
        let mut number = vec![u32::MAX; count];
        let mut order: Vec<(u32, usize, u32)> = vec![(class[0], 0, 0)];
        number[class[0] as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            let c = order[i].0;
            for a in 1..=n {
                let t = step(c, a);
                if number[t as usize] == u32::MAX {
                    number[t as usize] = order.len() as u32;
                    order.push((t, a, i as u32));
                }
            }
            i += 1;
        }
        let size = order.len();
        if size > MAX_ORDER {
            return Err(self.too_large(n));
        }
        self.work((size * size) as u64)?;
        // x·y: x times y's parent, then y's heap.
        let mut mul = vec![0 as Elem; size * size];
        for x in 0..size {
            mul[x * size] = x as Elem;
            for y in 1..size {
                let (_, a, parent) = order[y];
                let before = mul[x * size + parent as usize];
                mul[x * size + y] = number[step(order[before as usize].0, a) as usize];
            }
        }
        self.order = size;
        self.mul = mul;
        self.p = order
            .iter()
            .map(|&(c, _, _)| p_entry[member[c as usize]])
            .collect();
        self.heaps = std::iter::once(0)
            .chain((1..=n).map(|a| number[step(class[0], a) as usize]))
            .collect();
        Ok(None)
    }

    /// Whether the table says the access sum `s` is a P-position (its entry at the
    /// empty column, the first).
    fn entry(&self, s: usize) -> bool {
        self.table[s][0]
    }

    /// A word taking the classes `u` and `v` (distinct after Moore's refinement) to one
    /// P-class and one other.
    fn apart(&self, class: &[u32], member: &[usize], n: usize, u: u32, v: u32) -> Vec<u32> {
        let p = |c: u32| self.entry(member[c as usize]);
        let step = |c: u32, a: usize| class[self.next[member[c as usize]][a - 1] as usize];
        let mut seen: FxHashMap<(u32, u32), (u32, u32, u32)> = FxHashMap::default();
        let mut queue = std::collections::VecDeque::from([(u, v)]);
        seen.insert((u, v), (u, v, 0));
        while let Some((x, y)) = queue.pop_front() {
            if p(x) != p(y) {
                let mut word = Vec::new();
                let mut at = (x, y);
                while at != (u, v) {
                    let (px, py, a) = seen[&at];
                    word.push(a);
                    at = (px, py);
                }
                word.reverse();
                return word;
            }
            for a in 1..=n {
                let t = (step(x, a), step(y, a));
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(t) {
                    e.insert((x, y, a as u32));
                    queue.push_back(t);
                }
            }
        }
        Vec::new()
    }

    /// What the table's automaton predicts for the word `word`: whether the state it
    /// reaches from the empty sum is a P-position.
    fn predict(&self, word: &[u32]) -> bool {
        let s = word
            .iter()
            .fold(0u32, |s, &a| self.next[s as usize][a as usize - 1]);
        self.entry(s as usize)
    }

    /// A word mispredicted by the candidate, from a sum at which the verification
    /// failed: the sum itself, or else one of its options (if the sum is predicted
    /// right, (★) fails because some option is predicted wrong).
    fn mispredicted(&mut self, sum: &[u32]) -> Result<Vec<u32>, SolveError> {
        if self.truth(sum, 0)? != self.p[self.image(sum) as usize] {
            return Ok(sum.to_vec());
        }
        for i in 0..sum.len() {
            let h = sum[i] as usize;
            for o in 0..self.options[h].len() {
                let mut next: Vec<u32> = Vec::with_capacity(sum.len() + 2);
                next.extend_from_slice(&sum[..i]);
                next.extend_from_slice(&sum[i + 1..]);
                next.extend_from_slice(&self.options[h][o]);
                next.sort_unstable();
                if self.truth(&next, 0)? != self.p[self.image(&next) as usize] {
                    return Ok(next);
                }
            }
        }
        Err(self.unverified())
    }

    /// The error of a candidate that cannot be verified (not expected: the learning
    /// always finds a mispredicted sum).
    fn unverified(&self) -> SolveError {
        SolveError::Input(format!(
            "{DOING} of {} could not be verified for heaps up to {}",
            self.family.name(),
            self.heaps.len() - 1
        ))
    }

    /// Adds to the columns the suffix of the mispredicted word `word` at which the
    /// truth of "access sum of the state reached + rest of the word" changes
    /// (Rivest–Schapire): the next closing then adds an access sum.
    fn refine(&mut self, word: &[u32]) -> Result<(), SolveError> {
        let mut states = vec![0u32];
        for &a in word {
            let s = *states.last().unwrap_or(&0);
            states.push(self.next[s as usize][a as usize - 1]);
        }
        let alpha = |this: &mut Self, i: usize| -> Result<bool, SolveError> {
            let mut s = this.access[states[i] as usize].0.clone();
            s.extend_from_slice(&word[i..]);
            s.sort_unstable();
            this.truth(&s, 0)
        };
        let k = word.len();
        let first = alpha(self, 0)?;
        if first == alpha(self, k)? {
            return Err(self.unverified());
        }
        let (mut lo, mut hi) = (0, k);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if alpha(self, mid)? == first {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let mut column = word[hi..].to_vec();
        column.sort_unstable();
        if self.columns.contains(&column) {
            return Err(self.unverified());
        }
        self.columns.push(column);
        Ok(())
    }

    /// Checks (★) of the module documentation on every reachable state: the number of
    /// states, or a sum whose state contradicts it with the number of heaps of the
    /// newest size in it.
    ///
    /// The states are visited in *layers*: layer `k` holds the states of the sums with
    /// exactly `k` heaps of the newest size (the states of layer 0 stepped by smaller
    /// heaps, layer `k + 1` those of layer `k` stepped by one newest heap, then by
    /// smaller heaps). So when (★) first fails in layer `k`, it holds at every sum
    /// with fewer newest heaps, and those sums — closed under moves, which never add a
    /// newest heap — are all predicted right (the induction of the module
    /// documentation, within them). When a layer brings no state not seen before,
    /// every later layer is made of seen states (each step of a seen state was taken
    /// in the layer after the one it was seen in), and every reachable state has been
    /// checked.
    fn verify(&mut self) -> Result<Checked, SolveError> {
        let order = self.order;
        let words = order.div_ceil(64);
        let has = |set: &[u64], z: usize| set[z / 64] >> (z % 64) & 1 == 1;
        let newest = self.heaps.len() - 1;
        // Kinds of heap (its element, whether it has a move, and E: the w with w·m ∈ P
        // for an image m of one of its options), one heap of each (the least): heaps
        // of one kind step states alike. The newest heap is kept apart (the last).
        let mut kinds: Vec<(Elem, bool, Vec<u64>, usize)> = Vec::new();
        for n in 1..=newest {
            let mut images: Vec<usize> = self.options[n]
                .iter()
                .map(|o| self.image(o) as usize)
                .collect();
            images.sort_unstable();
            images.dedup();
            self.work((order * images.len()) as u64 + 1)?;
            let mut e = vec![0u64; words];
            for w in 0..order {
                if images
                    .iter()
                    .any(|&m| self.p[self.mul[w * order + m] as usize])
                {
                    e[w / 64] |= 1 << (w % 64);
                }
            }
            let kind = (self.heaps[n], !images.is_empty(), e, n);
            if n == newest
                || !kinds
                    .iter()
                    .any(|k| (k.0, k.1, &k.2) == (kind.0, kind.1, &kind.2))
            {
                kinds.push(kind);
            }
        }
        let last = kinds.len() - 1;
        // A state: [Φ(c) + 2^32 when c has a move, then the set D(c)]; each seen state
        // is checked once.
        let mut seen: FxHashMap<Box<[u64]>, u32> = FxHashMap::default();
        let mut states: Vec<Box<[u64]>> = Vec::new();
        // Visits: (state, visit before, heap added), to name a sum.
        let mut visits: Vec<(u32, u32, u32)> = Vec::new();
        let max_states = self.limits.max_states;
        let too_many = |b: &Self| SolveError::Limit {
            bound: Bound::States,
            what: format!(
                "the verification of {DOING} of {} needs more than {max_states} states",
                b.family.name()
            ),
        };
        // A state's number, and whether it is new (none past `max` states).
        fn intern(
            seen: &mut FxHashMap<Box<[u64]>, u32>,
            states: &mut Vec<Box<[u64]>>,
            t: Box<[u64]>,
            max: u64,
        ) -> Option<(u32, bool)> {
            if let Some(&id) = seen.get(&t) {
                return Some((id, false));
            }
            if states.len() as u64 >= max {
                return None;
            }
            let id = states.len() as u32;
            seen.insert(t.clone(), id);
            states.push(t);
            Some((id, true))
        }
        let start: Box<[u64]> = vec![0u64; 1 + words].into_boxed_slice();
        seen.insert(start.clone(), 0);
        states.push(start);
        visits.push((0, 0, 0));
        // The visits that start the layer.
        let mut frontier: Vec<u32> = vec![0];
        // Whether the layer has a state not seen in the layers before it.
        let mut fresh = true;
        for k in 0u32.. {
            let mut in_layer: FxHashSet<u32> = FxHashSet::default();
            let mut layer: Vec<u32> = Vec::new();
            let mut queue: Vec<u32> = Vec::new();
            for &v in &frontier {
                if in_layer.insert(visits[v as usize].0) {
                    queue.push(v);
                }
            }
            while let Some(v) = queue.pop() {
                layer.push(v);
                let at = visits[v as usize].0;
                let s = states[at as usize].clone();
                let q = (s[0] & u64::from(u32::MAX)) as usize;
                let has_move = s[0] >> 32 == 1;
                if self.p[q] != (has_move && !has(&s[1..], 0)) {
                    let mut sum = Vec::new();
                    let mut i = v;
                    while i != 0 {
                        let (_, before, h) = visits[i as usize];
                        sum.push(h);
                        i = before;
                    }
                    sum.sort_unstable();
                    return Ok(Checked::Wrong(sum, k));
                }
                // One unit per state reached (each step costs at most MAX_ORDER
                // bit tests).
                self.work(kinds.len() as u64 + 1)?;
                for (x, moves, e, n) in &kinds[..last] {
                    let t = Self::step(&self.mul, order, &s, *x, *moves, e);
                    let (id, new) = intern(&mut seen, &mut states, t, max_states)
                        .ok_or_else(|| too_many(self))?;
                    fresh |= new;
                    if in_layer.insert(id) {
                        if visits.len() as u64 >= max_states {
                            return Err(too_many(self));
                        }
                        visits.push((id, v, *n as u32));
                        queue.push(visits.len() as u32 - 1);
                    }
                }
            }
            if !fresh {
                break;
            }
            fresh = false;
            // The next layer: every state of this one plus a newest heap.
            let (x, moves, e, n) = &kinds[last];
            frontier = Vec::with_capacity(layer.len());
            for &v in &layer {
                let s = states[visits[v as usize].0 as usize].clone();
                self.work(1)?;
                let t = Self::step(&self.mul, order, &s, *x, *moves, e);
                let (id, new) =
                    intern(&mut seen, &mut states, t, max_states).ok_or_else(|| too_many(self))?;
                fresh |= new;
                if visits.len() as u64 >= max_states {
                    return Err(too_many(self));
                }
                visits.push((id, v, *n as u32));
                frontier.push(visits.len() as u32 - 1);
            }
        }
        self.limits.charge_work(self.unpaid, DOING)?;
        self.unpaid = 0;
        Ok(Checked::Verified(states.len() as u64))
    }

    /// The state of `c + j` from the state `s` of `c`, for a heap `j` of element `x`,
    /// with a move or not, and whose options' images `m` make `w·m ∈ P` for the `w`
    /// of `e` (see the module documentation).
    fn step(mul: &[Elem], order: usize, s: &[u64], x: Elem, moves: bool, e: &[u64]) -> Box<[u64]> {
        let has = |set: &[u64], z: usize| set[z / 64] >> (z % 64) & 1 == 1;
        let words = order.div_ceil(64);
        let q = (s[0] & u64::from(u32::MAX)) as usize;
        let has_move = s[0] >> 32 == 1;
        let x = x as usize;
        let mut t = vec![0u64; 1 + words].into_boxed_slice();
        t[0] = u64::from(mul[q * order + x]) | u64::from(has_move || moves) << 32;
        for z in 0..order {
            if has(&s[1..], mul[x * order + z] as usize) || has(e, mul[q * order + z] as usize) {
                t[1 + z / 64] |= 1 << (z % 64);
            }
        }
        t
    }

    /// The generator heaps (each not generated by the smaller heaps) and the least
    /// `m` whose heaps generate everything.
    fn generators(&self) -> (Vec<usize>, usize) {
        let mut reached = vec![false; self.order];
        reached[0] = true;
        let mut list: Vec<Elem> = vec![0];
        let mut gens = Vec::new();
        let mut by = 0;
        for n in 1..self.heaps.len() {
            let x = self.heaps[n];
            if reached[x as usize] {
                continue;
            }
            gens.push(n);
            by = n;
            // Close the submonoid under multiplication by x.
            let mut i = 0;
            while i < list.len() {
                let y = self.mul(list[i], x);
                if !reached[y as usize] {
                    reached[y as usize] = true;
                    list.push(y);
                }
                i += 1;
            }
            // Everything reached times x again (the closure is by x and the earlier
            // generators: products of reached elements by generators).
            let mut j = 0;
            while j < list.len() {
                for &g in &gens {
                    let y = self.mul(list[j], self.heaps[g]);
                    if !reached[y as usize] {
                        reached[y as usize] = true;
                        list.push(y);
                    }
                }
                j += 1;
            }
        }
        (gens, by.max(1).min(self.heaps.len().saturating_sub(1)))
    }
}

/// The position of one heap of `n`.
fn heap(n: usize) -> Pos {
    smallvec::smallvec![Nat::from(n as u64)]
}

/// Largest heap for which [`misere`] computes a quotient: beyond it the sum goes to
/// the whole-sum search.
pub const MAX_SOLVED_HEAP: u64 = 1_000;

/// Most families whose quotients a thread keeps (the cache is emptied beyond).
const CACHED_FAMILIES: usize = 4;

thread_local! {
    /// The quotients computed in this thread, by family name: the largest bound.
    static CACHE: RefCell<HashMap<String, Rc<Quotient>>> = RefCell::new(HashMap::new());
}

/// The quotient of heaps `1..=bound` (or more) of `family`, computed once per
/// thread and family and kept.
pub fn cached(
    family: &dyn Family,
    bound: usize,
    limits: &Limits,
) -> Result<Rc<Quotient>, SolveError> {
    let name = family.name();
    if let Some(q) = CACHE.with(|c| c.borrow().get(&name).cloned())
        && q.bound() >= bound
    {
        return Ok(q);
    }
    let q = Rc::new(Quotient::compute(family, bound, limits)?);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        // A long-lived thread (a server's) keeps at most a few families' quotients:
        // each may hold a table of up to MAX_ORDER² entries.
        if c.len() >= CACHED_FAMILIES && !c.contains_key(&name) {
            c.clear();
        }
        c.insert(name, q.clone());
    });
    Ok(q)
}

/// The quotient of `family` already computed in this thread up to `bound` or more,
/// without computing anything.
pub fn known(family: &dyn Family, bound: u64) -> Option<Rc<Quotient>> {
    let name = family.name();
    CACHE
        .with(|c| c.borrow().get(&name).cloned())
        .filter(|q| q.bound() as u64 >= bound)
}

/// The heap sizes of a sum when it is a sum of one-heap components of one heap
/// family other than Nim (whose misère rule is Bouton's), with its family; `None`
/// otherwise.
pub fn one_family_heaps<C: Components + ?Sized>(
    components: &C,
) -> Option<(Rc<dyn Family>, Vec<u64>)> {
    let mut family: Option<(Rc<dyn Family>, String)> = None;
    let mut sizes = Vec::with_capacity(components.count());
    let mut same = |f: &Rc<dyn Family>| -> bool {
        match &family {
            Some((g, name)) => Rc::ptr_eq(g, f) || *name == f.name(),
            None => {
                if !f.is_heap_family() || !f.is_numbered_heap() {
                    return false;
                }
                family = Some((f.clone(), f.name()));
                true
            }
        }
    };
    for s in components.stretches() {
        match s {
            Stretch::Heaps {
                family: f,
                sizes: s,
            } => {
                if !same(f) {
                    return None;
                }
                sizes.extend_from_slice(s);
            }
            Stretch::One(c) => {
                if !same(&c.family) {
                    return None;
                }
                sizes.push(c.heap_size()?.to_u64()?);
            }
        }
    }
    let (f, _) = family?;
    if let Some(&n) = sizes.first()
        && f.nim_heap(&heap(n as usize)).is_some()
    {
        return None;
    }
    Some((f, sizes))
}

/// Misère play of a sum of heaps of one heap game (other than Nim) by its misère
/// quotient up to the largest heap: the outcome from the product of the heaps'
/// elements, and every winning move (to a position whose element is in the
/// P-portion), at most `max_moves`. `Ok(None)` when the sum is not of that kind or
/// its largest heap is above [`MAX_SOLVED_HEAP`]; an error when the quotient cannot be
/// computed within `limits`.
pub fn misere<C: Components + ?Sized>(
    components: &C,
    limits: &Limits,
    max_moves: usize,
) -> Result<Option<(Analysis, Rc<Quotient>)>, SolveError> {
    let Some((family, sizes)) = one_family_heaps(components) else {
        return Ok(None);
    };
    let largest = sizes.iter().copied().max().unwrap_or(0);
    if largest > MAX_SOLVED_HEAP {
        return Ok(None);
    }
    let q = cached(&*family, largest.max(1) as usize, limits)?;
    let elems: Vec<Elem> = sizes.iter().map(|&n| q.heap(n).unwrap_or(0)).collect();
    // The product of the other heaps: prefix times suffix.
    let mut suffix = vec![0 as Elem; elems.len() + 1];
    for i in (0..elems.len()).rev() {
        suffix[i] = q.mul(elems[i], suffix[i + 1]);
    }
    let total = suffix[0];
    let lost = q.is_p(total);
    let mut winning = Vec::new();
    let mut truncated = false;
    if !lost {
        // The moves of each heap size, with the element each leaves, listed once.
        let mut listed: HashMap<u64, Vec<(super::family::Move, Elem)>> = HashMap::new();
        let mut prefix: Elem = 0;
        'heaps: for (i, &n) in sizes.iter().enumerate() {
            let rest = q.mul(prefix, suffix[i + 1]);
            prefix = q.mul(prefix, elems[i]);
            if let std::collections::hash_map::Entry::Vacant(slot) = listed.entry(n) {
                let mut sink =
                    MoveSink::new(usize::try_from(MAX_LISTED_MOVES).unwrap_or(usize::MAX));
                family.moves(&heap(n as usize), limits, &mut sink)?;
                let moves = sink
                    .moves
                    .into_iter()
                    .map(|m| {
                        let e = m.to.iter().fold(0, |e, p| {
                            let h = p.first().and_then(Nat::to_u64).unwrap_or(0);
                            q.mul(e, q.heap(h).unwrap_or(0))
                        });
                        (m, e)
                    })
                    .collect();
                slot.insert(moves);
            }
            for (m, e) in &listed[&n] {
                if q.is_p(q.mul(rest, *e)) {
                    if winning.len() == max_moves {
                        truncated = true;
                        break 'heaps;
                    }
                    winning.push(WinningMove {
                        component: i,
                        mv: m.clone(),
                    });
                }
            }
        }
    }
    let analysis = Analysis {
        outcome: if lost { Outcome::P } else { Outcome::N },
        grundy: None,
        values: Values::unknown(sizes.len()),
        winning,
        truncated,
        complete: true,
        infinite: Vec::new(),
        infinite_total: None,
        ordinal: None,
    };
    Ok(Some((analysis, q)))
}

/// The element of a sum (the product of its heaps' elements) written as the least
/// word, and the words of the distinct heaps, for explanations.
pub fn explain(q: &Quotient, sizes: &[u64]) -> Vec<String> {
    let pres = q.presentation();
    let word = |e: Elem| word_text(&pres.words[e as usize]);
    let (lost, e) = q.decide(sizes).unwrap_or((false, 0));
    let mut distinct: Vec<u64> = sizes.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let shown: Vec<String> = distinct
        .iter()
        .take(12)
        .map(|&n| format!("{}({n}) = {}", q.family(), word(q.heap(n).unwrap_or(0))))
        .collect();
    let more = if distinct.len() > 12 { ", …" } else { "" };
    let p: Vec<String> = q.p_portion().into_iter().map(word).collect();
    vec![
        format!(
            "Misère quotient (Plambeck–Siegel) of {} heaps up to {}: a commutative monoid of order {}; a sum is worth the product of its heaps' elements, and the player to move loses exactly when that product is in the P-portion {{{}}}.",
            q.family(),
            q.bound(),
            q.order(),
            p.join(", ")
        ),
        format!("{}{more}.", shown.join(", ")),
        format!(
            "The product is {}, {} the P-portion: the player to move {}.",
            word(e),
            if lost { "in" } else { "not in" },
            if lost {
                "loses"
            } else {
                "wins by moving to a position whose product is in it"
            }
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::takebreak::{TakeBreak, TakeBreakFamily, Wording};

    fn octal(digits: &[u8]) -> TakeBreakFamily {
        TakeBreakFamily::new(TakeBreak::new("t", digits, false, Wording::Heaps).unwrap())
    }

    #[test]
    fn misere_nim_with_heaps_of_one_and_two() {
        // 0.33 is Nim with heaps of at most 2 moves' reach; heaps 1 and 2 are Nim
        // heaps. Bouton's misère rule: a sum of i ones and j twos is lost for the
        // player to move when j = 0 and i odd, or j ≥ 1 and i, j both even. Classes:
        // i mod 2, and j as 0, 1, even ≥ 2, odd ≥ 3 (j = 1 and j = 3 agree whatever is
        // added): ⟨a, b | a² = 1, b³ = b⟩, order 6, P = {a, b²}.
        let q = Quotient::compute(&octal(&[0, 3, 3]), 2, &Limits::default()).unwrap();
        assert_eq!(q.order(), 6);
        let pres = q.presentation();
        let p: Vec<String> = q
            .p_portion()
            .into_iter()
            .map(|e| word_text(&pres.words[e as usize]))
            .collect();
        assert_eq!(p, ["a", "b²"]);
        let rel: Vec<String> = pres
            .relations
            .iter()
            .map(|(l, r)| format!("{} = {}", word_text(l), word_text(r)))
            .collect();
        assert_eq!(rel, ["a² = 1", "b³ = b"]);
    }

    #[test]
    fn octal_075_is_plambecks_r8() {
        // Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5
        // (2005) G5: the misère quotient of 0.75 is R8 = ⟨a, b, c | a² = 1, b³ = b,
        // bc = ab, c² = b²⟩ of order 8, with P-portion {a, b²}.
        let q = Quotient::compute(&octal(&[0, 7, 5]), 30, &Limits::default()).unwrap();
        assert_eq!(q.order(), 8);
        assert_eq!(q.generators().len(), 3);
        let pres = q.presentation();
        let words: Vec<String> = q
            .p_portion()
            .into_iter()
            .map(|e| word_text(&pres.words[e as usize]))
            .collect();
        assert_eq!(words, ["a", "b²"]);
        let mut rel: Vec<String> = pres
            .relations
            .iter()
            .map(|(l, r)| format!("{} = {}", word_text(l), word_text(r)))
            .collect();
        rel.sort();
        assert_eq!(rel, ["a² = 1", "bc = ab", "b³ = b", "c² = b²"]);
    }

    #[test]
    fn the_quaternary_game_0_312_as_plambeck_solved_it() {
        // Plambeck, "The game .312" (plambeck.org, misère octal games, quaternary
        // games; solved 4 February 2003): except for the heap of 4 (A), the heaps
        // act as adders :1, :2, :4, then :4 and :5 alternately (period two); "we can
        // pretend that A + A = :0". So heap 4's element squares to the identity, heaps
        // 5, 7, 9, … share heap 3's element and heaps 6, 8, 10, … another, and
        // heaps 1 to 4 generate the quotient.
        let q = Quotient::compute(&octal(&[0, 3, 1, 2]), 30, &Limits::default()).unwrap();
        let x = |n: u64| q.heap(n).unwrap();
        assert_eq!(q.mul(x(4), x(4)), 0);
        for n in (5..=29).step_by(2) {
            assert_eq!(x(n), x(3), "heap {n}");
            assert_eq!(x(n + 1), x(6), "heap {}", n + 1);
        }
        assert_ne!(x(3), x(6));
        assert_eq!(q.stable_from(), 4);
        // And every sum of at most 4 heaps up to 8 agrees with the whole-sum search.
        agrees_with_search("q0312", &[0, 3, 1, 2], 8, 4);
    }

    /// Every sum of at most `most` heaps of sizes 1..=`to` decided by the quotient
    /// agrees with the exhaustive misère search of the whole sum, and so do the
    /// winning moves of each.
    fn agrees_with_search(name: &str, digits: &[u8], to: usize, most: usize) {
        use crate::impartial::sum::Component;
        use crate::search::impartial::{Solver, misere as search};
        use sprague_core::Play;
        let family: Rc<dyn Family> = Rc::new(TakeBreakFamily::new(
            TakeBreak::new(name, digits, false, Wording::Heaps).unwrap(),
        ));
        let limits = Limits::default();
        let q = Quotient::compute(&*family, to, &limits).unwrap();
        let mut solver = Solver::new(Play::Misere, &limits, 50_000_000);
        let mut sums: Vec<Vec<u64>> = vec![Vec::new()];
        let mut checked = 0;
        for _ in 0..most {
            let mut next = Vec::new();
            for s in &sums {
                for h in s.last().copied().unwrap_or(1)..=to as u64 {
                    let mut t = s.clone();
                    t.push(h);
                    next.push(t);
                }
            }
            for s in &next {
                let comps: Vec<Component> =
                    s.iter().map(|&n| Component::heap(&family, n)).collect();
                let by_search = search(&comps, &limits, &mut solver, usize::MAX).unwrap();
                let (by_quotient, _) = misere(&comps, &limits, usize::MAX).unwrap().unwrap();
                assert_eq!(by_quotient.outcome, by_search.outcome, "{name} {s:?}");
                let moves = |a: &Analysis| {
                    let mut m: Vec<(usize, String)> = a
                        .winning
                        .iter()
                        .map(|w| (w.component, w.mv.to_text(&*family)))
                        .collect();
                    m.sort();
                    m
                };
                assert_eq!(moves(&by_quotient), moves(&by_search), "{name} {s:?}");
                checked += 1;
            }
            sums = next;
        }
        assert!(q.order() > 1 && checked > 100);
    }

    #[test]
    fn quotients_agree_with_the_whole_sum_search() {
        agrees_with_search("q075", &[0, 7, 5], 8, 4);
        agrees_with_search("q077", &[0, 7, 7], 8, 4);
        agrees_with_search("q007", &[0, 0, 7], 9, 4);
        agrees_with_search("q033", &[0, 3, 3], 8, 4);
        agrees_with_search("q0333", &[0, 3, 3, 3], 8, 4);
    }

    #[test]
    fn heaps_that_split_classes_agree_with_the_whole_sum_search() {
        // Kayles (0.77) and Dawson's Kayles (0.07): heaps 9 and 10 split classes of the
        // smaller heaps' quotients; every sum of at most 4 heaps up to 12 is checked.
        agrees_with_search("k077", &[0, 7, 7], 12, 4);
        agrees_with_search("k007", &[0, 0, 7], 12, 4);
    }

    #[test]
    fn kayles_heaps_past_the_first_splits_agree_with_the_whole_sum_search() {
        // Kayles heaps 25 and 27 bring new elements (the learning's exact outcomes of
        // sums with one and two such heaps, the trust of the layered verification);
        // sums of them with smaller heaps are decided by the exhaustive search too.
        use crate::impartial::sum::Component;
        use crate::search::impartial::Solver;
        use sprague_core::Play;
        let family: Rc<dyn Family> = Rc::new(TakeBreakFamily::new(
            TakeBreak::new("k", &[0, 7, 7], false, Wording::Pins).unwrap(),
        ));
        let limits = Limits::default();
        let q = Quotient::compute(&*family, 30, &limits).unwrap();
        let mut solver = Solver::new(Play::Misere, &limits, 50_000_000);
        let mut sums: Vec<Vec<u64>> = Vec::new();
        for a in [25, 26, 27, 30] {
            for b in 1..=12 {
                sums.push(vec![a, b]);
                for c in [1, 2, 5, 9] {
                    sums.push(vec![a, b, c]);
                }
            }
        }
        sums.extend([vec![25, 25], vec![25, 27], vec![27, 27], vec![25, 27, 5]]);
        for s in &sums {
            let comps: Vec<Component> = s.iter().map(|&n| Component::heap(&family, n)).collect();
            let win = solver.decide(&comps).unwrap().win;
            assert_eq!(q.decide(s).unwrap().0, !win, "kayles {s:?}");
        }
    }

    #[test]
    fn a_split_class_is_split() {
        // Kayles heaps 1..8 have a quotient in which kayles(5) + kayles(5) is the
        // identity (it is 0 among those heaps), but kayles(9) tells them apart:
        // kayles(9) and kayles(5,5,9) differ (the exhaustive search decides both). The
        // quotient of heaps 1..9 splits the class.
        use crate::impartial::sum::Component;
        use crate::search::impartial::Solver;
        use sprague_core::Play;
        let family: Rc<dyn Family> = Rc::new(TakeBreakFamily::new(
            TakeBreak::new("k", &[0, 7, 7], false, Wording::Pins).unwrap(),
        ));
        let limits = Limits::default();
        let mut solver = Solver::new(Play::Misere, &limits, 10_000_000);
        let mut win = |s: &[u64]| {
            let comps: Vec<Component> = s.iter().map(|&n| Component::heap(&family, n)).collect();
            solver.decide(&comps).unwrap().win
        };
        let (nine, five_five_nine) = (win(&[9]), win(&[5, 5, 9]));
        assert_ne!(nine, five_five_nine);
        let q8 = Quotient::compute(&*family, 8, &limits).unwrap();
        assert_eq!(q8.decide(&[5, 5]).unwrap().1, 0);
        let q9 = Quotient::compute(&*family, 9, &limits).unwrap();
        assert_ne!(q9.decide(&[5, 5]).unwrap().1, 0);
        assert_eq!(q9.decide(&[9]).unwrap().0, !nine);
        assert_eq!(q9.decide(&[5, 5, 9]).unwrap().0, !five_five_nine);
    }

    #[test]
    fn the_learning_stops_at_its_bound() {
        // A small bound on the work: a limit, never a wrong quotient.
        let limits = Limits {
            max_states: 50,
            ..Limits::default()
        };
        assert!(matches!(
            Quotient::compute(&octal(&[0, 7, 7]), 12, &limits),
            Err(SolveError::Limit { .. })
        ));
        // The outcomes remembered are bounded by the memory allowed.
        let limits = Limits {
            max_memory: 1_000,
            ..Limits::default()
        };
        assert!(matches!(
            Quotient::compute(&octal(&[0, 7, 7]), 12, &limits),
            Err(SolveError::Limit {
                bound: Bound::Memory,
                ..
            })
        ));
    }
}

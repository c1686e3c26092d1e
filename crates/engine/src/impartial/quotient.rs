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
//! The module builds a candidate `(Q, Φ, P)` heap by heap and *verifies* it after
//! each heap; only a verified candidate is ever answered, so the building needs no
//! theorem, only the verification does. No outcome of an explicit sum is searched.
//!
//! **An old element first.** Most new heaps act as an element the quotient of
//! heaps `1..n−1` already has. Each element is tried as the new heap's (after a
//! cheap necessary check on heap `n` with each smaller heap), and the first one the
//! verification proves is kept. Only when none is proved is heap `n` added copy by
//! copy, as below.
//!
//! **Relative languages.** The construction is stated for a language more general
//! than the misère P-positions, so that it can call itself. A *base* is a verified
//! finite commutative monoid `K` with an element `κ_i` for each heap `i` (so `κ(c)`
//! for a sum `c`), a set `Bad ⊆ K` and a flag `f`. Its language is defined by
//! induction on sums: `c ∈ L` ⟺ (`c` has a move or `f`) and `κ(c) ∉ Bad` and no
//! option of `c` is in `L`. With the trivial base (`K` of one element, `Bad`
//! empty, `f` false) `L` is the set of misère P-positions. A candidate for it is a
//! monoid `Q` as above with a homomorphism `π: Q → K`, `π(x_i) = κ_i` (so
//! `π(Φ(c)) = κ(c)`, checked by the verification), and the claim of the verification
//! below becomes: `c ∈ L` ⟺ `Φ(c) ∈ P`.
//!
//! **Sums with copies of a new heap.** Let `L` be the language of a base, heap `n`
//! be added, and `L_j(Y) = L(j·n + Y)` for the sums `Y` of heaps `1..n−1` (`L_0` is
//! predicted by the verified quotient `R_0` of those heaps). For `j ≥ 1`, `L_j` is
//! the language of the base `R_{j−1}` (the verified quotient predicting `L_{j−1}`,
//! with its heaps' elements), `Bad_j` = the `r` with `κ_n^j·π(r) ∈ Bad` or
//! `ρ(O)·r ∈ P_{j−1}` for an option `O` of heap `n` (`ρ(O)` its element in
//! `R_{j−1}`), and `f_j` = `f` or heap `n` has a move. Proof: `j·n + Y` has a move
//! exactly when `Y` or heap `n` has one; `κ(j·n + Y) = κ_n^j·κ(Y)`; its options are
//! `(j−1)·n + O + Y`, in `L` exactly when `L_{j−1}(O + Y)`, that is `ρ(O)·ρ(Y) ∈
//! P_{j−1}`, and `j·n + Y'` for the options `Y'` of `Y`, in `L` exactly when
//! `L_j(Y')` — the definition of the language of that base. ∎ So `R_j`, the quotient
//! of heaps `1..n−1` for `L_j`, is computed by the same construction (over fewer
//! heaps), relative to `R_{j−1}`, for `j = 1, 2, …` until `L_k = L_i` for some `i <
//! k` (the `P`-portions of `k` and `i` agree on every element of `R_k`, read down
//! the maps `π`) with `κ_n^k = κ_n^i`. Then `L_{k+1} = L_{i+1}` (the same base data
//! define them), and so on: `k` copies of `n` act as `i` copies. The automaton whose
//! states are `(j, r)`, `j < k` copies of `n` and an element `r` of `R_k`, with heap
//! `a < n` multiplying `r` by its element, heap `n` moving `j` to `j + 1` (`k` to
//! `i`), `(j, r)` in `P` when `r` is in `P_j`, and `π(j, r) = κ_n^j·π(r)`, predicts
//! every sum of heaps `1..n`. Moore's refinement (states apart until their `P` and
//! `π` after every word agree) reduces it; its states, numbered from the empty sum's,
//! form the candidate, which is verified like any other. When the quotient of heaps
//! `1..n` is finite, the powers of heap `n` repeat in it, so some `k` is found (at most
//! 64 are tried; the limits bound the rest).
//!
//! **Guessing within a level.** A level `R_j` is first built giving each heap the
//! first old element that passes the cheap check, unverified, and verified once at
//! its end; only when that verification fails (or anything built on a wrong guess
//! fails) is it built again verifying each heap. Soundness needs only the final
//! verification: it proves (★) below at every sum of the level. Levels are kept by
//! their base (products, heaps' elements, `Bad`, `f`, number of heaps), which
//! determines their language, and reused.
//!
//! **Verification** (what makes the answer true). A candidate is a finite commutative
//! monoid `Q` with an element `x_i` for each heap `i` and a subset `P`; `Φ(c) = ∏
//! x_i^{c_i}` for a sum `c` with `c_i` heaps of size `i`. Claim: if for every sum `c`
//!
//! > `Φ(c) ∈ P` ⟺ (`c` has a move or `f`) and `π(Φ(c)) ∉ Bad` and, for every heap
//! > `i` of `c` and every option image `m ∈ M_i`, `Φ(c − i)·m ∉ P`             (★)
//!
//! (`M_i` the images of the options of heap `i`; with the trivial base the first two
//! conditions are "`c` has a move") then `c ∈ L` ⟺ `Φ(c) ∈ P` for every sum `c`
//! (with the trivial base: `o⁻(c) = P` ⟺ `Φ(c) ∈ P`). Proof: by induction on `c` in
//! the multiset order of its heap sizes (a move replaces a heap by smaller heaps, so
//! every option is smaller, and the order is well founded). The options of `c` are
//! `c − i + O` with images `Φ(c − i)·Φ(O)`; by induction each is in `L` exactly when
//! its image is in `P`; `π(Φ(c)) = κ(c)` as `π` is a homomorphism sending each heap's
//! element to `κ_i`; so the right side of (★) is the definition of `c ∈ L`. ∎
//!
//! (★) is checked on finitely many *states*: the state of `c` is `Φ(c)`, whether `c`
//! has a move, and the set `D(c)` of the `z` in `Q` such that `Φ(c − i)·z·m ∈ P` for
//! some heap `i` of `c` and `m ∈ M_i`. The right side of (★) is "`c` has a move and
//! the identity is not in `D(c)`": a function of the state. Adding a heap `j` maps the
//! state of `c` to that of `c + j`: `Φ` is multiplied by `x_j`, and `z ∈ D(c + j)`
//! exactly when `x_j·z ∈ D(c)` (the heaps of `c`, now with `c + j − i`) or `Φ(c)·z·m
//! ∈ P` for some `m ∈ M_j` (heap `j` itself). So every sum's state is reached from the
//! state of 0 by a search over these steps, which is finite because `Q` is. The
//! verification visits every reachable state and checks (★) there.
//!
//! **From a verified candidate to the quotient.** When `Φ` predicts every outcome,
//! `G ≡ H` exactly when `Φ(G)·y ∈ P ⟺ Φ(H)·y ∈ P` for every `y` in `Q` (the images of
//! the sums `X` are all of `Q`, which the heaps generate). A new heap given an old
//! element leaves the elements of the quotient of heaps `1..n−1`, told apart by its
//! sums; Moore's refinement left no two states that every word of heaps (every `y`)
//! fails to tell apart. So no two elements of the verified `Q` are merged by `≡`, and
//! every element is the image of a sum: the verified `Q` *is* the misère quotient of
//! `A_n`.
//!
//! **What is claimed.** The quotient of heaps `1..n` for the `n` asked. When heaps
//! `1..m` already generate it, the quotient of `A_k` for every `k` from `m` to `n` is
//! the same monoid (the images of `A_k` are all of `Q`, and no two elements of `Q`
//! are indistinguishable by them): "stable over heaps `m..=n`". Nothing is claimed
//! beyond `n`: a quotient that has not grown for a while may still grow later.
//!
//! A candidate that fails the verification is never used.

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
/// bytes, 256 MiB at this order). A smaller `--max-memory` lowers it: a table may
/// take at most a quarter of the memory allowed.
pub const MAX_ORDER: usize = 8192;

/// Most elements of a level built on guesses (see `Builder::max_order`).
const MAX_GUESSED_ORDER: usize = 2048;

/// Most states of the automaton that assembles a new heap's levels (each has a
/// transition per heap).
const MAX_ASSEMBLED: usize = 64 * 2048;

/// Most builders of levels nested in one another (each is a few stack frames).
const MAX_NESTING: usize = 200;

/// Most copies of one heap the construction tells apart.
const MAX_COPIES: usize = 64;

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
        let mut b = Builder::new(family, limits, Base::trivial());
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

/// What a builder's language is relative to (see "Sums with copies of a new heap"
/// in the module documentation): a verified monoid `K` with the element of each heap,
/// a set `Bad` of its elements and whether the sums always have a move. The language
/// learnt is `L(c)` = (`c` has a move or `moves`) and `K(c) ∉ Bad` and no option of
/// `c` is in `L`; with the trivial base (`K` of one element, `Bad` empty, `moves`
/// false) it is the set of misère P-positions.
#[derive(Clone)]
struct Base {
    order: usize,
    mul: Vec<Elem>,
    /// The element of each heap (index = size); empty for the trivial base.
    heaps: Vec<Elem>,
    bad: Vec<bool>,
    moves: bool,
}

impl Base {
    /// The base of the misère quotient itself.
    fn trivial() -> Base {
        Base {
            order: 1,
            mul: vec![0],
            heaps: Vec::new(),
            bad: vec![false],
            moves: false,
        }
    }

    fn mul(&self, a: Elem, b: Elem) -> Elem {
        self.mul[a as usize * self.order + b as usize]
    }

    /// The element of heap `n`.
    fn heap(&self, n: usize) -> Elem {
        self.heaps.get(n).copied().unwrap_or(0)
    }
}

/// The candidate quotient while heaps are added (see the module documentation).
struct Builder<'a> {
    family: &'a dyn Family,
    limits: &'a Limits,
    /// What the language is relative to.
    base: Base,
    /// Whether heaps are given the first plausible old element without verifying it
    /// (a level of [`Builder::by_copies`], verified once at its end).
    guess: bool,
    /// How many builders of levels this one is nested in (bounded by [`MAX_NESTING`]:
    /// each calls the next on the stack).
    nesting: usize,
    /// The element of the base of each element.
    pi: Vec<Elem>,
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
    /// The last verification that succeeded with the present products: its kinds of
    /// heap, the heaps they were read from and the states it checked (see
    /// [`Builder::verify`]).
    verified: Option<Verified>,
    /// The levels already learnt by [`Builder::by_copies`] here and in the builders
    /// it starts, by their base (shared by them all).
    levels: Rc<RefCell<LevelCache>>,
}

/// The levels learnt by [`Builder::by_copies`], by base: the same base (products,
/// heaps' elements, `Bad`, `moves`) gives the same language and so the same level.
struct LevelCache {
    known: FxHashMap<Vec<u32>, Known>,
    /// About how many bytes the entries take, and the most they may.
    bytes: usize,
    most: usize,
}

/// Most bytes the levels kept take (the cache is emptied beyond).
const LEVEL_CACHE_BYTES: usize = 256 << 20;

impl LevelCache {
    /// An empty cache taking at most a sixteenth of the memory allowed.
    fn new(limits: &Limits) -> LevelCache {
        LevelCache {
            known: FxHashMap::default(),
            bytes: 0,
            most: LEVEL_CACHE_BYTES
                .min(usize::try_from(limits.max_memory / 16).unwrap_or(usize::MAX)),
        }
    }

    fn key(base: &Base) -> Vec<u32> {
        let mut key = Vec::with_capacity(3 + base.mul.len() + base.heaps.len() + base.order);
        key.push(base.order as u32);
        key.push(u32::from(base.moves));
        key.push(base.heaps.len() as u32);
        key.extend_from_slice(&base.mul);
        key.extend_from_slice(&base.heaps);
        key.extend(base.bad.iter().map(|&b| u32::from(b)));
        key
    }

    fn keep(&mut self, key: Vec<u32>, known: &Known) {
        let size = 4 * (key.len() + known.mul.len() + known.heaps.len() + 2 * known.order) + 64;
        if self.bytes + size > self.most {
            self.known = FxHashMap::default();
            self.bytes = 0;
        }
        self.bytes += size;
        self.known.insert(key, known.clone());
    }
}

/// A kind of heap: its element, whether it has a move, and the set E of the `w`
/// with `w·m` in the P-portion for the image `m` of one of its options (a bit set).
type Kind = (Elem, bool, Vec<u64>);

/// What [`Builder::verify`] proved last with the present products and P-portion.
struct Verified {
    /// The kinds of heaps `1..heaps`.
    kinds: Vec<Kind>,
    heaps: usize,
    /// The states the closure checked.
    states: u64,
}

/// A verified quotient: elements, products, P-portion, heaps' elements, and the
/// element of the base of each element.
#[derive(Clone)]
struct Known {
    order: usize,
    mul: Vec<Elem>,
    p: Vec<bool>,
    heaps: Vec<Elem>,
    pi: Vec<Elem>,
}

impl<'a> Builder<'a> {
    fn new(family: &'a dyn Family, limits: &'a Limits, base: Base) -> Self {
        // The empty sum: in the language when it has a move and is not bad.
        let empty = base.moves && !base.bad[0];
        Builder {
            family,
            limits,
            base,
            guess: false,
            nesting: 0,
            pi: vec![0],
            poll: StopPoll::new(),
            unpaid: 0,
            order: 1,
            mul: vec![0],
            p: vec![empty],
            heaps: vec![0],
            options: vec![Vec::new()],
            known: Known {
                order: 1,
                mul: vec![0],
                p: vec![empty],
                heaps: vec![0],
                pi: vec![0],
            },
            verified: None,
            levels: Rc::new(RefCell::new(LevelCache::new(limits))),
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
        if self.options.len() <= n {
            let options = self.list_options(n)?;
            self.work(options.len() as u64 + 1)?;
            self.options.push(options);
        }
        // Most new heaps act as an element the smaller heaps already have: each is
        // tried, and kept when the verification proves it.
        let kn = self.base.heap(n);
        for e in 0..self.order as Elem {
            self.work(n.min(65) as u64)?;
            if self.pi[e as usize] != kn || !self.plausible(n, e) {
                continue;
            }
            self.heaps.truncate(n);
            self.heaps.push(e);
            if self.guess {
                self.known.heaps = self.heaps.clone();
                return Ok(0);
            }
            if let Some(states) = self.verify()? {
                self.known.heaps = self.heaps.clone();
                return Ok(states);
            }
        }
        self.heaps.truncate(n);
        self.by_copies(n)
    }

    /// Adds heap `m` when no old element is its: learns, for `j = 1, 2, …` copies of
    /// `m`, the quotient of heaps `1..m` for the language `L_j(Y) = L(j·m + Y)` (see
    /// "Sums with copies of a new heap" in the module documentation), each relative to
    /// the one before, until the `j`-th equals an earlier one; then builds the
    /// candidate from them and verifies it. The number of states the verification
    /// checked.
    fn by_copies(&mut self, m: usize) -> Result<u64, SolveError> {
        let moves = self.base.moves || !self.options[m].is_empty();
        // Level 0 is the verified quotient of heaps 1..m for L; level j's `pi` maps
        // to level j − 1 (level 0's to the base).
        let mut levels: Vec<Known> = vec![self.known.clone()];
        // The element of the base of `k^j` (k the base's element of heap m).
        let mut power: Vec<Elem> = vec![0];
        let km = self.base.heap(m);
        for j in 1..=MAX_COPIES {
            power.push(self.base.mul(power[j - 1], km));
            let prev = &levels[j - 1];
            let image = |sum: &[u32]| {
                sum.iter().fold(0, |e, &h| {
                    prev.mul[e as usize * prev.order + prev.heaps[h as usize] as usize]
                })
            };
            let mut images: Vec<Elem> = self.options[m].iter().map(|o| image(o)).collect();
            images.sort_unstable();
            images.dedup();
            self.work((prev.order * (images.len() + j)) as u64)?;
            // L_j(Y) needs j·m + Y not bad, and no option (j − 1)·m + O + Y in L:
            // L_{j−1}(O + Y), which level j − 1 predicts.
            let bad: Vec<bool> = (0..prev.order)
                .map(|r| {
                    let k = self.base.mul(power[j], to_base(&levels, j - 1, r as Elem));
                    self.base.bad[k as usize]
                        || images
                            .iter()
                            .any(|&o| prev.p[prev.mul[o as usize * prev.order + r] as usize])
                })
                .collect();
            let base = Base {
                order: prev.order,
                mul: prev.mul.clone(),
                heaps: prev.heaps.clone(),
                bad,
                moves,
            };
            let key = LevelCache::key(&base);
            let cached = self.levels.borrow().known.get(&key).cloned();
            let known = match cached {
                Some(k) => k,
                None => {
                    let known = match self.level(m, base.clone(), true)? {
                        Some(k) => k,
                        None => self
                            .level(m, base, false)?
                            .ok_or_else(|| self.unverified())?,
                    };
                    self.levels.borrow_mut().keep(key, &known);
                    known
                }
            };
            levels.push(known);
            // L_j = L_i when their P-portions agree on level j and the base cannot
            // tell j copies of m from i copies.
            let top = &levels[j];
            for i in 0..j {
                if power[i] != power[j] {
                    continue;
                }
                let same = (0..top.order as Elem).all(|r| {
                    let x = down(&levels, j, i, r);
                    top.p[r as usize] == levels[i].p[x as usize]
                });
                if same {
                    return self.assemble(m, &levels, i, &power);
                }
            }
        }
        Err(SolveError::Limit {
            bound: Bound::States,
            what: format!(
                "{DOING} of {} tells more than {MAX_COPIES} copies of heap {m} apart",
                self.family.name()
            ),
        })
    }

    /// One level of [`Builder::by_copies`]: the verified quotient of heaps `1..m` for
    /// the language of `base`. When `guess`, each heap is given the first plausible
    /// old element unverified and the whole is verified once at the end: `None` when
    /// that fails (a guess was wrong; anything built on it may have failed too, so
    /// any error but a stop counts as that).
    fn level(&mut self, m: usize, base: Base, guess: bool) -> Result<Option<Known>, SolveError> {
        let mut sub = Builder::new(self.family, self.limits, base);
        sub.options = self.options[..m].to_vec();
        sub.levels = self.levels.clone();
        sub.guess = guess;
        sub.nesting = self.nesting + 1;
        if sub.nesting > MAX_NESTING {
            return Err(SolveError::Limit {
                bound: Bound::QuotientOrder,
                what: format!(
                    "{DOING} of {} nests more than {MAX_NESTING} levels of heaps added copy by copy",
                    self.family.name()
                ),
            });
        }
        let built = (1..m).try_for_each(|i| sub.add_heap(i).map(drop));
        self.work(std::mem::take(&mut sub.unpaid))?;
        match built {
            Ok(()) => {}
            // A stop is never a wrong guess.
            Err(
                e @ SolveError::Limit {
                    bound: Bound::Interrupted | Bound::Time,
                    ..
                },
            ) => return Err(e),
            Err(_) if guess => return Ok(None),
            Err(e) => return Err(e),
        }
        if guess {
            sub.guess = false;
            if sub.verify()?.is_none() {
                return Ok(None);
            }
        }
        Ok(Some(sub.known))
    }

    /// The candidate for heaps `1..=m` from the levels of [`Builder::by_copies`]
    /// (level `j` predicts the sums with `j` copies of `m`, and `j` copies act as `i`
    /// copies from the last level on), reduced to its least form, made the candidate
    /// and verified.
    fn assemble(
        &mut self,
        m: usize,
        levels: &[Known],
        i: usize,
        power: &[Elem],
    ) -> Result<u64, SolveError> {
        let last = levels.len() - 1;
        let top = &levels[last];
        let o = top.order;
        // States (j, r): j copies of m (0 ≤ j < last) and a sum of element r of the
        // last level.
        let states = last * o;
        if states > MAX_ASSEMBLED {
            return Err(self.too_large(m));
        }
        self.work((states * (m + 1)) as u64)?;
        let next = |s: usize, a: usize| -> usize {
            let (j, r) = (s / o, s % o);
            if a < m {
                j * o + top.mul[r * o + top.heaps[a] as usize] as usize
            } else if j + 1 < last {
                (j + 1) * o + r
            } else {
                i * o + r
            }
        };
        let key: Vec<(bool, Elem)> = (0..states)
            .map(|s| {
                let (j, r) = (s / o, s % o);
                let x = down(levels, last, j, r as Elem);
                let k = self.base.mul(power[j], to_base(levels, last, r as Elem));
                (levels[j].p[x as usize], k)
            })
            .collect();
        // Moore's refinement: states apart until their keys after every word agree.
        let mut ids: FxHashMap<(bool, Elem), u32> = FxHashMap::default();
        let mut class: Vec<u32> = key
            .iter()
            .map(|k| {
                let fresh = ids.len() as u32;
                *ids.entry(*k).or_insert(fresh)
            })
            .collect();
        let mut count = ids.len();
        loop {
            self.work((states * (m + 1)) as u64)?;
            let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
            let mut refined = Vec::with_capacity(states);
            for s in 0..states {
                let mut sig = Vec::with_capacity(m + 1);
                sig.push(class[s]);
                sig.extend((1..=m).map(|a| class[next(s, a)]));
                let fresh = ids.len() as u32;
                refined.push(*ids.entry(sig).or_insert(fresh));
            }
            let now = ids.len();
            class = refined;
            if now == count {
                break;
            }
            count = now;
        }
        let mut member = vec![usize::MAX; count];
        for (s, &c) in class.iter().enumerate() {
            if member[c as usize] == usize::MAX {
                member[c as usize] = s;
            }
        }
        let step = |c: u32, a: usize| class[next(member[c as usize], a)];
        // The elements: the classes reached from the empty sum's, numbered in
        // breadth-first order, each its parent times a heap.
        let mut number = vec![u32::MAX; count];
        let mut order: Vec<(u32, usize, u32)> = vec![(class[0], 0, 0)];
        number[class[0] as usize] = 0;
        let mut at = 0;
        while at < order.len() {
            let c = order[at].0;
            for a in 1..=m {
                let t = step(c, a);
                if number[t as usize] == u32::MAX {
                    number[t as usize] = order.len() as u32;
                    order.push((t, a, at as u32));
                }
            }
            at += 1;
        }
        let size = order.len();
        if size > self.max_order() {
            return Err(self.too_large(m));
        }
        // Heaps commute in a language of sums; a failure would be a fault.
        self.work((size * m * m) as u64)?;
        for &(c, _, _) in &order {
            for a in 1..=m {
                for b in a + 1..=m {
                    if step(step(c, a), b) != step(step(c, b), a) {
                        return Err(self.unverified());
                    }
                }
            }
        }
        self.work((size * size) as u64)?;
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
        self.verified = None;
        self.p = order
            .iter()
            .map(|&(c, _, _)| key[member[c as usize]].0)
            .collect();
        self.pi = order
            .iter()
            .map(|&(c, _, _)| key[member[c as usize]].1)
            .collect();
        self.heaps = std::iter::once(0)
            .chain((1..=m).map(|a| number[step(class[0], a) as usize]))
            .collect();
        let states = self.verify()?.ok_or_else(|| self.unverified())?;
        self.known = Known {
            order: self.order,
            mul: self.mul.clone(),
            p: self.p.clone(),
            heaps: self.heaps.clone(),
            pi: self.pi.clone(),
        };
        Ok(states)
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
            let b = &self.base;
            if b.bad[b.mul(b.heap(n), b.heap(j)) as usize] {
                return !k.p[mul(e, x) as usize];
            }
            let mut has_move = b.moves || !below.is_empty();
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

    /// The most elements a quotient may have here: [`MAX_ORDER`], or fewer when a
    /// multiplication table of more would take over a quarter of the memory allowed.
    /// A level built on guesses stops at [`MAX_GUESSED_ORDER`]: a wrong guess can
    /// blow a level up, and the level is then built again without guesses (up to
    /// the full bound), which costs less than following the wrong guess further.
    fn max_order(&self) -> usize {
        let by_memory = (self.limits.max_memory / 16).isqrt();
        let most = MAX_ORDER.min(usize::try_from(by_memory).unwrap_or(usize::MAX));
        if self.guess {
            most.min(MAX_GUESSED_ORDER)
        } else {
            most
        }
    }

    /// The limit on the order reached with heap `n`: the memory allowed when it is
    /// what keeps the order below [`MAX_ORDER`], else the order bound itself.
    fn too_large(&self, n: usize) -> SolveError {
        let most = self.max_order();
        let cap = if self.guess {
            MAX_GUESSED_ORDER
        } else {
            MAX_ORDER
        };
        if most < cap {
            let bytes = 16 * (most as u64 + 1).pow(2);
            return self.limits.memory_exceeded(DOING, bytes);
        }
        SolveError::Limit {
            bound: Bound::QuotientOrder,
            what: format!(
                "{DOING} of {} has more than {most} elements with heap {n}",
                self.family.name()
            ),
        }
    }

    /// The error of a candidate that cannot be verified (not expected: every level is
    /// verified, so the candidate built from them predicts every sum).
    fn unverified(&self) -> SolveError {
        SolveError::Input(format!(
            "{DOING} of {} could not be verified for heaps up to {}",
            self.family.name(),
            self.heaps.len() - 1
        ))
    }

    /// Checks (★) of the module documentation on every reachable state: the number of
    /// states when it holds at all of them, `None` when it fails at one.
    fn verify(&mut self) -> Result<Option<u64>, SolveError> {
        let order = self.order;
        let words = order.div_ceil(64);
        // `pi` must be a homomorphism to the base sending each heap to its element:
        // then the base's element of a sum is that of its image.
        let b = &self.base;
        if b.order > 1 {
            self.work((order * order) as u64)?;
        }
        let b = &self.base;
        let homomorphism = self.pi.len() == order
            && (b.order == 1
                || (0..order).all(|x| {
                    (0..order).all(|y| {
                        self.pi[self.mul[x * order + y] as usize] == b.mul(self.pi[x], self.pi[y])
                    })
                }))
            && (0..self.heaps.len()).all(|h| self.pi[self.heaps[h] as usize] == b.heap(h));
        if !homomorphism {
            return Ok(None);
        }
        // Kinds of heap (its element, whether it has a move, and E: the w with w·m ∈ P
        // for an image m of one of its options): heaps of one kind step states alike.
        // The closure below depends on the products, the P-portion, the base and the
        // set of kinds only: when the last verification with these products (its heaps
        // a prefix of these, as heaps are only ever added after the verified ones)
        // had every kind the new heaps have, it proves this candidate too.
        let (mut kinds, from) = match &self.verified {
            Some(v) if v.heaps <= self.heaps.len() => (v.kinds.clone(), v.heaps),
            _ => (Vec::new(), 1),
        };
        let known_kinds = kinds.len();
        for n in from..self.heaps.len() {
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
            let kind = (self.heaps[n], !images.is_empty(), e);
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        if let Some(v) = &mut self.verified
            && kinds.len() == known_kinds
        {
            v.heaps = self.heaps.len();
            return Ok(Some(v.states));
        }
        // A state: [Φ(c) + 2^32 when c has a move, then the set D(c)], each checked
        // once. Each is kept twice (list and index): about this many bytes, so that
        // the memory allowed bounds the states too.
        let per_state = 2 * (8 * (1 + words as u64) + 16) + 16;
        let by_memory = self.limits.max_memory / per_state;
        let max_states = self.limits.max_states.min(by_memory);
        let mut seen: FxHashMap<Box<[u64]>, ()> = FxHashMap::default();
        let start: Box<[u64]> = vec![0u64; 1 + words].into_boxed_slice();
        seen.insert(start.clone(), ());
        let mut stack: Vec<Box<[u64]>> = vec![start];
        while let Some(s) = stack.pop() {
            let q = (s[0] & u64::from(u32::MAX)) as usize;
            let has_move = s[0] >> 32 == 1 || self.base.moves;
            let bad = self.base.bad[self.pi[q] as usize];
            if self.p[q] != (has_move && !bad && s[1] & 1 == 0) {
                return Ok(None);
            }
            // One unit per state reached; the stop signal is polled by the bit tests
            // the steps make (order / 64 words per step), so that a deadline is met
            // whatever the order.
            self.work(kinds.len() as u64 + 1)?;
            self.poll
                .spend((kinds.len() * (order / 64)) as u64, self.limits)?;
            for (x, moves, e) in &kinds {
                let t = Self::step(&self.mul, order, &s, *x, *moves, e);
                if seen.contains_key(&t) {
                    continue;
                }
                if seen.len() as u64 >= max_states {
                    if by_memory < self.limits.max_states {
                        let bytes = by_memory.saturating_add(1) * per_state;
                        return Err(self.limits.memory_exceeded(DOING, bytes));
                    }
                    return Err(SolveError::Limit {
                        bound: Bound::States,
                        what: format!(
                            "the verification of {DOING} of {} needs more than {max_states} states",
                            self.family.name()
                        ),
                    });
                }
                seen.insert(t.clone(), ());
                stack.push(t);
            }
        }
        self.limits.charge_work(self.unpaid, DOING)?;
        self.unpaid = 0;
        let states = seen.len() as u64;
        self.verified = Some(Verified {
            kinds,
            heaps: self.heaps.len(),
            states,
        });
        Ok(Some(states))
    }

    /// The state of `c + j` from the state `s` of `c`, for a heap `j` of element `x`,
    /// with a move or not, and whose options' images `m` make `w·m ∈ P` for the `w`
    /// of `e` (see the module documentation).
    fn step(mul: &[Elem], order: usize, s: &[u64], x: Elem, moves: bool, e: &[u64]) -> Box<[u64]> {
        let words = order.div_ceil(64);
        let q = (s[0] & u64::from(u32::MAX)) as usize;
        let has_move = s[0] >> 32 == 1;
        let x = x as usize;
        let mut t = vec![0u64; 1 + words].into_boxed_slice();
        t[0] = u64::from(mul[q * order + x]) | u64::from(has_move || moves) << 32;
        let d = &s[1..];
        let xs = &mul[x * order..(x + 1) * order];
        let qs = &mul[q * order..(q + 1) * order];
        for ((word, xs), qs) in t[1..].iter_mut().zip(xs.chunks(64)).zip(qs.chunks(64)) {
            let mut bits = 0u64;
            for (b, (&a, &c)) in xs.iter().zip(qs).enumerate() {
                let (a, c) = (a as usize, c as usize);
                let hit = (d[a / 64] >> (a % 64)) | (e[c / 64] >> (c % 64));
                bits |= (hit & 1) << b;
            }
            *word = bits;
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

/// The element of the base of the builder whose levels are `levels` of an element `r`
/// of level `j` (see [`Builder::by_copies`]).
fn to_base(levels: &[Known], j: usize, r: Elem) -> Elem {
    (0..=j).rev().fold(r, |x, l| levels[l].pi[x as usize])
}

/// The element of level `i` of an element `r` of level `j ≥ i`.
fn down(levels: &[Known], j: usize, i: usize, r: Elem) -> Elem {
    (i + 1..=j).rev().fold(r, |x, l| levels[l].pi[x as usize])
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

    /// The quotient of heaps 1 to 30 of the octal game `digits` against the whole-sum
    /// search on sums of each of the heaps `big` with one or two heaps up to 12, and on
    /// the sums `more`.
    fn big_heaps_agree_with_search(digits: &[u8], big: &[u64], more: &[&[u64]]) -> Quotient {
        use crate::impartial::sum::Component;
        use crate::search::impartial::Solver;
        use sprague_core::Play;
        let family: Rc<dyn Family> = Rc::new(TakeBreakFamily::new(
            TakeBreak::new("k", digits, false, Wording::Pins).unwrap(),
        ));
        let limits = Limits::default();
        let q = Quotient::compute(&*family, 30, &limits).unwrap();
        let mut solver = Solver::new(Play::Misere, &limits, 50_000_000);
        let mut sums: Vec<Vec<u64>> = Vec::new();
        for &a in big {
            for b in 1..=12 {
                sums.push(vec![a, b]);
                for c in [1, 2, 5, 9] {
                    sums.push(vec![a, b, c]);
                }
            }
        }
        sums.extend(more.iter().map(|s| s.to_vec()));
        for s in &sums {
            let comps: Vec<Component> = s.iter().map(|&n| Component::heap(&family, n)).collect();
            let win = solver.decide(&comps).unwrap().win;
            assert_eq!(q.decide(s).unwrap().0, !win, "{digits:?} {s:?}");
        }
        q
    }

    #[test]
    fn kayles_heaps_past_the_first_splits_agree_with_the_whole_sum_search() {
        // Kayles heaps 25 and 27 bring new elements (added copy by copy: no old element
        // is theirs); sums of them with smaller heaps are decided by the exhaustive
        // search too.
        let q = big_heaps_agree_with_search(
            &[0, 7, 7],
            &[25, 26, 27, 30],
            &[&[25, 25], &[25, 27], &[27, 27], &[25, 27, 5]],
        );
        // MisereSolver (Plambeck and Siegel's solver, built from CGSuite's public
        // source by the repository's bench/miseresolver.sh) gives the same: order 32
        // from heap 25, 40 from heap 27, P-portion of 9.
        assert_eq!(q.order(), 40);
        assert_eq!(q.p_portion().len(), 9);
    }

    #[test]
    fn every_quotient_pairs_its_elements_by_the_star() {
        // Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115 (2008):
        // in the quotient of a closed set holding * (the game whose one option is 0),
        // x and x·* are distinct for every x, and *·* = 1, so multiplying by * pairs
        // the elements and the order is even (restated by Rubinstein-Salzedo and Zhou,
        // "Finite cardinalities of misère quotients", arXiv:2603.18244, §1). The first
        // heap with a move has only the empty sum as option, so it is *; checked on
        // every two-digit octal code and each heap up to 12.
        let movable = |digits: &[u8], n: usize| {
            (1..digits.len().min(n + 1)).any(|k| {
                let d = digits[k];
                (k == n && d & 1 != 0) || (k < n && d & 2 != 0) || (k + 2 <= n && d & 4 != 0)
            })
        };
        let mut limited = 0;
        for d1 in 0..8u8 {
            for d2 in 0..8u8 {
                let digits = [0, d1, d2];
                if d1 == 0 && d2 == 0 {
                    continue;
                }
                let Some(star) = (1..=12).find(|&n| movable(&digits, n)) else {
                    continue;
                };
                let mut seen = 0;
                let got =
                    Quotient::compute_each(&octal(&digits), 12, &Limits::default(), &mut |s| {
                        if s.heap() >= star {
                            let x = s.element(star).unwrap();
                            let code = format!("0.{d1}{d2} heap {}", s.heap());
                            assert_eq!(s.mul(x, x), 0, "{code}: * · * = 1");
                            for e in 0..s.order() as Elem {
                                assert_ne!(s.mul(x, e), e, "{code}: element {e} fixed by *");
                            }
                            assert_eq!(s.order() % 2, 0, "{code}: odd order {}", s.order());
                            seen += 1;
                        }
                        ControlFlow::Continue(())
                    });
                // A quotient that outgrows its bounds (0.76's tells more than 64
                // copies of heap 7 apart) is checked up to the heap before.
                match got {
                    Ok(_) => assert_eq!(seen, 13 - star, "0.{d1}{d2}"),
                    Err(SolveError::Limit { .. }) => limited += 1,
                    Err(e) => panic!("0.{d1}{d2}: {e}"),
                }
            }
        }
        assert!(limited <= 1, "{limited} codes stopped at a bound");
    }

    #[test]
    fn a_quotient_past_2048_elements() {
        // 0.64 at heap 14: order 2248 with a P-portion of 207, as MisereSolver (built
        // from CGSuite's public source by bench/miseresolver.sh) computes it; every sum
        // of up to three heaps up to 14 is decided by the exhaustive search too.
        use crate::impartial::sum::Component;
        use crate::search::impartial::Solver;
        use sprague_core::Play;
        let family: Rc<dyn Family> = Rc::new(TakeBreakFamily::new(
            TakeBreak::new("g", &[0, 6, 4], false, Wording::Pins).unwrap(),
        ));
        let limits = Limits::default();
        let q = Quotient::compute(&*family, 14, &limits).unwrap();
        assert_eq!((q.order(), q.p_portion().len()), (2248, 207));
        let mut solver = Solver::new(Play::Misere, &limits, 50_000_000);
        for a in 1..=14u64 {
            for b in a..=14 {
                for c in b..=14 {
                    let sum = [a, b, c];
                    let comps: Vec<Component> =
                        sum.iter().map(|&n| Component::heap(&family, n)).collect();
                    let win = solver.decide(&comps).unwrap().win;
                    assert_eq!(q.decide(&sum).unwrap().0, !win, "{sum:?}");
                }
            }
        }
    }

    #[test]
    fn dawsons_kayles_to_heap_30_is_siegels_order_360() {
        // A. Siegel, "Some MisereSolver questions answered", miseregames.wordpress.com,
        // 28 August 2007: "Q_30(0.07) has size 360". Heaps 25 to 30 split classes of
        // the quotient of the smaller heaps (order 24 up to heap 24); the sums of them
        // with smaller heaps are decided by the exhaustive search too.
        let q = big_heaps_agree_with_search(
            &[0, 0, 7],
            &[25, 26, 28, 30],
            &[&[25, 25], &[25, 26], &[26, 26], &[25, 26, 5]],
        );
        assert_eq!(q.order(), 360);
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
    fn dawsons_chess_big_heaps_agree_with_the_whole_sum_search() {
        // Dawson's Chess (0.137): heaps 24 to 29 split classes as Dawson's Kayles'
        // heaps 25 to 30 do; sums of them with smaller heaps are decided by the
        // exhaustive search too.
        let q = big_heaps_agree_with_search(
            &[0, 1, 3, 7],
            &[24, 25, 27, 29],
            &[&[24, 24], &[24, 25], &[25, 25], &[24, 25, 5]],
        );
        // Heaps 1 to 30: order 520 with a P-portion of 89 (360 and 65 to heap 29), as
        // MisereSolver (built from CGSuite's public source by bench/miseresolver.sh)
        // computes it.
        assert_eq!((q.order(), q.p_portion().len()), (520, 89));
    }

    #[test]
    fn a_deadline_inside_the_levels_is_a_deadline() {
        // Dawson's Kayles to heap 33 spends nearly all its time building the levels of
        // heaps added copy by copy; a deadline met there is reported as one (a front
        // end tells a deadline from an interruption by it), not taken for a wrong guess.
        let stop = std::sync::Arc::new(sprague_core::Stop::after(
            std::time::Duration::from_millis(300),
        ));
        let limits = Limits {
            stop: Some(stop),
            max_states: u64::MAX / 4,
            ..Limits::default()
        };
        let err = Quotient::compute(&octal(&[0, 0, 7]), 33, &limits).unwrap_err();
        assert!(
            matches!(
                err,
                SolveError::Limit {
                    bound: Bound::Time,
                    ..
                }
            ),
            "{err:?}"
        );
    }

    #[test]
    fn the_construction_stops_at_its_bound() {
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

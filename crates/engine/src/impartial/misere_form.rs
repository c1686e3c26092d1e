//! Impartial games under misère play (the player who makes the last move loses) in
//! their simplest form, and Conway's genus.
//!
//! Two impartial games are *equal in misère play*, G = H, when o⁻(G + X) = o⁻(H + X)
//! for every impartial game X (o⁻: the misère outcome). Every game is equal to exactly
//! one game in *simplest form*, and two games are equal exactly when their simplest
//! forms are identical (Conway, *On Numbers and Games*, ch. 12, "How to lose when you
//! must"; Siegel, *Combinatorial Game Theory*, V.1; Siegel, "On the structure of
//! misère impartial games", arXiv:2012.08554, §2). The table here keeps every simplest
//! form once, under one id ([`FormId`]), so equality is equality of ids.
//!
//! # Simplification (the Grundy–Smith rule with its proviso)
//!
//! **Theorem.** Let G be a game, G′ one of its options, and H the game G with the
//! option G′ removed. If G′ has an option G″ = H, then G = H — provided that, when H
//! has no options at all, G′ is a misère P-position.
//!
//! *Proof* (by induction on X, that o⁻(G + X) = o⁻(H + X)). A position with no move
//! is won by the player to move. If H + X has no move (H and X have none), the
//! proviso says that G′ is P, so G = {G′} is N, as H is. If H + X is N by a move to
//! H′ + X, G + X has the same move; by a move to H + X′ (P), G + X′ is P by
//! induction. If H + X is P, it has moves and all lead to N: so do the moves of
//! G + X to H′ + X and to G + X′ (induction), and G′ + X is N because it can move to
//! G″ + X, whose outcome is that of H + X (G″ = H), P. So G + X is P.
//!
//! Without the proviso the rule is false: `*2` has the option 0 = {} but {*2} is a
//! P-position while 0 is not. Conway proved that the rule is complete: a game whose
//! options are in simplest form and to which the rule does not apply is in simplest
//! form, and two such games are equal only when identical (*On Numbers and Games*,
//! ch. 12; the history in arXiv:2012.08554, §1–2). [`MisereTable::game`] simplifies
//! the options first, then applies the rule until it no longer applies. The options
//! of the simplest form of H are among those of H (the rule only deletes), so a
//! candidate G″ must have its options among those of H; only then is H simplified
//! to be compared with G″.
//!
//! Examples: `*1 + *1` = {*1}, and *1 has the option 0 = {}, with *1 a P-position:
//! so `*1 + *1` = 0 in misère play. Nim heaps are in simplest form (their normal
//! nim-values differ, and the normal nim-value is kept by the rule, see below).
//!
//! # Misère nim-value and genus
//!
//! The misère nim-value G⁻ (Conway's g⁻, CGSuite's `MisereNimValue`) is 1 for the game
//! with no options, else the mex of its options' misère nim-values; G⁻ = 0 exactly when
//! the player to move loses G in misère play. The genus (*On Numbers and Games*, ch.
//! 12; *Winning Ways*, ch. 13) is g^γ₀γ₁γ₂…, where g is the normal-play nim-value and
//! γₖ the misère nim-value of G + *2 + … + *2 (k copies of *2).
//!
//! **Lemma 1.** (G + *1)⁻ = G⁻ ⊕ 1 for every G. *Proof* by induction: the options of
//! G + *1 are G′ + *1 (worth G′⁻ ⊕ 1) and G (worth G⁻). For G = 0 it is (*1)⁻ = 0.
//! Otherwise let a = G⁻ = mex{G′⁻}; every value below a is some G′⁻, a is none: if a
//! is even, the values 0 … a−1 are closed under ⊕ 1, a is G⁻, and a + 1 = a ⊕ 1 is
//! missed (it would need a G′⁻ = a); if a is odd, 0 … a−2 are reached and a − 1 =
//! a ⊕ 1 is missed (it would need a G′⁻ = a, and G⁻ = a ≠ a − 1).
//!
//! **Lemma 2 (the mex rule for the genus).** γ₀ = G⁻, and for k ≥ 1
//! γₖ = mex({γₖ(G′)} ∪ {γₖ₋₁, γₖ₋₁ ⊕ 1}). *Proof:* the options of G + k·*2 are
//! G′ + k·*2, G + (k−1)·*2 (a *2 emptied) and G + (k−1)·*2 + *1 (worth γₖ₋₁ ⊕ 1 by
//! Lemma 1).
//!
//! So the genus of a game is a function of its options' genera, and the rule above
//! keeps it: when G′ has an option G″ whose genus is H's, γₖ(G′) ≠ γₖ(H) for every k
//! (a mex over a set holding γₖ(G″)), so removing γₖ(G′) from the sets of G does not
//! change their mexes; when H has no options, γ₀(G) = mex{γ₀(G′)} = 1 = γ₀(H) needs
//! γ₀(G′) = 0, which is the proviso. (The same argument keeps the normal nim-value.)
//! By induction on (birthday, number of options), the genus computed on the simplest
//! form is the genus of the game.
//!
//! **Lemma 3 (the superscript is eventually alternating).** Let every option's
//! sequence satisfy γₜ = γₜ₋₂ for t > d (d ≥ 1). Then the sets Sₜ = {γₜ(G′)} satisfy
//! Sₜ = Sₜ₋₂ for t > d, and γₜ = f_{t mod 2}(γₜ₋₁) with f_p(x) = mex(S_p ∪ {x, x⊕1}).
//! If M_p = mex S_p, then f_p(x) = M_p unless x and M_p lie in one pair {2j, 2j+1},
//! where f_p(x) = M′_p = mex(S_p ∪ that pair), a value of another pair. The map of two
//! steps, f_e ∘ f_o, never exchanges M_e and M′_e (checking the two cases: that would
//! need M′_o or M_o in the pair of M_e and not in it at once), so it reaches a fixed
//! point within two applications, and from there γₜ = γₜ₋₂: the sequence alternates
//! from at most d + 5 on. [`MisereTable`] computes terms until γₜ = γₜ₋₂ for some
//! t ≥ d (after which, the functions being periodic, it holds for ever) and keeps the
//! shortest superscript γ₀ … γ_L (L ≥ 1) such that γₜ = γₜ₋₂ for every t > L: printed
//! as in *Winning Ways*, `0^120` for 0, `1^031` for *1, `2^20` for *2.
//!
//! # Budget
//!
//! Every form stored, every simplification tried and every position valued charges
//! the command's work budget ([`Limits::charge_work`]) and looks at the stop signal by
//! the work done; the forms stored are bounded by `max_states` and their bytes by
//! `max_memory`.

use super::family::{After, Family, MAX_LISTED_MOVES, MoveSink, Pos};
use rustc_hash::FxHashMap;
use sprague_core::{Bound, Limits, SolveError, StopPoll};

/// The id of a simplest form in a [`MisereTable`]; equal ids are equal games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormId(u32);

impl FormId {
    /// The game 0 (no options), present in every table.
    pub const ZERO: FormId = FormId(0);

    fn index(self) -> usize {
        self.0 as usize
    }
}

/// Conway's genus g^γ₀γ₁…γ_L: the normal nim-value g and the misère nim-values
/// γₖ of G + k·*2, of which the last two alternate for ever (see the module).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play nim-value g.
    pub normal: u32,
    /// γ₀ … γ_L, the shortest such that γₜ = γₜ₋₂ for every t > L (L ≥ 1).
    pub sup: Vec<u32>,
}

impl Genus {
    /// γₖ, the misère nim-value of G + k·*2, for any k.
    pub fn term(&self, k: usize) -> u32 {
        let l = self.sup.len() - 1;
        if k <= l {
            self.sup[k]
        } else {
            self.sup[l - 1 + (k - (l - 1)) % 2]
        }
    }

    /// The misère nim-value G⁻ = γ₀.
    pub fn misere(&self) -> u32 {
        self.sup[0]
    }
}

impl std::fmt::Display for Genus {
    /// `g^γ₀γ₁…` as *Winning Ways* prints it (`0^120`); with a term of two digits or
    /// more the superscript is a list, `6^(1,9,10,8)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.sup.iter().any(|&t| t >= 10) {
            let parts: Vec<String> = self.sup.iter().map(|t| t.to_string()).collect();
            write!(f, "({})", parts.join(","))
        } else {
            self.sup.iter().try_for_each(|t| write!(f, "{t}"))
        }
    }
}

struct Node {
    /// The options, simplest forms, ascending ids.
    options: Box<[FormId]>,
    /// n when the form is the Nim heap *n.
    nimber: Option<u32>,
    birthday: u32,
    genus: Genus,
}

/// Deepest nesting of simplifications tried one inside another (each tries a game
/// with one option fewer); beyond it the computation stops with a `States` limit.
const MAX_NESTING: usize = 512;

/// Bytes a stored form takes besides its options (node, index entries).
const NODE_BYTES: u64 = 160;

/// Terms of the genus computed at most beyond the options' superscripts; the module
/// proves that 6 suffice.
const GENUS_SLACK: usize = 16;

/// The table of misère simplest forms: each stored once, built from options, added,
/// with its genus.
///
/// ```
/// use sprague_core::Limits;
/// use sprague_engine::impartial::misere_form::{FormId, MisereTable};
/// let limits = Limits::default();
/// let mut t = MisereTable::new();
/// let one = t.nimber(1, &limits).unwrap();
/// // *1 + *1 = 0 in misère play.
/// assert_eq!(t.add(one, one, &limits).unwrap(), FormId::ZERO);
/// assert_eq!(t.genus(FormId::ZERO).to_string(), "0^120");
/// let two = t.nimber(2, &limits).unwrap();
/// let four = t.add(two, two, &limits).unwrap();
/// assert_eq!(t.genus(four).to_string(), "0^02");
/// assert_eq!(t.text(four, 100), "*[32]");
/// ```
pub struct MisereTable {
    nodes: Vec<Node>,
    /// The simplest forms by their options.
    index: FxHashMap<Box<[FormId]>, FormId>,
    /// Sets of options (simplest forms) already simplified, by their simplest form.
    reduced: FxHashMap<Box<[FormId]>, FormId>,
    /// Sums already computed, the smaller id first.
    sums: FxHashMap<(FormId, FormId), FormId>,
    /// The Nim heaps *0, *1, … stored so far.
    nimbers: Vec<FormId>,
    /// Bytes held, against `max_memory`.
    bytes: u64,
    poll: StopPoll,
}

impl Default for MisereTable {
    fn default() -> Self {
        Self::new()
    }
}

impl MisereTable {
    /// A table holding 0 only.
    pub fn new() -> Self {
        let zero = Node {
            options: Box::new([]),
            nimber: Some(0),
            birthday: 0,
            genus: Genus {
                normal: 0,
                sup: vec![1, 2, 0],
            },
        };
        let mut index = FxHashMap::default();
        index.insert(Box::<[FormId]>::from([]), FormId::ZERO);
        MisereTable {
            nodes: vec![zero],
            index,
            reduced: FxHashMap::default(),
            sums: FxHashMap::default(),
            nimbers: vec![FormId::ZERO],
            bytes: NODE_BYTES,
            poll: StopPoll::new(),
        }
    }

    /// The number of simplest forms stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the table holds 0 only.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The options of the simplest form `g` (simplest forms, ascending ids).
    pub fn options(&self, g: FormId) -> &[FormId] {
        &self.nodes[g.index()].options
    }

    /// The genus of `g`.
    pub fn genus(&self, g: FormId) -> &Genus {
        &self.nodes[g.index()].genus
    }

    /// The misère nim-value G⁻ of `g` (0 exactly when the player to move loses).
    pub fn misere_value(&self, g: FormId) -> u32 {
        self.nodes[g.index()].genus.misere()
    }

    /// The normal-play nim-value of `g`.
    pub fn normal_value(&self, g: FormId) -> u32 {
        self.nodes[g.index()].genus.normal
    }

    /// The birthday of `g`'s simplest form.
    pub fn birthday(&self, g: FormId) -> u32 {
        self.nodes[g.index()].birthday
    }

    /// `Some(n)` when `g` is the Nim heap *n.
    pub fn nimber_of(&self, g: FormId) -> Option<u32> {
        self.nodes[g.index()].nimber
    }

    /// The Nim heap *n (its simplest form is {*0, …, *(n−1)}).
    pub fn nimber(&mut self, n: u32, limits: &Limits) -> Result<FormId, SolveError> {
        // The heaps up to *n hold about n²/2 options: refuse at once what the bounds
        // cannot hold.
        let have = self.nimbers.len() as u64;
        let want = n as u64 + 1;
        if want > have {
            let options = (want * (want - 1) - have * have.saturating_sub(1)) / 2;
            let bytes = options.saturating_mul(8).saturating_add(want * NODE_BYTES);
            if self.bytes.saturating_add(bytes) > limits.max_memory {
                return Err(limits.memory_exceeded(
                    "the misère canonical forms of the Nim heaps",
                    self.bytes.saturating_add(bytes),
                ));
            }
            if options > limits.work_left() {
                return Err(limits.work_exceeded("the misère canonical forms of the Nim heaps"));
            }
        }
        while self.nimbers.len() <= n as usize {
            let options = self.nimbers.clone();
            let id = self.game(options, limits)?;
            self.nimbers.push(id);
        }
        Ok(self.nimbers[n as usize])
    }

    fn spend(&mut self, units: u64, limits: &Limits) -> Result<(), SolveError> {
        self.poll.spend(units, limits)?;
        limits.charge_work(units, "the misère canonical form")
    }

    /// The simplest form of the game whose options are `options` (simplest forms,
    /// in any order, repeats allowed).
    pub fn game(
        &mut self,
        mut options: Vec<FormId>,
        limits: &Limits,
    ) -> Result<FormId, SolveError> {
        options.sort_unstable();
        options.dedup();
        self.simplify(options, 0, limits)
    }

    fn simplify(
        &mut self,
        s: Vec<FormId>,
        nesting: usize,
        limits: &Limits,
    ) -> Result<FormId, SolveError> {
        if let Some(&id) = self.index.get(s.as_slice()) {
            return Ok(id);
        }
        if let Some(&id) = self.reduced.get(s.as_slice()) {
            return Ok(id);
        }
        if nesting > MAX_NESTING {
            return Err(limits
                .states_exceeded("the misère canonical form (simplifications nested too deeply)"));
        }
        self.spend(s.len() as u64 + 1, limits)?;
        for i in 0..s.len() {
            let gi = s[i];
            // The proviso: removing the last option needs it to be a P-position.
            if s.len() == 1 && self.misere_value(gi) != 0 {
                continue;
            }
            let candidates = self.nodes[gi.index()].options.len();
            let mut units = 0u64;
            let mut fits = false;
            for c in 0..candidates {
                let x = self.nodes[gi.index()].options[c];
                let xo = &self.nodes[x.index()].options;
                units += xo.len() as u64 + 1;
                if subset_without(xo, &s, i) {
                    fits = true;
                    break;
                }
            }
            self.spend(units, limits)?;
            if !fits {
                continue;
            }
            let mut h = s.clone();
            h.remove(i);
            let hid = self.simplify(h, nesting + 1, limits)?;
            if self.nodes[gi.index()].options.binary_search(&hid).is_ok() {
                self.remember(s, hid, limits)?;
                return Ok(hid);
            }
        }
        self.intern(s, limits)
    }

    fn remember(&mut self, s: Vec<FormId>, id: FormId, limits: &Limits) -> Result<(), SolveError> {
        self.charge_bytes(NODE_BYTES / 2 + 4 * s.len() as u64, limits)?;
        self.reduced.insert(s.into_boxed_slice(), id);
        Ok(())
    }

    fn charge_bytes(&mut self, more: u64, limits: &Limits) -> Result<(), SolveError> {
        self.bytes = self.bytes.saturating_add(more);
        if self.bytes > limits.max_memory {
            return Err(limits.memory_exceeded("the table of misère canonical forms", self.bytes));
        }
        Ok(())
    }

    fn intern(&mut self, s: Vec<FormId>, limits: &Limits) -> Result<FormId, SolveError> {
        if self.nodes.len() as u64 >= limits.max_states || self.nodes.len() >= u32::MAX as usize {
            return Err(limits.states_exceeded("the table of misère canonical forms"));
        }
        self.charge_bytes(NODE_BYTES + 8 * s.len() as u64, limits)?;
        let normal = mex(s.iter().map(|o| self.nodes[o.index()].genus.normal));
        let birthday = 1 + s
            .iter()
            .map(|o| self.nodes[o.index()].birthday)
            .max()
            .unwrap_or(0);
        let nimber = {
            let mut seen = vec![false; s.len()];
            let all = s.iter().all(|o| match self.nodes[o.index()].nimber {
                Some(n) if (n as usize) < seen.len() && !seen[n as usize] => {
                    seen[n as usize] = true;
                    true
                }
                _ => false,
            });
            all.then_some(s.len() as u32)
        };
        let sup = self.genus_sup(&s, limits)?;
        let id = FormId(self.nodes.len() as u32);
        let options: Box<[FormId]> = s.into_boxed_slice();
        self.index.insert(options.clone(), id);
        self.nodes.push(Node {
            options,
            nimber,
            birthday,
            genus: Genus { normal, sup },
        });
        Ok(id)
    }

    /// γ₀ … γ_L of the game with options `s` by the mex rule (Lemmas 2 and 3).
    fn genus_sup(&mut self, s: &[FormId], limits: &Limits) -> Result<Vec<u32>, SolveError> {
        if s.is_empty() {
            return Ok(vec![1, 2, 0]);
        }
        let d = s
            .iter()
            .map(|o| self.nodes[o.index()].genus.sup.len() - 1)
            .max()
            .unwrap_or(1)
            .max(1);
        let nodes = &self.nodes;
        let term = |t: usize| s.iter().map(move |o| nodes[o.index()].genus.term(t));
        let mut x = vec![mex(term(0))];
        let mut t = 1;
        loop {
            let prev = x[t - 1];
            let v = mex(term(t).chain([prev, prev ^ 1]));
            x.push(v);
            if t >= d.max(2) && x[t] == x[t - 2] {
                break;
            }
            if t > d + GENUS_SLACK {
                // Lemma 3 says this never happens.
                return Err(SolveError::Input(
                    "the genus did not settle where the theory says it must".into(),
                ));
            }
            t += 1;
        }
        self.spend((t * s.len()) as u64, limits)?;
        let mut l = t - 1;
        while l >= 2 && x[l] == x[l - 2] {
            l -= 1;
        }
        x.truncate(l + 1);
        Ok(x)
    }

    /// The simplest form of `a + b`.
    pub fn add(&mut self, a: FormId, b: FormId, limits: &Limits) -> Result<FormId, SolveError> {
        if a == FormId::ZERO {
            return Ok(b);
        }
        if b == FormId::ZERO {
            return Ok(a);
        }
        let root = (a.min(b), a.max(b));
        let mut stack = vec![root];
        let mut children: Vec<(FormId, FormId)> = Vec::new();
        while let Some(&(x, y)) = stack.last() {
            if self.sums.contains_key(&(x, y)) {
                stack.pop();
                continue;
            }
            children.clear();
            for &xo in self.options(x) {
                children.push((xo, y));
            }
            for &yo in self.options(y) {
                children.push((x, yo));
            }
            let mut missing = false;
            let mut options = Vec::with_capacity(children.len());
            for &(p, q) in &children {
                if p == FormId::ZERO {
                    options.push(q);
                } else if q == FormId::ZERO {
                    options.push(p);
                } else {
                    let key = (p.min(q), p.max(q));
                    match self.sums.get(&key) {
                        Some(&v) => options.push(v),
                        None => {
                            missing = true;
                            stack.push(key);
                        }
                    }
                }
            }
            self.spend(children.len() as u64 + 1, limits)?;
            if missing {
                continue;
            }
            let v = self.game(options, limits)?;
            self.charge_bytes(24, limits)?;
            self.sums.insert((x, y), v);
            stack.pop();
        }
        Ok(self.sums[&root])
    }

    /// The simplest form in words, at most about `max_chars` characters (then `…`):
    /// 0, `*`, `*n` for Nim heaps, else `*[…]` listing the options, each a Nim heap by
    /// its size or a game by its options in parentheses (ONAG's notation: `*[32]` is
    /// {*3, *2}, `*[(32)1]` is {{*3, *2}, *1}); options are separated by commas when
    /// a heap of 10 or more is among them.
    pub fn text(&self, g: FormId, max_chars: usize) -> String {
        match self.nimber_of(g) {
            Some(0) => "0".into(),
            Some(1) => "*".into(),
            Some(n) => format!("*{n}"),
            None => {
                let mut out = String::from("*[");
                self.write_options(g, &mut out, max_chars);
                if out.len() > max_chars {
                    out.push('…');
                } else {
                    out.push(']');
                }
                out
            }
        }
    }

    fn write_options(&self, g: FormId, out: &mut String, max_chars: usize) {
        let mut opts: Vec<FormId> = self.options(g).to_vec();
        // Games first (latest born first), then heaps from the largest.
        opts.sort_by_key(|&o| match self.nimber_of(o) {
            None => (0, u32::MAX - self.birthday(o), o.0),
            Some(n) => (1, u32::MAX - n, 0),
        });
        let commas = opts
            .iter()
            .any(|&o| self.nimber_of(o).is_some_and(|n| n >= 10));
        for (k, &o) in opts.iter().enumerate() {
            if out.len() > max_chars {
                return;
            }
            if k > 0 && commas {
                out.push(',');
            }
            match self.nimber_of(o) {
                Some(n) => out.push_str(&n.to_string()),
                None => {
                    out.push('(');
                    self.write_options(o, out, max_chars);
                    if out.len() > max_chars {
                        return;
                    }
                    out.push(')');
                }
            }
        }
    }
}

/// Whether the sorted `small` lies within the sorted `s` without its `skip`-th item.
fn subset_without(small: &[FormId], s: &[FormId], skip: usize) -> bool {
    if small.len() + 1 > s.len() && !small.is_empty() {
        return false;
    }
    let mut j = 0;
    for &v in small {
        loop {
            if j >= s.len() {
                return false;
            }
            if j == skip {
                j += 1;
                continue;
            }
            if s[j] < v {
                j += 1;
            } else {
                break;
            }
        }
        if s[j] != v {
            return false;
        }
        j += 1;
    }
    true
}

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v < 4096 {
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        }
    }
    seen.iter().position(|&b| !b).unwrap_or(seen.len()) as u32
}

const IN_PROGRESS: FormId = FormId(u32::MAX);

/// The misère simplest forms of the positions of one family, memoised by position:
/// each position's moves are listed ([`Family::moves`]) and a move that leaves several
/// components is worth the sum of their forms.
#[derive(Default)]
pub struct PositionForms {
    memo: FxHashMap<Pos, FormId>,
    poll: StopPoll,
}

type Frame = (Pos, Vec<After>, usize);

impl PositionForms {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// The simplest form of `pos`, a position of `family`, stored in `table`. Every
    /// position valued counts against `max_states`; a game with a cycle of moves has
    /// no misère canonical form (an input error).
    pub fn form(
        &mut self,
        table: &mut MisereTable,
        family: &dyn Family,
        pos: &Pos,
        limits: &Limits,
    ) -> Result<FormId, SolveError> {
        if let Some(&f) = self.memo.get(pos)
            && f != IN_PROGRESS
        {
            return Ok(f);
        }
        let mut stack: Vec<Frame> = Vec::new();
        let r = self.run(table, family, pos, limits, &mut stack);
        if r.is_err() {
            for (p, _, _) in &stack {
                self.memo.remove(p);
            }
        }
        r
    }

    fn run(
        &mut self,
        table: &mut MisereTable,
        family: &dyn Family,
        root: &Pos,
        limits: &Limits,
        stack: &mut Vec<Frame>,
    ) -> Result<FormId, SolveError> {
        self.enter(family, root.clone(), limits, stack)?;
        while let Some(frame) = stack.last_mut() {
            let (_, moves, next) = frame;
            // The first component not yet valued, if any.
            let mut pending = None;
            while *next < moves.len() {
                let mut all = true;
                for p in &moves[*next] {
                    match self.memo.get(p) {
                        Some(&IN_PROGRESS) => {
                            return Err(SolveError::Input(format!(
                                "{} has a cycle of moves: a loopy game has no misère canonical form",
                                family.name()
                            )));
                        }
                        Some(_) => {}
                        None => {
                            pending = Some(p.clone());
                            all = false;
                            break;
                        }
                    }
                }
                if !all {
                    break;
                }
                *next += 1;
            }
            if let Some(p) = pending {
                self.enter(family, p, limits, stack)?;
                continue;
            }
            let (pos, moves, _) = stack.pop().expect("a frame");
            let mut options = Vec::with_capacity(moves.len());
            for after in &moves {
                let mut sum = FormId::ZERO;
                for p in after {
                    sum = table.add(sum, self.memo[p], limits)?;
                }
                options.push(sum);
            }
            let f = table.game(options, limits)?;
            self.memo.insert(pos, f);
        }
        Ok(self.memo[root])
    }

    fn enter(
        &mut self,
        family: &dyn Family,
        pos: Pos,
        limits: &Limits,
        stack: &mut Vec<Frame>,
    ) -> Result<(), SolveError> {
        if self.memo.len() as u64 >= limits.max_states {
            return Err(limits.states_exceeded("the misère canonical form of this position"));
        }
        let mut sink = MoveSink::without_words(MAX_LISTED_MOVES as usize);
        family.moves(&pos, limits, &mut sink)?;
        if sink.truncated {
            return Err(SolveError::Limit {
                bound: Bound::PositionMoves,
                what: "the misère canonical form needs every move, and this position has too many to list".into(),
            });
        }
        let moves: Vec<After> = sink.moves.into_iter().map(|m| m.to).collect();
        let units = moves.iter().map(|a| a.len() as u64).sum::<u64>() + 1;
        self.poll.spend(units, limits)?;
        limits.charge_work(units.saturating_mul(16), "the misère canonical form")?;
        self.memo.insert(pos.clone(), IN_PROGRESS);
        stack.push((pos, moves, 0));
        Ok(())
    }
}

#[cfg(test)]
#[path = "misere_form_tests.rs"]
mod tests;

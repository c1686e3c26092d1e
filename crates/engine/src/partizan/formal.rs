//! Sums remembered as formal sums, so that terms that cancel are never added.
//!
//! The canonical form of `G + H` is built from the sums of their options, which costs
//! about the product of their numbers of followers even when the result is small:
//! `X + (-X)` for a sum X of a few hot games takes as long as squaring X, though it
//! is 0. Games form an abelian group (Conway, *On Numbers and Games*, ch. 1; Siegel,
//! *Combinatorial Game Theory*, II.1), so every sum computed by [`GameTable::add`] is
//! remembered as a formal sum of the games it was added from, its *terms*: a
//! number-up-star part, and the other games with integer multiplicities (a negative
//! multiplicity counts copies of the game's negative; a game and its negative, computed
//! when the game first becomes a term, are one term, written as the one with the smaller
//! id; a game equal to its negative counts modulo 2). The terms of `a + b` are those of
//! `a` and `b` added up, and then:
//!
//! * if nothing is left but a number-up-star, or a single game once, that is the sum
//!   (`G + (-G) = 0`, `(G + H) - H = G`);
//! * if the same terms were summed before, in whatever order or grouping, the sum is
//!   known (`(G + H) + K = G + (H + K)`);
//! * if some terms cancelled and what is left is a multiple of one game, or the sum of
//!   two sums known already (`(G + H + K) - H = G + K`), that is added instead: a sum
//!   of smaller games than `a + b`;
//! * else `a + b` is computed from the options, and its terms remembered.
//!
//! Every step is an identity of the group, and equal values have equal ids, so the
//! result is the canonical form of `a + b` whichever way it is found.

use super::table::{Game, GameTable, Nus};
use smallvec::SmallVec;
use sprague_core::SolveError;
use std::rc::Rc;

/// Most distinct games in a remembered formal sum; longer sums are not remembered.
const MAX_TERMS: usize = 64;

/// Most distinct games left after a cancellation whose splits into two known sums
/// are tried.
const MAX_SPLIT: usize = 12;

/// A formal sum: a number-up-star part and games with multiplicities.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Terms {
    /// The number-up-star part.
    nus: Nus,
    /// Games (no number-up-stars) with non-zero multiplicities, sorted by id, each game
    /// and its known negative written once, as the smaller id.
    games: SmallVec<[(Game, i64); 4]>,
}

impl Terms {
    /// The sum of the absolute multiplicities (`None` past `u64`).
    fn weight(&self) -> Option<u64> {
        self.games
            .iter()
            .try_fold(0u64, |w, &(_, c)| w.checked_add(c.unsigned_abs()))
    }
}

/// What the formal sums say about `a + b`.
pub(crate) enum Formal {
    /// The sum is known.
    Known(Game),
    /// The sum must be computed; its terms, to be remembered (`None`: not remembered).
    Compute(Option<Terms>),
}

impl GameTable {
    /// `g` (times `c`) as a term: a game and its known negative are one term, the one
    /// with the smaller id.
    fn term(&self, g: Game, c: i64) -> Option<(Game, i64)> {
        match self.neg_cache.get(&g) {
            Some(&n) if n < g => Some((n, c.checked_neg()?)),
            _ => Some((g, c)),
        }
    }

    /// The formal sum of `nus` and `games`: multiplicities of each game added up, taken
    /// modulo 2 for a game equal to its negative (`G + G = 0`), zeros dropped (`None` on
    /// overflow).
    fn normal(&self, nus: Nus, games: SmallVec<[(Game, i64); 4]>) -> Option<Terms> {
        let mut games = merged(games)?;
        for (g, c) in games.iter_mut() {
            if self.neg_cache.get(g) == Some(g) {
                *c = c.rem_euclid(2);
            }
        }
        games.retain(|&mut (_, c)| c != 0);
        Some(Terms { nus, games })
    }

    /// The terms of `g`: its remembered formal sum, else `g` itself, whose negative is
    /// then computed so that `g` and `-g` are one term from now on (`None` when a
    /// multiplicity overflows).
    fn terms_of(&mut self, g: Game) -> Result<Option<Terms>, SolveError> {
        if let Some(n) = self.as_nus(g) {
            return Ok(Some(Terms {
                nus: n.clone(),
                games: SmallVec::new(),
            }));
        }
        Ok(match self.terms.get(&g) {
            // Written again: a negative may have become known since.
            Some(t) => t
                .games
                .iter()
                .map(|&(x, c)| self.term(x, c))
                .collect::<Option<_>>()
                .and_then(|games| self.normal(t.nus.clone(), games)),
            None => {
                self.neg(g)?;
                self.term(g, 1)
                    .and_then(|x| self.normal(Nus::default(), [x].into_iter().collect()))
            }
        })
    }

    /// What the formal sums of `a` and `b` say about `a + b` (see the module
    /// documentation); with `reassociate`, terms that cancel are dropped and the rest
    /// added instead.
    pub(crate) fn add_formal(
        &mut self,
        a: Game,
        b: Game,
        reassociate: bool,
    ) -> Result<Formal, SolveError> {
        let (Some(ta), Some(tb)) = (self.terms_of(a)?, self.terms_of(b)?) else {
            return Ok(Formal::Compute(None));
        };
        let Some(up) = ta.nus.up.checked_add(tb.nus.up) else {
            return Ok(Formal::Compute(None));
        };
        let nus = Nus {
            number: ta.nus.number.add(&tb.nus.number),
            up,
            star: &ta.nus.star ^ &tb.nus.star,
        };
        let games = ta.games.iter().chain(tb.games.iter()).copied().collect();
        let Some(sum) = self.normal(nus, games) else {
            return Ok(Formal::Compute(None));
        };
        self.charge(sum.games.len() as u64 + 1)?;
        match sum.games[..] {
            [] => return Ok(Formal::Known(self.nus(sum.nus)?)),
            [(g, 1)] if sum.nus == Nus::default() => return Ok(Formal::Known(g)),
            [(g, -1)] if sum.nus == Nus::default() => return Ok(Formal::Known(self.neg(g)?)),
            _ => {}
        }
        if let Some(&s) = self.by_terms.get(&sum) {
            return Ok(Formal::Known(s));
        }
        let cancelled = match (ta.weight(), tb.weight(), sum.weight()) {
            (Some(x), Some(y), Some(s)) => x.checked_add(y).is_none_or(|xy| s < xy),
            _ => false,
        };
        if reassociate
            && cancelled
            && let Some(s) = self.add_regrouped(&sum)?
        {
            return Ok(Formal::Known(s));
        }
        Ok(Formal::Compute(
            (sum.games.len() <= MAX_TERMS).then_some(sum),
        ))
    }

    /// The sum of the terms left after some cancelled, when it takes a single sum of
    /// smaller games: a multiple of one game (by doubling), or two known sums of the
    /// terms (tried for every split of at most [`MAX_SPLIT`] games); then the
    /// number-up-star part. `None` otherwise: adding them one by one could cost more
    /// than the sum asked for (`(G + H) + (-K)` with a small K is one cheap sum, while
    /// G + H without K may never have been computed).
    fn add_regrouped(&mut self, t: &Terms) -> Result<Option<Game>, SolveError> {
        let rest = match t.games[..] {
            [(g, c)] => {
                let g = if c < 0 { self.neg(g)? } else { g };
                let mut n = c.unsigned_abs();
                let (mut total, mut power) = (Game::ZERO, g);
                while n > 0 {
                    if n & 1 == 1 {
                        total = self.add_plain(total, power)?;
                    }
                    n >>= 1;
                    if n > 0 {
                        power = self.add_plain(power, power)?;
                    }
                }
                total
            }
            _ if t.games.len() <= MAX_SPLIT => {
                let k = t.games.len();
                self.charge(k as u64 * (1 << (k - 1)))?;
                let mut found = None;
                // The first game always on the first side, some game on the other.
                for mask in 0u32..(1 << (k - 1)) - 1 {
                    let side = |want: bool| Terms {
                        nus: Nus::default(),
                        games: (0..k)
                            .filter(|&i| (i == 0 || mask >> (i - 1) & 1 == 1) == want)
                            .map(|i| t.games[i])
                            .collect(),
                    };
                    if let (Some(p), Some(q)) =
                        (self.known_sum(&side(true))?, self.known_sum(&side(false))?)
                    {
                        found = Some((p, q));
                        break;
                    }
                }
                match found {
                    Some((p, q)) => self.add_plain(p, q)?,
                    None => return Ok(None),
                }
            }
            _ => return Ok(None),
        };
        let p = self.nus(t.nus.clone())?;
        self.add_plain(rest, p).map(Some)
    }

    /// The game whose formal sum is `t` (no number-up-star part), if known: one game
    /// once, its negative, or a remembered sum.
    fn known_sum(&mut self, t: &Terms) -> Result<Option<Game>, SolveError> {
        Ok(match t.games[..] {
            [(g, 1)] => Some(g),
            [(g, -1)] => Some(self.neg(g)?),
            _ => self.by_terms.get(t).copied(),
        })
    }

    /// Remembers that `s` is the sum `t` (unless `s` is one of the terms).
    pub(crate) fn remember_terms(&mut self, s: Game, t: Terms) -> Result<(), SolveError> {
        let own = self.term(s, 1).map(|(g, _)| g);
        if self.as_nus(s).is_some() || t.games.iter().any(|&(g, _)| Some(g) == own) {
            return Ok(());
        }
        let t = Rc::new(t);
        if !self.terms.contains_key(&s) {
            self.count(1)?;
            self.terms.insert(s, t.clone());
        }
        if !self.by_terms.contains_key(&t) {
            self.count(1)?;
            self.by_terms.insert(t, s);
        }
        Ok(())
    }

    /// Remembers that `n = -g` is minus the formal sum of `g`, if it has one.
    pub(crate) fn remember_negative(&mut self, g: Game, n: Game) -> Result<(), SolveError> {
        if self.terms.contains_key(&n) {
            return Ok(());
        }
        let Some(t) = self.terms.get(&g).cloned() else {
            return Ok(());
        };
        let games = t
            .games
            .iter()
            .map(|&(x, c)| c.checked_neg().map(|c| (x, c)))
            .collect::<Option<SmallVec<_>>>();
        let (Some(games), Some(up)) = (games, t.nus.up.checked_neg()) else {
            return Ok(());
        };
        let nus = Nus {
            number: t.nus.number.neg(),
            up,
            star: t.nus.star.clone(),
        };
        if let Some(t) = self.normal(nus, games) {
            self.remember_terms(n, t)?;
        }
        Ok(())
    }
}

/// Sorts the games and adds up the multiplicities of each (`None` on overflow).
fn merged(mut games: SmallVec<[(Game, i64); 4]>) -> Option<SmallVec<[(Game, i64); 4]>> {
    games.sort_unstable_by_key(|&(g, _)| g);
    let mut out: SmallVec<[(Game, i64); 4]> = SmallVec::new();
    for (g, c) in games {
        match out.last_mut() {
            Some((h, d)) if *h == g => *d = d.checked_add(c)?,
            _ => out.push((g, c)),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `{k|-k}` for k = 1..=n, each a hot switch.
    fn switches(t: &mut GameTable, n: i64) -> Vec<Game> {
        (1..=n)
            .map(|k| {
                let (l, r) = (t.integer(k).unwrap(), t.integer(-k).unwrap());
                t.game(&[l], &[r]).unwrap()
            })
            .collect()
    }

    /// A copy of `g` in `to` built from its options, so that it has no formal sum.
    fn copy(from: &mut GameTable, to: &mut GameTable, g: Game) -> Game {
        let (l, r) = from.options(g).unwrap();
        let l: Vec<Game> = l.into_iter().map(|x| copy(from, to, x)).collect();
        let r: Vec<Game> = r.into_iter().map(|x| copy(from, to, x)).collect();
        to.game(&l, &r).unwrap()
    }

    /// Sums whose terms cancel are found from the terms, with a small fraction of the
    /// work of adding the same games, as games without formal sums, from their options;
    /// and they are the same games.
    #[test]
    fn cancelling_terms_are_not_added() {
        let mut t = GameTable::new();
        let s = switches(&mut t, 9);
        let mut h = Game::ZERO;
        for &g in &s[2..] {
            h = t.add(h, g).unwrap(); // H = {3|-3} + … + {9|-9}
        }
        let (g, k) = (s[0], s[1]);
        let gh = t.add(g, h).unwrap();
        let ghk = t.add(gh, k).unwrap();
        let (nh, nk) = (t.neg(h).unwrap(), t.neg(k).unwrap());
        let before = t.work();
        assert_eq!(t.add(ghk, nk).unwrap(), gh); // (G + H + K) - K, known
        assert_eq!(t.add(gh, nh).unwrap(), g); // (G + H) - H, one term left
        let gk = t.add(ghk, nh).unwrap(); // (G + H + K) - H = G + K, a new sum
        let n = t.neg(ghk).unwrap();
        assert_eq!(t.add(ghk, n).unwrap(), Game::ZERO);
        let found = t.work() - before;
        // The same sums in a table where the games have no formal sums.
        let mut fresh = GameTable::new();
        let (g2, h2, k2) = (
            copy(&mut t, &mut fresh, g),
            copy(&mut t, &mut fresh, h),
            copy(&mut t, &mut fresh, k),
        );
        let (gh2, ghk2) = (copy(&mut t, &mut fresh, gh), copy(&mut t, &mut fresh, ghk));
        let (nh2, nk2) = (fresh.neg(h2).unwrap(), fresh.neg(k2).unwrap());
        let n2 = fresh.neg(ghk2).unwrap();
        let before = fresh.work();
        assert_eq!(fresh.add(ghk2, nk2).unwrap(), gh2);
        assert_eq!(fresh.add(gh2, nh2).unwrap(), g2);
        let gk2 = fresh.add(ghk2, nh2).unwrap();
        assert_eq!(fresh.add(ghk2, n2).unwrap(), Game::ZERO);
        let plain = fresh.work() - before;
        assert_eq!(t.show(gk), fresh.show(gk2));
        let direct = fresh.add(g2, k2).unwrap();
        assert_eq!(gk2, direct);
        assert!(found * 10 < plain, "{found} {plain}");
    }

    /// Sums of the same terms in another order or grouping are looked up.
    #[test]
    fn regrouped_sums_are_looked_up() {
        let mut t = GameTable::new();
        let s = switches(&mut t, 6);
        let mut x = Game::ZERO;
        for &g in &s {
            x = t.add(x, g).unwrap();
        }
        let (a, b) = (t.add(s[5], s[4]).unwrap(), t.add(s[3], s[2]).unwrap());
        let ab = t.add(a, b).unwrap();
        let c = t.add(s[1], s[0]).unwrap();
        let before = t.work();
        assert_eq!(t.add(ab, c).unwrap(), x);
        assert!(t.work() - before < 100, "{}", t.work() - before);
    }

    #[test]
    fn multiplicities_add_up_and_never_overflow() {
        let mut t = GameTable::new();
        let s = switches(&mut t, 2);
        let up = t.up(1).unwrap();
        let (h, u) = (t.game(&[s[1]], &[up]).unwrap(), t.neg(s[0]).unwrap()); // {{2|-2}|^}
        assert_eq!(u, s[0]); // ±1 = -±1
        let v: SmallVec<[(Game, i64); 4]> = [(h, i64::MAX), (h, 1)].into_iter().collect();
        assert!(t.normal(Nus::default(), v).is_none());
        // Counts added up, zeros dropped; ±1 + ±1 + ±1 = ±1.
        let v = [(h, 2), (s[0], 3), (h, -2)].into_iter().collect();
        let n = t.normal(Nus::default(), v).unwrap();
        assert_eq!(&n.games[..], &[(s[0], 1)]);
    }
}

//! Short partizan games: canonical forms, sums, comparison, outcome, mean and
//! temperature (Conway, *On Numbers and Games*; Berlekamp, Conway and Guy, *Winning
//! Ways*; Siegel, *Combinatorial Game Theory*, ch. II).
//!
//! - [`GameTable`] stores every canonical game once: equal values have equal ids
//!   ([`Game`]). Numbers, ups and nimbers `x + n·↑ + *m` are stored by their parts
//!   ([`Nus`], numbers exact [`Dyadic`] rationals), every other game by its options.
//!   Comparisons, sums and negatives are cached, and computed with explicit stacks
//!   (no recursion on the depth of a game), within a bound on stored games and cached
//!   results that turns into a `Limit` error of `Bound::States`. Every sum is also
//!   remembered as a formal sum of what it was added from, so that terms that cancel
//!   (`(G + H) - H`) or sums regrouped (`H + G`) are not added again.
//! - [`GameTable::game`] brings `{L | R}` to canonical form by removing dominated and
//!   bypassing reversible options; [`GameTable::game_traced`] records the steps.
//! - Thermographs, stops, mean and temperature: [`GameTable::thermograph`]; the
//!   orthodox moves they recommend: [`GameTable::orthodox`].
//! - Cooling, heating and overheating: [`GameTable::cool`], [`GameTable::heat`],
//!   [`GameTable::overheat`].
//! - Atomic weight of all-small games and the far star:
//!   [`GameTable::atomic_weight`]; reduced canonical form: [`GameTable::reduced`];
//!   birthday and size: [`GameTable::birthday`], [`GameTable::size`].
//! - Ordinal sums, Norton multiplication, conjunctive and selective compounds, nim
//!   products: [`GameTable::ordinal_sum`], [`GameTable::norton`],
//!   [`GameTable::compound`], [`nim_product`].
//! - Printing in CGSuite's notation: [`GameTable::show`].
//! - Numbers of any denominator added to short games (`1/3 + ^`), exactly ordered by
//!   stops: [`Value`], [`GameTable::rational`].
//! - Values of positions of a ruleset from its game tree: [`Rules`], [`TreeValues`].
//!
//! The partizan engine knows neither expressions nor rulesets: the game families live
//! in `sprague_games::partizan`, and expressions become games in `sprague_games::eval`.
//! Here games are built from their options and from numbers, ups and nimbers:
//!
//! ```
//! use sprague_engine::partizan::{Dyadic, GameTable};
//! use sprague_core::Outcome;
//! let mut t = GameTable::new();
//! let two = t.integer(2).unwrap();
//! let minus_half = t.number(Dyadic::ratio(-1, 1)).unwrap();
//! let switch = t.game(&[two], &[minus_half]).unwrap(); // {2|-1/2}
//! let up = t.up(1).unwrap();
//! let star3 = t.nimber(3u64.into()).unwrap();
//! let g = t.add(switch, up).unwrap();
//! let g = t.add(g, star3).unwrap(); // {2|-1/2} + ^ + *3
//! assert_eq!(t.show(g), "{2^*3|-1/2^*3}");
//! assert_eq!(t.outcome(g).unwrap(), Outcome::N);
//! assert_eq!(t.mean(g).unwrap().to_string(), "3/4");
//! ```

mod atomic;
mod birthday;
mod cool;
pub mod db;
mod dyadic;
mod engine;
mod formal;
mod ops;
mod orthodox;
mod print;
mod reduced;
mod table;
mod thermo;
mod tree;
mod value;
mod walk;

pub use atomic::AtomicWeight;
pub use birthday::nus_birthday;
pub use dyadic::Dyadic;
pub use engine::{Side, Step, Trace};
pub use ops::{Compound, nim_product, nim_product_nat};
pub use print::{PrintOptions, nus_text};
pub use table::{DEFAULT_MAX_STATES, Game, GameTable, Nus};
pub use thermo::{Thermograph, Wall};
pub use tree::{Rules, TreeValues};
pub use value::{Value, dyadic_rational, rational_dyadic, simplest_number_between};

//! The impartial families, one file each: the rules of a family stated once, with its
//! closed forms or proofs; the engine ([`sprague_engine::impartial`]) supplies tables, periods,
//! sums and winning moves. The registry that builds them from expressions is
//! [`crate`].

pub mod adjacent;
pub mod andnim;
pub mod circle;
pub mod cram_strip;
pub mod digraph;
pub mod divisor;
pub mod ed;
pub mod fib;
pub mod geography;
pub mod green;
pub mod grid;
pub mod grundy_game;
pub mod king;
pub mod kth;
pub mod lasker;
pub mod moore;
pub mod nim;
pub mod octal;
pub mod ring;
pub mod seqnim;
pub mod split;
pub mod stair;
pub mod submask;
pub mod subtraction;
#[cfg(test)]
pub(crate) mod testing;
pub mod treestair;
pub mod wythoff;

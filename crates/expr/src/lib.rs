//! The expression language of SPEC §1: parsing with precise errors, and printing
//! positions back in normalised form.

pub(crate) mod ast;
mod parser;
mod printer;

pub use ast::{Arg, FamilyTerm, Literal, OptionsTerm, Param, Span, Sum, Term};
pub use parser::{MAX_NESTING, ParseError, parse, shorten_message};
pub use printer::{write_literal, write_sum, write_term};

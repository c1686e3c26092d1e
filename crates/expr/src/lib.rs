//! The expression language of SPEC §1: parsing with precise errors, and printing
//! positions back in normalised form.

pub(crate) mod ast;
mod parser;
mod printer;

pub use ast::{
    Arg, BinaryOp, CallTerm, FUNCTION_HELP, FUNCTIONS, FamilyTerm, Function, Literal, OptionsTerm,
    Param, Relation, Span, Statement, Sum, Term, UnaryOp, function,
};
pub use parser::{
    MAX_NESTING, ParseError, parse, parse_statement, parse_with_variable, shorten_message,
    substitute,
};
pub use printer::{write_literal, write_statement, write_sum, write_term};

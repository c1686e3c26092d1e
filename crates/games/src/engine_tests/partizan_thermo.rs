//! Tests of `sprague_engine::partizan::thermo` on positions of the game families.

use crate::eval::ParseValue;
use sprague_engine::partizan::GameTable;

fn mean_temp(src: &str) -> (String, String) {
    let mut t = GameTable::new();
    let g = t.parse_value(src).unwrap();
    let th = t.thermograph(g).unwrap();
    (th.mean.to_string(), th.temperature.to_string())
}

#[test]
fn stops() {
    let mut t = GameTable::new();
    let g = t.parse_value("{3||2+*|1+*}").unwrap();
    let (l, r) = t.stops(g).unwrap();
    assert_eq!((l.to_string(), r.to_string()), ("3".into(), "2".into()));
}

#[test]
fn switches_numbers_and_infinitesimals() {
    // Switches {a|b}, a > b numbers: mean (a+b)/2, temperature (a-b)/2.
    assert_eq!(mean_temp("{1|-1}"), ("0".into(), "1".into()));
    assert_eq!(mean_temp("{2|-1/2}"), ("3/4".into(), "5/4".into()));
    assert_eq!(mean_temp("{5|3}"), ("4".into(), "1".into()));
    // Numbers: temperature -1/2^k, integers -1 (CGSuite convention).
    assert_eq!(mean_temp("3/4"), ("3/4".into(), "-1/4".into()));
    assert_eq!(mean_temp("25/16"), ("25/16".into(), "-1/16".into()));
    assert_eq!(mean_temp("-1/2"), ("-1/2".into(), "-1/2".into()));
    assert_eq!(mean_temp("5"), ("5".into(), "-1".into()));
    assert_eq!(mean_temp("0"), ("0".into(), "-1".into()));
    // Infinitesimals and number-ish games: temperature 0.
    assert_eq!(mean_temp("*8"), ("0".into(), "0".into()));
    assert_eq!(mean_temp("^"), ("0".into(), "0".into()));
    assert_eq!(mean_temp("6 + ^ + *"), ("6".into(), "0".into()));
    assert_eq!(mean_temp("{0||0|-2}"), ("0".into(), "0".into()));
}

#[test]
fn cgsuite_cooling_examples() {
    // CGSuite's tests cool {3||2*|1*}: still hot at 5/8 ({19/8|17/8}), 9/4* at 3/4,
    // and 9/4 far above: temperature 3/4, mean 9/4.
    assert_eq!(mean_temp("{3||2+*|1+*}"), ("9/4".into(), "3/4".into()));
    // Sums of switches: means add; {3|1} + ±1 = 2 + ±1 + ±1 = 2.
    assert_eq!(mean_temp("{4|0} + {1|-1}"), ("2".into(), "2".into()));
    assert_eq!(mean_temp("{3|1} + {1|-1}"), ("2".into(), "-1".into()));
}

//! Tests of `sprague_engine::impartial::position` on positions of the game families.

use sprague_engine::impartial::position::*;
use sprague_engine::impartial::sum::Component;

#[test]
fn a_position_hands_out_the_components_it_was_given() {
    let src = "nim(1,2) + wythoff(3,5) + nim(4) + sub[1,2](7,8) + nim(100000000000000000000,6) + ed(1,2,3,4)";
    let comps = crate::components(src).unwrap();
    let p = Position::from(comps.clone());
    assert_eq!(p.count(), comps.len());
    let want: Vec<String> = comps.iter().map(Component::expr).collect();
    let each: Vec<String> = p.each().map(|c| c.expr()).collect();
    let at: Vec<String> = (0..p.count()).map(|i| p.component(i).expr()).collect();
    assert_eq!(each, want);
    assert_eq!(at, want);
    assert_eq!(
        p.to_string(),
        "nim(1,2) + wythoff(3,5) + nim(4) + sub[1,2](7,8) + nim(100000000000000000000,6) + ed(1,2,3,4)"
    );
    // Runs of one family are stored together.
    assert!(p.run_count() < comps.len());
}

#[test]
fn a_preview_stops_early() {
    let p = crate::position("nim(11111,22222,33333,44444)").unwrap();
    let mut s = String::new();
    assert!(p.write_up_to(&mut s, 10));
    assert!(s.starts_with("nim(11111,"), "{s}");
    let mut s = String::new();
    assert!(!p.write_up_to(&mut s, 100));
    assert_eq!(s, "nim(11111,22222,33333,44444)");
}

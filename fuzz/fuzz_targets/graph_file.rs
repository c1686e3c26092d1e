//! Reads arbitrary bytes as a graph file (`n m`, then `u v` lines, `#` comments).
//! Reading must never panic; an error must name the file and stay on one line; a
//! graph that reads must have every arc within its `n` vertices, no self-loop when
//! they are refused, and read the same again from its own text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::games::graph_file::parse;
use sprague::core::Limits;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, body)) = data.split_first() else {
        return;
    };
    let self_loops = flags & 1 == 1;
    let limits = Limits {
        max_states: 1 << 16,
        ..Limits::default()
    };
    let graph = match parse("g.txt", body, self_loops, &limits) {
        Ok(g) => g,
        Err(e) => {
            let m = e.to_string();
            assert!(m.contains("g.txt"), "{m}");
            assert!(!m.contains('\n'), "{m}");
            return;
        }
    };
    let mut text = format!("{} {}\n", graph.n, graph.arcs.len());
    for (u, v) in graph.pairs() {
        assert!(u < graph.n && v < graph.n, "arc {u} {v} of a graph of {}", graph.n);
        assert!(self_loops || u != v, "self-loop {u}");
        text.push_str(&format!("{u} {v}\n"));
    }
    let again = parse("g.txt", text.as_bytes(), self_loops, &limits).expect("its own text");
    assert_eq!(again, graph);
});

#!/usr/bin/env bash
# Nash equilibria of random bimatrix games: `sprague nash` by vertex enumeration (the
# default: every equilibrium) and by Lemke–Howson (`--method lh`: some), CPU seconds
# (user + system) and peak RSS as /usr/bin/time -f '%U %S %M' gives them, one run each,
# stopped after $TIMEOUT seconds (default 600). With PYGAMBIT=/path/to/python (a Python
# with `pip install pygambit`), the same games go to Gambit's enummixed_solve and
# lcp_solve (exact rational arithmetic, as sprague's) in the same run, and the lists are
# compared.
#
#   bench/nash.sh                              # sprague alone
#   PYGAMBIT=/tmp/pg/bin/python bench/nash.sh  # beside pygambit
#   SIZES="12 15" LH_SIZES="100" bench/nash.sh
#   PYGAMBIT=/tmp/pg/bin/python SIZES="" LH_SIZES="50 100" bench/nash.sh  # Lemke–Howson only
#
# Games: payoffs 0..99 for both players from a fixed-seed 64-bit LCG (Knuth's MMIX
# constants), the row player's table first, row by row (bench/out/nash/rN.json).
set -uo pipefail
cd "$(dirname "$0")/.."
S=${SPRAGUE:-target/release/sprague}
T=${TIMEOUT:-600}
SIZES=${SIZES-12 15 20}      # SIZES="" for Lemke–Howson alone
LH_SIZES=${LH_SIZES-20 50 100}
PYGAMBIT=${PYGAMBIT:-}
OUT=bench/out/nash
mkdir -p "$OUT"
[ -x "$S" ] || cargo build --release

# The game generator: m n seed.
for size in $SIZES $LH_SIZES; do
    python3 - "$size" "$size" 1 > "$OUT/r$size.json" <<'PY'
import json, sys
m, n, x = map(int, sys.argv[1:4])
mask = (1 << 64) - 1
def nxt():
    global x
    x = (x * 6364136223846793005 + 1442695040888963407) & mask
    return (x >> 33) % 100
a = [[nxt() for _ in range(n)] for _ in range(m)]
b = [[nxt() for _ in range(n)] for _ in range(m)]
print(json.dumps({"rows": [f"r{i}" for i in range(m)], "cols": [f"c{j}" for j in range(n)],
                  "row_payoffs": a, "col_payoffs": b}))
PY
done

run() { # label, command…: prints "cpu rss" and leaves the output in $OUT/label.out
    local label=$1; shift
    /usr/bin/time -o "$OUT/$label.time" -f '%U %S %M' timeout "$T" "$@" > "$OUT/$label.out" 2>"$OUT/$label.err"
    tail -n 1 "$OUT/$label.time" | awk '{printf "%.2f %d\n", $1 + $2, $3}'
}
count() { # the number of equilibria in a JSON answer of sprague
    python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["mixed"]))' "$1" 2>/dev/null || echo "-"
}

# Gambit: solver game.json → one line per equilibrium (probabilities as fractions),
# sorted, then its count.
GAMBIT_PY='
import json, sys, fractions
import pygambit as gbt
solver, path = sys.argv[1], sys.argv[2]
d = json.load(open(path))
A = [[fractions.Fraction(v) for v in r] for r in d["row_payoffs"]]
B = [[fractions.Fraction(v) for v in r] for r in d["col_payoffs"]]
g = gbt.Game.from_arrays(A, B)
res = (gbt.nash.enummixed_solve(g, rational=True) if solver == "enummixed"
       else gbt.nash.lcp_solve(g, rational=True))
for eq in res.equilibria:
    print(" ".join(str(fractions.Fraction(eq[s])) for p in g.players for s in p.strategies))
'
sprague_lines() { # the equilibria of a JSON answer of sprague, as Gambit prints them
    python3 -c '
import json, sys
for e in json.load(open(sys.argv[1]))["mixed"]:
    print(" ".join(e["row"] + e["col"]))' "$1" | sort
}

printf '%-34s %9s %10s %6s\n' "run" "CPU s" "peak KB" "found"
line() { printf '%-34s %9s %10s %6s\n' "$1" "$2" "$3" "$4"; }
for size in $SIZES; do
    r=$(run "vertex$size" "$S" nash --json "$OUT/r$size.json")
    line "sprague nash ${size}x${size}" "${r% *}" "${r#* }" "$(count "$OUT/vertex$size.out")"
    if [ -n "$PYGAMBIT" ]; then
        r=$(run "enummixed$size" "$PYGAMBIT" -c "$GAMBIT_PY" enummixed "$OUT/r$size.json")
        line "gambit enummixed ${size}x${size}" "${r% *}" "${r#* }" "$(wc -l < "$OUT/enummixed$size.out")"
        if diff -q <(sprague_lines "$OUT/vertex$size.out") <(sort "$OUT/enummixed$size.out") > /dev/null; then
            echo "  same equilibria"
        else
            echo "  DIFFERENT lists (or a run did not finish)"
        fi
    fi
done
for size in $LH_SIZES; do
    r=$(run "lh$size" "$S" nash --json --method lh "$OUT/r$size.json")
    line "sprague nash --method lh ${size}x${size}" "${r% *}" "${r#* }" "$(count "$OUT/lh$size.out")"
    if [ -n "$PYGAMBIT" ]; then
        r=$(run "lcp$size" "$PYGAMBIT" -c "$GAMBIT_PY" lcp "$OUT/r$size.json")
        line "gambit lcp_solve ${size}x${size}" "${r% *}" "${r#* }" "$(wc -l < "$OUT/lcp$size.out")"
    fi
done

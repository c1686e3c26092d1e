#!/usr/bin/env bash
# Whole-process benchmarks of the `sprague` command, each next to a baseline timed in
# the same run, with a check that both give the same answer. Prints a table of times.
#
#   bench/run.sh               # from anywhere; needs cargo, gcc, python3
#   RUNS=20 bench/run.sh       # timed runs per command (default 10)
#   HYPERFINE=none bench/run.sh   # time with the bash loop even if hyperfine is installed
#
# Times come from hyperfine when it is installed (apt-get install -y hyperfine), else
# from a bash loop with `date +%s%N`; either way the best wall time of RUNS runs after
# one warm-up run is reported (the run least disturbed by other load on the machine),
# with the mean CPU time (user + system) per run, which other load disturbs less.
# Generated inputs and binaries go to bench/out/.
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=bench/out
RUNS=${RUNS:-10}
HYPERFINE=${HYPERFINE:-hyperfine}
mkdir -p "$OUT"
: >"$OUT/hyperfine.log"

say() { printf '%s\n' "$*" >&2; }
fail() {
    say "run.sh: $*"
    exit 1
}

# ----- build ------------------------------------------------------------------------
say "building sprague (release) and the C baselines…"
cargo build --release --quiet
SPRAGUE=target/release/sprague
gcc -O2 -o "$OUT/nim_xor" bench/nim_xor.c
gcc -O2 -o "$OUT/sub134_table" bench/sub134_table.c

# ----- inputs -----------------------------------------------------------------------
# A Nim position with 10^6 heaps in 1..10^18 from a fixed-seed 64-bit LCG (Knuth's
# MMIX constants), and Wythoff P-positions (a_k, b_k) near 10^18 and 10^100 by exact
# integer arithmetic: a_k = floor(k·φ) = (k + isqrt(5k²)) / 2, b_k = a_k + k.
say "generating inputs…"
python3 - "$OUT" <<'EOF'
import sys
from math import isqrt

out = sys.argv[1]
x, mask, heaps = 12345, (1 << 64) - 1, []
for _ in range(10**6):
    x = (x * 6364136223846793005 + 1442695040888963407) & mask
    heaps.append(str((x >> 4) % 10**18 + 1))
with open(f"{out}/nim1e6.txt", "w") as f:
    f.write("nim(" + ",".join(heaps) + ")\n")

for name, k in (("wythoff1e18", 6 * 10**17), ("wythoff1e100", 5 * 10**99)):
    a = (k + isqrt(5 * k * k)) // 2
    with open(f"{out}/{name}.txt", "w") as f:
        f.write(f"{a} {a + k}\n")
EOF

# ----- timing -----------------------------------------------------------------------
# measure CMD: prints "WALL CPU" for CMD (a bash command line), in seconds: the best
# (smallest) wall time of RUNS runs, and the mean CPU time (user + system) per run.
# With hyperfine, commands without a redirection run without a shell (-N), so that the
# few milliseconds of a short command are not lost in the shell's start-up time.
measure() {
    local cmd=$1
    if command -v "$HYPERFINE" >/dev/null; then
        local mode=(-N)
        [[ $cmd == *"<"* ]] && mode=(--shell bash)
        "$HYPERFINE" --style none "${mode[@]}" --warmup 1 --runs "$RUNS" \
            --export-json "$OUT/hyperfine.json" "$cmd" >/dev/null 2>>"$OUT/hyperfine.log" ||
            fail "hyperfine failed on: $cmd (see $OUT/hyperfine.log)"
        python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(r["min"], r["user"] + r["system"])' "$OUT/hyperfine.json"
    else
        local i t0 t1 walls=() TIMEFORMAT='%3U %3S'
        eval "$cmd" >/dev/null
        : >"$OUT/cpu.txt"
        for ((i = 0; i < RUNS; i++)); do
            t0=$(date +%s%N)
            { time eval "$cmd" >/dev/null; } 2>>"$OUT/cpu.txt"
            t1=$(date +%s%N)
            walls+=($((t1 - t0)))
        done
        local best
        best=$(printf '%s\n' "${walls[@]}" | sort -n | head -n 1)
        awk -v best="$best" '{ cpu += $1 + $2 } END { printf "%.6f %.6f\n", best / 1e9, cpu / NR }' "$OUT/cpu.txt"
    fi
}

ROWS=()
# row LABEL BASELINE-NAME "BASELINE-WALL CPU" "SPRAGUE-WALL CPU" GOAL (max wall ratio, or -)
row() {
    ROWS+=("$(python3 - "$@" <<'EOF'
import sys
label, base_name, base, mine, goal = sys.argv[1:6]
(bw, bc), (mw, mc) = (map(float, base.split()), map(float, mine.split()))
ratio = mw / bw
# The goal holds when both the wall-time and the CPU-time ratios are within it.
over = [n for n, r in (("wall", ratio), ("cpu", mc / bc)) if goal != "-" and r > float(goal)]
verdict = "-" if goal == "-" else f"≤ {goal}: " + ("met" if not over else "MISSED (" + ", ".join(over) + ")")
ms = lambda s: f"{s * 1000:7.1f} ms"
print(f"{label:<32} {base_name:<21} {ms(bw)} {ms(mw)} {ratio:7.3f}   {ms(bc)} {ms(mc)} {mc / bc:7.3f}   {verdict}")
EOF
)")
}

# ----- a. Nim, 10^6 heaps -----------------------------------------------------------
say "a. Nim with 10^6 heaps: checking agreement…"
NIM=$OUT/nim1e6.txt
"$OUT/nim_xor" <"$NIM" >"$OUT/nim_c.txt"
"$SPRAGUE" solve - <"$NIM" >"$OUT/nim_sprague.txt"
"$SPRAGUE" solve --json - <"$NIM" >"$OUT/nim_sprague.json"
python3 - "$OUT" <<'EOF' || fail "sprague and nim_xor disagree on $NIM"
import json, re, sys
out = sys.argv[1]
c = dict(line.split(": ", 1) for line in open(f"{out}/nim_c.txt").read().splitlines())
j = json.load(open(f"{out}/nim_sprague.json"))
text = open(f"{out}/nim_sprague.txt").read()
plain = re.search(r"^nim-value: (\d+)", text, re.M).group(1)
assert len(j["components"]) == int(c["heaps"]), "heap count"
assert int(j["grundy"]) == int(c["nim-value"]) == int(plain), "nim-value"
assert j["outcome"] == c["outcome"], "outcome"
assert (j["outcome"] == "P") == (int(c["nim-value"]) == 0)
print(f"   agree: {c['heaps']} heaps, nim-value {c['nim-value']}, outcome {c['outcome']}", file=sys.stderr)
EOF
say "   timing…"
t_c=$(measure "$OUT/nim_xor < $NIM")
t_s=$(measure "$SPRAGUE solve - < $NIM")
t_j=$(measure "$SPRAGUE solve --json - < $NIM")
row "nim, 10^6 heaps: solve -" "nim_xor.c" "$t_c" "$t_s" 1.5
row "nim, 10^6 heaps: solve --json -" "nim_xor.c" "$t_c" "$t_j" -

# ----- b. sub[1,3,4] near heap 10^8 -------------------------------------------------
say "b. sub[1,3,4], heaps 10^8-100..10^8: checking agreement…"
N=100000000
"$OUT/sub134_table" "$N" >"$OUT/sub134_c.txt"
"$SPRAGUE" table --json --from $((N - 100)) --to "$N" 'sub[1,3,4]' >"$OUT/sub134_sprague.json"
python3 - "$OUT" <<'EOF' || fail "sprague table and the C loop disagree on sub[1,3,4]"
import json, sys
out = sys.argv[1]
c = [int(v) for v in open(f"{out}/sub134_c.txt").readline().split(",")]
j = json.load(open(f"{out}/sub134_sprague.json"))
assert j["values"] == c, "values"
p = j["period"]
print(f"   agree: 101 values; period {p['period']} from heap {p['preperiod']}, proved: {p['proved']}", file=sys.stderr)
EOF
say "   timing…"
t_c=$(measure "$OUT/sub134_table $N")
t_s=$(measure "$SPRAGUE table --json --from $((N - 100)) --to $N 'sub[1,3,4]'")
row "sub[1,3,4] at 10^8 (101 values)" "C table loop to 10^8" "$t_c" "$t_s" 1

# ----- c. Wythoff near 10^18 and 10^100 ---------------------------------------------
# No C program is exact at these sizes (f64 floor(k·φ) is already wrong near 10^18),
# so the baseline is sprague itself on nim(A,B) with the same numbers: the cost of
# starting the process, parsing and printing.
for size in 1e18 1e100; do
    read -r A B <"$OUT/wythoff$size.txt"
    B1=$(python3 -c "print($B + 1)")
    say "c. Wythoff near $size: checking the answer…"
    "$SPRAGUE" solve --json "wythoff($A,$B)" >"$OUT/wythoff_p.json"
    "$SPRAGUE" solve --json "wythoff($A,$B1)" >"$OUT/wythoff_n.json"
    python3 - "$OUT" "$A" "$B" <<'EOF' || fail "wrong Wythoff answer near $size"
import json, sys
out, a, b = sys.argv[1:4]
p = json.load(open(f"{out}/wythoff_p.json"))
n = json.load(open(f"{out}/wythoff_n.json"))
assert p["outcome"] == "P" and not p["winning_moves"], "(a_k, b_k) is a P-position"
assert n["outcome"] == "N", "(a_k, b_k + 1) is an N-position"
tos = [m["to"] for m in n["winning_moves"]]
assert f"wythoff({a},{b})" in tos, "the winning moves include the step back to (a_k, b_k)"
print(f"   ok: ({len(a)}-digit a_k, b_k) is P; (a_k, b_k + 1) is N with {len(tos)} winning move(s)", file=sys.stderr)
EOF
    say "   timing…"
    t_c=$(measure "$SPRAGUE solve 'nim($A,$B1)'")
    t_s=$(measure "$SPRAGUE solve 'wythoff($A,$B1)'")
    row "wythoff(a_k, b_k+1) near $size" "sprague on nim(A,B)" "$t_c" "$t_s" -
done

# ----- table ------------------------------------------------------------------------
if command -v "$HYPERFINE" >/dev/null; then how="hyperfine"; else how="date loop"; fi
echo
echo "sprague $("$SPRAGUE" --version | cut -d' ' -f2), $(nproc) cores, $(uname -m); $RUNS runs each ($how); load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-32s %-21s %10s %10s %7s   %10s %10s %7s   %s\n' "benchmark" "baseline" "base wall" "wall" "ratio" \
    "base cpu" "cpu" "ratio" "goal (both ratios)"
printf '%s\n' "${ROWS[@]}"

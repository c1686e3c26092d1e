#!/usr/bin/env bash
# Canonical-form algebra: `sprague value` beside the crate cgt (t4ccer/cgt-tools) on
# sums and comparisons of large canonical forms, each statement given to both as text:
# CPU seconds (user + system) and peak RSS of each program, as
# /usr/bin/time -f '%U %S %M' gives them (the median CPU of $RUNS runs, default 3,
# alternating A, B, A, B…, and the largest RSS; a statement on which either program
# took $ONCE s or more, default 10, or stopped, is run once), and whether the answers
# agree.
#
#   SPRAGUE_PEERS=DIR bench/algebra.sh      # DIR/cgt-algebra/target/release/cgt-algebra
#
# cgt-algebra is a small program built beside cgt (single-threaded: without cgt's
# `rayon` feature). `cgt-algebra eval` reads one statement from standard input: sums
# of terms joined by ` + ` and ` - `, a term `[K *] FORM` with FORM read by cgt's
# `CanonicalForm::from_str` and `K * FORM` added up by K - 1 additions, the sums added
# left to right, and at most one comparison `<=`, `>=`, `==`, `<`, `>` (cgt's `<=` and
# `==` of canonical forms); it prints the canonical form of a sum, or true / false.
# `cgt-algebra domineering BOARD` prints the canonical form of a Domineering board
# (cgt's transposition table); the Domineering forms below are written by it once
# (untimed, kept in bench/out/algebra/) and checked against `sprague value` of the board.
# sprague gets the same statement on standard input: `sprague value -`.
# A program missing is skipped (the Domineering rows need the forms); each run stops
# after $TIMEOUT seconds (default 120): then its CPU so far, as >CPU.
set -uo pipefail
cd "$(dirname "$0")/.."
S=${SPRAGUE:-target/release/sprague}
C=${SPRAGUE_PEERS:-/nonexistent}/cgt-algebra/target/release/cgt-algebra
T=${TIMEOUT:-120}
RUNS=${RUNS:-3}
ONCE=${ONCE:-10}
MAX="--max-states 200000000"
[ -x "$S" ] || cargo build --release --quiet
OUTDIR=bench/out/algebra
mkdir -p "$OUTDIR"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

# {1|-1} + … + {n|-n}, and the same with every term subtracted.
switches() { local k s=""; for k in $(seq 1 "$1"); do s="$s{$k|-$k} + "; done; echo "${s% + }"; }
minus_switches() { local k s=""; for k in $(seq 1 "$1"); do s="$s - {$k|-$k}"; done; echo "$s"; }
# The Domineering boards (cgt's notation, `#` filled): their forms become G1… G6.
BOARDS=(
  "....|....|....|...."
  "......|......|......|......"
  ".#..#.|#..#..|......|......|#....."
  "..#.##.|#......|.......|......."
  ".....|.....|#..##|.....|....#"
  "......|.#....|#.....|.....#|...#.#"
)
have_forms=yes
for i in "${!BOARDS[@]}"; do
  f=$OUTDIR/g$((i + 1)).txt
  if [ ! -s "$f" ] && [ -x "$C" ]; then
    timeout "$T" "$C" domineering "${BOARDS[$i]}" > "$f.tmp" && mv "$f.tmp" "$f"
  fi
  if [ -s "$f" ]; then
    ok=$("$S" value $MAX - <<< "$(cat "$f") == domineering(\"${BOARDS[$i]}\")" | head -1)
    [[ $ok == *" is true;"* ]] || { echo "G$((i + 1)): the form in $f is not the board's value" >&2; exit 1; }
  else
    have_forms=no
  fi
done
g() { cat "$OUTDIR/g$1.txt"; }

# name, statement
WORK=()
add() { WORK+=("$1"$'\t'"$2"); }
for n in 10 14 16 20; do
  add "S$n" "$(switches $n)"
  add "S$n <= S$n" "$(switches $n) <= $(switches $n)"
  add "S$n - S$n == 0" "$(switches $n)$(minus_switches $n) == 0"
done
for n in 10 100 1000; do
  add "$n*^ <= $((n - 1))*^ + *" "$n * ^ <= $((n - 1)) * ^ + *"
  add "$n*^ > $((n - 2))*^ + *" "$n * ^ > $((n - 2)) * ^ + *"
done
for n in 10 30 100; do
  add "$n*{0|v*}" "$n * {0|v*}"
done
if [ $have_forms = yes ]; then
  for i in 1 2 3 4 5 6; do
    add "G$i - G$i == 0" "$(g $i) - $(g $i) == 0"
    add "G$i + G$i <= G$i" "$(g $i) + $(g $i) <= $(g $i)"
    add "G$i + G$i == 2*G$i" "$(g $i) + $(g $i) == 2 * $(g $i)"
  done
  add "G2 + G4" "$(g 2) + $(g 4)"
  add "G2 + G4 <= G4 + G2" "$(g 2) + $(g 4) <= $(g 4) + $(g 2)"
  add "G2 + G4 - G2 == G4" "$(g 2) + $(g 4) - $(g 2) == $(g 4)"
  add "G1 + G5 + G6" "$(g 1) + $(g 5) + $(g 6)"
  add "G1 + G5 + G6 - G5 == G1 + G6" "$(g 1) + $(g 5) + $(g 6) - $(g 5) == $(g 1) + $(g 6)"
  add "G1 + G5 + G6 <= G6 + G5 + G1" "$(g 1) + $(g 5) + $(g 6) <= $(g 6) + $(g 5) + $(g 1)"
fi

# Runs "$@" with the statement $W/st on standard input, its output to the file $1;
# prints "cpu_s rss_kib status" (status ok, timeout or exit-N).
time_one() {
  local out=$1; shift
  /usr/bin/time -o "$W/tf" -f '%U %S %M %x' timeout "$T" "$@" < "$W/st" > "$out" 2>/dev/null
  awk -v t="$(tail -1 "$W/tf")" 'BEGIN { split(t, a, " ");
    s = a[4] == 0 ? "ok" : a[4] == 124 ? "timeout" : "exit-" a[4];
    printf "%.2f %d %s\n", a[1] + a[2], a[3], s }'
}
# "cpu mib status" of the runs: the median CPU, the largest RSS, and the first status
# that is not ok (a run that timed out: its CPU).
summary() {
  sort -n | awk '{ c[NR] = $1; if ($2 > r) r = $2; if ($3 != "ok" && bad == "") { bad = $3; bc = $1 } }
    END { if (bad != "") printf "%s %.1f %s\n", bc, r / 1024, bad;
          else printf "%s %.1f ok\n", c[int((NR + 1) / 2)], r / 1024 }'
}
fmt() { # cpu mib status
  case $3 in ok) echo "$1 / $2";; timeout) echo ">$1 (timeout)";; *) echo "$3";; esac
}

printf '%-34s %-18s %-18s %-8s %s\n' workload "sprague CPU s/MiB" "cgt CPU s/MiB" ratio agree
for line in "${WORK[@]}"; do
  name=${line%%$'\t'*}
  printf '%s\n' "${line#*$'\t'}" > "$W/st"
  : > "$W/sr"; : > "$W/cr"
  for r in $(seq "$RUNS"); do
    time_one "$W/so" "$S" value $MAX - >> "$W/sr"
    [ -x "$C" ] && time_one "$W/co" "$C" eval >> "$W/cr"
    # Long runs once only.
    awk -v o="$ONCE" '$1 >= o || $3 != "ok" { long = 1 } END { exit !long }' "$W/sr" "$W/cr" 2>/dev/null && break
  done
  read -r scpu srss sst <<< "$(summary < "$W/sr")"
  ccpu=-; crss=-; cst=-; ratio=-; agree=-
  if [ -x "$C" ]; then
    read -r ccpu crss cst <<< "$(summary < "$W/cr")"
    sans=$(head -1 "$W/so")
    if [ "$sst" = ok ] && [ "$cst" = ok ]; then
      if [[ $sans == compare:* ]]; then
        [[ $sans == *" is $(cat "$W/co");"* ]] && agree=yes || agree=NO
      else
        # A sum: cgt's canonical form read back by sprague, compared with the sum.
        back=$({ printf '%s == ' "$(cat "$W/co")"; cat "$W/st"; } | "$S" value $MAX - | head -1)
        [[ $back == *" is true;"* ]] && agree=yes || agree=NO
      fi
    fi
    if [ "$sst" = ok ] && { [ "$cst" = ok ] || [ "$cst" = timeout ]; }; then
      ratio=$(awk -v s="$scpu" -v c="$ccpu" -v t="$cst" 'BEGIN {
        p = t == "ok" ? "" : ">";
        if (c < 0.02) print "–"; else if (s < 0.01) printf ">%.0f\n", c / 0.01;
        else printf "%s%.0f\n", p, c / s }')
    fi
  fi
  printf '%-34s %-18s %-18s %-8s %s\n' "$name" "$(fmt "$scpu" "$srss" "$sst")" "$(fmt "$ccpu" "$crss" "$cst")" "$ratio" "$agree"
done

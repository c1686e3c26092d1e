#!/usr/bin/env bash
# MisereSolver (Plambeck and Siegel's misère quotient solver, by A. Siegel, published
# inside CGSuite's source: github.com/aaron-siegel/cgsuite, directory
# lib/core/src/main/scala/org/cgsuite/core/misere/solver) beside `sprague quotient`.
#
#   CGSUITE=/path/to/cgsuite/clone bench/miseresolver.sh orders N [CODE...]
#   CGSUITE=/path/to/cgsuite/clone bench/miseresolver.sh time
#
# The peer is built from the clone at commit $COMMIT: the solver's own Java files as
# published, except that miseresolver/patch.py takes the heap options from
# miseresolver/Rules.java (an octal game 0.d1d2…, written for this bench) instead of
# CGSuite's Scala rulesets, and drops the constructor that reads saved .msv files;
# miseresolver/Orders.java drives the solver's `next()` heap by heap and prints
# "heap order |P|". CGSuite's command line (which needs its Scala runtime) is not used.
#
# `orders N` compares, heap by heap up to N, the order of the quotient and the size of
# its P-portion given by both programs, for each CODE (default: every octal code 0.d1d2).
# A program stopped by $TIMEOUT seconds (default 60 per game) is compared as far as it
# went. Prints one line per game and "same"/"DIFFERENT".
#
# `time` runs each workload (sprague with --max-states 10^9, as MisereSolver has no
# work bound) with both programs alternately $RUNS times (default 3) and
# prints the median CPU seconds (user + system) and the largest peak RSS, as
# `/usr/bin/time -f '%U %S %M'` reports them, and the order both reached.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${CGSUITE:?set CGSUITE to a clone of github.com/aaron-siegel/cgsuite}"
COMMIT=${COMMIT:-e909ab8bc330e39bc837d26b22bc8a96f9fa512a}
S=${SPRAGUE:-target/release/sprague}
T=${TIMEOUT:-60}
RUNS=${RUNS:-3}
OUT=bench/out/miseresolver
[ -x "$S" ] || cargo build --release
mkdir -p "$OUT/src/org/cgsuite/core/misere/solver" "$OUT/classes"
PKG=lib/core/src/main/scala/org/cgsuite/core/misere/solver
for f in BipartiteMonoid CommutativeMonoid DirectSumMonoid ExplicitFiniteMonoid MisereSolver \
  Pretension Relation Word; do
  git -C "$CGSUITE" show "$COMMIT:$PKG/$f.java" > "$OUT/src/org/cgsuite/core/misere/solver/$f.java" \
    || exit 2
done
cp bench/miseresolver/Rules.java bench/miseresolver/Orders.java "$OUT/src/org/cgsuite/core/misere/solver/"
python3 bench/miseresolver/patch.py "$OUT/src/org/cgsuite/core/misere/solver/MisereSolver.java" || exit 2
javac -nowarn -d "$OUT/classes" $(find "$OUT/src" -name '*.java') || exit 2


# The orders of sprague's quotients of heaps 1..n for n = 1..N: "heap order |P|".
ours() { # code, N
  local n
  for n in $(seq 1 "$2"); do
    timeout "$T" "$S" quotient --json --to "$n" "octal[$1]" 2>/dev/null |
      python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["to"], d["order"], len(d["p_portion"]))' 2>/dev/null ||
      break
  done
}

case "${1:-}" in
orders)
  N=${2:?orders N}; shift 2
  codes=("$@")
  if [ ${#codes[@]} -eq 0 ]; then
    for a in 0 1 2 3 4 5 6 7; do for b in 0 1 2 3 4 5 6 7; do
      [ "$a$b" != 00 ] && codes+=("0.$a$b")
    done; done
  fi
  for g in "${codes[@]}"; do
    timeout "$T" java -Xss64m -cp "$OUT/classes" org.cgsuite.core.misere.solver.Orders "$g" "$N" \
      > "$OUT/peer.$g.txt" 2>/dev/null
    ours "$g" "$N" > "$OUT/ours.$g.txt"
    m=$(wc -l < "$OUT/peer.$g.txt"); s=$(wc -l < "$OUT/ours.$g.txt"); k=$((m < s ? m : s))
    same=DIFFERENT
    cmp -s <(head -n "$k" "$OUT/peer.$g.txt") <(head -n "$k" "$OUT/ours.$g.txt") && same=same
    printf '%-8s heaps compared: %3d (MisereSolver reached %d, sprague %d)  %s  last: %s\n' \
      "$g" "$k" "$m" "$s" "$same" "$(head -n "$k" "$OUT/ours.$g.txt" | tail -n 1)"
  done
  ;;
time)
  run() { # label, command…: prints "cpu rss"
    local label=$1; shift
    /usr/bin/time -o "$OUT/$label.time" -f '%U %S %M' timeout "$T" "$@" > "$OUT/$label.out" 2>/dev/null
    tail -n 1 "$OUT/$label.time" | awk '{printf "%.2f %d\n", $1 + $2, $3}'
  }
  median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
  for w in "0.77 200" "0.07 30" "0.137 30" "0.07 32" "0.07 33" "0.64 14"; do
    set -- $w
    pc=() sc=() prss=0 srss=0
    for _ in $(seq "$RUNS"); do
      r=$(run peer java -Xss64m -cp "$OUT/classes" org.cgsuite.core.misere.solver.Orders "$1" "$2")
      pc+=("${r% *}"); [ "${r#* }" -gt "$prss" ] && prss=${r#* }
      r=$(run ours "$S" quotient --max-states 1000000000 --to "$2" "octal[$1]")
      sc+=("${r% *}"); [ "${r#* }" -gt "$srss" ] && srss=${r#* }
    done
    po=$(tail -n 1 "$OUT/peer.out" | awk -v n="$2" '$1 == n {print $2}')
    so=$(awk '/^order:/ {print $2}' "$OUT/ours.out")
    printf '%-6s to %3s  sprague %6ss %8s KB order %-5s  MisereSolver %6ss %8s KB order %s\n' \
      "$1" "$2" "$(printf '%s\n' "${sc[@]}" | median)" "$srss" "${so:--}" \
      "$(printf '%s\n' "${pc[@]}" | median)" "$prss" "${po:--}"
  done
  ;;
*)
  echo "usage: bench/miseresolver.sh orders N [CODE...] | time" >&2
  exit 2
  ;;
esac

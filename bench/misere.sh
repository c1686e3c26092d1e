#!/usr/bin/env bash
# Misère quotients: `sprague quotient`, `sweep --misere` and `solve --misere` on sums of
# many heaps, each beside a baseline build of sprague (an older commit, given as
# BASELINE=path) when there is one: CPU seconds (user + system) and peak RSS, as
# /usr/bin/time -f '%U %S %M' gives them, the two programs run alternately $RUNS times
# (default 3; the median CPU and the largest RSS), each run stopped after $TIMEOUT
# seconds (default 300; a stopped run prints nothing), and whether the two printed the
# same answer. MisereSolver, Plambeck and Siegel's quotient solver, runs beside
# `sprague quotient` in bench/miseresolver.sh.
#
#   BASELINE=/path/to/old/sprague bench/misere.sh
set -uo pipefail
cd "$(dirname "$0")/.."
S=${SPRAGUE:-target/release/sprague}
B=${BASELINE:-}
T=${TIMEOUT:-300}
RUNS=${RUNS:-3}
OUT=bench/out/misere
mkdir -p "$OUT"
[ -x "$S" ] || cargo build --release
python3 - <<'PY' > "$OUT/kayles-1e5.txt"
import random
random.seed(1)
print('kayles(' + ','.join(str(random.randint(1, 24)) for _ in range(100000)) + ')')
PY
run() { # program, label, args…: prints "cpu rss" and leaves the answer in $OUT
  local prog=$1 label=$2; shift 2
  /usr/bin/time -o "$OUT/$label.time" -f '%U %S %M' timeout "$T" "$prog" "$@" > "$OUT/$label.out" 2>/dev/null
  tail -n 1 "$OUT/$label.time" | awk '{printf "%.2f %d\n", $1 + $2, $3}'
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
workload() { # name, args…
  local name=$1; shift
  local bc=() sc=() brss=0 srss=0 r
  for _ in $(seq "$RUNS"); do
    if [ -n "$B" ]; then
      r=$(run "$B" "$name.base" "$@"); bc+=("${r% *}"); [ "${r#* }" -gt "$brss" ] && brss=${r#* }
    fi
    r=$(run "$S" "$name" "$@"); sc+=("${r% *}"); [ "${r#* }" -gt "$srss" ] && srss=${r#* }
  done
  local line
  line=$(printf '%-40s sprague %6ss %8s KB' "$name" "$(printf '%s\n' "${sc[@]}" | median)" "$srss")
  if [ -n "$B" ]; then
    local same=no
    # A quotient is compared by its order, presentation, generators, stability and
    # heaps' elements (words, whatever the numbering of its elements); other answers
    # whole. A baseline that stopped printed nothing: not the same.
    local keep='^(order|presentation|generators|stable|heaps)'
    if grep -q '^order' "$OUT/$name.out"; then
      cmp -s <(grep -E "$keep" "$OUT/$name.out") <(grep -E "$keep" "$OUT/$name.base.out") && same=yes
    else
      cmp -s "$OUT/$name.out" "$OUT/$name.base.out" && same=yes
    fi
    line+=$(printf '   baseline %6ss %8s KB   same answer: %s' "$(printf '%s\n' "${bc[@]}" | median)" "$brss" "$same")
  fi
  echo "$line"
}
workload "quotient kayles 24" quotient --to 24 kayles
workload "quotient kayles 26" quotient --to 26 kayles
workload "quotient kayles 200" quotient --max-states 1000000000 --to 200 kayles
workload "quotient dawson 24" quotient --to 24 'octal[0.07]'
workload "quotient 0.75 1000" quotient --to 1000 'octal[0.75]'
workload "sweep --misere 2 digits to 10" sweep --misere --digits 2 --to 10
workload "solve --misere 100000 kayles heaps" solve --misere --json --each "$OUT/kayles-1e5.txt"

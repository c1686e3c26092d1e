#!/usr/bin/env bash
# sprague value beside cgt-tools (the crate cgt, t4ccer/cgt-tools) on Amazons,
# Konane and Toads and Frogs positions, and sprague alone on Clobber (cgt has no Clobber): CPU seconds
# (user + system) and peak RSS of each program, as /usr/bin/time -f '%U %S %M' gives
# them, and whether the two canonical forms are equal (cgt's text is read back by
# `sprague value`, with CGSuite's `4*` spelled `4+*` and `-3^` spelled `-3+^`).
#
#   SPRAGUE_PEERS=DIR bench/grid.sh          # DIR/cgt-tools/target/release/cgt-bench
#
# cgt-bench is a small program built beside cgt (single-threaded: without cgt's
# `rayon` feature) that prints the canonical form of one position:
# `cgt-bench amazons|konane|… POSITION` (cgt writes Left's pieces `x`, Right's `o`).
# A program missing is skipped; each run stops after $TIMEOUT seconds (default 120).
set -uo pipefail
cd "$(dirname "$0")/.."
S=${SPRAGUE:-target/release/sprague}
C=${SPRAGUE_PEERS:-/nonexistent}/cgt-tools/target/release/cgt-bench
T=${TIMEOUT:-120}
[ -x "$S" ] || cargo build --release --quiet
# ruleset, position in cgt's notation
POSITIONS=(
  "amazons x..#|....|.#.o"
  "amazons x...|....|...o"
  "amazons x....|....o"
  "amazons x..|...|..o"
  "konane xoxox|ox..o|xoxox|oxoxo"
  "konane xoxox|oxoxo|x..ox|oxoxo|xoxox"
  "konane xoxoxo|ox..ox|xoxoxo|oxoxox"
  "toads_and_frogs TTTTT....FFFFF"
  "toads_and_frogs TTTTT.....FFFFF"
  "toads_and_frogs TTTTTT.....FFFFFF"
  "toads_and_frogs TT.T.TF.F.FF.TF.TF"
  "clobber XOXOX|OXOXO|XOXOX"
  "clobber XOXOXOXOXOXOXOXOXOXOXOXOXO"
)
time_of() { # prints "cpu_s rss_mib" of the command, its stdout to $OUT
  local t
  /usr/bin/time -o "$TF" -f '%U %S %M %x' timeout "$T" "$@" > "$OUT" 2>/dev/null
  t=$(tail -1 "$TF")
  awk -v t="$t" 'BEGIN { split(t, a, " "); if (a[4] != 0) print "exit-" a[4] " -"; else printf "%.2f %.1f\n", a[1] + a[2], a[3] / 1024 }'
}
OUT=$(mktemp)
TF=$(mktemp)
trap 'rm -f "$OUT" "$TF"' EXIT
printf '%-9s %-40s %-18s %-18s %s\n' ruleset position "sprague CPU s/MiB" "cgt CPU s/MiB" equal
for line in "${POSITIONS[@]}"; do
  read -r rules pos <<< "$line"
  ours=$(echo "$pos" | tr xo LR)
  [ "$rules" = konane ] && ours=$(echo "$pos" | tr xo XO)
  name=$rules
  [ "$rules" = toads_and_frogs ] && { name=toads; ours=$pos; }
  s=$(time_of "$S" value --max-states 20000000 "$name(\"$ours\")")
  sv=$(head -1 "$OUT" | sed 's/^value: *//')
  c="- -"; eq="-"
  if [ -x "$C" ] && [ "$rules" != clobber ]; then
    c=$(time_of "$C" "$rules" "$pos")
    cv=$(sed -E 's/([0-9^v])\*/\1+*/g; s/([0-9])([\^v])/\1+\2/g' "$OUT")
    if [ -n "$cv" ] && [ -n "$sv" ]; then
      back=$("$S" value --max-states 20000000 "$cv" 2>/dev/null | head -1 | sed 's/^value: *//')
      if [ "$back" = "$sv" ]; then eq=yes; else eq=NO; fi
    fi
  fi
  printf '%-9s %-40s %-18s %-18s %s\n' "$rules" "$pos" "${s/ / \/ }" "${c/ / \/ }" "$eq"
done

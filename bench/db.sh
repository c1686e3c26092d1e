#!/usr/bin/env bash
# The partizan search of `sprague solve` with and without a database of small regions
# (`solve --db`): builds the databases once (into $DB_DIR, default a temporary
# directory; the build's own time is printed), then solves each position both ways and
# prints the outcome, wall seconds, user CPU seconds and peak RSS of each run, as
# /usr/bin/time -f '%e %U %M' gives them. Only whether each player wins is asked
# (`--max-moves 0`). Each run stops after $TIMEOUT seconds (default 300).
#
#   bench/db.sh                       # the positions below
#   bench/db.sh 'domineering(7,7)' …  # the positions given (Domineering or Clobber)
set -uo pipefail
cd "$(dirname "$0")/.."
S=${SPRAGUE:-target/release/sprague}
T=${TIMEOUT:-300}
[ -x "$S" ] || cargo build --release --quiet
D=${DB_DIR:-$(mktemp -d)}
. bench/positions.sh
if [ $# -gt 0 ]; then
  POSITIONS=("$@")
else
  POSITIONS=(
    'domineering(5,6)'
    'domineering(6,6)'
    "domineering(\"$B8A\")"
    "domineering(\"$B8B\")"
    "clobber(\"$(xo 18)\")"
    "clobber(\"$(xo 20)\")"
    "$TWELVE"
    "$TEN"
  )
fi
TF=$(mktemp)
OUT=$(mktemp)
trap 'rm -f "$TF" "$OUT"' EXIT
build() { # NAME ARGS…
  local name=$1; shift
  [ -f "$D/$name" ] && return
  /usr/bin/time -o "$TF" -f '%e %U %M' "$S" db build "$@" --out "$D/$name" > /dev/null
  read -r e u m < "$TF"
  printf 'built %-16s %6.2f s %6.2f s CPU %7.1f MiB  %s\n' "$name" "$e" "$u" "$(echo "$m / 1024" | bc -l)" "$*"
}
build dom10.db domineering --cells 10
build dom12.db domineering --cells 12
build clob8.db clobber --cells 8
build strips16.db clobber --shape 1x16
printf '%-8s %-12s %8s %8s %9s  %s\n' outcome db 'wall s' 'cpu s' 'rss MiB' position
for p in "${POSITIONS[@]}"; do
  case "$p" in
    domineering*) dbs=(none dom10.db dom12.db) ;;
    *) dbs=(none clob8.db strips16.db) ;;
  esac
  for db in "${dbs[@]}"; do
    args=()
    [ "$db" = none ] || args=(--db "$D/$db")
    /usr/bin/time -o "$TF" -f '%e %U %M %x' timeout "$T" "$S" solve --json --max-moves 0 "${args[@]}" "$p" > "$OUT" 2>/dev/null
    read -r e u m x < <(tail -1 "$TF")
    if [ "$x" = 0 ]; then
      o=$(grep -o '"outcome":"[A-Z]"' "$OUT" | cut -d'"' -f4)
    else
      o="exit-$x"
    fi
    short=$p
    [ ${#short} -gt 60 ] && short="${short:0:57}..."
    awk -v o="$o" -v d="$db" -v e="$e" -v u="$u" -v m="$m" -v p="$short" \
      'BEGIN { printf "%-8s %-12s %8.2f %8.2f %9.1f  %s\n", o, d, e, u, m / 1024, p }'
  done
done

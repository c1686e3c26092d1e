#!/usr/bin/env bash
# The partizan search of `sprague solve` on Domineering boards, Clobber strips and sums
# of many regions: the outcome, CPU seconds (user + system) and peak RSS of each run,
# as /usr/bin/time -f '%U %S %M' gives them. Only whether each player wins is asked
# (`--max-moves 0`). Each run stops after $TIMEOUT seconds (default 300); a run that
# ends otherwise than with exit 0 prints its exit code instead of an outcome.
#
#   bench/search.sh                  # every position below
#   bench/search.sh 'domineering(7,7)' …   # the positions given
#
# With MCGS's test files at $MCGS_INPUT (its `input/` directory), the Domineering files
# of `autotests/domineering_autotests` are solved too, every answer checked against the
# file, with the total and slowest time of each file.
set -uo pipefail
cd "$(dirname "$0")/.."
S=${SPRAGUE:-target/release/sprague}
T=${TIMEOUT:-300}
[ -x "$S" ] || cargo build --release --quiet
. bench/positions.sh
if [ $# -gt 0 ]; then
  POSITIONS=("$@")
else
  POSITIONS=(
    'domineering(5,6)'
    'domineering(6,6)'
    'domineering(7,7)'
    "domineering(\"$B8A\")"
    "domineering(\"$B8B\")"
    "clobber(\"$(xo 14)\")"
    "clobber(\"$(xo 18)\")"
    "clobber(\"$(xo 20)\")"
    "clobber(\"$(xo 22)\")"
    "$TWELVE"
    "$TEN"
  )
fi
TF=$(mktemp)
OUT=$(mktemp)
trap 'rm -f "$TF" "$OUT"' EXIT
printf '%-8s %10s %9s  %s\n' outcome 'cpu s' 'rss MiB' position
for p in "${POSITIONS[@]}"; do
  /usr/bin/time -o "$TF" -f '%U %S %M %x' timeout "$T" "$S" solve --json --max-moves 0 "$p" > "$OUT" 2>/dev/null
  read -r u s m x < <(tail -1 "$TF")
  if [ "$x" = 0 ]; then
    o=$(grep -o '"outcome":"[A-Z]"' "$OUT" | cut -d'"' -f4)
  else
    o="exit-$x"
  fi
  short=$p
  [ ${#short} -gt 90 ] && short="${short:0:87}..."
  awk -v o="$o" -v u="$u" -v s="$s" -v m="$m" -v p="$short" \
    'BEGIN { printf "%-8s %10.2f %9.1f  %s\n", o, u + s, m / 1024, p }'
done
if [ -n "${MCGS_INPUT:-}" ]; then
  for f in "$MCGS_INPUT"/autotests/domineering_autotests/{4x4_easy,6x6,7x7_15_stones,7x7_20_stones}.test; do
    [ -f "$f" ] || continue
    python3 - "$S" "$f" <<'PY'
import re, subprocess, sys, time, resource
exe, path = sys.argv[1], sys.argv[2]
game = None; ok = bad = 0; worst = (0.0, '')
before = resource.getrusage(resource.RUSAGE_CHILDREN)
for line in open(path):
    line = line.strip()
    m = re.match(r'^\[(\w+)\]', line)
    if m:
        game = m.group(1); continue
    m = re.match(r'^(\S+)\s*\{B (win|loss), W (win|loss)\}', line)
    if not m or game != 'domineering':
        continue
    board, b, w = m.groups()
    t0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([exe, 'solve', '--json', '--max-moves', '0', f'{game}("{board}")'],
                       capture_output=True, text=True)
    t1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    dt = (t1.ru_utime - t0.ru_utime) + (t1.ru_stime - t0.ru_stime)
    if r.returncode != 0:
        bad += 1; continue
    d = __import__('json').loads(r.stdout)['winning_moves_by_side']
    if (d['left']['wins'], d['right']['wins']) == (b == 'win', w == 'win'):
        ok += 1
    else:
        bad += 1
    worst = max(worst, (dt, board))
after = resource.getrusage(resource.RUSAGE_CHILDREN)
total = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
print(f'{path.rsplit("/", 1)[-1]}: {ok} agree, {bad} disagree or fail; {total:.2f} CPU s in all, at most {worst[0]:.2f} s')
PY
  done
fi

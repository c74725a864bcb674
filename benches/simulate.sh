#!/usr/bin/env bash
# Instructions per random game of `tabula simulate` (one thread) beside the
# engine's own loop (`examples/playouts`, as instructions.sh counts it):
# what the command users run costs over the engine. simulate refuses
# --games 0, so its figure is (N games - 1 game) / (N - 1).
#
#   benches/simulate.sh                 # every row: short games and long
#   benches/simulate.sh connect         # the rows whose name contains it
#
# Needs valgrind. Honours CARGO_TARGET_DIR. A run that fails under valgrind
# (or gives no count) stops the script with an error, never a made-up figure.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
cargo build --release --bin tabula --example playouts >/dev/null 2>&1 ||
  cargo build --release --bin tabula --example playouts
target=${CARGO_TARGET_DIR:-target}/release
. benches/callgrind.sh
# One thread: rayon's figure, not the scheduler's, and the same every run.
export RAYON_NUM_THREADS=1

# name | rules file | games
rows=(
  "tic-tac-toe|rules/tic-tac-toe.game|2000"
  "connect-four|rules/connect-four.game|2000"
  "reversi|rules/reversi.game|300"
  "breakthrough|rules/breakthrough.game|200"
)

printf '%-14s %10s %10s %8s\n' game engine simulate over
for row in "${rows[@]}"; do
  IFS='|' read -r name rules games <<<"$row"
  [[ $# -gt 0 && $name != *"$1"* ]] && continue
  all=$(count "$target/examples/playouts" "$rules" "$games")
  none=$(count "$target/examples/playouts" "$rules" 0)
  engine=$(per_run "$all" "$none" "$games")
  all=$(count "$target/tabula" simulate "$rules" --games "$games" --seed 1)
  one=$(count "$target/tabula" simulate "$rules" --games 1 --seed 1)
  ours=$(per_run "$all" "$one" $((games - 1)))
  over=$(awk -v a="$ours" -v b="$engine" 'BEGIN { printf "%+.1f%%", 100 * (a - b) / b }')
  printf '%-14s %10s %10s %8s\n' "$name" "$engine" "$ours" "$over"
done

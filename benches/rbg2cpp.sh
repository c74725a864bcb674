#!/usr/bin/env bash
# Instructions per random playout of RBG's rules compiler (rbg2cpp) beside
# Tabula's, under callgrind: the comparison of issue 14. Each figure is
# (N playouts) - (0 playouts), so set-up is not counted.
#
#   RBG=/path/to/rbg2cpp benches/rbg2cpp.sh            # every game below
#   RBG=/path/to/rbg2cpp benches/rbg2cpp.sh gomoku     # the rows matching
#
# RBG is a checkout of https://github.com/uicus/rbg2cpp with its submodules
# (rbgParser, rbgGames), built with `make rbg2cpp`; its reasoners need
# boost's headers (Debian: libboost-dev). Needs valgrind and g++.
# benches/README.md says how the figures were taken.
set -euo pipefail
cd "$(dirname "$0")/.."
rbg=${RBG:?set RBG to a built rbg2cpp checkout}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --example playouts >/dev/null 2>&1 || cargo build --release --example playouts
ours_bin=$PWD/target/release/examples/playouts

# name | RBG game | Tabula rules file and options | playouts
rows=(
  "tic-tac-toe|ticTacToe|rules/tic-tac-toe.game|2000"
  "connect-four|connect4|rules/connect-four.game|2000"
  "gomoku|gomoku_freeStyle|rules/gomoku.game|200"
  "yavalath|yavalath|rules/yavalath.game|1000"
  "hex|hex|rules/hex.game|200"
  "reversi|reversi|rules/reversi.game|200"
  "breakthrough|breakthrough|rules/breakthrough.game|20"
)

# Instructions that a command executes, as callgrind counts them.
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}

# The flat Monte Carlo program of rbg2cpp's tests for GAME, as its Makefile
# builds it (release flags, default random generator).
build_rbg() {
  local game=$1
  (
    cd "$work"
    rm -f reasoner.*
    "$rbg/bin/rbg2cpp" -o reasoner "$rbg/rbgGames/games/$game.rbg" >/dev/null
    cp "$rbg/test/simulation.cpp" "$rbg/test/rbg_random_generator.hpp" .
    g++ -std=c++17 -Ofast -march=native -flto -s -DNDEBUG -DRBG_RANDOM_GENERATOR=0 \
      -o "sim_$game" reasoner.cpp simulation.cpp 2>/dev/null
  )
  echo "$work/sim_$game"
}

printf '%-14s %14s %14s %7s\n' game rbg2cpp tabula speed
for row in "${rows[@]}"; do
  IFS='|' read -r name game rules games <<<"$row"
  [[ $# -gt 0 && $name != *"$1"* ]] && continue
  read -r -a rules_args <<<"$rules"
  sim=$(build_rbg "$game")
  theirs=$((($(count "$sim" "$games") - $(count "$sim" 0)) / games))
  ours=$((($(count "$ours_bin" "${rules_args[0]}" "$games" "${rules_args[@]:1}") - \
    $(count "$ours_bin" "${rules_args[0]}" 0 "${rules_args[@]:1}")) / games))
  speed=$(awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "%.2f", a / b }')
  printf '%-14s %14s %14s %7s\n' "$name" "$theirs" "$ours" "$speed"
done

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
# benches/README.md says how the figures were taken. The reasoners are
# built for RBG_MARCH (x86-64-v2 on x86-64, as Tabula is; `native` may use
# instructions valgrind cannot run, AVX-512). A build or a run that fails
# stops the script with an error, never a made-up figure.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
. benches/callgrind.sh
if [[ $(uname -m) == x86_64 ]]; then march=${RBG_MARCH:-x86-64-v2}; else march=${RBG_MARCH:-}; fi
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
  "chess|chess|rules/chess.game|10"
)

# The flat Monte Carlo program of rbg2cpp's tests for GAME, as its Makefile
# builds it (release flags, default random generator).
build_rbg() {
  local game=$1
  cd "$work" && rm -f reasoner.* &&
    "$rbg/bin/rbg2cpp" -o reasoner "$rbg/rbgGames/games/$game.rbg" >/dev/null &&
    cp "$rbg/test/simulation.cpp" "$rbg/test/rbg_random_generator.hpp" . &&
    g++ -std=c++17 -Ofast ${march:+"-march=$march"} -flto -s -DNDEBUG \
      -DRBG_RANDOM_GENERATOR=0 -o "sim_$game" reasoner.cpp simulation.cpp 2>g++.log || {
    echo "error: building rbg2cpp's $game failed" >&2
    tail -n 5 g++.log >&2 2>/dev/null || true
    return 1
  }
  echo "$work/sim_$game"
}

printf '%-14s %14s %14s %7s\n' game rbg2cpp tabula speed
for row in "${rows[@]}"; do
  IFS='|' read -r name game rules games <<<"$row"
  [[ $# -gt 0 && $name != *"$1"* ]] && continue
  read -r -a rules_args <<<"$rules"
  sim=$(build_rbg "$game")
  all=$(count "$sim" "$games")
  none=$(count "$sim" 0)
  theirs=$(per_run "$all" "$none" "$games")
  all=$(count "$ours_bin" "${rules_args[0]}" "$games" "${rules_args[@]:1}")
  none=$(count "$ours_bin" "${rules_args[0]}" 0 "${rules_args[@]:1}")
  ours=$(per_run "$all" "$none" "$games")
  speed=$(awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "%.2f", a / b }')
  printf '%-14s %14s %14s %7s\n' "$name" "$theirs" "$ours" "$speed"
done

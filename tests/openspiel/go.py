#!/usr/bin/env python3
"""Go counted by OpenSpiel's `go` (Tromp-Taylor scoring, komi 7.5, simple
ko forbidden, any other repeated board a draw), in Tabula's terms.
OpenSpiel writes a move `B d4` (the columns lettered without `i`, the rows
numbered from the bottom) or `B PASS`; Tabula writes it `d4` (the columns
lettered on: `j` is OpenSpiel's `k`) or `pass`.

  go.py perft > tests/perft/go-openspiel.toml
  go.py stats GAMES SEED [SIZE]  (random play, for tests/openspiel/go*-stats.toml)
  go.py check     (CI: the counts checked in are OpenSpiel's now)

Pinned: open-spiel==2.0.2.
"""
import random
import sys

import pyspiel

from perft import main, random_cases, stats, toml

COLUMNS = "abcdefghjklmnopqrst"


def game(size):
    return pyspiel.load_game("go", {"board_size": size})


def label(text):
    point = text.split(" ")[1].lower()
    if point == "pass":
        return "pass"
    return chr(ord("a") + COLUMNS.index(point[0])) + point[1:]


def turns(state):
    return [(label(state.action_to_string(a)), state.child(a)) for a in state.legal_actions()]


def cases():
    yield "from the start", [], game(9).new_initial_state(), 3
    for size, depth in [(2, 9), (3, 7), (4, 4)]:
        yield f"size {size}", [], game(size).new_initial_state(), depth, {"size": size}
    rng = random.Random(20261128)
    yield from random_cases(game(9), turns, rng, 10, (40, 160), 2)
    for size, plies, depth in [(3, (6, 17), 6), (4, (10, 31), 5), (5, (20, 49), 4)]:
        options = {"size": size}
        yield from random_cases(game(size), turns, rng, 6, plies, depth, f"size {size}, ", options)


HEADER = [
    "Go perft from OpenSpiel's `go` (open-spiel 2.0.2); written by",
    "tests/openspiel/go.py and checked by tests/perft.rs. The format is",
    "described in tic-tac-toe.toml.",
]


def text():
    return toml(HEADER, "go.game", turns, cases())


if __name__ == "__main__":
    if len(sys.argv) > 4 and sys.argv[1] == "stats":
        stats(game(int(sys.argv[4])), int(sys.argv[2]), int(sys.argv[3]))
    else:
        main("go-openspiel.toml", text, "tests/openspiel/go.py", game(9))

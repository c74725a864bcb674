#!/usr/bin/env python3
"""The game of Y counted by OpenSpiel's `y` (a triangle of 19 hexagons a
side, no swap rule), in Tabula's terms: a move is the cell, written as both
write it (`a1` the top-left corner, the letter the column, the number the
row from the top).

  y.py perft > tests/perft/y-openspiel.toml
  y.py stats GAMES SEED    (random play, for tests/openspiel/y-stats.toml)
  y.py check     (CI: the counts checked in are OpenSpiel's now)

Pinned: open-spiel==2.0.2.
"""
import random

import pyspiel

from perft import main, random_cases, toml


def game(size):
    return pyspiel.load_game("y", {"board_size": size})


def turns(state):
    return [(state.action_to_string(a), state.child(a)) for a in state.legal_actions()]


def cases():
    for size, depth in [(3, 6), (4, 7)]:
        yield f"size {size}", [], game(size).new_initial_state(), depth, {"size": size}
    yield "from the start", [], game(19).new_initial_state(), 2
    rng = random.Random(20261128)
    yield from random_cases(game(19), turns, rng, 6, (140, 175), 3)
    yield from random_cases(game(7), turns, rng, 4, (8, 20), 4, "size 7, ", {"size": 7})


HEADER = [
    "Y perft from OpenSpiel's `y` (open-spiel 2.0.2); written by",
    "tests/openspiel/y.py and checked by tests/perft.rs. The format is",
    "described in tic-tac-toe.toml.",
]


def text():
    return toml(HEADER, "y.game", turns, cases())


if __name__ == "__main__":
    main("y-openspiel.toml", text, "tests/openspiel/y.py", game(19))

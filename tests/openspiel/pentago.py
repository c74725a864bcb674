#!/usr/bin/env python3
"""Pentago counted by OpenSpiel's `pentago`, in Tabula's terms. OpenSpiel
writes a move `a1s`: the column, the row counted from the top, and the turn
as a letter s..z (quadrant 0 top-left, 1 top-right, 2 bottom-right, 3
bottom-left; counterclockwise, then clockwise). Tabula writes it `a6 1ccw`:
the cell (rows counted from the bottom), the block (1 and 2 along the top,
3 and 4 below) and the direction.

  pentago.py perft > tests/perft/pentago-openspiel.toml
  pentago.py stats GAMES SEED    (random play, for tests/openspiel/pentago-stats.toml)
  pentago.py check     (CI: the counts checked in are OpenSpiel's now)

Pinned: open-spiel==2.0.2.
"""
import random

import pyspiel

from perft import main, random_cases, toml

GAME = pyspiel.load_game("pentago")
BLOCK = {0: 1, 1: 2, 2: 4, 3: 3}


def label(text):
    x, y, r = ord(text[0]) - ord("a"), int(text[1]) - 1, ord(text[2]) - ord("s")
    turn = "cw" if r & 1 else "ccw"
    return f"{chr(ord('a') + x)}{6 - y} {BLOCK[r >> 1]}{turn}"


def turns(state):
    return [(label(state.action_to_string(a)), state.child(a)) for a in state.legal_actions()]


def cases():
    yield "from the start", [], GAME.new_initial_state(), 2
    yield from random_cases(GAME, turns, random.Random(20261128), 10, (14, 30), 2)


HEADER = [
    "Pentago perft from OpenSpiel's `pentago` (open-spiel 2.0.2); written",
    "by tests/openspiel/pentago.py and checked by tests/perft.rs. The",
    "format is described in tic-tac-toe.toml.",
]


def text():
    return toml(HEADER, "pentago.game", turns, cases(), ";")


if __name__ == "__main__":
    main("pentago-openspiel.toml", text, "tests/openspiel/pentago.py", GAME)

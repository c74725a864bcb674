#!/usr/bin/env python3
"""Atari Go (first capture wins) counted with OpenSpiel's `go` as the
referee of stones, liberties and suicide: a move is OpenSpiel's legal
point (its ko point cannot arise before the first capture ends the game);
a pass only when no point is legal, and two passes in turn draw; the first
move that takes a stone ends the game. Moves are written as in go.py.

  atari_go.py perft > tests/perft/atari-go-openspiel.toml
  atari_go.py check     (CI: the counts checked in are what OpenSpiel says now)

Pinned: open-spiel==2.0.2.
"""
import random
import sys

import pyspiel

from perft import main, random_cases, toml

COLUMNS = "abcdefghjklmnopqrst"


def label(text):
    point = text.split(" ")[1].lower()
    if point == "pass":
        return "pass"
    return chr(ord("a") + COLUMNS.index(point[0])) + point[1:]


def stones(state):
    board = state.observation_tensor(0)
    cells = len(board) // 4
    return sum(board[: 2 * cells])


class Position:
    """OpenSpiel's state, with Atari Go's end: a capture, or two passes."""

    def __init__(self, state, ended=False, passes=0):
        self.state, self.ended, self.passes = state, ended, passes

    def is_terminal(self):
        return self.ended


def turns(position):
    state = position.state
    pass_action = state.legal_actions()[-1]
    points = [a for a in state.legal_actions() if a != pass_action]
    out = []
    for a in points or [pass_action]:
        child = state.child(a)
        if a == pass_action:
            passes = position.passes + 1
            out.append(("pass", Position(child, passes == 2, passes)))
        else:
            took = stones(child) < stones(state) + 1
            out.append((label(state.action_to_string(a)), Position(child, took)))
    return out


class Game:
    def __init__(self, size):
        self.game = pyspiel.load_game("go", {"board_size": size})

    def new_initial_state(self):
        return Position(self.game.new_initial_state())


def cases():
    for size, depth in [(2, 8), (3, 6)]:
        yield f"size {size}", [], Game(size).new_initial_state(), depth, {"size": size}
    yield "from the start", [], Game(9).new_initial_state(), 3
    rng = random.Random(20261128)
    yield from random_cases(Game(9), turns, rng, 8, (10, 40), 2)
    yield from random_cases(Game(5), turns, rng, 8, (6, 16), 3, "size 5, ", {"size": 5})


HEADER = [
    "Atari Go perft with OpenSpiel's `go` (open-spiel 2.0.2) as the referee",
    "of captures and suicide; written by tests/openspiel/atari_go.py and",
    "checked by tests/perft.rs. The format is described in tic-tac-toe.toml.",
]


def text():
    return toml(HEADER, "atari-go.game", turns, cases())


if __name__ == "__main__":
    main("atari-go-openspiel.toml", text, "tests/openspiel/atari_go.py")

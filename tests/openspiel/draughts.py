#!/usr/bin/env python3
"""English draughts counted by OpenSpiel's `checkers`, in Tabula's terms.

OpenSpiel plays a chain of jumps as one action a jump (the same player
moving again); Tabula plays it as one move (`c3xe5xc7`). Here a move is a
whole turn: perft counts turns, a random player draws uniformly among whole
turns, and each move is written in Tabula's notation, so that the positions
can be reached in Tabula by the same moves.

  draughts.py perft  > tests/perft/draughts-openspiel.toml   (the counts)
  draughts.py stats GAMES SEED                               (random play)
  draughts.py check                                          (CI: the counts
      checked in equal OpenSpiel's now)

Pinned: open-spiel==2.0.2 (pip install open-spiel==2.0.2).
"""
import random
import sys

import pyspiel

from perft import main, random_position, toml, turn_stats

GAME = pyspiel.load_game("checkers")


def turns(state):
    """Every whole turn from `state`: (Tabula notation, resulting state)."""
    out = []
    player = state.current_player()

    def follow(s, text):
        for a in s.legal_actions():
            step = s.action_to_string(a)
            frm, to = step[:2], step[2:]
            capture = abs(ord(frm[0]) - ord(to[0])) == 2
            sep = "x" if capture else "-"
            t = (text + sep + to) if text else (frm + sep + to)
            child = s.child(a)
            if not child.is_terminal() and child.current_player() == player:
                follow(child, t)
            else:
                out.append((t, child))

    follow(state, "")
    return out


def cases():
    """The cases: the start to depth 6, and random mid-game positions."""
    yield "from the start", [], GAME.new_initial_state(), 6
    rng = random.Random(20261127)
    for k in range(10):
        plies = rng.randrange(20, 90)
        moves, state = random_position(GAME, turns, rng, plies)
        yield f"random position {k + 1} ({len(moves)} moves in)", moves, state, 4


HEADER = [
    "English draughts perft from OpenSpiel's `checkers` (open-spiel 2.0.2),",
    "a chain of jumps counted as one move; written by",
    "tests/openspiel/draughts.py and checked by tests/perft.rs. The format",
    "is described in tic-tac-toe.toml.",
]


def text():
    return toml(HEADER, "draughts.game", turns, cases())


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "stats":
        turn_stats(GAME, turns, int(sys.argv[2]), int(sys.argv[3]))
    else:
        main("draughts-openspiel.toml", text, "draughts.py")

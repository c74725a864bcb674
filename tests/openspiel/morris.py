#!/usr/bin/env python3
"""Nine Men's Morris counted by OpenSpiel's `nine_mens_morris`, in whole
turns: OpenSpiel makes the capture after a mill a second action of the same
player; here a turn is the move and its capture together, and a random
player draws uniformly among whole turns (as Tabula's does). OpenSpiel
numbers the points 0-23 from the top left, row by row; Tabula names them as
morris players do (`a1` the bottom-left corner, `d2` the middle of the
middle square's bottom side) and writes a turn `d2`, `a1-a4`, `d2 b6`
(placed on d2, taking b6) or `a1-a4 b6`.

  morris.py perft > tests/perft/morris-openspiel.toml
  morris.py stats GAMES SEED    (random play, for tests/openspiel/morris-stats.toml)
  morris.py check     (CI: the counts checked in are OpenSpiel's now)

Pinned: open-spiel==2.0.2.
"""
import random
import sys

import pyspiel

from perft import main, random_cases, toml, turn_stats

GAME = pyspiel.load_game("nine_mens_morris")
# OpenSpiel's drawing of the board: (text row, text column) of each point.
COORDS = [
    (0, 0), (0, 7), (0, 14), (2, 2), (2, 7), (2, 12), (4, 4), (4, 7),
    (4, 10), (6, 0), (6, 2), (6, 4), (6, 10), (6, 12), (6, 14), (8, 4),
    (8, 7), (8, 10), (10, 2), (10, 7), (10, 12), (12, 0), (12, 7), (12, 14),
]
FILES = {0: "a", 2: "b", 4: "c", 7: "d", 10: "e", 12: "f", 14: "g"}


def point(p):
    row, column = COORDS[p]
    return f"{FILES[column]}{7 - row // 2}"


def action(text):
    """`Point 4` or `Move 4 -> 7` in Tabula's words."""
    words = text.split()
    if words[0] == "Point":
        return point(int(words[1]))
    return f"{point(int(words[1]))}-{point(int(words[3]))}"


def turns(state):
    """Whole turns: a move, and the capture its mill makes, together."""
    out = []
    mover = state.current_player()
    for a in state.legal_actions():
        text, child = action(state.action_to_string(a)), state.child(a)
        if child.is_terminal() or child.current_player() != mover:
            out.append((text, child))
            continue
        for c in child.legal_actions():
            out.append((f"{text} {action(child.action_to_string(c))}", child.child(c)))
    return out


def cases():
    yield "from the start", [], GAME.new_initial_state(), 4
    rng = random.Random(20261128)
    yield from random_cases(GAME, turns, rng, 8, (10, 18), 3, "placing, ")
    yield from random_cases(GAME, turns, rng, 12, (18, 120), 3, "moving, ")


HEADER = [
    "Nine Men's Morris perft from OpenSpiel's `nine_mens_morris` (open-spiel",
    "2.0.2), a move and its capture counted as one turn; written by",
    "tests/openspiel/morris.py and checked by tests/perft.rs. The format is",
    "described in tic-tac-toe.toml.",
]


def text():
    return toml(HEADER, "morris.game", turns, cases(), ";")


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[1] == "stats":
        turn_stats(GAME, turns, int(sys.argv[2]), int(sys.argv[3]))
    else:
        main("morris-openspiel.toml", text, "tests/openspiel/morris.py")

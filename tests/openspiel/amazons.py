#!/usr/bin/env python3
"""The Game of the Amazons counted by OpenSpiel's `amazons` (10 x 10), in
Tabula's terms: OpenSpiel plays a turn as three actions (the amazon, where
it goes, where its arrow lands); here a turn is one move, written as
Tabula writes it (`d1-d7 d5`).

  amazons.py perft > tests/perft/amazons-openspiel.toml
  amazons.py check     (CI: the counts checked in are OpenSpiel's now)

Pinned: open-spiel==2.0.2.
"""
import random
import re
import sys

import pyspiel

from perft import main, random_position, toml

GAME = pyspiel.load_game("amazons")
SIZE = 10


def label(text):
    r, c = map(int, re.search(r"\((\d+), (\d+)\)", text).groups())
    return f"{chr(ord('a') + c - 1)}{SIZE + 1 - r}"


def turns(state):
    out = []
    for a in state.legal_actions():
        s1 = state.child(a)
        for b in s1.legal_actions():
            s2 = s1.child(b)
            for c in s2.legal_actions():
                s3 = s2.child(c)
                text = (f"{label(state.action_to_string(a))}-{label(s1.action_to_string(b))}"
                        f" {label(s2.action_to_string(c))}")
                out.append((text, s3))
    return out


def cases():
    yield "from the start", [], GAME.new_initial_state(), 1
    rng = random.Random(20261127)
    for k in range(6):
        moves, state = random_position(GAME, turns, rng, rng.randrange(20, 70))
        depth = 2 if len(turns(state)) < 250 else 1
        yield f"random position {k + 1} ({len(moves)} moves in)", moves, state, depth


HEADER = [
    "Amazons perft from OpenSpiel's `amazons` (open-spiel 2.0.2), a turn",
    "(amazon, square, arrow) counted as one move; written by",
    "tests/openspiel/amazons.py and checked by tests/perft.rs. The format",
    "is described in tic-tac-toe.toml.",
]


def text():
    return toml(HEADER, "amazons.game", turns, cases(), separator=";")


if __name__ == "__main__":
    main("amazons-openspiel.toml", text, "amazons.py")

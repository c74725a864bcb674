#!/usr/bin/env python3
"""Oware counted by OpenSpiel's `oware` (6 houses a row, 4 seeds each), in
Tabula's terms: a move is the house sown from, written as Tabula writes it
(`c1` for South's third house; North's houses run from `f2`, across from
`f1`, to `a2`).

  oware.py perft > tests/perft/oware-openspiel.toml
  oware.py stats GAMES SEED    (random play, for tests/openspiel/oware-stats.toml)
  oware.py check     (CI: the counts checked in are OpenSpiel's now)

Pinned: open-spiel==2.0.2.
"""
import random

import pyspiel

from perft import main, random_cases, toml

GAME = pyspiel.load_game("oware")


def label(player, action, houses):
    if player == 0:
        return f"{chr(ord('a') + action)}1"
    return f"{chr(ord('a') + houses - 1 - action)}2"


def turns(state):
    player = state.current_player()
    houses = state.get_game().get_parameters()["num_houses_per_player"]
    return [(label(player, a, houses), state.child(a)) for a in state.legal_actions()]


def small(houses, seeds):
    """The start of a game on `houses` houses a row, `seeds` seeds each."""
    params = {"num_houses_per_player": houses, "num_seeds_per_house": seeds}
    return pyspiel.load_game("oware", params).new_initial_state()


def cases():
    yield "from the start", [], GAME.new_initial_state(), 8
    yield from random_cases(GAME, turns, random.Random(20261128), 10, (20, 120), 6)
    # Small boards, where games end within the depth: by a majority, by a
    # player who cannot move (or feed) and by a position that comes back.
    for houses, seeds, depth in [(2, 2, 20), (3, 1, 18), (3, 2, 14), (4, 1, 12)]:
        name = f"{houses} houses, {seeds} seed{'s' if seeds > 1 else ''} each"
        yield name, [], small(houses, seeds), depth, {"houses": houses, "seeds": seeds}


HEADER = [
    "Oware perft from OpenSpiel's `oware` (open-spiel 2.0.2); written by",
    "tests/openspiel/oware.py and checked by tests/perft.rs. The format is",
    "described in tic-tac-toe.toml.",
]


def text():
    return toml(HEADER, "oware.game", turns, cases())


if __name__ == "__main__":
    main("oware-openspiel.toml", text, "tests/openspiel/oware.py", GAME)

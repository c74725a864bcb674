#!/usr/bin/env python3
"""Chess counted by OpenSpiel's `chess`, in Tabula's terms. OpenSpiel's
action is one whole turn; its long algebraic notation (`e2e4`, `e1g1` for
castling, `e7e8q`) is written as Tabula writes the move: `e2-e4` (a capture
and en passant too), castling as the king's move `e1-g1`, and a promotion
with the kind's name, `e7-e8 queen`. White moves first: Tabula's first
seat, OpenSpiel's player 1 (its player 0 is Black). The game ends as
OpenSpiel ends it: checkmate (a loss for the mated side), stalemate, 100
plies without a capture or pawn move, a third repetition of a position, or
too little material to mate (all draws).

  chess.py perft > tests/perft/chess-openspiel.toml
  chess.py stats GAMES SEED    (random play, for tests/openspiel/chess-stats.toml)
  chess.py check     (CI: the counts checked in are OpenSpiel's now)

Pinned: open-spiel==2.0.2.
"""
import random
import sys

import pyspiel

from perft import turn_stats, main, random_cases, toml

GAME = pyspiel.load_game("chess")
KINDS = {"q": "queen", "r": "rook", "b": "bishop", "n": "knight"}


def label(lan):
    """`e2e4` as `e2-e4`, `e7e8q` as `e7-e8 queen`."""
    text = f"{lan[:2]}-{lan[2:4]}"
    return f"{text} {KINDS[lan[4]]}" if len(lan) > 4 else text


def turns(state):
    """Every move from `state`: (Tabula notation, resulting state)."""
    board = state.board()
    out = [
        (label(pyspiel.chess.action_to_move(a, board).to_lan()), state.child(a))
        for a in state.legal_actions()
    ]
    assert len({text for text, _ in out}) == len(out), out
    return out


# Positions reached by moves from the start, for the rules the random
# positions seldom reach.
LINES = [
    ("en passant for White (e5-d6 legal)", ["e2-e4", "a7-a6", "e4-e5", "d7-d5"], 3),
    ("en passant for Black (d4-e3 legal)", ["a2-a3", "d7-d5", "a3-a4", "d5-d4", "e2-e4"], 3),
    (
        "castling both sides for both players",
        ["d2-d4", "d7-d5", "b1-c3", "b8-c6", "c1-f4", "c8-f5", "d1-d2", "d8-d7",
         "e2-e3", "e7-e6", "g1-f3", "g8-f6", "f1-e2", "f8-e7"],
        3,
    ),
    (
        "promotion for White (b7-b8, b7-a8, b7-c8)",
        ["e2-e4", "d7-d5", "e4-d5", "c7-c6", "d5-c6", "b8-d7", "c6-b7"],
        3,
    ),
    (
        "promotion for Black (b2-b1, b2-a1, b2-c1)",
        ["a2-a3", "e7-e5", "d2-d4", "e5-d4", "c2-c3", "d4-c3", "b1-d2", "c3-b2"],
        3,
    ),
]


def play(moves):
    """The position after `moves` (Tabula notation) from the start."""
    state = GAME.new_initial_state()
    for move in moves:
        state = dict(turns(state))[move]
    return state


def deep_cases():
    yield "from the start", [], GAME.new_initial_state(), 4
    for name, moves, depth in LINES:
        yield name, moves, play(moves), depth
    yield from random_cases(GAME, turns, random.Random(20261128), 10, (10, 81), 3)


def cases():
    """Each case to depth 2 (a debug build's `cargo test` counts these),
    then to its full depth, counted by `cargo test --release` only."""
    deep = list(deep_cases())
    for name, moves, state, _depth, *rest in deep:
        yield f"{name}, to depth 2", moves, state, 2
    for name, moves, state, depth, *rest in deep:
        yield name, moves, state, depth, None, True


HEADER = [
    "Chess perft from OpenSpiel's `chess` (open-spiel 2.0.2); written by",
    "tests/openspiel/chess.py and checked by tests/perft.rs. The format is",
    "described in tic-tac-toe.toml.",
]


def text():
    out = toml(HEADER, "chess.game", turns, cases(), ";")
    start = out.split('name = "from the start"')[1].split("[[case]]")[0]
    assert "nodes = [20, 400, 8902, 197281]\n" in start, start  # the published counts
    return out


def stats(games, seed):
    """Random play, each action drawn uniformly among the legal actions,
    with White, OpenSpiel's player 1, the first seat."""
    one_action = lambda s: [(None, s.child(a)) for a in s.legal_actions()]  # noqa: E731
    turn_stats(GAME, one_action, games, seed, first_player=1)


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[1] == "stats":
        stats(int(sys.argv[2]), int(sys.argv[3]))
    else:
        main("chess-openspiel.toml", text, "tests/openspiel/chess.py")

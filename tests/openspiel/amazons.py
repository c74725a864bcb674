#!/usr/bin/env python3
"""The Game of the Amazons counted by OpenSpiel's `amazons` (10 x 10), in
Tabula's terms: OpenSpiel plays a turn as three actions (the amazon, where
it goes, where its arrow lands); here a turn is one move, written as
Tabula writes it (`d1-d7 d5`). White, Tabula's first seat, is OpenSpiel's
player 0 (`X`, on rows 1 and 4).

A random player draws uniformly among whole turns, as Tabula's does. A
position has some 2,000 turns, too many to list each turn of 20,000 games;
`Turns` numbers them without listing them (per amazon and square, the count
of arrow shots from there) and makes only the one drawn.

  amazons.py perft > tests/perft/amazons-openspiel.toml
  amazons.py stats GAMES SEED    (random play, for tests/openspiel/amazons-stats.toml)
  amazons.py sampler   (the turns `Turns` numbers are those `turns` lists, in order)
  amazons.py check     (CI: the counts checked in are OpenSpiel's now)

Pinned: open-spiel==2.0.2.
"""
import contextlib
import io
import random
import re
import sys

import pyspiel

from perft import main, random_position, toml, turn_stats

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


class Turns:
    """The whole turns from a position, numbered in `turns`' order without
    making each: an (amazon, square) pair stands for as many turns as its
    arrow has squares to land on. `Turns(state)[i]` is `turns(state)[i]`,
    so a turn drawn uniformly by its number is drawn uniformly among whole
    turns (checked by `sampler`)."""

    def __init__(self, state):
        self.state = state
        self.pairs = []  # (amazon, square, the positions after each, arrow shots)
        self.count = 0
        for a in state.legal_actions():
            s1 = state.child(a)
            for b in s1.legal_actions():
                s2 = s1.child(b)
                n = len(s2.legal_actions())
                self.pairs.append((a, b, s1, s2, n))
                self.count += n

    def __len__(self):
        return self.count

    def __getitem__(self, i):
        if not 0 <= i < self.count:
            raise IndexError(i)
        for a, b, s1, s2, n in self.pairs:
            if i < n:
                c = s2.legal_actions()[i]
                text = (f"{label(self.state.action_to_string(a))}-"
                        f"{label(s1.action_to_string(b))} {label(s2.action_to_string(c))}")
                return text, s2.child(c)
            i -= n


def sampler():
    """Checks `Turns` against `turns`: on the perft positions and along
    random games, the same turns in the same order (so the same draw of a
    number is the same turn), and a few whole games played by
    `turn_stats` with each from one seed equal."""
    positions = [state for _, _, state, _ in cases()]
    rng = random.Random(7)
    for _ in range(3):
        state = GAME.new_initial_state()
        while not state.is_terminal():
            if rng.random() < 0.1:
                positions.append(state)
            options = turns(state)
            state = options[rng.randrange(len(options))][1]
    for state in positions:
        listed, numbered = turns(state), Turns(state)
        assert len(listed) == len(numbered), (len(listed), len(numbered))
        for i, (text, child) in enumerate(listed):
            t, c = numbered[i]
            assert t == text and str(c) == str(child), (i, text, t)
    print(f"{len(positions)} positions: Turns numbers the turns `turns` lists, in order")
    played = []
    for way in (turns, Turns):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            turn_stats(GAME, way, 5, 11)
        played.append(out.getvalue())
    assert played[0] == played[1], played
    print("5 games from seed 11, listed and numbered:", played[0].replace("\n", ", ").strip(", "))


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
    if len(sys.argv) > 3 and sys.argv[1] == "stats":
        turn_stats(GAME, Turns, int(sys.argv[2]), int(sys.argv[3]))
    elif len(sys.argv) > 1 and sys.argv[1] == "sampler":
        sampler()
    else:
        main("amazons-openspiel.toml", text, "amazons.py")

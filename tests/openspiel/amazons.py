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


def perft(state, depth, nodes, terminal, level=0):
    for _, child in turns(state):
        nodes[level] += 1
        if child.is_terminal():
            terminal[level] += 1
        elif level + 1 < depth:
            perft(child, depth, nodes, terminal, level + 1)


def cases():
    yield "from the start", [], GAME.new_initial_state(), 1
    rng = random.Random(20261127)
    for k in range(6):
        state, moves = GAME.new_initial_state(), []
        for _ in range(rng.randrange(20, 70)):
            options = turns(state)
            text, child = options[rng.randrange(len(options))]
            if child.is_terminal():
                break
            moves.append(text)
            state = child
        depth = 2 if len(turns(state)) < 250 else 1
        yield f"random position {k + 1} ({len(moves)} moves in)", moves, state, depth


def toml():
    lines = [
        "# Amazons perft from OpenSpiel's `amazons` (open-spiel 2.0.2), a turn",
        "# (amazon, square, arrow) counted as one move; written by",
        "# tests/openspiel/amazons.py and checked by tests/perft.rs. The format",
        "# is described in tic-tac-toe.toml.",
        "",
        'rules = "amazons.game"',
    ]
    for name, moves, state, depth in cases():
        nodes, terminal = [0] * depth, [0] * depth
        perft(state, depth, nodes, terminal)
        lines += ["", "[[case]]", f'name = "{name}"']
        if moves:
            lines.append("moves = [" + ", ".join(f'"{m};"' for m in moves) + "]")
        lines += [f"depth = {depth}", f"nodes = {nodes}", f"terminal = {terminal}",
                  f"games = {sum(terminal)}"]
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "perft":
        sys.stdout.write(toml())
        return
    import pathlib
    path = pathlib.Path(__file__).parents[1] / "perft" / "amazons-openspiel.toml"
    if path.read_text() != toml():
        sys.exit(f"{path} differs from OpenSpiel's counts now: run `amazons.py perft`")
    print(f"{path.name}: equal to OpenSpiel's counts")


if __name__ == "__main__":
    main()

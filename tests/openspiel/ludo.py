#!/usr/bin/env python3
"""Mensch ärgere Dich nicht counted by OpenSpiel's `maedn`, in Tabula's
terms (rules/ludo.game). OpenSpiel throws the die at a chance node before
every turn; Tabula throws it as the turn starts, and its position holds the
throw. So a perft case lists the throws on its way (`chance`: the start's,
then one after each move), and counts each move once for each throw that
can follow it (a move that ends the game once): a chance node's outcomes
are positions of their own.

A move is written as Tabula writes it: the mover's space and where it ends,
`R3-R9`, `R38-Re2` (Red's end zone from `Re1`, the outermost, to `Re4`), a
mover brought in `Rh-R0`, and `pass`. With two players Blue sits opposite
Red (OpenSpiel's default): Tabula's ring of 2 x 20 spaces is OpenSpiel's
40 fields, Blue's `B0` its field 20.

  ludo.py perft > tests/perft/ludo-openspiel.toml
  ludo.py stats GAMES SEED    (random play, for tests/openspiel/ludo-stats.toml)
  ludo.py check     (CI: the counts checked in are OpenSpiel's now)

Pinned: open-spiel==2.0.2.
"""
import random
import sys

import pyspiel

from perft import case, head, main

INITIALS = "RBGY"


def game(players):
    return pyspiel.load_game("maedn", {"players": players})


def position(player, players):
    """OpenSpiel's seat position of a player (two players sit opposite)."""
    return 2 if players == 2 and player == 1 else player


def label(player, players, relative):
    """Tabula's name of the field `relative` on `player`'s way."""
    if relative >= 40:
        return f"{INITIALS[player]}e{relative - 39}"
    field = (relative + 10 * position(player, players)) % 40
    segment = 40 // players
    return f"{INITIALS[field // segment]}{field % segment}"


def throw(state):
    """The die's face of a player's node (from the observation string)."""
    line = [l for l in str(state).splitlines() if l.startswith("Dice: ")][0]
    return int(line[len("Dice: "):])


def move_text(state, action, players):
    player = state.current_player()
    if action == 0:
        return "pass"
    if action == 1:
        return f"{INITIALS[player]}h-{INITIALS[player]}0"
    source = action - 2
    return f"{label(player, players, source)}-{label(player, players, source + throw(state))}"


def perft(state, players, depth, nodes, terminal, level=0):
    """Counts, per depth, the (move, next throw) positions and the ends."""
    for action in state.legal_actions():
        child = state.child(action)
        if child.is_terminal():
            nodes[level] += 1
            terminal[level] += 1
            continue
        for outcome, _ in child.chance_outcomes():
            nodes[level] += 1
            if level + 1 < depth:
                perft(child.child(outcome), players, depth, nodes, terminal, level + 1)


def random_position(players, rng, plies):
    """The throws, moves and position after `plies` random turns."""
    state = game(players).new_initial_state()
    state = state.child(rng.randrange(6))
    chance, moves = [throw(state)], []
    for _ in range(plies):
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        child = state.child(action)
        if child.is_terminal():
            break
        moves.append(move_text(state, action, players))
        state = child.child(rng.randrange(6))
        chance.append(throw(state))
    return chance, moves, state


def cases():
    for players in (2, 4):
        prefix = f"{players} players, " if players != 2 else ""
        options = {"seats": players} if players != 2 else None
        for face in (1, 6):
            state = game(players).new_initial_state().child(face - 1)
            yield f"{prefix}from the start, a {face} thrown", [face], [], state, 4, options
        rng = random.Random(20261128 + players)
        for k in range(6):
            chance, moves, state = random_position(players, rng, rng.randrange(40, 400))
            name = f"{prefix}random position {k + 1} ({len(moves)} moves in)"
            yield name, chance, moves, state, 3, options


HEADER = [
    "Mensch ärgere Dich nicht perft from OpenSpiel's `maedn` (open-spiel",
    "2.0.2); written by tests/openspiel/ludo.py and checked by",
    "tests/perft.rs. The format is described in tic-tac-toe.toml; `chance`",
    "lists the throws on the way, and a move counts once for each throw",
    "that can follow it.",
]


def text():
    lines = head(HEADER, "ludo.game")
    for name, chance, moves, state, depth, options in cases():
        players = options["seats"] if options else 2
        nodes, terminal = [0] * depth, [0] * depth
        perft(state, players, depth, nodes, terminal)
        lines += case(name, moves, depth, nodes, terminal, options, chance=chance, separator=";")
    return "\n".join(lines) + "\n"


def stats(games, seed):
    """Random play of two players: chance as OpenSpiel draws it, each move
    drawn uniformly; a move is a player's action (a pass too)."""
    rng = random.Random(seed)
    first = second = moves = 0
    g = game(2)
    for _ in range(games):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(6))
                continue
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            moves += 1
        if state.returns()[0] > 0:
            first += 1
        else:
            second += 1
    print(f"games = {games}\nfirst = {first}\nsecond = {second}\ndraws = 0\nmoves = {moves}")


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[1] == "stats":
        stats(int(sys.argv[2]), int(sys.argv[3]))
    else:
        main("ludo-openspiel.toml", text, "tests/openspiel/ludo.py")

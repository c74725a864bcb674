#!/usr/bin/env python3
"""Backgammon counted by OpenSpiel's `backgammon` (default parameters:
win/loss scoring, 500 turns), in Tabula's terms (rules/backgammon.game);
and Hypergammon, the same game with `hyper_backgammon=true`
(rules/hypergammon.game): three men each, White's on OpenSpiel's
positions 0, 1, 2 (p24 p23 p22), Black's on 23, 22, 21 (p1 p2 p3).

White is OpenSpiel's player 0 (x), Black its player 1 (o). The points are
named as White counts them: OpenSpiel's position `pos` (0 to 23, the same
for both players) is `p{24 - pos}`; White walks from p24 down to p1, Black
from p1 up to p24. White's bar is `Wh` and his men borne off `We1`; Black's
`Bh` and `Be1`.

OpenSpiel's action is up to two walks, one die each, and Tabula's move the
same: the walks in the order OpenSpiel plays them, `p13-p7 p7-p4`,
`Wh-p20 p13-p11`, `p3-We1 p2-We1`; a single walk `p6-p1` when only one die
can be used; `pass` when none can. A double is two actions of the same
player with the same throw (after the first, if it used both dice, no
throw). OpenSpiel lists one move under several actions (`p13-p7 p8-p5` and
`p8-p5 p13-p7`; `p13-p9 p9-p7` and `p13-p11 p11-p7` when neither hits);
Tabula lists it once, so the moves counted are the actions' distinct
results (each written as the first of its actions). The game ends when a
player has borne off all his men, fifteen (three in Hypergammon): he wins;
or as a draw once more than 500 turns are played (OpenSpiel's
`max_player_turns`; a double's two halves are one turn, a pass is one).

Chance: OpenSpiel throws two dice at a chance node before every turn;
Tabula throws them as the turn starts, and its position holds the throw.
So a perft case lists the throws on its way (`chance`: die faces, two a
throw) and counts each move that ends a turn once for each of the 36
throws that can follow it (a move that ends the game once; a double's
first half that used both dice once, as no throw follows it). The first
throw decides who starts (OpenSpiel's 30 outcomes, no doubles): Tabula's
White throws one die, Black the other, and the higher starts with both,
so White starting with 3-1 is `[3, 1]`, Black starting with 6-5 is
`[5, 6]`.

  backgammon.py perft > tests/perft/backgammon-openspiel.toml
  backgammon.py hyper perft > tests/perft/hypergammon-openspiel.toml
  backgammon.py stats GAMES SEED   (random play, for tests/openspiel/backgammon-stats.toml)
  backgammon.py hyper stats GAMES SEED   (the same, Hypergammon)
  backgammon.py check     (CI: the counts checked in, both files, are OpenSpiel's now)
  backgammon.py hyper check   (Hypergammon's file only)

Pinned: open-spiel==2.0.2.
"""
import random
import sys
from typing import NamedTuple

import pyspiel

from perft import case, head, main

# OpenSpiel's chance outcomes (backgammon.cc, kChanceOutcomeValues): the
# first throw is one of the first 30, an even one when x (White) starts.
OUTCOMES = [
    (1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (4, 1),
    (1, 5), (5, 1), (1, 6), (6, 1), (2, 3), (3, 2),
    (2, 4), (4, 2), (2, 5), (5, 2), (2, 6), (6, 2),
    (3, 4), (4, 3), (3, 5), (5, 3), (3, 6), (6, 3),
    (4, 5), (5, 4), (4, 6), (6, 4), (5, 6), (6, 5),
    (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6),
]
FIRST_OUTCOMES = 30

X, O = 0, 1
BAR, PASS = 100, -1  # OpenSpiel's kBarPos, kPassPos
SEAT = "WB"


def first_outcome(white_starts, high, low):
    """OpenSpiel's first chance outcome where White (or Black) starts with
    `high`-`low`."""
    parity = 0 if white_starts else 1
    return next(o for o in range(FIRST_OUTCOMES)
                if o % 2 == parity and sorted(OUTCOMES[o]) == sorted((high, low)))


def first_faces(outcome):
    """Tabula's first throw: White's die, then Black's; the higher starts."""
    a, b = OUTCOMES[outcome]
    return [max(a, b), min(a, b)] if outcome % 2 == 0 else [min(a, b), max(a, b)]


def cell(player, pos):
    if pos == BAR:
        return f"{SEAT[player]}h"
    if pos < 0 or pos > 23:
        return f"{SEAT[player]}e1"
    return f"p{24 - pos}"


def walk(player, checker_move):
    """One of OpenSpiel's checker moves as `FROM-TO` (None for a pass)."""
    pos, num = checker_move.pos, checker_move.num
    if pos == PASS:
        return None
    if pos == BAR:
        to = num - 1 if player == X else 24 - num
    else:
        to = pos + num if player == X else pos - num
    return f"{cell(player, pos)}-{cell(player, to)}"


def move_text(state, action):
    player = state.current_player()
    walks = [walk(player, m) for m in state.spiel_move_to_checker_moves(player, action)]
    walks = [w for w in walks if w]
    return " ".join(walks) if walks else "pass"


def moves(state):
    """The distinct moves of a player's node: (Tabula notation, resulting
    state), each result once (written as its first action, by id)."""
    seen = {}
    for action in state.legal_actions():
        child = state.child(action)
        key = str(child)
        if key not in seen:
            seen[key] = (move_text(state, action), child)
    return list(seen.values())


def throw_faces(outcome):
    return list(OUTCOMES[outcome])


def perft(state, depth, nodes, terminal, level=0):
    """Counts, per depth, the (move, next throw) positions and the ends."""
    for _, child in moves(state):
        if child.is_terminal():
            nodes[level] += 1
            terminal[level] += 1
        elif child.is_chance_node():
            outcomes = child.chance_outcomes()
            nodes[level] += len(outcomes)
            if level + 1 < depth:
                for outcome, _ in outcomes:
                    perft(child.child(outcome), depth, nodes, terminal, level + 1)
        else:
            # A double's first half: the same player moves again, no throw.
            nodes[level] += 1
            if level + 1 < depth:
                perft(child, depth, nodes, terminal, level + 1)


def random_position(game, rng, plies):
    """The throws, moves and position after `plies` random moves (fewer if
    the game would end): each move drawn among the distinct moves."""
    state = game.new_initial_state()
    outcome = rng.randrange(FIRST_OUTCOMES)
    chance, played = first_faces(outcome), []
    state = state.child(outcome)
    for _ in range(plies):
        options = moves(state)
        text, child = options[rng.randrange(len(options))]
        if child.is_terminal():
            break
        played.append(text)
        if child.is_chance_node():
            outcome = rng.randrange(len(child.chance_outcomes()))
            chance += throw_faces(outcome)
            state = child.child(outcome)
        else:
            state = child
    return chance, played, state


def phase(state, men):
    """What the name of a random case notes: a double's second half, a man
    on the bar, the mover bearing off (with `men` men each)."""
    notes = ["a double's second half"] if "Extra turn: 1" in str(state) else []
    player = state.current_player()
    if state.board(X, BAR) or state.board(O, BAR):
        notes.append("a man on the bar")
    home = range(18, 24) if player == X else range(0, 6)
    if sum(state.board(player, p) for p in home) + borne_off(state, player, men) == men:
        notes.append("bearing off")
    return notes


def borne_off(state, player, men):
    return men - state.board(player, BAR) - sum(state.board(player, p) for p in range(24))


class Variant(NamedTuple):
    """One of the games this script counts: OpenSpiel's game, its men each,
    its perft file (in tests/perft/) and rules, the file's first header
    lines, its cases from the start (White starts?, high die, low die,
    depth) and from random positions (seed, moves in, depth), and the
    command that writes the file."""
    game: pyspiel.Game
    men: int
    file: str
    rules: str
    header: list
    starts: list
    random: list
    command: str


# How moves and throws are counted: the header's last lines, both files.
COUNTING = [
    "A move is one of OpenSpiel's actions (up to two walks, a double's half",
    "too), counted once however many actions have its result. `chance` lists",
    "the die faces on the way: the first throw's two (White's die, Black's),",
    "then two after each move that ends a turn; a move counts once for each",
    "of the 36 throws that can follow it, once if it ends the game or is a",
    "double's first half that used both dice (no throw follows).",
]

BACKGAMMON = Variant(
    game=pyspiel.load_game("backgammon"),
    men=15,
    file="backgammon-openspiel.toml",
    rules="backgammon.game",
    header=[
        "Backgammon perft from OpenSpiel's `backgammon` (open-spiel 2.0.2,",
        "default parameters); written by tests/openspiel/backgammon.py and",
        "checked by tests/perft.rs. The format is described in tic-tac-toe.toml.",
    ],
    starts=[(True, 3, 1, 2), (False, 6, 5, 2), (True, 6, 4, 2)],
    # Random positions picked for a double's second half, men on the bar,
    # bearing off (the case's name says which), and the last three a few
    # moves from the game's end.
    random=[
        (1, 20, 2), (4, 60, 2), (6, 60, 2), (17, 100, 3), (7, 150, 2), (32, 205, 2),
        (13, 83, 3), (17, 103, 3), (24, 124, 3),
    ],
    command="tests/openspiel/backgammon.py",
)

HYPERGAMMON = Variant(
    game=pyspiel.load_game("backgammon", {"hyper_backgammon": True}),
    men=3,
    file="hypergammon-openspiel.toml",
    rules="hypergammon.game",
    header=[
        "Hypergammon perft from OpenSpiel's `backgammon` with",
        "hyper_backgammon=true (open-spiel 2.0.2, other parameters default:",
        "three men each); written by `tests/openspiel/backgammon.py hyper`",
        "and checked by tests/perft.rs. The format is described in",
        "tic-tac-toe.toml.",
    ],
    starts=[(True, 3, 1, 2), (False, 6, 5, 2), (True, 4, 2, 2)],
    # Random positions (a game here is some 25 moves): bearing off, one
    # move winning; a double's second half bearing off; the mover's
    # opponent bearing off (games end at depths 2 and 3); a double's second
    # half with a man on the bar; a man on the bar; 40 moves in.
    random=[(8, 15, 3), (17, 15, 3), (6, 20, 3), (33, 25, 3), (18, 30, 3), (19, 40, 3)],
    command="tests/openspiel/backgammon.py hyper",
)

# The selectors on the command line; none: `perft` writes Backgammon's
# file, `check` checks both.
VARIANTS = {"backgammon": BACKGAMMON, "hyper": HYPERGAMMON}


def cases(variant):
    for white, high, low, depth in variant.starts:
        outcome = first_outcome(white, high, low)
        state = variant.game.new_initial_state().child(outcome)
        name = f"from the start, {'White' if white else 'Black'} starting with {high}-{low}"
        yield name, first_faces(outcome), [], state, depth
    for k, (seed, plies, depth) in enumerate(variant.random):
        chance, played, state = random_position(variant.game, random.Random(20261201 + seed), plies)
        notes = "".join(f", {n}" for n in phase(state, variant.men))
        yield f"random position {k + 1} ({len(played)} moves in{notes})", chance, played, state, depth


def text(variant):
    lines = head(variant.header + COUNTING, variant.rules)
    for name, chance, played, state, depth in cases(variant):
        nodes, terminal = [0] * depth, [0] * depth
        perft(state, depth, nodes, terminal)
        lines += case(name, played, depth, nodes, terminal, chance=chance, separator=";")
    return "\n".join(lines) + "\n"


def stats(variant, games, seed):
    """Random play: chance as OpenSpiel draws it (uniform), each move drawn
    uniformly among the distinct moves; a move is a player's action (a pass,
    each half of a double). The winner is the player who bore off all his
    men: with hyper_backgammon=true OpenSpiel's returns are 0 for both
    players at every end (open-spiel 2.0.2), so they cannot say."""
    game, men = variant.game, variant.men
    rng = random.Random(seed)
    first = second = draws = played = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
                continue
            options = moves(state)
            state = options[rng.randrange(len(options))][1]
            played += 1
        if borne_off(state, X, men) == men:
            first += 1
        elif borne_off(state, O, men) == men:
            second += 1
        else:
            draws += 1
    print(f"games = {games}\nfirst = {first}\nsecond = {second}\ndraws = {draws}\nmoves = {played}")


if __name__ == "__main__":
    args = sys.argv[1:]
    chosen = [VARIANTS[args.pop(0)]] if args and args[0] in VARIANTS else None
    if len(args) > 2 and args[0] == "stats":
        stats((chosen or [BACKGAMMON])[0], int(args[1]), int(args[2]))
    else:
        if chosen is None:
            chosen = [BACKGAMMON] if args[:1] == ["perft"] else list(VARIANTS.values())
        sys.argv[1:] = args  # perft.main reads `perft` (or a check) there
        for variant in chosen:
            main(variant.file, lambda: text(variant), variant.command)

"""Perft in whole turns and the TOML files of tests/perft/, shared by the
game scripts beside it (each gives its game's turns in Tabula's notation)."""
import pathlib
import sys


def perft(turns, state, depth, nodes, terminal, level=0):
    """Counts, per depth, the positions `turns` reaches and those that end."""
    for _, child in turns(state):
        nodes[level] += 1
        if child.is_terminal():
            terminal[level] += 1
        elif level + 1 < depth:
            perft(turns, child, depth, nodes, terminal, level + 1)


def random_position(game, turns, rng, plies):
    """The moves and position after `plies` random whole turns (fewer if
    the game would end)."""
    state, moves = game.new_initial_state(), []
    for _ in range(plies):
        options = turns(state)
        text, child = options[rng.randrange(len(options))]
        if child.is_terminal():
            break
        moves.append(text)
        state = child
    return moves, state


def random_cases(game, turns, rng, count, plies, depth, prefix="", options=None):
    """`count` cases from random positions `plies` (a range) turns in,
    counted to `depth`, named `{prefix}random position K (N moves in)`."""
    for k in range(count):
        moves, state = random_position(game, turns, rng, rng.randrange(*plies))
        name = f"{prefix}random position {k + 1} ({len(moves)} moves in)"
        yield (name, moves, state, depth) + ((options,) if options else ())


def toml(header, rules, turns, cases, separator=""):
    """The file: `header` lines, then each case (name, moves, state, depth,
    and maybe the rules' options set for it and whether only a release
    build counts it);
    each move is followed by `separator` (`;` where a move is words)."""
    lines = head(header, rules)
    for name, moves, state, depth, *options in cases:
        nodes, terminal = [0] * depth, [0] * depth
        perft(turns, state, depth, nodes, terminal)
        set_ = options[0] if options else None
        release_only = len(options) > 1 and options[1]
        lines += case(name, moves, depth, nodes, terminal, set_, release_only, separator=separator)
    return "\n".join(lines) + "\n"


def head(header, rules):
    """A file's first lines: the `header` as comments, then its rules file."""
    return [f"# {line}" if line else "#" for line in header] + ["", f'rules = "{rules}"']


def case(name, moves, depth, nodes, terminal, options=None, release_only=False, chance=None,
         separator=""):
    """One `[[case]]`'s lines: its options, the chance outcomes on the way
    (a game of dice), the moves, and the counts."""
    lines = ["", "[[case]]", f'name = "{name}"']
    if options:
        lines.append("set = { " + ", ".join(f"{k} = {v}" for k, v in options.items()) + " }")
    if release_only:
        lines.append("release_only = true")
    if chance:
        lines.append(f"chance = {chance}")
    if moves:
        lines.append("moves = [" + ", ".join(f'"{m}{separator}"' for m in moves) + "]")
    return lines + [
        f"depth = {depth}",
        f"nodes = {nodes}",
        f"terminal = {terminal}",
        f"games = {sum(terminal)}",
    ]


def stats(game, games, seed):
    """Random play, each action drawn uniformly among the legal actions."""
    turn_stats(game, lambda s: [(None, s.child(a)) for a in s.legal_actions()], games, seed)


def turn_stats(game, turns, games, seed, first_player=0):
    """Random play in whole turns (a move and what it forces the same
    player to choose next, as `turns` gives them), each drawn uniformly:
    the first seat's wins, the second's, draws and turns over `games`.
    The first seat is OpenSpiel's player `first_player` (chess: 1, White)."""
    import random

    rng = random.Random(seed)
    first = second = draws = moves = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            options = turns(state)
            state = options[rng.randrange(len(options))][1]
            moves += 1
        r = state.returns()
        mine, theirs = r[first_player], r[1 - first_player]
        if mine > theirs:
            first += 1
        elif theirs > mine:
            second += 1
        else:
            draws += 1
    print(f"games = {games}\nfirst = {first}\nsecond = {second}\ndraws = {draws}\nmoves = {moves}")


def main(name, text, script, game=None):
    """`perft` writes the file's text; `stats GAMES SEED` plays `game` at
    random; anything else checks the file."""
    if len(sys.argv) > 3 and sys.argv[1] == "stats" and game is not None:
        stats(game, int(sys.argv[2]), int(sys.argv[3]))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "perft":
        sys.stdout.write(text())
        return
    path = pathlib.Path(__file__).parents[1] / "perft" / name
    if path.read_text() != text():
        sys.exit(f"{path} differs from OpenSpiel's counts now: run `{script} perft`")
    print(f"{path.name}: equal to OpenSpiel's counts")

#!/usr/bin/env python3
"""Tabula's AI (`tabula engine`) against OpenSpiel's C++ MCTSBot.

Tabula's MCTS player (docs/engine.md) plays OpenSpiel's MCTSBot (UCT,
one random rollout an evaluation, the MCTS-Solver on unless --no-solve,
uct_c 2 by default, as OpenSpiel's own examples) on the games both have;
tic-tac-toe is played against a perfect player instead (negamax over
OpenSpiel's `tic_tac_toe`, choosing at random among the best moves).
Tabula takes the first seat in the first game, the second in the next,
and so on. At every position of every game the moves the engine lists,
mapped to OpenSpiel's actions, must be exactly OpenSpiel's legal actions,
the seat to move the same, and at the end the result the same; if not,
the match stops.

    python3 benches/openspiel_match.py --game connect-four --games 40 --iterations 1000
    python3 benches/openspiel_match.py --game all --check-mapping 50

Needs Python 3.11 and open-spiel 2.0.2 (`import pyspiel`); standard
library otherwise. Exit status: 0 when every game was played to its end,
1 on a mapping mismatch or an engine error, 2 for bad arguments.
"""

import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys
import time

import pyspiel


class MatchError(Exception):
    """The mapping disagreed, or the engine failed."""


# --- The games: Tabula's rules file and OpenSpiel's game, and how a Tabula
# move is written as OpenSpiel's action string at OpenSpiel's `state`
# (`player` is its player to move, which is Tabula's seat of that index).


def connect_four_move(move, player, state):
    """`d` (a column) is OpenSpiel's `x3` (first player) or `o3`."""
    return f"{'xo'[player]}{ord(move) - ord('a')}"


def same_cell(move, player, state):
    """Hex and Othello write cells alike (`a1` the top-left corner in
    both Hex boards; `a1` in both Othello boards, with the same setup);
    Othello's pass is `pass` in both."""
    return move


def breakthrough_move(move, player, state):
    """Tabula's first seat starts at the bottom (rows 1 and 2) and moves
    up; OpenSpiel's first (`b`) starts at the top (rows 7 and 8) and moves
    down: rows are mirrored (row r is 9 - r). `a2-a3` is `a7a6`; a move
    onto a piece (a capture, which Tabula does not mark) ends in `*`."""
    mirror = lambda cell: (cell[0], 9 - int(cell[1:]))
    (c1, r1), (c2, r2) = (mirror(cell) for cell in move.split("-"))
    board = {line[0]: line[1:9] for line in str(state).splitlines() if line[:1].isdigit()}
    capture = board[str(r2)]["abcdefgh".index(c2)] != "."
    return f"{c1}{r1}{c2}{r2}" + ("*" if capture else "")


def tic_tac_toe_move(move, player, state):
    """Tabula's `a1` is the bottom-left corner, OpenSpiel's `x(0,0)` the
    top-left: `b3` is `x(0,1)`, (row from the top, column)."""
    row = 3 - int(move[1:])
    return f"{'xo'[player]}({row},{ord(move[0]) - ord('a')})"


GAMES = {
    "connect-four": dict(rules="rules/connect-four.game", options=[],
                         openspiel="connect_four", to_openspiel=connect_four_move),
    "hex7": dict(rules="rules/hex.game", options=["size=7"],
                 openspiel="hex(board_size=7)", to_openspiel=same_cell),
    "breakthrough": dict(rules="rules/breakthrough.game", options=[],
                         openspiel="breakthrough", to_openspiel=breakthrough_move),
    "reversi": dict(rules="rules/reversi.game", options=[],
                    openspiel="othello", to_openspiel=same_cell),
    "tic-tac-toe": dict(rules="rules/tic-tac-toe.game", options=[],
                        openspiel="tic_tac_toe", to_openspiel=tic_tac_toe_move),
}


# --- Tabula's engine.

# The checkout this script is in: the rules files are read from there.
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def find_tabula(given):
    """The tabula binary: --tabula, $TABULA, on the PATH, or this checkout's build."""
    if given:
        return given
    if os.environ.get("TABULA"):
        return os.environ["TABULA"]
    on_path = shutil.which("tabula")
    if on_path:
        return on_path
    for target in [os.environ.get("CARGO_TARGET_DIR"), os.path.join(ROOT, "target")]:
        for profile in ["release", "debug"]:
            if target and os.path.exists(os.path.join(target, profile, "tabula")):
                return os.path.join(target, profile, "tabula")
    sys.exit("openspiel_match: no tabula binary found: build it (cargo build --release) "
             "or give --tabula PATH")


class Engine:
    """One `tabula engine` process: a request a line in, a reply a line out."""

    def __init__(self, tabula, rules, options):
        command = [tabula, "engine", os.path.join(ROOT, rules)]
        for option in options:
            command += ["--set", option]
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            raise MatchError(f"cannot start {tabula}: {e}") from e

    def ask(self, request, **fields):
        """Sends a request; returns its reply, which must be ok."""
        line = json.dumps(dict(request=request, **fields))
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
            reply = self.process.stdout.readline()
        except BrokenPipeError:
            reply = ""
        if not reply:
            try:
                status = self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                status = "none yet"
            raise MatchError(f"the engine closed its output after {line} "
                             f"(exit status {status})")
        reply = json.loads(reply)
        if not reply["ok"]:
            raise MatchError(f"the engine refused {line}: {reply['error']}")
        return reply

    def close(self):
        try:
            self.ask("quit")
        except (MatchError, ValueError):
            pass
        self.process.wait(timeout=10)


# --- The mapping, checked at every position.


def mapping(listed, state, game):
    """Tabula's moves `listed` at `state`, each to its OpenSpiel action;
    stops unless they are OpenSpiel's legal actions exactly."""
    player = state.current_player()
    legal = {state.action_to_string(player, a): a for a in state.legal_actions()}
    table = {}
    for move in listed:
        written = game["to_openspiel"](move, player, state)
        if written not in legal:
            raise MatchError(f"Tabula's move {move} ({written}) is not legal in OpenSpiel")
        table[move] = legal[written]
    missing = set(legal.values()) - set(table.values())
    if missing or len(set(table.values())) != len(table):
        names = sorted(state.action_to_string(player, a) for a in missing)
        raise MatchError(f"OpenSpiel's legal actions {names} are not Tabula's moves "
                         f"{listed} (or two moves map to one action)")
    return table


def checked_moves(engine, state, game):
    """Asks the engine for its moves at `state` (not over): the mapping,
    checked, and the seat to move."""
    reply = engine.ask("moves")
    if reply["over"]:
        raise MatchError(f"Tabula's game is over ({reply['result']}), "
                         f"OpenSpiel's goes on:\n{state}")
    seat = game["seats"].index(reply["to_move"])
    if seat != state.current_player():
        raise MatchError(f"Tabula's {reply['to_move']} is to move, "
                         f"OpenSpiel's player {state.current_player()}:\n{state}")
    return mapping(reply["moves"], state, game)


def check_end(engine, state, game, played):
    """At OpenSpiel's end: plays Tabula's forced passes (Reversi ends on two
    passes in Tabula, as soon as neither can move in OpenSpiel), then
    requires the same result. Returns the winning seats' indices."""
    status = engine.ask("moves")
    while not status["over"] and status["moves"] == ["pass"]:
        engine.ask("play", move="pass")
        played.append("pass")
        status = engine.ask("moves")
    if not status["over"]:
        raise MatchError(f"OpenSpiel's game is over, Tabula's goes on "
                         f"(moves {status['moves']}):\n{state}")
    winners = sorted(game["seats"].index(s) for s in engine.ask("result")["winners"])
    returns = state.returns()
    expected = [p for p, r in enumerate(returns) if r > 0]
    if winners != expected:
        raise MatchError(f"Tabula's winners {winners}, OpenSpiel's returns {returns}:\n{state}")
    return winners


def play_both(engine, state, table, move, played):
    """Plays Tabula's `move` on the engine and its action on OpenSpiel's state."""
    if move not in table:
        raise MatchError(f"the engine's `go` gave {move}, not among its moves {sorted(table)}")
    engine.ask("play", move=move)
    state.apply_action(table[move])
    played.append(move)


# --- The players. Each is a function of (engine, state, table) returning
# (Tabula move, simulations, seconds).


def tabula_player(settings):
    """Tabula's engine: `go` with the budget (and `c`, `playouts`, `rave`)
    of the settings."""
    request = {"iterations": settings.iterations} if settings.time_ms is None \
        else {"time_ms": settings.time_ms}
    if settings.c is not None:
        request["c"] = settings.c
    if settings.playouts is not None:
        request["playouts"] = settings.playouts
    if settings.rave is not None:
        request["rave"] = settings.rave == "on"

    def choose(engine, state, table):
        start = time.perf_counter()
        reply = engine.ask("go", **request)
        return reply["move"], reply["iterations"], time.perf_counter() - start
    return choose


def openspiel_player(openspiel_game, settings, seed):
    """OpenSpiel's C++ MCTSBot with one random rollout an evaluation. Its
    search is run with `mcts_search` to count its simulations; the move is
    the root's `best_child()`, as `Step` plays it (above one simulation)."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    if settings.time_ms is None:
        budget = dict(max_simulations=settings.iterations)
    else:
        # OpenSpiel 2.0.2's MCTSBot stops at its wall-clock limit (seconds).
        budget = dict(max_simulations=10**9, max_wall_clock_time=settings.time_ms / 1000)
    bot = pyspiel.MCTSBot(openspiel_game, evaluator, uct_c=settings.openspiel_c,
                          max_memory_mb=1000, solve=settings.solve, seed=seed,
                          verbose=False, **budget)

    def choose(engine, state, table):
        start = time.perf_counter()
        root = bot.mcts_search(state)
        action = root.best_child().action
        seconds = time.perf_counter() - start
        inverse = {a: m for m, a in table.items()}
        return inverse[action], root.explore_count, seconds
    choose.keep = (bot, evaluator)  # alive as long as the player
    return choose


def perfect_player(seed):
    """Negamax over tic-tac-toe with a memo; a random move among the best."""
    rng = random.Random(seed)
    memo = {}

    def returns(state):
        key = str(state)
        if key not in memo:
            if state.is_terminal():
                memo[key] = state.returns()
            else:
                p = state.current_player()
                memo[key] = max((returns(state.child(a)) for a in state.legal_actions()),
                                key=lambda r: r[p])
        return memo[key]

    def choose(engine, state, table):
        start = time.perf_counter()
        p = state.current_player()
        values = {a: returns(state.child(a))[p] for a in state.legal_actions()}
        best = sorted(a for a, v in values.items() if v == max(values.values()))
        action = rng.choice(best)
        inverse = {a: m for m, a in table.items()}
        return inverse[action], 0, time.perf_counter() - start
    return choose


# --- Games and matches.


def play_game(engine, game, players, seed):
    """One game; `players[i]` plays OpenSpiel's player i. Returns the moves
    played, the winners' indices and per player [moves, simulations, seconds]."""
    engine.ask("new", seed=seed)
    state = game["openspiel_game"].new_initial_state()
    played, totals = [], [[0, 0, 0.0] for _ in players]
    while not state.is_terminal():
        table = checked_moves(engine, state, game)
        p = state.current_player()
        move, sims, seconds = players[p](engine, state, table)
        totals[p] = [totals[p][0] + 1, totals[p][1] + sims, totals[p][2] + seconds]
        play_both(engine, state, table, move, played)
    winners = check_end(engine, state, game, played)
    return played, winners, totals


def random_player(rng):
    """A uniform random move (the mapping checks)."""
    def choose(engine, state, table):
        return rng.choice(sorted(table)), 0, 0.0
    return choose


def check_mapping(engine, game, count, seed):
    """`count` random games, checking the mapping only; returns the moves
    played and the games won by the first seat, by the second, drawn."""
    moves, ends = 0, [0, 0, 0]
    for i in range(count):
        rng = random.Random(seed + i)
        played, winners, _ = play_game(engine, game, [random_player(rng)] * 2, seed + i)
        moves += len(played)
        ends[winners[0] if winners else 2] += 1
    return moves, ends


def settings_record(name, args):
    return dict(game=name, iterations=args.iterations, time_ms=args.time_ms,
                openspiel_c=args.openspiel_c, solve=args.solve, c=args.c, seed=args.seed,
                playouts=args.playouts, rave=args.rave)


def read_back(path, settings):
    """The games of a previous run with the same settings in --json's file."""
    if not path or not os.path.exists(path):
        return {}
    done = {}
    with open(path) as f:
        for line in f:
            record = json.loads(line)
            if record["settings"] == settings:
                done[record["index"]] = record
    return done


def match(name, args, tabula):
    """Plays --games games of `name`; returns their records."""
    game = dict(GAMES[name])
    game["openspiel_game"] = pyspiel.load_game(game["openspiel"])
    settings = settings_record(name, args)
    done = read_back(args.json, settings)
    if done:
        print(f"{name}: {len(done)} games read back from {args.json}")
    engine = Engine(tabula, game["rules"], game["options"])
    try:
        game["seats"] = engine.ask("new", seed=args.seed)["seats"]
        records = []
        for index in range(args.games):
            if index not in done:
                done[index] = one_game(engine, game, name, index, args, settings)
            records.append(done[index])
        return records
    finally:
        engine.close()


def one_game(engine, game, name, index, args, settings):
    """Game `index` of a match: Tabula's seat alternates; prints and records it."""
    seed = args.seed + index
    seat = index % 2  # Tabula's seat: the first in even games
    other = perfect_player(seed) if name == "tic-tac-toe" else \
        openspiel_player(game["openspiel_game"], args, seed)
    players = [other, other]
    players[seat] = tabula_player(args)
    played, winners, totals = play_game(engine, game, players, seed)
    score = 0.5 if not winners else float(winners == [seat])
    record = dict(settings=settings, index=index, seed=seed, tabula_seat=game["seats"][seat],
                  seats=game["seats"], moves=played,
                  winners=[game["seats"][w] for w in winners], tabula_score=score,
                  tabula=totals[seat], opponent=totals[1 - seat])
    outcome = {1.0: "Tabula wins", 0.5: "draw", 0.0: "Tabula loses"}[score]
    print(f"{name} {index + 1}/{args.games} (seed {seed}), Tabula {game['seats'][seat]}: "
          f"{outcome} in {len(played)} moves; ms a move: Tabula "
          f"{1000 * per_move(totals[seat], 2):.1f}, opponent "
          f"{1000 * per_move(totals[1 - seat], 2):.1f}", flush=True)
    if args.json:
        with open(args.json, "a") as f:
            f.write(json.dumps(record) + "\n")
    return record


# --- The table.


def wilson(score, n, z=1.96):
    """Wilson's 95% interval for a proportion `score` of `n` (draws as halves)."""
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def per_move(total, i):
    return total[i] / total[0] if total[0] else 0.0


def summary(name, records):
    """The table's row of a match."""
    n = len(records)
    scores = [r["tabula_score"] for r in records]
    wins, draws = scores.count(1.0), scores.count(0.5)
    score = sum(scores) / n
    low, high = wilson(score, n)
    sums = lambda side: [sum(r[side][i] for r in records) for i in range(3)]
    tab, opp = sums("tabula"), sums("opponent")
    opponent = "perfect" if name == "tic-tac-toe" else "MCTSBot"
    return (f"| {name} | {opponent} | {n} | {wins} | {draws} | {n - wins - draws} | "
            f"{100 * score:.1f}% | {100 * low:.1f}-{100 * high:.1f}% | "
            f"{per_move(tab, 1):,.0f} | {per_move(opp, 1):,.0f} | "
            f"{per_move(tab, 2):.4f} | {per_move(opp, 2):.4f} |")


HEADER = ("| game | opponent | games | Tabula wins | draws | losses | score | 95% (Wilson) "
          "| sims/move Tabula | sims/move opponent | s/move Tabula | s/move opponent |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


# --- Arguments.


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=list(GAMES) + ["all"],
                        help="a game to play (repeatable; default all)")
    parser.add_argument("--games", type=int, default=40, help="games of each (default 40)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=int,
                        help="simulations a move for both sides (default 1000)")
    budget.add_argument("--time-ms", type=int,
                        help="milliseconds a move for both sides (OpenSpiel's wall-clock limit)")
    parser.add_argument("--openspiel-c", type=float, default=2.0,
                        help="OpenSpiel's UCT constant (default 2, rewards -1 to 1)")
    parser.add_argument("--no-solve", dest="solve", action="store_false",
                        help="turn OpenSpiel's MCTS-Solver off")
    parser.add_argument("--c", type=float,
                        help="Tabula's exploration constant, sent in `go` (default: the engine's)")
    parser.add_argument("--playouts", choices=["decisive", "mast", "random"],
                        help="Tabula's playouts, sent in `go` (default: the engine's, auto)")
    parser.add_argument("--rave", choices=["on", "off"],
                        help="Tabula's RAVE statistics, sent in `go` (default: the engine's, on)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--tabula", help="the tabula binary (default: $TABULA, the PATH, "
                        "or this checkout's target/)")
    parser.add_argument("--json", metavar="FILE",
                        help="append a line a game; games already there with the same "
                        "settings are read back, not played again")
    parser.add_argument("--check-mapping", type=int, metavar="N",
                        help="play N random games of each, checking the move mapping only")
    args = parser.parse_args(argv)
    if args.iterations is None and args.time_ms is None:
        args.iterations = 1000
    for value, what in [(args.games, "--games"), (args.iterations, "--iterations"),
                        (args.time_ms, "--time-ms"), (args.check_mapping, "--check-mapping")]:
        if value is not None and value < 1:
            parser.error(f"{what} must be at least 1")
    if args.openspiel_c <= 0 or (args.c is not None and args.c <= 0):
        parser.error("exploration constants must be above 0")
    names = args.game or ["all"]
    args.names = list(GAMES) if "all" in names else list(dict.fromkeys(names))
    return args


def main(argv=None):
    args = parse(argv)
    tabula = find_tabula(args.tabula)
    try:
        if args.check_mapping:
            for name in args.names:
                run_check(name, args, tabula)
            return 0
        rows = [summary(name, match(name, args, tabula)) for name in args.names]
    except MatchError as e:
        print(f"openspiel_match: {e}", file=sys.stderr)
        return 1
    budget = f"{args.iterations} iterations" if args.time_ms is None else f"{args.time_ms} ms"
    print(f"\n{budget} a move; OpenSpiel uct_c {args.openspiel_c}, solver "
          f"{'on' if args.solve else 'off'}; Tabula c {args.c or 'default'}, "
          f"playouts {args.playouts or 'default'}, rave {args.rave or 'default'}; "
          f"seed {args.seed}\n")
    print(HEADER)
    print("\n".join(rows))
    return 0


def run_check(name, args, tabula):
    """--check-mapping for one game."""
    game = dict(GAMES[name])
    game["openspiel_game"] = pyspiel.load_game(game["openspiel"])
    engine = Engine(tabula, game["rules"], game["options"])
    try:
        game["seats"] = engine.ask("new", seed=args.seed)["seats"]
        start = time.perf_counter()
        moves, ends = check_mapping(engine, game, args.check_mapping, args.seed)
        print(f"{name}: {args.check_mapping} random games ({ends[0]} won by the first seat, "
              f"{ends[1]} by the second, {ends[2]} drawn), {moves} moves: "
              f"the moves and results agree with OpenSpiel's `{game['openspiel']}` "
              f"({time.perf_counter() - start:.1f} s)", flush=True)
    finally:
        engine.close()


if __name__ == "__main__":
    sys.exit(main())

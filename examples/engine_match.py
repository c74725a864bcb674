#!/usr/bin/env python3
"""Two `tabula engine` processes play each other on one rules file.

Standard library only. Each engine holds the whole game: both are started
with the same seed, so that the dice and the deals agree, and every move
is played on both; the replies must agree on the position after every
move, or the match stops. Engine A plays the even seats (the first, the
third, ...) in the first game and the odd ones in the next, and so on, so
that the colours alternate. The engine of the seat to move is asked for
its move with `go`; in a game of hidden cards it searches only what that
seat sees (docs/engine.md).

    python3 examples/engine_match.py --rules rules/connect-four.game \\
        --games 2 --iterations 300

Exit status: 0 when every game was played to its end, 1 when the engines
disagreed or a game could not go on, 2 for bad arguments.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys


def find_tabula(given):
    """The tabula binary: --tabula, $TABULA, on the PATH, or this checkout's build."""
    if given:
        return given
    if os.environ.get("TABULA"):
        return os.environ["TABULA"]
    on_path = shutil.which("tabula")
    if on_path:
        return on_path
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for target in [os.environ.get("CARGO_TARGET_DIR"), os.path.join(root, "target")]:
        for profile in ["release", "debug"]:
            if target and os.path.exists(os.path.join(target, profile, "tabula")):
                return os.path.join(target, profile, "tabula")
    sys.exit("engine_match: no tabula binary found: build it (cargo build --release) "
             "or give --tabula PATH")


class Engine:
    """One `tabula engine` process: a request a line in, a reply a line out."""

    def __init__(self, tabula, rules, name):
        self.name = name
        self.process = subprocess.Popen(
            [tabula, "engine", rules],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, request, **fields):
        """Sends a request; returns its reply, which must be ok."""
        line = json.dumps(dict(request=request, **fields))
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        reply = self.process.stdout.readline()
        if not reply:
            raise MatchError(f"engine {self.name} closed its output after {line}")
        reply = json.loads(reply)
        if not reply["ok"]:
            raise MatchError(f"engine {self.name} refused {line}: {reply['error']}")
        return reply

    def close(self):
        try:
            self.ask("quit")
        except (MatchError, BrokenPipeError, ValueError):
            pass
        self.process.wait(timeout=10)


class MatchError(Exception):
    """The engines disagreed, or one refused a request."""


# The fields of a status that both engines must agree on after every move.
STATUS = ("turn", "to_move", "over", "result", "dice")


def play_game(engines, game, seed, options, iterations, max_moves):
    """Plays one game; returns the names of the winning seats (empty for a draw)."""
    replies = [e.ask("new", seed=seed, options=options) for e in engines]
    seats = replies[0]["seats"]
    # Engine A takes the even seats in even games, the odd ones in odd games.
    owner = {seat: engines[(i + game) % 2] for i, seat in enumerate(seats)}
    players = ", ".join(f"{seat}: {owner[seat].name}" for seat in seats)
    print(f"Game {game + 1} (seed {seed}): {players}")
    status = replies[0]
    moves = 0
    while not status["over"]:
        if moves >= max_moves:
            raise MatchError(f"no end after {max_moves} moves")
        mover = status["to_move"]
        thinker = owner[mover]
        chosen = thinker.ask("go", iterations=iterations)
        after = [e.ask("play", move=chosen["move"]) for e in engines]
        if any({k: a.get(k) for k in STATUS} != {k: after[0].get(k) for k in STATUS}
               for a in after):
            raise MatchError(f"the engines disagree after {chosen['move']}: {after}")
        moves += 1
        dice = f" with {status['dice']}" if "dice" in status else ""
        value = "forced" if chosen["forced"] else f"value {chosen['value']:.2f}"
        line = " ".join(chosen["pv"][1:6])
        pv = f", expects {line}" if line else ""
        print(f"  {moves:4}. {mover} ({thinker.name}){dice}: {chosen['move']}  ({value}{pv})")
        status = after[0]
    result = engines[0].ask("result")
    print(f"  Result: {result['result']}" + (f". {result['ending']}" if result["ending"] else ""))
    return [owner[seat].name for seat in result["winners"]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="rules/tic-tac-toe.game", help="the rules file")
    parser.add_argument("--games", type=int, default=2, help="games to play (default 2)")
    parser.add_argument("--iterations", type=int, default=500,
                        help="MCTS iterations a move for both engines (default 500)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                        help="an option of the rules, as `tabula play --set`")
    parser.add_argument("--max-moves", type=int, default=20000,
                        help="stop a game that has not ended after this many moves")
    parser.add_argument("--tabula", help="the tabula binary (default: $TABULA, the PATH, "
                        "or this checkout's target/)")
    args = parser.parse_args()
    options = {}
    for item in args.set:
        name, _, value = item.partition("=")
        try:
            options[name.strip()] = int(value)
        except ValueError:
            parser.error(f"--set {item}: give OPTION=VALUE with a whole number")
    if args.games < 1 or args.iterations < 1:
        parser.error("--games and --iterations must be at least 1")
    tabula = find_tabula(args.tabula)
    engines = [Engine(tabula, args.rules, "A"), Engine(tabula, args.rules, "B")]
    wins = {"A": 0, "B": 0, "draw": 0}
    try:
        for game in range(args.games):
            winners = play_game(engines, game, args.seed + game, options, args.iterations,
                                args.max_moves)
            for name in set(winners) or {"draw"}:
                wins[name] += 1
    except MatchError as e:
        print(f"engine_match: {e}", file=sys.stderr)
        return 1
    finally:
        for engine in engines:
            engine.close()
    print(f"Games won: A {wins['A']}, B {wins['B']}; drawn or unfinished: {wins['draw']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The match of tools/strength/stockfish.py: our engine against Stockfish at one or several
UCI_Elo settings, game after game (or --jobs at once), each result tallied per setting."""
import random
import threading
from concurrent.futures import ThreadPoolExecutor

import chess.engine

import elo
import games
from prerequisites import STOCKFISH_VERSION


def skill_pick_depth(uci_elo):
    """The depth at which Stockfish 15.1 with UCI_LimitStrength chooses its (deliberately
    imperfect) move, from its search.cpp (`struct Skill`): UCI_Elo E becomes the skill level
    ((E - 1346.6) / 143.4) ** (1 / 0.806), at most 20, and the move is picked when the search
    completes depth 1 + int(level). The scale was fitted at 60 s + 0.6 s a game; at 100 ms a
    move a search that stops short of this depth picks among shallower lines, so Stockfish
    plays below its UCI_Elo and the rating measured against it comes out too high."""
    level = min(max((max(uci_elo - 1346.6, 0) / 143.4) ** (1 / 0.806), 0.0), 20.0)
    return 1 + int(level)


class Pairing:
    """Our engine's results against one UCI_Elo setting."""

    def __init__(self, sf_elo):
        self.sf_elo = sf_elo
        self.tally = elo.Tally()
        self.forfeits = 0
        self.pick_depth = skill_pick_depth(sf_elo)
        self.sf_moves = 0  # Stockfish's moves with a reported depth
        self.sf_short = 0  # ... of them searched less deep than pick_depth


def engine_name(budget):
    """`schachwerk nodes=20000` (`schachwerk nodes=2000 noise=80` with noise): our side's name
    in the PGN (and what --rate reads back)."""
    kind, value, noise = budget
    return f"schachwerk {kind}={value}" + (f" noise={noise}" if noise else "")


def stockfish_name(sf_elo):
    return f"{STOCKFISH_VERSION} UCI_Elo={sf_elo}"


class Match:
    """Plays the games on `jobs` threads, each thread with its own pair of engines.

    Game k of a pairing starts from opening k // 2 of the shuffled list, with ours White in
    even games; rounds go through every pairing before the next, so a stopped run leaves the
    pairings alike."""

    def __init__(self, engine, budget, stockfish, sf_elos, sf_movetime, openings, games_each,
                 seed=1, jobs=1, pgn=None):
        self.ours_name = engine_name(budget)
        self.ours_command = [engine, "uci"]
        kind, value, noise = budget
        # The engine's option Noise: the choice among its best lines of the page's Easy level.
        self.ours_options = {"Hash": 16, "Threads": 1, **({"Noise": noise} if noise else {})}
        self.ours_limit = chess.engine.Limit(
            **({"nodes": value} if kind == "nodes" else {"time": value / 1000})
        )
        self.sf_command = [stockfish]
        self.sf_limit = chess.engine.Limit(time=sf_movetime / 1000)
        self.pairings = [Pairing(e) for e in sf_elos]
        order = list(openings)
        random.Random(seed).shuffle(order)
        self.schedule = [
            (k, pairing, order[(k // 2) % len(order)], k % 2 == 0)
            for k in range(games_each)
            for pairing in self.pairings
        ]
        self.jobs = jobs
        self.pgn = pgn
        self.lock = threading.Lock()
        self.local = threading.local()
        self.players = []
        self.done = 0
        self.stopping = False

    def thread_players(self):
        if not hasattr(self.local, "ours"):
            ours = games.EnginePlayer(
                self.ours_name, self.ours_command, self.ours_options, self.ours_limit
            )
            sf = games.EnginePlayer(
                "", self.sf_command, {"Threads": 1, "Hash": 16, "UCI_LimitStrength": True},
                self.sf_limit,
            )
            self.local.ours, self.local.sf = ours, sf
            with self.lock:
                self.players += [ours, sf]
        return self.local.ours, self.local.sf

    def play(self, task):
        k, pairing, opening, ours_white = task
        ours, sf = self.thread_players()
        sf.name = stockfish_name(pairing.sf_elo)
        sf.configure({"UCI_Elo": pairing.sf_elo})
        sf.depths = []
        white, black = (ours, sf) if ours_white else (sf, ours)
        game = games.play_game(opening, white, black, game_id=object())
        depths = [d for d in sf.depths if d is not None]
        forfeit = game.termination.startswith("forfeit")
        if forfeit:
            ours.stop()  # both restarted for the next game
            sf.stop()
        with self.lock:
            if self.stopping:
                return  # interrupted: its engines were killed, the game does not count
            pairing.tally.add(game.points_for(ours.name))
            pairing.forfeits += forfeit
            pairing.sf_moves += len(depths)
            pairing.sf_short += sum(d < pairing.pick_depth for d in depths)
            self.done += 1
            t = pairing.tally
            print(
                f"[{self.done}/{len(self.schedule)}] Elo {pairing.sf_elo}, game {k + 1}: "
                f"{opening.name}, schachwerk {'White' if ours_white else 'Black'}: "
                f"{game.result} ({game.termination}, {len(game.moves) // 2} moves)  "
                f"pairing {t.wins}-{t.draws}-{t.losses}",
                flush=True,
            )
            if self.pgn:
                with open(self.pgn, "a", encoding="utf-8") as out:
                    out.write(game.pgn({"Round": str(k + 1)}) + "\n\n")

    def run(self):
        """Plays the schedule; on Ctrl-C, keeps the games finished so far and raises
        KeyboardInterrupt."""
        pool = ThreadPoolExecutor(max_workers=self.jobs)
        try:
            for future in [pool.submit(self.play, task) for task in self.schedule]:
                future.result()
        except KeyboardInterrupt:
            with self.lock:
                self.stopping = True
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            for player in list(self.players):
                player.stop()
        pool.shutdown()

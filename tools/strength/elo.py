"""Elo maths for tools/strength/stockfish.py: a score's Elo difference with its error bar, and
one rating fitted to games against opponents of several known ratings. Standard library only.

A game's result is 1, 0.5 or 0 for the side being rated. The logistic model: against an
opponent rated E, a player rated R expects the score 1 / (1 + 10 ** ((E - R) / 400)).
"""
import math

# The normal distribution's two-sided 95 % quantile.
Z95 = 1.959963984540054

# d(expected score)/dR = LN10_400 * p * (1 - p) in the logistic model.
LN10_400 = math.log(10) / 400


class Tally:
    """Wins, draws and losses of the rated side in one pairing."""

    def __init__(self, wins=0, draws=0, losses=0):
        self.wins, self.draws, self.losses = wins, draws, losses

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    @property
    def points(self):
        return self.wins + 0.5 * self.draws

    @property
    def score(self):
        return self.points / self.games if self.games else float("nan")

    def add(self, result):
        if result == 1:
            self.wins += 1
        elif result == 0:
            self.losses += 1
        elif result == 0.5:
            self.draws += 1
        else:
            raise ValueError(f"a game's result is 1, 0.5 or 0, not {result!r}")

    def variance_about(self, mean):
        """The per-game variance of the results about `mean` (trinomial: each result weighted
        by how often it happened)."""
        if not self.games:
            return 0.0
        return (
            self.wins * (1 - mean) ** 2 + self.draws * (0.5 - mean) ** 2 + self.losses * mean**2
        ) / self.games

    def score_error(self):
        """The standard error of the score: the spread of one game's result about the score
        (from the observed wins, draws and losses, so draws narrow it), over sqrt(games). The
        same estimate as cutechess-cli's and fastchess's."""
        if not self.games:
            return float("nan")
        return math.sqrt(self.variance_about(self.score) / self.games)


def expected_score(rating, opponent):
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def elo_difference(score):
    """The rating difference the logistic model gives for a score; +-inf at 1 and 0."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def difference_interval(tally):
    """(difference, low, high): the Elo difference of the tally's score, and the 95 % interval
    mapped from score +- 1.96 standard errors (so it is lopsided away from 50 %). Where every
    game was won or lost the difference is infinite and the interval's far end with it; the
    near end is then the difference of the score with half a game less (or more), a bound
    rather than an estimate."""
    score = tally.score
    if tally.games and score in (0, 1):
        nudged = (tally.points + (0.5 if score == 0 else -0.5)) / tally.games
        near = elo_difference(nudged)
        if score == 0:
            return -math.inf, -math.inf, near
        return math.inf, near, math.inf
    half_width = Z95 * tally.score_error()
    return (
        elo_difference(score),
        elo_difference(score - half_width),
        elo_difference(score + half_width),
    )


def fit_rating(pairings):
    """Maximum-likelihood rating over every game of several pairings.

    `pairings` is a list of (opponent rating, Tally). Each game's result is read as a
    Bernoulli outcome with the model's expected score as its probability (a draw as half a
    win), so the fitted R solves sum over games of (result - expected_score(R, E)) = 0: the
    points scored equal the points the model expects. That sum falls as R rises, so bisection
    finds the root. One pairing alone gives E + elo_difference(score) exactly.

    Why this rather than a weighted mean of the pairings' estimates: a pairing with a lopsided
    score (all won against a weak setting) has no finite estimate of its own but still says
    something; the fit uses every game as it is.

    The error bar is the sandwich estimate: the observed spread of the results (trinomial,
    each pairing about its own fitted expectation) over the model's slope, so draws narrow it
    as they do for a single pairing. Returns (rating, standard error); the rating is +-inf
    where every game was won or lost, and the error is nan where it cannot be estimated.
    """
    pairings = [(opponent, tally) for opponent, tally in pairings if tally.games]
    if not pairings:
        raise ValueError("no games to fit a rating to")
    points = sum(t.points for _, t in pairings)
    games = sum(t.games for _, t in pairings)
    if points == 0:
        return -math.inf, math.nan
    if points == games:
        return math.inf, math.nan

    def surplus(rating):
        return points - sum(t.games * expected_score(rating, e) for e, t in pairings)

    low = min(e for e, _ in pairings) - 4000
    high = max(e for e, _ in pairings) + 4000
    for _ in range(200):
        middle = (low + high) / 2
        if surplus(middle) > 0:
            low = middle
        else:
            high = middle
    rating = (low + high) / 2

    slope = 0.0
    spread = 0.0
    for opponent, tally in pairings:
        p = expected_score(rating, opponent)
        slope += tally.games * LN10_400 * p * (1 - p)
        spread += tally.games * tally.variance_about(p)
    error = math.sqrt(spread) / slope if slope > 0 else math.nan
    return rating, error

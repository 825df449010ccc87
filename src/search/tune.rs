//! Fitting the evaluation's weights to game results (the "Texel" method): each sample is a
//! quiet position of a game and the game's result for White (or an outside engine's score of
//! it as White's expected score); the static evaluation, made a probability of winning by a
//! logistic curve, should predict it. The fit moves one weight at a time while the mean
//! squared error falls (coordinate descent), in steps that halve. `schachwerk tune` plays the
//! games and calls this (README, "How the evaluation is tuned").

use super::eval::Evaluator;
use crate::movement::Color;
use crate::position::Position;
use crate::rules::{EvalTerms, EvalWeights, Variant};

/// A position and its score for White: its game's result (1, 0.5 or 0), or an expected
/// score between them (an outside engine's evaluation made a probability).
#[derive(Clone, Debug)]
pub struct Sample {
    pub position: Position,
    pub white_score: f64,
}

/// White's expected score for a score of `white` centipawns for White, by the logistic curve
/// with `scale`: `1 / (1 + 10^(-scale * white / 400))`.
pub(crate) fn expected_score(white: f64, scale: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-scale * white / 400.0))
}

/// The steps a weight is moved by, pass after pass (then the last, until nothing improves).
const STEPS: [i32; 4] = [8, 4, 2, 1];

/// The fit of one variant's weights to its samples.
pub struct Tuner<'a> {
    variant: &'a dyn Variant,
    start: Position,
    terms: EvalTerms,
    samples: &'a [Sample],
}

impl<'a> Tuner<'a> {
    /// A fit of `variant`'s weights to `samples`, whose games began at `start`.
    pub fn new(variant: &'a dyn Variant, start: Position, samples: &'a [Sample]) -> Tuner<'a> {
        Tuner {
            variant,
            start,
            terms: variant.eval_terms(),
            samples,
        }
    }

    /// The same fit with `terms` in place of the variant's own (the weights still come with
    /// each call).
    pub fn with_terms(mut self, terms: EvalTerms) -> Tuner<'a> {
        self.terms = terms;
        self
    }

    /// The mean squared error of `weights`' predictions, with the curve's `scale` (the
    /// probability for White of a score `s` for White is `1 / (1 + 10^(-scale * s / 400))`).
    /// Computed on two threads.
    pub fn error(&self, weights: &EvalWeights, scale: f64) -> f64 {
        if self.samples.is_empty() {
            return 0.0;
        }
        let mut terms = self.terms.clone();
        terms.weights = *weights;
        let half = self.samples.len().div_ceil(2);
        let sum: f64 = std::thread::scope(|scope| {
            let parts: Vec<_> = self
                .samples
                .chunks(half)
                .map(|chunk| {
                    let terms = terms.clone();
                    scope.spawn(move || {
                        let eval =
                            Evaluator::new(self.variant.armory(), terms).with_start(&self.start);
                        chunk
                            .iter()
                            .map(|sample| {
                                let score = f64::from(eval.evaluate(&sample.position));
                                let white = match sample.position.turn() {
                                    Color::White => score,
                                    Color::Black => -score,
                                };
                                let predicted = expected_score(white, scale);
                                (sample.white_score - predicted).powi(2)
                            })
                            .sum::<f64>()
                    })
                })
                .collect();
            parts
                .into_iter()
                .map(|part| part.join().unwrap_or(f64::NAN))
                .sum()
        });
        sum / self.samples.len() as f64
    }

    /// The curve's scale that fits `weights` best, between 0.1 and 3 (to 0.01).
    pub fn fit_scale(&self, weights: &EvalWeights) -> f64 {
        let (mut low, mut high) = (0.1f64, 3.0f64);
        // The error is unimodal in the scale: a ternary search.
        while high - low > 0.01 {
            let third = (high - low) / 3.0;
            let (a, b) = (low + third, high - third);
            if self.error(weights, a) <= self.error(weights, b) {
                high = b;
            } else {
                low = a;
            }
        }
        (low + high) / 2.0
    }

    /// Weights fitted from `start`, with the curve's `scale`: a pass per step of [`STEPS`]
    /// moves each weight of `free` (indices into [`EvalWeights::NAMES`]) while the error falls. `report` hears each pass's step, error and
    /// weights.
    pub fn fit(
        &self,
        start: EvalWeights,
        scale: f64,
        free: &[usize],
        mut report: impl FnMut(i32, f64, &EvalWeights),
    ) -> EvalWeights {
        let mut weights = start;
        let mut best = self.error(&weights, scale);
        for step in STEPS {
            for &index in free {
                for direction in [step, -step] {
                    let mut moved = false;
                    loop {
                        let mut trial = weights;
                        let Some(now) = trial.get(index) else {
                            break;
                        };
                        trial.set(index, now + direction);
                        let error = self.error(&trial, scale);
                        if error < best {
                            best = error;
                            weights = trial;
                            moved = true;
                        } else {
                            break;
                        }
                    }
                    if moved {
                        break;
                    }
                }
            }
            report(step, best, &weights);
        }
        weights
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// Samples where White is a queen up and wins, and others where the material is level and
    /// the game is drawn: the fit must find a scale and keep the error small.
    #[test]
    fn the_fit_lowers_the_error_and_never_raises_it() {
        let game = Game::new("chess", &[], None).expect("chess");
        let variant = game.variant();
        let fens = [
            ("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", 1.0),
            ("4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1", 1.0),
            ("4k3/3q4/8/8/8/8/8/4K3 w - - 0 1", 0.0),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0.5),
            ("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", 0.5),
        ];
        let mut samples = Vec::new();
        for (fen, white_score) in fens {
            let mut one = game.clone();
            one.set_fen(fen).expect("a good FEN");
            samples.push(Sample {
                position: *one.position(),
                white_score,
            });
        }
        let tuner = Tuner::new(variant, *game.position(), &samples);
        let hand = EvalWeights::HAND;
        let scale = tuner.fit_scale(&hand);
        assert!((0.1..=3.0).contains(&scale), "{scale}");
        let before = tuner.error(&hand, scale);
        // A queen up at this scale is a near-certain win: the error is small already.
        assert!(before < 0.05, "{before}");
        let mut passes = 0;
        let all: Vec<usize> = (0..EvalWeights::NAMES.len()).collect();
        let fitted = tuner.fit(hand, scale, &all, |_, error, _| {
            passes += 1;
            assert!(error <= before + 1e-12, "{error} > {before}");
        });
        assert_eq!(passes, STEPS.len());
        assert!(tuner.error(&fitted, scale) <= before);
    }
}

//! Fitting a variant's [`PlacementFit`] (its pieces' values and placement, each in the
//! middlegame and the endgame) to scored positions: the evaluation without the fit, plus the
//! fit's corrections for the pieces on the board blended by the material left, made White's
//! expected score by the logistic curve of `search::tune`, should predict each sample's score.
//! The corrections enter the score linearly, so the mean squared error is minimised by
//! gradient descent over all of them at once (Adam), with a small pull towards 0 on the
//! squares' corrections so that a square few samples see keeps a small one. Every tenth sample
//! is held out of the fit and reports its error. `schachwerk tune placement` runs this.

use super::eval::Evaluator;
use super::tune::{expected_score as expected, Sample};
use crate::movement::Color;
use crate::position::Position;
use crate::rules::{PlacementFit, Variant, HALF_BOARD};
use std::fmt::Write as _;

/// What the fit is told: its passes over the samples and the pull towards 0.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    pub epochs: usize,
    /// Added to the error: this times the sum of the squares' corrections squared (in
    /// centipawns).
    pub l2: f64,
    /// The logistic curve's scale (see [`super::tune::Tuner::fit_scale`]).
    pub scale: f64,
}

/// A fitted placement: corrections by role, and the errors before and after.
#[derive(Clone, Debug)]
pub struct FittedPlacement {
    /// By role: the middlegame's and the endgame's value corrections.
    pub material: Vec<[i16; 2]>,
    /// By role: the middlegame's and the endgame's square corrections.
    pub squares: Vec<[[i8; HALF_BOARD]; 2]>,
    /// The mean squared error of the samples fitted to, before and after.
    pub fitted_error: [f64; 2],
    /// The same of the samples held out.
    pub held_out_error: [f64; 2],
}

/// One sample as the fit sees it: the score without the fit, and which corrections apply.
struct Prepared {
    base: f64,
    target: f64,
    /// Indices into the parameters, with their coefficients (the phase's share, signed by
    /// the piece's colour).
    features: Vec<(usize, f64)>,
}

/// Parameters per role: the value's two corrections, then the squares' two tables.
const PER_ROLE: usize = 2 + 2 * HALF_BOARD;

/// Fits a placement for `variant` (whose games began at `start`) to `samples`.
pub fn fit_placement(
    variant: &dyn Variant,
    start: &Position,
    samples: &[Sample],
    options: FitOptions,
) -> FittedPlacement {
    let mut terms = variant.eval_terms();
    terms.placement_fit = None;
    let eval = Evaluator::new(variant.armory(), terms).with_start(start);
    let roles = variant.armory().defs().len();
    let prepared: Vec<Prepared> = samples.iter().map(|s| prepare(&eval, s)).collect();
    let (train, held): (Vec<_>, Vec<_>) = prepared
        .into_iter()
        .enumerate()
        .partition(|(index, _)| index % 10 != 9);
    let train: Vec<Prepared> = train.into_iter().map(|(_, p)| p).collect();
    let held: Vec<Prepared> = held.into_iter().map(|(_, p)| p).collect();
    let mut weights = vec![0.0f64; roles * PER_ROLE];
    let before = [
        error(&train, &weights, options.scale),
        error(&held, &weights, options.scale),
    ];
    descend(&train, &mut weights, options);
    let after = [
        error(&train, &weights, options.scale),
        error(&held, &weights, options.scale),
    ];
    let material = (0..roles)
        .map(|role| [0, 1].map(|phase| weights[role * PER_ROLE + phase].round() as i16))
        .collect();
    let squares = (0..roles)
        .map(|role| {
            [0, 1].map(|phase| {
                let first = role * PER_ROLE + 2 + phase * HALF_BOARD;
                let mut table = [0i8; HALF_BOARD];
                for (cell, weight) in table.iter_mut().zip(&weights[first..]) {
                    *cell = weight.round().clamp(-127.0, 127.0) as i8;
                }
                table
            })
        })
        .collect();
    FittedPlacement {
        material,
        squares,
        fitted_error: [before[0], after[0]],
        held_out_error: [before[1], after[1]],
    }
}

/// The sample's score without the fit (for White) and its features.
fn prepare(eval: &Evaluator, sample: &Sample) -> Prepared {
    let position = &sample.position;
    let score = f64::from(eval.evaluate(position));
    let base = match position.turn() {
        Color::White => score,
        Color::Black => -score,
    };
    let middlegame = f64::from(eval.phase(position)) / f64::from(super::eval::PHASES);
    let board = position.board();
    let mut features = Vec::with_capacity(4 * board.occupied().count() as usize);
    for sq in board.occupied() {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        let (sign, rank) = match piece.color {
            Color::White => (1.0, sq.rank()),
            Color::Black => (-1.0, 7u8.saturating_sub(sq.rank())),
        };
        let first = piece.role.index() * PER_ROLE;
        let half = PlacementFit::half_board(sq.file(), rank);
        for (phase, share) in [middlegame, 1.0 - middlegame].into_iter().enumerate() {
            features.push((first + phase, sign * share));
            features.push((first + 2 + phase * HALF_BOARD + half, sign * share));
        }
    }
    Prepared {
        base,
        target: sample.white_score,
        features,
    }
}

fn predicted(sample: &Prepared, weights: &[f64]) -> f64 {
    sample.base
        + sample
            .features
            .iter()
            .map(|&(index, coefficient)| weights[index] * coefficient)
            .sum::<f64>()
}

/// The mean squared error of `samples`' predictions with the corrections `weights`.
fn error(samples: &[Prepared], weights: &[f64], scale: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (expected(predicted(s, weights), scale) - s.target).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// Adam's gradient descent on the error plus the squares' pull towards 0.
fn descend(samples: &[Prepared], weights: &mut [f64], options: FitOptions) {
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-12);
    let mut first = vec![0.0; weights.len()];
    let mut second = vec![0.0; weights.len()];
    let slope = options.scale * std::f64::consts::LN_10 / 400.0;
    let count = samples.len().max(1) as f64;
    for epoch in 0..options.epochs {
        let mut gradient = vec![0.0; weights.len()];
        for sample in samples {
            let p = expected(predicted(sample, weights), options.scale);
            let push = 2.0 * (p - sample.target) * p * (1.0 - p) * slope / count;
            for &(index, coefficient) in &sample.features {
                gradient[index] += push * coefficient;
            }
        }
        for (index, g) in gradient.iter_mut().enumerate() {
            if index % PER_ROLE >= 2 {
                *g += 2.0 * options.l2 * weights[index];
            }
        }
        // A step of 2 centipawns at first, 0.2 at the end.
        let rate = 2.0 - 1.8 * epoch as f64 / options.epochs.max(1) as f64;
        let t = (epoch + 1) as i32;
        for index in 0..weights.len() {
            first[index] = beta1 * first[index] + (1.0 - beta1) * gradient[index];
            second[index] = beta2 * second[index] + (1.0 - beta2) * gradient[index].powi(2);
            let m = first[index] / (1.0 - beta1.powi(t));
            let v = second[index] / (1.0 - beta2.powi(t));
            weights[index] -= rate * m / (v.sqrt() + epsilon);
        }
    }
}

impl FittedPlacement {
    /// The fit as the Rust constant a variant's `eval_terms` names, `roles` naming its types:
    /// each table rank by rank from White's first, files a to d.
    pub fn to_rust(&self, name: &str, roles: &[&str]) -> String {
        let mut out =
            format!("#[rustfmt::skip]\npub const {name}: PlacementFit = PlacementFit {{\n");
        out.push_str("    material: &[\n");
        for (index, [mg, eg]) in self.material.iter().enumerate() {
            let role = roles.get(index).copied().unwrap_or("?");
            let _ = writeln!(out, "        [{mg}, {eg}], // {role}");
        }
        out.push_str("    ],\n    squares: &[\n");
        for (index, tables) in self.squares.iter().enumerate() {
            let role = roles.get(index).copied().unwrap_or("?");
            let _ = writeln!(out, "        [ // {role}: middlegame, endgame");
            for table in tables {
                out.push_str("            [\n");
                for rank in table.chunks(4) {
                    let cells: Vec<String> = rank.iter().map(|v| format!("{v:4},")).collect();
                    let _ = writeln!(out, "               {}", cells.join(""));
                }
                out.push_str("            ],\n");
            }
            out.push_str("        ],\n");
        }
        out.push_str("    ],\n};\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{expected, fit_placement, FitOptions};
    use crate::game::Game;
    use crate::movement::Color;
    use crate::rules::Variant;
    use crate::search::eval::Evaluator;
    use crate::search::tune::Sample;

    /// Positions along chess games of varied moves, each scored as if knights were worth 80
    /// more than the evaluation says: the fit must find the knight's correction and lower the
    /// error, on the samples it fitted and on those it held out.
    #[test]
    fn the_fit_finds_a_correction_the_scores_were_made_with() {
        let reference = Game::new("chess", &[], None).expect("chess");
        let mut game = reference.clone();
        let start = *reference.position();
        let variant: &dyn Variant = reference.variant();
        let mut terms = variant.eval_terms();
        terms.placement_fit = None;
        let eval = Evaluator::new(variant.armory(), terms).with_start(&start);
        let mut samples = Vec::new();
        for first in 0..40 {
            game.set_fen(&variant.start_fen()).expect("the start");
            for ply in 0..70 {
                let actions = game.legal_actions();
                let Some(action) = actions.get((ply * 7 + first * 13) % actions.len().max(1))
                else {
                    break;
                };
                game.play_action(action).expect("a legal action");
                let position = *game.position();
                let knights = |color| position.board().pieces(color, crate::movement::Role(1));
                let extra = 80
                    * (knights(Color::White).count() as i32 - knights(Color::Black).count() as i32);
                let score = eval.evaluate(&position);
                let white = if position.turn() == Color::White {
                    score
                } else {
                    -score
                };
                samples.push(Sample {
                    position,
                    white_score: expected(f64::from(white + extra), 1.0),
                });
            }
        }
        let options = FitOptions {
            epochs: 300,
            l2: 1e-9,
            scale: 1.0,
        };
        let fitted = fit_placement(variant, &start, &samples, options);
        let [mg, eg] = fitted.material[1];
        assert!((60..=100).contains(&mg), "the knight's middlegame: {mg}");
        assert!((40..=120).contains(&eg), "the knight's endgame: {eg}");
        for (role, &[mg, eg]) in fitted.material.iter().enumerate() {
            if role != 1 {
                assert!(mg.abs() < 30 && eg.abs() < 40, "role {role}: {mg} {eg}");
            }
        }
        let [before, after] = fitted.fitted_error;
        assert!(after < before / 4.0, "fitted: {before} -> {after}");
        let [before, after] = fitted.held_out_error;
        assert!(after < before / 4.0, "held out: {before} -> {after}");
    }
}

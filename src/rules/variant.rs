//! The trait every variant implements: a core of rules, and optional parts for a notation of
//! the variant's own and for hidden identities.

use super::movegen::Collect;
use super::{
    Action, DecisionPoint, EvalTerms, HiddenIdentities, Outcome, Promotion, StandardNotation,
    VariantNotation,
};
use crate::error::Result;
use crate::geometry::Square;
use crate::movement::Armory;
use crate::position::{Position, Setup};

/// A variant's rules. The game so far is a *line*: the positions from the start (or the loaded
/// position string) to the current one, last. Rules that look back (repetition) read it; most
/// read only the last position.
///
/// The core is what every variant must say: its board and pieces, its position strings, its
/// legal actions (generated into a sink, from which listing and counting both follow), how an
/// action is played, and when the game is over. The rest have defaults that fit orthodox
/// chess; [`Variant::notation`] and [`Variant::hidden`] hand out the optional parts.
pub trait Variant: Send + Sync {
    /// The variant's name as the CLI and the wasm API spell it, e.g. `chess`.
    fn name(&self) -> &'static str;

    /// The variant's name as a player reads it, e.g. `NAChT Schach`.
    fn title(&self) -> &'static str;

    /// The piece types compiled for the board.
    fn armory(&self) -> &Armory;

    /// The start position string (with the options applied).
    fn start_fen(&self) -> String;

    /// Checks an unvalidated setup against the rules and builds the position.
    fn position(&self, setup: Setup) -> Result<Position>;

    /// Writes the position string of `position`.
    fn fen(&self, position: &Position) -> String;

    /// Generates the legal actions at the current decision point of `line` into `sink`.
    fn generate(&self, line: &[Position], sink: &mut Collect<'_>);

    /// Plays `action`, which must be one of the legal actions, on `position`.
    fn play(&self, position: &mut Position, action: &Action);

    /// The result, if the game in `line` is over, told whether the side to move has a legal
    /// action (`has_action`), by a caller that has generated them anyway (the search).
    fn outcome_knowing(&self, line: &[Position], has_action: bool) -> Option<Outcome>;

    /// Whether the side to move in `position` is in check (for the `+` and `#` of notation).
    fn in_check(&self, position: &Position) -> bool;

    /// Appends the legal actions at the current decision point of `line` to `out`.
    fn legal_actions(&self, line: &[Position], out: &mut Vec<Action>) {
        self.generate(line, &mut Collect::List(out));
    }

    /// Appends legal actions of `line` to `out`: at least all those of the piece on `from`,
    /// where the variant can list those for much less than all of them, and then returns true
    /// (the search tries the table's move before the others, and most often needs no other).
    /// By default every legal action, returning false.
    fn legal_actions_from(&self, line: &[Position], _from: Square, out: &mut Vec<Action>) -> bool {
        self.legal_actions(line, out);
        false
    }

    /// The number of legal actions at the current decision point (perft's last ply).
    fn count_actions(&self, line: &[Position]) -> usize {
        let mut counter = Collect::Count(0);
        self.generate(line, &mut counter);
        counter.counted()
    }

    /// The result, if the game in `line` is over.
    fn outcome(&self, line: &[Position]) -> Option<Outcome> {
        self.outcome_knowing(line, self.count_actions(line) > 0)
    }

    /// Appends the legal actions of `line` that capture on an occupied square to `out` (the
    /// search's quiescence); a variant may add others, which the search filters out. By
    /// default, every legal action filtered.
    fn legal_captures(&self, line: &[Position], out: &mut Vec<Action>) {
        let Some(position) = line.last() else {
            return;
        };
        self.legal_actions(line, out);
        let enemy = position.board().side(!position.turn());
        super::retain_actions(out, |a| a.has_squares() && enemy.contains(a.to));
    }

    /// Whether [`Variant::legal_captures`] costs much less than generating every action, so
    /// that the search's quiescence asks for the captures alone (and counts the others only
    /// when there is no capture). Not so by default, where it filters every action.
    fn captures_apart(&self) -> bool {
        false
    }

    /// The action that ends the turn at this decision and does nothing more, where the rules
    /// offer one (Immortal Chess's `pass` after the move). The search's quiescence plays it
    /// after a capture that leaves the turn open; a capture whose turn cannot be closed so is
    /// not followed there.
    fn turn_closer(&self, _position: &Position) -> Option<Action> {
        None
    }

    /// The decision the side to move faces in `position` (the game not over), whose legal
    /// actions are `legal`, described for a user interface. By default a turn's start.
    fn decision(&self, position: &Position, _legal: &[Action]) -> DecisionPoint {
        DecisionPoint::turn_start(position.turn())
    }

    /// The pieces that `action`, legal in `before`, changes into other types as an effect (none
    /// by default).
    fn promotions(&self, _before: &Position, _action: &Action) -> Vec<Promotion> {
        Vec::new()
    }

    /// Actions that would be legal but for a rule of the variant's own, each with the reason
    /// in words, so that refusing one can say why (none by default).
    fn refused_actions(&self, _line: &[Position]) -> Vec<(Action, &'static str)> {
        Vec::new()
    }

    /// What the evaluation weighs beyond material and placement (nothing by default).
    fn eval_terms(&self) -> EvalTerms {
        EvalTerms::default()
    }

    /// How the variant's actions and turns are written: SAN by default.
    fn notation(&self) -> &dyn VariantNotation {
        &StandardNotation
    }

    /// The rules of pieces whose identity is hidden until they enter, if the variant has them.
    fn hidden(&self) -> Option<&dyn HiddenIdentities> {
        None
    }
}

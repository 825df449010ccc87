//! The trait every variant implements.

use super::{Action, DecisionPoint, Outcome, Promotion, TurnPart};
use crate::error::Result;
use crate::geometry::Square;
use crate::movement::{Armory, Color, Role};
use crate::position::{Position, Setup};

/// What a variant's rules make matter to a position's evaluation, said by the variant; the
/// search weighs it (`search::eval`). The default says nothing beyond material and placement.
#[derive(Clone, Debug, Default)]
pub struct EvalTraits {
    /// Having no legal move loses (NAChT Schach), so mobility is worth more than elsewhere.
    pub mobility_wins: bool,
    /// By role, what a piece left en prise after its side's move becomes (Nietzsche Chess).
    pub en_prise_step: Vec<Option<Role>>,
    /// Riders whose open lines are worth their reach (the Quintessence).
    pub line_pieces: Vec<Role>,
    /// A piece whose move activates the friends a knight's jump away (the Catalyst).
    pub activator: Option<Role>,
    /// A piece whose move pushes enemy pawns towards the mover's royal square, where one
    /// landing wins (the Impulse), with that square by colour (White's first).
    pub shifter: Option<(Role, [Square; 2])>,
}

/// A variant's rules. The game so far is a *line*: the positions from the start (or the loaded
/// position string) to the current one, last. Rules that look back (repetition) read it; most
/// read only the last position.
pub trait Variant {
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

    /// Appends the legal actions at the current decision point of `line` to `out`.
    fn legal_actions(&self, line: &[Position], out: &mut Vec<Action>);

    /// The decision the side to move faces at the end of `line` (the game not over), whose
    /// legal actions are `legal`, described for a user interface. By default a turn's start.
    fn decision(&self, line: &[Position], _legal: &[Action]) -> DecisionPoint {
        DecisionPoint::turn_start(line.last().map_or(Color::White, Position::turn))
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

    /// The number of legal actions at the current decision point (perft's last ply).
    fn count_actions(&self, line: &[Position]) -> usize {
        let mut out = Vec::new();
        self.legal_actions(line, &mut out);
        out.len()
    }

    /// Plays `action`, which must be one of [`Variant::legal_actions`], on `position`.
    fn play(&self, position: &mut Position, action: &Action);

    /// The result, if the game in `line` is over.
    fn outcome(&self, line: &[Position]) -> Option<Outcome> {
        self.outcome_knowing(line, self.count_actions(line) > 0)
    }

    /// The same, told whether the side to move has a legal action (`has_action`), by a caller
    /// that has generated them anyway (the search), so they are not generated twice.
    fn outcome_knowing(&self, line: &[Position], has_action: bool) -> Option<Outcome>;

    /// Whether the side to move in `position` is in check (for the `+` and `#` of notation).
    fn in_check(&self, position: &Position) -> bool;

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

    /// The notation of `action`, legal in `before`, where the variant writes it its own way
    /// (Impulschach's displacements, `cd5`); `None` for SAN.
    fn action_san(&self, _before: &Position, _action: &Action) -> Option<String> {
        None
    }

    /// Whether what `action` does after `before` is secret until it is played (an Immortal
    /// Chess entry whose identity only the referee knows): its notation then has no `+` or
    /// `#`, which would tell what the piece is.
    fn hides_effect(&self, _before: &Position, _action: &Action) -> bool {
        false
    }

    /// Whether the game in `position` is won by what was just played, for a variant without
    /// check, whose winning move notation marks with `#` (Impulschach's king capture).
    fn won(&self, _position: &Position) -> bool {
        false
    }

    /// Whether the record writes an action's effects after it in parentheses, `Nc6 (e5=N)`
    /// (Impulschach writes its conversions into the displacement instead, `ab1=C`).
    fn writes_effects(&self) -> bool {
        true
    }

    /// Reads `text` as an action of the variant's own notation (Immortal Chess's entries,
    /// `@a1-c3=n`), among `legal`; `None` leaves it to machine strings and SAN.
    fn read_action(
        &self,
        _line: &[Position],
        _legal: &[Action],
        _text: &str,
    ) -> Option<Result<Action>> {
        None
    }

    /// The action to play and record for the legal `action`: Immortal Chess's referee gives an
    /// entry its identity (and refuses one given with it), and in a public game an identity
    /// given from outside is checked against the pool.
    fn resolve(&self, _position: &Position, action: &Action) -> Result<Action> {
        Ok(*action)
    }

    /// What `action`, legal in `position`, may turn out to be when its effect is hidden (an
    /// Immortal Chess entry): each possible action with its weight, from public information
    /// only. `None` for an action whose effect is known. The search averages over them.
    fn chance(&self, position: &Position, action: &Action) -> Option<Vec<(Action, u32)>> {
        let mut outcomes = Vec::new();
        self.chance_into(position, action, &mut outcomes)
            .then_some(outcomes)
    }

    /// [`Variant::chance`] into `outcomes` (cleared first), for the search, which asks it of
    /// every entry of every node and so keeps one list: whether the effect is hidden.
    fn chance_into(
        &self,
        _position: &Position,
        _action: &Action,
        outcomes: &mut Vec<(Action, u32)>,
    ) -> bool {
        outcomes.clear();
        false
    }

    /// What the evaluation should weigh beyond material (see [`EvalTraits`]).
    fn eval_traits(&self) -> EvalTraits {
        EvalTraits::default()
    }

    /// Whether the variant can play every legal action by itself (perft needs it): Immortal
    /// Chess's public game cannot reveal an entry without the deal.
    fn plays_unaided(&self) -> bool {
        true
    }

    /// Whether notation given alone (not a machine string) is a whole turn: Immortal Chess's
    /// `e4` is the move with the entry passed.
    fn notation_is_a_turn(&self) -> bool {
        false
    }

    /// The action that ends the turn at this decision and does nothing more, where the rules
    /// offer one (Immortal Chess's `pass` after the move). The search's quiescence plays it
    /// after a capture that leaves the turn open; a capture whose turn cannot be closed so is
    /// not followed there.
    fn turn_closer(&self, _position: &Position) -> Option<Action> {
        None
    }

    /// Whether a turn may take several actions (so `play` reads a whole turn's text). In the
    /// other variants a parenthesis after a move lists its effects, not more actions.
    fn turns_have_many_actions(&self) -> bool {
        false
    }

    /// A whole turn's notation from its actions' notation. A turn of one action is that
    /// action's; a variant with longer turns writes their structure.
    fn turn_notation(&self, parts: &[TurnPart]) -> String {
        let texts: Vec<&str> = parts.iter().map(|p| p.notation.as_str()).collect();
        texts.join(" ")
    }

    /// `O-O` or `O-O-O` for a castling action. By default the king going towards the h side is
    /// the short castling.
    fn castling_san(&self, action: &Action) -> &'static str {
        if action.to.file() > action.from.file() {
            "O-O"
        } else {
            "O-O-O"
        }
    }
}

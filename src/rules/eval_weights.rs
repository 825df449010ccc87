//! The evaluation's weights: the numbers the shared terms of `search::eval` and
//! `search::positional` multiply, in centipawns (or as the field says). A variant gives its
//! own with its [`EvalTerms`](super::EvalTerms); [`EvalWeights::HAND`] are the weights set by
//! hand, which a variant keeps until `schachwerk tune` has fitted its own to game results
//! (README, "How the evaluation is tuned").
//!
//! The tuner moves the weights by name, so they are listed once, by the macro below: each
//! field with its hand-set value and a line saying what it weighs.

macro_rules! weights {
    ($($(#[doc = $doc:literal])* $name:ident: $hand:expr,)*) => {
        /// The evaluation's weights (see the module's documentation).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct EvalWeights {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        impl EvalWeights {
            /// The weights set by hand, before any tuning.
            pub const HAND: EvalWeights = EvalWeights { $($name: $hand,)* };

            /// The weights' names, in the order of [`EvalWeights::get`].
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name),)*];

            /// The weight named `NAMES[index]`.
            pub fn get(&self, index: usize) -> Option<i32> {
                let all = [$(self.$name,)*];
                all.get(index).copied()
            }

            /// Sets the weight named `NAMES[index]` (nothing when there is no such weight).
            pub fn set(&mut self, index: usize, value: i32) {
                let mut all = [$(&mut self.$name,)*];
                if let Some(weight) = all.get_mut(index) {
                    **weight = value;
                }
            }
        }
    };
}

weights! {
    /// A non-pawn type's material: `slope` centipawns per square of its mean reach on the
    /// empty board, plus `base` (a line through the FIDE pieces; see `search::eval`).
    material_slope: 35,
    material_base: 120,
    /// Percent off the value of a type that only ever reaches squares of its own colour (a
    /// bishop): its reach counts squares it can never use on the other colour.
    colour_bound_percent: 0,
    /// Tenths of a centipawn per square a piece reaches from where it stands, above its
    /// average on the empty board (placement).
    place_tenths: 80,
    /// A pawn's placement: `linear * r + square * r * r` for `r` ranks advanced.
    pawn_advance_linear: 3,
    pawn_advance_square: 1,
    /// The side to move's bonus: its move is still to come.
    tempo: 0,
    /// A pawn with another of its side on its file (middlegame, endgame).
    doubled_mg: -10,
    doubled_eg: -20,
    /// A pawn with no pawn of its side on the files beside it.
    isolated_mg: -10,
    isolated_eg: -15,
    /// A passed pawn on its last rank but one; less further back, by the square of its
    /// progress.
    passed_mg: 40,
    passed_eg: 120,
    /// Each pawn sheltering the king (at most three), in the middlegame.
    shield: 14,
    /// Each rank the king stands above its first (at most three), in the middlegame.
    king_advanced: -12,
    /// Each file the king stands from the nearer edge of the board, in the middlegame: a
    /// king in the centre meets the files that open there (castling takes it to the side).
    king_file: 0,
    /// A square of the king's reach above its average, in the endgame.
    king_centre: 6,
    /// Per square of the enemy king's zone attacked, by the number of pieces attacking it
    /// (one, two, three, four or more).
    zone_attack_1: 3,
    zone_attack_2: 9,
    zone_attack_3: 14,
    zone_attack_4: 18,
    /// Mobility per free square, by the piece's value: minor (at most 500), rook-like (at most
    /// 800), and above.
    mobility_minor_mg: 4,
    mobility_minor_eg: 4,
    mobility_major_mg: 2,
    mobility_major_eg: 4,
    mobility_queen_mg: 1,
    mobility_queen_eg: 2,
    /// Two colour-bound pieces of one type on both colours (the bishop pair).
    colour_pair: 0,
    /// A piece other than a pawn or the king standing where an enemy pawn attacks it
    /// (middlegame, endgame): it must move, or be lost for a pawn.
    pawn_threat_mg: 0,
    pawn_threat_eg: 0,
    /// A piece that moves along its whole file, on a file without pawns (middlegame).
    open_file: 0,
    /// The same on a file without pawns of its own side.
    half_open_file: 0,
    /// A piece other than a pawn or the king attacked by an enemy piece of a lower class
    /// (minor, rook-like, queen-like; see the mobility weights): a rook a knight attacks
    /// (middlegame, endgame).
    threat_lesser_mg: 0,
    threat_lesser_eg: 0,
    /// A piece other than a pawn or the king that the enemy attacks and nothing of its side
    /// defends (middlegame, endgame).
    hanging_mg: 0,
    hanging_eg: 0,
    /// In the endgame, per square of distance from a passed pawn's next square: the own
    /// king's (negative: near is better) and the enemy king's, by the square of the pawn's
    /// progress as the passed pawn's bonus.
    passed_king_own: 0,
    passed_king_enemy: 0,
    /// In the middlegame, each square from which a piece could check the enemy king on its
    /// next move, where the enemy attacks nothing and it has no piece of its own.
    safe_check: 0,
    /// A pawn defended by a pawn of its side or with one beside it on its rank (middlegame,
    /// endgame), by the square of its progress as the passed pawn's bonus.
    connected_mg: 0,
    connected_eg: 0,
    /// A pawn no pawn of its side beside it can come to defend, whose next square an enemy
    /// pawn attacks (middlegame, endgame).
    backward_mg: 0,
    backward_eg: 0,
    /// A minor piece from the rank before the enemy's half to the enemy's third rank (in chess
    /// its fourth to sixth), defended by a pawn, where no enemy pawn can ever attack it
    /// (middlegame, endgame).
    outpost_mg: 0,
    outpost_eg: 0,
    /// In the endgame, a passed pawn whose next square is empty and not attacked by the
    /// enemy, by the square of its progress as the passed pawn's bonus.
    passed_free: 0,
    /// Each pawn of its side on the colour of a colour-bound piece (a bad bishop's pawns),
    /// middlegame and endgame.
    bad_bishop_mg: 0,
    bad_bishop_eg: 0,
    /// Where one side has its king alone on the board against a piece besides pawns: each
    /// step the lone king stands from the centre, and each step the other king is nearer it
    /// (not blended by the phase).
    cornering: 10,
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights::HAND
    }
}

#[cfg(test)]
mod tests {
    use super::EvalWeights;

    #[test]
    fn weights_are_read_and_set_by_their_names_index() {
        let mut weights = EvalWeights::HAND;
        let index = EvalWeights::NAMES
            .iter()
            .position(|&name| name == "shield")
            .expect("shield is a weight");
        assert_eq!(weights.get(index), Some(14));
        weights.set(index, 20);
        assert_eq!(weights.shield, 20);
        assert_eq!(weights.get(EvalWeights::NAMES.len()), None);
        weights.set(EvalWeights::NAMES.len(), 1); // no such weight: nothing changes
        assert_eq!(weights.shield, 20);
    }
}

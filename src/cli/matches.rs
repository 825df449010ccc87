//! `schachwerk match`: two players against each other from the start position, colours
//! alternating, ending with `result A_WINS DRAWS B_WINS`.

use schachwerk::game::Game;
use schachwerk::internals::Rng;
use schachwerk::referee::Referee;
use schachwerk::rules::Action;
use schachwerk::search::{turn_of, Limits, Searcher, Values};
use schachwerk::variants::{by_name, parse_options};

pub const USAGE: &str =
    "  schachwerk match --variant V --games N --a SPEC --b SPEC [--option k=v ...] [--seed S]
      SPEC: random, greedy (best immediate material), search:nodes=N, search:depth=D,
      search:ms=T (T milliseconds a turn; not repeatable, unlike nodes and depth);
      games alternate colours and end with `result A_WINS DRAWS B_WINS`
";

/// Random actions that open each pair of games.
const OPENING_ACTIONS: usize = 4;

/// The longest game, in actions, before it is called a draw.
const MAX_ACTIONS: usize = 1200;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Player {
    Random,
    Greedy,
    Search(Limits),
}

fn parse_player(text: &str) -> Result<Player, String> {
    let bad = || {
        format!(
            "player '{text}' is not random, greedy, search:nodes=N, search:depth=D or search:ms=T \
             (N, D, T whole numbers from 1)"
        )
    };
    match text {
        "random" => return Ok(Player::Random),
        "greedy" => return Ok(Player::Greedy),
        _ => {}
    }
    let spec = text.strip_prefix("search:").ok_or_else(bad)?;
    let (key, value) = spec.split_once('=').ok_or_else(bad)?;
    let n: u64 = value.parse().ok().filter(|n| *n > 0).ok_or_else(bad)?;
    let mut limits = Limits::default();
    match key {
        "nodes" => limits.nodes = Some(n),
        "depth" => limits.depth = Some(n.min(64) as u32),
        "ms" => limits.millis = Some(n.min(600_000)),
        _ => return Err(bad()),
    }
    Ok(Player::Search(limits))
}

/// The actions `player` plays now: a whole turn for the search, one action otherwise.
fn choose(player: Player, game: &Game, values: &Values, rng: &mut Rng) -> Vec<Action> {
    let legal = game.legal_actions();
    match player {
        Player::Random => vec![legal[rng.below(legal.len())]],
        Player::Greedy => {
            let variant = game.variant();
            let position = *game.position();
            let gain = |action: &Action| {
                // An action whose effect is hidden is worth what it leaves on the board now.
                let hidden = variant.hidden();
                if hidden.is_some_and(|h| h.chance(&position, action).is_some()) {
                    return 0;
                }
                let mut next = position;
                variant.play(&mut next, action);
                let after = values.material(&next);
                if next.turn() == position.turn() {
                    after
                } else {
                    -after
                }
            };
            let best = legal.iter().map(gain).max().unwrap_or(0);
            let top: Vec<&Action> = legal.iter().filter(|a| gain(a) == best).collect();
            vec![*top[rng.below(top.len())]]
        }
        Player::Search(limits) => {
            let start = std::time::Instant::now();
            let clock = move || start.elapsed().as_secs_f64() * 1000.0;
            let found = Searcher::new(game, limits, &clock).think(|_| {});
            match found {
                Some(report) if !report.pv.is_empty() => turn_of(game, &report.pv),
                _ => vec![legal[rng.below(legal.len())]],
            }
        }
    }
}

/// Runs `schachwerk match` with `args` (after the subcommand).
pub fn run(args: &[String]) -> Result<String, String> {
    let (mut variant, mut games, mut a, mut b, mut seed) = (None, None, None, None, 1u64);
    let mut options = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--variant" => variant = Some(value()?),
            "--games" => {
                let text = value()?;
                games = Some(
                    text.parse::<u32>()
                        .ok()
                        .filter(|n| *n > 0)
                        .ok_or_else(|| format!("--games '{text}' is not a positive number"))?,
                );
            }
            "--a" => a = Some(parse_player(&value()?)?),
            "--b" => b = Some(parse_player(&value()?)?),
            "--option" => options.push(value()?),
            "--seed" => {
                let text = value()?;
                seed = text
                    .parse()
                    .map_err(|_| format!("--seed '{text}' is not a number"))?;
            }
            other => return Err(format!("unexpected argument '{other}'\nusage:\n{USAGE}")),
        }
    }
    let missing = |what: &str| format!("{what} is required\nusage:\n{USAGE}");
    let variant = variant.ok_or_else(|| missing("--variant"))?;
    let games = games.ok_or_else(|| missing("--games"))?;
    let (a, b) = (
        a.ok_or_else(|| missing("--a"))?,
        b.ok_or_else(|| missing("--b"))?,
    );
    let options = parse_options(options.iter().map(String::as_str)).map_err(|e| e.to_string())?;
    let mut rng = Rng::new(seed);
    // The greedy player's piece values, the same in every game of the match.
    let values = Values::new(
        new_game(&variant, &options, &"00".repeat(32))?
            .variant()
            .armory(),
    );
    let (mut a_wins, mut draws, mut b_wins) = (0, 0, 0);
    // Each pair of games shares a deal and an opening of a few random actions, with the
    // colours swapped, so that deterministic players do not replay one game.
    let (mut deal, mut opening) = (String::new(), Vec::new());
    for number in 0..games {
        if number % 2 == 0 {
            deal = (0..32).map(|_| format!("{:02x}", rng.below(256))).collect();
            opening = random_opening(new_game(&variant, &options, &deal)?, &mut rng);
        }
        let mut game = new_game(&variant, &options, &deal)?;
        for action in &opening {
            game.play(action).map_err(|e| e.to_string())?;
        }
        // A has the first turn after the opening in even games.
        let a_color = if number % 2 == 0 {
            game.position().turn()
        } else {
            !game.position().turn()
        };
        while game.outcome().is_none() && game.history().len() < MAX_ACTIONS {
            let player = if game.position().turn() == a_color {
                a
            } else {
                b
            };
            let before = game.history().len();
            for action in choose(player, &game, &values, &mut rng) {
                if game.play_action(&action).is_err() {
                    break;
                }
            }
            // A choice that was refused (a bug) must not stall the match.
            if game.history().len() == before {
                let legal = game.legal_actions();
                let Some(action) = legal.first() else { break };
                game.play_action(action).map_err(|e| e.to_string())?;
            }
        }
        match game.outcome() {
            Some(schachwerk::rules::Outcome::Win { winner, .. }) if winner == a_color => {
                a_wins += 1
            }
            Some(schachwerk::rules::Outcome::Win { .. }) => b_wins += 1,
            _ => draws += 1,
        }
    }
    Ok(format!("result {a_wins} {draws} {b_wins}\n"))
}

/// The actions that open a pair of games: a few random ones played on `game`, stopping where
/// the game ends.
fn random_opening(mut game: Game, rng: &mut Rng) -> Vec<String> {
    let mut line = Vec::new();
    for _ in 0..OPENING_ACTIONS {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.below(legal.len())];
        line.push(action.machine(game.variant().armory()));
        if game.play_action(&action).is_err() {
            break;
        }
    }
    line
}

/// A game from the start; a variant with hidden identities gets a referee with the deal of
/// `seed`, unless the options give one.
pub(super) fn new_game(variant: &str, options: &[(&str, &str)], seed: &str) -> Result<Game, String> {
    let game = Game::new(variant, options, None).map_err(|e| e.to_string())?;
    if game.variant().hidden().is_none() || game.referee().is_some() {
        return Ok(game);
    }
    let referee = Referee::new(Some(seed)).map_err(|e| e.to_string())?;
    let rules = by_name(variant, options).map_err(|e| e.to_string())?;
    Game::with_referee(rules, referee, None).map_err(|e| e.to_string())
}

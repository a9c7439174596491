//! Property tests for [`Game`]: incremental adjudication equals adjudication from scratch.
//!
//! A random game is a start position, a rule set and a list of steps; each step either plays
//! a legal move (chosen by index modulo the number of candidates) or takes the last move back.
//! Playing stops when the game is over (a later undo may reopen it first). After every step:
//!
//! - (a) **Replay**: a game replayed from scratch from [`Game::start`] with [`Game::moves`]
//!   under the same rules is equal to it, with the same [`Game::outcome`],
//!   [`Game::repetition_count`], [`Game::position`] and [`Game::history`]; no prefix of the
//!   replay ended the game early.
//! - (b) **Reference model**: the outcome and repetition count equal those of a small
//!   independent model of `docs/rules.md D4–D7` written here: positions compared by their SFEN
//!   without the move number, the perpetual-check span taken from the first occurrence, the
//!   move limit from the SFEN move number with the 24-point count counted from the SFEN text.
//! - (c) **USI round trip**: [`Game::from_usi`] of [`Game::to_usi`] under the same rules gives
//!   an equal game.
//! - (d) **Save and restore** (with the `serde` feature): a game written to JSON and read back
//!   is equal to it.
//!
//! Two generators: games from the standard start position, and "shuffle" games from sparse
//! positions (kings with rooks or a silver) where only moves within one square of the pieces'
//! start squares are allowed, so that fourfold repetitions and perpetual checks happen often;
//! some of them start near the move limit, with both kings in their zones or not. A
//! deterministic test checks that the shuffle generator really reaches repetition, perpetual
//! check and move-limit endings.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use shogi_rules::{
    Bitboard, Color, Game, GameError, ImpasseRule, Move, Outcome, Position, RuleSet, Square,
    Termination,
};

/// Sparse starts for the shuffle generator.
const SHUFFLE_STARTS: &[&str] = &[
    // Rooks and kings on their home squares.
    "4k4/1r7/9/9/9/9/9/7R1/4K4 b - 1",
    // The same 31 plies before the move limit (kings outside their zones: a draw).
    "4k4/1r7/9/9/9/9/9/7R1/4K4 b - 370",
    // Both kings in their zones near the move limit; Sente holds 27 points, Gote 5.
    "9/4K4/1r7/9/9/9/9/4k4/7R1 b 2B4G4S4N 385",
    // Both kings in their zones with rooks only (both under 24: a draw).
    "9/4K4/1r7/9/9/9/9/4k4/7R1 w - 390",
    // Sente's silver can check the king forever (cases.json perpetual).
    "9/9/6S1k/9/9/9/9/9/K8 b - 1",
    // Gote's silver can check the king forever.
    "8k/9/9/9/9/9/K1s6/9/9 w - 1",
    // Silver and rook against rook.
    "4k4/4r4/9/9/9/9/3S5/9/4K2R1 b - 1",
];

#[derive(Copy, Clone, Debug)]
enum Step {
    Play(u16),
    Undo,
}

fn steps(max: usize, undo_weight: u32) -> impl Strategy<Value = Vec<Step>> {
    prop::collection::vec(
        prop_oneof![
            16 => any::<u16>().prop_map(Step::Play),
            undo_weight => Just(Step::Undo),
        ],
        1..max,
    )
}

fn rules() -> impl Strategy<Value = RuleSet> {
    (
        2u32..=4,
        any::<bool>(),
        prop_oneof![Just(400u32), Just(0u32)],
    )
        .prop_map(|(repetitions, perpetual_check_loses, move_limit)| RuleSet {
            repetitions,
            perpetual_check_loses,
            move_limit,
            ..RuleSet::site()
        })
}

/// Squares within one step of a piece of `pos` (where shuffle games may move).
fn neighbourhood(pos: &Position) -> Bitboard {
    let mut region = Bitboard::EMPTY;
    for sq in pos.occupied() {
        for df in -1i8..=1 {
            for dr in -1i8..=1 {
                let file = sq.file() as i8 + df;
                let rank = sq.rank() as i8 + dr;
                if let (Ok(f), Ok(r)) = (u8::try_from(file), u8::try_from(rank)) {
                    if let Some(near) = Square::new(f, r) {
                        region.insert(near);
                    }
                }
            }
        }
    }
    region
}

/// The move `choice` picks among the candidates: legal moves that start and end inside
/// `region` (drops: end inside), or every legal move if none does. For the `checker` side, or
/// when the top bit of `choice` is set, checking candidates are preferred (if there are any),
/// so that perpetual checks are likely in shuffle games.
fn choose(pos: &Position, region: Bitboard, checker: Option<Color>, choice: u16) -> Option<Move> {
    let legal = pos.legal_moves();
    let mut candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| region.contains(m.to()) && m.from().into_iter().all(|f| region.contains(f)))
        .collect();
    if candidates.is_empty() {
        candidates = legal.iter().copied().collect();
    }
    if checker == Some(pos.turn()) || choice & 0x8000 != 0 {
        let checks: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|&m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                after.in_check()
            })
            .collect();
        if !checks.is_empty() {
            candidates = checks;
        }
    }
    if candidates.is_empty() {
        None
    } else {
        Some(candidates[usize::from(choice & 0x7fff) % candidates.len()])
    }
}

/// Runs `steps` on `game`, checking the properties after every step.
fn run(
    mut game: Game,
    region: Bitboard,
    checker: Option<Color>,
    steps: &[Step],
) -> Result<Game, TestCaseError> {
    check(&game)?;
    for (i, step) in steps.iter().enumerate() {
        match *step {
            Step::Undo => {
                let before = game.clone();
                match game.undo() {
                    Ok(m) => prop_assert_eq!(Some(&m), before.history().last().map(|p| &p.mv)),
                    Err(GameError::NothingToUndo) => prop_assert!(before.moves().is_empty()),
                    Err(GameError::GameOver(outcome)) => {
                        prop_assert!(before.moves().is_empty(), "undo refused at step {}", i);
                        prop_assert_eq!(before.outcome(), Some(outcome));
                    }
                    Err(e) => prop_assert!(false, "undo at step {}: {}", i, e),
                }
            }
            Step::Play(choice) => {
                if game.outcome().is_some() {
                    break;
                }
                let Some(m) = choose(game.position(), region, checker, choice) else {
                    return Err(TestCaseError::fail(format!(
                        "running game without a legal move: {}",
                        game.to_usi()
                    )));
                };
                let result = game.play(m);
                prop_assert_eq!(result, Ok(game.outcome()), "play {} at step {}", m, i);
            }
        }
        check(&game).map_err(|e| {
            TestCaseError::fail(format!(
                "{e}\n  after step {i} ({step:?}): {}",
                game.to_usi()
            ))
        })?;
    }
    Ok(game)
}

fn check(game: &Game) -> Result<(), TestCaseError> {
    let rules = *game.rules();
    // (a) Replay from scratch.
    let mut replay = Game::from_position(game.start().clone(), rules);
    for (i, m) in game.moves().into_iter().enumerate() {
        prop_assert_eq!(replay.outcome(), None, "replay over before ply {}", i + 1);
        prop_assert!(
            replay.play(m).is_ok(),
            "replay refused ply {} ({})",
            i + 1,
            m
        );
    }
    prop_assert_eq!(replay.outcome(), game.outcome(), "outcome vs replay");
    prop_assert_eq!(
        replay.repetition_count(),
        game.repetition_count(),
        "repetition count"
    );
    prop_assert_eq!(replay.position(), game.position());
    prop_assert_eq!(replay.history(), game.history());
    prop_assert_eq!(&replay, game);

    // Whether each move gave check, from the positions themselves.
    let mut pos = game.start().clone();
    for (i, ply) in game.history().iter().enumerate() {
        pos.play_unchecked(ply.mv);
        prop_assert_eq!(ply.gave_check, pos.in_check(), "check by ply {}", i + 1);
    }

    // (b) Reference model.
    let (outcome, count) = reference(game.start(), &game.moves(), &rules);
    prop_assert_eq!(game.outcome(), outcome, "outcome vs reference model");
    prop_assert_eq!(
        game.repetition_count(),
        count,
        "repetition count vs reference model"
    );

    // (c) USI round trip.
    let text = game.to_usi();
    match Game::from_usi(&text, rules) {
        Ok(back) => prop_assert_eq!(&back, game, "from_usi({})", text),
        Err(e) => prop_assert!(false, "from_usi({}): {}", text, e),
    }

    // (d) Save and restore through JSON (the `serde` feature).
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(game).map_err(|e| TestCaseError::fail(e.to_string()))?;
        match serde_json::from_str::<Game>(&json) {
            Ok(back) => prop_assert_eq!(&back, game, "restored from {}", json),
            Err(e) => prop_assert!(false, "restoring {}: {}", json, e),
        }
    }
    Ok(())
}

/// Board, hands and side to move: the SFEN without its move number.
fn key(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    sfen.rsplit_once(' ')
        .expect("SFEN has a move number")
        .0
        .to_owned()
}

/// The 24-point counts from the SFEN text: rook and bishop (promoted or not) 5, king 0,
/// anything else 1, on the board and in hand.
fn points24(pos: &Position) -> [u32; 2] {
    let sfen = pos.to_sfen();
    let fields: Vec<&str> = sfen.split(' ').collect();
    let value = |c: char| match c.to_ascii_lowercase() {
        'r' | 'b' => 5,
        'k' => 0,
        _ => 1,
    };
    let mut points = [0u32; 2];
    for c in fields[0].chars().filter(char::is_ascii_alphabetic) {
        points[usize::from(c.is_ascii_lowercase())] += value(c);
    }
    let mut count = 0;
    for c in fields[2].chars().filter(|&c| c != '-') {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d;
        } else {
            points[usize::from(c.is_ascii_lowercase())] += value(c) * count.max(1);
            count = 0;
        }
    }
    points
}

fn king_in_zone(pos: &Position, color: Color) -> bool {
    pos.king_of(color).is_some_and(|k| match color {
        Color::Sente => k.rank() <= 3,
        Color::Gote => k.rank() >= 7,
    })
}

/// Outcome and repetition count of the game `start` + `moves`, assuming no earlier ply ended
/// it (`docs/rules.md D4`: no legal move, then sennichite, then the move limit; at the start
/// of a game only the first and the last apply).
fn reference(start: &Position, moves: &[Move], rules: &RuleSet) -> (Option<Outcome>, u32) {
    let mut pos = start.clone();
    let mut keys = vec![key(&pos)];
    let mut gave_check = vec![false]; // index = ply
    for &m in moves {
        pos.play_unchecked(m);
        keys.push(key(&pos));
        gave_check.push(pos.in_check());
    }
    let now = moves.len();
    let first_occurrence = (0..=now).find(|&i| keys[i] == keys[now]).expect("itself");
    let count = (0..=now).filter(|&i| keys[i] == keys[now]).count() as u32;

    let no_legal_moves = || {
        (!pos.has_legal_moves()).then(|| {
            let termination = if pos.in_check() {
                Termination::Checkmate
            } else {
                Termination::NoLegalMoves
            };
            Outcome::win(pos.turn().opposite(), termination)
        })
    };
    let sennichite = || {
        if now == 0 || count < rules.repetitions.max(1) {
            return None;
        }
        // Plies after the first occurrence, up to now; ply i was played by the side to move
        // before it.
        let mover = |ply: usize| {
            if (ply - 1) % 2 == 0 {
                start.turn()
            } else {
                start.turn().opposite()
            }
        };
        let all_checks = |color: Color| {
            (first_occurrence + 1..=now)
                .filter(|&ply| mover(ply) == color)
                .all(|ply| gave_check[ply])
        };
        let outcome = match (
            rules.perpetual_check_loses,
            all_checks(Color::Sente),
            all_checks(Color::Gote),
        ) {
            (true, true, false) => Outcome::win(Color::Gote, Termination::PerpetualCheck),
            (true, false, true) => Outcome::win(Color::Sente, Termination::PerpetualCheck),
            _ => Outcome::draw(Termination::Repetition),
        };
        Some(outcome)
    };
    let move_limit = || {
        if rules.move_limit == 0 || pos.move_number() <= rules.move_limit {
            return None;
        }
        if rules.impasse != ImpasseRule::Disabled
            && king_in_zone(&pos, Color::Sente)
            && king_in_zone(&pos, Color::Gote)
        {
            let [sente, gote] = points24(&pos);
            let winner = match (sente >= 24, gote >= 24) {
                (true, false) => Some(Color::Sente),
                (false, true) => Some(Color::Gote),
                _ => None,
            };
            return Some(Outcome {
                winner,
                termination: Termination::MoveLimit,
            });
        }
        Some(Outcome::draw(Termination::MoveLimit))
    };
    let outcome = no_legal_moves().or_else(sennichite).or_else(move_limit);
    (outcome, count)
}

fn shuffle_start() -> impl Strategy<Value = Position> {
    prop::sample::select(SHUFFLE_STARTS).prop_map(|sfen| Position::from_sfen(sfen).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Random games from the start position with random undo, under the site rules.
    #[test]
    fn random_games_from_the_start_position(steps in steps(150, 2)) {
        run(Game::new(), Bitboard::FULL, None, &steps)?;
    }

    /// Random games from the start position under random repetition / perpetual / limit rules.
    #[test]
    fn random_games_under_random_rules(rules in rules(), steps in steps(120, 2)) {
        run(Game::from_position(Position::startpos(), rules), Bitboard::FULL, None, &steps)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Shuffles in sparse positions: repetitions, perpetual checks and the move limit.
    #[test]
    fn shuffle_games_with_repetitions(
        start in shuffle_start(),
        rules in rules(),
        checker in prop::option::of(prop_oneof![Just(Color::Sente), Just(Color::Gote)]),
        steps in steps(150, 1),
    ) {
        let region = neighbourhood(&start);
        run(Game::from_position(start, rules), region, checker, &steps)?;
    }
}

/// A small deterministic generator (xorshift) for the coverage test.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The shuffle generator reaches every ending the properties are meant to exercise (so a
/// passing property run is not vacuous), under the site rules.
#[test]
fn shuffle_generator_reaches_repetitions_perpetuals_and_the_move_limit() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut seen = std::collections::BTreeMap::new();
    for game_index in 0..1400 {
        let sfen = SHUFFLE_STARTS[game_index % SHUFFLE_STARTS.len()];
        let start = Position::from_sfen(sfen).unwrap();
        let region = neighbourhood(&start);
        let mut game = Game::from_position(start, RuleSet::site());
        let checker = match game_index % 3 {
            0 => None,
            1 => Some(Color::Sente),
            _ => Some(Color::Gote),
        };
        for _ in 0..200 {
            if game.outcome().is_some() {
                break;
            }
            let choice = (rng.next() % 65_536) as u16;
            let m =
                choose(game.position(), region, checker, choice).expect("a running game has moves");
            game.play(m).unwrap();
        }
        if let Some(outcome) = game.outcome() {
            let (reference, _) = reference(game.start(), &game.moves(), game.rules());
            assert_eq!(Some(outcome), reference, "{}", game.to_usi());
            *seen
                .entry((outcome.termination.as_str(), outcome.winner))
                .or_insert(0u32) += 1;
        }
    }
    let has = |termination: Termination| seen.keys().any(|(t, _)| *t == termination.as_str());
    assert!(has(Termination::Repetition), "{seen:?}");
    assert!(has(Termination::PerpetualCheck), "{seen:?}");
    assert!(has(Termination::MoveLimit), "{seen:?}");
    assert!(
        seen.contains_key(&("perpetual_check", Some(Color::Sente)))
            && seen.contains_key(&("perpetual_check", Some(Color::Gote))),
        "perpetual checks by both colours: {seen:?}"
    );
}

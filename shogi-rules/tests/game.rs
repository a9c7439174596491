//! Games and adjudication: how and when a [`Game`] ends, and what it refuses afterwards.
//!
//! What this file pins down (`docs/rules.md` §8–§13 and D1–D13):
//!
//! * **Shared data** (`tests/data/cases.json`): every `sequences` entry is replayed move by move
//!   under [`RuleSet::site`]; the expected status (`draw`, `sente_loses_perpetual`,
//!   `gote_loses_perpetual`, `ongoing`) holds right after the last move and a terminal sequence
//!   does not end earlier. Every `impasse` case gives the expected [`Game::impasse_status`]
//!   (with both 24-point counts checked against an independent count of the SFEN) and
//!   [`Game::declare_impasse`] agrees with it. The number of cases run is checked.
//! * **One test per termination**: checkmate, no legal moves when not in check, repetition,
//!   perpetual check (both colours), impasse declaration (24-point and CSA 27-point, valid and
//!   invalid, losing or rejected), move limit (draw, 24-point count, no limit), try rule,
//!   resignation, timeout (flag, timed move, clock check), draw agreement, interruption. After
//!   each end every action is rejected with [`GameError::GameOver`] and the game is unchanged.
//! * **Adjudication order** (`docs/rules.md D4`): a mate or a fourth occurrence on the move
//!   that crosses the move limit is scored as such, not as the move limit.
//! * **Rule-set options**: the number of repetitions, perpetual check as a plain draw, the draw
//!   offer protocol and its limit (`docs/rules.md D12`), both sides under 24 points
//!   (`docs/rules.md D7`).
//! * **Clock** (`docs/rules.md D13` and the boundary semantics documented in the clock
//!   module): every boundary to the millisecond, through [`Clock`] directly and through
//!   [`Game::play_timed`] / [`Game::check_time`].
//! * **Undo**: a move that ended the game can be taken back, other endings cannot, and
//!   repetition counts are restored.
//! * **USI**: [`Game::to_usi`] and [`Game::from_usi`] round-trip, and replay errors name the ply.

use std::time::Duration;

use serde_json::Value;
use shogi_rules::{
    Clock, ClockReading, ClockSettings, Color, DeclarationRejection, Game, GameError,
    GameFromUsiError, IllegalReason, ImpasseRule, Move, Outcome, Position, RuleSet, Termination,
};

const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/cases.json");

/// Entries of cases.json checked here.
const SEQUENCE_COUNT: usize = 12;
const IMPASSE_CASE_COUNT: usize = 9;

const SENTE: Color = Color::Sente;
const GOTE: Color = Color::Gote;

/// The start position with rooks free to shuffle (the sequences' start).
const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Three rook cycles from the start position: the fourth occurrence after ply 12.
const ROOK_CYCLES: [&str; 12] = [
    "2h3h", "8b7b", "3h2h", "7b8b", "2h3h", "8b7b", "3h2h", "7b8b", "2h3h", "8b7b", "3h2h", "7b8b",
];

/// Sente checks with every move (silver 3c-2b-3c against the king on 1c/2d).
const SENTE_PERPETUAL_START: &str = "9/9/6S1k/9/9/9/9/9/K8 b - 1";
const SENTE_PERPETUAL: [&str; 12] = [
    "3c2b", "1c2d", "2b3c", "2d1c", "3c2b", "1c2d", "2b3c", "2d1c", "3c2b", "1c2d", "2b3c", "2d1c",
];

/// The colour mirror: Gote checks with every move.
const GOTE_PERPETUAL_START: &str = "8k/9/9/9/9/9/K1s6/9/9 w - 1";
const GOTE_PERPETUAL: [&str; 12] = [
    "7g8h", "9g8f", "8h7g", "8f9g", "7g8h", "9g8f", "8h7g", "8f9g", "7g8h", "9g8f", "8h7g", "8f9g",
];

/// Sente to move mates with G*1b (gold on 2c guards 1b).
const SENTE_MATE_IN_ONE: &str = "8k/9/7G1/9/9/9/9/9/4K4 b G 1";
/// The colour mirror: Gote mates with G*9h.
const GOTE_MATE_IN_ONE: &str = "4k4/9/9/9/9/9/1g7/9/K8 w g 1";

/// Gote to move has no legal move and is not in check (`docs/rules.md §8`,
/// `tests/data/cases.json`).
const NO_LEGAL_MOVES: &str = "8k/6G2/7S1/9/9/9/9/9/4K4 w - 1";

/// Site-rule impasse positions from cases.json (both kings in their zones).
const IMPASSE_32_22: &str = "lnsg1gsnl/7b1/4K4/ppppppppp/9/PPPPPPPPP/4k4/1B5R1/LNSG1GSNL b R 1";
const IMPASSE_27_27: &str = "lnsg1gsnl/1r5b1/4K4/ppppppppp/9/PPPPPPPPP/4k4/1B5R1/LNSG1GSNL b - 1";
/// Armies swapped: 19 pieces of each side in the enemy camp, 27 points each (CSA count).
const FULL_INVASION: &str = "+L+NSGKGS+N+L/1R5B1/PPPPPPPPP/9/9/9/ppppppppp/1b5r1/+l+nsgkgs+n+l";

// ---------------------------------------------------------------------------------------------
// Helpers

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn position(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn game_from(sfen: &str, rules: RuleSet) -> Game {
    Game::from_position(position(sfen), rules)
}

fn site_game(sfen: &str) -> Game {
    game_from(sfen, RuleSet::site())
}

/// The legal move `text` in the game's current position.
fn mv(game: &Game, text: &str) -> Move {
    game.position()
        .parse_usi_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", game.position().to_sfen()))
}

/// Plays `moves`, each of which must be accepted while the game is still running and must
/// not end it.
fn play_running(game: &mut Game, moves: &[&str]) {
    for (i, text) in moves.iter().enumerate() {
        assert_eq!(
            game.outcome(),
            None,
            "game over before ply {} ({text})",
            i + 1
        );
        let result = game
            .play_usi(text)
            .unwrap_or_else(|e| panic!("ply {} {text}: {e}", i + 1));
        assert_eq!(result, None, "ply {} ({text}) ended the game", i + 1);
    }
}

/// Plays `moves`: all but the last keep the game running; returns what the last one gives.
fn play_until_last(game: &mut Game, moves: &[&str]) -> Option<Outcome> {
    let (last, before) = moves.split_last().expect("at least one move");
    play_running(game, before);
    let result = game
        .play_usi(last)
        .unwrap_or_else(|e| panic!("last move {last}: {e}"));
    assert_eq!(
        result,
        game.outcome(),
        "play_usi's result and outcome() disagree"
    );
    result
}

/// The game is over with `expected`, and every action is refused with `GameOver` without
/// changing the game (`docs/rules.md D10`).
fn assert_over(game: &mut Game, expected: Outcome) {
    assert_eq!(game.outcome(), Some(expected));
    let before = game.clone();
    let over = Err(GameError::GameOver(expected));
    let any_move = Position::startpos().legal_moves()[0];
    assert_eq!(game.play(any_move), over.clone().map(|()| None), "play");
    assert_eq!(
        game.play_usi("7g7f"),
        over.clone().map(|()| None),
        "play_usi"
    );
    assert_eq!(
        game.play_usi("1a1a"),
        over.clone().map(|()| None),
        "play_usi (bad)"
    );
    assert_eq!(
        game.play_timed(any_move, ms(1)),
        over.clone().map(|()| None),
        "play_timed"
    );
    assert_eq!(
        game.check_time(ms(0)),
        over.clone().map(|()| None),
        "check_time"
    );
    for color in [SENTE, GOTE] {
        assert_eq!(
            game.resign(color),
            over.clone().map(|()| expected),
            "resign"
        );
        assert_eq!(game.flag(color), over.clone().map(|()| expected), "flag");
        assert_eq!(game.offer_draw(color), over.clone(), "offer_draw");
        assert_eq!(
            game.accept_draw(color),
            over.clone().map(|()| expected),
            "accept"
        );
        assert_eq!(game.decline_draw(color), over.clone(), "decline_draw");
    }
    assert_eq!(
        game.interrupt(),
        over.clone().map(|()| expected),
        "interrupt"
    );
    assert_eq!(
        game.declare_impasse(),
        over.map(|()| expected),
        "declare_impasse"
    );
    assert_eq!(*game, before, "a refused action changed the game");
    assert_eq!(game.outcome(), Some(expected));
}

/// After an ending that is not a move, `undo` is refused too.
fn assert_over_no_undo(game: &mut Game, expected: Outcome) {
    assert_over(game, expected);
    let before = game.clone();
    assert_eq!(game.undo(), Err(GameError::GameOver(expected)));
    assert_eq!(*game, before);
}

/// `sfen` with its move number replaced by `n`.
fn at_move(sfen: &str, n: u32) -> String {
    let (rest, _) = sfen.rsplit_once(' ').expect("SFEN with a move number");
    format!("{rest} {n}")
}

fn load_cases() -> Value {
    let text = std::fs::read_to_string(CASES).unwrap_or_else(|e| panic!("{CASES}: {e}"));
    serde_json::from_str(&text).expect("cases.json is JSON")
}

fn text<'a>(value: &'a Value, key: &str) -> &'a str {
    value[key]
        .as_str()
        .unwrap_or_else(|| panic!("{value}: `{key}` must be a string"))
}

/// The 24-point counts of an SFEN, counted from the text alone: every piece on the board and
/// in hand, rook/bishop (promoted or not) 5, king 0, anything else 1.
fn points24_from_sfen(sfen: &str) -> (u32, u32) {
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    let value = |c: char| match c.to_ascii_lowercase() {
        'r' | 'b' => 5,
        'k' => 0,
        _ => 1,
    };
    let mut points = [0u32; 2];
    for c in fields[0].chars().filter(char::is_ascii_alphabetic) {
        points[usize::from(c.is_ascii_lowercase())] += value(c);
    }
    let mut count = 0u32;
    for c in fields[2].chars().filter(|&c| c != '-') {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d;
        } else {
            points[usize::from(c.is_ascii_lowercase())] += value(c) * count.max(1);
            count = 0;
        }
    }
    (points[0], points[1])
}

// ---------------------------------------------------------------------------------------------
// cases.json

#[test]
fn every_sequence_of_cases_json() {
    let data = load_cases();
    let sequences = data["sequences"].as_array().expect("`sequences` is a list");
    let mut failures = Vec::new();
    let mut ran = 0;
    for seq in sequences {
        let name = text(seq, "name");
        let start = text(seq, "start_sfen");
        let expect = text(seq, "expect");
        let moves: Vec<&str> = seq["moves"]
            .as_array()
            .unwrap_or_else(|| panic!("{name}: `moves` is a list"))
            .iter()
            .map(|m| m.as_str().expect("moves are strings"))
            .collect();
        let expected = match expect {
            "draw" => Some(Outcome::draw(Termination::Repetition)),
            "sente_loses_perpetual" => Some(Outcome::win(GOTE, Termination::PerpetualCheck)),
            "gote_loses_perpetual" => Some(Outcome::win(SENTE, Termination::PerpetualCheck)),
            "ongoing" => None,
            other => panic!("{name}: unknown expectation {other:?}"),
        };
        ran += 1;
        if let Err(problem) = check_sequence(start, &moves, expected) {
            failures.push(format!("{name}: {problem}"));
        }
    }
    assert!(
        failures.is_empty(),
        "failing sequences:\n{}",
        failures.join("\n")
    );
    assert_eq!(ran, SEQUENCE_COUNT, "number of sequences run");
}

fn check_sequence(start: &str, moves: &[&str], expected: Option<Outcome>) -> Result<(), String> {
    let start = Position::from_sfen(start).map_err(|e| format!("start: {e}"))?;
    let mut game = Game::from_position(start.clone(), RuleSet::site());
    let mut replay = start;
    for (i, usi) in moves.iter().enumerate() {
        if let Some(outcome) = game.outcome() {
            return Err(format!("ended before ply {} ({usi}): {outcome:?}", i + 1));
        }
        let result = game
            .play_usi(usi)
            .map_err(|e| format!("ply {} {usi}: {e}", i + 1))?;
        if result != game.outcome() {
            return Err(format!("ply {}: play_usi returned {result:?}", i + 1));
        }
        // The history records the move, the key after it and whether it gave check.
        let m = replay
            .parse_usi_move(usi)
            .map_err(|e| format!("replay ply {}: {e}", i + 1))?;
        replay.play_unchecked(m);
        let ply = game.history()[i];
        if ply.mv != m || ply.key != replay.zobrist() || ply.gave_check != replay.in_check() {
            return Err(format!("ply {}: history entry {ply:?} is wrong", i + 1));
        }
    }
    if *game.position() != replay {
        return Err("final position differs from a bare replay".to_string());
    }
    if game.outcome() != expected {
        return Err(format!(
            "after the last move: expected {expected:?}, got {:?}",
            game.outcome()
        ));
    }
    let count = game.repetition_count();
    match expected {
        Some(_) if count != 4 => Err(format!("repetition_count {count}, expected 4")),
        None if count >= 4 => Err(format!("ongoing with repetition_count {count}")),
        _ => Ok(()),
    }
}

#[test]
fn every_impasse_case_of_cases_json() {
    let data = load_cases();
    let cases = data["cases"].as_array().expect("`cases` is a list");
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in cases.iter().filter(|c| c["kind"] == "impasse") {
        let name = text(case, "name");
        ran += 1;
        if let Err(problem) = check_impasse_case(case) {
            failures.push(format!("{name}: {problem}"));
        }
    }
    assert!(
        failures.is_empty(),
        "failing impasse cases:\n{}",
        failures.join("\n")
    );
    assert_eq!(ran, IMPASSE_CASE_COUNT, "number of impasse cases run");
}

fn check_impasse_case(case: &Value) -> Result<(), String> {
    let sfen = text(case, "sfen");
    let expect = text(case, "expect");
    let mut game = Game::from_position(
        Position::from_sfen(sfen).map_err(|e| e.to_string())?,
        RuleSet::site(),
    );
    let status = game.impasse_status();
    if status.rule != ImpasseRule::Points24 {
        return Err(format!("rule {:?}", status.rule));
    }
    let points = points24_from_sfen(sfen);
    if (status.sente_points, status.gote_points) != points {
        return Err(format!(
            "points {}-{}, counted {}-{}",
            status.sente_points, status.gote_points, points.0, points.1
        ));
    }
    let before = game.clone();
    let declared = game.declare_impasse();
    let winner = match expect {
        "sente_wins" => Some(SENTE),
        "gote_wins" => Some(GOTE),
        "draw" => None,
        "not_allowed" => {
            let reason = text(case, "reason");
            if status.allowed || status.reason.map(DeclarationRejection::as_str) != Some(reason) {
                return Err(format!("status {status:?}, expected rejection {reason}"));
            }
            if status.result.is_some() {
                return Err(format!("a rejected declaration has a result: {status:?}"));
            }
            return match declared {
                Err(GameError::DeclarationRejected(r)) if r.as_str() == reason => {
                    if game == before && game.outcome().is_none() {
                        Ok(())
                    } else {
                        Err("a rejected declaration changed the game".to_string())
                    }
                }
                other => Err(format!("declare_impasse gave {other:?}, expected {reason}")),
            };
        }
        other => return Err(format!("unknown expectation {other:?}")),
    };
    let outcome = Outcome {
        winner,
        termination: Termination::ImpasseDeclaration,
    };
    if !status.allowed || status.reason.is_some() || status.result != Some(outcome) {
        return Err(format!("status {status:?}, expected {outcome:?}"));
    }
    if declared != Ok(outcome) || game.outcome() != Some(outcome) {
        return Err(format!(
            "declare_impasse gave {declared:?}, expected {outcome:?}"
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// One test per termination

#[test]
fn checkmate_sente_mates() {
    let mut game = site_game(SENTE_MATE_IN_ONE);
    let result = game.play_usi("G*1b").unwrap();
    let expected = Outcome::win(SENTE, Termination::Checkmate);
    assert_eq!(result, Some(expected));
    assert!(game.position().is_checkmate());
    assert!(game.history()[0].gave_check);
    assert_over(&mut game, expected);
}

#[test]
fn checkmate_gote_mates() {
    let mut game = site_game(GOTE_MATE_IN_ONE);
    let expected = Outcome::win(GOTE, Termination::Checkmate);
    assert_eq!(game.play_usi("G*9h").unwrap(), Some(expected));
    assert!(game.position().is_checkmate());
    assert_over(&mut game, expected);
}

#[test]
fn no_legal_moves_when_not_in_check_loses() {
    // Sente's silver steps to 2c: Gote (king 1a, nothing else) is not in check but every
    // king move is covered.
    let mut game = site_game("8k/6G2/9/7S1/9/9/9/9/4K4 b - 1");
    let expected = Outcome::win(SENTE, Termination::NoLegalMoves);
    assert_eq!(game.play_usi("2d2c").unwrap(), Some(expected));
    assert!(!game.position().in_check());
    assert!(!game.position().has_legal_moves());
    assert_eq!(game.position().to_sfen(), at_move(NO_LEGAL_MOVES, 2));
    assert_over(&mut game, expected);
}

#[test]
fn no_legal_moves_at_the_start_of_a_game() {
    // The cases.json position itself: a game started there is over at once.
    let mut game = site_game(NO_LEGAL_MOVES);
    let expected = Outcome::win(SENTE, Termination::NoLegalMoves);
    assert_eq!(game.outcome(), Some(expected));
    assert!(game.moves().is_empty());
    assert_over_no_undo(&mut game, expected);
}

#[test]
fn repetition_is_a_draw() {
    let mut game = site_game(STARTPOS);
    let expected = Outcome::draw(Termination::Repetition);
    assert_eq!(play_until_last(&mut game, &ROOK_CYCLES), Some(expected));
    assert_eq!(game.repetition_count(), 4);
    assert_eq!(*game.position(), position(&at_move(STARTPOS, 13)));
    assert_over(&mut game, expected);
}

#[test]
fn perpetual_check_sente_loses() {
    let mut game = site_game(SENTE_PERPETUAL_START);
    let expected = Outcome::win(GOTE, Termination::PerpetualCheck);
    assert_eq!(play_until_last(&mut game, &SENTE_PERPETUAL), Some(expected));
    let checks: Vec<bool> = game.history().iter().map(|p| p.gave_check).collect();
    assert!(
        checks.iter().step_by(2).all(|&c| c),
        "every Sente move checks"
    );
    assert!(
        checks.iter().skip(1).step_by(2).all(|&c| !c),
        "no Gote move checks"
    );
    assert_over(&mut game, expected);
}

#[test]
fn perpetual_check_gote_loses() {
    let mut game = site_game(GOTE_PERPETUAL_START);
    let expected = Outcome::win(SENTE, Termination::PerpetualCheck);
    assert_eq!(play_until_last(&mut game, &GOTE_PERPETUAL), Some(expected));
    assert_over(&mut game, expected);
}

#[test]
fn impasse_declaration_24_points_decides() {
    // Sente declares with 32 against 22: Sente wins.
    let mut game = site_game(IMPASSE_32_22);
    let expected = Outcome::win(SENTE, Termination::ImpasseDeclaration);
    let status = game.impasse_status();
    assert_eq!((status.sente_points, status.gote_points), (32, 22));
    assert_eq!(game.declare_impasse(), Ok(expected));
    assert_over_no_undo(&mut game, expected);

    // Gote to move in the same position declares with 22 and loses by doing so.
    let mut game = site_game(&IMPASSE_32_22.replace(" b ", " w "));
    assert_eq!(game.declare_impasse(), Ok(expected));
    assert_over_no_undo(&mut game, expected);

    // 27-27: a draw.
    let mut game = site_game(IMPASSE_27_27);
    let expected = Outcome::draw(Termination::ImpasseDeclaration);
    assert_eq!(game.declare_impasse(), Ok(expected));
    assert_over_no_undo(&mut game, expected);
}

#[test]
fn impasse_declaration_rejected_under_the_site_rule() {
    // From the start position the kings are not in their zones: rejected, the game goes on.
    let mut game = Game::new();
    let status = game.impasse_status();
    assert_eq!((status.sente_points, status.gote_points), (27, 27));
    assert!(!status.allowed);
    assert_eq!(status.reason, Some(DeclarationRejection::KingsNotInZone));
    assert_eq!(status.result, None);
    let before = game.clone();
    assert_eq!(
        game.declare_impasse(),
        Err(GameError::DeclarationRejected(
            DeclarationRejection::KingsNotInZone
        ))
    );
    assert_eq!(game, before);
    game.play_usi("7g7f").unwrap();

    // A side without a king cannot declare (docs/rules.md D3).
    let mut game = site_game("9/9/9/9/9/9/4k4/9/9 b P 1");
    assert_eq!(
        game.declare_impasse(),
        Err(GameError::DeclarationRejected(DeclarationRejection::NoKing))
    );
    assert_eq!(game.outcome(), None);
}

#[test]
fn impasse_both_sides_under_24_is_a_draw() {
    // docs/rules.md D7: bare kings in their zones, 0-0.
    let mut game = site_game("9/9/4K4/9/9/9/4k4/9/9 b - 1");
    let status = game.impasse_status();
    assert_eq!((status.sente_points, status.gote_points), (0, 0));
    assert!(status.allowed);
    let expected = Outcome::draw(Termination::ImpasseDeclaration);
    assert_eq!(status.result, Some(expected));
    assert_eq!(game.declare_impasse(), Ok(expected));
    assert_over_no_undo(&mut game, expected);

    // Rooks and a bishop (5 against 10, both under 24), Gote declaring.
    let mut game = site_game("9/9/4K4/9/9/9/4k4/1r7/7R1 w b 1");
    let status = game.impasse_status();
    assert_eq!((status.sente_points, status.gote_points), (5, 10));
    assert_eq!(game.declare_impasse(), Ok(expected));
}

#[test]
fn impasse_csa27_declaration_wins() {
    // Gote to move: 19 pieces in the enemy camp and 27 points, enough for Gote.
    let mut game = game_from(&format!("{FULL_INVASION} w - 1"), RuleSet::csa27());
    let status = game.impasse_status();
    assert_eq!(status.rule, ImpasseRule::Csa27Declaration);
    assert_eq!((status.sente_points, status.gote_points), (27, 27));
    let expected = Outcome::win(GOTE, Termination::ImpasseDeclaration);
    assert!(status.allowed);
    assert_eq!(status.reason, None);
    assert_eq!(status.result, Some(expected));
    assert_eq!(game.declare_impasse(), Ok(expected));
    assert_over_no_undo(&mut game, expected);

    // Sente needs 28: with a pawn more in hand (one Gote pawn less on the board) it wins.
    let sfen = "+L+NSGKGS+N+L/1R5B1/PPPPPPPPP/9/9/9/pppppppp1/1b5r1/+l+nsgkgs+n+l b P 1";
    let mut game = game_from(sfen, RuleSet::csa27());
    let status = game.impasse_status();
    assert_eq!((status.sente_points, status.gote_points), (28, 26));
    let expected = Outcome::win(SENTE, Termination::ImpasseDeclaration);
    assert_eq!(status.result, Some(expected));
    assert_eq!(game.declare_impasse(), Ok(expected));

    // The same position is a 27-27 draw under the site rule (docs/rules.md §10.1).
    let mut game = site_game(&format!("{FULL_INVASION} w - 1"));
    assert_eq!(
        game.declare_impasse(),
        Ok(Outcome::draw(Termination::ImpasseDeclaration))
    );
}

#[test]
fn impasse_csa27_invalid_declaration_loses() {
    // Sente to move has 27 points in the enemy camp: one short of 28.
    let sfen = format!("{FULL_INVASION} b - 1");
    let rules = RuleSet::csa27();
    assert!(rules.invalid_declaration_loses);
    let mut game = game_from(&sfen, rules);
    let status = game.impasse_status();
    let expected = Outcome::win(GOTE, Termination::ImpasseDeclaration);
    assert!(!status.allowed);
    assert_eq!(status.reason, Some(DeclarationRejection::TooFewPoints));
    assert_eq!(
        status.result,
        Some(expected),
        "the status shows the loss in advance"
    );
    assert_eq!(game.declare_impasse(), Ok(expected));
    assert_over_no_undo(&mut game, expected);

    // Off: the same declaration is rejected with the reason and the game goes on.
    let mut rules = RuleSet::csa27();
    rules.invalid_declaration_loses = false;
    let mut game = game_from(&sfen, rules);
    let status = game.impasse_status();
    assert!(!status.allowed);
    assert_eq!(status.reason, Some(DeclarationRejection::TooFewPoints));
    assert_eq!(status.result, None);
    let before = game.clone();
    assert_eq!(
        game.declare_impasse(),
        Err(GameError::DeclarationRejected(
            DeclarationRejection::TooFewPoints
        ))
    );
    assert_eq!(game, before);
    game.play_usi("8b7b").unwrap();
}

#[test]
fn impasse_csa27_rejection_reasons() {
    let mut rules = RuleSet::csa27();
    rules.invalid_declaration_loses = false;
    let reason = |sfen: &str| game_from(sfen, rules).impasse_status().reason;
    // 32 points in hand but no piece in the enemy camp.
    assert_eq!(
        reason("4k4/9/4K4/9/9/9/9/9/9 b 2R2B4G4S4N 1"),
        Some(DeclarationRejection::TooFewPieces)
    );
    // The declarer's king outside the enemy camp.
    assert_eq!(reason(STARTPOS), Some(DeclarationRejection::KingsNotInZone));
    // Under the CSA rule the opponent's king may be anywhere.
    let sfen = "4G4/PPPPPPPPP/4K4/9/9/9/9/9/4k4 b 2R2B 1";
    let status = game_from(sfen, rules).impasse_status();
    assert_eq!((status.sente_points, status.allowed), (30, true));
    assert_eq!(
        status.result,
        Some(Outcome::win(SENTE, Termination::ImpasseDeclaration))
    );
}

#[test]
fn move_limit_draw() {
    // Move number 399: two more plies reach the limit (the SFEN move number would be 401).
    let sfen = "4k4/1r7/9/9/9/9/9/7R1/4K4 b - 399";
    let mut game = site_game(sfen);
    let expected = Outcome::draw(Termination::MoveLimit);
    assert_eq!(
        play_until_last(&mut game, &["2h3h", "8b7b"]),
        Some(expected)
    );
    assert_eq!(game.position().move_number(), 401);
    assert_over(&mut game, expected);
    // The move that reached the limit can be taken back.
    assert!(game.undo().is_ok());
    assert_eq!(game.outcome(), None);

    // A game from the start position ends after exactly `move_limit` plies.
    let mut rules = RuleSet::site();
    rules.move_limit = 10;
    let mut game = Game::from_position(Position::startpos(), rules);
    let moves = [
        "7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b", "2e2d", "2c2d",
    ];
    assert_eq!(play_until_last(&mut game, &moves), Some(expected));

    // Past the limit already: over at once.
    let game = site_game("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 401");
    assert_eq!(game.outcome(), Some(expected));
}

#[test]
fn move_limit_decided_by_the_24_point_count() {
    // Both kings in their zones at move 400 (Sente 32, Gote 22). Sente's last move gives
    // check, which does not matter for the automatic count (docs/rules.md D5).
    let mut game = site_game(&at_move(IMPASSE_32_22, 400));
    let expected = Outcome::win(SENTE, Termination::MoveLimit);
    assert_eq!(game.play_usi("R*5h").unwrap(), Some(expected));
    assert!(game.position().in_check());
    assert_over(&mut game, expected);

    // Gote 32, Sente 22, Gote moving the king inside its zone at move 400.
    let sfen = "lnsg1gsnl/1r5b1/4K4/ppppppppp/9/PPPPPPPPP/4k4/1B7/LNSG1GSNL w r 400";
    let mut game = site_game(sfen);
    assert_eq!(
        game.play_usi("5g4g").unwrap(),
        Some(Outcome::win(GOTE, Termination::MoveLimit))
    );

    // 27-27: a draw by the count.
    let mut game = site_game(&at_move(IMPASSE_27_27, 400));
    assert_eq!(
        game.play_usi("5c4c").unwrap(),
        Some(Outcome::draw(Termination::MoveLimit))
    );

    // Both under 24 (docs/rules.md D7): a draw.
    let mut game = site_game("9/9/4K4/9/9/9/4k4/9/9 b - 400");
    assert_eq!(
        game.play_usi("5c4c").unwrap(),
        Some(Outcome::draw(Termination::MoveLimit))
    );

    // The count needs both kings in their zones: Sente's king leaving its zone makes it a
    // plain draw even with 32 against 22.
    let mut game = site_game(&at_move(IMPASSE_32_22, 400));
    assert_eq!(
        game.play_usi("5c5d").unwrap(),
        Some(Outcome::draw(Termination::MoveLimit))
    );
}

#[test]
fn move_limit_zero_means_no_limit() {
    let mut rules = RuleSet::site();
    rules.move_limit = 0;
    let mut game = game_from("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 399", rules);
    play_running(
        &mut game,
        &[
            "2h2g", "8b8c", "2g2f", "8c8d", "2f3f", "8d7d", "3f4f", "7d6d",
        ],
    );
    assert_eq!(game.position().move_number(), 407);
    let game = game_from("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 5000", rules);
    assert_eq!(game.outcome(), None);
}

#[test]
fn adjudication_order_on_the_move_that_reaches_the_limit() {
    // docs/rules.md D4: a mate on the 400th ply is a checkmate, not a move-limit draw.
    let mut game = site_game(&at_move(SENTE_MATE_IN_ONE, 400));
    assert_eq!(
        game.play_usi("G*1b").unwrap(),
        Some(Outcome::win(SENTE, Termination::Checkmate))
    );
    // docs/rules.md D4: a fourth occurrence on the 400th ply is sennichite, not the move limit.
    let mut game = site_game(&at_move(STARTPOS, 389));
    assert_eq!(
        play_until_last(&mut game, &ROOK_CYCLES),
        Some(Outcome::draw(Termination::Repetition))
    );
    assert_eq!(game.position().move_number(), 401);
    // Likewise a perpetual check.
    let mut game = site_game(&at_move(SENTE_PERPETUAL_START, 389));
    assert_eq!(
        play_until_last(&mut game, &SENTE_PERPETUAL),
        Some(Outcome::win(GOTE, Termination::PerpetualCheck))
    );
}

#[test]
fn try_rule_king_reaches_the_enemy_king_square() {
    // Sente's king reaches 5a.
    let mut game = game_from("k8/4K4/9/9/9/9/9/9/9 b - 1", RuleSet::try_rule());
    let expected = Outcome::win(SENTE, Termination::TryRule);
    assert_eq!(game.play_usi("5b5a").unwrap(), Some(expected));
    assert_over(&mut game, expected);

    // Gote's king reaches 5i.
    let mut game = game_from("9/9/9/9/9/9/9/4k4/8K w - 1", RuleSet::try_rule());
    let expected = Outcome::win(GOTE, Termination::TryRule);
    assert_eq!(game.play_usi("5h5i").unwrap(), Some(expected));
    assert_over(&mut game, expected);
}

#[test]
fn try_rule_other_moves_do_not_end_the_game() {
    // A king move elsewhere, and a non-king piece on 5a, do not win.
    let mut game = game_from("k8/4K4/9/9/9/9/9/9/9 b G 1", RuleSet::try_rule());
    play_running(&mut game, &["5b4a", "9a9b", "G*5a", "9b9a", "4a4b"]);
    // There is no declaration under the try rule.
    let status = game.impasse_status();
    assert_eq!(status.rule, ImpasseRule::TryRule);
    assert!(!status.allowed);
    assert_eq!(status.reason, Some(DeclarationRejection::NotOffered));
    assert_eq!(status.result, None);
    assert_eq!(
        game.declare_impasse(),
        Err(GameError::DeclarationRejected(
            DeclarationRejection::NotOffered
        ))
    );
    // Under the site rules the king on 5a means nothing.
    let mut game = site_game("k8/4K4/9/9/9/9/9/9/9 b - 1");
    assert_eq!(game.play_usi("5b5a").unwrap(), None);
    // Nor does Sente's king on 5i (its own start square) under the try rule.
    let mut game = game_from("k8/9/9/9/9/9/9/4K4/9 b - 1", RuleSet::try_rule());
    assert_eq!(game.play_usi("5h5i").unwrap(), None);
}

#[test]
fn resignation() {
    let mut game = Game::new();
    game.play_usi("7g7f").unwrap();
    // Either side, on either turn (docs/rules.md D11).
    let expected = Outcome::win(GOTE, Termination::Resignation);
    assert_eq!(game.resign(SENTE), Ok(expected));
    assert_over_no_undo(&mut game, expected);

    let mut game = Game::new();
    let expected = Outcome::win(SENTE, Termination::Resignation);
    assert_eq!(game.resign(GOTE), Ok(expected));
    assert_over_no_undo(&mut game, expected);
}

#[test]
fn timeout_by_flag() {
    let mut game = Game::new();
    let expected = Outcome::win(SENTE, Termination::Timeout);
    assert_eq!(game.flag(GOTE), Ok(expected));
    assert_over_no_undo(&mut game, expected);
}

#[test]
fn timeout_by_a_timed_move() {
    let mut game = Game::new();
    let m = mv(&game, "7g7f");
    let expected = Outcome::win(GOTE, Termination::Timeout);
    // 5 minutes + 3 × 30 s exactly: the last period has fully elapsed.
    assert_eq!(game.play_timed(m, ms(390_000)), Ok(Some(expected)));
    assert!(game.moves().is_empty(), "the late move is not played");
    assert_eq!(*game.position(), Position::startpos());
    assert!(game.clock().unwrap().side(SENTE).timed_out);
    assert_over_no_undo(&mut game, expected);
}

#[test]
fn timeout_by_check_time() {
    let mut game = Game::new();
    game.play_usi("7g7f").unwrap();
    // Gote thinking: 389.999 s is still within the last period, nothing is charged.
    let clock_before = *game.clock().unwrap();
    assert_eq!(game.check_time(ms(389_999)), Ok(None));
    assert_eq!(*game.clock().unwrap(), clock_before);
    let expected = Outcome::win(SENTE, Termination::Timeout);
    assert_eq!(game.check_time(ms(390_000)), Ok(Some(expected)));
    assert!(game.clock().unwrap().side(GOTE).timed_out);
    assert!(!game.clock().unwrap().side(SENTE).timed_out);
    assert_over_no_undo(&mut game, expected);
}

#[test]
fn timeout_even_when_the_move_would_mate() {
    // docs/rules.md D13: time is up whatever the position; the mating move is not played.
    let mut game = site_game(SENTE_MATE_IN_ONE);
    let m = mv(&game, "G*1b");
    assert_eq!(
        game.play_timed(m, ms(400_000)),
        Ok(Some(Outcome::win(GOTE, Termination::Timeout)))
    );
    assert!(game.moves().is_empty());
}

#[test]
fn draw_agreement() {
    let mut game = Game::new();
    game.offer_draw(SENTE).unwrap();
    // The offer stays open over the offerer's own move (docs/rules.md D12).
    game.play_usi("7g7f").unwrap();
    assert_eq!(game.draw_offer(), Some(SENTE));
    let expected = Outcome::draw(Termination::DrawAgreement);
    assert_eq!(game.accept_draw(GOTE), Ok(expected));
    assert_eq!(game.draw_offer(), None);
    assert_over_no_undo(&mut game, expected);
}

#[test]
fn interrupted() {
    let mut game = Game::new();
    game.play_usi("7g7f").unwrap();
    let expected = Outcome::draw(Termination::Interrupted);
    assert_eq!(game.interrupt(), Ok(expected));
    assert_over_no_undo(&mut game, expected);
}

#[test]
fn termination_names() {
    let all = [
        (Termination::Checkmate, "checkmate", true),
        (Termination::NoLegalMoves, "no_legal_moves", true),
        (Termination::Repetition, "repetition", true),
        (Termination::PerpetualCheck, "perpetual_check", true),
        (Termination::ImpasseDeclaration, "impasse", false),
        (Termination::MoveLimit, "move_limit", true),
        (Termination::TryRule, "try_rule", true),
        (Termination::Resignation, "resignation", false),
        (Termination::Timeout, "timeout", false),
        (Termination::DrawAgreement, "draw_agreement", false),
        (Termination::IllegalMove, "illegal_move", false),
        (Termination::Interrupted, "interrupted", false),
    ];
    for (termination, name, by_move) in all {
        assert_eq!(termination.as_str(), name);
        assert_eq!(termination.is_by_move(), by_move, "{name}");
    }
}

// ---------------------------------------------------------------------------------------------
// Illegal moves (docs/rules.md D2)

#[test]
fn illegal_moves_are_rejected_and_change_nothing() {
    let mut game = Game::new();
    game.play_usi("7g7f").unwrap();
    let before = game.clone();
    match game.play_usi("7f7e") {
        Err(GameError::IllegalMove(e)) => assert_eq!(e.reason(), IllegalReason::NotAPieceMove),
        other => panic!("{other:?}"),
    }
    match game.play_usi("P*5e") {
        Err(GameError::IllegalMove(e)) => assert_eq!(e.reason(), IllegalReason::NotInHand),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        game.play_usi("zz"),
        Err(GameError::BadMoveText(_))
    ));
    // A legal move of the other position is no move here.
    let foreign = mv(&Game::new(), "7g7f");
    assert!(matches!(game.play(foreign), Err(GameError::IllegalMove(_))));
    // Also with a clock: the clock is not charged.
    assert!(matches!(
        game.play_timed(foreign, ms(1_000_000)),
        Err(GameError::IllegalMove(_))
    ));
    assert_eq!(game, before);
    assert_eq!(game.outcome(), None);
}

// ---------------------------------------------------------------------------------------------
// Rule-set options

#[test]
fn site_rules_are_the_default() {
    let rules = RuleSet::site();
    assert_eq!(RuleSet::default(), rules);
    assert_eq!(rules.impasse, ImpasseRule::Points24);
    assert_eq!(rules.repetitions, 4);
    assert!(rules.perpetual_check_loses);
    assert_eq!(rules.move_limit, 400);
    assert_eq!(rules.draw_offers, 3);
    assert!(!rules.invalid_declaration_loses);
    assert_eq!(rules.clock, Some(ClockSettings::SITE));
    assert_eq!(ClockSettings::SITE.main_time, Duration::from_secs(300));
    assert_eq!(ClockSettings::SITE.byoyomi, Duration::from_secs(30));
    assert_eq!(ClockSettings::SITE.periods, 3);
    assert_eq!(*Game::new().rules(), rules);
    assert_eq!(RuleSet::try_rule().impasse, ImpasseRule::TryRule);
}

#[test]
fn three_repetitions() {
    let mut rules = RuleSet::site();
    rules.repetitions = 3;
    // The third occurrence of the start position (ply 8) now ends the game.
    let mut game = game_from(STARTPOS, rules);
    assert_eq!(
        play_until_last(&mut game, &ROOK_CYCLES[..8]),
        Some(Outcome::draw(Termination::Repetition))
    );
    assert_eq!(game.repetition_count(), 3);
    // And a two-cycle perpetual check is already decided.
    let mut game = game_from(SENTE_PERPETUAL_START, rules);
    assert_eq!(
        play_until_last(&mut game, &SENTE_PERPETUAL[..8]),
        Some(Outcome::win(GOTE, Termination::PerpetualCheck))
    );
    // Under the site rules both are still running at that point.
    let mut game = site_game(STARTPOS);
    play_running(&mut game, &ROOK_CYCLES[..8]);
    assert_eq!(game.repetition_count(), 3);
}

#[test]
fn perpetual_check_as_a_plain_draw() {
    let mut rules = RuleSet::site();
    rules.perpetual_check_loses = false;
    let draw = Some(Outcome::draw(Termination::Repetition));
    let mut game = game_from(SENTE_PERPETUAL_START, rules);
    assert_eq!(play_until_last(&mut game, &SENTE_PERPETUAL), draw);
    let mut game = game_from(GOTE_PERPETUAL_START, rules);
    assert_eq!(play_until_last(&mut game, &GOTE_PERPETUAL), draw);
}

#[test]
fn draw_offer_protocol() {
    let mut game = Game::new();
    // Nothing to answer yet.
    assert_eq!(game.accept_draw(GOTE), Err(GameError::NoDrawOffer));
    assert_eq!(game.decline_draw(GOTE), Err(GameError::NoDrawOffer));
    // Only on one's own turn.
    assert_eq!(game.offer_draw(GOTE), Err(GameError::NotYourTurn(GOTE)));
    assert_eq!(game.draw_offers_made(GOTE), 0);

    game.offer_draw(SENTE).unwrap();
    assert_eq!(game.draw_offer(), Some(SENTE));
    assert_eq!(game.draw_offers_made(SENTE), 1);
    assert_eq!(game.offer_draw(SENTE), Err(GameError::DrawOfferPending));
    // One's own offer cannot be accepted or declined.
    assert_eq!(game.accept_draw(SENTE), Err(GameError::NoDrawOffer));
    assert_eq!(game.decline_draw(SENTE), Err(GameError::NoDrawOffer));
    // The offerer's move leaves it open; the opponent's move declines it.
    game.play_usi("7g7f").unwrap();
    assert_eq!(game.draw_offer(), Some(SENTE));
    game.play_usi("3c3d").unwrap();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(game.accept_draw(GOTE), Err(GameError::NoDrawOffer));

    // Second offer, declined explicitly: it still counts (an offer counts when made).
    game.offer_draw(SENTE).unwrap();
    assert_eq!(game.decline_draw(GOTE), Ok(()));
    assert_eq!(game.draw_offer(), None);
    assert_eq!(game.draw_offers_made(SENTE), 2);

    // Third offer on the same turn, declined by Gote's move.
    game.offer_draw(SENTE).unwrap();
    game.play_usi("2g2f").unwrap();
    game.play_usi("8c8d").unwrap();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(game.draw_offers_made(SENTE), 3);

    // The fourth is one too many.
    assert_eq!(
        game.offer_draw(SENTE),
        Err(GameError::NoDrawOffersLeft(SENTE))
    );
    assert_eq!(game.draw_offers_made(SENTE), 3);
    assert_eq!(game.draw_offer(), None);

    // Gote's offers are its own: Gote offers, Sente declines by moving.
    game.play_usi("2f2e").unwrap();
    game.offer_draw(GOTE).unwrap();
    assert_eq!(game.draw_offers_made(GOTE), 1);
    game.play_usi("8d8e").unwrap();
    assert_eq!(game.draw_offer(), Some(GOTE));
    game.play_usi("6i7h").unwrap();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(game.outcome(), None);
}

#[test]
fn draw_offer_limit_is_configurable() {
    let mut rules = RuleSet::site();
    rules.draw_offers = 0;
    let mut game = Game::from_position(Position::startpos(), rules);
    assert_eq!(
        game.offer_draw(SENTE),
        Err(GameError::NoDrawOffersLeft(SENTE))
    );

    rules.draw_offers = 5;
    let mut game = Game::from_position(Position::startpos(), rules);
    for _ in 0..5 {
        game.offer_draw(SENTE).unwrap();
        game.decline_draw(GOTE).unwrap();
    }
    assert_eq!(
        game.offer_draw(SENTE),
        Err(GameError::NoDrawOffersLeft(SENTE))
    );
}

#[test]
fn undo_withdraws_an_open_draw_offer() {
    let mut game = Game::new();
    game.play_usi("7g7f").unwrap();
    game.offer_draw(GOTE).unwrap();
    game.undo().unwrap();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(game.accept_draw(SENTE), Err(GameError::NoDrawOffer));
}

// ---------------------------------------------------------------------------------------------
// Clock (clock module doc: a move completed at exactly the end of a period has spent it; time
// is up the instant the last period has fully elapsed, or, without byo-yomi, the instant main
// time reaches zero)

fn reading(main: u64, period_left: Option<u64>, periods: u32) -> ClockReading {
    ClockReading {
        main: ms(main),
        period_left: period_left.map(ms),
        periods,
        timed_out: false,
    }
}

const TIMED_OUT: ClockReading = ClockReading {
    main: Duration::ZERO,
    period_left: None,
    periods: 0,
    timed_out: true,
};

const NO_BYOYOMI: ClockSettings = ClockSettings {
    main_time: Duration::from_secs(300),
    byoyomi: Duration::ZERO,
    periods: 0,
    increment: Duration::ZERO,
};

#[test]
fn clock_remaining_for_display() {
    let clock = Clock::new(ClockSettings::SITE);
    let table = [
        (0, reading(300_000, None, 3)),
        (1, reading(299_999, None, 3)),
        (299_999, reading(1, None, 3)),
        (300_000, reading(0, Some(30_000), 3)),
        (300_001, reading(0, Some(29_999), 3)),
        (329_999, reading(0, Some(1), 3)),
        (330_000, reading(0, Some(30_000), 2)),
        (359_999, reading(0, Some(1), 2)),
        (360_000, reading(0, Some(30_000), 1)),
        (389_999, reading(0, Some(1), 1)),
        (390_000, TIMED_OUT),
        (390_001, TIMED_OUT),
        (10_000_000, TIMED_OUT),
    ];
    for (elapsed, expected) in table {
        for color in [SENTE, GOTE] {
            assert_eq!(
                clock.remaining(color, ms(elapsed)),
                expected,
                "after {elapsed} ms"
            );
        }
    }
    // Reading changes nothing.
    assert_eq!(clock, Clock::new(ClockSettings::SITE));
    assert_eq!(clock.settings(), ClockSettings::SITE);
}

#[test]
fn clock_exactly_at_the_end_of_main_time() {
    let mut clock = Clock::new(ClockSettings::SITE);
    assert_eq!(clock.spend(SENTE, ms(300_000)), Ok(()));
    let side = clock.side(SENTE);
    assert_eq!((side.main, side.periods, side.timed_out), (ms(0), 3, false));
    // Byo-yomi now: a full fresh period for the next move.
    assert_eq!(clock.remaining(SENTE, ms(0)), reading(0, Some(30_000), 3));
    // The opponent's clock did not run.
    let other = clock.side(GOTE);
    assert_eq!(
        (other.main, other.periods, other.timed_out),
        (ms(300_000), 3, false)
    );
}

#[test]
fn clock_one_millisecond_before_the_end_of_main_time() {
    let mut clock = Clock::new(ClockSettings::SITE);
    assert_eq!(clock.spend(SENTE, ms(299_999)), Ok(()));
    let side = clock.side(SENTE);
    assert_eq!((side.main, side.periods), (ms(1), 3));
    assert_eq!(clock.remaining(SENTE, ms(0)), reading(1, None, 3));
    assert_eq!(clock.remaining(SENTE, ms(1)), reading(0, Some(30_000), 3));
    // Main time ends in the middle of the next move: a fresh period starts then.
    assert_eq!(clock.remaining(SENTE, ms(30_000)), reading(0, Some(1), 3));
    assert_eq!(
        clock.remaining(SENTE, ms(30_001)),
        reading(0, Some(30_000), 2)
    );
}

#[test]
fn clock_without_byoyomi_times_out_at_the_end_of_main_time() {
    for settings in [
        NO_BYOYOMI,
        ClockSettings {
            periods: 0,
            ..ClockSettings::SITE
        },
    ] {
        let mut clock = Clock::new(settings);
        assert_eq!(clock.remaining(SENTE, ms(299_999)), reading(1, None, 0));
        assert_eq!(clock.remaining(SENTE, ms(300_000)), TIMED_OUT);
        let mut early = clock;
        assert_eq!(early.spend(SENTE, ms(299_999)), Ok(()));
        assert_eq!(early.side(SENTE).main, ms(1));
        assert_eq!(early.spend(SENTE, ms(1)).map_err(|e| e.color), Err(SENTE));

        assert_eq!(
            clock.spend(SENTE, ms(300_000)).map_err(|e| e.color),
            Err(SENTE)
        );
        let side = clock.side(SENTE);
        assert_eq!((side.main, side.periods, side.timed_out), (ms(0), 0, true));
        // Once out, always out.
        assert_eq!(clock.remaining(SENTE, ms(0)), TIMED_OUT);
        assert!(clock.spend(SENTE, ms(0)).is_err());
        assert!(!clock.side(GOTE).timed_out);
    }
}

#[test]
fn clock_period_boundaries() {
    let mut clock = Clock::new(ClockSettings::SITE);
    clock.spend(SENTE, ms(300_000)).unwrap();
    // 29.999 s: within the period, which resets; nothing spent.
    assert_eq!(clock.spend(SENTE, ms(29_999)), Ok(()));
    assert_eq!(clock.side(SENTE).periods, 3);
    // 30.000 s: the period has fully elapsed and is spent.
    assert_eq!(clock.spend(SENTE, ms(30_000)), Ok(()));
    assert_eq!(clock.side(SENTE).periods, 2);
    assert_eq!(clock.side(SENTE).main, ms(0));
    // 30.001 s: one period spent, the move made 1 ms into the next.
    assert_eq!(clock.spend(SENTE, ms(30_001)), Ok(()));
    assert_eq!(clock.side(SENTE).periods, 1);
    // Last period: 29.999 s is fine, the period resets.
    assert_eq!(clock.spend(SENTE, ms(29_999)), Ok(()));
    assert_eq!(clock.spend(SENTE, ms(0)), Ok(()));
    assert_eq!(clock.side(SENTE).periods, 1);
    assert_eq!(clock.remaining(SENTE, ms(29_999)), reading(0, Some(1), 1));
    assert_eq!(clock.remaining(SENTE, ms(30_000)), TIMED_OUT);
    // 30.000 s in the last period: time is up.
    let err = clock.spend(SENTE, ms(30_000)).unwrap_err();
    assert_eq!(err.color, SENTE);
    let side = clock.side(SENTE);
    assert_eq!((side.main, side.periods, side.timed_out), (ms(0), 0, true));
    assert_eq!(clock.remaining(SENTE, ms(0)), TIMED_OUT);
}

#[test]
fn clock_several_periods_in_one_move() {
    // 300 s + 65 s: two periods spent, one left.
    let mut clock = Clock::new(ClockSettings::SITE);
    assert_eq!(clock.spend(SENTE, ms(365_000)), Ok(()));
    let side = clock.side(SENTE);
    assert_eq!((side.main, side.periods, side.timed_out), (ms(0), 1, false));

    // 300 s + 89.999 s: two spent, the move made in the last one.
    let mut clock = Clock::new(ClockSettings::SITE);
    assert_eq!(clock.spend(SENTE, ms(389_999)), Ok(()));
    assert_eq!(clock.side(SENTE).periods, 1);

    // 300 s + 90 s: all three elapse.
    let mut clock = Clock::new(ClockSettings::SITE);
    assert!(clock.spend(SENTE, ms(390_000)).is_err());
    assert!(clock.side(SENTE).timed_out);

    // Already in byo-yomi with 3 periods: 60 s spends two, 90 s all three.
    let mut clock = Clock::new(ClockSettings::SITE);
    clock.spend(GOTE, ms(300_000)).unwrap();
    let mut two = clock;
    assert_eq!(two.spend(GOTE, ms(60_000)), Ok(()));
    assert_eq!(two.side(GOTE).periods, 1);
    assert!(clock.spend(GOTE, ms(90_000)).is_err());
}

#[test]
fn clock_main_time_ending_mid_move() {
    // 10 s of main time left: 39.999 s uses it up and stays within the fresh period.
    let mut clock = Clock::new(ClockSettings::SITE);
    clock.spend(SENTE, ms(290_000)).unwrap();
    assert_eq!(clock.side(SENTE).main, ms(10_000));
    let mut within = clock;
    assert_eq!(within.spend(SENTE, ms(39_999)), Ok(()));
    let side = within.side(SENTE);
    assert_eq!((side.main, side.periods), (ms(0), 3));
    // 40 s: the fresh period has fully elapsed.
    assert_eq!(clock.spend(SENTE, ms(40_000)), Ok(()));
    let side = clock.side(SENTE);
    assert_eq!((side.main, side.periods), (ms(0), 2));
}

#[test]
fn timed_game_at_every_boundary() {
    let mut game = Game::new();
    let clock = |game: &Game| game.clock().expect("timed game").side(SENTE);
    // Main time exactly used up: fine, periods intact.
    assert_eq!(game.play_timed(mv(&game, "7g7f"), ms(300_000)), Ok(None));
    assert_eq!((clock(&game).main, clock(&game).periods), (ms(0), 3));
    game.play_timed(mv(&game, "3c3d"), ms(1)).unwrap();
    assert_eq!(game.clock().unwrap().side(GOTE).main, ms(299_999));
    // 29.999 s: nothing spent.
    assert_eq!(game.play_timed(mv(&game, "2g2f"), ms(29_999)), Ok(None));
    assert_eq!(clock(&game).periods, 3);
    game.play_timed(mv(&game, "8c8d"), ms(1)).unwrap();
    // 30 s: one period spent.
    assert_eq!(game.play_timed(mv(&game, "2f2e"), ms(30_000)), Ok(None));
    assert_eq!(clock(&game).periods, 2);
    game.play_timed(mv(&game, "8d8e"), ms(1)).unwrap();
    // 30.001 s: one more.
    assert_eq!(game.play_timed(mv(&game, "6i7h"), ms(30_001)), Ok(None));
    assert_eq!(clock(&game).periods, 1);
    game.play_timed(mv(&game, "4a3b"), ms(1)).unwrap();
    assert_eq!(game.moves().len(), 8);
    // 30 s in the last period: time is up, the move is not played.
    let before = game.position().clone();
    let expected = Outcome::win(GOTE, Termination::Timeout);
    assert_eq!(
        game.play_timed(mv(&game, "2e2d"), ms(30_000)),
        Ok(Some(expected))
    );
    assert_eq!(game.moves().len(), 8);
    assert_eq!(*game.position(), before);
    assert!(clock(&game).timed_out);
    assert_over_no_undo(&mut game, expected);
}

#[test]
fn timed_game_several_periods_in_one_move() {
    let mut game = Game::new();
    assert_eq!(game.play_timed(mv(&game, "7g7f"), ms(365_000)), Ok(None));
    let side = game.clock().unwrap().side(SENTE);
    assert_eq!((side.main, side.periods, side.timed_out), (ms(0), 1, false));
    // Gote too: exactly three periods is one too many.
    assert_eq!(
        game.play_timed(mv(&game, "3c3d"), ms(390_000)),
        Ok(Some(Outcome::win(SENTE, Termination::Timeout)))
    );
    assert_eq!(game.moves().len(), 1);
}

#[test]
fn timed_game_without_byoyomi() {
    let mut rules = RuleSet::site();
    rules.clock = Some(NO_BYOYOMI);
    let mut game = Game::from_position(Position::startpos(), rules);
    assert_eq!(game.play_timed(mv(&game, "7g7f"), ms(299_999)), Ok(None));
    assert_eq!(game.clock().unwrap().side(SENTE).main, ms(1));
    assert_eq!(
        game.play_timed(mv(&game, "3c3d"), ms(300_000)),
        Ok(Some(Outcome::win(SENTE, Termination::Timeout)))
    );
}

#[test]
fn timed_game_check_time_reads_the_side_to_move() {
    let mut game = Game::new();
    game.play_timed(mv(&game, "7g7f"), ms(300_000)).unwrap();
    game.play_timed(mv(&game, "3c3d"), ms(5_000)).unwrap();
    // Sente is in byo-yomi: 29.999 s of thinking is fine, 30 s spends a period but is not a
    // loss, 90 s is.
    assert_eq!(game.check_time(ms(29_999)), Ok(None));
    assert_eq!(game.check_time(ms(89_999)), Ok(None));
    assert_eq!(
        game.clock().unwrap().side(SENTE).periods,
        3,
        "check_time charges nothing"
    );
    assert_eq!(
        game.check_time(ms(90_000)),
        Ok(Some(Outcome::win(GOTE, Termination::Timeout)))
    );
}

#[test]
fn untimed_game_has_no_clock() {
    let mut rules = RuleSet::site();
    rules.clock = None;
    let mut game = Game::from_position(Position::startpos(), rules);
    assert!(game.clock().is_none());
    let m = mv(&game, "7g7f");
    assert_eq!(game.play_timed(m, ms(1)), Err(GameError::NoClock));
    assert_eq!(game.check_time(ms(1)), Err(GameError::NoClock));
    assert!(game.moves().is_empty());
    assert_eq!(game.play(m), Ok(None));
}

// ---------------------------------------------------------------------------------------------
// Undo

#[test]
fn undo_a_checkmate_reopens_the_game() {
    let mut game = site_game(SENTE_MATE_IN_ONE);
    let mate = mv(&game, "G*1b");
    game.play(mate).unwrap();
    assert_eq!(game.undo(), Ok(mate));
    assert_eq!(game.outcome(), None);
    assert_eq!(*game.position(), position(SENTE_MATE_IN_ONE));
    assert!(game.moves().is_empty());
    assert!(game.history().is_empty());
    // Another move, and the game runs on.
    assert_eq!(game.play_usi("G*5e").unwrap(), None);
    assert_eq!(game, {
        let mut g = site_game(SENTE_MATE_IN_ONE);
        g.play_usi("G*5e").unwrap();
        g
    });
}

#[test]
fn undo_after_resignation_is_rejected() {
    let mut game = Game::new();
    game.play_usi("7g7f").unwrap();
    game.resign(GOTE).unwrap();
    let before = game.clone();
    assert_eq!(
        game.undo(),
        Err(GameError::GameOver(Outcome::win(
            SENTE,
            Termination::Resignation
        )))
    );
    assert_eq!(game, before);
}

#[test]
fn undo_with_nothing_to_undo() {
    let mut game = Game::new();
    assert_eq!(game.undo(), Err(GameError::NothingToUndo));
    game.play_usi("7g7f").unwrap();
    game.undo().unwrap();
    assert_eq!(game.undo(), Err(GameError::NothingToUndo));
    assert_eq!(game, Game::new());
}

#[test]
fn undo_restores_repetition_counts() {
    let mut game = site_game(STARTPOS);
    let mut counts = vec![game.repetition_count()];
    for usi in ROOK_CYCLES {
        game.play_usi(usi).unwrap();
        counts.push(game.repetition_count());
    }
    // The start position (even plies multiple of 4) and the rook positions come back.
    assert_eq!(counts, [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4]);
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::Repetition)));
    // Take everything back, one ply at a time.
    for n in (0..ROOK_CYCLES.len()).rev() {
        game.undo().unwrap();
        assert_eq!(game.outcome(), None, "after undoing to ply {n}");
        assert_eq!(
            game.repetition_count(),
            counts[n],
            "after undoing to ply {n}"
        );
        assert_eq!(game.moves().len(), n);
    }
    assert_eq!(game, site_game(STARTPOS));
    // Replaying gives the same counts and ends at the same ply again.
    assert_eq!(
        play_until_last(&mut game, &ROOK_CYCLES),
        Some(Outcome::draw(Termination::Repetition))
    );
    // Undo the last ply and end the repetition by another route.
    game.undo().unwrap();
    assert_eq!(game.repetition_count(), 3);
    assert_eq!(game.play_usi("7b6b").unwrap(), None);
    assert_eq!(game.repetition_count(), 1);
}

#[test]
fn undo_a_perpetual_check_and_a_move_limit() {
    let mut game = site_game(SENTE_PERPETUAL_START);
    play_until_last(&mut game, &SENTE_PERPETUAL);
    game.undo().unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.repetition_count(), 3);
    // Replaying the same move decides it again.
    assert_eq!(
        game.play_usi("2d1c").unwrap(),
        Some(Outcome::win(GOTE, Termination::PerpetualCheck))
    );

    let mut game = game_from("k8/4K4/9/9/9/9/9/9/9 b - 1", RuleSet::try_rule());
    game.play_usi("5b5a").unwrap();
    game.undo().unwrap();
    assert_eq!(game.outcome(), None);
}

#[test]
fn undo_after_a_declaration_or_draw_is_rejected() {
    let mut game = site_game(IMPASSE_32_22);
    game.declare_impasse().unwrap();
    assert!(matches!(game.undo(), Err(GameError::GameOver(_))));

    let mut game = Game::new();
    game.play_usi("7g7f").unwrap();
    game.offer_draw(GOTE).unwrap();
    game.accept_draw(SENTE).unwrap();
    assert!(matches!(game.undo(), Err(GameError::GameOver(_))));
}

// ---------------------------------------------------------------------------------------------
// USI round trip

#[test]
fn usi_round_trip() {
    // From the start position.
    let mut game = Game::new();
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"] {
        game.play_usi(usi).unwrap();
    }
    let text = game.to_usi();
    assert_eq!(text, "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e");
    assert_eq!(Game::from_usi(&text, RuleSet::site()), Ok(game.clone()));
    let bare = text.trim_start_matches("position ");
    assert_eq!(Game::from_usi(bare, RuleSet::site()), Ok(game));

    // No moves.
    let game = Game::new();
    assert_eq!(game.to_usi(), "position startpos");
    assert_eq!(Game::from_usi(&game.to_usi(), RuleSet::site()), Ok(game));

    // From an SFEN, ended by sennichite.
    let mut game = site_game(SENTE_PERPETUAL_START);
    play_until_last(&mut game, &SENTE_PERPETUAL);
    let text = game.to_usi();
    assert!(text.starts_with(&format!("position sfen {SENTE_PERPETUAL_START} moves 3c2b")));
    let back = Game::from_usi(&text, RuleSet::site()).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.outcome(), game.outcome());

    // Other rules travel separately.
    let mut rules = RuleSet::site();
    rules.repetitions = 3;
    let mut game = game_from(STARTPOS, rules);
    play_until_last(&mut game, &ROOK_CYCLES[..8]);
    assert_eq!(Game::from_usi(&game.to_usi(), rules), Ok(game));

    // A start position equal to the standard one but at another move number keeps its SFEN.
    let mut game = site_game(&at_move(STARTPOS, 7));
    game.play_usi("7g7f").unwrap();
    assert_eq!(Game::from_usi(&game.to_usi(), RuleSet::site()), Ok(game));
}

#[test]
fn from_usi_errors_name_the_ply() {
    let text = "position startpos moves 7g7f 3c3d 7f7d";
    match Game::from_usi(text, RuleSet::site()) {
        Err(GameFromUsiError::IllegalMove { ply, source }) => {
            assert_eq!(ply, 3);
            assert_eq!(source.reason(), IllegalReason::NotAPieceMove);
        }
        other => panic!("{other:?}"),
    }
    let mut moves = ROOK_CYCLES.join(" ");
    moves.push_str(" 2h3h");
    let text = format!("position startpos moves {moves}");
    assert_eq!(
        Game::from_usi(&text, RuleSet::site()),
        Err(GameFromUsiError::AfterEnd {
            ply: 13,
            outcome: Outcome::draw(Termination::Repetition)
        })
    );
    assert!(matches!(
        Game::from_usi("position startpos moves 7g7f xx", RuleSet::site()),
        Err(GameFromUsiError::Command(_))
    ));
    // After checkmate no move is legal, but a move there is reported as a
    // move after the end, not by the reason it would be illegal.
    let mate = format!("position sfen {SENTE_MATE_IN_ONE} moves G*1b");
    let mated = Game::from_usi(&mate, RuleSet::site()).map(|g| g.outcome());
    assert_eq!(
        mated,
        Ok(Some(Outcome::win(Color::Sente, Termination::Checkmate)))
    );
    assert_eq!(
        Game::from_usi(&format!("{mate} 1a2a"), RuleSet::site()),
        Err(GameFromUsiError::AfterEnd {
            ply: 2,
            outcome: Outcome::win(Color::Sente, Termination::Checkmate)
        })
    );
}

/// A start position read without setup checks may leave the king of the side not to move
/// attacked. A move that neither captures the attacker nor blocks it leaves that king in check,
/// and the game records the check, whether the move is given as a `Move` or as USI text.
#[test]
fn a_check_standing_at_the_start_is_seen_after_the_first_move() {
    // Sente's rook on 5h attacks Gote's king on 5a; Sente to move.
    let start = Position::from_sfen_unvalidated("4k4/9/9/9/9/9/9/4R4/K8 b - 1").unwrap();
    for usi in [true, false] {
        let mut game = Game::from_position(start.clone(), RuleSet::site());
        if usi {
            game.play_usi("9i9h").unwrap();
        } else {
            let m = game.position().parse_usi_move("9i9h").unwrap();
            game.play(m).unwrap();
        }
        assert!(game.position().in_check());
        assert!(game.history()[0].gave_check);
        // Gote must answer the check: a king move that stays on the file is refused.
        assert!(game.play_usi("5a5b").is_err());
        game.play_usi("5a4b").unwrap();
        assert!(!game.history()[1].gave_check);
        game.undo().unwrap();
        game.undo().unwrap();
        // Moving the rook off the file ends the check.
        game.play_usi("5h4h").unwrap();
        assert!(!game.history()[0].gave_check);
        game.undo().unwrap();
        game.play_usi("9i8i").unwrap();
        assert!(game.history()[0].gave_check);
    }
}

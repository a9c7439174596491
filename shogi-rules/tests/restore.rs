//! Restoring saved games (feature `serde`): forged saved state is refused with the
//! [`RestoreError`] variant naming the field, and every game the API can produce (random play
//! with every action of the game: moves, timed moves, clock checks, draw offers, resignation,
//! flags, interruptions, declarations, take-backs) restores identically.

#![cfg(feature = "serde")]

use core::time::Duration;

use proptest::prelude::*;
use serde_json::{Value, json};
use shogi_rules::{
    Clock, ClockSettings, ClockStateError, Color, DeclarationRejection, Game, GameJsonError,
    Outcome, OutcomeError, Position, RestoreError, RuleSet, Termination,
};

const SENTE: Color = Color::Sente;
const GOTE: Color = Color::Gote;

/// Both kings in their zones; Sente counts 32 points, Gote 22 (cases.json): Sente's
/// declaration wins under the site rules.
const IMPASSE_32_22: &str = "lnsg1gsnl/7b1/4K4/ppppppppp/9/PPPPPPPPP/4k4/1B5R1/LNSG1GSNL b R 1";
/// Gote to move is mated.
const GOTE_MATED: &str = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1";

fn game_with(sfen: &str, rules: RuleSet, moves: &[&str]) -> Game {
    let mut game = Game::from_position(Position::from_sfen(sfen).unwrap(), rules);
    for m in moves {
        game.play_usi(m).unwrap();
    }
    game
}

/// The site game after 7g7f.
fn after_7g7f() -> Game {
    let mut game = Game::new();
    game.play_usi("7g7f").unwrap();
    game
}

fn untimed() -> RuleSet {
    RuleSet {
        clock: None,
        ..RuleSet::site()
    }
}

/// `game` saved, edited by `edit`, and restored.
fn forged(game: &Game, edit: impl FnOnce(&mut Value)) -> Result<Game, RestoreError> {
    let mut value: Value = serde_json::from_str(&game.to_json()).unwrap();
    edit(&mut value);
    let text = value.to_string();
    let via_serde = serde_json::from_str::<Game>(&text);
    match Game::from_json(&text) {
        Ok(restored) => {
            assert_eq!(via_serde.ok().as_ref(), Some(&restored));
            Ok(restored)
        }
        Err(GameJsonError::Restore(e)) => {
            let serde_error = via_serde.expect_err("serde refuses it too");
            assert_eq!(serde_error.to_string(), e.to_string());
            Err(e)
        }
        Err(GameJsonError::Json(e)) => panic!("not the saved form: {e}: {text}"),
    }
}

fn outcome(winner: Option<Color>, termination: &str) -> Value {
    json!({ "winner": winner, "termination": termination })
}

fn set_outcome(
    game: &Game,
    winner: Option<Color>,
    termination: &str,
) -> Result<Game, RestoreError> {
    forged(game, |v| v["outcome"] = outcome(winner, termination))
}

// ---------------------------------------------------------------------------------------------
// Results

#[test]
fn endings_the_rules_decide_are_refused_when_the_moves_do_not_give_them() {
    let game = after_7g7f();
    for (winner, termination) in [
        (Some(SENTE), Termination::Checkmate),
        (Some(GOTE), Termination::NoLegalMoves),
        (None, Termination::Repetition),
        (Some(SENTE), Termination::PerpetualCheck),
        (None, Termination::MoveLimit),
        (Some(GOTE), Termination::MoveLimit),
        (Some(SENTE), Termination::TryRule),
    ] {
        let name = serde_json::to_value(termination).unwrap();
        let err = forged(&game, |v| {
            v["outcome"] = json!({ "winner": winner, "termination": name });
        })
        .unwrap_err();
        assert_eq!(
            err,
            RestoreError::RulesDecided {
                saved: Outcome {
                    winner,
                    termination
                }
            }
        );
    }
}

#[test]
fn a_result_the_moves_give_must_be_the_saved_one() {
    // Gote is mated at the start: the game is over before any move.
    let game = game_with(GOTE_MATED, RuleSet::site(), &[]);
    let mate = Outcome::win(SENTE, Termination::Checkmate);
    assert_eq!(game.outcome(), Some(mate));
    assert_eq!(forged(&game, |_| {}), Ok(game.clone()));
    assert_eq!(
        forged(&game, |v| v["outcome"] = Value::Null),
        Err(RestoreError::MissingOutcome { replayed: mate })
    );
    assert_eq!(
        set_outcome(&game, Some(GOTE), "resignation"),
        Err(RestoreError::OutcomeMismatch {
            replayed: mate,
            saved: Outcome::win(GOTE, Termination::Resignation)
        })
    );
    assert_eq!(
        set_outcome(&game, Some(GOTE), "checkmate"),
        Err(RestoreError::OutcomeMismatch {
            replayed: mate,
            saved: Outcome::win(GOTE, Termination::Checkmate)
        })
    );
    assert_eq!(
        forged(&game, |v| v["moves"] = json!(["5a4a"])),
        Err(RestoreError::MoveAfterEnd {
            ply: 1,
            outcome: mate
        })
    );
}

#[test]
fn the_start_and_the_moves_must_replay() {
    let game = after_7g7f();
    assert!(matches!(
        forged(&game, |v| v["start"] = json!("9/9 b - 1")),
        Err(RestoreError::Start(_))
    ));
    assert!(matches!(
        forged(&game, |v| v["moves"] = json!(["7g7f", "7g7f"])),
        Err(RestoreError::Move { ply: 2, .. })
    ));
    assert!(matches!(
        forged(&game, |v| v["moves"] = json!(["7g7"])),
        Err(RestoreError::Move { ply: 1, .. })
    ));
}

#[test]
fn a_winner_must_fit_the_termination() {
    let game = after_7g7f();
    for termination in [Termination::DrawAgreement, Termination::Interrupted] {
        let name = termination.as_str();
        assert_eq!(
            set_outcome(&game, Some(SENTE), name),
            Err(RestoreError::Winner(OutcomeError::UnexpectedWinner {
                winner: SENTE,
                termination
            }))
        );
    }
    for termination in [
        Termination::Resignation,
        Termination::Timeout,
        Termination::IllegalMove,
        Termination::Checkmate,
    ] {
        let name = serde_json::to_value(termination).unwrap();
        assert_eq!(
            forged(&game, |v| v["outcome"] =
                json!({ "winner": null, "termination": name })),
            Err(RestoreError::Winner(OutcomeError::MissingWinner(
                termination
            )))
        );
    }
}

#[test]
fn stated_endings_restore_with_a_consistent_winner() {
    let game = after_7g7f();
    for (winner, termination) in [
        (Some(SENTE), "resignation"),
        (Some(GOTE), "resignation"),
        (Some(SENTE), "illegal_move"),
        (Some(GOTE), "illegal_move"),
        (None, "interrupted"),
    ] {
        let restored = set_outcome(&game, winner, termination).unwrap();
        assert_eq!(restored.outcome().unwrap().winner, winner);
        assert_eq!(
            restored.outcome().unwrap().termination.as_str(),
            termination
        );
    }
}

#[test]
fn a_draw_agreement_needs_a_draw_offer() {
    let mut game = after_7g7f();
    assert_eq!(
        set_outcome(&game, None, "draw_agreement"),
        Err(RestoreError::EndingNotAllowed {
            saved: Outcome::draw(Termination::DrawAgreement)
        })
    );
    // Rules without draw offers: no offer can have been made either.
    let mut rules = RuleSet::site();
    rules.draw_offers = 0;
    let no_offers = game_with(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        rules,
        &[],
    );
    assert!(matches!(
        set_outcome(&no_offers, None, "draw_agreement"),
        Err(RestoreError::EndingNotAllowed { .. })
    ));
    assert!(matches!(
        forged(&no_offers, |v| {
            v["outcome"] = outcome(None, "draw_agreement");
            v["draw_offers_made"] = json!([0, 1]);
        }),
        Err(RestoreError::DrawOffers {
            color: GOTE,
            made: 1,
            limit: 0
        })
    ));
    game.offer_draw(GOTE).unwrap();
    game.accept_draw(SENTE).unwrap();
    assert_eq!(forged(&game, |_| {}), Ok(game.clone()));
}

#[test]
fn a_declaration_is_checked_on_the_final_position() {
    // After 7g7f the kings are at home: no declaration holds.
    let game = after_7g7f();
    assert_eq!(
        set_outcome(&game, Some(GOTE), "impasse_declaration"),
        Err(RestoreError::Declaration {
            saved: Outcome::win(GOTE, Termination::ImpasseDeclaration),
            checked: None,
            reason: Some(DeclarationRejection::KingsNotInZone)
        })
    );
    assert!(matches!(
        set_outcome(&game, None, "impasse_declaration"),
        Err(RestoreError::Declaration { checked: None, .. })
    ));

    let mut game = game_with(IMPASSE_32_22, RuleSet::site(), &[]);
    let win = game.declare_impasse().unwrap();
    assert_eq!(win, Outcome::win(SENTE, Termination::ImpasseDeclaration));
    assert_eq!(forged(&game, |_| {}), Ok(game.clone()));
    assert_eq!(
        set_outcome(&game, None, "impasse_declaration"),
        Err(RestoreError::Declaration {
            saved: Outcome::draw(Termination::ImpasseDeclaration),
            checked: Some(win),
            reason: None
        })
    );
    // No declaration under the try rule.
    let try_rule = game_with(IMPASSE_32_22, RuleSet::try_rule(), &[]);
    assert_eq!(
        set_outcome(&try_rule, Some(SENTE), "impasse_declaration"),
        Err(RestoreError::Declaration {
            saved: win,
            checked: None,
            reason: Some(DeclarationRejection::NotOffered)
        })
    );
    // The CSA rule: an invalid declaration loses, and the saved loss restores.
    let mut csa = game_with(IMPASSE_32_22, RuleSet::csa27(), &["5c4c"]);
    let loss = csa.declare_impasse().unwrap();
    assert_eq!(loss, Outcome::win(SENTE, Termination::ImpasseDeclaration));
    assert_eq!(forged(&csa, |_| {}), Ok(csa.clone()));
    assert!(matches!(
        set_outcome(&csa, Some(GOTE), "impasse_declaration"),
        Err(RestoreError::Declaration { checked: Some(l), .. }) if l == loss
    ));
}

// ---------------------------------------------------------------------------------------------
// Draw offers

#[test]
fn draw_offers_made_are_within_the_limit() {
    let game = after_7g7f();
    assert_eq!(
        forged(&game, |v| v["draw_offers_made"] =
            json!([4_000_000_000u32, 0])),
        Err(RestoreError::DrawOffers {
            color: SENTE,
            made: 4_000_000_000,
            limit: 3
        })
    );
    assert!(forged(&game, |v| v["draw_offers_made"] = json!([3, 3])).is_ok());
    assert!(matches!(
        forged(&game, |v| v["draw_offers_made"] = json!([3, 4])),
        Err(RestoreError::DrawOffers { color: GOTE, .. })
    ));
}

#[test]
fn an_open_draw_offer_must_be_one_that_could_be_made() {
    // Gote offers on its turn (after 7g7f): it restores.
    let mut game = after_7g7f();
    game.offer_draw(GOTE).unwrap();
    assert_eq!(forged(&game, |_| {}), Ok(game.clone()));
    // An offer that was never counted.
    assert_eq!(
        forged(&game, |v| v["draw_offers_made"] = json!([0, 0])),
        Err(RestoreError::DrawOffer { color: GOTE })
    );
    // An offer from a side with no offers allowed.
    assert!(matches!(
        forged(&game, |v| v["rules"]["draw_offers"] = json!(0)),
        Err(RestoreError::DrawOffers { color: GOTE, .. })
    ));
    // Gote cannot have offered at the start, on Sente's turn.
    let start = Game::new();
    assert_eq!(
        forged(&start, |v| {
            v["draw_offer"] = json!("gote");
            v["draw_offers_made"] = json!([0, 1]);
        }),
        Err(RestoreError::DrawOffer { color: GOTE })
    );
    // Nor is an offer open once the game is over (resigning lets it lapse).
    game.resign(SENTE).unwrap();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(forged(&game, |_| {}), Ok(game.clone()));
    assert_eq!(
        forged(&game, |v| v["draw_offer"] = json!("gote")),
        Err(RestoreError::DrawOffer { color: GOTE })
    );
}

// ---------------------------------------------------------------------------------------------
// Clocks

fn settings(main: u64, byoyomi: u64, periods: u32) -> Value {
    json!({
        "main_time": { "secs": main, "nanos": 0 },
        "byoyomi": { "secs": byoyomi, "nanos": 0 },
        "periods": periods,
    })
}

fn side(main: u64, periods: u32, timed_out: bool) -> Value {
    json!({ "main": { "secs": main, "nanos": 0 }, "periods": periods, "timed_out": timed_out })
}

#[test]
fn a_clock_exactly_when_the_rules_are_timed() {
    let timed = after_7g7f();
    assert_eq!(
        forged(&timed, |v| v["clock"] = Value::Null),
        Err(RestoreError::ClockMissing)
    );
    let game = game_with(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        untimed(),
        &["7g7f"],
    );
    let clock = serde_json::to_value(timed.clock()).unwrap();
    assert_eq!(
        forged(&game, |v| v["clock"] = clock),
        Err(RestoreError::UnexpectedClock)
    );
    assert!(matches!(
        forged(&timed, |v| v["clock"]["settings"] = settings(1, 0, 0)),
        Err(RestoreError::ClockSettings { .. })
    ));
}

#[test]
fn remaining_times_are_within_the_settings() {
    let mut rules = RuleSet::site();
    rules.clock = Some(ClockSettings {
        main_time: Duration::from_secs(1),
        byoyomi: Duration::from_secs(10),
        periods: 1,
        increment: Duration::ZERO,
    });
    let game = game_with(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        rules,
        &["7g7f"],
    );
    assert_eq!(forged(&game, |_| {}), Ok(game.clone()));
    let with_side =
        |color: usize, value: Value| forged(&game, |v| v["clock"]["sides"][color] = value);
    assert_eq!(
        with_side(0, side(99_999, 1, false)),
        Err(RestoreError::ClockState(ClockStateError::MainTime {
            color: SENTE,
            main: Duration::from_secs(99_999),
            limit: Duration::from_secs(1)
        }))
    );
    assert!(matches!(
        with_side(1, side(0, 2, false)),
        Err(RestoreError::ClockState(ClockStateError::Periods {
            color: GOTE,
            periods: 2,
            limit: 1
        }))
    ));
    assert!(matches!(
        with_side(1, side(1, 0, false)),
        Err(RestoreError::ClockState(
            ClockStateError::PeriodsBeforeMainTime { color: GOTE }
        ))
    ));
    assert!(matches!(
        with_side(0, side(0, 1, true)),
        Err(RestoreError::ClockState(
            ClockStateError::TimedOutWithTimeLeft { color: SENTE }
        ))
    ));
    assert!(matches!(
        with_side(0, side(0, 0, false)),
        Err(RestoreError::ClockState(
            ClockStateError::OutOfTimeNotMarked { color: SENTE }
        ))
    ));
    // Main time used up, the period left: a reading play can give.
    assert!(with_side(0, side(0, 1, false)).is_ok());

    // The clock on its own is checked the same way.
    let mut clock = serde_json::to_value(game.clock().unwrap()).unwrap();
    assert!(serde_json::from_value::<Clock>(clock.clone()).is_ok());
    clock["sides"][0] = side(99_999, 1, false);
    assert!(serde_json::from_value::<Clock>(clock).is_err());
}

#[test]
fn main_time_grows_only_by_the_increments_earned() {
    let mut rules = RuleSet::site();
    rules.clock = Some(ClockSettings {
        main_time: Duration::from_secs(60),
        byoyomi: Duration::ZERO,
        periods: 0,
        increment: Duration::from_secs(5),
    });
    // Sente has made two moves, Gote one.
    let game = game_with(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        rules,
        &["7g7f", "3c3d", "2g2f"],
    );
    let with_side =
        |color: usize, value: Value| forged(&game, |v| v["clock"]["sides"][color] = value);
    assert!(with_side(0, side(70, 0, false)).is_ok());
    assert!(with_side(1, side(65, 0, false)).is_ok());
    assert_eq!(
        with_side(0, side(71, 0, false)),
        Err(RestoreError::ClockState(ClockStateError::MainTime {
            color: SENTE,
            main: Duration::from_secs(71),
            limit: Duration::from_secs(70)
        }))
    );
    assert_eq!(
        with_side(1, side(99_999, 0, false)),
        Err(RestoreError::ClockState(ClockStateError::MainTime {
            color: GOTE,
            main: Duration::from_secs(99_999),
            limit: Duration::from_secs(65)
        }))
    );
}

#[test]
fn a_flagged_clock_means_the_game_ended_on_time() {
    let game = after_7g7f();
    // A clock showing Gote's time run out in a running game.
    assert_eq!(
        forged(&game, |v| v["clock"]["sides"][1] = side(0, 0, true)),
        Err(RestoreError::TimedOut { color: GOTE })
    );
    // ... or in a game that ended otherwise.
    assert_eq!(
        forged(&game, |v| {
            v["clock"]["sides"][1] = side(0, 0, true);
            v["outcome"] = outcome(Some(SENTE), "resignation");
        }),
        Err(RestoreError::TimedOut { color: GOTE })
    );
    // A loss on time whose loser's clock shows time left.
    assert_eq!(
        set_outcome(&game, Some(SENTE), "timeout"),
        Err(RestoreError::NotTimedOut { color: GOTE })
    );
    // ... or where the winner's time is the one that ran out.
    assert_eq!(
        forged(&game, |v| {
            v["clock"]["sides"][0] = side(0, 0, true);
            v["outcome"] = outcome(Some(SENTE), "timeout");
        }),
        Err(RestoreError::TimedOut { color: SENTE })
    );
    // A loss on time in an untimed game.
    let untimed_game = game_with(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        untimed(),
        &["7g7f"],
    );
    assert_eq!(
        set_outcome(&untimed_game, Some(SENTE), "timeout"),
        Err(RestoreError::EndingNotAllowed {
            saved: Outcome::win(SENTE, Termination::Timeout)
        })
    );
    // The real thing restores.
    let mut flagged = after_7g7f();
    flagged.flag(GOTE).unwrap();
    assert!(flagged.clock().unwrap().side(GOTE).timed_out);
    assert_eq!(forged(&flagged, |_| {}), Ok(flagged.clone()));
    let mut late = after_7g7f();
    late.check_time(Duration::from_secs(1000)).unwrap();
    assert_eq!(
        late.outcome(),
        Some(Outcome::win(SENTE, Termination::Timeout))
    );
    assert_eq!(forged(&late, |_| {}), Ok(late.clone()));
}

#[test]
fn outcome_new_follows_the_terminations() {
    for termination in Termination::ALL {
        assert_eq!(
            Outcome::new(None, termination).is_ok(),
            !termination.requires_winner(),
            "{termination:?}"
        );
        assert_eq!(
            Outcome::new(Some(GOTE), termination).is_ok(),
            termination.allows_winner(),
            "{termination:?}"
        );
        assert!(termination.allows_winner() || !termination.requires_winner());
    }
}

// ---------------------------------------------------------------------------------------------
// Every game the API produces restores

#[derive(Copy, Clone, Debug)]
enum Action {
    Play(u16),
    PlayTimed(u16, u32),
    CheckTime(u32),
    Offer(bool),
    Accept(bool),
    Decline(bool),
    Resign(bool),
    Flag(bool),
    Interrupt,
    Declare,
    Undo,
}

fn color(gote: bool) -> Color {
    if gote { GOTE } else { SENTE }
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        30 => any::<u16>().prop_map(Action::Play),
        10 => (any::<u16>(), 0u32..4_000).prop_map(|(m, ms)| Action::PlayTimed(m, ms)),
        2 => (0u32..4_000).prop_map(Action::CheckTime),
        4 => any::<bool>().prop_map(Action::Offer),
        2 => any::<bool>().prop_map(Action::Accept),
        2 => any::<bool>().prop_map(Action::Decline),
        1 => any::<bool>().prop_map(Action::Resign),
        1 => any::<bool>().prop_map(Action::Flag),
        1 => Just(Action::Interrupt),
        2 => Just(Action::Declare),
        3 => Just(Action::Undo),
    ]
}

fn rule_set() -> impl Strategy<Value = RuleSet> {
    (0usize..3, any::<bool>(), 0u32..3, any::<bool>()).prop_map(
        |(base, timed, draw_offers, short_clock)| {
            let mut rules = [RuleSet::site(), RuleSet::csa27(), RuleSet::try_rule()][base];
            rules.draw_offers = draw_offers;
            rules.clock = match (timed, short_clock) {
                (false, _) => None,
                (true, false) => Some(ClockSettings::SITE),
                // Seconds: moves of up to 4 s run out of time often.
                (true, true) => Some(ClockSettings {
                    main_time: Duration::from_secs(3),
                    byoyomi: Duration::from_secs(2),
                    periods: 1,
                    increment: Duration::ZERO,
                }),
            };
            rules
        },
    )
}

fn start() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
        Just(IMPASSE_32_22),
        Just("lnsg1gsnl/1r5b1/4K4/ppppppppp/9/PPPPPPPPP/4k4/1B5R1/LNSG1GSNL b - 1"),
        // Kings and rooks near the move limit.
        Just("4k4/1r7/9/9/9/9/9/7R1/4K4 b - 395"),
        Just(GOTE_MATED),
    ]
}

fn apply(game: &mut Game, action: Action) {
    let legal = game.legal_moves();
    let pick = |i: u16| legal.get(usize::from(i) % legal.len().max(1)).copied();
    // Refused actions leave the game unchanged; only what the API allows is saved.
    let _ = match action {
        Action::Play(i) => pick(i).map(|m| game.play(m).map(drop)),
        Action::PlayTimed(i, ms) => pick(i).map(|m| {
            game.play_timed(m, Duration::from_millis(u64::from(ms)))
                .map(drop)
        }),
        Action::CheckTime(ms) => Some(
            game.check_time(Duration::from_millis(u64::from(ms)))
                .map(drop),
        ),
        Action::Offer(g) => Some(game.offer_draw(color(g))),
        Action::Accept(g) => Some(game.accept_draw(color(g)).map(drop)),
        Action::Decline(g) => Some(game.decline_draw(color(g))),
        Action::Resign(g) => Some(game.resign(color(g)).map(drop)),
        Action::Flag(g) => Some(game.flag(color(g)).map(drop)),
        Action::Interrupt => Some(game.interrupt().map(drop)),
        Action::Declare => Some(game.declare_impasse().map(drop)),
        Action::Undo => Some(game.undo().map(drop)),
    };
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_game_the_api_produces_restores_identically(
        sfen in start(),
        rules in rule_set(),
        actions in prop::collection::vec(action(), 0..80),
    ) {
        let mut game = Game::from_position(Position::from_sfen(sfen).unwrap(), rules);
        for action in actions {
            apply(&mut game, action);
            let json = game.to_json();
            match Game::from_json(&json) {
                Ok(back) => {
                    prop_assert_eq!(&back, &game, "{}", json);
                    prop_assert_eq!(back.position(), game.position());
                    prop_assert_eq!(back.to_json(), json);
                }
                Err(e) => prop_assert!(false, "{} after {:?}: {}", json, action, e),
            }
        }
    }
}

/// What `set_stated_outcome` accepts is exactly what a saved game may hold:
/// every game it makes saves and restores.
#[test]
fn a_stated_outcome_is_one_a_saved_game_restores_with() {
    use shogi_rules::{Color, Game, GameError, Outcome, RestoreError, Termination};
    for termination in Termination::ALL {
        for winner in [None, Some(Color::Sente), Some(Color::Gote)] {
            let mut game = Game::new();
            game.play_usi("7g7f").unwrap();
            let Ok(outcome) = Outcome::new(winner, termination) else {
                let forged = Outcome {
                    winner,
                    termination,
                };
                assert!(matches!(
                    game.set_stated_outcome(forged),
                    Err(GameError::NotStatable(RestoreError::Winner(_)))
                ));
                continue;
            };
            match game.set_stated_outcome(outcome) {
                Ok(()) => {
                    let restored = Game::from_json(&game.to_json())
                        .unwrap_or_else(|e| panic!("{termination:?} {winner:?}: {e}"));
                    assert_eq!(restored, game);
                }
                Err(GameError::NotStatable(_)) => assert_eq!(game.outcome(), None),
                Err(e) => panic!("{termination:?}: {e}"),
            }
        }
    }
    let mut game = Game::new();
    let checkmate = Outcome::win(Color::Sente, Termination::Checkmate);
    assert!(matches!(
        game.set_stated_outcome(checkmate),
        Err(GameError::NotStatable(RestoreError::RulesDecided { .. }))
    ));
}

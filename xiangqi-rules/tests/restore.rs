//! Games saved as JSON and restored (feature `serde`): random games played
//! to their end round-trip, and every rule of the saved form rejects what
//! breaks it.
#![cfg(feature = "serde")]

use std::collections::BTreeSet;

use serde_json::Value;
use xiangqi_rules::{
    Color, FenError, Game, GameJsonError, IccsMoveError, Outcome, Position, RestoreError, RuleSet,
    Termination,
};

/// xorshift64*: a small deterministic generator.
fn next(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

/// Saved and restored, through `to_json`/`from_json` and through serde:
/// the same game, in the same position.
fn assert_round_trip(game: &Game) {
    let json = game.to_json();
    let restored = Game::from_json(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(&restored, game, "{json}");
    assert_eq!(restored.position(), game.position());
    assert_eq!(restored.draw_offer(), game.draw_offer());
    for &color in &Color::ALL {
        assert_eq!(
            restored.draw_offers_made(color),
            game.draw_offers_made(color)
        );
    }
    let via_serde: Game = serde_json::from_str(&serde_json::to_string(game).unwrap()).unwrap();
    assert_eq!(&via_serde, game);
    assert_eq!(serde_json::to_string(game).unwrap(), json);
}

/// The starts and moves of the game sequences of `tests/data/cases.json`.
fn case_games() -> Vec<(Position, Vec<String>)> {
    let json: Value = serde_json::from_str(include_str!("data/cases.json")).unwrap();
    json["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let start = Position::from_fen(g["fen"].as_str().unwrap()).unwrap();
            let moves = g["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect();
            (start, moves)
        })
        .collect()
}

/// One random action: mostly a legal move, sometimes a draw offer or an
/// answer to one, rarely an ending stated by a player.
fn random_action(game: &mut Game, state: &mut u64) {
    let turn = game.position().turn();
    let color = if next(state) % 2 == 0 {
        turn
    } else {
        turn.opposite()
    };
    match next(state) % 200 {
        0..=5 => {
            let _ = game.offer_draw(color);
        }
        6..=8 => {
            let _ = game.decline_draw(color);
        }
        9 => {
            let _ = game.accept_draw(color);
        }
        10 => {
            let _ = game.resign(color);
        }
        11 => {
            let _ = game.time_out(color);
        }
        12 => {
            let _ = game.agree_draw();
        }
        13 => {
            let _ = game.undo();
        }
        _ => {
            let moves = game.legal_moves();
            let m = moves[(next(state) % moves.len() as u64) as usize];
            game.play(m).unwrap();
        }
    }
}

#[test]
fn random_games_played_to_their_end_restore_identically() {
    let mut state = 0x005e_ed0f_9a3e_5a7e_u64;
    let mut endings = BTreeSet::new();
    let mut starts = vec![Position::startpos()];
    starts.extend(case_games().into_iter().map(|(start, _)| start));
    let rule_sets = [
        RuleSet::site(),
        RuleSet {
            max_draw_offers: Some(2),
            move_limit: 60,
            ..RuleSet::site()
        },
        RuleSet {
            perpetual_check_loses: false,
            repetitions: 2,
            max_draw_offers: Some(0),
            ..RuleSet::site()
        },
    ];
    for round in 0..30 {
        for start in &starts {
            let rules = rule_sets[round % rule_sets.len()];
            let mut game = Game::from_position(start.clone(), rules);
            let mut actions = 0;
            while game.outcome().is_none() {
                random_action(&mut game, &mut state);
                actions += 1;
                if actions % 17 == 0 {
                    assert_round_trip(&game);
                }
                assert!(actions < 10_000);
            }
            assert_round_trip(&game);
            endings.insert(game.outcome().unwrap().termination.as_str());
        }
    }
    // The game sequences end by every rule, played in full.
    for (start, moves) in case_games() {
        let mut game = Game::from_position(start, RuleSet::site());
        for m in &moves {
            game.play_iccs(m).unwrap();
        }
        assert_round_trip(&game);
        if let Some(outcome) = game.outcome() {
            endings.insert(outcome.termination.as_str());
        }
    }
    let all: BTreeSet<&str> = Termination::ALL.iter().map(|t| t.as_str()).collect();
    assert_eq!(endings, all);
}

/// The JSON of `game` with `field` set to `value`.
fn with_field(game: &Game, field: &str, value: Value) -> String {
    let mut json: Value = serde_json::from_str(&game.to_json()).unwrap();
    json[field] = value;
    json.to_string()
}

fn restore_error(json: &str) -> RestoreError {
    // The serde path rejects it as well, with the same message.
    let serde_err = serde_json::from_str::<Game>(json).unwrap_err();
    match Game::from_json(json) {
        Err(GameJsonError::Restore(e)) => {
            assert!(
                serde_err.to_string().contains(&e.to_string()),
                "{serde_err}"
            );
            e
        }
        other => panic!("not a restore error: {other:?}"),
    }
}

fn two_moves() -> Game {
    let mut game = Game::new();
    game.play_iccs("h2e2").unwrap();
    game.play_iccs("h9g7").unwrap();
    game
}

#[test]
fn a_result_the_moves_do_not_give_is_rejected() {
    let game = two_moves();
    let mate = serde_json::json!({"winner": "red", "termination": "checkmate"});
    assert_eq!(
        restore_error(&with_field(&game, "outcome", mate)),
        RestoreError::RulesDecided {
            saved: Outcome::win(Color::Red, Termination::Checkmate)
        }
    );

    // A game the moves end: the saved result must be theirs.
    let start =
        Position::from_fen("3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1").unwrap();
    let mut mated = Game::from_position(start, RuleSet::site());
    mated.play_iccs("a6a5").unwrap();
    mated.play_iccs("b2e2").unwrap();
    let resigned = serde_json::json!({"winner": "red", "termination": "resignation"});
    assert_eq!(
        restore_error(&with_field(&mated, "outcome", resigned)),
        RestoreError::OutcomeMismatch {
            replayed: Outcome::win(Color::Red, Termination::Checkmate),
            saved: Outcome::win(Color::Red, Termination::Resignation),
        }
    );
    assert_eq!(
        restore_error(&with_field(&mated, "outcome", Value::Null)),
        RestoreError::MissingOutcome {
            replayed: Outcome::win(Color::Red, Termination::Checkmate),
        }
    );
    // A move after the end.
    let mut json: Value = serde_json::from_str(&mated.to_json()).unwrap();
    json["moves"].as_array_mut().unwrap().push("a5a4".into());
    assert!(matches!(
        restore_error(&json.to_string()),
        RestoreError::MoveAfterEnd { ply: 3, .. }
    ));
}

#[test]
fn a_winner_that_does_not_fit_is_rejected() {
    let mut game = two_moves();
    game.offer_draw(Color::Red).unwrap();
    game.accept_draw(Color::Black).unwrap();
    let won_draw = serde_json::json!({"winner": "black", "termination": "draw_agreement"});
    assert_eq!(
        restore_error(&with_field(&game, "outcome", won_draw)),
        RestoreError::Winner {
            saved: Outcome::win(Color::Black, Termination::DrawAgreement)
        }
    );
    let nobody_resigned = serde_json::json!({"winner": null, "termination": "resignation"});
    assert!(matches!(
        restore_error(&with_field(&two_moves(), "outcome", nobody_resigned)),
        RestoreError::Winner { .. }
    ));
}

#[test]
fn a_draw_agreement_needs_an_offer() {
    let game = two_moves();
    let agreed = serde_json::json!({"winner": null, "termination": "draw_agreement"});
    assert_eq!(
        restore_error(&with_field(&game, "outcome", agreed.clone())),
        RestoreError::AgreementWithoutOffer
    );
    let json = with_field(&game, "outcome", agreed);
    let mut value: Value = serde_json::from_str(&json).unwrap();
    value["draw_offers_made"] = serde_json::json!([0, 1]);
    let restored = Game::from_json(&value.to_string()).unwrap();
    assert_eq!(
        restored.outcome(),
        Some(Outcome::draw(Termination::DrawAgreement))
    );
}

#[test]
fn more_offers_than_allowed_are_rejected() {
    let rules = RuleSet {
        max_draw_offers: Some(1),
        ..RuleSet::site()
    };
    let mut game = Game::from_position(Position::startpos(), rules);
    game.offer_draw(Color::Black).unwrap();
    assert_round_trip(&game);
    assert_eq!(
        restore_error(&with_field(
            &game,
            "draw_offers_made",
            serde_json::json!([0, 2])
        )),
        RestoreError::DrawOffers {
            color: Color::Black,
            made: 2,
            limit: 1
        }
    );
    // Without a limit any number is allowed.
    let unlimited = Game::new();
    let json = with_field(&unlimited, "draw_offers_made", serde_json::json!([500, 7]));
    assert_eq!(
        Game::from_json(&json).unwrap().draw_offers_made(Color::Red),
        500
    );
}

#[test]
fn an_open_offer_that_could_not_be_open_is_rejected() {
    let mut game = two_moves();
    game.offer_draw(Color::Red).unwrap();
    game.resign(Color::Black).unwrap();
    assert_eq!(
        restore_error(&with_field(&game, "draw_offer", "red".into())),
        RestoreError::DrawOffer { color: Color::Red }
    );
    // An offer from a side that has made none.
    let game = two_moves();
    assert_eq!(
        restore_error(&with_field(&game, "draw_offer", "black".into())),
        RestoreError::DrawOffer {
            color: Color::Black
        }
    );
}

#[test]
fn a_bad_start_or_an_illegal_move_is_rejected() {
    let game = two_moves();
    assert_eq!(
        restore_error(&with_field(&game, "start", "".into())),
        RestoreError::Start(FenError::Empty)
    );
    assert!(matches!(
        restore_error(&with_field(
            &game,
            "start",
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into()
        )),
        RestoreError::Start(FenError::Setup(_))
    ));
    assert!(matches!(
        restore_error(&with_field(
            &game,
            "moves",
            serde_json::json!(["h2e2", "h2e2"])
        )),
        RestoreError::Move {
            ply: 2,
            source: IccsMoveError::Illegal(_)
        }
    ));
    assert!(matches!(
        restore_error(&with_field(&game, "moves", serde_json::json!(["h2"]))),
        RestoreError::Move {
            ply: 1,
            source: IccsMoveError::Syntax(_)
        }
    ));
}

#[test]
fn text_that_is_not_the_saved_form_is_a_json_error() {
    assert!(matches!(
        Game::from_json("{ not json"),
        Err(GameJsonError::Json(_))
    ));
    assert!(matches!(
        Game::from_json(r#"{"start":"startpos"}"#),
        Err(GameJsonError::Json(_))
    ));
}

#[test]
fn serde_names_are_the_as_str_names() {
    for &color in &Color::ALL {
        let json = serde_json::to_string(&color).unwrap();
        assert_eq!(json, format!("\"{}\"", color.as_str()));
        assert_eq!(serde_json::from_str::<Color>(&json).unwrap(), color);
    }
    for termination in Termination::ALL {
        let json = serde_json::to_string(&termination).unwrap();
        assert_eq!(json, format!("\"{}\"", termination.as_str()));
        assert_eq!(
            serde_json::from_str::<Termination>(&json).unwrap(),
            termination
        );
    }
    // A rule set saved without a draw-offer limit reads as unlimited, and
    // one saved without a clock (before games had one) as untimed.
    let rules: RuleSet = serde_json::from_str(
        r#"{"repetitions":3,"perpetual_check_loses":true,"move_limit":300,"bare_material_draw":true}"#,
    )
    .unwrap();
    assert_eq!(
        rules,
        RuleSet {
            clock: None,
            ..RuleSet::site()
        }
    );
}

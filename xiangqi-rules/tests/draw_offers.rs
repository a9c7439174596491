//! Draw offers: who may offer, accept and decline, the limit, and when an
//! open offer lapses.

use xiangqi_rules::{Color, Game, GameError, Outcome, Position, RuleSet, Termination};

#[test]
fn an_offer_is_accepted_by_the_opponent_only() {
    let mut game = Game::new();
    game.offer_draw(Color::Red).unwrap();
    assert_eq!(game.draw_offer(), Some(Color::Red));
    assert_eq!(game.draw_offers_made(Color::Red), 1);
    assert_eq!(game.accept_draw(Color::Red), Err(GameError::NoDrawOffer));
    assert_eq!(
        game.offer_draw(Color::Black),
        Err(GameError::DrawOfferPending)
    );
    game.accept_draw(Color::Black).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::draw(Termination::DrawAgreement))
    );
    assert_eq!(game.draw_offer(), None);
}

#[test]
fn an_offer_may_be_made_on_the_opponents_turn_and_lapses_when_the_opponent_moves() {
    let mut game = Game::new();
    game.offer_draw(Color::Black).unwrap();
    game.play_iccs("h2e2").unwrap();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(game.draw_offers_made(Color::Black), 1);
    assert_eq!(game.accept_draw(Color::Red), Err(GameError::NoDrawOffer));
}

#[test]
fn an_offer_survives_the_offerers_own_move() {
    let mut game = Game::new();
    game.offer_draw(Color::Red).unwrap();
    game.play_iccs("h2e2").unwrap();
    assert_eq!(game.draw_offer(), Some(Color::Red));
    game.decline_draw(Color::Black).unwrap();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(game.decline_draw(Color::Black), Err(GameError::NoDrawOffer));
    assert!(game.outcome().is_none());
}

#[test]
fn undo_withdraws_an_open_offer() {
    let mut game = Game::new();
    game.play_iccs("h2e2").unwrap();
    game.offer_draw(Color::Black).unwrap();
    game.undo().unwrap();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(game.draw_offers_made(Color::Black), 1);
}

#[test]
fn an_offer_lapses_when_the_game_ends() {
    let mut game = Game::new();
    game.offer_draw(Color::Red).unwrap();
    game.resign(Color::Red).unwrap();
    assert_eq!(game.draw_offer(), None);
    assert!(matches!(
        game.offer_draw(Color::Black),
        Err(GameError::GameOver(_))
    ));

    // Checkmate by the offerer's own move.
    let start =
        Position::from_fen("3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1").unwrap();
    let mut game = Game::from_position(start, RuleSet::site());
    game.play_iccs("a6a5").unwrap();
    game.offer_draw(Color::Red).unwrap();
    game.play_iccs("b2e2").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Red, Termination::Checkmate))
    );
    assert_eq!(game.draw_offer(), None);
}

#[test]
fn offers_are_unlimited_by_default_and_limited_when_the_rules_say_so() {
    let mut game = Game::new();
    assert_eq!(RuleSet::site().max_draw_offers, None);
    for _ in 0..50 {
        game.offer_draw(Color::Red).unwrap();
        game.decline_draw(Color::Black).unwrap();
    }
    assert_eq!(game.draw_offers_made(Color::Red), 50);

    let rules = RuleSet {
        max_draw_offers: Some(1),
        ..RuleSet::site()
    };
    let mut game = Game::from_position(Position::startpos(), rules);
    game.offer_draw(Color::Red).unwrap();
    game.decline_draw(Color::Black).unwrap();
    assert_eq!(
        game.offer_draw(Color::Red),
        Err(GameError::NoDrawOffersLeft(Color::Red))
    );
    game.offer_draw(Color::Black).unwrap();
    game.decline_draw(Color::Red).unwrap();
    // Both agreeing at once is an offer by the side to move.
    assert_eq!(
        game.agree_draw(),
        Err(GameError::NoDrawOffersLeft(Color::Red))
    );
    assert!(game.outcome().is_none());
}

#[test]
fn agree_draw_counts_as_an_offer_by_the_side_to_move() {
    let mut game = Game::new();
    game.play_iccs("h2e2").unwrap();
    game.agree_draw().unwrap();
    assert_eq!(game.draw_offers_made(Color::Black), 1);
    assert_eq!(game.draw_offers_made(Color::Red), 0);
    assert_eq!(
        game.outcome(),
        Some(Outcome::draw(Termination::DrawAgreement))
    );
}

// Games through the wrapper: play, outcome, endings, draw offers, the clock, USI and JSON.
#include "check.hpp"

#include <string>
#include <vector>

void test_games() {
    shogi::game g;
    CHECK_EQ(g.legal_moves().size(), static_cast<std::size_t>(30));
    CHECK(!g.is_over());
    for (const char *usi : {"7g7f", "3c3d", "8h2b+", "3a2b"}) {
        g.play_usi(usi);
    }
    CHECK_EQ(g.ply_count(), static_cast<std::size_t>(4));
    const std::vector<shogi::move> moves = g.moves();
    CHECK_EQ(moves.size(), static_cast<std::size_t>(4));
    CHECK_EQ(moves[2].usi(), std::string("8h2b+"));
    CHECK_EQ(moves[3].captured(), shogi::role::horse);
    CHECK_EQ(g.to_usi(), std::string("position startpos moves 7g7f 3c3d 8h2b+ 3a2b"));
    CHECK_EQ(g.current_position().hand_count(shogi::color::gote, shogi::role::bishop), 1);
    CHECK_EQ(g.start_position().sfen(), shogi::position().sfen());
    CHECK_EQ(g.repetition_count(), 1u);
    const shogi::outcome running = g.result();
    CHECK(!running.over);
    CHECK_EQ(running.winner, shogi::color::none);
    CHECK_EQ(running.ending, shogi::termination::none);

    // An illegal move leaves the game as it was.
    CHECK_THROWS(g.play_usi("1g1e"), shogi::illegal_move_error,
                 SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
    CHECK_THROWS(g.play_usi("x"), shogi::move_text_error, SHOGI_RESULT_USI_BAD_LENGTH);
    CHECK_EQ(g.ply_count(), static_cast<std::size_t>(4));

    // Saved and restored.
    const shogi::game restored = shogi::game::from_json(g.to_json());
    CHECK_EQ(restored.to_usi(), g.to_usi());
    CHECK_THROWS(shogi::game::from_json("{}"), shogi::game_error, SHOGI_RESULT_GAME_JSON);
    const shogi::game from_usi = shogi::game::from_usi("position startpos moves 7g7f 3c3d");
    CHECK_EQ(from_usi.ply_count(), static_cast<std::size_t>(2));
    CHECK_THROWS(shogi::game::from_usi("position moves 7g7f"), shogi::game_error,
                 SHOGI_RESULT_USI_COMMAND_MISSING_START);

    // A copy goes its own way; undo.
    shogi::game copy = g.clone();
    CHECK_EQ(copy.undo().usi(), std::string("3a2b"));
    CHECK_EQ(copy.ply_count(), static_cast<std::size_t>(3));
    CHECK_EQ(g.ply_count(), static_cast<std::size_t>(4));

    // Resignation ends the game; nothing is played after it.
    g.resign(shogi::color::gote);
    const shogi::outcome resigned = g.result();
    CHECK(resigned.over);
    CHECK_EQ(resigned.winner, shogi::color::sente);
    CHECK_EQ(resigned.ending, shogi::termination::resignation);
    CHECK_EQ(shogi::termination_name(resigned.ending), std::string_view("resignation"));
    CHECK(g.legal_moves().empty());
    CHECK_THROWS(g.play_usi("2g2f"), shogi::game_error, SHOGI_RESULT_GAME_OVER);
    CHECK_THROWS(g.resign(shogi::color::sente), shogi::game_error, SHOGI_RESULT_GAME_OVER);

    // Checkmate from a position.
    shogi::game mate(shogi::position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"));
    mate.play(mate.current_position().parse_usi("G*5b"));
    CHECK_EQ(mate.result().winner, shogi::color::sente);
    CHECK_EQ(mate.result().ending, shogi::termination::checkmate);

    // Draw offers: only on one's own turn, accepted by the opponent.
    shogi::game draw;
    CHECK_THROWS(draw.offer_draw(shogi::color::gote), shogi::game_error,
                 SHOGI_RESULT_NOT_YOUR_TURN);
    CHECK_THROWS(draw.accept_draw(shogi::color::gote), shogi::game_error,
                 SHOGI_RESULT_NO_DRAW_OFFER);
    draw.offer_draw(shogi::color::sente);
    CHECK_EQ(draw.draw_offer(), shogi::color::sente);
    CHECK_EQ(draw.draw_offers_made(shogi::color::sente), 1u);
    draw.accept_draw(shogi::color::gote);
    CHECK_EQ(draw.result().ending, shogi::termination::draw_agreement);
    CHECK_EQ(draw.result().winner, shogi::color::none);

    // Rules: an untimed game has no clock; a timed one counts down.
    shogi::rules_config untimed = shogi::default_rules();
    untimed.has_clock = false;
    shogi::game no_clock(untimed);
    CHECK(!no_clock.rules().has_clock);
    CHECK_THROWS(no_clock.clock(shogi::color::sente), shogi::game_error, SHOGI_RESULT_NO_CLOCK);
    shogi::game timed(shogi::default_rules());
    timed.play_timed(timed.current_position().parse_usi("7g7f"), 1000);
    CHECK_EQ(timed.clock(shogi::color::sente).main_ms, static_cast<std::uint64_t>(299000));
    CHECK_EQ(timed.impasse().rule, static_cast<shogi_impasse_rule>(SHOGI_IMPASSE_POINTS24));
    CHECK_THROWS(timed.declare_impasse(), shogi::game_error,
                 SHOGI_RESULT_IMPASSE_KINGS_NOT_IN_ZONE);
    timed.interrupt();
    CHECK_EQ(timed.result().ending, shogi::termination::interrupted);
}

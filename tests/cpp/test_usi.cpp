// The USI protocol through the wrapper: engine lines and GUI commands, their errors, and the
// commands written and read back.
#include "check.hpp"

#include <string>

namespace {

const char *const START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

} // namespace

void test_usi() {
    const shogi::position start;

    const auto info = shogi::usi_engine_message::parse(
        "info depth 5 score cp 29 lowerbound pv 7g7f 3c3d 8h2b+ 3a2b 2b3c string hi");
    CHECK_EQ(info.kind(), SHOGI_USI_ENGINE_INFO);
    const shogi_usi_info fields = info.info();
    CHECK(fields.has_depth && fields.depth == 5);
    CHECK_EQ(fields.score_kind, SHOGI_USI_SCORE_CP);
    CHECK_EQ(fields.score_value, 29);
    CHECK_EQ(fields.score_bound, SHOGI_USI_BOUND_LOWER);
    CHECK_EQ(info.info_string(), std::optional<std::string>("hi"));
    CHECK_EQ(info.line_text(), std::string("7g7f 3c3d 8h2b+ 3a2b 2b3c"));
    const shogi::usi_line line = info.resolve_line(start);
    CHECK_EQ(line.moves.size(), static_cast<std::size_t>(4));
    CHECK(line.status.has_illegal);
    CHECK_EQ(line.status.illegal_reason, SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
    CHECK_EQ(info.to_string(),
             std::string("info depth 5 score cp 29 lowerbound pv 7g7f 3c3d 8h2b+ 3a2b 2b3c string hi"));

    const auto best = shogi::usi_engine_message::parse("bestmove 7g7f ponder 3c3d");
    const shogi_usi_bestmove resolved = best.bestmove(start);
    CHECK_EQ(resolved.kind, SHOGI_USI_BESTMOVE_MOVE);
    CHECK_EQ(shogi::move(resolved.best), start.parse_usi("7g7f"));
    CHECK(resolved.has_ponder);
    CHECK_THROWS(shogi::usi_engine_message::parse("bestmove 5e5d").bestmove(start),
                 shogi::illegal_move_error, SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
    CHECK_EQ(shogi::usi_engine_message::parse("bestmove resign").bestmove(start).kind,
             SHOGI_USI_BESTMOVE_RESIGN);

    const auto option =
        shogi::usi_engine_message::parse("option name Clear Hash type button");
    CHECK_EQ(option.option().option_type, SHOGI_USI_OPTION_BUTTON);
    CHECK_EQ(option.option_name(), std::string("Clear Hash"));
    CHECK_EQ(option.option_default(), std::optional<std::string>());
    CHECK_EQ(shogi::usi_engine_message::parse("id name Engine  X").text(),
             std::string("Engine  X"));

    CHECK_THROWS_THEN(shogi::usi_engine_message::parse("info depth x"), shogi::usi_error,
                      SHOGI_RESULT_USI_MESSAGE_BAD_NUMBER, {
                          CHECK_EQ(e.column(), static_cast<std::size_t>(12));
                          CHECK_EQ(e.field(), std::string("depth"));
                          CHECK_EQ(e.reason(), SHOGI_RESULT_USI_MESSAGE_BAD_NUMBER);
                      });
    CHECK_THROWS_THEN(shogi::usi_gui_command::parse("position startpos moves 7g7"),
                      shogi::usi_error, SHOGI_RESULT_USI_MESSAGE_POSITION,
                      { CHECK_EQ(e.reason(), SHOGI_RESULT_USI_BAD_LENGTH); });
    CHECK_THROWS(shogi::usi_engine_message::parse("\xff"), shogi::error,
                 SHOGI_RESULT_INVALID_UTF8);

    const auto position = shogi::usi_gui_command::parse("position startpos moves 7g7f 3c3d");
    CHECK_EQ(position.kind(), SHOGI_USI_GUI_POSITION);
    CHECK_EQ(position.position_start().sfen(), std::string(START_SFEN));
    CHECK_EQ(position.position_replay().move_number(), static_cast<std::uint32_t>(3));
    CHECK_THROWS(shogi::usi_gui_command::parse("position startpos moves 5e5d").position_replay(),
                 shogi::illegal_move_error, SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);

    shogi_usi_go go{};
    go.has_byoyomi = true;
    go.byoyomi = 3000;
    go.mate = SHOGI_USI_MATE_INFINITE;
    const std::string go_text = shogi::usi_format_go(go);
    CHECK_EQ(go_text, std::string("go byoyomi 3000 mate infinite"));
    const shogi_usi_go back = shogi::usi_gui_command::parse(go_text).go();
    CHECK(back.has_byoyomi && back.byoyomi == 3000 && back.mate == SHOGI_USI_MATE_INFINITE);

    const std::string setoption = shogi::usi_format_setoption("USI_Hash", "256");
    CHECK_EQ(setoption, std::string("setoption name USI_Hash value 256"));
    const auto parsed = shogi::usi_gui_command::parse(setoption);
    CHECK_EQ(parsed.setoption_name(), std::string("USI_Hash"));
    CHECK_EQ(parsed.setoption_value(), std::optional<std::string>("256"));
    CHECK_EQ(shogi::usi_format_setoption("Clear Hash"), std::string("setoption name Clear Hash"));
    CHECK_EQ(shogi::usi_format_command(SHOGI_USI_GUI_ISREADY), std::string("isready"));
    CHECK_EQ(shogi::usi_gui_command::parse(shogi::usi_format_gameover(SHOGI_USI_GAME_DRAW))
                 .gameover(),
             SHOGI_USI_GAME_DRAW);
    CHECK_THROWS(shogi::usi_format_command(SHOGI_USI_GUI_GO), shogi::error,
                 SHOGI_RESULT_INVALID_ARGUMENT);
}

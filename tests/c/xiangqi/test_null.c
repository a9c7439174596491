/* NULL arguments: every pointer parameter that must not be NULL gives
 * XIANGQI_RESULT_NULL_PARAMETER and leaves the other outputs untouched; the _free functions and
 * the *_or_null parameters take NULL. */
#include "support.h"

void test_null_parameters(void) {
    xiangqi_position *pos = NULL;
    xiangqi_game *game = NULL;
    xiangqi_position *made = NULL;
    xiangqi_game *made_game = NULL;
    xiangqi_move m = XIANGQI_MOVE_NONE;
    xiangqi_move moves[XIANGQI_MAX_LEGAL_MOVES];
    xiangqi_piece piece;
    xiangqi_rules rules;
    xiangqi_outcome outcome;
    xiangqi_clock_reading reading;
    xiangqi_color color = 77;
    xiangqi_square sq = 77;
    size_t n = 77;
    uint64_t u64 = 77;
    uint32_t u32 = 77;
    xiangqi_perft_entry entries[4];
    bool flag = true;
    char buf[128];
    check_suite("NULL parameters");
    if (!CHECK_OK(xiangqi_position_new(&pos)) || !CHECK_OK(xiangqi_game_new(NULL, &game))) {
        xiangqi_position_free(pos);
        return;
    }
    m = iccs_move(pos, "h2e2");

    CHECK_NULL_PARAM(xiangqi_result_message(0, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(xiangqi_result_message(0, NULL, 4, &n));
    CHECK_NULL_PARAM(xiangqi_square_new(0, 0, NULL));
    CHECK_NULL_PARAM(xiangqi_move_new(XIANGQI_ROLE_CANNON, 25, 22, XIANGQI_ROLE_NONE, NULL));
    CHECK_NULL_PARAM(xiangqi_move_to_iccs(m, buf, sizeof buf, NULL));

    CHECK_NULL_PARAM(xiangqi_position_new(NULL));
    CHECK_NULL_PARAM(xiangqi_position_from_fen(NULL, 3, &made));
    CHECK_NULL_PARAM(xiangqi_position_from_fen(NULL, 0, &made));
    CHECK_NULL_PARAM(xiangqi_position_from_fen(TXT(START_FEN), NULL));
    CHECK_NULL_PARAM(xiangqi_position_clone(NULL, &made));
    CHECK_NULL_PARAM(xiangqi_position_clone(pos, NULL));
    CHECK_NULL_PARAM(xiangqi_position_to_fen(NULL, buf, sizeof buf, &n));
    CHECK_NULL_PARAM(xiangqi_position_to_fen(pos, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(xiangqi_position_turn(NULL, &color));
    CHECK_NULL_PARAM(xiangqi_position_turn(pos, NULL));
    CHECK_NULL_PARAM(xiangqi_position_piece_at(NULL, 4, &piece));
    CHECK_NULL_PARAM(xiangqi_position_piece_at(pos, 4, NULL));
    CHECK_NULL_PARAM(xiangqi_position_general(NULL, XIANGQI_COLOR_RED, &sq));
    CHECK_NULL_PARAM(xiangqi_position_general(pos, XIANGQI_COLOR_RED, NULL));
    CHECK_NULL_PARAM(xiangqi_position_halfmove_clock(NULL, &u32));
    CHECK_NULL_PARAM(xiangqi_position_halfmove_clock(pos, NULL));
    CHECK_NULL_PARAM(xiangqi_position_fullmove_number(NULL, &u32));
    CHECK_NULL_PARAM(xiangqi_position_fullmove_number(pos, NULL));
    CHECK_NULL_PARAM(xiangqi_position_checkers(NULL, &sq, 1, &n));
    CHECK_NULL_PARAM(xiangqi_position_checkers(pos, &sq, 1, NULL));
    CHECK_NULL_PARAM(xiangqi_position_checkers(pos, NULL, 1, &n));
    CHECK_NULL_PARAM(xiangqi_position_perft_divide(NULL, 1, entries, 4, &n));
    CHECK_NULL_PARAM(xiangqi_position_perft_divide(pos, 1, entries, 4, NULL));
    CHECK_NULL_PARAM(xiangqi_position_perft_divide(pos, 1, NULL, 4, &n));
    CHECK_NULL_PARAM(xiangqi_position_in_check(NULL, &flag));
    CHECK_NULL_PARAM(xiangqi_position_in_check(pos, NULL));
    CHECK_NULL_PARAM(xiangqi_position_legal_moves(NULL, moves, XIANGQI_MAX_LEGAL_MOVES, &n));
    CHECK_NULL_PARAM(xiangqi_position_legal_moves(pos, moves, XIANGQI_MAX_LEGAL_MOVES, NULL));
    CHECK_NULL_PARAM(xiangqi_position_legal_moves(pos, NULL, 1, &n));
    CHECK_NULL_PARAM(xiangqi_position_legal_move_count(NULL, &n));
    CHECK_NULL_PARAM(xiangqi_position_legal_move_count(pos, NULL));
    CHECK_NULL_PARAM(xiangqi_position_parse_iccs(NULL, TXT("h2e2"), &m));
    CHECK_NULL_PARAM(xiangqi_position_parse_iccs(pos, NULL, 4, &m));
    CHECK_NULL_PARAM(xiangqi_position_parse_iccs(pos, TXT("h2e2"), NULL));
    CHECK_NULL_PARAM(xiangqi_position_why_illegal(NULL, m));
    CHECK_NULL_PARAM(xiangqi_position_why_illegal_points(NULL, 25, 22));
    CHECK_NULL_PARAM(xiangqi_position_play(NULL, m));
    CHECK_NULL_PARAM(xiangqi_position_play_new(NULL, m, &made));
    CHECK_NULL_PARAM(xiangqi_position_play_new(pos, m, NULL));
    CHECK_NULL_PARAM(xiangqi_position_zobrist(NULL, &u64));
    CHECK_NULL_PARAM(xiangqi_position_zobrist(pos, NULL));
    CHECK_NULL_PARAM(xiangqi_position_perft(NULL, 1, &u64));
    CHECK_NULL_PARAM(xiangqi_position_perft(pos, 1, NULL));

    CHECK_NULL_PARAM(xiangqi_rules_default(NULL));
    CHECK_NULL_PARAM(xiangqi_game_new(NULL, NULL));
    CHECK_NULL_PARAM(xiangqi_game_from_position(NULL, NULL, &made_game));
    CHECK_NULL_PARAM(xiangqi_game_from_position(pos, NULL, NULL));
    CHECK_NULL_PARAM(xiangqi_game_clone(NULL, &made_game));
    CHECK_NULL_PARAM(xiangqi_game_clone(game, NULL));
    CHECK_NULL_PARAM(xiangqi_game_rules(NULL, &rules));
    CHECK_NULL_PARAM(xiangqi_game_rules(game, NULL));
    CHECK_NULL_PARAM(xiangqi_game_play(NULL, m));
    CHECK_NULL_PARAM(xiangqi_game_play_iccs(NULL, TXT("h2e2"), NULL));
    CHECK_NULL_PARAM(xiangqi_game_play_iccs(game, NULL, 4, NULL));
    CHECK_NULL_PARAM(xiangqi_game_undo(NULL, NULL));
    CHECK_NULL_PARAM(xiangqi_game_resign(NULL, XIANGQI_COLOR_RED));
    CHECK_NULL_PARAM(xiangqi_game_time_out(NULL, XIANGQI_COLOR_RED));
    CHECK_NULL_PARAM(xiangqi_game_flag(NULL, XIANGQI_COLOR_RED));
    CHECK_NULL_PARAM(xiangqi_game_check_time(NULL, 0));
    CHECK_NULL_PARAM(xiangqi_game_play_timed(NULL, XIANGQI_MOVE_NONE, 0));
    CHECK_NULL_PARAM(xiangqi_game_clock_remaining(NULL, XIANGQI_COLOR_RED, 0, &reading));
    CHECK_NULL_PARAM(xiangqi_game_clock_remaining(game, XIANGQI_COLOR_RED, 0, NULL));
    CHECK_NULL_PARAM(xiangqi_game_agree_draw(NULL));
    CHECK_NULL_PARAM(xiangqi_game_offer_draw(NULL, XIANGQI_COLOR_RED));
    CHECK_NULL_PARAM(xiangqi_game_accept_draw(NULL, XIANGQI_COLOR_RED));
    CHECK_NULL_PARAM(xiangqi_game_decline_draw(NULL, XIANGQI_COLOR_RED));
    CHECK_NULL_PARAM(xiangqi_game_draw_offer(NULL, &color));
    CHECK_NULL_PARAM(xiangqi_game_draw_offer(game, NULL));
    CHECK_NULL_PARAM(xiangqi_game_draw_offers_made(NULL, XIANGQI_COLOR_RED, &u32));
    CHECK_NULL_PARAM(xiangqi_game_draw_offers_made(game, XIANGQI_COLOR_RED, NULL));
    CHECK_NULL_PARAM(xiangqi_game_to_json(NULL, buf, sizeof buf, &n));
    CHECK_NULL_PARAM(xiangqi_game_to_json(game, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(xiangqi_game_to_json(game, NULL, sizeof buf, &n));
    CHECK_NULL_PARAM(xiangqi_game_from_json(NULL, 2, &made_game));
    CHECK_NULL_PARAM(xiangqi_game_from_json(TXT("{}"), NULL));
    CHECK_NULL_PARAM(xiangqi_game_outcome(NULL, &outcome));
    CHECK_NULL_PARAM(xiangqi_game_outcome(game, NULL));
    CHECK_NULL_PARAM(xiangqi_game_legal_moves(NULL, moves, XIANGQI_MAX_LEGAL_MOVES, &n));
    CHECK_NULL_PARAM(xiangqi_game_legal_moves(game, moves, XIANGQI_MAX_LEGAL_MOVES, NULL));
    CHECK_NULL_PARAM(xiangqi_game_moves(NULL, moves, XIANGQI_MAX_LEGAL_MOVES, &n));
    CHECK_NULL_PARAM(xiangqi_game_moves(game, moves, XIANGQI_MAX_LEGAL_MOVES, NULL));
    CHECK_NULL_PARAM(xiangqi_game_ply_count(NULL, &n));
    CHECK_NULL_PARAM(xiangqi_game_ply_count(game, NULL));
    CHECK_NULL_PARAM(xiangqi_game_position(NULL, &made));
    CHECK_NULL_PARAM(xiangqi_game_position(game, NULL));
    CHECK_NULL_PARAM(xiangqi_game_start_position(NULL, &made));
    CHECK_NULL_PARAM(xiangqi_game_start_position(game, NULL));
    CHECK_NULL_PARAM(xiangqi_game_to_fen(NULL, buf, sizeof buf, &n));
    CHECK_NULL_PARAM(xiangqi_game_to_fen(game, buf, sizeof buf, NULL));

    /* Nothing was written through the other pointers, and the handles are unchanged. */
    CHECK(made == NULL);
    CHECK(made_game == NULL);
    CHECK_EQ_UINT(color, 77);
    CHECK_EQ_UINT(sq, 77);
    CHECK_EQ_UINT(n, 77);
    CHECK_EQ_UINT(u64, 77);
    CHECK_EQ_UINT(u32, 77);
    CHECK(flag);
    CHECK_EQ_STR(fen_of(pos, buf), START_FEN);
    CHECK_OK(xiangqi_game_ply_count(game, &n));
    CHECK_EQ_UINT(n, 0);

    xiangqi_position_free(NULL);
    xiangqi_game_free(NULL);
    xiangqi_game_free(game);
    xiangqi_position_free(pos);
}

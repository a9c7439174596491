/* NULL for every pointer parameter of every function: SHOGI_RESULT_NULL_PARAMETER, and the
 * other out-parameters left alone. Optional parameters (`*_or_null`) accept NULL, and a
 * buffer may be NULL for a size query (length 0) but not with a length. */
#include "support.h"

static void position_functions(shogi_position *pos) {
    shogi_position *out = NULL;
    shogi_move moves[4];
    shogi_move m = usi_move(pos, "7g7f");
    shogi_piece piece;
    shogi_promotion promotion;
    shogi_color color;
    shogi_square sq;
    uint32_t u32;
    uint64_t u64;
    uint8_t u8;
    size_t len;
    bool flag;
    char buf[64];

    CHECK_NULL_PARAM(shogi_position_new(NULL));
    CHECK_NULL_PARAM(shogi_position_from_sfen(NULL, 5, &out));
    CHECK_NULL_PARAM(shogi_position_from_sfen(TXT("9/9/9/9/9/9/9/9/9 b - 1"), NULL));
    CHECK_NULL_PARAM(shogi_position_clone(NULL, &out));
    CHECK_NULL_PARAM(shogi_position_clone(pos, NULL));
    CHECK(out == NULL);
    CHECK_NULL_PARAM(shogi_position_to_sfen(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_position_to_sfen(pos, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_position_to_sfen(pos, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_position_turn(NULL, &color));
    CHECK_NULL_PARAM(shogi_position_turn(pos, NULL));
    CHECK_NULL_PARAM(shogi_position_move_number(NULL, &u32));
    CHECK_NULL_PARAM(shogi_position_move_number(pos, NULL));
    CHECK_NULL_PARAM(shogi_position_piece_at(NULL, 0, &piece));
    CHECK_NULL_PARAM(shogi_position_piece_at(pos, 0, NULL));
    CHECK_NULL_PARAM(shogi_position_hand_count(NULL, SHOGI_COLOR_SENTE, SHOGI_ROLE_PAWN, &u8));
    CHECK_NULL_PARAM(shogi_position_hand_count(pos, SHOGI_COLOR_SENTE, SHOGI_ROLE_PAWN, NULL));
    CHECK_NULL_PARAM(shogi_position_king_square(NULL, SHOGI_COLOR_SENTE, &sq));
    CHECK_NULL_PARAM(shogi_position_king_square(pos, SHOGI_COLOR_SENTE, NULL));
    CHECK_NULL_PARAM(shogi_position_in_check(NULL, &flag));
    CHECK_NULL_PARAM(shogi_position_in_check(pos, NULL));
    CHECK_NULL_PARAM(shogi_position_is_checkmate(NULL, &flag));
    CHECK_NULL_PARAM(shogi_position_is_checkmate(pos, NULL));
    CHECK_NULL_PARAM(shogi_position_legal_moves(NULL, moves, 4, &len));
    CHECK_NULL_PARAM(shogi_position_legal_moves(pos, NULL, 4, &len));
    CHECK_NULL_PARAM(shogi_position_legal_moves(pos, moves, 4, NULL));
    CHECK_NULL_PARAM(shogi_position_legal_moves_from(NULL, 0, moves, 4, &len));
    CHECK_NULL_PARAM(shogi_position_legal_moves_from(pos, 0, NULL, 4, &len));
    CHECK_NULL_PARAM(shogi_position_legal_moves_from(pos, 0, moves, 4, NULL));
    CHECK_NULL_PARAM(shogi_position_legal_drops(NULL, SHOGI_ROLE_PAWN, moves, 4, &len));
    CHECK_NULL_PARAM(shogi_position_legal_drops(pos, SHOGI_ROLE_PAWN, NULL, 4, &len));
    CHECK_NULL_PARAM(shogi_position_legal_drops(pos, SHOGI_ROLE_PAWN, moves, 4, NULL));
    CHECK_NULL_PARAM(shogi_position_parse_usi(NULL, TXT("7g7f"), &m));
    CHECK_NULL_PARAM(shogi_position_parse_usi(pos, NULL, 4, &m));
    CHECK_NULL_PARAM(shogi_position_parse_usi(pos, TXT("7g7f"), NULL));
    CHECK_NULL_PARAM(shogi_position_check_move(NULL, m));
    CHECK_NULL_PARAM(shogi_position_promotion_options(NULL, 0, 1, &promotion));
    CHECK_NULL_PARAM(shogi_position_promotion_options(pos, 0, 1, NULL));
    CHECK_NULL_PARAM(shogi_position_play(NULL, m));
    CHECK_NULL_PARAM(shogi_position_undo(NULL, &m));
    CHECK_NULL_PARAM(shogi_position_undo(NULL, NULL));
    CHECK_NULL_PARAM(shogi_position_zobrist(NULL, &u64));
    CHECK_NULL_PARAM(shogi_position_zobrist(pos, NULL));
    CHECK_NULL_PARAM(shogi_position_perft(NULL, 1, &u64));
    CHECK_NULL_PARAM(shogi_position_perft(pos, 1, NULL));
    CHECK_NULL_PARAM(shogi_position_svg(NULL, SHOGI_MOVE_NONE, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_position_svg(pos, SHOGI_MOVE_NONE, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_position_svg(pos, SHOGI_MOVE_NONE, buf, sizeof buf, NULL));

    CHECK_NULL_PARAM(
        shogi_notation_format(NULL, m, SHOGI_MOVE_NONE, SHOGI_NOTATION_USI, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(
        shogi_notation_format(pos, m, SHOGI_MOVE_NONE, SHOGI_NOTATION_USI, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(
        shogi_notation_format(pos, m, SHOGI_MOVE_NONE, SHOGI_NOTATION_USI, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(
        shogi_notation_parse(NULL, SHOGI_NOTATION_USI, TXT("7g7f"), SHOGI_MOVE_NONE, &m));
    CHECK_NULL_PARAM(shogi_notation_parse(pos, SHOGI_NOTATION_USI, NULL, 4, SHOGI_MOVE_NONE, &m));
    CHECK_NULL_PARAM(
        shogi_notation_parse(pos, SHOGI_NOTATION_USI, TXT("7g7f"), SHOGI_MOVE_NONE, NULL));
}

static void game_functions(shogi_game *game) {
    shogi_game *out = NULL;
    shogi_position *pos = NULL;
    shogi_rules_config rules;
    shogi_outcome outcome;
    shogi_impasse_status status;
    shogi_clock_reading reading;
    shogi_move moves[4];
    shogi_move m = SHOGI_MOVE_NONE;
    shogi_color color;
    uint32_t u32;
    size_t len;
    char buf[64];

    CHECK_NULL_PARAM(shogi_rules_default(NULL));
    CHECK_NULL_PARAM(shogi_rules_csa27(NULL));
    CHECK_NULL_PARAM(shogi_rules_try_rule(NULL));
    CHECK_NULL_PARAM(shogi_game_new(NULL, NULL, NULL));
    CHECK_NULL_PARAM(shogi_game_clone(NULL, &out));
    CHECK_NULL_PARAM(shogi_game_clone(game, NULL));
    CHECK_NULL_PARAM(shogi_game_rules(NULL, &rules));
    CHECK_NULL_PARAM(shogi_game_rules(game, NULL));
    CHECK_NULL_PARAM(shogi_game_legal_moves(NULL, moves, 4, &len));
    CHECK_NULL_PARAM(shogi_game_legal_moves(game, NULL, 4, &len));
    CHECK_NULL_PARAM(shogi_game_legal_moves(game, moves, 4, NULL));
    CHECK_NULL_PARAM(shogi_game_position(NULL, &pos));
    CHECK_NULL_PARAM(shogi_game_position(game, NULL));
    CHECK_NULL_PARAM(shogi_game_start_position(NULL, &pos));
    CHECK_NULL_PARAM(shogi_game_start_position(game, NULL));
    CHECK(pos == NULL);
    CHECK_NULL_PARAM(shogi_game_moves(NULL, moves, 4, &len));
    CHECK_NULL_PARAM(shogi_game_moves(game, NULL, 4, &len));
    CHECK_NULL_PARAM(shogi_game_moves(game, moves, 4, NULL));
    CHECK_NULL_PARAM(shogi_game_ply_count(NULL, &len));
    CHECK_NULL_PARAM(shogi_game_ply_count(game, NULL));
    CHECK_NULL_PARAM(shogi_game_play(NULL, m));
    CHECK_NULL_PARAM(shogi_game_play_usi(NULL, TXT("7g7f")));
    CHECK_NULL_PARAM(shogi_game_play_usi(game, NULL, 4));
    CHECK_NULL_PARAM(shogi_game_play_timed(NULL, m, 0));
    CHECK_NULL_PARAM(shogi_game_check_time(NULL, 0));
    CHECK_NULL_PARAM(shogi_game_undo(NULL, &m));
    CHECK_NULL_PARAM(shogi_game_outcome(NULL, &outcome));
    CHECK_NULL_PARAM(shogi_game_outcome(game, NULL));
    CHECK_NULL_PARAM(shogi_game_repetition_count(NULL, &u32));
    CHECK_NULL_PARAM(shogi_game_repetition_count(game, NULL));
    CHECK_NULL_PARAM(shogi_game_impasse_status(NULL, &status));
    CHECK_NULL_PARAM(shogi_game_impasse_status(game, NULL));
    CHECK_NULL_PARAM(shogi_game_declare_impasse(NULL));
    CHECK_NULL_PARAM(shogi_game_resign(NULL, SHOGI_COLOR_SENTE));
    CHECK_NULL_PARAM(shogi_game_flag(NULL, SHOGI_COLOR_SENTE));
    CHECK_NULL_PARAM(shogi_game_interrupt(NULL));
    CHECK_NULL_PARAM(shogi_game_offer_draw(NULL, SHOGI_COLOR_SENTE));
    CHECK_NULL_PARAM(shogi_game_accept_draw(NULL, SHOGI_COLOR_GOTE));
    CHECK_NULL_PARAM(shogi_game_decline_draw(NULL, SHOGI_COLOR_GOTE));
    CHECK_NULL_PARAM(shogi_game_draw_offer(NULL, &color));
    CHECK_NULL_PARAM(shogi_game_draw_offer(game, NULL));
    CHECK_NULL_PARAM(shogi_game_draw_offers_made(NULL, SHOGI_COLOR_SENTE, &u32));
    CHECK_NULL_PARAM(shogi_game_draw_offers_made(game, SHOGI_COLOR_SENTE, NULL));
    CHECK_NULL_PARAM(shogi_game_clock_remaining(NULL, SHOGI_COLOR_SENTE, 0, &reading));
    CHECK_NULL_PARAM(shogi_game_clock_remaining(game, SHOGI_COLOR_SENTE, 0, NULL));
    CHECK_NULL_PARAM(shogi_game_to_usi(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_game_to_usi(game, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_game_to_usi(game, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_game_from_usi(NULL, 8, NULL, &out));
    CHECK_NULL_PARAM(shogi_game_from_usi(TXT("startpos"), NULL, NULL));
    CHECK_NULL_PARAM(shogi_game_from_usi_with_limits(NULL, 8, NULL, NULL, &out));
    CHECK_NULL_PARAM(shogi_game_from_usi_with_limits(TXT("startpos"), NULL, NULL, NULL));
    CHECK_NULL_PARAM(shogi_game_to_json(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_game_to_json(game, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_game_to_json(game, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_game_from_json(NULL, 2, &out));
    CHECK_NULL_PARAM(shogi_game_from_json(TXT("{}"), NULL));
    CHECK(out == NULL);
    CHECK_EQ_UINT(shogi_game_ply_count(game, &len), SHOGI_RESULT_OK);
    CHECK_EQ_UINT(len, 0);
}

static void record_functions(const shogi_record *rec, const shogi_game *game) {
    shogi_record *out = NULL;
    shogi_position *pos = NULL;
    shogi_game *g = NULL;
    shogi_record_error err;
    shogi_outcome outcome;
    shogi_move moves[4];
    size_t len;
    char buf[64];
    const char *usi = "position startpos moves 7g7f";

    memset(&err, 0, sizeof err);
    CHECK_NULL_PARAM(shogi_record_read(NULL, 10, SHOGI_RECORD_FORMAT_AUTO, &out, &err));
    CHECK_EQ_UINT(err.result, SHOGI_RESULT_NULL_PARAMETER);
    memset(&err, 0, sizeof err);
    CHECK_NULL_PARAM(shogi_record_read(BYTES(usi), SHOGI_RECORD_FORMAT_AUTO, NULL, &err));
    CHECK_EQ_UINT(err.result, SHOGI_RESULT_NULL_PARAMETER);
    CHECK_NULL_PARAM(shogi_record_read(BYTES(usi), SHOGI_RECORD_FORMAT_AUTO, NULL, NULL));
    CHECK_NULL_PARAM(shogi_read_limits_default(NULL));
    memset(&err, 0, sizeof err);
    CHECK_NULL_PARAM(
        shogi_record_read_with_limits(NULL, 10, SHOGI_RECORD_FORMAT_AUTO, NULL, &out, &err));
    CHECK_EQ_UINT(err.result, SHOGI_RESULT_NULL_PARAMETER);
    CHECK_NULL_PARAM(
        shogi_record_read_with_limits(BYTES(usi), SHOGI_RECORD_FORMAT_AUTO, NULL, NULL, NULL));
    CHECK_NULL_PARAM(shogi_record_clone(NULL, &out));
    CHECK_NULL_PARAM(shogi_record_clone(rec, NULL));
    CHECK_NULL_PARAM(shogi_record_from_game(NULL, &out));
    CHECK_NULL_PARAM(shogi_record_from_game(game, NULL));
    CHECK(out == NULL);
    CHECK_NULL_PARAM(shogi_record_start_position(NULL, &pos));
    CHECK_NULL_PARAM(shogi_record_start_position(rec, NULL));
    CHECK(pos == NULL);
    CHECK_NULL_PARAM(shogi_record_moves(NULL, moves, 4, &len));
    CHECK_NULL_PARAM(shogi_record_moves(rec, NULL, 4, &len));
    CHECK_NULL_PARAM(shogi_record_moves(rec, moves, 4, NULL));
    CHECK_NULL_PARAM(shogi_record_header(NULL, TXT("key"), buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_header(rec, NULL, 3, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_header(rec, TXT("key"), NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_header(rec, TXT("key"), buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_record_header_count(NULL, &len));
    CHECK_NULL_PARAM(shogi_record_header_count(rec, NULL));
    CHECK_NULL_PARAM(shogi_record_header_key_at(NULL, 0, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_header_key_at(rec, 0, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_header_key_at(rec, 0, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_record_header_value_at(NULL, 0, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_header_value_at(rec, 0, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_header_value_at(rec, 0, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_record_stated_outcome(NULL, &outcome));
    CHECK_NULL_PARAM(shogi_record_stated_outcome(rec, NULL));
    CHECK_NULL_PARAM(shogi_record_game(NULL, NULL, &g));
    CHECK_NULL_PARAM(shogi_record_game(rec, NULL, NULL));
    CHECK(g == NULL);
    CHECK_NULL_PARAM(shogi_record_write(NULL, SHOGI_RECORD_FORMAT_KIF, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_write(rec, SHOGI_RECORD_FORMAT_KIF, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_write(rec, SHOGI_RECORD_FORMAT_KIF, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_record_dropped(NULL, SHOGI_RECORD_FORMAT_USI, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_dropped(rec, SHOGI_RECORD_FORMAT_USI, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_dropped(rec, SHOGI_RECORD_FORMAT_USI, buf, sizeof buf, NULL));
}

/* The tree and editing functions; `rec` has moves but no headers, variations or end. */
static void record_tree_functions(shogi_record *rec) {
    shogi_record *out = NULL;
    shogi_position *pos = NULL;
    shogi_line_info info;
    shogi_line_end end = {SHOGI_SPECIAL_RESIGN, {false, 0, false, 0}};
    shogi_record_time time = {false, 0, false, 0};
    shogi_comment_kind kind = 0;
    shogi_line_id id = 0;
    shogi_move moves[4];
    shogi_move m = SHOGI_MOVE_NONE;
    size_t len;
    bool flag;
    char buf[64];

    CHECK_NULL_PARAM(shogi_special_move_name(SHOGI_SPECIAL_RESIGN, NULL, 8, &len));
    CHECK_NULL_PARAM(shogi_special_move_name(SHOGI_SPECIAL_RESIGN, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_record_line_count(NULL, &len));
    CHECK_NULL_PARAM(shogi_record_line_count(rec, NULL));
    CHECK_NULL_PARAM(shogi_record_line_info(NULL, SHOGI_LINE_MAIN, &info));
    CHECK_NULL_PARAM(shogi_record_line_info(rec, SHOGI_LINE_MAIN, NULL));
    CHECK_NULL_PARAM(shogi_record_variation_count(NULL, SHOGI_LINE_MAIN, 0, &len));
    CHECK_NULL_PARAM(shogi_record_variation_count(rec, SHOGI_LINE_MAIN, 0, NULL));
    CHECK_NULL_PARAM(shogi_record_variation_at(NULL, SHOGI_LINE_MAIN, 0, 0, &id));
    CHECK_NULL_PARAM(shogi_record_variation_at(rec, SHOGI_LINE_MAIN, 0, 0, NULL));
    CHECK_NULL_PARAM(shogi_record_line_moves(NULL, SHOGI_LINE_MAIN, moves, 4, &len));
    CHECK_NULL_PARAM(shogi_record_line_moves(rec, SHOGI_LINE_MAIN, NULL, 4, &len));
    CHECK_NULL_PARAM(shogi_record_line_moves(rec, SHOGI_LINE_MAIN, moves, 4, NULL));
    CHECK_NULL_PARAM(shogi_record_move_at(NULL, SHOGI_LINE_MAIN, 0, &m));
    CHECK_NULL_PARAM(shogi_record_move_at(rec, SHOGI_LINE_MAIN, 0, NULL));
    CHECK_NULL_PARAM(shogi_record_move_time(NULL, SHOGI_LINE_MAIN, 0, &time));
    CHECK_NULL_PARAM(shogi_record_move_time(rec, SHOGI_LINE_MAIN, 0, NULL));
    CHECK_NULL_PARAM(shogi_record_move_comment_count(NULL, SHOGI_LINE_MAIN, 0, &len));
    CHECK_NULL_PARAM(shogi_record_move_comment_count(rec, SHOGI_LINE_MAIN, 0, NULL));
    CHECK_NULL_PARAM(
        shogi_record_move_comment(NULL, SHOGI_LINE_MAIN, 0, 0, &kind, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(
        shogi_record_move_comment(rec, SHOGI_LINE_MAIN, 0, 0, &kind, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(
        shogi_record_move_comment(rec, SHOGI_LINE_MAIN, 0, 0, &kind, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_record_start_comment_count(NULL, &len));
    CHECK_NULL_PARAM(shogi_record_start_comment_count(rec, NULL));
    CHECK_NULL_PARAM(shogi_record_start_comment(NULL, 0, &kind, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_start_comment(rec, 0, &kind, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_start_comment(rec, 0, &kind, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_record_line_end(NULL, SHOGI_LINE_MAIN, &end));
    CHECK_NULL_PARAM(shogi_record_line_end(rec, SHOGI_LINE_MAIN, NULL));
    CHECK_NULL_PARAM(shogi_record_end_comment_count(NULL, SHOGI_LINE_MAIN, &len));
    CHECK_NULL_PARAM(shogi_record_end_comment_count(rec, SHOGI_LINE_MAIN, NULL));
    CHECK_NULL_PARAM(
        shogi_record_end_comment(NULL, SHOGI_LINE_MAIN, 0, &kind, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(
        shogi_record_end_comment(rec, SHOGI_LINE_MAIN, 0, &kind, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(
        shogi_record_end_comment(rec, SHOGI_LINE_MAIN, 0, &kind, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_record_position_at(NULL, SHOGI_LINE_MAIN, 0, &pos));
    CHECK_NULL_PARAM(shogi_record_position_at(rec, SHOGI_LINE_MAIN, 0, NULL));
    CHECK(pos == NULL);
    CHECK_NULL_PARAM(shogi_record_handicap(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_handicap(rec, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_record_handicap(rec, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_record_equal(NULL, rec, &flag));
    CHECK_NULL_PARAM(shogi_record_equal(rec, NULL, &flag));
    CHECK_NULL_PARAM(shogi_record_equal(rec, rec, NULL));

    CHECK_NULL_PARAM(shogi_record_new(NULL, &out));
    CHECK(out == NULL);
    CHECK_NULL_PARAM(shogi_record_set_header(NULL, TXT("k"), TXT("v")));
    CHECK_NULL_PARAM(shogi_record_set_header(rec, NULL, 1, TXT("v")));
    CHECK_NULL_PARAM(shogi_record_set_header(rec, TXT("k"), NULL, 1));
    CHECK_NULL_PARAM(shogi_record_add_header(NULL, TXT("k"), TXT("v")));
    CHECK_NULL_PARAM(shogi_record_add_header(rec, NULL, 1, TXT("v")));
    CHECK_NULL_PARAM(shogi_record_add_header(rec, TXT("k"), NULL, 1));
    CHECK_NULL_PARAM(shogi_record_remove_header(NULL, TXT("k")));
    CHECK_NULL_PARAM(shogi_record_remove_header(rec, NULL, 1));
    CHECK_NULL_PARAM(shogi_record_push_move(NULL, SHOGI_LINE_MAIN, m));
    CHECK_NULL_PARAM(shogi_record_truncate_line(NULL, SHOGI_LINE_MAIN, 0));
    CHECK_NULL_PARAM(shogi_record_set_move_time(NULL, SHOGI_LINE_MAIN, 0, &time));
    CHECK_NULL_PARAM(shogi_record_set_move_time(rec, SHOGI_LINE_MAIN, 0, NULL));
    CHECK_NULL_PARAM(
        shogi_record_add_move_comment(NULL, SHOGI_LINE_MAIN, 0, SHOGI_COMMENT_NORMAL, TXT("c")));
    CHECK_NULL_PARAM(
        shogi_record_add_move_comment(rec, SHOGI_LINE_MAIN, 0, SHOGI_COMMENT_NORMAL, NULL, 1));
    CHECK_NULL_PARAM(shogi_record_clear_move_comments(NULL, SHOGI_LINE_MAIN, 0));
    CHECK_NULL_PARAM(shogi_record_add_start_comment(NULL, SHOGI_COMMENT_NORMAL, TXT("c")));
    CHECK_NULL_PARAM(shogi_record_add_start_comment(rec, SHOGI_COMMENT_NORMAL, NULL, 1));
    CHECK_NULL_PARAM(shogi_record_clear_start_comments(NULL));
    CHECK_NULL_PARAM(shogi_record_set_line_end(NULL, SHOGI_LINE_MAIN, &end));
    CHECK_NULL_PARAM(shogi_record_set_line_end(rec, SHOGI_LINE_MAIN, NULL));
    CHECK_NULL_PARAM(
        shogi_record_add_end_comment(NULL, SHOGI_LINE_MAIN, SHOGI_COMMENT_NORMAL, TXT("c")));
    CHECK_NULL_PARAM(
        shogi_record_add_end_comment(rec, SHOGI_LINE_MAIN, SHOGI_COMMENT_NORMAL, NULL, 1));
    CHECK_NULL_PARAM(shogi_record_clear_end_comments(NULL, SHOGI_LINE_MAIN));
    CHECK_NULL_PARAM(shogi_record_add_variation(NULL, SHOGI_LINE_MAIN, 0, SHOGI_MOVE_NONE, &id));
    CHECK_NULL_PARAM(shogi_record_add_variation(rec, SHOGI_LINE_MAIN, 0, SHOGI_MOVE_NONE, NULL));
    CHECK_NULL_PARAM(shogi_record_remove_variation(NULL, 1));

    /* The NULL checks left the record as it was. */
    CHECK_OK(shogi_record_line_count(rec, &len));
    CHECK_EQ_UINT(len, 1);
    CHECK_OK(shogi_record_header_count(rec, &len));
    CHECK_EQ_UINT(len, 0);
    CHECK_OK(shogi_record_line_end(rec, SHOGI_LINE_MAIN, &end));
    CHECK_EQ_UINT(end.special, SHOGI_SPECIAL_NONE);
}

void test_null_parameters(void) {
    shogi_position *pos = NULL;
    shogi_game *game = NULL;
    shogi_record *rec = NULL;
    const char *usi = "position startpos moves 7g7f 3c3d";
    char buf[8];
    size_t len;
    check_suite("NULL parameters");

    CHECK_NULL_PARAM(shogi_result_message(SHOGI_RESULT_OK, NULL, 8, &len));
    CHECK_NULL_PARAM(shogi_result_message(SHOGI_RESULT_OK, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_move_to_usi(SHOGI_MOVE_NONE, buf, sizeof buf, NULL));

    if (CHECK_OK(shogi_position_new(&pos))) {
        position_functions(pos);
        shogi_position_free(pos);
    }
    if (CHECK_OK(shogi_game_new(NULL, NULL, &game))) {
        if (CHECK_OK(shogi_record_read(BYTES(usi), SHOGI_RECORD_FORMAT_USI, &rec, NULL))) {
            game_functions(game);
            record_functions(rec, game);
            record_tree_functions(rec);
            shogi_record_free(rec);
        }
        shogi_game_free(game);
    }
    /* The free functions accept NULL. */
    shogi_position_free(NULL);
    shogi_game_free(NULL);
    shogi_record_free(NULL);
}

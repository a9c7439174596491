/* Helpers shared by the C tests of the xiangqi C API: result checks that print the result
 * names, the caller-buffer protocol checks, and short ways to build positions and moves. The
 * assertion framework is the shared one of tests/c (check.h, check.c). */
#ifndef XIANGQI_C_TESTS_SUPPORT_H
#define XIANGQI_C_TESTS_SUPPORT_H

#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "xiangqi_rules.h"

/* The library-independent checks (CHECK_RES, CHECK_OK, CHECK_NULL_PARAM, CHECK_TEXT_OUT, TXT)
 * with this library's codes. */
#define TEST_RESULT_OK XIANGQI_RESULT_OK
#define TEST_RESULT_NULL_PARAMETER XIANGQI_RESULT_NULL_PARAMETER
#define TEST_RESULT_BUFFER_TOO_SMALL XIANGQI_RESULT_BUFFER_TOO_SMALL
#include "support_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The start position's FEN. */
#define START_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

/* The byte the array checks fill their buffers with, and whether `size` bytes at `p` still
 * hold it (nothing was written there). */
#define UNWRITTEN 0xA5
int unwritten(const void *p, size_t size);

/* The buffer protocol of an array-out function (moves, points), given as CALL(buf, cap,
 * out_len) writing values of TYPE: a count query, a buffer one value short (nothing written, the
 * count reported), the exact buffer, and the NULL cases. Leaves the values in OUT (an array of
 * at least `count` values). */
#define CHECK_ARRAY_OUT(CALL, TYPE, expected_count, out)                                           \
    do {                                                                                           \
        size_t ml_n_ = 12345;                                                                      \
        size_t ml_count_ = (size_t)(expected_count);                                               \
        TYPE *ml_buf_;                                                                             \
        if (ml_count_ > 0) {                                                                       \
            CHECK_RES(CALL(NULL, 0, &ml_n_), XIANGQI_RESULT_BUFFER_TOO_SMALL);                     \
            CHECK_EQ_UINT(ml_n_, ml_count_);                                                       \
        }                                                                                          \
        ml_buf_ = (TYPE *)malloc((ml_count_ + 1) * sizeof(TYPE));                                  \
        memset(ml_buf_, UNWRITTEN, (ml_count_ + 1) * sizeof(TYPE));                                \
        if (ml_count_ > 0) {                                                                       \
            ml_n_ = 0;                                                                             \
            CHECK_RES(CALL(ml_buf_, ml_count_ - 1, &ml_n_), XIANGQI_RESULT_BUFFER_TOO_SMALL);      \
            CHECK_EQ_UINT(ml_n_, ml_count_);                                                       \
            CHECK(unwritten(&ml_buf_[0], sizeof(TYPE)));                                           \
        }                                                                                          \
        ml_n_ = 12345;                                                                             \
        CHECK_OK(CALL(ml_buf_, ml_count_, &ml_n_));                                                \
        CHECK_EQ_UINT(ml_n_, ml_count_);                                                           \
        CHECK(unwritten(&ml_buf_[ml_count_], sizeof(TYPE)));                                       \
        CHECK_NULL_PARAM(CALL(NULL, 4, &ml_n_));                                                   \
        CHECK_NULL_PARAM(CALL(ml_buf_, ml_count_, NULL));                                          \
        memcpy((out), ml_buf_, ml_count_ * sizeof(TYPE));                                          \
        free(ml_buf_);                                                                             \
    } while (0)

/* CHECK_ARRAY_OUT for a move-list function. */
#define CHECK_MOVES_OUT(CALL, expected_count, moves)                                               \
    CHECK_ARRAY_OUT(CALL, xiangqi_move, expected_count, moves)

/* A position from FEN, or NULL (a recorded failure). */
xiangqi_position *position_from(const char *fen);
/* The FEN of `pos` into `buf` (128 bytes); "" on failure. */
const char *fen_of(const xiangqi_position *pos, char *buf);
/* The legal move `iccs` in `pos`, or XIANGQI_MOVE_NONE (a recorded failure). */
xiangqi_move iccs_move(const xiangqi_position *pos, const char *iccs);
/* The ICCS text of `m` into `buf` (8 bytes); "" on failure. */
const char *iccs_of(xiangqi_move m, char *buf);
/* The point named in ICCS (`h2`). */
xiangqi_square point(const char *iccs_point);
/* The color named `red` or `black`, or XIANGQI_COLOR_NONE for anything else. */
xiangqi_color color_named(const char *name);
/* The termination named as in the data (`checkmate`, `ply_limit`, ...), or
 * XIANGQI_TERMINATION_OTHER. */
xiangqi_termination termination_named(const char *name);
/* The result code of the illegal-move reason named as in the data (`no_screen`), found through
 * xiangqi_result_name; XIANGQI_RESULT_OK when no code has that name. */
uint32_t reason_code(const char *reason);
/* The outcome of `game` ({NONE, NONE} on failure). */
xiangqi_outcome outcome_of(const xiangqi_game *game);
/* Checks the outcome of `game`. */
int check_outcome(const xiangqi_game *game, xiangqi_color winner,
                  xiangqi_termination termination, const char *file, int line);
#define CHECK_OUTCOME(game, winner, termination)                                                   \
    check_outcome((game), (winner), (termination), __FILE__, __LINE__)
/* A game from FEN under `rules` (NULL: the site rules), or NULL. */
xiangqi_game *game_from(const char *fen, const xiangqi_rules *rules);

/* The test groups, one per file. */
void test_results(void);
void test_squares_and_moves(void);
void test_positions(void);
void test_games(void);
void test_null_parameters(void);
void test_threads(void);
void test_robustness(void);
void test_data(const char *data_tsv, unsigned long long perft_limit);
void test_notation(const char *notation_tsv);
void test_records(const char *corpus_dir);

#ifdef __cplusplus
}
#endif

#endif

/* Helpers shared by the C test files: result checks that print the result names, the
 * caller-buffer protocol checks, and short ways to build positions and moves. */
#ifndef SHOGI_C_TESTS_SUPPORT_H
#define SHOGI_C_TESTS_SUPPORT_H

#include <stdlib.h>
#include <string.h>

#include "shogi_rules.h"

/* The library-independent checks (CHECK_RES, CHECK_OK, CHECK_NULL_PARAM, CHECK_TEXT_OUT, TXT)
 * with this library's codes. */
#define TEST_RESULT_OK SHOGI_RESULT_OK
#define TEST_RESULT_NULL_PARAMETER SHOGI_RESULT_NULL_PARAMETER
#define TEST_RESULT_BUFFER_TOO_SMALL SHOGI_RESULT_BUFFER_TOO_SMALL
#include "support_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The (ptr, len) pair of a string literal or a NUL-terminated string, as bytes. */
#define BYTES(s) (const uint8_t *)(s), strlen(s)

/* Fetches the text of CALL(buf, len, out_len) into DST, a malloc'd string (NULL on failure,
 * which is recorded as a failed check). */
#define FETCH_TEXT(CALL, dst)                                                                      \
    do {                                                                                           \
        size_t ft_need_ = 0;                                                                       \
        uint32_t ft_res_ = (uint32_t)CALL(NULL, 0, &ft_need_);                                     \
        (dst) = NULL;                                                                              \
        if (CHECK_RES(ft_res_, SHOGI_RESULT_BUFFER_TOO_SMALL)) {                                   \
            (dst) = (char *)malloc(ft_need_ + 1);                                                  \
            if (!CHECK_OK(CALL((dst), ft_need_ + 1, &ft_need_))) {                                 \
                free(dst);                                                                         \
                (dst) = NULL;                                                                      \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/* The buffer protocol of a move-list function, given as CALL(buf, cap, out_len): a count
 * query, a buffer one move short (nothing written, the count reported), the exact buffer, and
 * the NULL cases. Leaves the moves in MOVES (an array of at least `count` moves). */
#define CHECK_MOVES_OUT(CALL, expected_count, moves)                                               \
    do {                                                                                           \
        size_t ml_n_ = 12345;                                                                      \
        size_t ml_count_ = (size_t)(expected_count);                                               \
        shogi_move *ml_buf_;                                                                       \
        size_t ml_i_;                                                                              \
        if (ml_count_ > 0) {                                                                       \
            CHECK_RES(CALL(NULL, 0, &ml_n_), SHOGI_RESULT_BUFFER_TOO_SMALL);                       \
            CHECK_EQ_UINT(ml_n_, ml_count_);                                                       \
        }                                                                                          \
        ml_buf_ = (shogi_move *)malloc((ml_count_ + 1) * sizeof(shogi_move));                      \
        for (ml_i_ = 0; ml_i_ <= ml_count_; ml_i_++) {                                             \
            ml_buf_[ml_i_] = 0xdeadbeefu;                                                          \
        }                                                                                          \
        if (ml_count_ > 0) {                                                                       \
            ml_n_ = 0;                                                                             \
            CHECK_RES(CALL(ml_buf_, ml_count_ - 1, &ml_n_), SHOGI_RESULT_BUFFER_TOO_SMALL);        \
            CHECK_EQ_UINT(ml_n_, ml_count_);                                                       \
            CHECK_EQ_UINT(ml_buf_[0], 0xdeadbeefu);                                                \
        }                                                                                          \
        ml_n_ = 12345;                                                                             \
        CHECK_OK(CALL(ml_buf_, ml_count_, &ml_n_));                                                \
        CHECK_EQ_UINT(ml_n_, ml_count_);                                                           \
        CHECK_EQ_UINT(ml_buf_[ml_count_], 0xdeadbeefu);                                            \
        CHECK_NULL_PARAM(CALL(NULL, 4, &ml_n_));                                                   \
        CHECK_NULL_PARAM(CALL(ml_buf_, ml_count_, NULL));                                          \
        memcpy((moves), ml_buf_, ml_count_ * sizeof(shogi_move));                                  \
        free(ml_buf_);                                                                             \
    } while (0)

/* A position from SFEN, or NULL (a recorded failure). */
shogi_position *position_from(const char *sfen);
/* The SFEN of `pos` into `buf` (256 bytes); "" on failure. */
const char *sfen_of(const shogi_position *pos, char *buf);
/* The legal move `usi` in `pos`, or SHOGI_MOVE_NONE (a recorded failure). */
shogi_move usi_move(const shogi_position *pos, const char *usi);
/* The USI text of `m` into `buf` (16 bytes); "" on failure. */
const char *usi_of(shogi_move m, char *buf);
/* The square named in USI (`7g`). */
shogi_square square_of(const char *usi_square);
/* The outcome of `game` ({false, NONE, NONE} on failure). */
shogi_outcome outcome_of(const shogi_game *game);
/* Checks the outcome of `game` against the three fields. */
int check_outcome(const shogi_game *game, int is_over, shogi_color winner,
                  shogi_termination termination, const char *file, int line);
#define CHECK_OUTCOME(game, is_over, winner, termination)                                          \
    check_outcome((game), (is_over), (winner), (termination), __FILE__, __LINE__)
/* A game from SFEN under `rules` (NULL: the site rules), or NULL. */
shogi_game *game_from(const char *sfen, const shogi_rules_config *rules);
/* The SFEN of the game's current position into `buf` (256 bytes). */
const char *game_sfen(const shogi_game *game, char *buf);

/* Writes `rec` in every format and reads each text back (detected and declared): the same
 * start position and moves (test_records.c). `kif_not_detected`: the record comes from a CSA
 * file whose headers make its KIF text look like CSA (a known fault, see test_records.c). */
void check_record_round_trip(const shogi_record *rec, const char *name);

/* A KIF record (UTF-8, NUL-terminated, malloc'd; NULL when out of memory) whose variations
 * nest `depth` deep: a main line of four king moves, then `depth` `変化` blocks, each branching
 * off the one before it at its second move (as deep_kif in shogi-rules/tests/hostile.rs). */
char *deep_kif(size_t depth);

/* A copy of `from` built from nothing through the editing functions (shogi_record_new,
 * headers, comments, moves pushed, times, ends and variations added), walking `from` with an
 * explicit stack (test_record_tree.c); NULL after a recorded failure. */
shogi_record *rebuild_record(const shogi_record *from);

/* Checks that `a` and `b` are equal records that write the same text in `format`. */
void check_same_record(const shogi_record *a, const shogi_record *b, shogi_record_format format,
                       const char *name);

/* The test groups, one per file. `data_dir` is tests/data. */
void test_version(void);
void test_results(void);
void test_squares_and_moves(void);
void test_positions(void);
void test_null_parameters(void);
void test_notation(void);
void test_games(void);
void test_records(const char *data_dir);
void test_record_tree(const char *data_dir);
void test_collections(const char *data_dir);
void test_usi(const char *data_dir);
void test_threads(void);
void test_ai(void);
void test_training(void);
void test_deep_records(void);
void test_conformance(const char *data_dir, const char *cases_tsv, unsigned long long perft_limit);

#ifdef __cplusplus
}
#endif

#endif

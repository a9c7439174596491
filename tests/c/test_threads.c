/* Thread safety as the header states it: several threads read one const position and one
 * const record at once (perft, legal moves, SFEN, writing), and handles made in one thread are
 * used and freed in another. */
#include <pthread.h>
#include <stdio.h>

#include "support.h"

#define THREADS 4
#define MATSURI "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"

struct shared {
    const shogi_position *pos;
    const shogi_record *rec;
    shogi_game *own_game; /* made by the main thread, used and freed here */
    int failures;
};

static void *reader(void *arg) {
    struct shared *s = (struct shared *)arg;
    shogi_move moves[SHOGI_MAX_LEGAL_MOVES];
    size_t n = 0;
    uint64_t nodes = 0;
    char sfen[256];
    char kif[16384];
    int round;
    /* Failures are counted here and checked by the main thread: the check counters are not
     * meant for several threads. */
    for (round = 0; round < 3; round++) {
        if (shogi_position_perft(s->pos, 2, &nodes) != SHOGI_RESULT_OK || nodes != 28684) {
            s->failures++;
        }
        if (shogi_position_legal_moves(s->pos, moves, SHOGI_MAX_LEGAL_MOVES, &n) !=
                SHOGI_RESULT_OK ||
            n != 207) {
            s->failures++;
        }
        if (shogi_position_to_sfen(s->pos, sfen, sizeof sfen, &n) != SHOGI_RESULT_OK ||
            strcmp(sfen, MATSURI) != 0) {
            s->failures++;
        }
        if (shogi_record_write(s->rec, SHOGI_RECORD_FORMAT_KIF, kif, sizeof kif, &n) !=
            SHOGI_RESULT_OK) {
            s->failures++;
        }
    }
    if (shogi_game_play_usi(s->own_game, TXT("7g7f")) != SHOGI_RESULT_OK) {
        s->failures++;
    }
    shogi_game_free(s->own_game);
    s->own_game = NULL;
    return NULL;
}

void test_threads(void) {
    pthread_t threads[THREADS];
    struct shared shared[THREADS];
    shogi_position *pos = position_from(MATSURI);
    shogi_record *rec = NULL;
    const char *usi = "position startpos moves 7g7f 3c3d 2g2f 8c8d";
    int i;
    check_suite("threads");
    if (pos == NULL ||
        !CHECK_OK(shogi_record_read(BYTES(usi), SHOGI_RECORD_FORMAT_USI, &rec, NULL))) {
        shogi_position_free(pos);
        return;
    }
    for (i = 0; i < THREADS; i++) {
        shared[i].pos = pos;
        shared[i].rec = rec;
        shared[i].failures = 0;
        shared[i].own_game = NULL;
        CHECK_OK(shogi_game_new(NULL, NULL, &shared[i].own_game));
        CHECK_EQ_INT(pthread_create(&threads[i], NULL, reader, &shared[i]), 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK_EQ_INT(pthread_join(threads[i], NULL), 0);
        CHECK_EQ_INT(shared[i].failures, 0);
        CHECK(shared[i].own_game == NULL);
    }
    shogi_record_free(rec);
    shogi_position_free(pos);
}

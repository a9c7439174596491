/* Thread safety as the header states it: several threads read one const position, one const
 * game and one const record at once (perft, legal moves, FEN, reasons, notations, the record's
 * moves and text), and handles made in one thread are used and freed in another. */
#include <pthread.h>

#include "support.h"

#define THREADS 4
/* cpw-4 of xiangqi-rules/tests/data/perft.json: 25 moves, 424 at depth 2. */
#define SHARED_FEN "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1"

struct shared {
    const xiangqi_position *pos;
    const xiangqi_game *game;
    const xiangqi_record *record;
    xiangqi_game *own_game; /* made by the main thread, used and freed here */
    int failures;
};

static void *reader(void *arg) {
    struct shared *s = (struct shared *)arg;
    xiangqi_move moves[XIANGQI_MAX_LEGAL_MOVES];
    size_t n = 0;
    uint64_t nodes = 0;
    size_t len = 0;
    char fen[128];
    int round;
    /* Failures are counted here and checked by the main thread: the check counters are not
     * meant for several threads. */
    for (round = 0; round < 5; round++) {
        if (xiangqi_position_perft(s->pos, 2, &nodes) != XIANGQI_RESULT_OK || nodes != 424) {
            s->failures++;
        }
        if (xiangqi_position_legal_moves(s->pos, moves, XIANGQI_MAX_LEGAL_MOVES, &n) !=
                XIANGQI_RESULT_OK ||
            n != 25) {
            s->failures++;
        }
        if (xiangqi_notation_format(s->pos, moves[0], XIANGQI_NOTATION_CHINESE, fen, sizeof fen,
                                    &len) != XIANGQI_RESULT_OK) {
            s->failures++;
        }
        if (xiangqi_position_to_fen(s->pos, fen, sizeof fen, &n) != XIANGQI_RESULT_OK ||
            strcmp(fen, SHARED_FEN) != 0) {
            s->failures++;
        }
        if (xiangqi_position_why_illegal_points(s->pos, 4, 40) !=
            XIANGQI_RESULT_ILLEGAL_NO_PIECE) {
            s->failures++;
        }
        if (xiangqi_game_legal_moves(s->game, moves, XIANGQI_MAX_LEGAL_MOVES, &n) !=
                XIANGQI_RESULT_OK ||
            n != 44) {
            s->failures++;
        }
        {
            xiangqi_move m = XIANGQI_MOVE_NONE;
            char text[512];
            if (xiangqi_record_move_at(s->record, 2, &m) != XIANGQI_RESULT_OK ||
                xiangqi_record_write(s->record, XIANGQI_NOTATION_WXF, text, sizeof text, &len) !=
                    XIANGQI_RESULT_OK ||
                strstr(text, "1. C2.5 H8+7 2. H2+3 1-0") == NULL) {
                s->failures++;
            }
        }
    }
    if (xiangqi_game_play_iccs(s->own_game, TXT("h2e2"), NULL) != XIANGQI_RESULT_OK) {
        s->failures++;
    }
    xiangqi_game_free(s->own_game);
    s->own_game = NULL;
    return NULL;
}

void test_threads(void) {
    pthread_t threads[THREADS];
    struct shared shared[THREADS];
    xiangqi_position *pos = position_from(SHARED_FEN);
    xiangqi_game *game = NULL;
    xiangqi_record *record = NULL;
    int i;
    check_suite("threads");
    if (pos == NULL || !CHECK_OK(xiangqi_game_new(NULL, &game)) ||
        !CHECK_OK(xiangqi_record_read((const uint8_t *)TXT("1. h2e2 h9g7 2. h0g2 1-0"), NULL,
                                      &record, NULL, NULL))) {
        xiangqi_game_free(game);
        xiangqi_position_free(pos);
        return;
    }
    for (i = 0; i < THREADS; i++) {
        shared[i].pos = pos;
        shared[i].game = game;
        shared[i].record = record;
        shared[i].failures = 0;
        shared[i].own_game = NULL;
        CHECK_OK(xiangqi_game_new(NULL, &shared[i].own_game));
        CHECK_EQ_INT(pthread_create(&threads[i], NULL, reader, &shared[i]), 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK_EQ_INT(pthread_join(threads[i], NULL), 0);
        CHECK_EQ_INT(shared[i].failures, 0);
        CHECK(shared[i].own_game == NULL);
    }
    xiangqi_record_free(record);
    xiangqi_game_free(game);
    xiangqi_position_free(pos);
}

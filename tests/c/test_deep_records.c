/* The deepest record the readers accept, handled on a thread with a 256 KiB stack: a KIF text
 * whose variations nest 1,000 deep (the default max_depth) is read, written in every format,
 * each text read back, replayed, cloned, walked and built again through the editing functions,
 * its outermost variation removed, and freed, and nothing in the library recurses on the
 * nesting. KIF and JKF keep every variation: written again, their text is the same. One level
 * more is refused with SHOGI_RESULT_RECORD_LIMIT_EXCEEDED, from KIF and from JKF alike, on the
 * line of the variation or fork that goes too deep. */
#include <pthread.h>
#include <stdio.h>

#include "support.h"

/* Half of the smallest default thread stack of common platforms (512 KiB). */
#define SMALL_STACK (256 * 1024)
#define DEFAULT_MAX_DEPTH 1000

struct deep_job {
    size_t depth;
};

/* Whether `message` ends with `suffix`. */
static int ends_with(const char *message, const char *suffix) {
    size_t n = strlen(message);
    size_t m = strlen(suffix);
    return n >= m && strcmp(message + n - m, suffix) == 0;
}

/* The 1-based line of `jkf` on which its `n`-th fork (from 1) opens: the writer puts each
 * fork's `[` alone on a line, after its indentation. 0 when there are fewer forks. */
static size_t fork_line(const char *jkf, size_t n) {
    size_t line = 1;
    const char *p = jkf;
    while (*p != '\0') {
        const char *q = p;
        while (*q == ' ') {
            q++;
        }
        if (q[0] == '[' && (q[1] == '\n' || q[1] == '\0') && --n == 0) {
            return line;
        }
        p = strchr(p, '\n');
        if (p == NULL) {
            break;
        }
        p++;
        line++;
    }
    return 0;
}

/* The main-line moves of `rec` (malloc'd; their number in *count). */
static shogi_move *main_line(const shogi_record *rec, size_t *count) {
    shogi_move *moves;
    *count = 0;
    shogi_record_moves(rec, NULL, 0, count);
    moves = (shogi_move *)malloc((*count + 1) * sizeof *moves);
    if (moves != NULL && !CHECK_OK(shogi_record_moves(rec, moves, *count + 1, count))) {
        *count = 0;
    }
    return moves;
}

/* The text of `rec` in `format` (malloc'd), or NULL with the result in *res. */
static char *written(const shogi_record *rec, shogi_record_format format, uint32_t *res) {
    size_t need = 0;
    char *text;
    *res = (uint32_t)shogi_record_write(rec, format, NULL, 0, &need);
    if (*res != SHOGI_RESULT_BUFFER_TOO_SMALL) {
        return NULL;
    }
    text = (char *)malloc(need + 1);
    *res = (uint32_t)shogi_record_write(rec, format, text, need + 1, &need);
    if (*res != SHOGI_RESULT_OK) {
        free(text);
        return NULL;
    }
    return text;
}

/* Runs on the small stack. The main thread waits in pthread_join meanwhile, so the checks
 * (which are not meant for several threads at once) run on one thread at a time. */
static void *deep_records(void *arg) {
    static const shogi_record_format formats[] = {
        SHOGI_RECORD_FORMAT_KIF, SHOGI_RECORD_FORMAT_KI2, SHOGI_RECORD_FORMAT_CSA,
        SHOGI_RECORD_FORMAT_JKF, SHOGI_RECORD_FORMAT_USI,
    };
    static const char *const names[] = {"KIF", "KI2", "CSA", "JKF", "USI"};
    const struct deep_job *job = (const struct deep_job *)arg;
    char *text = deep_kif(job->depth);
    shogi_record *rec = NULL;
    shogi_record *copy = NULL;
    shogi_game *game = NULL;
    shogi_record_error err;
    shogi_move *moves;
    size_t count = 0;
    size_t f;
    char *kif = NULL;
    if (!CHECK(text != NULL)) {
        return NULL;
    }
    memset(&err, 0, sizeof err);
    if (!CHECK_OK(shogi_record_read(BYTES(text), SHOGI_RECORD_FORMAT_KIF, &rec, &err))) {
        CHECK_FAIL("depth %lu: %.200s", (unsigned long)job->depth, err.message);
        free(text);
        return NULL;
    }
    free(text);
    moves = main_line(rec, &count);
    CHECK_EQ_UINT(count, 4);

    for (f = 0; f < sizeof formats / sizeof formats[0]; f++) {
        uint32_t res = SHOGI_RESULT_OK;
        char *out = written(rec, formats[f], &res);
        shogi_record *back = NULL;
        if (out == NULL) {
            CHECK_FAIL("depth %lu: writing %s gave %s", (unsigned long)job->depth, names[f],
                       result_name(res));
            continue;
        }
        memset(&err, 0, sizeof err);
        if (CHECK_OK(shogi_record_read(BYTES(out), formats[f], &back, &err))) {
            size_t n = 0;
            shogi_move *again = main_line(back, &n);
            if (n != count || memcmp(again, moves, count * sizeof *moves) != 0) {
                CHECK_FAIL("depth %lu: %s read back has other moves", (unsigned long)job->depth,
                           names[f]);
            }
            free(again);
            if (formats[f] == SHOGI_RECORD_FORMAT_KIF || formats[f] == SHOGI_RECORD_FORMAT_JKF) {
                /* KIF and JKF keep every variation: written again, the text is the same. */
                uint32_t res2 = SHOGI_RESULT_OK;
                char *twice = written(back, formats[f], &res2);
                CHECK(twice != NULL && strcmp(twice, out) == 0);
                free(twice);
            }
            if (formats[f] == SHOGI_RECORD_FORMAT_KIF) {
                kif = out;
                out = NULL;
            }
            shogi_record_free(back);
        } else {
            CHECK_FAIL("depth %lu: %s written does not read back: %.200s",
                       (unsigned long)job->depth, names[f], err.message);
        }
        free(out);
    }

    /* A copy writes the same text; the main line replays as a game. */
    if (CHECK_OK(shogi_record_clone(rec, &copy))) {
        uint32_t res = SHOGI_RESULT_OK;
        char *again = written(copy, SHOGI_RECORD_FORMAT_KIF, &res);
        CHECK(again != NULL && kif != NULL && strcmp(again, kif) == 0);
        free(again);
        shogi_record_free(copy);
    }
    if (CHECK_OK(shogi_record_game(rec, NULL, &game))) {
        size_t plies = 0;
        CHECK_OK(shogi_game_ply_count(game, &plies));
        CHECK_EQ_UINT(plies, 4);
        shogi_game_free(game);
    }
    /* Walked with a stack of line ids and built again call by call, it is the same record. */
    copy = rebuild_record(rec);
    if (CHECK(copy != NULL)) {
        size_t lines = 0;
        CHECK_OK(shogi_record_line_count(copy, &lines));
        CHECK_EQ_UINT(lines, job->depth + 1);
        check_same_record(rec, copy, SHOGI_RECORD_FORMAT_KIF, "deep record");
        /* Removing the outermost variation removes every one below it. */
        CHECK_OK(shogi_record_remove_variation(copy, 1));
        CHECK_OK(shogi_record_line_count(copy, &lines));
        CHECK_EQ_UINT(lines, 1);
        shogi_record_free(copy);
    }
    free(kif);
    free(moves);
    shogi_record_free(rec);

    /* One level deeper than the reader's limit is refused, naming the limit... */
    text = deep_kif(job->depth + 1);
    if (CHECK(text != NULL)) {
        shogi_read_limits limits;
        rec = (shogi_record *)(void *)&limits;
        memset(&err, 0, sizeof err);
        CHECK_OK(shogi_read_limits_default(&limits));
        limits.max_depth = job->depth;
        CHECK_RES(shogi_record_read_with_limits(BYTES(text), SHOGI_RECORD_FORMAT_KIF, &limits,
                                                &rec, &err),
                  SHOGI_RESULT_RECORD_LIMIT_EXCEEDED);
        /* The last 変化 block, the (depth + 1)-th, starts on line 5 (depth + 1) + 2. */
        CHECK_EQ_UINT(err.line, 5 * (job->depth + 1) + 2);
        CHECK(ends_with(err.message, "(limit: depth)"));
        CHECK(rec == (shogi_record *)(void *)&limits);
        /* ...by shogi_record_read too, whose limit is the default. */
        memset(&err, 0, sizeof err);
        CHECK_RES(shogi_record_read(BYTES(text), SHOGI_RECORD_FORMAT_AUTO, &rec, &err),
                  SHOGI_RESULT_RECORD_LIMIT_EXCEEDED);
        CHECK(ends_with(err.message, "(limit: depth)"));
        /* ...and reads once the limit allows it. */
        limits.max_depth = job->depth + 1;
        rec = NULL;
        if (CHECK_OK(shogi_record_read_with_limits(BYTES(text), SHOGI_RECORD_FORMAT_KIF, &limits,
                                                   &rec, NULL))) {
            /* Written as JKF, it is refused the same way, on the line of the fork that goes one
             * level too deep, and reads within the higher limit. */
            uint32_t res = SHOGI_RESULT_OK;
            char *jkf = written(rec, SHOGI_RECORD_FORMAT_JKF, &res);
            shogi_record *back = NULL;
            if (CHECK(jkf != NULL)) {
                memset(&err, 0, sizeof err);
                CHECK_RES(shogi_record_read(BYTES(jkf), SHOGI_RECORD_FORMAT_AUTO, &back, &err),
                          SHOGI_RESULT_RECORD_LIMIT_EXCEEDED);
                CHECK(ends_with(err.message, "(limit: depth)"));
                CHECK(fork_line(jkf, job->depth + 1) != 0);
                CHECK_EQ_UINT(err.line, fork_line(jkf, job->depth + 1));
                if (CHECK_OK(shogi_record_read_with_limits(BYTES(jkf), SHOGI_RECORD_FORMAT_JKF,
                                                           &limits, &back, NULL))) {
                    shogi_record_free(back);
                }
            }
            free(jkf);
            shogi_record_free(rec);
        }
        free(text);
    }
    return NULL;
}

void test_deep_records(void) {
    pthread_attr_t attr;
    pthread_t thread;
    /* The full depth under valgrind too: there it takes a few seconds. */
    struct deep_job job = {DEFAULT_MAX_DEPTH};
    check_suite("deep records");
    CHECK_EQ_INT(pthread_attr_init(&attr), 0);
    CHECK_EQ_INT(pthread_attr_setstacksize(&attr, SMALL_STACK), 0);
    if (CHECK_EQ_INT(pthread_create(&thread, &attr, deep_records, &job), 0)) {
        CHECK_EQ_INT(pthread_join(thread, NULL), 0);
    }
    pthread_attr_destroy(&attr);
}

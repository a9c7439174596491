/* replay: reads a game record (KIF, KI2, CSA, JKF or USI; UTF-8, CP932 or EUC-JP; the format
 * and encoding are detected) and prints each move in USI and in Japanese (or Western)
 * notation, then the result.
 *
 *   replay [--western] FILE      (FILE "-" reads standard input)
 *
 * Output, one line per move, then the result:
 *   1 7g7f ▲７六歩
 *   2 3c3d △３四歩
 *   ...
 *   outcome: sente wins by resignation
 * The result is the one the rules give when the record is replayed as a game, with the
 * endings only a record can know (resignation, time loss, ...) taken from the record. When
 * the rules end the game before the record does, the record's own result is printed instead,
 * marked `(as stated; the rules end the game earlier)`.
 *
 * Exit status: 0 on success; 1 when the file cannot be read or is not a valid record (the
 * message names the line and column, `FILE:LINE:COLUMN: message`); 2 on a usage error.
 *
 * Build: cc -std=c99 replay.c -I<prefix>/include -L<prefix>/lib -lshogi_rules */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shogi_rules.h"

/* The whole file (or standard input), or NULL. */
static unsigned char *read_all(const char *path, size_t *len) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t cap = 0;
    *len = 0;
    if (f == NULL) {
        return NULL;
    }
    for (;;) {
        size_t n;
        if (cap - *len < 4096) {
            unsigned char *grown;
            cap = cap ? cap * 2 : 65536;
            grown = (unsigned char *)realloc(buf, cap);
            if (grown == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
        }
        n = fread(buf + *len, 1, cap - *len, f);
        *len += n;
        if (n == 0) {
            if (ferror(f)) {
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (f != stdin) {
        fclose(f);
    }
    return buf;
}

/* Prints why a call failed, with the library's message. */
static void report(const char *what, shogi_result result) {
    char message[256];
    size_t len = 0;
    if (shogi_result_message(result, message, sizeof message, &len) != SHOGI_RESULT_OK) {
        strcpy(message, "unknown error");
    }
    fprintf(stderr, "replay: %s: %s\n", what, message);
}

static void print_outcome(const shogi_outcome *outcome, const char *note) {
    const char *how = shogi_termination_name(outcome->termination);
    if (how == NULL) {
        how = "unknown ending";
    }
    if (!outcome->is_over) {
        printf("outcome: none (the game goes on)%s\n", note);
    } else if (outcome->winner == SHOGI_COLOR_SENTE || outcome->winner == SHOGI_COLOR_GOTE) {
        printf("outcome: %s wins by %s%s\n",
               outcome->winner == SHOGI_COLOR_SENTE ? "sente" : "gote", how, note);
    } else if (outcome->termination == SHOGI_TERMINATION_INTERRUPTED) {
        printf("outcome: no result (%s)%s\n", how, note);
    } else {
        printf("outcome: draw by %s%s\n", how, note);
    }
}

int main(int argc, char **argv) {
    shogi_notation notation = SHOGI_NOTATION_JAPANESE;
    const char *path = NULL;
    unsigned char *bytes;
    size_t len = 0;
    shogi_record *record = NULL;
    shogi_record_error error;
    shogi_position *pos = NULL;
    shogi_game *game = NULL;
    shogi_move *moves = NULL;
    shogi_move previous = SHOGI_MOVE_NONE;
    shogi_outcome outcome;
    size_t count = 0;
    size_t i;
    shogi_result res;
    int status = 0;

    for (i = 1; i < (size_t)argc; i++) {
        if (strcmp(argv[i], "--western") == 0) {
            notation = SHOGI_NOTATION_WESTERN;
        } else if (path == NULL) {
            path = argv[i];
        } else {
            path = NULL;
            break;
        }
    }
    if (path == NULL) {
        fprintf(stderr, "usage: %s [--western] FILE   (FILE - reads standard input)\n", argv[0]);
        return 2;
    }

    bytes = read_all(path, &len);
    if (bytes == NULL) {
        fprintf(stderr, "replay: %s: cannot read the file\n", path);
        return 1;
    }
    res = shogi_record_read(bytes, len, SHOGI_RECORD_FORMAT_AUTO, &record, &error);
    free(bytes);
    if (res != SHOGI_RESULT_OK) {
        fprintf(stderr, "%s:%lu:%lu: %s\n", path, (unsigned long)error.line,
                (unsigned long)error.column, error.message);
        return 1;
    }

    /* The moves, and a position to write each one from. */
    res = shogi_record_moves(record, NULL, 0, &count);
    if (res == SHOGI_RESULT_BUFFER_TOO_SMALL) {
        moves = (shogi_move *)malloc(count * sizeof *moves);
        res = moves != NULL ? shogi_record_moves(record, moves, count, &count) : SHOGI_RESULT_PANIC;
    }
    if (res == SHOGI_RESULT_OK) {
        res = shogi_record_start_position(record, &pos);
    }
    for (i = 0; res == SHOGI_RESULT_OK && i < count; i++) {
        char usi[16];
        char text[64];
        res = shogi_move_to_usi(moves[i], usi, sizeof usi, &len);
        if (res == SHOGI_RESULT_OK) {
            res = shogi_notation_format(pos, moves[i], previous, notation, text, sizeof text, &len);
        }
        if (res == SHOGI_RESULT_OK) {
            printf("%lu %s %s\n", (unsigned long)(i + 1), usi, text);
            res = shogi_position_play(pos, moves[i]);
            previous = moves[i];
        }
    }
    if (res != SHOGI_RESULT_OK) {
        report("moves", res);
        status = 1;
    } else {
        res = shogi_record_game(record, NULL, &game);
        if (res == SHOGI_RESULT_OK && shogi_game_outcome(game, &outcome) == SHOGI_RESULT_OK) {
            print_outcome(&outcome, "");
        } else if (res == SHOGI_RESULT_GAME_OVER &&
                   shogi_record_stated_outcome(record, &outcome) == SHOGI_RESULT_OK) {
            print_outcome(&outcome, " (as stated; the rules end the game earlier)");
        } else {
            report("outcome", res);
            status = 1;
        }
    }

    shogi_game_free(game);
    shogi_position_free(pos);
    shogi_record_free(record);
    free(moves);
    return status;
}

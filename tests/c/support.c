/* Helpers shared by the C test files: see support.h. */
#include "support.h"

#include <stdio.h>

const char *result_name(uint32_t result) {
    const char *name = shogi_result_name(result);
    return name != NULL ? name : "(unknown)";
}

shogi_position *position_from(const char *sfen) {
    shogi_position *pos = NULL;
    uint32_t res = (uint32_t)shogi_position_from_sfen(TXT(sfen), &pos);
    if (res != SHOGI_RESULT_OK) {
        CHECK_FAIL("cannot load `%s`: %s", sfen, result_name(res));
        return NULL;
    }
    return pos;
}

const char *sfen_of(const shogi_position *pos, char *buf) {
    size_t len = 0;
    if (shogi_position_to_sfen(pos, buf, 256, &len) != SHOGI_RESULT_OK) {
        CHECK_FAIL("shogi_position_to_sfen failed");
        buf[0] = '\0';
    }
    return buf;
}

shogi_move usi_move(const shogi_position *pos, const char *usi) {
    shogi_move m = SHOGI_MOVE_NONE;
    uint32_t res = (uint32_t)shogi_position_parse_usi(pos, TXT(usi), &m);
    if (res != SHOGI_RESULT_OK) {
        char sfen[256];
        CHECK_FAIL("`%s` in `%s`: %s", usi, sfen_of(pos, sfen), result_name(res));
        return SHOGI_MOVE_NONE;
    }
    return m;
}

const char *usi_of(shogi_move m, char *buf) {
    size_t len = 0;
    if (shogi_move_to_usi(m, buf, 16, &len) != SHOGI_RESULT_OK) {
        buf[0] = '\0';
    }
    return buf;
}

shogi_square square_of(const char *usi_square) {
    return (shogi_square)((usi_square[0] - '1') * 9 + (usi_square[1] - 'a'));
}

shogi_outcome outcome_of(const shogi_game *game) {
    shogi_outcome out;
    memset(&out, 0, sizeof out);
    out.winner = SHOGI_COLOR_NONE;
    out.termination = SHOGI_TERMINATION_NONE;
    CHECK_OK(shogi_game_outcome(game, &out));
    return out;
}

int check_outcome(const shogi_game *game, int is_over, shogi_color winner,
                  shogi_termination termination, const char *file, int line) {
    shogi_outcome out = outcome_of(game);
    int ok = (out.is_over ? 1 : 0) == (is_over ? 1 : 0) && out.winner == winner &&
             out.termination == termination;
    if (!ok) {
        const char *got = shogi_termination_name(out.termination);
        const char *want = shogi_termination_name(termination);
        check_fail_message(file, line,
                           "outcome {over %d, winner %d, %s}, expected {over %d, winner %d, %s}",
                           out.is_over ? 1 : 0, out.winner, got ? got : "?", is_over ? 1 : 0,
                           winner, want ? want : "?");
        return 0;
    }
    return check_record(1, file, line, "outcome");
}

shogi_game *game_from(const char *sfen, const shogi_rules_config *rules) {
    shogi_game *game = NULL;
    shogi_position *pos = position_from(sfen);
    if (pos == NULL) {
        return NULL;
    }
    if (!CHECK_OK(shogi_game_new(pos, rules, &game))) {
        game = NULL;
    }
    shogi_position_free(pos);
    return game;
}

const char *game_sfen(const shogi_game *game, char *buf) {
    shogi_position *pos = NULL;
    buf[0] = '\0';
    if (CHECK_OK(shogi_game_position(game, &pos))) {
        sfen_of(pos, buf);
        shogi_position_free(pos);
    }
    return buf;
}

char *deep_kif(size_t depth) {
    static const char *const main_line[4] = {"５八玉(59)", "５二玉(51)", "５九玉(58)",
                                             "５一玉(52)"};
    /* Kings walk back and forth: every line is legal at every depth. */
    static const char *const sente[2] = {"５八玉(59)", "５九玉(58)"};
    static const char *const gote[2] = {"４二玉(51)", "５一玉(42)"};
    /* A block is under 80 bytes: "\n変化：N手\n" and three lines of 4 + 1 + 14 + 1 bytes. */
    size_t cap = 256 + depth * 96;
    char *out = (char *)malloc(cap);
    size_t len = 0;
    size_t i;
    size_t k;
    if (out == NULL) {
        return NULL;
    }
    len += (size_t)snprintf(out + len, cap - len, "手数----指手---------消費時間--\n");
    for (i = 0; i < 4; i++) {
        len += (size_t)snprintf(out + len, cap - len, "%4lu %s\n", (unsigned long)(i + 1),
                                main_line[i]);
    }
    for (k = 1; k <= depth; k++) {
        size_t ply = k + 1;
        size_t p;
        len += (size_t)snprintf(out + len, cap - len, "\n変化：%lu手\n", (unsigned long)ply);
        for (p = ply; p < ply + 3; p++) {
            size_t index = p - 1;
            const char *m = index % 2 == 0 ? sente[index / 2 % 2] : gote[index / 2 % 2];
            len += (size_t)snprintf(out + len, cap - len, "%4lu %s\n", (unsigned long)p, m);
        }
    }
    return out;
}

/* Helpers shared by the xiangqi C test files: see support.h. */
#include "support.h"

#include <stdio.h>

const char *result_name(uint32_t result) {
    const char *name = xiangqi_result_name(result);
    return name != NULL ? name : "(unknown)";
}

int unwritten(const void *p, size_t size) {
    const unsigned char *bytes = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < size; i++) {
        if (bytes[i] != UNWRITTEN) {
            return 0;
        }
    }
    return 1;
}

xiangqi_position *position_from(const char *fen) {
    xiangqi_position *pos = NULL;
    uint32_t res = (uint32_t)xiangqi_position_from_fen(TXT(fen), &pos);
    if (res != XIANGQI_RESULT_OK) {
        CHECK_FAIL("cannot load `%s`: %s", fen, result_name(res));
        return NULL;
    }
    return pos;
}

const char *fen_of(const xiangqi_position *pos, char *buf) {
    size_t len = 0;
    if (xiangqi_position_to_fen(pos, buf, 128, &len) != XIANGQI_RESULT_OK) {
        CHECK_FAIL("xiangqi_position_to_fen failed");
        buf[0] = '\0';
    }
    return buf;
}

xiangqi_move iccs_move(const xiangqi_position *pos, const char *iccs) {
    xiangqi_move m = XIANGQI_MOVE_NONE;
    uint32_t res = (uint32_t)xiangqi_position_parse_iccs(pos, TXT(iccs), &m);
    if (res != XIANGQI_RESULT_OK) {
        char fen[128];
        CHECK_FAIL("`%s` in `%s`: %s", iccs, fen_of(pos, fen), result_name(res));
        return XIANGQI_MOVE_NONE;
    }
    return m;
}

const char *iccs_of(xiangqi_move m, char *buf) {
    size_t len = 0;
    if (xiangqi_move_to_iccs(m, buf, 8, &len) != XIANGQI_RESULT_OK) {
        buf[0] = '\0';
    }
    return buf;
}

xiangqi_square point(const char *iccs_point) {
    return (xiangqi_square)((iccs_point[1] - '0') * 9 + (iccs_point[0] - 'a'));
}

xiangqi_color color_named(const char *name) {
    if (strcmp(name, "red") == 0) {
        return XIANGQI_COLOR_RED;
    }
    if (strcmp(name, "black") == 0) {
        return XIANGQI_COLOR_BLACK;
    }
    return XIANGQI_COLOR_NONE;
}

xiangqi_termination termination_named(const char *name) {
    static const struct {
        const char *name;
        xiangqi_termination value;
    } names[] = {
        {"checkmate", XIANGQI_TERMINATION_CHECKMATE},
        {"no_legal_moves", XIANGQI_TERMINATION_NO_LEGAL_MOVES},
        {"repetition", XIANGQI_TERMINATION_REPETITION},
        {"perpetual_check", XIANGQI_TERMINATION_PERPETUAL_CHECK},
        {"ply_limit", XIANGQI_TERMINATION_MOVE_LIMIT},
        {"bare_material", XIANGQI_TERMINATION_BARE_MATERIAL},
    };
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(name, names[i].name) == 0) {
            return names[i].value;
        }
    }
    return XIANGQI_TERMINATION_OTHER;
}

uint32_t reason_code(const char *reason) {
    char wanted[96];
    size_t i;
    uint32_t code;
    int n = snprintf(wanted, sizeof wanted, "XIANGQI_RESULT_ILLEGAL_%s", reason);
    if (n < 0 || (size_t)n >= sizeof wanted) {
        return XIANGQI_RESULT_OK;
    }
    for (i = strlen("XIANGQI_RESULT_ILLEGAL_"); wanted[i] != '\0'; i++) {
        if (wanted[i] >= 'a' && wanted[i] <= 'z') {
            wanted[i] = (char)(wanted[i] - 'a' + 'A');
        }
    }
    for (code = 200; code < 250; code++) {
        const char *name = xiangqi_result_name(code);
        if (name != NULL && strcmp(name, wanted) == 0) {
            return code;
        }
    }
    return XIANGQI_RESULT_OK;
}

xiangqi_outcome outcome_of(const xiangqi_game *game) {
    xiangqi_outcome outcome;
    outcome.winner = XIANGQI_COLOR_NONE;
    outcome.termination = XIANGQI_TERMINATION_NONE;
    if (xiangqi_game_outcome(game, &outcome) != XIANGQI_RESULT_OK) {
        CHECK_FAIL("xiangqi_game_outcome failed");
    }
    return outcome;
}

int check_outcome(const xiangqi_game *game, xiangqi_color winner,
                  xiangqi_termination termination, const char *file, int line) {
    xiangqi_outcome outcome = outcome_of(game);
    int ok = check_eq_ints(outcome.winner, winner, file, line, "outcome.winner");
    return check_eq_ints(outcome.termination, termination, file, line, "outcome.termination") &&
           ok;
}

xiangqi_game *game_from(const char *fen, const xiangqi_rules *rules) {
    xiangqi_position *start = position_from(fen);
    xiangqi_game *game = NULL;
    if (start == NULL) {
        return NULL;
    }
    if (!CHECK_OK(xiangqi_game_from_position(start, rules, &game))) {
        game = NULL;
    }
    xiangqi_position_free(start);
    return game;
}

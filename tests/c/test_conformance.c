/* The shared conformance data, run through the C API so that the bindings cannot drift from
 * the core: the perft tables (tests/data/perft/fast.perft), the rule cases and game sequences
 * (tests/data/cases.json, flattened by cases_to_tsv.py), the notation table
 * (tests/data/notation.csv) and corpus records with their twins (tests/data/corpus). */
#include <stdio.h>

#include "data.h"
#include "support.h"

/* Number of positions in fast.perft (as shogi-rules/tests/perft.rs). */
#define FAST_PERFT_RECORDS 308

/* ---- perft ---------------------------------------------------------------------------- */

/* Leaf nodes counted through the move-list API: legal moves, play, undo. */
static uint64_t list_perft(shogi_position *pos, uint32_t depth) {
    shogi_move moves[SHOGI_MAX_LEGAL_MOVES];
    size_t n = 0;
    size_t i;
    uint64_t total = 0;
    if (shogi_position_legal_moves(pos, moves, SHOGI_MAX_LEGAL_MOVES, &n) != SHOGI_RESULT_OK) {
        CHECK_FAIL("legal_moves failed");
        return 0;
    }
    if (depth == 1) {
        return n;
    }
    for (i = 0; i < n; i++) {
        if (shogi_position_play(pos, moves[i]) != SHOGI_RESULT_OK) {
            CHECK_FAIL("a generated move is refused");
            return 0;
        }
        total += list_perft(pos, depth - 1);
        shogi_position_undo(pos, NULL);
    }
    return total;
}

static void perft_suite(const char *data_dir, unsigned long long limit) {
    perft_record *records = NULL;
    int count = data_load_perft(data_path(data_dir, "perft/fast.perft"), &records);
    int i, d;
    unsigned long checked = 0, listed = 0, skipped = 0;
    if (!CHECK_EQ_INT(count, FAST_PERFT_RECORDS)) {
        free(records);
        return;
    }
    for (i = 0; i < count; i++) {
        const perft_record *r = &records[i];
        shogi_position *pos = NULL;
        uint32_t res = (uint32_t)shogi_position_from_sfen(TXT(r->sfen), &pos);
        if (r->unvalidated) {
            /* An illegal setup: refused by default, loaded with SHOGI_SETUP_ANY. */
            if (res == SHOGI_RESULT_OK) {
                CHECK_FAIL("%s (line %d): an illegal setup was accepted", r->id, r->line);
                shogi_position_free(pos);
                pos = NULL;
            } else {
                CHECK_RES(res, SHOGI_RESULT_SETUP_TOO_MANY_PIECES);
            }
            res = (uint32_t)shogi_position_from_sfen_setup(TXT(r->sfen), SHOGI_SETUP_ANY, &pos);
        }
        if (res != SHOGI_RESULT_OK) {
            CHECK_FAIL("%s (line %d): cannot load: %s", r->id, r->line, result_name(res));
            continue;
        }
        for (d = 0; d < r->depth_count; d++) {
            uint64_t nodes = 0;
            if (r->nodes[d] > limit) {
                skipped++;
                continue;
            }
            checked++;
            if (!CHECK_OK(shogi_position_perft(pos, r->depths[d], &nodes)) ||
                nodes != r->nodes[d]) {
                CHECK_FAIL("%s (line %d): perft(%u) = %llu, expected %llu", r->id, r->line,
                           (unsigned)r->depths[d], (unsigned long long)nodes,
                           (unsigned long long)r->nodes[d]);
            }
            /* The list API on the small counts (a hundredth of the limit). */
            if (r->nodes[d] <= limit / 100 && r->depths[d] >= 1) {
                uint64_t by_list = list_perft(pos, r->depths[d]);
                listed++;
                if (by_list != r->nodes[d]) {
                    CHECK_FAIL("%s: perft(%u) through the move list = %llu, expected %llu", r->id,
                               (unsigned)r->depths[d], (unsigned long long)by_list,
                               (unsigned long long)r->nodes[d]);
                }
            }
        }
        shogi_position_free(pos);
    }
    printf("perft: %lu counts checked (%lu also through the move list), %lu above %llu nodes "
           "left to the Rust tests\n",
           checked, listed, skipped, limit);
    free(records);
}

/* ---- rule cases ----------------------------------------------------------------------- */

static uint32_t illegal_code(const char *reason) {
    static const struct {
        const char *name;
        uint32_t code;
    } reasons[] = {
        {"nifu", SHOGI_RESULT_ILLEGAL_NIFU},
        {"uchifuzume", SHOGI_RESULT_ILLEGAL_UCHIFUZUME},
        {"dead_piece", SHOGI_RESULT_ILLEGAL_DEAD_PIECE},
        {"leaves_king_in_check", SHOGI_RESULT_ILLEGAL_LEAVES_KING_IN_CHECK},
        {"not_a_piece_move", SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE},
        {"occupied", SHOGI_RESULT_ILLEGAL_OCCUPIED},
        {"must_promote", SHOGI_RESULT_ILLEGAL_MUST_PROMOTE},
        {"cannot_promote", SHOGI_RESULT_ILLEGAL_CANNOT_PROMOTE},
        {"not_in_hand", SHOGI_RESULT_ILLEGAL_NOT_IN_HAND},
        {"kings_not_in_zone", SHOGI_RESULT_IMPASSE_KINGS_NOT_IN_ZONE},
        {"in_check", SHOGI_RESULT_IMPASSE_IN_CHECK},
    };
    size_t i;
    for (i = 0; i < sizeof reasons / sizeof reasons[0]; i++) {
        if (strcmp(reasons[i].name, reason) == 0) {
            return reasons[i].code;
        }
    }
    return SHOGI_RESULT_OK;
}

/* Whether the legal move list of `pos` holds the move written `usi`. */
static int generated(const shogi_position *pos, const char *usi) {
    shogi_move moves[SHOGI_MAX_LEGAL_MOVES];
    size_t n = 0, i;
    char text[16];
    CHECK_OK(shogi_position_legal_moves(pos, moves, SHOGI_MAX_LEGAL_MOVES, &n));
    for (i = 0; i < n; i++) {
        if (strcmp(usi_of(moves[i], text), usi) == 0) {
            return 1;
        }
    }
    return 0;
}

/* The move `usi` is legal (expected OK) or illegal with the expected code. */
static int check_case_move(const char *name, const shogi_position *pos, const char *usi,
                           uint32_t expected) {
    shogi_move m = SHOGI_MOVE_NONE;
    uint32_t res = (uint32_t)shogi_position_parse_usi(pos, TXT(usi), &m);
    if (res != expected) {
        CHECK_FAIL("%s: `%s` gives %s, expected %s", name, usi, result_name(res),
                   result_name(expected));
        return 0;
    }
    if (generated(pos, usi) != (expected == SHOGI_RESULT_OK)) {
        CHECK_FAIL("%s: `%s` %s but the legal move list %s it", name, usi,
                   expected == SHOGI_RESULT_OK ? "is legal" : "is illegal",
                   expected == SHOGI_RESULT_OK ? "lacks" : "holds");
        return 0;
    }
    return check_record(1, __FILE__, __LINE__, name);
}

/* The 24-point count of an SFEN, counted here independently of the library: rook, bishop and
 * their promotions 5, other pieces 1, kings 0, board and hands. */
static void points24(const char *sfen, unsigned *sente, unsigned *gote) {
    const char *p = sfen;
    unsigned count = 0;
    *sente = *gote = 0;
    for (; *p != ' ' && *p != '\0'; p++) {
        char c = *p;
        unsigned value;
        if (c == '/' || (c >= '1' && c <= '9') || c == '+') {
            continue;
        }
        value = (c == 'R' || c == 'B' || c == 'r' || c == 'b') ? 5 : (c == 'K' || c == 'k') ? 0 : 1;
        *(c >= 'a' ? gote : sente) += value;
    }
    if (*p == ' ') {
        p++;
    }
    while (*p != ' ' && *p != '\0') {
        p++; /* side to move */
    }
    if (*p == ' ') {
        p++;
    }
    for (; *p != ' ' && *p != '\0'; p++) {
        char c = *p;
        if (c == '-') {
            continue;
        }
        if (c >= '0' && c <= '9') {
            count = count * 10 + (unsigned)(c - '0');
            continue;
        }
        *(c >= 'a' ? gote : sente) +=
            ((c == 'R' || c == 'B' || c == 'r' || c == 'b') ? 5 : 1) * (count ? count : 1);
        count = 0;
    }
}

static void impasse_case(const char *name, const char *sfen, const char *expect,
                         const char *reason) {
    shogi_game *game = game_from(sfen, NULL);
    shogi_impasse_status status;
    unsigned sente, gote;
    uint32_t res;
    if (game == NULL) {
        return;
    }
    points24(sfen, &sente, &gote);
    memset(&status, 0, sizeof status);
    CHECK_OK(shogi_game_impasse_status(game, &status));
    CHECK_EQ_UINT(status.rule, SHOGI_IMPASSE_POINTS24);
    if (status.sente_points != sente || status.gote_points != gote) {
        CHECK_FAIL("%s: points %u-%u, counted %u-%u", name, (unsigned)status.sente_points,
                   (unsigned)status.gote_points, sente, gote);
    }
    res = (uint32_t)shogi_game_declare_impasse(game);
    if (strcmp(expect, "not_allowed") == 0) {
        uint32_t code = illegal_code(reason);
        if (status.allowed || (uint32_t)status.rejection != code || status.result.is_over ||
            res != code) {
            CHECK_FAIL("%s: status {allowed %d, %s}, declaration %s; expected rejection %s", name,
                       status.allowed ? 1 : 0, result_name(status.rejection), result_name(res),
                       reason);
        }
        CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
    } else {
        shogi_color winner = strcmp(expect, "sente_wins") == 0  ? SHOGI_COLOR_SENTE
                             : strcmp(expect, "gote_wins") == 0 ? SHOGI_COLOR_GOTE
                                                                : SHOGI_COLOR_NONE;
        if (!status.allowed || status.rejection != SHOGI_RESULT_OK || !status.result.is_over ||
            status.result.winner != winner ||
            status.result.termination != SHOGI_TERMINATION_IMPASSE_DECLARATION) {
            CHECK_FAIL("%s: status {allowed %d, %s, winner %d}, expected %s", name,
                       status.allowed ? 1 : 0, result_name(status.rejection), status.result.winner,
                       expect);
        }
        CHECK_RES(res, SHOGI_RESULT_OK);
        CHECK_OUTCOME(game, 1, winner, SHOGI_TERMINATION_IMPASSE_DECLARATION);
    }
    shogi_game_free(game);
}

/* The case position equals `derived_sfen` after `moves`. */
static void check_derivation(const char *name, const shogi_position *pos, const char *derived_sfen,
                             char *moves) {
    char *words[64];
    int n = data_split_words(moves, words, 64);
    int i;
    char want[256], got[256];
    shogi_position *replay = position_from(derived_sfen);
    if (replay == NULL) {
        return;
    }
    for (i = 0; i < n; i++) {
        CHECK_OK(shogi_position_play(replay, usi_move(replay, words[i])));
    }
    if (strcmp(sfen_of(replay, got), sfen_of(pos, want)) != 0) {
        CHECK_FAIL("%s: derived_from gives `%s`, the case says `%s`", name, got, want);
    }
    shogi_position_free(replay);
}

static void rule_case(char **f, int nf) {
    const char *name = f[1], *kind = f[2], *sfen = f[3], *move = f[4], *expect = f[5];
    const char *reason = f[6];
    shogi_position *pos;
    if (nf != 9) {
        CHECK_FAIL("case line with %d fields", nf);
        return;
    }
    if (strcmp(kind, "impasse") == 0) {
        impasse_case(name, sfen, expect, reason);
        return;
    }
    pos = position_from(sfen);
    if (pos == NULL) {
        return;
    }
    if (f[7][0] != '\0') {
        check_derivation(name, pos, f[7], f[8]);
    }
    if (strcmp(kind, "move_legal") == 0) {
        uint32_t code = strcmp(expect, "true") == 0 ? SHOGI_RESULT_OK : illegal_code(reason);
        if (code == SHOGI_RESULT_OK && strcmp(expect, "true") != 0) {
            CHECK_FAIL("%s: unknown reason `%s`", name, reason);
        } else {
            check_case_move(name, pos, move, code);
        }
    } else if (strcmp(kind, "legal_moves_count") == 0) {
        size_t n = 0;
        unsigned long expected = strtoul(expect, NULL, 10);
        /* A count query: too small unless there is no legal move. */
        CHECK_RES(shogi_position_legal_moves(pos, NULL, 0, &n),
                  expected > 0 ? SHOGI_RESULT_BUFFER_TOO_SMALL : SHOGI_RESULT_OK);
        if (n != expected) {
            CHECK_FAIL("%s: %lu legal moves, expected %s", name, (unsigned long)n, expect);
        }
    } else if (strcmp(kind, "is_checkmate") == 0 || strcmp(kind, "in_check") == 0) {
        bool flag = false;
        if (kind[1] == 's') {
            CHECK_OK(shogi_position_is_checkmate(pos, &flag));
        } else {
            CHECK_OK(shogi_position_in_check(pos, &flag));
        }
        if ((flag ? "true" : "false")[0] != expect[0]) {
            CHECK_FAIL("%s: %s is %d, expected %s", name, kind, flag ? 1 : 0, expect);
        }
    } else if (strcmp(kind, "promotion_options") == 0) {
        shogi_promotion p = 99;
        const char *got;
        char promoted[8];
        CHECK_OK(shogi_position_promotion_options(pos, square_of(move), square_of(move + 2), &p));
        got = p == SHOGI_PROMOTION_MUST    ? "must"
              : p == SHOGI_PROMOTION_MAY   ? "may"
              : p == SHOGI_PROMOTION_NEVER ? "never"
                                           : "none";
        if (strcmp(got, expect) != 0) {
            CHECK_FAIL("%s: promotion %s, expected %s", name, got, expect);
        }
        snprintf(promoted, sizeof promoted, "%s+", move);
        check_case_move(name, pos, move,
                        strcmp(expect, "must") == 0 ? SHOGI_RESULT_ILLEGAL_MUST_PROMOTE
                                                    : SHOGI_RESULT_OK);
        check_case_move(name, pos, promoted,
                        strcmp(expect, "never") == 0 ? SHOGI_RESULT_ILLEGAL_CANNOT_PROMOTE
                                                     : SHOGI_RESULT_OK);
    } else {
        CHECK_FAIL("%s: unknown kind `%s`", name, kind);
    }
    shogi_position_free(pos);
}

static void sequence(char **f, int nf) {
    const char *name = f[1], *expect = f[4];
    char *words[256];
    int n, i;
    shogi_game *game;
    uint32_t count = 0;
    if (nf != 5) {
        CHECK_FAIL("sequence line with %d fields", nf);
        return;
    }
    game = game_from(f[2], NULL);
    if (game == NULL) {
        return;
    }
    n = data_split_words(f[3], words, 256);
    for (i = 0; i < n; i++) {
        shogi_outcome out = outcome_of(game);
        uint32_t res;
        if (out.is_over) {
            CHECK_FAIL("%s: over before ply %d (%s)", name, i + 1, words[i]);
            break;
        }
        res = (uint32_t)shogi_game_play_usi(game, TXT(words[i]));
        if (res != SHOGI_RESULT_OK) {
            CHECK_FAIL("%s: ply %d %s: %s", name, i + 1, words[i], result_name(res));
            break;
        }
    }
    CHECK_OK(shogi_game_repetition_count(game, &count));
    if (strcmp(expect, "ongoing") == 0) {
        CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
        CHECK(count < 4);
    } else if (strcmp(expect, "draw") == 0) {
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_NONE, SHOGI_TERMINATION_REPETITION);
        CHECK_EQ_UINT(count, 4);
    } else if (strcmp(expect, "sente_loses_perpetual") == 0) {
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_GOTE, SHOGI_TERMINATION_PERPETUAL_CHECK);
        CHECK_EQ_UINT(count, 4);
    } else if (strcmp(expect, "gote_loses_perpetual") == 0) {
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_SENTE, SHOGI_TERMINATION_PERPETUAL_CHECK);
        CHECK_EQ_UINT(count, 4);
    } else {
        CHECK_FAIL("%s: unknown expectation `%s`", name, expect);
    }
    shogi_game_free(game);
}

static void cases_suite(const char *cases_tsv) {
    size_t len = 0;
    char *text = data_read_file(cases_tsv, &len);
    char *line;
    long lines = 0, total = -1, cases = 0, sequences = 0;
    if (!CHECK(text != NULL)) {
        fprintf(stderr, "%s: cannot read (made by tests/c/cases_to_tsv.py)\n", cases_tsv);
        return;
    }
    line = text;
    while (*line != '\0') {
        char *end = strchr(line, '\n');
        char *f[12];
        int nf;
        if (end != NULL) {
            *end = '\0';
        }
        nf = data_split_tabs(line, f, 12);
        if (strcmp(f[0], "case") == 0) {
            rule_case(f, nf);
            cases++;
            lines++;
        } else if (strcmp(f[0], "sequence") == 0) {
            sequence(f, nf);
            sequences++;
            lines++;
        } else if (strcmp(f[0], "total") == 0 && nf == 2) {
            total = strtol(f[1], NULL, 10);
        } else {
            CHECK_FAIL("%s: unexpected line `%s`", cases_tsv, f[0]);
        }
        if (end == NULL) {
            break;
        }
        line = end + 1;
    }
    /* Every line of cases.json was run: none was lost on the way. */
    CHECK_EQ_INT(lines, total);
    CHECK(cases > 0 && sequences > 0);
    printf("rule cases: %ld cases and %ld sequences of cases.json\n", cases, sequences);
    free(text);
}

/* ---- notation table ------------------------------------------------------------------- */

/* A move with the destination of the USI text: notations use the previous move only for its
 * destination (同), as in shogi-rules/tests/notation.rs. */
static shogi_move previous_move(const char *usi) {
    shogi_move m = SHOGI_MOVE_NONE;
    if (usi[0] == '\0') {
        return SHOGI_MOVE_NONE;
    }
    if (usi[1] == '*') {
        CHECK_OK(shogi_move_drop(SHOGI_ROLE_GOLD, square_of(usi + 2), &m));
    } else {
        CHECK_OK(shogi_move_normal(SHOGI_ROLE_PAWN, square_of(usi), square_of(usi + 2),
                                   SHOGI_ROLE_NONE, usi[4] == '+', &m));
    }
    return m;
}

static void notation_suite(const char *data_dir) {
    static const shogi_notation notations[] = {SHOGI_NOTATION_WESTERN, SHOGI_NOTATION_JAPANESE,
                                               SHOGI_NOTATION_KIF, SHOGI_NOTATION_CSA};
    size_t len = 0;
    char *text = data_read_file(data_path(data_dir, "notation.csv"), &len);
    char *line;
    long rows = 0;
    int line_no = 0;
    if (!CHECK(text != NULL)) {
        return;
    }
    line = text;
    while (*line != '\0') {
        char *end = strchr(line, '\n');
        char *f[10];
        int nf = 0;
        char *p;
        if (end != NULL) {
            *end = '\0';
        }
        line_no++;
        for (p = line, f[nf++] = p; *p != '\0' && nf < 10; p++) {
            if (*p == ',') {
                *p = '\0';
                f[nf++] = p + 1;
            }
        }
        if (line_no == 1) {
            CHECK_EQ_STR(f[0], "sfen");
        } else if (line[0] != '\0') {
            shogi_position *pos;
            shogi_move m, previous;
            size_t k;
            if (nf != 8) {
                CHECK_FAIL("notation.csv:%d: %d fields", line_no, nf);
                goto next;
            }
            rows++;
            pos = position_from(f[0]);
            if (pos == NULL) {
                goto next;
            }
            m = usi_move(pos, f[2]);
            previous = previous_move(f[1]);
            for (k = 0; k < sizeof notations / sizeof notations[0]; k++) {
                const char *expected = f[3 + k];
                char out[64];
                size_t out_len = 0;
                shogi_move parsed = SHOGI_MOVE_NONE;
                uint32_t res = (uint32_t)shogi_notation_format(pos, m, previous, notations[k], out,
                                                               sizeof out, &out_len);
                if (res != SHOGI_RESULT_OK || strcmp(out, expected) != 0) {
                    CHECK_FAIL("notation.csv:%d: %s formats as `%s` (%s), expected `%s`", line_no,
                               f[2], res == SHOGI_RESULT_OK ? out : "", result_name(res), expected);
                }
                res = (uint32_t)shogi_notation_parse(pos, notations[k], TXT(expected), previous,
                                                     &parsed);
                if (res != SHOGI_RESULT_OK || parsed != m) {
                    CHECK_FAIL("notation.csv:%d: `%s` parses to %s, expected %s", line_no, expected,
                               result_name(res), f[2]);
                }
            }
            shogi_position_free(pos);
        }
    next:
        if (end == NULL) {
            break;
        }
        line = end + 1;
    }
    CHECK(rows >= 200);
    printf("notation: %ld rows of notation.csv in 4 notations both ways\n", rows);
    free(text);
}

/* ---- corpus records ------------------------------------------------------------------- */

/* Reads a corpus file; NULL (a recorded failure) if it cannot be read. */
static shogi_record *read_corpus(const char *data_dir, const char *relative) {
    size_t len = 0;
    char path[512];
    uint8_t *bytes;
    shogi_record *rec = NULL;
    shogi_record_error err;
    snprintf(path, sizeof path, "corpus/%s", relative);
    bytes = (uint8_t *)data_read_file(data_path(data_dir, path), &len);
    if (bytes == NULL) {
        CHECK_FAIL("%s: cannot read", relative);
        return NULL;
    }
    memset(&err, 0, sizeof err);
    if (shogi_record_read(bytes, len, SHOGI_RECORD_FORMAT_AUTO, &rec, &err) != SHOGI_RESULT_OK) {
        CHECK_FAIL("%s: %s", relative, err.message);
        rec = NULL;
    }
    free(bytes);
    return rec;
}

/* The moves of a record, malloc'd, with their number in *n. */
static shogi_move *record_moves(const shogi_record *rec, size_t *n) {
    shogi_move *moves;
    *n = 0;
    shogi_record_moves(rec, NULL, 0, n);
    moves = (shogi_move *)malloc((*n + 1) * sizeof *moves);
    CHECK_OK(shogi_record_moves(rec, moves, *n, n));
    return moves;
}

/* The SFEN after replaying the record's main line as a game. */
static void final_sfen(const shogi_record *rec, char *sfen) {
    shogi_game *game = NULL;
    sfen[0] = '\0';
    if (CHECK_OK(shogi_record_game(rec, NULL, &game))) {
        game_sfen(game, sfen);
        shogi_game_free(game);
    }
}

/* Twin records must have the same start, moves and final position. */
static void compare_twins(const char *data_dir, const char *a_path, const char *b_path) {
    shogi_record *a = read_corpus(data_dir, a_path);
    shogi_record *b = read_corpus(data_dir, b_path);
    if (a != NULL && b != NULL) {
        size_t na, nb;
        shogi_move *ma = record_moves(a, &na);
        shogi_move *mb = record_moves(b, &nb);
        char sa[256], sb[256];
        if (na != nb || memcmp(ma, mb, na * sizeof *ma) != 0) {
            CHECK_FAIL("%s (%lu moves) and %s (%lu moves) differ", a_path, (unsigned long)na,
                       b_path, (unsigned long)nb);
        }
        final_sfen(a, sa);
        final_sfen(b, sb);
        CHECK_EQ_STR(sa, sb);
        free(ma);
        free(mb);
    }
    shogi_record_free(a);
    shogi_record_free(b);
}

/* A KIF record against its USI move list, replayed independently with shogi_position_play. */
static void kif_against_usi(const char *data_dir, const char *game) {
    char kif[256], usi[256];
    size_t len = 0, n = 0, i;
    char *text;
    char *words[512];
    int count;
    shogi_record *rec;
    shogi_position *pos = NULL;
    shogi_move *moves;
    char expected[256], got[256];
    snprintf(kif, sizeof kif, "kif/shogi-supplement/%s.kif", game);
    snprintf(usi, sizeof usi, "corpus/usi/shogi-supplement/%s_expected_usi.txt", game);
    text = data_read_file(data_path(data_dir, usi), &len);
    rec = read_corpus(data_dir, kif);
    if (text == NULL || rec == NULL) {
        CHECK_FAIL("%s: cannot read the twins", game);
        free(text);
        shogi_record_free(rec);
        return;
    }
    for (i = 0; i < len; i++) {
        if (text[i] == '\n' || text[i] == '\r') {
            text[i] = ' ';
        }
    }
    count = data_split_words(text, words, 512);
    moves = record_moves(rec, &n);
    if (!CHECK_EQ_UINT(n, (size_t)count)) {
        CHECK_FAIL("%s: %lu moves, the USI list has %d", game, (unsigned long)n, count);
    }
    CHECK_OK(shogi_position_new(&pos));
    for (i = 0; i < (size_t)count && i < n; i++) {
        shogi_move m = usi_move(pos, words[i]);
        if (m != moves[i]) {
            char text_of_move[16];
            CHECK_FAIL("%s: move %lu is %s, the USI list says %s", game, (unsigned long)i + 1,
                       usi_of(moves[i], text_of_move), words[i]);
            break;
        }
        CHECK_OK(shogi_position_play(pos, m));
    }
    sfen_of(pos, expected);
    final_sfen(rec, got);
    CHECK_EQ_STR(got, expected);
    shogi_position_free(pos);
    free(moves);
    free(text);
    shogi_record_free(rec);
}

static void corpus_suite(const char *data_dir) {
    static const char *const supplement[] = {
        "kiou_game1",   "kiou_game2",           "kiou_game3",           "miyado_game1",
        "miyado_game2", "narigin_abbrev_game1", "narikei_abbrev_game1", "wars_game1",
        "wars_game2",   "wars_game3",
    };
    static const char *const twins[][2] = {
        {"csa/shogi-kifu-converter/csa-floodgate.csa",
         "jkf/shogi-kifu-converter/csa-floodgate.json"},
        {"kif/kifu-for-js/8mai.kif", "csa/kifu-for-js/8mai.csa"},
        {"kif/kifu-for-js/8mai.kif", "ki2/kifu-for-js/8mai.ki2"},
        {"kif/shogihome/encoding-sjis.kif", "kif/shogihome/encoding-utf8.kif"},
        {"kif/kifu-for-js/ryuou201409020101.kif", "jkf/kifu-for-js/ryuou201409020101.jkf"},
    };
    /* One record per format and encoding, a handicap, variations. */
    static const char *const written[] = {
        "csa/kifu-for-js/2005_YAMADA_GPS.csa", /* EUC-JP */
        "csa/shogi-kifu-converter/csa-initial_2.csa", /* a handicap */
        "csa/shogi-kifu-converter/csa-v22.csa",
        "kif/kifu-for-js/8mai.kif",               /* CP932 */
        "kif/shogi-kifu-converter/kif-forks.kif", /* variations */
        "kif/shogihome/encoding-utf8.kif",
        "ki2/kifu-for-js/8mai.ki2",
        "jkf/kifu-for-js/ryuou201409020101.jkf",
    };
    size_t i;
    for (i = 0; i < sizeof supplement / sizeof supplement[0]; i++) {
        kif_against_usi(data_dir, supplement[i]);
    }
    for (i = 0; i < sizeof twins / sizeof twins[0]; i++) {
        compare_twins(data_dir, twins[i][0], twins[i][1]);
    }
    for (i = 0; i < sizeof written / sizeof written[0]; i++) {
        shogi_record *rec = read_corpus(data_dir, written[i]);
        if (rec != NULL) {
            check_record_round_trip(rec, written[i]);
            shogi_record_free(rec);
        }
    }
    printf("corpus: %lu KIF records against their USI move lists, %lu pairs of twins, %lu "
           "records written in every format and read back\n",
           (unsigned long)(sizeof supplement / sizeof supplement[0]),
           (unsigned long)(sizeof twins / sizeof twins[0]),
           (unsigned long)(sizeof written / sizeof written[0]));
}

void test_conformance(const char *data_dir, const char *cases_tsv, unsigned long long perft_limit) {
    check_suite("conformance: perft");
    perft_suite(data_dir, perft_limit);
    check_suite("conformance: rule cases");
    cases_suite(cases_tsv);
    check_suite("conformance: notation");
    notation_suite(data_dir);
    check_suite("conformance: corpus");
    corpus_suite(data_dir);
}

/* Files of several records read at once (shogi_records_read and the shogi_record_list
 * functions), the collection error of a single read, and the rules a record states
 * (shogi_record_rules, and shogi_record_game under them when its rules are NULL). */
#include <stdio.h>

#include "data.h"
#include "support.h"

/* A file of SFEN lines and `position` lines: one record per line, each with its moves. */
static void usi_lines(void) {
    const char *text = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n"
                       "\n"
                       "position startpos moves 7g7f 3c3d resign\n"
                       "sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\n";
    static const size_t plies[] = {0, 2, 1};
    shogi_record_list *list = NULL;
    shogi_record *rec = NULL;
    shogi_record_error err;
    size_t count = 0;
    size_t i;
    if (!CHECK_OK(shogi_records_read(BYTES(text), SHOGI_RECORD_FORMAT_AUTO, NULL, &list, NULL))) {
        return;
    }
    CHECK_OK(shogi_record_list_count(list, &count));
    CHECK_EQ_UINT(count, 3);
    for (i = 0; i < count && i < 3; i++) {
        size_t n = 99;
        rec = NULL;
        if (CHECK_OK(shogi_record_list_get(list, i, &rec))) {
            CHECK_RES(shogi_record_moves(rec, NULL, 0, &n),
                      plies[i] == 0 ? SHOGI_RESULT_OK : SHOGI_RESULT_BUFFER_TOO_SMALL);
            CHECK_EQ_UINT(n, plies[i]);
            if (i == 1) {
                /* `resign` after the moves: Sente, to move, resigned. */
                shogi_outcome stated;
                CHECK_OK(shogi_record_stated_outcome(rec, &stated));
                CHECK(stated.is_over && stated.winner == SHOGI_COLOR_GOTE &&
                      stated.termination == SHOGI_TERMINATION_RESIGNATION);
            }
            shogi_record_free(rec);
        }
    }
    rec = NULL;
    CHECK_RES(shogi_record_list_get(list, 3, &rec), SHOGI_RESULT_NOT_FOUND);
    CHECK(rec == NULL);
    CHECK_NULL_PARAM(shogi_record_list_get(list, 0, NULL));
    CHECK_NULL_PARAM(shogi_record_list_get(NULL, 0, &rec));
    CHECK_NULL_PARAM(shogi_record_list_count(list, NULL));
    CHECK_NULL_PARAM(shogi_record_list_count(NULL, &count));
    shogi_record_list_free(list);
    shogi_record_list_free(NULL);

    /* One record at a time: the file holds three, named at the second one's line. */
    memset(&err, 0, sizeof err);
    CHECK_RES(shogi_record_read(BYTES(text), SHOGI_RECORD_FORMAT_AUTO, &rec, &err),
              SHOGI_RESULT_RECORD_COLLECTION);
    CHECK_EQ_UINT(err.result, SHOGI_RESULT_RECORD_COLLECTION);
    CHECK_EQ_UINT(err.format, SHOGI_RECORD_FORMAT_USI);
    CHECK_EQ_UINT(err.line, 3);
    CHECK(strstr(err.message, "holds 3 records") != NULL);
    CHECK(rec == NULL);
}

/* CSA games separated by `/`, an error in the second named at its line in the whole file,
 * and the record limit. */
static void csa_games(void) {
    const char *two = "V2.2\nN+a\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nN+b\nPI\n+\n+2726FU\n";
    const char *bad = "PI\n+\n+7776FU\n/\nPI\n+\n+7776FU\n-7776FU\n";
    shogi_record_list *list = NULL;
    shogi_record_error err;
    shogi_read_limits limits;
    size_t count = 0;
    if (CHECK_OK(shogi_records_read(BYTES(two), SHOGI_RECORD_FORMAT_CSA, NULL, &list, &err))) {
        shogi_record *rec = NULL;
        CHECK_OK(shogi_record_list_count(list, &count));
        CHECK_EQ_UINT(count, 2);
        if (CHECK_OK(shogi_record_list_get(list, 1, &rec))) {
            char buf[16];
            size_t len = 0;
            CHECK_OK(shogi_record_header(rec, TXT("N+"), buf, sizeof buf, &len));
            CHECK_EQ_STR(buf, "b");
            shogi_record_free(rec);
        }
        shogi_record_list_free(list);
    }
    list = NULL;
    memset(&err, 0, sizeof err);
    CHECK_RES(shogi_records_read(BYTES(bad), SHOGI_RECORD_FORMAT_AUTO, NULL, &list, &err),
              SHOGI_RESULT_RECORD_ILLEGAL_MOVE);
    CHECK(list == NULL);
    CHECK_EQ_UINT(err.format, SHOGI_RECORD_FORMAT_CSA);
    CHECK_EQ_UINT(err.line, 8);
    CHECK_EQ_UINT(err.ply, 2);

    if (CHECK_OK(shogi_read_limits_default(&limits))) {
        CHECK_EQ_UINT(limits.max_records, 1000000);
        limits.max_records = 1;
        memset(&err, 0, sizeof err);
        CHECK_RES(shogi_records_read(BYTES(two), SHOGI_RECORD_FORMAT_AUTO, &limits, &list, &err),
                  SHOGI_RESULT_RECORD_LIMIT_EXCEEDED);
        CHECK_EQ_UINT(err.line, 8);
        CHECK(strstr(err.message, "(limit: records)") != NULL);
        CHECK(list == NULL);
    }
    /* Arguments: an unknown format, NULL bytes and out. */
    memset(&err, 0, sizeof err);
    CHECK_RES(shogi_records_read(BYTES(two), 99, NULL, &list, &err), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(err.result, SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_NULL_PARAM(shogi_records_read(NULL, 0, SHOGI_RECORD_FORMAT_AUTO, NULL, &list, NULL));
    CHECK_NULL_PARAM(shogi_records_read(BYTES(two), SHOGI_RECORD_FORMAT_AUTO, NULL, NULL, NULL));
    CHECK(list == NULL);
}

/* A KIF file is one record: a list of one. */
static void one_record(const char *data_dir) {
    size_t len = 0;
    uint8_t *bytes = (uint8_t *)data_read_file(
        data_path(data_dir, "corpus/kif/shogi-supplement/kiou_game1.kif"), &len);
    shogi_record_list *list = NULL;
    size_t count = 0;
    if (!CHECK(bytes != NULL)) {
        return;
    }
    if (CHECK_OK(shogi_records_read(bytes, len, SHOGI_RECORD_FORMAT_AUTO, NULL, &list, NULL))) {
        CHECK_OK(shogi_record_list_count(list, &count));
        CHECK_EQ_UINT(count, 1);
        shogi_record_list_free(list);
    }
    free(bytes);
}

/* floodgate's 'Max_Moves and 'Declaration are the rules of the record, and of its replay. */
static void stated_rules(void) {
    const char *csa = "V2\nN+a\nN-b\n'Max_Moves:2\n'Declaration:jishogi 1.1\nPI\n+\n"
                      "+7776FU\n-3334FU\n%MAX_MOVES\n";
    shogi_record *rec = NULL;
    shogi_rules_config rules;
    shogi_game *game = NULL;
    if (!CHECK_OK(shogi_record_read(BYTES(csa), SHOGI_RECORD_FORMAT_AUTO, &rec, NULL))) {
        return;
    }
    if (CHECK_OK(shogi_record_rules(rec, &rules))) {
        CHECK_EQ_UINT(rules.move_limit, 2);
        CHECK_EQ_UINT(rules.impasse, SHOGI_IMPASSE_CSA27);
        CHECK(rules.invalid_declaration_loses);
    }
    if (CHECK_OK(shogi_record_game(rec, NULL, &game))) {
        CHECK_OUTCOME(game, 1, SHOGI_COLOR_NONE, SHOGI_TERMINATION_MOVE_LIMIT);
        shogi_game_free(game);
    }
    /* Rules given replace them: the site rules' 400 moves leave the game running. */
    if (CHECK_OK(shogi_rules_default(&rules)) && CHECK_OK(shogi_record_game(rec, &rules, &game))) {
        CHECK_OUTCOME(game, 0, SHOGI_COLOR_NONE, SHOGI_TERMINATION_NONE);
        shogi_game_free(game);
    }
    CHECK_NULL_PARAM(shogi_record_rules(rec, NULL));
    CHECK_NULL_PARAM(shogi_record_rules(NULL, &rules));
    shogi_record_free(rec);
}

void test_collections(const char *data_dir) {
    check_suite("collections");
    usi_lines();
    csa_games();
    one_record(data_dir);
    stated_rules();
}

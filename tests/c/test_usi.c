/* The USI protocol in the C API: engine lines and GUI commands read into handles, their
 * accessors, the moves of a pv, bestmove or checkmate checked against a position, malformed
 * lines with their codes, columns and fields, the GUI's commands written and read back, NULL
 * for every pointer parameter, and buffers too small. */
#include <stdio.h>

#include "data.h"
#include "support.h"

#define STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

/* An engine message read from LINE, or NULL (a recorded failure). */
static shogi_usi_engine_message *engine(const char *line) {
    shogi_usi_engine_message *msg = NULL;
    if (!CHECK_OK(shogi_usi_engine_message_parse(TXT(line), &msg, NULL))) {
        CHECK_FAIL("engine line: %s", line);
        return NULL;
    }
    return msg;
}

/* A GUI command read from LINE, or NULL (a recorded failure). */
static shogi_usi_gui_command *gui(const char *line) {
    shogi_usi_gui_command *cmd = NULL;
    if (!CHECK_OK(shogi_usi_gui_command_parse(TXT(line), &cmd, NULL))) {
        CHECK_FAIL("gui line: %s", line);
        return NULL;
    }
    return cmd;
}

static shogi_usi_engine_kind engine_kind(const shogi_usi_engine_message *msg) {
    shogi_usi_engine_kind kind = 255;
    CHECK_OK(shogi_usi_engine_message_kind(msg, &kind));
    return kind;
}

static shogi_usi_gui_kind gui_kind(const shogi_usi_gui_command *cmd) {
    shogi_usi_gui_kind kind = 255;
    CHECK_OK(shogi_usi_gui_command_kind(cmd, &kind));
    return kind;
}

#define ENGINE_TEXT(buf, len, out_len) shogi_usi_engine_message_to_text(msg, buf, len, out_len)
#define ENGINE_TEXT_AGAIN(buf, len, out_len)                                                       \
    shogi_usi_engine_message_to_text(again, buf, len, out_len)
#define GUI_TEXT(buf, len, out_len) shogi_usi_gui_command_to_text(cmd, buf, len, out_len)
#define GUI_TEXT_AGAIN(buf, len, out_len) shogi_usi_gui_command_to_text(again, buf, len, out_len)

/* Every line of a captured engine output reads, its canonical text reads back to the same
 * text; counts the kinds seen. */
static void engine_file(const char *data_dir, const char *name, int *kinds) {
    char path[512];
    size_t len = 0;
    char *text, *line, *next;
    snprintf(path, sizeof path, "usi/%s", name);
    text = data_read_file(data_path(data_dir, path), &len);
    if (!CHECK(text != NULL)) {
        return;
    }
    for (line = text; line != NULL && *line != '\0'; line = next) {
        shogi_usi_engine_message *msg, *again = NULL;
        char *canonical = NULL, *canonical2 = NULL;
        next = strchr(line, '\n');
        if (next != NULL) {
            *next++ = '\0';
        }
        if (strspn(line, " \t\r") == strlen(line)) {
            continue;
        }
        msg = engine(line);
        if (msg == NULL) {
            continue;
        }
        kinds[engine_kind(msg)]++;
        FETCH_TEXT(ENGINE_TEXT, canonical);
        if (canonical != NULL) {
            CHECK_OK(shogi_usi_engine_message_parse(TXT(canonical), &again, NULL));
            if (again != NULL) {
                FETCH_TEXT(ENGINE_TEXT_AGAIN, canonical2);
                if (canonical2 != NULL && strcmp(canonical, canonical2) != 0) {
                    CHECK_FAIL("%s: %s reads back as %s", name, canonical, canonical2);
                }
            }
        }
        free(canonical);
        free(canonical2);
        shogi_usi_engine_message_free(again);
        shogi_usi_engine_message_free(msg);
    }
    free(text);
}

static void captured_lines(const char *data_dir) {
    int kinds[9] = {0};
    int i;
    char path[512];
    size_t len = 0;
    char *text, *line, *next;
    int gui_kinds[11] = {0};
    engine_file(data_dir, "fairy-stockfish.txt", kinds);
    engine_file(data_dir, "gpsusi.txt", kinds);
    engine_file(data_dir, "yaneuraou-style.txt", kinds);
    for (i = 0; i < 9; i++) {
        if (kinds[i] == 0) {
            CHECK_FAIL("no engine line of kind %d", i);
        }
    }

    snprintf(path, sizeof path, "usi/gui-commands.txt");
    text = data_read_file(data_path(data_dir, path), &len);
    if (!CHECK(text != NULL)) {
        return;
    }
    for (line = text; line != NULL && *line != '\0'; line = next) {
        shogi_usi_gui_command *cmd, *again;
        char *canonical = NULL, *canonical2 = NULL;
        next = strchr(line, '\n');
        if (next != NULL) {
            *next++ = '\0';
        }
        cmd = gui(line);
        if (cmd == NULL) {
            continue;
        }
        gui_kinds[gui_kind(cmd)]++;
        FETCH_TEXT(GUI_TEXT, canonical);
        again = canonical != NULL ? gui(canonical) : NULL;
        if (again != NULL) {
            FETCH_TEXT(GUI_TEXT_AGAIN, canonical2);
            if (canonical2 != NULL && strcmp(canonical, canonical2) != 0) {
                CHECK_FAIL("%s reads back as %s", canonical, canonical2);
            }
        }
        free(canonical);
        free(canonical2);
        shogi_usi_gui_command_free(again);
        shogi_usi_gui_command_free(cmd);
    }
    free(text);
    for (i = 0; i < 10; i++) {
        if (gui_kinds[i] == 0) {
            CHECK_FAIL("no GUI command of kind %d", i);
        }
    }
}

#define MSG_TEXT(buf, len, out_len) shogi_usi_engine_message_text(msg, buf, len, out_len)
#define CURRMOVE(buf, len, out_len) shogi_usi_engine_message_info_currmove(msg, buf, len, out_len)
#define INFO_STRING(buf, len, out_len) shogi_usi_engine_message_info_string(msg, buf, len, out_len)
#define EXTRA0(buf, len, out_len) shogi_usi_engine_message_info_extra(msg, 0, buf, len, out_len)
#define LINE_TEXT(buf, len, out_len) shogi_usi_engine_message_line_text(msg, buf, len, out_len)
#define RESOLVE(buf, cap, out_len) shogi_usi_engine_message_resolve_line(msg, pos, buf, cap, out_len, &line)

static void id_and_unknown(void) {
    shogi_usi_engine_message *msg = engine("id name YaneuraOu NNUE  7.6.3");
    char buf[64];
    size_t len;
    if (msg != NULL) {
        CHECK_EQ_UINT(engine_kind(msg), SHOGI_USI_ENGINE_ID_NAME);
        CHECK_TEXT_OUT(MSG_TEXT, "YaneuraOu NNUE  7.6.3");
        CHECK_RES(shogi_usi_engine_message_info_string(msg, buf, sizeof buf, &len),
                  SHOGI_RESULT_INVALID_ARGUMENT);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("id author by yaneurao");
    if (msg != NULL) {
        CHECK_EQ_UINT(engine_kind(msg), SHOGI_USI_ENGINE_ID_AUTHOR);
        CHECK_TEXT_OUT(MSG_TEXT, "by yaneurao");
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("  x-my-extension  1 ");
    if (msg != NULL) {
        CHECK_EQ_UINT(engine_kind(msg), SHOGI_USI_ENGINE_UNKNOWN);
        CHECK_TEXT_OUT(MSG_TEXT, "x-my-extension  1");
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("usiok");
    if (msg != NULL) {
        CHECK_EQ_UINT(engine_kind(msg), SHOGI_USI_ENGINE_USIOK);
        CHECK_RES(shogi_usi_engine_message_text(msg, buf, sizeof buf, &len),
                  SHOGI_RESULT_INVALID_ARGUMENT);
        shogi_usi_engine_message_free(msg);
    }
}

static void info_lines(void) {
    shogi_usi_engine_message *msg;
    shogi_usi_info info;
    shogi_usi_line line;
    shogi_position *pos = position_from(STARTPOS);
    shogi_move moves[16];
    char buf[64];
    size_t len;

    msg = engine("info depth 5 seldepth 10 time 602 score cp 29 nodes 120606 nps 200281 hashfull 6 "
                 "multipv 2 currmove 2f2e tbhits 0 pv 7g7f 3c3d 8h2b+ 3a2b 2b3c string hi  there");
    if (msg != NULL && pos != NULL) {
        CHECK_EQ_UINT(engine_kind(msg), SHOGI_USI_ENGINE_INFO);
        memset(&info, 0xff, sizeof info);
        CHECK_OK(shogi_usi_engine_message_info(msg, &info));
        CHECK(info.has_depth && info.depth == 5);
        CHECK(info.has_seldepth && info.seldepth == 10);
        CHECK(info.has_time_ms && info.time_ms == 602);
        CHECK(info.has_nodes && info.nodes == 120606);
        CHECK(info.has_nps && info.nps == 200281);
        CHECK(info.has_hashfull && info.hashfull == 6);
        CHECK(info.has_multipv && info.multipv == 2);
        CHECK(info.has_currmove);
        CHECK_EQ_UINT(info.score_kind, SHOGI_USI_SCORE_CP);
        CHECK_EQ_INT(info.score_value, 29);
        CHECK_EQ_UINT(info.score_bound, SHOGI_USI_BOUND_EXACT);
        CHECK(info.has_pv);
        CHECK_EQ_UINT(info.pv_len, 5);
        CHECK(info.has_string);
        CHECK_EQ_UINT(info.extra_count, 1);
        CHECK_TEXT_OUT(CURRMOVE, "2f2e");
        CHECK_TEXT_OUT(INFO_STRING, "hi  there");
        CHECK_TEXT_OUT(EXTRA0, "tbhits 0");
        CHECK_RES(shogi_usi_engine_message_info_extra(msg, 1, buf, sizeof buf, &len),
                  SHOGI_RESULT_NOT_FOUND);
        CHECK_TEXT_OUT(LINE_TEXT, "7g7f 3c3d 8h2b+ 3a2b 2b3c");
        /* The fifth move is illegal (2b holds Gote's silver after 3a2b): four legal moves. */
        memset(&line, 0, sizeof line);
        CHECK_MOVES_OUT(RESOLVE, 4, moves);
        CHECK_EQ_UINT(line.len, 5);
        CHECK_EQ_UINT(line.legal, 4);
        CHECK(line.has_illegal);
        CHECK_RES(line.illegal_reason, SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
        CHECK_EQ_UINT(moves[0], usi_move(pos, "7g7f"));
        CHECK_RES(shogi_usi_engine_message_option(msg, NULL), SHOGI_RESULT_NULL_PARAMETER);
        shogi_usi_engine_message_free(msg);
    }

    msg = engine("info depth 22 score cp 120 lowerbound pv 7g7f");
    if (msg != NULL && pos != NULL) {
        CHECK_OK(shogi_usi_engine_message_info(msg, &info));
        CHECK_EQ_UINT(info.score_bound, SHOGI_USI_BOUND_LOWER);
        CHECK(!info.has_seldepth && info.seldepth == 0 && !info.has_currmove && !info.has_string);
        CHECK_RES(shogi_usi_engine_message_info_currmove(msg, buf, sizeof buf, &len),
                  SHOGI_RESULT_NOT_FOUND);
        CHECK_RES(shogi_usi_engine_message_info_string(msg, buf, sizeof buf, &len),
                  SHOGI_RESULT_NOT_FOUND);
        CHECK_OK(shogi_usi_engine_message_resolve_line(msg, pos, moves, 16, &len, &line));
        CHECK_EQ_UINT(len, 1);
        CHECK(!line.has_illegal && line.legal == 1 && line.len == 1);
        CHECK_RES(line.illegal_reason, SHOGI_RESULT_OK);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("info score cp -50 upperbound");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_info(msg, &info));
        CHECK_EQ_INT(info.score_value, -50);
        CHECK_EQ_UINT(info.score_bound, SHOGI_USI_BOUND_UPPER);
        CHECK(!info.has_pv && info.pv_len == 0);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("info score mate -4");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_info(msg, &info));
        CHECK_EQ_UINT(info.score_kind, SHOGI_USI_SCORE_MATE);
        CHECK_EQ_INT(info.score_value, -4);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("info score mate +");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_info(msg, &info));
        CHECK_EQ_UINT(info.score_kind, SHOGI_USI_SCORE_MATE_PLUS);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("info score mate - pv");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_info(msg, &info));
        CHECK_EQ_UINT(info.score_kind, SHOGI_USI_SCORE_MATE_MINUS);
        CHECK(info.has_pv && info.pv_len == 0);
        CHECK_TEXT_OUT(LINE_TEXT, "");
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("info string only");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_info(msg, &info));
        CHECK_EQ_UINT(info.score_kind, SHOGI_USI_SCORE_NONE);
        CHECK(!info.has_depth && info.has_string);
        shogi_usi_engine_message_free(msg);
    }
    shogi_position_free(pos);
}

static void bestmove_and_checkmate(void) {
    shogi_usi_engine_message *msg;
    shogi_usi_bestmove best;
    shogi_usi_checkmate_kind mate;
    shogi_usi_line line;
    shogi_position *pos = position_from(STARTPOS);
    shogi_position *mate_pos = position_from("8k/9/7GP/9/9/9/9/9/K8 b G 1");
    shogi_move moves[8];
    size_t len;
    if (pos == NULL || mate_pos == NULL) {
        shogi_position_free(pos);
        shogi_position_free(mate_pos);
        return;
    }

    msg = engine("bestmove 7g7f ponder 3c3d");
    if (msg != NULL) {
        CHECK_EQ_UINT(engine_kind(msg), SHOGI_USI_ENGINE_BESTMOVE);
        memset(&best, 0, sizeof best);
        CHECK_OK(shogi_usi_engine_message_bestmove(msg, pos, &best));
        CHECK_EQ_UINT(best.kind, SHOGI_USI_BESTMOVE_MOVE);
        CHECK_EQ_UINT(best.best, usi_move(pos, "7g7f"));
        CHECK(best.has_ponder);
        CHECK(best.ponder != 0);
        CHECK_TEXT_OUT(LINE_TEXT, "7g7f 3c3d");
        shogi_usi_engine_message_free(msg);
    }
    /* An illegal best move names its reason; the ponder move after it is checked too. */
    msg = engine("bestmove 5e5d");
    if (msg != NULL) {
        memset(&best, 0x5a, sizeof best);
        CHECK_RES(shogi_usi_engine_message_bestmove(msg, pos, &best),
                  SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
        CHECK_EQ_UINT(best.kind, 0x5a);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("bestmove 7g7f ponder P*5e");
    if (msg != NULL) {
        CHECK_RES(shogi_usi_engine_message_bestmove(msg, pos, &best),
                  SHOGI_RESULT_ILLEGAL_NOT_IN_HAND);
        CHECK_OK(shogi_usi_engine_message_resolve_line(msg, pos, moves, 8, &len, &line));
        CHECK(line.has_illegal && line.legal == 1 && line.len == 2 && len == 1);
        CHECK_RES(line.illegal_reason, SHOGI_RESULT_ILLEGAL_NOT_IN_HAND);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("bestmove resign");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_bestmove(msg, pos, &best));
        CHECK_EQ_UINT(best.kind, SHOGI_USI_BESTMOVE_RESIGN);
        CHECK(!best.has_ponder && best.best == 0);
        CHECK_OK(shogi_usi_engine_message_resolve_line(msg, pos, moves, 8, &len, &line));
        CHECK(len == 0 && line.len == 0 && !line.has_illegal);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("bestmove win");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_bestmove(msg, pos, &best));
        CHECK_EQ_UINT(best.kind, SHOGI_USI_BESTMOVE_WIN);
        CHECK_RES(shogi_usi_engine_message_checkmate(msg, &mate), SHOGI_RESULT_INVALID_ARGUMENT);
        shogi_usi_engine_message_free(msg);
    }

    msg = engine("checkmate G*1b");
    if (msg != NULL) {
        CHECK_EQ_UINT(engine_kind(msg), SHOGI_USI_ENGINE_CHECKMATE);
        CHECK_OK(shogi_usi_engine_message_checkmate(msg, &mate));
        CHECK_EQ_UINT(mate, SHOGI_USI_CHECKMATE_MATE);
        CHECK_OK(shogi_usi_engine_message_resolve_line(msg, mate_pos, moves, 8, &len, &line));
        CHECK(len == 1 && !line.has_illegal);
        CHECK_EQ_UINT(moves[0], usi_move(mate_pos, "G*1b"));
        CHECK_RES(shogi_usi_engine_message_bestmove(msg, pos, &best), SHOGI_RESULT_INVALID_ARGUMENT);
        shogi_usi_engine_message_free(msg);
    }
    {
        const char *lines[3] = {"checkmate nomate", "checkmate timeout", "checkmate notimplemented"};
        shogi_usi_checkmate_kind kinds[3] = {SHOGI_USI_CHECKMATE_NOMATE, SHOGI_USI_CHECKMATE_TIMEOUT,
                                             SHOGI_USI_CHECKMATE_NOTIMPLEMENTED};
        int i;
        for (i = 0; i < 3; i++) {
            msg = engine(lines[i]);
            if (msg != NULL) {
                CHECK_OK(shogi_usi_engine_message_checkmate(msg, &mate));
                CHECK_EQ_UINT(mate, kinds[i]);
                shogi_usi_engine_message_free(msg);
            }
        }
    }
    msg = engine("readyok");
    if (msg != NULL) {
        CHECK_EQ_UINT(engine_kind(msg), SHOGI_USI_ENGINE_READYOK);
        CHECK_RES(shogi_usi_engine_message_resolve_line(msg, pos, moves, 8, &len, &line),
                  SHOGI_RESULT_INVALID_ARGUMENT);
        shogi_usi_engine_message_free(msg);
    }
    shogi_position_free(pos);
    shogi_position_free(mate_pos);
}

#define OPT_NAME(buf, len, out_len) shogi_usi_engine_message_option_name(msg, buf, len, out_len)
#define OPT_DEFAULT(buf, len, out_len)                                                             \
    shogi_usi_engine_message_option_default(msg, buf, len, out_len)
#define OPT_VAR1(buf, len, out_len) shogi_usi_engine_message_option_var(msg, 1, buf, len, out_len)

static void options(void) {
    shogi_usi_engine_message *msg;
    shogi_usi_option opt;
    char buf[64];
    size_t len;

    msg = engine("option name USI_Ponder type check default false");
    if (msg != NULL) {
        CHECK_EQ_UINT(engine_kind(msg), SHOGI_USI_ENGINE_OPTION);
        CHECK_OK(shogi_usi_engine_message_option(msg, &opt));
        CHECK_EQ_UINT(opt.option_type, SHOGI_USI_OPTION_CHECK);
        CHECK(opt.has_default && !opt.default_check);
        CHECK_TEXT_OUT(OPT_NAME, "USI_Ponder");
        CHECK_TEXT_OUT(OPT_DEFAULT, "false");
        CHECK_RES(shogi_usi_engine_message_option_var(msg, 0, buf, sizeof buf, &len),
                  SHOGI_RESULT_NOT_FOUND);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("option name Contempt type spin default 24 min -100 max 100");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_option(msg, &opt));
        CHECK_EQ_UINT(opt.option_type, SHOGI_USI_OPTION_SPIN);
        CHECK(opt.has_default && opt.default_spin == 24);
        CHECK(opt.has_min && opt.min == -100 && opt.has_max && opt.max == 100);
        CHECK_TEXT_OUT(OPT_DEFAULT, "24");
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("option name Analysis Contempt type combo default Both var Both var Off var White");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_option(msg, &opt));
        CHECK_EQ_UINT(opt.option_type, SHOGI_USI_OPTION_COMBO);
        CHECK_EQ_UINT(opt.var_count, 3);
        CHECK_TEXT_OUT(OPT_NAME, "Analysis Contempt");
        CHECK_TEXT_OUT(OPT_DEFAULT, "Both");
        CHECK_TEXT_OUT(OPT_VAR1, "Off");
        CHECK_RES(shogi_usi_engine_message_option_var(msg, 3, buf, sizeof buf, &len),
                  SHOGI_RESULT_NOT_FOUND);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("option name Clear Hash type button");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_option(msg, &opt));
        CHECK_EQ_UINT(opt.option_type, SHOGI_USI_OPTION_BUTTON);
        CHECK(!opt.has_default);
        CHECK_RES(shogi_usi_engine_message_option_default(msg, buf, sizeof buf, &len),
                  SHOGI_RESULT_NOT_FOUND);
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("option name CSAFile type string default <empty>");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_option(msg, &opt));
        CHECK_EQ_UINT(opt.option_type, SHOGI_USI_OPTION_STRING);
        CHECK(opt.has_default);
        CHECK_TEXT_OUT(OPT_DEFAULT, "");
        shogi_usi_engine_message_free(msg);
    }
    msg = engine("option name EvalFile type filename default eval/nn.bin");
    if (msg != NULL) {
        CHECK_OK(shogi_usi_engine_message_option(msg, &opt));
        CHECK_EQ_UINT(opt.option_type, SHOGI_USI_OPTION_FILENAME);
        CHECK_TEXT_OUT(OPT_DEFAULT, "eval/nn.bin");
        CHECK_RES(shogi_usi_engine_message_info(msg, NULL), SHOGI_RESULT_NULL_PARAMETER);
        shogi_usi_engine_message_free(msg);
    }
}

/* A malformed line: its code, column, field and reason, and the handle left alone. */
static void check_malformed(int engine_side, const char *line, shogi_result code, size_t column,
                            const char *field, shogi_result reason) {
    shogi_usi_error err;
    shogi_result got;
    memset(&err, 0, sizeof err);
    if (engine_side) {
        shogi_usi_engine_message *msg = NULL;
        got = shogi_usi_engine_message_parse(TXT(line), &msg, &err);
        CHECK(msg == NULL);
    } else {
        shogi_usi_gui_command *cmd = NULL;
        got = shogi_usi_gui_command_parse(TXT(line), &cmd, &err);
        CHECK(cmd == NULL);
    }
    if (!CHECK_RES(got, code) || !CHECK_RES(err.result, code) || !CHECK_RES(err.reason, reason) ||
        !CHECK_EQ_UINT(err.column, column) || !CHECK_EQ_STR(err.field, field) ||
        !CHECK(err.message[0] != '\0')) {
        CHECK_FAIL("line: %s (%s)", line, err.message);
    }
}

static void malformed_lines(void) {
    shogi_usi_engine_message *msg = NULL;
    /* The code of each UsiMessageError variant. */
    check_malformed(1, "   ", SHOGI_RESULT_USI_MESSAGE_EMPTY, 0, "", SHOGI_RESULT_USI_MESSAGE_EMPTY);
    check_malformed(1, "bestmove", SHOGI_RESULT_USI_MESSAGE_MISSING_VALUE, 9, "bestmove",
                    SHOGI_RESULT_USI_MESSAGE_MISSING_VALUE);
    check_malformed(1, "info depth x", SHOGI_RESULT_USI_MESSAGE_BAD_NUMBER, 12, "depth",
                    SHOGI_RESULT_USI_MESSAGE_BAD_NUMBER);
    check_malformed(1, "info depth 3 pv 7g7f 7g7", SHOGI_RESULT_USI_MESSAGE_BAD_MOVE, 22, "pv",
                    SHOGI_RESULT_USI_BAD_LENGTH);
    check_malformed(1, "option name A type int", SHOGI_RESULT_USI_MESSAGE_BAD_WORD, 20, "type",
                    SHOGI_RESULT_USI_MESSAGE_BAD_WORD);
    check_malformed(1, "usiok now", SHOGI_RESULT_USI_MESSAGE_UNEXPECTED, 7, "command",
                    SHOGI_RESULT_USI_MESSAGE_UNEXPECTED);
    check_malformed(0, "position nowhere", SHOGI_RESULT_USI_MESSAGE_POSITION, 10, "",
                    SHOGI_RESULT_USI_COMMAND_MISSING_START);
    check_malformed(0, "position startpos moves 7g7f 7g7", SHOGI_RESULT_USI_MESSAGE_POSITION, 30, "",
                    SHOGI_RESULT_USI_BAD_LENGTH);
    check_malformed(0, "gameover maybe", SHOGI_RESULT_USI_MESSAGE_BAD_WORD, 10, "gameover",
                    SHOGI_RESULT_USI_MESSAGE_BAD_WORD);
    check_malformed(0, "go btime -1", SHOGI_RESULT_USI_MESSAGE_BAD_NUMBER, 10, "btime",
                    SHOGI_RESULT_USI_MESSAGE_BAD_NUMBER);
    check_malformed(1, "\xff", SHOGI_RESULT_INVALID_UTF8, 0, "", SHOGI_RESULT_INVALID_UTF8);
    /* err_or_null may be NULL. */
    CHECK_RES(shogi_usi_engine_message_parse(TXT("info depth x"), &msg, NULL),
              SHOGI_RESULT_USI_MESSAGE_BAD_NUMBER);
    CHECK(msg == NULL);
    CHECK_EQ_STR(shogi_result_name(SHOGI_RESULT_USI_MESSAGE_OTHER), "SHOGI_RESULT_USI_MESSAGE_OTHER");
}

#define SETOPT_NAME(buf, len, out_len) shogi_usi_gui_command_setoption_name(cmd, buf, len, out_len)
#define SETOPT_VALUE(buf, len, out_len) shogi_usi_gui_command_setoption_value(cmd, buf, len, out_len)
#define POS_MOVE1(buf, len, out_len) shogi_usi_gui_command_position_move(cmd, 1, buf, len, out_len)

static void gui_commands(void) {
    shogi_usi_gui_command *cmd;
    shogi_usi_go go;
    shogi_position *start = NULL, *after = NULL;
    shogi_game *game = NULL;
    shogi_usi_game_result result;
    bool startpos = false;
    char buf[128];
    size_t len;

    cmd = gui("setoption name Clear Hash");
    if (cmd != NULL) {
        CHECK_EQ_UINT(gui_kind(cmd), SHOGI_USI_GUI_SETOPTION);
        CHECK_TEXT_OUT(SETOPT_NAME, "Clear Hash");
        CHECK_RES(shogi_usi_gui_command_setoption_value(cmd, buf, sizeof buf, &len),
                  SHOGI_RESULT_NOT_FOUND);
        shogi_usi_gui_command_free(cmd);
    }
    cmd = gui("setoption name EvalDir value C:\\Program Files\\eval");
    if (cmd != NULL) {
        CHECK_TEXT_OUT(SETOPT_VALUE, "C:\\Program Files\\eval");
        CHECK_RES(shogi_usi_gui_command_go(cmd, &go), SHOGI_RESULT_INVALID_ARGUMENT);
        shogi_usi_gui_command_free(cmd);
    }
    cmd = gui("go ponder btime 60000 wtime 50000 byoyomi 10000 binc 1 winc 2 mate 2000 depth 8 "
              "nodes 100 movetime 1000 infinite");
    if (cmd != NULL) {
        CHECK_EQ_UINT(gui_kind(cmd), SHOGI_USI_GUI_GO);
        CHECK_OK(shogi_usi_gui_command_go(cmd, &go));
        CHECK(go.has_btime && go.btime == 60000 && go.has_wtime && go.wtime == 50000);
        CHECK(go.has_byoyomi && go.byoyomi == 10000 && go.has_binc && go.binc == 1);
        CHECK(go.has_winc && go.winc == 2 && go.ponder && go.infinite);
        CHECK(go.mate == SHOGI_USI_MATE_MILLIS && go.mate_ms == 2000);
        CHECK(go.has_depth && go.depth == 8 && go.has_nodes && go.nodes == 100);
        CHECK(go.has_movetime && go.movetime == 1000);
        shogi_usi_gui_command_free(cmd);
    }
    cmd = gui("go mate infinite");
    if (cmd != NULL) {
        CHECK_OK(shogi_usi_gui_command_go(cmd, &go));
        CHECK(go.mate == SHOGI_USI_MATE_INFINITE && !go.has_btime && !go.ponder);
        shogi_usi_gui_command_free(cmd);
    }

    cmd = gui("position startpos moves 7g7f 3c3d 8h2b+");
    if (cmd != NULL) {
        CHECK_EQ_UINT(gui_kind(cmd), SHOGI_USI_GUI_POSITION);
        CHECK_OK(shogi_usi_gui_command_position_is_startpos(cmd, &startpos));
        CHECK(startpos);
        CHECK_OK(shogi_usi_gui_command_position_move_count(cmd, &len));
        CHECK_EQ_UINT(len, 3);
        CHECK_TEXT_OUT(POS_MOVE1, "3c3d");
        CHECK_RES(shogi_usi_gui_command_position_move(cmd, 3, buf, sizeof buf, &len),
                  SHOGI_RESULT_NOT_FOUND);
        CHECK_OK(shogi_usi_gui_command_position_start(cmd, &start));
        CHECK_EQ_STR(sfen_of(start, buf), STARTPOS);
        CHECK_OK(shogi_usi_gui_command_position_replay(cmd, &after));
        CHECK_EQ_STR(sfen_of(after, buf), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
        CHECK_OK(shogi_position_undo(after, NULL));
        CHECK_OK(shogi_usi_gui_command_position_game(cmd, NULL, &game));
        CHECK_EQ_STR(game_sfen(game, buf), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
        shogi_game_free(game);
        game = NULL;
        shogi_position_free(start);
        shogi_position_free(after);
        start = after = NULL;
        shogi_usi_gui_command_free(cmd);
    }
    /* The moves are read but not played: an illegal one fails the replay, with its reason. */
    cmd = gui("position sfen 8k/9/7GP/9/9/9/9/9/K8 b G 1 moves 5e5d");
    if (cmd != NULL) {
        CHECK_OK(shogi_usi_gui_command_position_is_startpos(cmd, &startpos));
        CHECK(!startpos);
        CHECK_OK(shogi_usi_gui_command_position_start(cmd, &start));
        CHECK_EQ_STR(sfen_of(start, buf), "8k/9/7GP/9/9/9/9/9/K8 b G 1");
        CHECK_RES(shogi_usi_gui_command_position_replay(cmd, &after),
                  SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
        CHECK(after == NULL);
        CHECK_RES(shogi_usi_gui_command_position_game(cmd, NULL, &game),
                  SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
        CHECK(game == NULL);
        shogi_position_free(start);
        start = NULL;
        shogi_usi_gui_command_free(cmd);
    }
    cmd = gui("gameover lose");
    if (cmd != NULL) {
        CHECK_EQ_UINT(gui_kind(cmd), SHOGI_USI_GUI_GAMEOVER);
        CHECK_OK(shogi_usi_gui_command_gameover(cmd, &result));
        CHECK_EQ_UINT(result, SHOGI_USI_GAME_LOSE);
        CHECK_RES(shogi_usi_gui_command_position_start(cmd, &start), SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK_RES(shogi_usi_gui_command_setoption_name(cmd, buf, sizeof buf, &len),
                  SHOGI_RESULT_INVALID_ARGUMENT);
        shogi_usi_gui_command_free(cmd);
    }
}

#define FORMAT_CMD(buf, len, out_len) shogi_usi_format_command(kinds[i], buf, len, out_len)
#define FORMAT_OVER(buf, len, out_len) shogi_usi_format_gameover(results[i], buf, len, out_len)
#define FORMAT_GO(buf, len, out_len) shogi_usi_format_go(&go, buf, len, out_len)
#define FORMAT_SETOPT(buf, len, out_len)                                                           \
    shogi_usi_format_setoption(TXT("USI_Hash"), TXT("256"), buf, len, out_len)
#define FORMAT_BUTTON(buf, len, out_len)                                                           \
    shogi_usi_format_setoption(TXT("Clear Hash"), NULL, 0, buf, len, out_len)

/* The kind of the command TEXT reads as (255 on failure). */
static shogi_usi_gui_kind kind_of_text(const char *text) {
    shogi_usi_gui_command *cmd = gui(text);
    shogi_usi_gui_kind kind = 255;
    if (cmd != NULL) {
        kind = gui_kind(cmd);
        shogi_usi_gui_command_free(cmd);
    }
    return kind;
}

static void formatting(void) {
    shogi_usi_gui_kind kinds[6] = {SHOGI_USI_GUI_USI,  SHOGI_USI_GUI_ISREADY,   SHOGI_USI_GUI_USINEWGAME,
                                   SHOGI_USI_GUI_STOP, SHOGI_USI_GUI_PONDERHIT, SHOGI_USI_GUI_QUIT};
    const char *texts[6] = {"usi", "isready", "usinewgame", "stop", "ponderhit", "quit"};
    shogi_usi_game_result results[3] = {SHOGI_USI_GAME_WIN, SHOGI_USI_GAME_LOSE, SHOGI_USI_GAME_DRAW};
    const char *overs[3] = {"gameover win", "gameover lose", "gameover draw"};
    shogi_usi_go go, back;
    shogi_usi_gui_command *cmd;
    shogi_usi_gui_kind kind;
    char buf[256];
    size_t len;
    int i;

    for (i = 0; i < 6; i++) {
        CHECK_TEXT_OUT(FORMAT_CMD, texts[i]);
        CHECK_EQ_UINT(kind_of_text(texts[i]), kinds[i]);
    }
    CHECK_RES(shogi_usi_format_command(SHOGI_USI_GUI_GO, buf, sizeof buf, &len),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_usi_format_command(200, buf, sizeof buf, &len), SHOGI_RESULT_INVALID_ARGUMENT);
    for (i = 0; i < 3; i++) {
        shogi_usi_game_result result = 255;
        CHECK_TEXT_OUT(FORMAT_OVER, overs[i]);
        cmd = gui(overs[i]);
        if (cmd != NULL) {
            CHECK_OK(shogi_usi_gui_command_gameover(cmd, &result));
            CHECK_EQ_UINT(result, results[i]);
            shogi_usi_gui_command_free(cmd);
        }
    }
    CHECK_RES(shogi_usi_format_gameover(3, buf, sizeof buf, &len), SHOGI_RESULT_INVALID_ARGUMENT);

    /* go: format, then read back the same values. */
    memset(&go, 0, sizeof go);
    CHECK_TEXT_OUT(FORMAT_GO, "go");
    go.has_btime = true;
    go.btime = 300000;
    go.has_wtime = true;
    go.wtime = 290000;
    go.has_byoyomi = true;
    go.byoyomi = 10000;
    go.has_binc = true;
    go.binc = 5;
    go.has_winc = true;
    go.winc = 6;
    go.ponder = true;
    go.infinite = true;
    go.mate = SHOGI_USI_MATE_MILLIS;
    go.mate_ms = 777;
    go.has_depth = true;
    go.depth = 12;
    go.has_nodes = true;
    go.nodes = 1000000;
    go.has_movetime = true;
    go.movetime = 1500;
    go.has_depth = true;
    CHECK_TEXT_OUT(FORMAT_GO, "go btime 300000 wtime 290000 byoyomi 10000 binc 5 winc 6 ponder "
                              "infinite mate 777 depth 12 nodes 1000000 movetime 1500");
    CHECK_OK(shogi_usi_format_go(&go, buf, sizeof buf, &len));
    cmd = gui(buf);
    if (cmd != NULL) {
        memset(&back, 0, sizeof back);
        CHECK_OK(shogi_usi_gui_command_go(cmd, &back));
        CHECK(back.has_btime && back.btime == go.btime && back.has_wtime && back.wtime == go.wtime);
        CHECK(back.has_byoyomi && back.byoyomi == go.byoyomi && back.binc == go.binc &&
              back.winc == go.winc);
        CHECK(back.ponder && back.infinite && back.mate == go.mate && back.mate_ms == go.mate_ms);
        CHECK(back.depth == go.depth && back.nodes == go.nodes && back.movetime == go.movetime);
        shogi_usi_gui_command_free(cmd);
    }
    memset(&go, 0, sizeof go);
    go.mate = SHOGI_USI_MATE_INFINITE;
    CHECK_TEXT_OUT(FORMAT_GO, "go mate infinite");
    go.mate = 9;
    CHECK_RES(shogi_usi_format_go(&go, buf, sizeof buf, &len), SHOGI_RESULT_INVALID_ARGUMENT);

    /* setoption: with and without a value, and an empty value. */
    CHECK_TEXT_OUT(FORMAT_SETOPT, "setoption name USI_Hash value 256");
    CHECK_TEXT_OUT(FORMAT_BUTTON, "setoption name Clear Hash");
    CHECK_OK(shogi_usi_format_setoption(TXT("SyzygyPath"), TXT(""), buf, sizeof buf, &len));
    CHECK_EQ_STR(buf, "setoption name SyzygyPath value <empty>");
    cmd = gui(buf);
    if (cmd != NULL) {
        char name[32], value[32];
        CHECK_OK(shogi_usi_gui_command_setoption_name(cmd, name, sizeof name, &len));
        CHECK_EQ_STR(name, "SyzygyPath");
        CHECK_OK(shogi_usi_gui_command_setoption_value(cmd, value, sizeof value, &len));
        CHECK_EQ_STR(value, "");
        shogi_usi_gui_command_free(cmd);
    }
    CHECK_RES(shogi_usi_format_setoption(TXT("  "), TXT("1"), buf, sizeof buf, &len),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_usi_format_setoption(TXT("A"), TXT("1\nquit"), buf, sizeof buf, &len),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_usi_format_setoption(TXT("A\xff"), TXT("1"), buf, sizeof buf, &len),
              SHOGI_RESULT_INVALID_UTF8);

    /* The position command is a game's shogi_game_to_usi; it reads back as a position. */
    {
        shogi_game *game = game_from(STARTPOS, NULL);
        if (game != NULL) {
            CHECK_OK(shogi_game_play_usi(game, TXT("7g7f")));
            CHECK_OK(shogi_game_to_usi(game, buf, sizeof buf, &len));
            cmd = gui(buf);
            if (cmd != NULL) {
                kind = gui_kind(cmd);
                CHECK_EQ_UINT(kind, SHOGI_USI_GUI_POSITION);
                CHECK_OK(shogi_usi_gui_command_position_move_count(cmd, &len));
                CHECK_EQ_UINT(len, 1);
                shogi_usi_gui_command_free(cmd);
            }
            shogi_game_free(game);
        }
    }
}

static void null_parameters(void) {
    shogi_usi_engine_message *msg = engine("info depth 1 pv 7g7f");
    shogi_usi_engine_message *best_msg = engine("bestmove 7g7f");
    shogi_usi_gui_command *cmd = gui("position startpos moves 7g7f");
    shogi_usi_engine_message *msg_out = NULL;
    shogi_usi_gui_command *cmd_out = NULL;
    shogi_position *pos = position_from(STARTPOS);
    shogi_position *pos_out = NULL;
    shogi_game *game_out = NULL;
    shogi_usi_error err;
    shogi_usi_engine_kind ekind;
    shogi_usi_gui_kind gkind;
    shogi_usi_info info;
    shogi_usi_option opt;
    shogi_usi_bestmove best;
    shogi_usi_checkmate_kind mate;
    shogi_usi_line line;
    shogi_usi_go go;
    shogi_usi_game_result result;
    shogi_move moves[4];
    bool flag;
    size_t len;
    char buf[64];
    if (msg == NULL || best_msg == NULL || cmd == NULL || pos == NULL) {
        shogi_usi_engine_message_free(msg);
        shogi_usi_engine_message_free(best_msg);
        shogi_usi_gui_command_free(cmd);
        shogi_position_free(pos);
        return;
    }
    memset(&go, 0, sizeof go);

    memset(&err, 0, sizeof err);
    CHECK_NULL_PARAM(shogi_usi_engine_message_parse(NULL, 4, &msg_out, &err));
    CHECK_RES(err.result, SHOGI_RESULT_NULL_PARAMETER);
    CHECK_NULL_PARAM(shogi_usi_engine_message_parse(TXT("usiok"), NULL, &err));
    CHECK(msg_out == NULL);
    CHECK_NULL_PARAM(shogi_usi_engine_message_kind(NULL, &ekind));
    CHECK_NULL_PARAM(shogi_usi_engine_message_kind(msg, NULL));
    CHECK_NULL_PARAM(shogi_usi_engine_message_to_text(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_engine_message_to_text(msg, NULL, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_engine_message_to_text(msg, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_usi_engine_message_text(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_engine_message_info(NULL, &info));
    CHECK_NULL_PARAM(shogi_usi_engine_message_info(msg, NULL));
    CHECK_NULL_PARAM(shogi_usi_engine_message_info_currmove(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_engine_message_info_string(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_engine_message_info_extra(NULL, 0, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_engine_message_line_text(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_engine_message_line_text(msg, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_usi_engine_message_resolve_line(NULL, pos, moves, 4, &len, &line));
    CHECK_NULL_PARAM(shogi_usi_engine_message_resolve_line(msg, NULL, moves, 4, &len, &line));
    CHECK_NULL_PARAM(shogi_usi_engine_message_resolve_line(msg, pos, NULL, 4, &len, &line));
    CHECK_NULL_PARAM(shogi_usi_engine_message_resolve_line(msg, pos, moves, 4, NULL, &line));
    CHECK_NULL_PARAM(shogi_usi_engine_message_resolve_line(msg, pos, moves, 4, &len, NULL));
    CHECK_NULL_PARAM(shogi_usi_engine_message_bestmove(NULL, pos, &best));
    CHECK_NULL_PARAM(shogi_usi_engine_message_bestmove(best_msg, NULL, &best));
    CHECK_NULL_PARAM(shogi_usi_engine_message_bestmove(best_msg, pos, NULL));
    CHECK_NULL_PARAM(shogi_usi_engine_message_checkmate(NULL, &mate));
    CHECK_NULL_PARAM(shogi_usi_engine_message_checkmate(msg, NULL));
    CHECK_NULL_PARAM(shogi_usi_engine_message_option(NULL, &opt));
    CHECK_NULL_PARAM(shogi_usi_engine_message_option_name(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_engine_message_option_default(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_engine_message_option_var(NULL, 0, buf, sizeof buf, &len));
    shogi_usi_engine_message_free(NULL);

    CHECK_NULL_PARAM(shogi_usi_gui_command_parse(NULL, 3, &cmd_out, NULL));
    CHECK_NULL_PARAM(shogi_usi_gui_command_parse(TXT("usi"), NULL, NULL));
    CHECK(cmd_out == NULL);
    CHECK_NULL_PARAM(shogi_usi_gui_command_kind(NULL, &gkind));
    CHECK_NULL_PARAM(shogi_usi_gui_command_kind(cmd, NULL));
    CHECK_NULL_PARAM(shogi_usi_gui_command_to_text(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_gui_command_to_text(cmd, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_usi_gui_command_setoption_name(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_gui_command_setoption_value(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_gui_command_go(NULL, &go));
    CHECK_NULL_PARAM(shogi_usi_gui_command_go(cmd, NULL));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_is_startpos(NULL, &flag));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_is_startpos(cmd, NULL));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_start(NULL, &pos_out));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_start(cmd, NULL));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_move_count(NULL, &len));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_move_count(cmd, NULL));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_move(NULL, 0, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_move(cmd, 0, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_replay(NULL, &pos_out));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_replay(cmd, NULL));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_game(NULL, NULL, &game_out));
    CHECK_NULL_PARAM(shogi_usi_gui_command_position_game(cmd, NULL, NULL));
    CHECK(pos_out == NULL && game_out == NULL);
    CHECK_NULL_PARAM(shogi_usi_gui_command_gameover(NULL, &result));
    CHECK_NULL_PARAM(shogi_usi_gui_command_gameover(cmd, NULL));
    shogi_usi_gui_command_free(NULL);

    CHECK_NULL_PARAM(shogi_usi_format_command(SHOGI_USI_GUI_USI, NULL, 8, &len));
    CHECK_NULL_PARAM(shogi_usi_format_command(SHOGI_USI_GUI_USI, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_usi_format_gameover(SHOGI_USI_GAME_WIN, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_usi_format_go(NULL, buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_format_go(&go, buf, sizeof buf, NULL));
    CHECK_NULL_PARAM(shogi_usi_format_setoption(NULL, 3, TXT("1"), buf, sizeof buf, &len));
    CHECK_NULL_PARAM(shogi_usi_format_setoption(TXT("A"), TXT("1"), NULL, 8, &len));
    CHECK_NULL_PARAM(shogi_usi_format_setoption(TXT("A"), TXT("1"), buf, sizeof buf, NULL));

    shogi_usi_engine_message_free(msg);
    shogi_usi_engine_message_free(best_msg);
    shogi_usi_gui_command_free(cmd);
    shogi_position_free(pos);
}

void test_usi(const char *data_dir) {
    check_suite("usi");
    captured_lines(data_dir);
    id_and_unknown();
    info_lines();
    bestmove_and_checkmate();
    options();
    malformed_lines();
    gui_commands();
    formatting();
    null_parameters();
}

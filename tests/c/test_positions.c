/* Positions: SFEN in and out (malformed and illegal setups with their codes), the board and
 * hands, check and mate, legal move lists, every illegal-move reason through
 * shogi_position_check_move / shogi_position_play / shogi_position_parse_usi, promotion
 * options, play and undo, Zobrist keys, perft and the SVG picture. */
#include <stdio.h>

#include "support.h"

#define STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

#define SFEN_CALL(buf, len, out) shogi_position_to_sfen(start, buf, len, out)
#define LEGAL_CALL(buf, cap, out) shogi_position_legal_moves(start, buf, cap, out)
#define FROM_CALL(buf, cap, out)                                                                   \
    shogi_position_legal_moves_from(start, square_of("2h"), buf, cap, out)
#define DROPS_CALL(buf, cap, out) shogi_position_legal_drops(hand, SHOGI_ROLE_GOLD, buf, cap, out)
#define SVG_CALL(buf, len, out) shogi_position_svg(start, SHOGI_MOVE_NONE, buf, len, out)

/* SFEN text and the code its parse must give. */
struct sfen_error_case {
    const char *sfen;
    uint32_t expected;
};

static void sfen_errors(void) {
    static const struct sfen_error_case cases[] = {
        {"", SHOGI_RESULT_SFEN_EMPTY},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
         SHOGI_RESULT_SFEN_MISSING_FIELD},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
         SHOGI_RESULT_SFEN_BOARD_CHARACTER},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1",
         SHOGI_RESULT_SFEN_BAD_PROMOTION},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
         SHOGI_RESULT_SFEN_ROW_LENGTH},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
         SHOGI_RESULT_SFEN_ROW_COUNT},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
         SHOGI_RESULT_SFEN_SIDE_TO_MOVE},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1",
         SHOGI_RESULT_SFEN_HAND_CHARACTER},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 0P 1",
         SHOGI_RESULT_SFEN_HAND_COUNT},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - x",
         SHOGI_RESULT_SFEN_MOVE_NUMBER},
        {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 extra",
         SHOGI_RESULT_SFEN_TRAILING_TEXT},
        {"4k4/9/9/9/9/9/9/9/3KK4 b - 1", SHOGI_RESULT_SETUP_TOO_MANY_KINGS},
        {"4k4/9/9/9/9/9/9/9/4K4 b 3R 1", SHOGI_RESULT_SETUP_TOO_MANY_PIECES},
        {"4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1", SHOGI_RESULT_SETUP_TWO_PAWNS_ON_FILE},
        {"P3k4/9/9/9/9/9/9/9/4K4 b - 1", SHOGI_RESULT_SETUP_DEAD_PIECE},
        {"4k4/9/9/9/4R4/9/9/9/4K4 b - 1", SHOGI_RESULT_SETUP_OPPONENT_IN_CHECK},
    };
    static char sentinel;
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* An error leaves the out-parameter alone. */
        shogi_position *pos = (shogi_position *)(void *)&sentinel;
        uint32_t res = (uint32_t)shogi_position_from_sfen(TXT(cases[i].sfen), &pos);
        if (res != cases[i].expected) {
            CHECK_FAIL("SFEN `%s`: %s, expected %s", cases[i].sfen, result_name(res),
                       result_name(cases[i].expected));
        } else {
            CHECK(pos == (shogi_position *)(void *)&sentinel);
        }
    }
    {
        /* Not UTF-8: a lone continuation byte and a truncated sequence. */
        shogi_position *pos = NULL;
        const char bad[] = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\x80";
        const char cut[] = "\xe3\x81";
        CHECK_RES(shogi_position_from_sfen(bad, sizeof bad - 1, &pos), SHOGI_RESULT_INVALID_UTF8);
        CHECK_RES(shogi_position_from_sfen(cut, sizeof cut - 1, &pos), SHOGI_RESULT_INVALID_UTF8);
        CHECK(pos == NULL);
        /* The length is honoured: the text need not be NUL-terminated. */
        CHECK_OK(shogi_position_from_sfen(STARTPOS "garbage", strlen(STARTPOS), &pos));
        shogi_position_free(pos);
    }
}

/* What each setup mode of shogi_position_from_sfen_setup accepts. */
static void setup_modes(void) {
    static const struct {
        const char *sfen;
        uint32_t legal, composed, any;
    } cases[] = {
        {"4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1", SHOGI_RESULT_SETUP_TWO_PAWNS_ON_FILE,
         SHOGI_RESULT_OK, SHOGI_RESULT_OK},
        {"P3k4/9/9/9/9/9/9/9/4K4 b - 1", SHOGI_RESULT_SETUP_DEAD_PIECE, SHOGI_RESULT_OK,
         SHOGI_RESULT_OK},
        {"4k4/9/9/9/9/9/9/9/4K4 b 3R 1", SHOGI_RESULT_SETUP_TOO_MANY_PIECES,
         SHOGI_RESULT_SETUP_TOO_MANY_PIECES, SHOGI_RESULT_OK},
        {"4k4/9/9/9/4R4/9/9/9/4K4 b - 1", SHOGI_RESULT_SETUP_OPPONENT_IN_CHECK,
         SHOGI_RESULT_SETUP_OPPONENT_IN_CHECK, SHOGI_RESULT_OK},
        {"4k4/9/9/9/9/9/9/9/4K4 x - 1", SHOGI_RESULT_SFEN_SIDE_TO_MOVE,
         SHOGI_RESULT_SFEN_SIDE_TO_MOVE, SHOGI_RESULT_SFEN_SIDE_TO_MOVE},
    };
    static const shogi_setup modes[3] = {SHOGI_SETUP_LEGAL, SHOGI_SETUP_COMPOSED,
                                         SHOGI_SETUP_ANY};
    size_t i, m;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const uint32_t expected[3] = {cases[i].legal, cases[i].composed, cases[i].any};
        for (m = 0; m < 3; m++) {
            shogi_position *pos = NULL;
            uint32_t res =
                (uint32_t)shogi_position_from_sfen_setup(TXT(cases[i].sfen), modes[m], &pos);
            if (res != expected[m]) {
                CHECK_FAIL("SFEN `%s`, setup %u: %s, expected %s", cases[i].sfen,
                           (unsigned)modes[m], result_name(res), result_name(expected[m]));
            }
            if (res == SHOGI_RESULT_OK) {
                char sfen[256];
                CHECK_EQ_STR(sfen_of(pos, sfen), cases[i].sfen);
                shogi_position_free(pos);
            } else {
                CHECK(pos == NULL);
            }
        }
    }
    {
        shogi_position *pos = NULL;
        CHECK_RES(shogi_position_from_sfen_setup(TXT(STARTPOS), 3, &pos),
                  SHOGI_RESULT_INVALID_ARGUMENT);
        CHECK_RES(shogi_position_from_sfen_setup(NULL, 0, SHOGI_SETUP_ANY, &pos),
                  SHOGI_RESULT_NULL_PARAMETER);
        CHECK_RES(shogi_position_from_sfen_setup(TXT(STARTPOS), SHOGI_SETUP_ANY, NULL),
                  SHOGI_RESULT_NULL_PARAMETER);
        CHECK(pos == NULL);
    }
}

/* A position, a move given as bits, and the reason it is illegal. */
struct illegal_case {
    const char *sfen;
    const char *usi;
    uint32_t reason;
};

static void illegal_moves(void) {
    /* One position per reason (most from tests/data/cases.json). */
    static const struct illegal_case cases[] = {
        {"k8/9/9/9/9/9/9/9/4K4 b P 1", "G*5e", SHOGI_RESULT_ILLEGAL_NOT_IN_HAND},
        {"k8/9/9/9/4p4/9/9/9/4K4 b P 1", "P*5e", SHOGI_RESULT_ILLEGAL_OCCUPIED},
        {"k8/9/9/9/9/9/9/9/4K4 b PLN 1", "P*4a", SHOGI_RESULT_ILLEGAL_DEAD_PIECE},
        {"k8/9/9/9/9/9/9/9/4K4 b PLN 1", "N*4b", SHOGI_RESULT_ILLEGAL_DEAD_PIECE},
        {"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", SHOGI_RESULT_ILLEGAL_NIFU},
        {"4k4/6s2/5N3/9/9/9/9/9/K3R4 w g 1", "3b4c", SHOGI_RESULT_ILLEGAL_LEAVES_KING_IN_CHECK},
        {"8k/9/6NG1/9/9/9/9/9/4K4 b P 1", "P*1b", SHOGI_RESULT_ILLEGAL_UCHIFUZUME},
        {"4k4/9/9/9/4P4/9/4R4/9/K8 b - 1", "5g5c", SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE},
        {"4k4/9/9/9/4S4/9/9/9/4K4 b - 1", "5e5d+", SHOGI_RESULT_ILLEGAL_CANNOT_PROMOTE},
        {"4k4/9/9/9/9/9/9/6p2/K8 w - 1", "3h3i", SHOGI_RESULT_ILLEGAL_MUST_PROMOTE},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct illegal_case *c = &cases[i];
        shogi_position *pos = position_from(c->sfen);
        shogi_move m = SHOGI_MOVE_NONE;
        shogi_move parsed = 12345;
        char before[256], after[256];
        uint32_t res;
        if (pos == NULL) {
            continue;
        }
        /* The same move as bits, built without the position. */
        if (strchr(c->usi, '*') != NULL) {
            shogi_role role = SHOGI_ROLE_NONE;
            switch (c->usi[0]) {
            case 'P':
                role = SHOGI_ROLE_PAWN;
                break;
            case 'L':
                role = SHOGI_ROLE_LANCE;
                break;
            case 'N':
                role = SHOGI_ROLE_KNIGHT;
                break;
            case 'S':
                role = SHOGI_ROLE_SILVER;
                break;
            case 'G':
                role = SHOGI_ROLE_GOLD;
                break;
            case 'B':
                role = SHOGI_ROLE_BISHOP;
                break;
            case 'R':
                role = SHOGI_ROLE_ROOK;
                break;
            default:
                break;
            }
            CHECK_OK(shogi_move_drop(role, square_of(c->usi + 2), &m));
        } else {
            shogi_piece piece;
            shogi_piece target;
            memset(&piece, 0, sizeof piece);
            memset(&target, 0, sizeof target);
            CHECK_OK(shogi_position_piece_at(pos, square_of(c->usi), &piece));
            CHECK_OK(shogi_position_piece_at(pos, square_of(c->usi + 2), &target));
            if (piece.role == SHOGI_ROLE_NONE) {
                /* Nothing on the origin: any role makes the point. */
                piece.role = SHOGI_ROLE_GOLD;
            }
            CHECK_OK(shogi_move_normal(piece.role, square_of(c->usi), square_of(c->usi + 2),
                                       target.role, c->usi[4] == '+', &m));
        }
        sfen_of(pos, before);
        res = (uint32_t)shogi_position_check_move(pos, m);
        if (res != c->reason) {
            CHECK_FAIL("check_move %s in `%s`: %s, expected %s", c->usi, c->sfen, result_name(res),
                       result_name(c->reason));
        }
        CHECK_RES(shogi_position_play(pos, m), c->reason);
        CHECK_EQ_STR(sfen_of(pos, after), before);
        res = (uint32_t)shogi_position_parse_usi(pos, TXT(c->usi), &parsed);
        if (res != c->reason) {
            CHECK_FAIL("parse_usi %s in `%s`: %s, expected %s", c->usi, c->sfen, result_name(res),
                       result_name(c->reason));
        }
        CHECK_EQ_UINT(parsed, 12345);
        shogi_position_free(pos);
    }
}

static void usi_text_errors(const shogi_position *start) {
    shogi_move m = 77;
    const char not_utf8[] = "7g7\xff";
    CHECK_RES(shogi_position_parse_usi(start, "", 0, &m), SHOGI_RESULT_USI_EMPTY);
    CHECK_RES(shogi_position_parse_usi(start, TXT("7g7"), &m), SHOGI_RESULT_USI_BAD_LENGTH);
    CHECK_RES(shogi_position_parse_usi(start, TXT("7g7f++"), &m), SHOGI_RESULT_USI_BAD_LENGTH);
    CHECK_RES(shogi_position_parse_usi(start, TXT("7z7f"), &m), SHOGI_RESULT_USI_BAD_SQUARE);
    CHECK_RES(shogi_position_parse_usi(start, TXT("K*5e"), &m), SHOGI_RESULT_USI_BAD_DROP_PIECE);
    CHECK_RES(shogi_position_parse_usi(start, TXT("7g7f="), &m), SHOGI_RESULT_USI_BAD_SUFFIX);
    CHECK_RES(shogi_position_parse_usi(start, not_utf8, sizeof not_utf8 - 1, &m),
              SHOGI_RESULT_INVALID_UTF8);
    CHECK_EQ_UINT(m, 77);
    /* Bits that are no move. */
    CHECK_RES(shogi_position_check_move(start, 0xffffffffu), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_position_check_move(start, SHOGI_MOVE_NONE), SHOGI_RESULT_INVALID_ARGUMENT);
}

static void board_and_hands(void) {
    /* Sente: king 5i, rook 2h; Gote: king 5a, promoted pawn 4g; hands: Sente 2 pawns and a
     * gold, Gote a bishop. */
    shogi_position *pos = position_from("4k4/9/9/9/9/9/5+p3/7R1/4K4 w 2PGb 31");
    shogi_piece piece;
    shogi_square king = 0;
    uint8_t count = 99;
    uint32_t number = 0;
    shogi_color turn = 9;
    bool flag = true;
    if (pos == NULL) {
        return;
    }
    CHECK_OK(shogi_position_turn(pos, &turn));
    CHECK_EQ_UINT(turn, SHOGI_COLOR_GOTE);
    CHECK_OK(shogi_position_move_number(pos, &number));
    CHECK_EQ_UINT(number, 31);
    CHECK_OK(shogi_position_piece_at(pos, square_of("2h"), &piece));
    CHECK_EQ_UINT(piece.color, SHOGI_COLOR_SENTE);
    CHECK_EQ_UINT(piece.role, SHOGI_ROLE_ROOK);
    CHECK_OK(shogi_position_piece_at(pos, square_of("4g"), &piece));
    CHECK_EQ_UINT(piece.color, SHOGI_COLOR_GOTE);
    CHECK_EQ_UINT(piece.role, SHOGI_ROLE_TOKIN);
    CHECK_OK(shogi_position_piece_at(pos, square_of("5e"), &piece));
    CHECK_EQ_UINT(piece.color, SHOGI_COLOR_NONE);
    CHECK_EQ_UINT(piece.role, SHOGI_ROLE_NONE);
    piece.color = 7;
    CHECK_RES(shogi_position_piece_at(pos, 81, &piece), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(piece.color, 7);

    CHECK_OK(shogi_position_hand_count(pos, SHOGI_COLOR_SENTE, SHOGI_ROLE_PAWN, &count));
    CHECK_EQ_UINT(count, 2);
    CHECK_OK(shogi_position_hand_count(pos, SHOGI_COLOR_SENTE, SHOGI_ROLE_GOLD, &count));
    CHECK_EQ_UINT(count, 1);
    CHECK_OK(shogi_position_hand_count(pos, SHOGI_COLOR_GOTE, SHOGI_ROLE_BISHOP, &count));
    CHECK_EQ_UINT(count, 1);
    CHECK_OK(shogi_position_hand_count(pos, SHOGI_COLOR_GOTE, SHOGI_ROLE_HORSE, &count));
    CHECK_EQ_UINT(count, 1);
    CHECK_OK(shogi_position_hand_count(pos, SHOGI_COLOR_GOTE, SHOGI_ROLE_ROOK, &count));
    CHECK_EQ_UINT(count, 0);
    CHECK_OK(shogi_position_hand_count(pos, SHOGI_COLOR_SENTE, SHOGI_ROLE_KING, &count));
    CHECK_EQ_UINT(count, 0);
    count = 99;
    CHECK_RES(shogi_position_hand_count(pos, SHOGI_COLOR_NONE, SHOGI_ROLE_PAWN, &count),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_position_hand_count(pos, SHOGI_COLOR_SENTE, 14, &count),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(count, 99);

    CHECK_OK(shogi_position_king_square(pos, SHOGI_COLOR_SENTE, &king));
    CHECK_EQ_UINT(king, square_of("5i"));
    CHECK_OK(shogi_position_king_square(pos, SHOGI_COLOR_GOTE, &king));
    CHECK_EQ_UINT(king, square_of("5a"));
    CHECK_RES(shogi_position_king_square(pos, 3, &king), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_OK(shogi_position_in_check(pos, &flag));
    CHECK(!flag);
    shogi_position_free(pos);

    /* No Sente king (a composed problem). */
    pos = position_from("4k4/9/9/9/9/9/9/9/9 b G 1");
    if (pos != NULL) {
        CHECK_OK(shogi_position_king_square(pos, SHOGI_COLOR_SENTE, &king));
        CHECK_EQ_UINT(king, SHOGI_SQUARE_NONE);
        shogi_position_free(pos);
    }

    /* Check and mate. */
    pos = position_from("8k/8G/8P/9/9/9/9/9/4K4 w - 1");
    if (pos != NULL) {
        CHECK_OK(shogi_position_in_check(pos, &flag));
        CHECK(flag);
        CHECK_OK(shogi_position_is_checkmate(pos, &flag));
        CHECK(flag);
        shogi_position_free(pos);
    }
}

static void move_lists(const shogi_position *start) {
    shogi_move moves[SHOGI_MAX_LEGAL_MOVES];
    shogi_position *hand;
    size_t n = 0;
    size_t i;
    char usi[16];
    int found = 0;
    CHECK_MOVES_OUT(LEGAL_CALL, 30, moves);
    for (i = 0; i < 30; i++) {
        CHECK_OK(shogi_position_check_move(start, moves[i]));
        if (strcmp(usi_of(moves[i], usi), "7g7f") == 0) {
            found++;
        }
    }
    CHECK_EQ_INT(found, 1);
    /* The rook on 2h: 2h1h and 3h..7h, six moves. */
    CHECK_MOVES_OUT(FROM_CALL, 6, moves);
    for (i = 0; i < 6; i++) {
        CHECK_EQ_UINT(shogi_move_from(moves[i]), square_of("2h"));
        CHECK_EQ_UINT(shogi_move_role(moves[i]), SHOGI_ROLE_ROOK);
    }
    /* An empty square, an opponent's piece: no moves. */
    CHECK_OK(shogi_position_legal_moves_from(start, square_of("5e"), moves, 10, &n));
    CHECK_EQ_UINT(n, 0);
    CHECK_OK(shogi_position_legal_moves_from(start, square_of("5a"), NULL, 0, &n));
    CHECK_EQ_UINT(n, 0);
    CHECK_RES(shogi_position_legal_moves_from(start, 81, moves, 10, &n),
              SHOGI_RESULT_INVALID_ARGUMENT);
    /* No pieces in hand: no drops. */
    CHECK_OK(shogi_position_legal_drops(start, SHOGI_ROLE_PAWN, moves, 10, &n));
    CHECK_EQ_UINT(n, 0);
    CHECK_RES(shogi_position_legal_drops(start, SHOGI_ROLE_KING, moves, 10, &n),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_position_legal_drops(start, SHOGI_ROLE_DRAGON, moves, 10, &n),
              SHOGI_RESULT_INVALID_ARGUMENT);

    /* A gold in hand with kings on 5a and 5i: 79 empty squares. */
    hand = position_from("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    if (hand != NULL) {
        CHECK_MOVES_OUT(DROPS_CALL, 79, moves);
        for (i = 0; i < 79; i++) {
            CHECK(shogi_move_is_drop(moves[i]));
        }
        shogi_position_free(hand);
    }
    hand = position_from("4k4/9/9/9/9/9/9/9/4K4 b P 1");
    if (hand != NULL) {
        CHECK_OK(
            shogi_position_legal_drops(hand, SHOGI_ROLE_PAWN, moves, SHOGI_MAX_LEGAL_MOVES, &n));
        /* Not on the 8 empty squares of rank a (a dead pawn); P*5b is check, not mate. */
        CHECK_EQ_UINT(n, 71);
        shogi_position_free(hand);
    }

    /* The position with the most legal moves fits SHOGI_MAX_LEGAL_MOVES. */
    hand = position_from("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1");
    if (hand != NULL) {
        CHECK_OK(shogi_position_legal_moves(hand, moves, SHOGI_MAX_LEGAL_MOVES, &n));
        CHECK_EQ_UINT(n, 593);
        shogi_position_free(hand);
    }
}

static void promotion_options(void) {
    shogi_position *pos = position_from("4k4/9/9/4S4/9/9/9/9/4K4 b - 1");
    shogi_promotion p = 99;
    if (pos == NULL) {
        return;
    }
    CHECK_OK(shogi_position_promotion_options(pos, square_of("5d"), square_of("5c"), &p));
    CHECK_EQ_UINT(p, SHOGI_PROMOTION_MAY);
    CHECK_OK(shogi_position_promotion_options(pos, square_of("5d"), square_of("4e"), &p));
    CHECK_EQ_UINT(p, SHOGI_PROMOTION_NEVER);
    CHECK_OK(shogi_position_promotion_options(pos, square_of("5d"), square_of("1a"), &p));
    CHECK_EQ_UINT(p, SHOGI_PROMOTION_NONE);
    p = 99;
    CHECK_RES(shogi_position_promotion_options(pos, 81, square_of("1a"), &p),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_RES(shogi_position_promotion_options(pos, square_of("5d"), 200, &p),
              SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(p, 99);
    shogi_position_free(pos);

    pos = position_from("4k4/8P/9/9/9/9/9/9/4K4 b - 1");
    if (pos != NULL) {
        CHECK_OK(shogi_position_promotion_options(pos, square_of("1b"), square_of("1a"), &p));
        CHECK_EQ_UINT(p, SHOGI_PROMOTION_MUST);
        shogi_position_free(pos);
    }
}

static void play_and_undo(shogi_position *start) {
    shogi_position *pos = NULL;
    shogi_move m1, m2, undone = SHOGI_MOVE_NONE;
    uint64_t key_start = 0, key = 0, key_clone = 0;
    char sfen[256];
    shogi_color turn = 9;
    uint32_t number = 0;
    if (!CHECK_OK(shogi_position_clone(start, &pos))) {
        return;
    }
    CHECK_OK(shogi_position_zobrist(pos, &key_start));
    undone = 1234;
    CHECK_RES(shogi_position_undo(pos, &undone), SHOGI_RESULT_NOTHING_TO_UNDO);
    CHECK_EQ_UINT(undone, 1234);
    CHECK_RES(shogi_position_undo(pos, NULL), SHOGI_RESULT_NOTHING_TO_UNDO);

    m1 = usi_move(pos, "7g7f");
    CHECK_OK(shogi_position_play(pos, m1));
    m2 = usi_move(pos, "3c3d");
    CHECK_OK(shogi_position_play(pos, m2));
    CHECK_EQ_STR(sfen_of(pos, sfen),
                 "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    CHECK_OK(shogi_position_turn(pos, &turn));
    CHECK_EQ_UINT(turn, SHOGI_COLOR_SENTE);
    CHECK_OK(shogi_position_move_number(pos, &number));
    CHECK_EQ_UINT(number, 3);
    CHECK_OK(shogi_position_zobrist(pos, &key));
    CHECK(key != key_start);

    /* A clone keeps the undo history, and is independent. */
    {
        shogi_position *copy = NULL;
        if (CHECK_OK(shogi_position_clone(pos, &copy))) {
            CHECK_OK(shogi_position_zobrist(copy, &key_clone));
            CHECK_EQ_UINT(key_clone, key);
            CHECK_OK(shogi_position_undo(copy, &undone));
            CHECK_EQ_UINT(undone, m2);
            CHECK_OK(shogi_position_zobrist(pos, &key_clone));
            CHECK_EQ_UINT(key_clone, key);
            shogi_position_free(copy);
        }
    }

    CHECK_OK(shogi_position_undo(pos, &undone));
    CHECK_EQ_UINT(undone, m2);
    CHECK_OK(shogi_position_undo(pos, NULL));
    CHECK_EQ_STR(sfen_of(pos, sfen), STARTPOS);
    CHECK_OK(shogi_position_zobrist(pos, &key));
    CHECK_EQ_UINT(key, key_start);
    CHECK_RES(shogi_position_undo(pos, NULL), SHOGI_RESULT_NOTHING_TO_UNDO);
    /* The key ignores the move number. */
    {
        shogi_position *later =
            position_from("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 77");
        if (later != NULL) {
            CHECK_OK(shogi_position_zobrist(later, &key));
            CHECK_EQ_UINT(key, key_start);
            shogi_position_free(later);
        }
    }
    /* Invalid bits are refused. */
    CHECK_RES(shogi_position_play(pos, 0xffffffffu), SHOGI_RESULT_INVALID_ARGUMENT);
    shogi_position_free(pos);
}

static void perft_and_svg(const shogi_position *start) {
    uint64_t nodes = 0;
    CHECK_OK(shogi_position_perft(start, 0, &nodes));
    CHECK_EQ_UINT(nodes, 1);
    CHECK_OK(shogi_position_perft(start, 1, &nodes));
    CHECK_EQ_UINT(nodes, 30);
    CHECK_OK(shogi_position_perft(start, 3, &nodes));
    CHECK_EQ_UINT(nodes, 25470);
    /* A depth no count could reach is refused at once, not recursed into. */
    nodes = 7;
    CHECK_EQ_INT(shogi_position_perft(start, 1000000, &nodes), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_EQ_UINT(nodes, 7);

    {
        char *svg = NULL;
        char *again = NULL;
        char *shaded = NULL;
        shogi_move m = usi_move(start, "7g7f");
        size_t len = 0;
#define SHADED_CALL(buf, len, out) shogi_position_svg(start, m, buf, len, out)
        FETCH_TEXT(SVG_CALL, svg);
        FETCH_TEXT(SVG_CALL, again);
        FETCH_TEXT(SHADED_CALL, shaded);
#undef SHADED_CALL
        if (svg != NULL && again != NULL && shaded != NULL) {
            CHECK(strncmp(svg, "<svg", 4) == 0 || strncmp(svg, "<?xml", 5) == 0);
            CHECK(strstr(svg, "</svg>") != NULL);
            CHECK(strstr(svg, "\xe7\x8e\x89") != NULL || strstr(svg, "\xe7\x8e\x8b") != NULL);
            CHECK_EQ_STR(svg, again);
            CHECK(strcmp(svg, shaded) != 0);
            CHECK_TEXT_OUT(SVG_CALL, svg);
        }
        CHECK_RES(shogi_position_svg(start, 0xffffffffu, NULL, 0, &len),
                  SHOGI_RESULT_INVALID_ARGUMENT);
        free(svg);
        free(again);
        free(shaded);
    }
}

void test_positions(void) {
    shogi_position *start = NULL;
    shogi_position *parsed = NULL;
    shogi_color turn = 9;
    bool flag = true;
    uint64_t k1 = 0, k2 = 0;
    check_suite("positions");

    if (!CHECK_OK(shogi_position_new(&start))) {
        return;
    }
    CHECK_TEXT_OUT(SFEN_CALL, STARTPOS);
    CHECK_OK(shogi_position_turn(start, &turn));
    CHECK_EQ_UINT(turn, SHOGI_COLOR_SENTE);
    CHECK_OK(shogi_position_in_check(start, &flag));
    CHECK(!flag);
    flag = true;
    CHECK_OK(shogi_position_is_checkmate(start, &flag));
    CHECK(!flag);

    /* Parsing the start SFEN gives the same position; the move number may be omitted. */
    if (CHECK_OK(shogi_position_from_sfen(
            TXT("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"), &parsed))) {
        char sfen[256];
        CHECK_EQ_STR(sfen_of(parsed, sfen), STARTPOS);
        CHECK_OK(shogi_position_zobrist(start, &k1));
        CHECK_OK(shogi_position_zobrist(parsed, &k2));
        CHECK_EQ_UINT(k1, k2);
        shogi_position_free(parsed);
    }

    sfen_errors();
    setup_modes();
    illegal_moves();
    usi_text_errors(start);
    board_and_hands();
    move_lists(start);
    promotion_options();
    play_and_undo(start);
    perft_and_svg(start);

    shogi_position_free(start);
    shogi_position_free(NULL);
}

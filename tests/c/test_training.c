/* Training data formats: positions to HCP and PackedSfen bytes and back (a few positions,
 * including one with fewer pieces than the set), the bytes cshogi writes for the start position,
 * corrupt bytes and positions the formats cannot hold with their codes, move16 both ways. */
#include <stdio.h>

#include "support.h"

/* The start position as cshogi 1.1.0's Board.to_hcp writes it. */
static const uint8_t STARTPOS_HCP[SHOGI_PACKED_POSITION_SIZE] = {
    0x58, 0xa4, 0x49, 0x21, 0x0c, 0xd7, 0x57, 0x21, 0x7e, 0x8e, 0x4d, 0x21, 0x2c, 0xaf, 0x42, 0x78,
    0x14, 0xc2, 0xab, 0x10, 0x9e, 0x4d, 0x21, 0x2c, 0xd7, 0x5f, 0x21, 0x3e, 0x8e, 0x49, 0x21, 0x0c};

/* The start position as cshogi 1.1.0's Board.to_psfen writes it. */
static const uint8_t STARTPOS_PSFEN[SHOGI_PACKED_POSITION_SIZE] = {
    0x58, 0xa4, 0x51, 0x22, 0x0c, 0xeb, 0x67, 0x22, 0x7e, 0x96, 0x53, 0x22, 0x1c, 0xaf, 0x44, 0x78,
    0x24, 0xc2, 0x2b, 0x11, 0x9e, 0x53, 0x22, 0x1c, 0xeb, 0x6f, 0x22, 0x3e, 0x96, 0x51, 0x22, 0x0c};

typedef shogi_result (*encode_fn)(const shogi_position *, uint8_t *);
typedef shogi_result (*decode_fn)(const uint8_t *, shogi_position **);

static void round_trips(encode_fn encode, decode_fn decode) {
    static const char *const sfens[] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "ln1g3nl/1r1sg1k2/p1ppp1spp/5pp2/1p7/2P1P1P2/PPSP1P1PP/2G2S1R1/LN2KG1NL w Bb 30",
        "4k4/9/9/9/9/9/9/9/4K4 b - 1",
        "4k4/9/9/9/9/9/9/9/4K4 w 2R2B4G4S4N4L9P9p 1",
    };
    static const char *const expected[] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "ln1g3nl/1r1sg1k2/p1ppp1spp/5pp2/1p7/2P1P1P2/PPSP1P1PP/2G2S1R1/LN2KG1NL w Bb 1",
        "4k4/9/9/9/9/9/9/9/4K4 b - 1",
        "4k4/9/9/9/9/9/9/9/4K4 w 2R2B4G4S4N4L9P9p 1",
    };
    size_t i;
    char buf[256];
    for (i = 0; i < sizeof sfens / sizeof sfens[0]; i++) {
        uint8_t bytes[SHOGI_PACKED_POSITION_SIZE];
        uint8_t again[SHOGI_PACKED_POSITION_SIZE];
        shogi_position *pos = position_from(sfens[i]);
        shogi_position *back = NULL;
        CHECK_OK(encode(pos, bytes));
        if (CHECK_OK(decode(bytes, &back))) {
            CHECK_EQ_STR(sfen_of(back, buf), expected[i]);
            CHECK_OK(encode(back, again));
            CHECK(memcmp(bytes, again, sizeof bytes) == 0);
            shogi_position_free(back);
        }
        shogi_position_free(pos);
    }
}

static void corrupt_bytes(decode_fn decode) {
    uint8_t bytes[SHOGI_PACKED_POSITION_SIZE];
    shogi_position *out = NULL;
    /* All zeros: both kings on 1a. */
    memset(bytes, 0, sizeof bytes);
    CHECK_RES(decode(bytes, &out), SHOGI_RESULT_TRAINING_KING_SQUARE);
    CHECK(out == NULL);
    /* Sente's king on square 127. */
    memcpy(bytes, STARTPOS_HCP, sizeof bytes);
    bytes[0] |= 0xfe;
    CHECK_RES(decode(bytes, &out), SHOGI_RESULT_TRAINING_KING_SQUARE);
    CHECK(out == NULL);
    CHECK_NULL_PARAM(decode(NULL, &out));
    CHECK_NULL_PARAM(decode(STARTPOS_HCP, NULL));
}

static void kings_only_corrupted(encode_fn encode, decode_fn decode) {
    /* The hand section of a position with kings only starts at bit 94 with a box pawn, `010`;
     * `011` is no code. */
    uint8_t bytes[SHOGI_PACKED_POSITION_SIZE];
    shogi_position *pos = position_from("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    shogi_position *out = NULL;
    CHECK_OK(encode(pos, bytes));
    bytes[96 / 8] |= (uint8_t)(1u << (96 % 8));
    CHECK_RES(decode(bytes, &out), SHOGI_RESULT_TRAINING_BAD_CODE);
    CHECK(out == NULL);
    shogi_position_free(pos);
}

static void unpackable(encode_fn encode) {
    uint8_t bytes[SHOGI_PACKED_POSITION_SIZE];
    shogi_position *no_king = position_from("9/9/9/9/9/9/9/9/4K4 b - 1");
    shogi_position *pawns = NULL;
    memset(bytes, 7, sizeof bytes);
    CHECK_RES(encode(no_king, bytes), SHOGI_RESULT_TRAINING_KINGS);
    CHECK_EQ_UINT(bytes[0], 7);
    if (CHECK_OK(shogi_position_from_sfen_setup(TXT("4k4/9/9/9/9/9/9/9/4K4 b 19P 1"),
                                                SHOGI_SETUP_ANY, &pawns))) {
        CHECK_RES(encode(pawns, bytes), SHOGI_RESULT_TRAINING_PIECE_COUNT);
        shogi_position_free(pawns);
    }
    CHECK_NULL_PARAM(encode(NULL, bytes));
    CHECK_NULL_PARAM(encode(no_king, NULL));
    shogi_position_free(no_king);
}

static void move16(void) {
    shogi_position *pos = position_from("4k4/9/9/4P4/9/9/9/9/4K4 b G 1");
    shogi_move m = 0;
    uint16_t code = 0;
    /* 5d5c+: to 5c (38), from 5d (39), promotion bit 14. */
    CHECK_OK(shogi_move_to_move16(usi_move(pos, "5d5c+"), &code));
    CHECK_EQ_UINT(code, 38u | 39u << 7 | 1u << 14);
    /* G*3g: to 3g (24), from 81 + 6 (gold). */
    CHECK_OK(shogi_move_to_move16(usi_move(pos, "G*3g"), &code));
    CHECK_EQ_UINT(code, 24u | 87u << 7);
    CHECK_OK(shogi_position_move_from_move16(pos, code, &m));
    CHECK_EQ_UINT(m, usi_move(pos, "G*3g"));
    /* A rook drop: there is no rook in hand. */
    CHECK_RES(shogi_position_move_from_move16(pos, 24u | 86u << 7, &m),
              SHOGI_RESULT_TRAINING_NO_SUCH_MOVE);
    CHECK_RES(shogi_move_to_move16(0xffffffffu, &code), SHOGI_RESULT_INVALID_ARGUMENT);
    CHECK_NULL_PARAM(shogi_move_to_move16(m, NULL));
    CHECK_NULL_PARAM(shogi_position_move_from_move16(NULL, code, &m));
    CHECK_NULL_PARAM(shogi_position_move_from_move16(pos, code, NULL));
    shogi_position_free(pos);
}

/* The start position's bytes are cshogi's, and cshogi's bytes decode to it. */
static void cshogi_bytes(void) {
    static const char *const startpos =
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    uint8_t bytes[SHOGI_PACKED_POSITION_SIZE];
    char buf[256];
    shogi_position *start = position_from(startpos);
    shogi_position *back = NULL;
    CHECK_OK(shogi_position_to_hcp(start, bytes));
    CHECK(memcmp(bytes, STARTPOS_HCP, sizeof bytes) == 0);
    CHECK_OK(shogi_position_to_packed_sfen(start, bytes));
    CHECK(memcmp(bytes, STARTPOS_PSFEN, sizeof bytes) == 0);
    if (CHECK_OK(shogi_position_from_hcp(STARTPOS_HCP, &back))) {
        CHECK_EQ_STR(sfen_of(back, buf), startpos);
        shogi_position_free(back);
    }
    if (CHECK_OK(shogi_position_from_packed_sfen(STARTPOS_PSFEN, &back))) {
        CHECK_EQ_STR(sfen_of(back, buf), startpos);
        shogi_position_free(back);
    }
    shogi_position_free(start);
}

void test_training(void) {
    check_suite("training");
    cshogi_bytes();
    round_trips(shogi_position_to_hcp, shogi_position_from_hcp);
    round_trips(shogi_position_to_packed_sfen, shogi_position_from_packed_sfen);
    corrupt_bytes(shogi_position_from_hcp);
    corrupt_bytes(shogi_position_from_packed_sfen);
    kings_only_corrupted(shogi_position_to_hcp, shogi_position_from_hcp);
    kings_only_corrupted(shogi_position_to_packed_sfen, shogi_position_from_packed_sfen);
    unpackable(shogi_position_to_hcp);
    unpackable(shogi_position_to_packed_sfen);
    move16();
}

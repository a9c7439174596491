/* A minimal client of the installed library, built by tests/c/install-test.sh with the flags
 * pkg-config gives: checks that the header and the library it links are the same version, and
 * prints `shogi_rules VERSION: N legal moves` for the start position. */
#include <stdio.h>

#include <shogi_rules.h>

int main(void) {
    shogi_position *pos = NULL;
    size_t count = 0;
    if (shogi_version_number() != SHOGI_RULES_VERSION_NUMBER) {
        fprintf(stderr, "header %d, library %u\n", SHOGI_RULES_VERSION_NUMBER,
                (unsigned)shogi_version_number());
        return 1;
    }
    if (shogi_position_new(&pos) != SHOGI_RESULT_OK ||
        shogi_position_legal_moves(pos, NULL, 0, &count) != SHOGI_RESULT_BUFFER_TOO_SMALL) {
        fprintf(stderr, "the start position has no legal moves?\n");
        shogi_position_free(pos);
        return 1;
    }
    shogi_position_free(pos);
    printf("shogi_rules %s: %lu legal moves\n", shogi_version(), (unsigned long)count);
    return 0;
}

/* A minimal client of the installed xiangqi library, built by tests/c/install-test.sh
 * with the flags pkg-config gives and through the CMake package: checks that the header and the
 * library it links are the same version, and prints `xiangqi_rules VERSION: N legal moves` for
 * the start position. */
#include <stdio.h>

#include <xiangqi_rules.h>

int main(void) {
    xiangqi_position *pos = NULL;
    size_t count = 0;
    if (xiangqi_version_number() != XIANGQI_RULES_VERSION_NUMBER) {
        fprintf(stderr, "header %d, library %u\n", XIANGQI_RULES_VERSION_NUMBER,
                (unsigned)xiangqi_version_number());
        return 1;
    }
    if (xiangqi_position_new(&pos) != XIANGQI_RESULT_OK ||
        xiangqi_position_legal_move_count(pos, &count) != XIANGQI_RESULT_OK) {
        fprintf(stderr, "the start position has no legal moves?\n");
        xiangqi_position_free(pos);
        return 1;
    }
    xiangqi_position_free(pos);
    printf("xiangqi_rules %s: %lu legal moves\n", xiangqi_version(), (unsigned long)count);
    return 0;
}

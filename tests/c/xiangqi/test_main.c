/* The C test program of the xiangqi C API: runs every test group and prints `N passed, N
 * failed`.
 *
 * Usage: xiangqi_c_tests DATA_TSV PERFT_LIMIT
 *   DATA_TSV     xiangqi-rules/tests/data/cases.json and perft.json flattened by
 *                data_to_tsv.py
 *   PERFT_LIMIT  the largest perft node count to check (smaller under valgrind)
 * Exit status 0 when every check passed, 1 otherwise, 2 on a usage error. */
#include <stdio.h>
#include <stdlib.h>

#include "support.h"

int main(int argc, char **argv) {
    char *end;
    unsigned long long perft_limit;
    if (argc != 3) {
        fprintf(stderr, "usage: %s DATA_TSV PERFT_LIMIT\n", argv[0]);
        return 2;
    }
    perft_limit = strtoull(argv[2], &end, 10);
    if (*end != '\0') {
        fprintf(stderr, "%s: PERFT_LIMIT must be a number\n", argv[0]);
        return 2;
    }
    test_results();
    test_squares_and_moves();
    test_positions();
    test_games();
    test_null_parameters();
    test_threads();
    test_robustness();
    test_data(argv[1], perft_limit);
    return check_summary();
}

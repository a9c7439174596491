/* The C test program of the xiangqi C API: runs every test group and prints `N passed, N
 * failed`.
 *
 * Usage: xiangqi_c_tests DATA_TSV PERFT_LIMIT NOTATION_TSV CORPUS_DIR
 *   DATA_TSV      xiangqi-rules/tests/data/cases.json and perft.json flattened by
 *                 data_to_tsv.py
 *   PERFT_LIMIT   the largest perft node count to check (smaller under valgrind)
 *   NOTATION_TSV  xiangqi-rules/tests/data/notation.tsv
 *   CORPUS_DIR    xiangqi-rules/tests/data/corpus (with its MANIFEST.tsv)
 * Exit status 0 when every check passed, 1 otherwise, 2 on a usage error. */
#include <stdio.h>
#include <stdlib.h>

#include "support.h"

int main(int argc, char **argv) {
    char *end;
    unsigned long long perft_limit;
    if (argc != 5) {
        fprintf(stderr, "usage: %s DATA_TSV PERFT_LIMIT NOTATION_TSV CORPUS_DIR\n", argv[0]);
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
    test_notation(argv[3]);
    test_records(argv[4]);
    test_data(argv[1], perft_limit);
    return check_summary();
}

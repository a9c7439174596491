/* The C test program of the C API: runs every test group and prints `N passed, N failed`.
 *
 * Usage: c_api_tests DATA_DIR CASES_TSV PERFT_LIMIT
 *   DATA_DIR     tests/data (perft tables, record corpus)
 *   CASES_TSV    tests/data/cases.json flattened by cases_to_tsv.py
 *   PERFT_LIMIT  the largest perft node count to check (smaller under valgrind)
 * Exit status 0 when every check passed, 1 otherwise, 2 on a usage error. */
#include <stdio.h>
#include <stdlib.h>

#include "support.h"

int main(int argc, char **argv) {
    char *end;
    unsigned long long perft_limit;
    if (argc != 4) {
        fprintf(stderr, "usage: %s DATA_DIR CASES_TSV PERFT_LIMIT\n", argv[0]);
        return 2;
    }
    perft_limit = strtoull(argv[3], &end, 10);
    if (*end != '\0') {
        fprintf(stderr, "%s: PERFT_LIMIT must be a number\n", argv[0]);
        return 2;
    }
    test_version();
    test_results();
    test_squares_and_moves();
    test_positions();
    test_null_parameters();
    test_notation();
    test_games();
    test_records(argv[1]);
    test_record_tree(argv[1]);
    test_collections(argv[1]);
    test_usi(argv[1]);
    test_threads();
    test_ai();
    test_training();
    test_deep_records();
    test_conformance(argv[1], argv[2], perft_limit);
    return check_summary();
}

// Tests of the C++17 wrapper include/shogi_rules.hpp, run by `make cpp-test` (built with
// -Wall -Wextra -Werror -pedantic under AddressSanitizer and UBSan, linked with the static
// library). Usage: cpp_tests DATA_DIR (tests/data).
#include "check.hpp"

#include <exception>
#include <iostream>

int main(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " DATA_DIR\n";
        return 2;
    }
    try {
        check::suite("values");
        test_values();
        check::suite("positions");
        test_positions();
        check::suite("games");
        test_games();
        check::suite("records");
        test_records(argv[1]);
        check::suite("handles");
        test_handles();
        check::suite("usi");
        test_usi();
        check::suite("ai");
        test_ai();
    } catch (const std::exception &e) {
        std::cerr << "unexpected exception: " << e.what() << "\n";
        return 1;
    }
    return check::summary();
}

// A C++ client of the shogi-rules library through its C++17 wrapper shogi_rules.hpp, built with
// CMake (see CMakeLists.txt): plays a short game, shows that an illegal move is refused with
// its reason, and prints the library version and the number of legal moves of the start
// position (`shogi_rules VERSION: 30 legal moves`).
#include <cstdio>
#include <exception>

#include <shogi_rules.hpp>

int main() {
    try {
        shogi::game game;
        const std::size_t count = game.legal_moves().size();

        for (const char *usi : {"7g7f", "3c3d", "8h2b+", "3a2b"}) {
            game.play_usi(usi);
        }
        if (game.is_over()) {
            std::fprintf(stderr, "the game should go on\n");
            return 1;
        }

        // Sente has no pawn in hand yet: a pawn drop is refused, with the reason.
        try {
            game.play_usi("P*5e");
            std::fprintf(stderr, "a drop of a pawn not in hand was accepted\n");
            return 1;
        } catch (const shogi::illegal_move_error &e) {
            if (e.code() != SHOGI_RESULT_ILLEGAL_NOT_IN_HAND) {
                std::fprintf(stderr, "P*5e: %s (%s)\n", e.what(), e.name());
                return 1;
            }
        }

        std::printf("shogi_rules %s: %zu legal moves\n", shogi::version(), count);
        return 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
}

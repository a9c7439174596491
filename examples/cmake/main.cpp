// A C++ client of the shogi-rules C API, built with CMake (see CMakeLists.txt): plays a short
// game with RAII wrappers around the handles and prints the library version and the number of
// legal moves of the start position (`shogi_rules VERSION: 30 legal moves`).
#include <cstdio>
#include <memory>
#include <string>

#include <shogi_rules.h>

namespace {

struct GameDeleter {
    void operator()(shogi_game *game) const { shogi_game_free(game); }
};
struct PositionDeleter {
    void operator()(shogi_position *pos) const { shogi_position_free(pos); }
};
using Game = std::unique_ptr<shogi_game, GameDeleter>;
using Position = std::unique_ptr<shogi_position, PositionDeleter>;

// The text of a result code.
std::string message(shogi_result result) {
    char buf[256];
    size_t len = 0;
    if (shogi_result_message(result, buf, sizeof buf, &len) != SHOGI_RESULT_OK) {
        return "unknown error";
    }
    return std::string(buf, len);
}

} // namespace

int main() {
    shogi_game *raw_game = nullptr;
    if (shogi_game_new(nullptr, nullptr, &raw_game) != SHOGI_RESULT_OK) {
        std::fprintf(stderr, "cannot start a game\n");
        return 1;
    }
    Game game(raw_game);

    shogi_position *raw_pos = nullptr;
    size_t count = 0;
    if (shogi_game_position(game.get(), &raw_pos) != SHOGI_RESULT_OK) {
        return 1;
    }
    Position start(raw_pos);
    shogi_position_legal_moves(start.get(), nullptr, 0, &count);

    const char *moves[] = {"7g7f", "3c3d", "8h2b+", "3a2b"};
    for (const char *usi : moves) {
        shogi_result result = shogi_game_play_usi(game.get(), usi, std::string(usi).size());
        if (result != SHOGI_RESULT_OK) {
            std::fprintf(stderr, "%s: %s\n", usi, message(result).c_str());
            return 1;
        }
    }
    shogi_outcome outcome;
    if (shogi_game_outcome(game.get(), &outcome) != SHOGI_RESULT_OK || outcome.is_over) {
        std::fprintf(stderr, "the game should go on\n");
        return 1;
    }
    std::printf("shogi_rules %s: %lu legal moves\n", shogi_version(),
                static_cast<unsigned long>(count));
    return 0;
}

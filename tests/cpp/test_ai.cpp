// The built-in opponent through the wrapper: players at each level, a search of a bare
// position, mates, hints, a stop raised from another thread, and the errors as ai_error.
#include "check.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace {

bool contains(const std::vector<shogi::move> &moves, shogi::move m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

} // namespace

void test_ai() {
    // Each level plays a legal move; the choice's move starts its principal variation.
    for (const shogi::ai_level level :
         {shogi::ai_level::easy, shogi::ai_level::normal, shogi::ai_level::hard}) {
        shogi::ai_player player(level, 7);
        CHECK_EQ(player.strength(), static_cast<std::uint32_t>(level));
        shogi::game g;
        const shogi_ai_limits limits{3, 20000, 0};
        const shogi::ai_choice choice = player.choose(g, limits);
        CHECK(contains(g.legal_moves(), choice.best));
        CHECK_EQ(choice.info.mv, choice.best.bits());
        CHECK(!choice.pv.empty() && choice.pv.front() == choice.best);
        CHECK(player.pv() == choice.pv);
        g.play(choice.best);
    }

    // The same seed, the same move; a bare position searched twice to a depth, the same answer.
    {
        shogi::game g;
        const shogi_ai_limits nodes{0, 400, 0};
        shogi::ai_player a(5, 99);
        shogi::ai_player b(5, 99);
        CHECK(a.choose(g, nodes).best == b.choose(g, nodes).best);
        const shogi::position start;
        const shogi_ai_limits depth{3, 0, 0};
        const shogi::ai_choice x = shogi::ai_best_move(start, depth);
        const shogi::ai_choice y = shogi::ai_best_move(start, depth);
        CHECK(x.best == y.best && x.pv == y.pv);
        CHECK(contains(start.legal_moves(), x.best));
    }

    // Mates: in one, and the solver's answers.
    {
        const shogi::position one =
            shogi::position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        const std::optional<shogi::move> m = shogi::ai_mate_in_one(one);
        CHECK(m.has_value() && m->usi() == "G*5b");
        CHECK(!shogi::ai_mate_in_one(shogi::position()).has_value());
        const shogi::ai_mate_report report = shogi::ai_solve_mate(one);
        CHECK_EQ(report.summary().answer, SHOGI_AI_MATE_FOUND);
        CHECK(report.moves() == std::vector<shogi::move>{*m});
        CHECK_EQ(shogi::ai_mate_limits_default().nodes, static_cast<std::uint64_t>(1000000));
        shogi_ai_mate_limits tiny = shogi::ai_mate_limits_default();
        tiny.nodes = 1;
        const shogi::position three = shogi::position::from_sfen("8k/9/7P1/9/9/9/9/9/4K4 b B 1");
        const shogi_ai_mate_summary unknown = shogi::ai_solve_mate(three, tiny).summary();
        CHECK_EQ(unknown.answer, SHOGI_AI_MATE_UNKNOWN);
        CHECK_EQ(unknown.exhausted, SHOGI_AI_EXHAUSTED_NODES);
    }

    // A stop raised from another thread ends a search without limits.
    {
        const shogi::ai_stop stop;
        CHECK(!stop.is_raised());
        std::thread raiser([&stop] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            stop.raise();
        });
        const shogi::position start;
        const shogi::ai_choice choice = shogi::ai_best_move(start, {}, &stop);
        raiser.join();
        CHECK(stop.is_raised());
        CHECK(contains(start.legal_moves(), choice.best));
        stop.reset();
        CHECK(!stop.is_raised());
        // A hint with the stop raised still suggests a legal move.
        stop.raise();
        const shogi::game g;
        CHECK(contains(g.legal_moves(), shogi::move(shogi::ai_hint(g, &stop).mv)));
    }

    // The errors are ai_error.
    CHECK_THROWS(shogi::ai_player(0), shogi::ai_error, SHOGI_RESULT_AI_STRENGTH);
    CHECK_THROWS(shogi::ai_player(11), shogi::ai_error, SHOGI_RESULT_AI_STRENGTH);
    const shogi::position mated = shogi::position::from_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    const shogi::game over(mated);
    shogi::ai_player player(shogi::ai_level::easy);
    CHECK_THROWS(player.choose(over), shogi::ai_error, SHOGI_RESULT_AI_GAME_OVER);
    CHECK_THROWS(shogi::ai_hint(over), shogi::ai_error, SHOGI_RESULT_AI_GAME_OVER);
    CHECK_THROWS(shogi::ai_best_move(mated), shogi::ai_error, SHOGI_RESULT_AI_NO_LEGAL_MOVES);
    const shogi::position no_king =
        shogi::position::from_sfen("9/9/9/9/9/9/9/9/4K4 b G 1", shogi::setup::any);
    CHECK_THROWS(shogi::ai_solve_mate(no_king), shogi::ai_error,
                 SHOGI_RESULT_AI_MATE_NO_DEFENDING_KING);
}

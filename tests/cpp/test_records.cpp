// Records through the wrapper: reading bytes (format detected), headers, the main line, the
// variation tree, comments, times and ends, writing with what a format leaves out, errors with
// line and column, read limits, editing, and files of several records.
#include "check.hpp"

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

// Two moves of the main line are replaced by a variation at move 2.
const char *const KIF = "先手：Alice\n"
                        "後手：Bob\n"
                        "手合割：平手\n"
                        "手数----指手---------消費時間--\n"
                        "*opening comment\n"
                        "   1 ７六歩(77)   ( 0:01/00:00:01)\n"
                        "*first move\n"
                        "   2 ３四歩(33)   ( 0:02/00:00:02)\n"
                        "   3 ２二角成(88) ( 0:03/00:00:04)\n"
                        "   4 同　銀(31)   ( 0:04/00:00:06)\n"
                        "   5 投了         ( 0:05/00:00:09)\n"
                        "\n"
                        "変化：2手\n"
                        "   2 ８四歩(83)   ( 0:01/00:00:01)\n"
                        "   3 ２六歩(27)   ( 0:01/00:00:05)\n";

// Gote moves Sente's pawn at move 2: line 4, column 6.
const char *const BAD_KIF = "手合割：平手\n"
                            "手数----指手---------消費時間--\n"
                            "   1 ７六歩(77)\n"
                            "   2 ７五歩(76)\n";

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<std::string> usi_of(const std::vector<shogi::move> &moves) {
    std::vector<std::string> out;
    for (const shogi::move &m : moves) {
        out.push_back(m.usi());
    }
    return out;
}

void read_kif() {
    const shogi::record rec = shogi::record::read(KIF);
    const auto headers = rec.headers();
    CHECK_EQ(headers.size(), static_cast<std::size_t>(3));
    CHECK(headers.size() == 3 && headers[0].first == "先手" && headers[0].second == "Alice");
    CHECK(headers.size() == 3 && headers[2].first == "手合割" && headers[2].second == "平手");
    CHECK_EQ(rec.header_count(), static_cast<std::size_t>(3));
    CHECK_EQ(rec.header("後手"), std::optional<std::string>("Bob"));
    CHECK_EQ(rec.header("棋戦"), std::optional<std::string>());
    CHECK_EQ(rec.handicap(), std::optional<std::string>("平手"));

    CHECK(usi_of(rec.moves()) == (std::vector<std::string>{"7g7f", "3c3d", "8h2b+", "3a2b"}));
    CHECK_EQ(rec.start_position().sfen(), shogi::position().sfen());
    CHECK_EQ(rec.start_comments().size(), static_cast<std::size_t>(1));
    CHECK_EQ(rec.start_comments().at(0).text, std::string("opening comment"));
    const std::vector<shogi::comment> after_first = rec.move_comments(shogi::main_line, 0);
    CHECK_EQ(after_first.size(), static_cast<std::size_t>(1));
    CHECK(after_first.size() == 1 && after_first[0].text == "first move" &&
          after_first[0].kind == shogi::comment_kind::normal);
    CHECK_EQ(rec.move_time(shogi::main_line, 1).used_ms, static_cast<std::uint64_t>(2000));
    CHECK_EQ(rec.move_time(shogi::main_line, 3).total_ms, static_cast<std::uint64_t>(6000));
    const shogi::line_end end = rec.end_of(shogi::main_line);
    CHECK_EQ(end.special, shogi::special_move::resign);
    CHECK_EQ(end.time.used_ms, static_cast<std::uint64_t>(5000));
    const shogi::outcome stated = rec.stated_outcome();
    CHECK(stated.over);
    CHECK_EQ(stated.winner, shogi::color::gote);
    CHECK_EQ(stated.ending, shogi::termination::resignation);
    CHECK_EQ(rec.replay().result().winner, shogi::color::gote);
    CHECK_EQ(rec.rules().move_limit, 400u);

    // The tree: the main line and one variation replacing its second move.
    CHECK_EQ(rec.line_count(), static_cast<std::size_t>(2));
    CHECK(rec.variations(shogi::main_line, 0).empty());
    const std::vector<shogi::line_id> at_two = rec.variations(shogi::main_line, 1);
    CHECK_EQ(at_two.size(), static_cast<std::size_t>(1));
    const shogi::line_id variation = at_two.empty() ? shogi::main_line : at_two[0];
    const shogi::line_info info = rec.info(variation);
    CHECK_EQ(info.parent, shogi::main_line);
    CHECK_EQ(info.branch_index, static_cast<std::size_t>(1));
    CHECK_EQ(info.depth, static_cast<std::size_t>(1));
    CHECK_EQ(info.first_ply, 2u);
    CHECK(usi_of(rec.line_moves(variation)) == (std::vector<std::string>{"8c8d", "2g2f"}));
    CHECK_EQ(rec.move_at(variation, 1).usi(), std::string("2g2f"));
    CHECK_EQ(rec.end_of(variation).special, shogi::special_move::none);
    CHECK_EQ(rec.position_at(variation, 2).sfen(),
             std::string("lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4"));
    std::vector<std::pair<shogi::line_id, std::size_t>> walked;
    rec.walk([&](shogi::line_id line, const shogi::line_info &line_data) {
        walked.emplace_back(line, line_data.move_count);
    });
    CHECK(walked == (std::vector<std::pair<shogi::line_id, std::size_t>>{{0, 4}, {1, 2}}));
    CHECK_THROWS(rec.info(7), shogi::error, SHOGI_RESULT_NOT_FOUND);
    CHECK_THROWS(rec.move_at(shogi::main_line, 4), shogi::error, SHOGI_RESULT_NOT_FOUND);

    // Writing: KIF holds everything; CSA has no variations. Each text reads back.
    const shogi::written_record kif = rec.write(shogi::record_format::kif);
    CHECK(kif.dropped.empty());
    CHECK(shogi::record::read(kif.text, shogi::record_format::kif).same_as(rec));
    const shogi::written_record csa = rec.write(shogi::record_format::csa);
    CHECK(csa.text.find("+7776FU") != std::string::npos);
    CHECK(!csa.dropped.empty());
    bool variations_dropped = false;
    for (const std::string &line : csa.dropped) {
        variations_dropped = variations_dropped || line.rfind("variations: ", 0) == 0;
    }
    CHECK(variations_dropped);
    const shogi::record back = shogi::record::read(csa.text);
    CHECK(usi_of(back.moves()) == usi_of(rec.moves()));
    CHECK_EQ(back.line_count(), static_cast<std::size_t>(1));
    CHECK(!back.same_as(rec));
    CHECK_THROWS(rec.write(shogi::record_format::auto_detect), shogi::error,
                 SHOGI_RESULT_INVALID_ARGUMENT);
}

void read_errors() {
    CHECK_THROWS_THEN(shogi::record::read(BAD_KIF), shogi::record_error, SHOGI_RESULT_RECORD_ILLEGAL_MOVE,
                 CHECK_EQ(e.line(), static_cast<std::size_t>(4));
                 CHECK_EQ(e.column(), static_cast<std::size_t>(6));
                 CHECK_EQ(e.ply(), 2u);
                 CHECK_EQ(e.reason(), SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
                 CHECK_EQ(static_cast<int>(e.format()), SHOGI_RECORD_FORMAT_KIF);
                 CHECK(std::string(e.what()).find("line 4") != std::string::npos););
    // A record_error is a shogi::error.
    try {
        shogi::record::read(BAD_KIF);
        CHECK(false);
    } catch (const shogi::error &e) {
        CHECK_EQ(e.code(), SHOGI_RESULT_RECORD_ILLEGAL_MOVE);
    }
    CHECK_THROWS(shogi::record::read(""), shogi::record_error, SHOGI_RESULT_RECORD_UNKNOWN_FORMAT);
    // An unknown format value is refused by a read like any record error.
    CHECK_THROWS(shogi::record::read(KIF, static_cast<shogi::record_format>(99)),
                 shogi::record_error, SHOGI_RESULT_INVALID_ARGUMENT);
    shogi::read_limits shallow = shogi::default_read_limits();
    shallow.max_depth = 0;
    CHECK_THROWS_THEN(shogi::record::read(KIF, shogi::record_format::auto_detect, shallow),
                 shogi::record_error, SHOGI_RESULT_RECORD_LIMIT_EXCEEDED,
                 const std::string message = e.what();
                 const std::string limit = "(limit: depth)";
                 CHECK(message.size() > limit.size() &&
                       message.compare(message.size() - limit.size(), limit.size(), limit) == 0););
}

void corpus_record(const std::string &data_dir) {
    // Shift_JIS bytes, detected.
    const std::string bytes = read_file(data_dir + "/corpus/kif/shogi-supplement/kiou_game1.kif");
    CHECK(!bytes.empty());
    const shogi::record rec = shogi::record::read(bytes);
    CHECK(rec.header_count() > 0);
    const std::vector<shogi::move> moves = rec.moves();
    CHECK(!moves.empty());
    CHECK(!moves.empty() && moves[0].usi() == "5g5f");
    CHECK_EQ(rec.start_position().format(moves.at(0), shogi::notation::japanese),
             std::string("▲５六歩"));
    const shogi::outcome result = rec.replay().result();
    CHECK_EQ(result.winner, shogi::color::sente);
    CHECK_EQ(result.ending, shogi::termination::resignation);
}

void edit_record() {
    shogi::record rec{shogi::position()};
    CHECK_EQ(rec.header_count(), static_cast<std::size_t>(0));
    rec.set_header("先手", "A");
    rec.add_header("後手", "B");
    rec.add_header("後手", "C");
    CHECK_EQ(rec.header_count(), static_cast<std::size_t>(3));
    rec.set_header("後手", "D");
    CHECK_EQ(rec.header_count(), static_cast<std::size_t>(2));
    CHECK_EQ(rec.header("後手"), std::optional<std::string>("D"));
    CHECK(rec.remove_header("先手"));
    CHECK(!rec.remove_header("先手"));
    CHECK_THROWS(rec.set_header("", "x"), shogi::error, SHOGI_RESULT_INVALID_ARGUMENT);

    shogi::position pos;
    const shogi::move first = pos.parse_usi("7g7f");
    rec.push_move(shogi::main_line, first);
    // The move is checked in the position at the end of the line: 7g7f again is illegal.
    CHECK_THROWS(rec.push_move(shogi::main_line, first), shogi::illegal_move_error,
                 SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE);
    pos.play(first);
    rec.push_move(shogi::main_line, pos.parse_usi("3c3d"));
    rec.add_move_comment(shogi::main_line, 0, shogi::comment_kind::bookmark, "opening");
    CHECK_THROWS(rec.add_move_comment(shogi::main_line, 0, shogi::comment_kind::normal, "a\nb"),
                 shogi::error, SHOGI_RESULT_INVALID_ARGUMENT);
    rec.set_move_time(shogi::main_line, 0, shogi::record_time{true, 3000, false, 0});
    const shogi::move other = pos.parse_usi("8c8d");
    const shogi::line_id v = rec.add_variation(shogi::main_line, 1, other);
    CHECK_EQ(v, 1u);
    rec.set_end(v, shogi::line_end(shogi::special_move::resign));
    rec.add_end_comment(v, shogi::comment_kind::normal, "gave up");
    CHECK_THROWS_THEN(rec.push_move(v, pos.parse_usi("3c3d")), shogi::record_error,
                 SHOGI_RESULT_RECORD_MOVE_AFTER_END,
                 CHECK_EQ(e.line(), static_cast<std::size_t>(0)););
    rec.add_start_comment(shogi::comment_kind::normal, "built");
    CHECK_EQ(rec.end_comments(v).size(), static_cast<std::size_t>(1));
    CHECK_EQ(rec.move_comments(shogi::main_line, 0).at(0).kind, shogi::comment_kind::bookmark);
    CHECK_EQ(rec.move_time(shogi::main_line, 0).used_ms, static_cast<std::uint64_t>(3000));

    // Through KIF and back: the same record.
    const shogi::record back = shogi::record::read(rec.write(shogi::record_format::kif).text);
    CHECK(back.same_as(rec));
    CHECK_EQ(back.end_of(1).special, shogi::special_move::resign);

    rec.clear_end_comments(v);
    rec.clear_move_comments(shogi::main_line, 0);
    rec.clear_start_comments();
    CHECK(rec.start_comments().empty());
    rec.remove_variation(v);
    CHECK_EQ(rec.line_count(), static_cast<std::size_t>(1));
    rec.truncate_line(shogi::main_line, 1);
    CHECK_EQ(rec.moves().size(), static_cast<std::size_t>(1));
    CHECK_THROWS(rec.remove_variation(shogi::main_line), shogi::error,
                 SHOGI_RESULT_INVALID_ARGUMENT);

    // A record of a game.
    shogi::game g;
    g.play_usi("2g2f");
    g.resign(shogi::color::gote);
    const shogi::record from_game = shogi::record::from_game(g);
    CHECK_EQ(from_game.moves().size(), static_cast<std::size_t>(1));
    CHECK_EQ(from_game.end_of(shogi::main_line).special, shogi::special_move::resign);
    CHECK(from_game.clone().same_as(from_game));
}

void collections() {
    const char *const usi = "position startpos moves 7g7f\nposition startpos moves 2g2f 8c8d\n";
    const shogi::record_list list = shogi::record_list::read(usi);
    CHECK_EQ(list.size(), static_cast<std::size_t>(2));
    CHECK_EQ(list.at(1).moves().size(), static_cast<std::size_t>(2));
    const std::vector<shogi::record> all = list.records();
    CHECK_EQ(all.size(), static_cast<std::size_t>(2));
    CHECK(all.size() == 2 && all[0].moves().at(0).usi() == "7g7f");
    CHECK_THROWS(list.at(2), shogi::error, SHOGI_RESULT_NOT_FOUND);
    // One record asked for, several found.
    CHECK_THROWS(shogi::record::read(usi), shogi::record_error, SHOGI_RESULT_RECORD_COLLECTION);
    shogi::read_limits one = shogi::default_read_limits();
    one.max_records = 1;
    CHECK_THROWS(shogi::record_list::read(usi, shogi::record_format::usi, one), shogi::record_error,
                 SHOGI_RESULT_RECORD_LIMIT_EXCEEDED);
    CHECK_THROWS_THEN(shogi::record_list::read("position startpos moves 7g7f 7g7f\n"),
                 shogi::record_error, SHOGI_RESULT_RECORD_ILLEGAL_MOVE,
                 CHECK_EQ(e.line(), static_cast<std::size_t>(1)););
}

} // namespace

void test_records(const std::string &data_dir) {
    read_kif();
    read_errors();
    corpus_record(data_dir);
    edit_record();
    collections();
}

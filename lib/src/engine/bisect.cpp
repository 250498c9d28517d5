#include "horde/engine/bisect.hpp"

#include "horde/notation/san.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>

namespace horde::engine {

std::string foreign_move_san(const position::Board& board, std::string_view uci) {
    if (uci.size() < 4) return "?";
    const Square from = position::parse_square(uci.substr(0, 2)), to = position::parse_square(uci.substr(2, 2));
    if (from == SQ_NONE || to == SQ_NONE) return "?";
    const position::Position& pos = board.position();
    const Piece moved = pos.piece_on(from);
    if (moved == NO_PIECE) return "?";
    const Piece target = pos.piece_on(to);
    const bool own_target = target != NO_PIECE && color_of(target) == color_of(moved);
    if (type_of(moved) == KING && rank_of(from) == rank_of(to) && (own_target || std::abs(file_of(to) - file_of(from)) == 2))
        return to > from ? "O-O" : "O-O-O";
    const bool capture = (target != NO_PIECE && !own_target) || (type_of(moved) == PAWN && file_of(from) != file_of(to));
    std::string san;
    if (type_of(moved) == PAWN) {
        if (capture) san = fmt::format("{}x", char('a' + file_of(from)));
    } else {
        san = fmt::format("{}{}", piece_type_letter(type_of(moved)), capture ? "x" : "");
    }
    san += position::square_name(to);
    if (uci.size() == 5) san += fmt::format("={}", char(std::toupper(static_cast<unsigned char>(uci[4]))));
    return san;
}

namespace {

std::map<std::string, std::uint64_t> our_divide(const position::Board& board, int depth, const perft::PerftOptions& options,
                                                std::map<std::string, Move>& moves) {
    std::map<std::string, std::uint64_t> counts;
    for (const auto& [move, count] : perft::perft_divide(board.variant(), board.position(), depth, options)) {
        const std::string uci = board.uci(move);
        counts[uci] = count;
        moves[uci] = move;
    }
    return counts;
}

} // namespace

BisectReport bisect(const BisectStart& start, int depth, PerftEngine& engine, const perft::PerftOptions& options,
                    const std::function<void(int depth)>& on_level) {
    BisectReport report;
    perft::PerftOptions quiet = options;
    quiet.on_root_move = nullptr;
    position::Board board = start.board;
    std::vector<std::string> engine_moves = start.moves;
    for (int d = depth; d >= 1; --d) {
        if (on_level) on_level(d);
        std::map<std::string, Move> our_moves;
        const auto ours = our_divide(board, d, quiet, our_moves);
        auto answer = engine.divide(start.fen, engine_moves, d);
        if (auto* failed = std::get_if<EngineFailure>(&answer)) {
            report.outcome = BisectReport::Outcome::EngineFailed;
            report.failure = std::move(*failed);
            return report;
        }
        const EngineDivide& their = std::get<EngineDivide>(answer);
        std::map<std::string, std::uint64_t> theirs;
        for (const auto& [uci, count] : their.moves) theirs[uci] += count;
        report.fen = board.fen();
        report.depth = d;
        for (const auto& [uci, count] : ours)
            if (!theirs.contains(uci)) report.missing.push_back({uci, notation::to_san(board, our_moves.at(uci))});
        for (const auto& [uci, count] : theirs)
            if (!ours.contains(uci)) report.extra.push_back({uci, foreign_move_san(board, uci)});
        if (!report.missing.empty() || !report.extra.empty()) {
            report.outcome = BisectReport::Outcome::Differ;
            return report;
        }
        std::uint64_t our_total = 0;
        for (const auto& [uci, count] : ours) our_total += count;
        if (d == depth && our_total == their.total) {
            bool same = true;
            for (const auto& [uci, count] : ours) same = same && theirs.at(uci) == count;
            if (same) {
                report.outcome = BisectReport::Outcome::Agree;
                report.total = our_total;
                report.path.clear();
                return report;
            }
        }
        // Same moves: the first whose count differs, in UCI byte order (the map's order).
        const auto differing =
            std::find_if(ours.begin(), ours.end(), [&](const auto& row) { return theirs.at(row.first) != row.second; });
        report.outcome = BisectReport::Outcome::Differ;
        if (differing == ours.end()) {
            report.note = our_total != their.total
                              ? fmt::format("every move has the same count, but the other engine's total is {} and ours {}",
                                            their.total, our_total)
                              : fmt::format("every move agrees here ({} nodes at depth {}), though one level up the "
                                            "other engine counted this position differently",
                                            our_total, d);
            return report;
        }
        if (d == 1) {
            for (const auto& [uci, count] : ours)
                if (theirs.at(uci) != count)
                    report.counts.push_back({{uci, notation::to_san(board, our_moves.at(uci))}, count, theirs.at(uci)});
            report.note = "the same moves, but the other engine counts a move at depth 1 as other than 1 node";
            return report;
        }
        report.path.push_back(differing->first);
        engine_moves.push_back(differing->first);
        board.play(our_moves.at(differing->first));
    }
    // Unreachable: depth 1 always decides.
    return report;
}

} // namespace horde::engine

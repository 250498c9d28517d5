// A test-only perft engine over this library's generator, built once per injected bug
// (HORDE_INJECTED_BUG, see position.hpp) and once without: what tests/cli/perft_against.sh
// serves to horde-perft --against. Two faces:
//   perftree: perft_engine [--variant V] DEPTH "FEN" "MOVES"  (divide lines, blank line, total)
//   UCI:      perft_engine [--variant V]  (uci, setoption UCI_Variant/UCI_Chess960, isready,
//             position fen F [moves ...] | startpos, go perft N, quit)
#include "horde/perft/perft.hpp"

#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

using horde::Variant;
using horde::position::Board;

// The board of FEN after the UCI moves, or nullopt (printed on stderr).
std::optional<Board> board_after(Variant variant, const std::string& fen, std::istream& moves) {
    auto parsed = Board::from_fen(variant, fen);
    if (auto* err = std::get_if<horde::position::FenError>(&parsed)) {
        std::cerr << "perft_engine: bad FEN: " << err->message << "\n";
        return std::nullopt;
    }
    Board board = std::get<Board>(parsed);
    for (std::string uci; moves >> uci;) {
        const horde::Move m = board.parse_uci(uci);
        if (m.is_none()) {
            std::cerr << "perft_engine: illegal move " << uci << "\n";
            return std::nullopt;
        }
        board.play(m);
    }
    return board;
}

// Divide lines "<move><separator><count>", then what closes them.
void divide(const Board& board, int depth, const char* separator, bool uci) {
    std::uint64_t total = 0;
    for (const auto& [move, count] : horde::perft::perft_divide(board.variant(), board.position(), depth)) {
        std::cout << board.uci(move) << separator << count << "\n";
        total += count;
    }
    if (uci) std::cout << "\nNodes searched: " << total << "\n" << std::flush;
    else std::cout << "\n" << total << "\n";
}

int serve_uci(Variant variant) {
    bool chess960 = variant == Variant::Chess960;
    std::optional<Board> board;
    for (std::string line; std::getline(std::cin, line);) {
        std::istringstream words(line);
        std::string command;
        words >> command;
        if (command == "uci") {
            std::cout << "id name perft_engine (injected bug " << HORDE_INJECTED_BUG << ")\n"
                      << "option name UCI_Variant type combo default chess var chess var horde var orda\n"
                      << "option name UCI_Chess960 type check default false\nuciok\n"
                      << std::flush;
        } else if (command == "isready") {
            std::cout << "readyok\n" << std::flush;
        } else if (command == "setoption") {
            std::string name_word, name, value_word, value;
            words >> name_word >> name >> value_word >> value;
            if (name == "UCI_Variant") {
                if (auto v = horde::parse_variant(value)) variant = *v;
            } else if (name == "UCI_Chess960") {
                chess960 = value == "true";
            }
        } else if (command == "position") {
            const Variant v = chess960 && variant == Variant::Chess ? Variant::Chess960 : variant;
            std::string kind;
            words >> kind;
            std::string fen;
            if (kind == "startpos") {
                fen = std::string(horde::position::start_fen(v));
            } else {
                for (std::string w; words >> w && w != "moves";) fen += (fen.empty() ? "" : " ") + w;
            }
            if (kind == "startpos") {
                std::string moves_word;
                words >> moves_word;
            }
            board = board_after(v, fen, words);
            if (!board) return 1; // an engine that cannot follow ends, as horde-perft then reports
        } else if (command == "go") {
            std::string perft;
            int depth = 0;
            words >> perft >> depth;
            if (perft == "perft" && board && depth >= 1) divide(*board, depth, ": ", true);
        } else if (command == "quit") {
            break;
        }
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    Variant variant = Variant::Chess;
    if (args.size() >= 2 && args[0] == "--variant") {
        const auto v = horde::parse_variant(args[1]);
        if (!v) {
            std::cerr << "perft_engine: unknown variant " << args[1] << "\n";
            return 2;
        }
        variant = *v;
        args.erase(args.begin(), args.begin() + 2);
    }
    if (args.empty()) return serve_uci(variant);
    if (args.size() < 2 || args.size() > 3) {
        std::cerr << "usage: perft_engine [--variant V] DEPTH FEN [MOVES] (perftree), or no arguments (UCI)\n";
        return 2;
    }
    std::istringstream moves(args.size() == 3 ? args[2] : "");
    const auto board = board_after(variant, args[1], moves);
    if (!board) return 1;
    divide(*board, std::stoi(args[0]), " ", false);
    return 0;
}

// Another engine's perft divide, through one of two protocols:
//   UCI: `uci`, `setoption` (the user's options, then UCI_Variant or UCI_Chess960), then per
//   query `position fen F moves ...` and `go perft N`, read as Stockfish and Fairy-Stockfish
//   print it ("e2e4: 20" lines, then "Nodes searched: N"); one process for the whole run.
//   perftree: `CMD DEPTH "FEN" "MOVES"` per query, printing "move count" lines, a blank
//   line and the total (https://github.com/agausmann/perftree's script protocol).
#pragma once

#include "horde/core/types.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace horde::engine {

enum class Protocol { Uci, Perftree };

// What the other engine answered: its moves (its spelling) with their counts, and its total.
struct EngineDivide {
    std::vector<std::pair<std::string, std::uint64_t>> moves;
    std::uint64_t total = 0;
};

// The engine died, hung past the time limit, or printed what cannot be read.
struct EngineFailure {
    std::string message;
    std::string last_line; // the last line it printed, quoted in the message (may be empty)
};

struct EngineSettings {
    std::string command;
    std::optional<Protocol> protocol;                         // nullopt: detect (UCI if it answers `uci`)
    std::vector<std::pair<std::string, std::string>> options; // setoption before the variant (UCI)
    Variant variant = Variant::Chess;
    std::chrono::milliseconds timeout{std::chrono::seconds(120)}; // per answer
};

class PerftEngine {
public:
    virtual ~PerftEngine() = default;
    // The divide of `fen` after the UCI `moves`, at `depth` >= 1.
    virtual std::variant<EngineDivide, EngineFailure> divide(const std::string& fen, const std::vector<std::string>& moves,
                                                             int depth) = 0;
    virtual Protocol protocol() const = 0;
};

// Starts the engine (UCI: the process, handshake and options now; perftree: nothing yet).
std::variant<std::unique_ptr<PerftEngine>, EngineFailure> start_engine(const EngineSettings& settings);

// The name the tools use for a protocol ("uci", "perftree"), and back.
std::string_view protocol_name(Protocol p);
std::optional<Protocol> parse_protocol(std::string_view name);

} // namespace horde::engine

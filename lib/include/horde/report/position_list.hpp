// Position listing: the library side of horde-list. A PositionLister writes one line per
// picked position of each game's main line — the start position and the position after every
// ply — as FEN, EPD, TSV or NDJSON, from the positions the game walk kept
// (game::MainLinePositions, game/main_line.hpp): format_game on the worker that walked the
// game, write in input order, into an output buffer handed to a sink in large chunks.
//
// Line formats (GAME is the 1-based index of the game in the whole input, counted over all
// files and including invalid games; PLY is 0 for the start position, p after the p-th
// half-move of the main line):
//   fen   the full FEN (6 fields); the en passant field names a square only when an en
//         passant capture is legal
//   epd   the FEN's first 4 fields, then ` id "GAME:PLY";` and, when the game goes on from
//         this position with a move, ` sm "SAN";` — the EPD "supplied move": the move the game
//         played from this position (the PGN standard's meaning of sm; absent at the last
//         position and before a null move)
//   tsv   columns game, ply, san, uci, fen (tab separated) after a header line
//         `game\tply\tsan\tuci\tfen`; san/uci are the move that reached the position
//         (`-` at ply 0; `--` and `0000` for a null move)
//   json  one object per line: {"game":G,"ply":P,"san":"e4","uci":"e2e4","fen":"...",
//         "variant":"horde"} (san and uci are null at ply 0); horde-check --fen reads it
//
// Selectors (ListOptions): with none, every position; otherwise the union of --start (ply 0),
// --final (the last position: after the last legal main-line move), --ply N and --every N
// (plies 0, N, 2N, ...). --unique then keeps only the first occurrence of each position in
// the whole input (placement, side to move, castling rights, en passant only when capturable,
// and the variant; a set of 64-bit keys). Invalid games are listed only with keep_partial:
// their positions up to the first error (the last of them is then the "final" one).
#pragma once

#include "horde/game/checker.hpp"
#include "horde/game/main_line.hpp"
#include "horde/io/block_text.hpp"
#include "horde/position/board.hpp"
#include "horde/position/writers.hpp" // append_fen, append_uci

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace horde::pgn {
class PgnReader;
}

namespace horde::report {

enum class ListFormat : std::uint8_t { Fen, Epd, Tsv, Json };
// "fen", "epd", "tsv", "json"
std::optional<ListFormat> parse_list_format(std::string_view text);

struct ListOptions {
    ListFormat format = ListFormat::Fen;
    bool start = false;        // ply 0
    bool final = false;        // the last position
    int ply = -1;              // the position after ply N (N >= 0); -1: not selected
    int every = 0;             // plies 0, N, 2N, ... (N >= 1); 0: not selected
    bool unique = false;       // first occurrence of each position only
    bool keep_partial = false; // list invalid games up to their first error
};

// The lines of a batch of games, formatted on a worker before the games' numbers are known
// (so that no game waits for its number): each line that shows its GAME has a one-byte
// placeholder where the number goes, written in input order (PositionLister::write). Per line
// (when a line has a number or --unique): its end, where its number goes, the index of its game
// in the batch, and its position's key.
struct ListedLines {
    std::string text;
    // FEN lines as they are (PositionLister::fen_lines_as_walked): here, not in `text`, in
    // blocks of the run's pool (written by the walk: game::MainLineObserver::write_fen_lines_to).
    io::BlockText walked;
    struct Line {
        std::uint32_t end = 0;
        std::uint32_t number_at = 0; // the placeholder's offset in text (kNoNumber: none)
        std::uint32_t game_in_batch = 0;
        std::uint64_t key = 0;
    };
    static constexpr std::uint32_t kNoNumber = ~std::uint32_t(0);
    std::vector<Line> lines;
    std::uint64_t count = 0; // lines in text
    void clear();
};

class PositionLister {
public:
    // `sink` receives the output in chunks (at least `chunk` bytes each, or a run of lines of at
    // least 32 KB formatted together and what was buffered before it, except the last);
    // the TSV header comes first. The lister is not copyable.
    using Sink = std::function<void(std::string_view)>;
    PositionLister(ListOptions options, Sink sink, std::size_t chunk = std::size_t(1) << 20);
    ~PositionLister(); // flushes
    PositionLister(const PositionLister&) = delete;
    PositionLister& operator=(const PositionLister&) = delete;

    // What the game walk must keep of each game for these lines.
    game::MainLineOptions main_line_options() const;
    // Whether the lines are the positions' FEN lines as they are (no number, no --unique): then
    // a walk may write them straight into ListedLines::walked, in input order
    // (game::MainLineObserver::write_fen_lines_to), and format_game only counts them.
    bool fen_lines_as_walked() const { return options_.format == ListFormat::Fen && !options_.unique; }
    // On any thread: the lines of the batch's game number `game_in_batch` (0-based) appended
    // to `out`.
    void format_game(ListedLines& out, std::uint32_t game_in_batch, const game::MainLinePositions& positions) const;
    // In input order: the lines of a batch of `games` games (with --unique, those of positions
    // not written before), with their games' numbers, go to the output; `lines` is left as it was.
    void write(const ListedLines& lines, std::uint64_t games);
    // The games written so far, over every input: the GAME numbers of the next input start after.
    std::uint64_t games() const { return games_; }
    // Hands the buffered output to the sink.
    void flush();

    std::uint64_t lines() const { return lines_; }

private:
    void append(std::string_view text);
    // A run of whole lines: to the sink as it is when large (after the buffer), else buffered.
    void write_run(std::string_view text);

    ListOptions options_;
    Sink sink_;
    std::size_t chunk_;
    std::string buffer_;
    std::unordered_set<std::uint64_t> seen_;
    std::uint64_t lines_ = 0, games_ = 0;
};

// What horde-list's run (run/list.hpp) hands to its caller for a run of consecutive games:
// the diagnostics of invalid games (errors only), --games rows, and the counts.
struct ListOutput {
    std::string err;
    std::string rows; // --games: the table's rows, in input order
    std::uint64_t games = 0, invalid = 0, not_selected = 0;
    std::uint64_t input_position = 0; // bytes read so far, for progress
};

// --moves: a position's legal moves in SAN or UCI, sorted (byte order), separated by single
// spaces (empty when there is none).
std::string legal_moves_line(const position::Board& board, bool uci);

} // namespace horde::report

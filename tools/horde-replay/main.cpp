// horde-replay: a game of chess, Horde or Orda, move by move — as board diagrams, as one line
// of UCI or SAN for pipes, as SVG files, or interactively on a terminal.
//
// Inputs (see `horde-replay --help`):
//   * a move list (SAN or UCI, auto-detected per token) from a start position (--fen, default
//     the variant's start), from the arguments or, when there are none, from stdin (one move
//     list per line: the format of --to uci|san, so the tool reads its own output);
//   * PGN games from files or stdin, read by the library's PGN reader and GameChecker (the
//     same code as horde-check).
// Every input becomes a `Replay` (a start Board and the legal moves), and `emit` writes it in
// the chosen output mode; a new input kind only has to produce Replays. The one exception is
// `--to pgn` on PGN input: games go straight through the library's PGN exporter (pgn_writer),
// which keeps tags, comments, NAGs and variations.
#include "horde/game/game.hpp"
#include "horde/game/checker.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/pgn_writer.hpp"
#include "horde/report/render.hpp"
#include "horde/notation/san.hpp"
#include "horde/report/svg.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <optional>
#include <poll.h>
#include <string>
#include <termios.h>
#include <unistd.h>
#include <vector>

namespace {

using horde::Board;
using horde::Move;
using horde::Variant;

constexpr int EXIT_INVALID = 1;
constexpr int EXIT_USAGE = 2;

struct Options {
    std::string variant_name = "horde";
    bool variant_given = false;
    std::optional<std::string> fen;
    bool moves_mode = false; // --moves: the arguments are moves even without --fen
    std::vector<std::string> args;
    std::optional<int> ply;
    std::optional<int> game;
    bool unicode = false;
    bool flip = false;
    std::string color = "auto";
    std::optional<std::string> to;
    std::optional<std::string> svg;
    bool interactive = false;
};

// One game to show: where it starts and its legal main line.
struct Replay {
    Board start;
    std::vector<Move> moves;
    std::string title; // "Game 3: White - Black" for PGN input, empty for a move list
    int number = 1;    // 1-based game index in the input
};

[[noreturn]] void usage_error(const std::string& message) {
    fmt::print(stderr, "horde-replay: {}\n", message);
    std::exit(EXIT_USAGE);
}

// ------------------------------------------------------------------------------ positions

// The positions of a replay (start and after every ply), the SAN of every move, and the
// adjudication of every position (repetitions counted from the start).
struct Timeline {
    std::vector<Board> boards;                  // plies + 1
    std::vector<std::string> san;               // plies
    std::vector<horde::Adjudication> outcomes;  // plies + 1
};

Timeline build_timeline(const Replay& r) {
    Timeline t;
    horde::Game game(r.start);
    t.boards.push_back(r.start);
    t.outcomes.push_back(game.adjudicate());
    for (Move m : r.moves) {
        t.san.push_back(horde::to_san(game.board(), m));
        game.play(m);
        t.boards.push_back(game.board());
        t.outcomes.push_back(game.adjudicate());
    }
    return t;
}

// "12. Nf3" or "12... Nf6" for ply p (1-based), "Start" for ply 0.
std::string ply_heading(const Timeline& t, int p) {
    if (p == 0) return "Start";
    const Board& before = t.boards[std::size_t(p - 1)];
    const int number = before.position().fullmove;
    return fmt::format("{}{} {}", number, before.side_to_move() == horde::WHITE ? "." : "...", t.san[std::size_t(p - 1)]);
}

std::string outcome_line(const horde::Adjudication& a) {
    return fmt::format("Outcome: {} ({}), result {}", horde::status_name(a.status), horde::status_kind_name(a.kind),
                       horde::result_text(a.result));
}

// ------------------------------------------------------------------------------ output

struct Output {
    horde::RenderOptions render;
    std::optional<std::string> to; // "uci", "san" or "pgn"
    std::optional<std::string> svg;
    std::optional<int> ply;
    bool interactive = false;
    bool several_games = false; // the input may hold more than one game (file names per game)
};

void print_position(const Timeline& t, const Replay& r, int p, const Output& out) {
    horde::RenderOptions ro = out.render;
    ro.highlight = p > 0 ? r.moves[std::size_t(p - 1)] : Move::none();
    fmt::print("{}\n{}FEN: {}\n", ply_heading(t, p), horde::render_board(t.boards[std::size_t(p)], ro),
               t.boards[std::size_t(p)].fen());
}

bool write_file(const std::filesystem::path& path, const std::string& text) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) {
        fmt::print(stderr, "horde-replay: {}: cannot write: {}\n", path.string(), std::strerror(errno));
        return false;
    }
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) != 0 || !ok) {
        fmt::print(stderr, "horde-replay: {}: write error\n", path.string());
        return false;
    }
    return true;
}

int emit_svg(const Timeline& t, const Replay& r, const Output& out) {
    namespace fs = std::filesystem;
    const std::string& target = *out.svg;
    std::error_code ec;
    const bool folder = target.ends_with('/') || fs::is_directory(target, ec);
    auto svg_of = [&](int p) {
        horde::SvgOptions so;
        so.flip = out.render.flip;
        so.last_move = p > 0 ? r.moves[std::size_t(p - 1)] : Move::none();
        return horde::render_svg(t.boards[std::size_t(p)], so);
    };
    const int last = int(r.moves.size());
    if (!folder) return write_file(target, svg_of(out.ply.value_or(last))) ? 0 : EXIT_USAGE;
    fs::create_directories(target, ec);
    if (ec) {
        fmt::print(stderr, "horde-replay: {}: cannot create the folder: {}\n", target, ec.message());
        return EXIT_USAGE;
    }
    const int first = out.ply.value_or(0), end = out.ply.value_or(last);
    for (int p = first; p <= end; ++p) {
        const std::string name = out.several_games ? fmt::format("game-{:03}-ply-{:03}.svg", r.number, p)
                                                   : fmt::format("ply-{:03}.svg", p);
        if (!write_file(fs::path(target) / name, svg_of(p))) return EXIT_USAGE;
    }
    return 0;
}

// ------------------------------------------------------------------------------ interactive

// The terminal in raw mode (no echo, no line buffering, no signals) for the lifetime of the
// object; restored on destruction.
class RawTerminal {
public:
    RawTerminal() {
        if (tcgetattr(STDIN_FILENO, &saved_) != 0) return;
        termios raw = saved_;
        raw.c_lflag &= tcflag_t(~(ICANON | ECHO | ISIG | IEXTEN));
        raw.c_iflag &= tcflag_t(~(IXON | ICRNL));
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        active_ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0;
    }
    ~RawTerminal() {
        if (active_) tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_);
    }
    bool active() const { return active_; }
    RawTerminal(const RawTerminal&) = delete;
    RawTerminal& operator=(const RawTerminal&) = delete;

private:
    termios saved_{};
    bool active_ = false;
};

enum class Key { Forward, Back, First, Last, Quit, Other };

int read_byte(int timeout_ms) {
    pollfd p{STDIN_FILENO, POLLIN, 0};
    if (timeout_ms >= 0 && ::poll(&p, 1, timeout_ms) <= 0) return -1;
    unsigned char c;
    return ::read(STDIN_FILENO, &c, 1) == 1 ? c : -1;
}

Key read_key() {
    const int c = read_byte(-1);
    switch (c) {
    case -1: case 'q': case 'Q': case 3: case 4: return Key::Quit; // EOF, q, Ctrl-C, Ctrl-D
    case 'l': case ' ': case '\r': case '\n': return Key::Forward;
    case 'h': return Key::Back;
    case 'g': return Key::First;
    case 'G': return Key::Last;
    case 0x1b: break;
    default: return Key::Other;
    }
    // Escape sequences: ESC [ C (right), ESC [ D (left), ESC [ H / ESC O H / ESC [ 1 ~ / ESC [ 7 ~
    // (Home), ESC [ F / ESC O F / ESC [ 4 ~ / ESC [ 8 ~ (End).
    const int c1 = read_byte(50);
    if (c1 != '[' && c1 != 'O') return Key::Other;
    const int c2 = read_byte(50);
    switch (c2) {
    case 'C': return Key::Forward;
    case 'D': return Key::Back;
    case 'H': return Key::First;
    case 'F': return Key::Last;
    default: break;
    }
    if (c2 >= '0' && c2 <= '9') {
        const int c3 = read_byte(50);
        if (c3 != '~') return Key::Other;
        if (c2 == '1' || c2 == '7') return Key::First;
        if (c2 == '4' || c2 == '8') return Key::Last;
    }
    return Key::Other;
}

int emit_interactive(const Timeline& t, const Replay& r, const Output& out) {
    RawTerminal terminal;
    if (!terminal.active()) {
        fmt::print(stderr, "horde-replay: --interactive: cannot set the terminal to raw mode\n");
        return EXIT_USAGE;
    }
    const int last = int(r.moves.size());
    int p = out.ply.value_or(0);
    for (;;) {
        horde::RenderOptions ro = out.render;
        ro.highlight = p > 0 ? r.moves[std::size_t(p - 1)] : Move::none();
        std::string screen = "\x1b[H\x1b[2J";
        if (!r.title.empty()) screen += r.title + "\n";
        screen += fmt::format("{}    (ply {}/{})\n", ply_heading(t, p), p, last);
        screen += horde::render_board(t.boards[std::size_t(p)], ro);
        screen += fmt::format("FEN: {}\n", t.boards[std::size_t(p)].fen());
        if (p == last) screen += outcome_line(t.outcomes[std::size_t(p)]) + "\n";
        screen += "\n→/l/space forward  ←/h back  g/Home first  G/End last  q quit\n";
        // Raw mode keeps output processing, but be explicit about carriage returns.
        std::string crlf;
        for (char c : screen) {
            if (c == '\n') crlf += '\r';
            crlf += c;
        }
        std::fwrite(crlf.data(), 1, crlf.size(), stdout);
        std::fflush(stdout);
        switch (read_key()) {
        case Key::Forward: p = std::min(p + 1, last); break;
        case Key::Back: p = std::max(p - 1, 0); break;
        case Key::First: p = 0; break;
        case Key::Last: p = last; break;
        case Key::Quit: return 0;
        case Key::Other: break;
        }
    }
}

// ------------------------------------------------------------------------------ emit

// Writes one replay in the chosen output mode. Returns an exit status.
int emit(const Replay& r, const Output& out) {
    const Timeline t = build_timeline(r);
    const int last = int(r.moves.size());
    if (out.ply && *out.ply > last) {
        fmt::print(stderr, "horde-replay: --ply {}: the game{} has only {} plies\n", *out.ply,
                   r.title.empty() ? "" : fmt::format(" {}", r.number), last);
        return EXIT_USAGE;
    }
    if (out.interactive) return emit_interactive(t, r, out);
    if (out.svg) return emit_svg(t, r, out);
    if (out.to && *out.to == "pgn") {
        // A move list as a PGN game: through the exporter, so the form is the one of PGN input.
        const Variant variant = r.start.variant();
        std::string pgn;
        if (variant != Variant::Chess) pgn += fmt::format("[Variant \"{}\"]\n", horde::pgn_variant_tag(variant));
        // Chess960 games keep their FEN tag even from the standard array, as lichess writes them.
        if (variant == Variant::Chess960 || r.start.fen() != Board(variant).fen()) pgn += fmt::format("[SetUp \"1\"]\n[FEN \"{}\"]\n", r.start.fen());
        pgn += '\n';
        for (const std::string& san : t.san) pgn += san + ' ';
        const horde::Adjudication& end = t.outcomes.back();
        pgn += end.kind == horde::StatusKind::GameOver ? horde::result_text(end.result) : "*";
        pgn += '\n';
        int invalid = 0;
        const std::string text = horde::export_pgn_text(pgn, {}, &invalid);
        if (invalid) {
            fmt::print(stderr, "horde-replay: internal error: the PGN export of a move list is invalid\n");
            return EXIT_INVALID;
        }
        fmt::print("{}", text);
        return 0;
    }
    if (out.to) {
        std::string line;
        for (std::size_t i = 0; i < r.moves.size(); ++i) {
            if (i) line += ' ';
            line += *out.to == "uci" ? t.boards[i].uci(r.moves[i]) : t.san[i];
        }
        fmt::print("{}\n", line);
        return 0;
    }
    if (!r.title.empty()) fmt::print("{}\n\n", r.title);
    if (out.ply) {
        print_position(t, r, *out.ply, out);
        return 0;
    }
    for (int p = 0; p <= last; ++p) {
        print_position(t, r, p, out);
        fmt::print("\n");
    }
    fmt::print("{}\n", outcome_line(t.outcomes.back()));
    return 0;
}

// ------------------------------------------------------------------------------ move lists

bool is_uci_shape(std::string_view s) {
    if (s.size() != 4 && s.size() != 5) return false;
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    if (!file(s[0]) || !rank(s[1]) || !file(s[2]) || !rank(s[3])) return false;
    return s.size() == 4 || std::string_view("qrbnh").find(s[4]) != std::string_view::npos;
}

bool is_result_token(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"; }

// Splits a move list into move tokens: whitespace separated; move numbers ("12.", "12...",
// and the prefix of "12.e4"), result tokens, NAGs ($3), !/? suffixes and {comments} are
// dropped.
std::vector<std::string> move_tokens(std::string_view text) {
    std::vector<std::string> tokens;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        if (c == '{') {
            const auto close = text.find('}', i);
            i = close == std::string_view::npos ? text.size() : close + 1;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '{') ++j;
        std::string_view token = text.substr(i, j - i);
        i = j;
        if (is_result_token(token) || token.starts_with('$')) continue;
        std::size_t digits = 0;
        while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) ++digits;
        if (digits > 0 && digits < token.size() && token[digits] == '.') {
            token.remove_prefix(digits);
            while (!token.empty() && token.front() == '.') token.remove_prefix(1);
        } else if (digits == token.size()) {
            // a bare number: a move number without its dot
            continue;
        }
        while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.remove_suffix(1);
        if (!token.empty()) tokens.emplace_back(token);
    }
    return tokens;
}

// Resolves the tokens from `start`. On an illegal or unparsable token: a diagnostic, nullopt.
// `where` ("line 3: " for a stdin line of several) prefixes the diagnostics.
std::optional<std::vector<Move>> resolve_moves(const Board& start, const std::vector<std::string>& tokens,
                                               std::string_view where = {}) {
    std::vector<Move> moves;
    Board board = start;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string& token = tokens[i];
        const std::size_t ply = i + 1;
        Move move = Move::none();
        if (is_uci_shape(token)) {
            move = board.parse_uci(token);
            if (move.is_none()) {
                fmt::print(stderr, "horde-replay: {}ply {} \"{}\": not a legal move in this position (UCI) [illegal-move]\n",
                           where, ply, token);
                return std::nullopt;
            }
        } else {
            auto parsed = horde::parse_san(token);
            if (auto* err = std::get_if<horde::SanError>(&parsed)) {
                fmt::print(stderr, "horde-replay: {}ply {} \"{}\": {} [{}]\n", where, ply, token, err->message,
                           horde::san_error_code_name(err->code));
                return std::nullopt;
            }
            auto resolved = horde::resolve_san(board, std::get<horde::SanMove>(parsed));
            if (auto* err = std::get_if<horde::SanError>(&resolved)) {
                fmt::print(stderr, "horde-replay: {}ply {} \"{}\": {} [{}]\n", where, ply, token, err->message,
                           horde::san_error_code_name(err->code));
                return std::nullopt;
            }
            move = std::get<horde::SanResolution>(resolved).move;
        }
        board.play(move);
        moves.push_back(move);
    }
    return moves;
}

std::string read_all(std::istream& in) {
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// ------------------------------------------------------------------------------ PGN

// horde-check's diagnostics for an invalid game, on stderr.
void print_game_errors(const std::string& display, int number, const horde::GameRecord& r) {
    for (const auto& d : r.errors) {
        std::string where = fmt::format("game {} ({})", number, horde::game_players(r));
        if (d.ply > 0) where += fmt::format(", ply {} \"{}\"", d.ply, d.token);
        fmt::print(stderr, "{}:{}:{}: error: {}: {} [{}]\n", display, d.line, d.column, where, d.message, d.code);
    }
}

// --to pgn on PGN input: every valid game (or only game `pick`) re-exported as normalised PGN on
// stdout; invalid games: diagnostics on stderr, nothing written, and `status` becomes 1.
void export_pgn_games(horde::PgnReader& reader, const std::string& display, const Options& o,
                      std::optional<Variant> forced, int& status, int& games_seen, int& exported) {
    horde::CheckOptions co;
    co.forced_variant = forced;
    horde::export_pgn(reader, co, [&](const horde::GameRecord& r, std::string_view text) {
        const int number = ++games_seen;
        if (o.game && *o.game != number) return;
        if (!r.valid() || !r.start) {
            print_game_errors(display, number, r);
            status = EXIT_INVALID;
            return;
        }
        std::fwrite(text.data(), 1, text.size(), stdout);
        ++exported;
    });
}

// Reads PGN games (every game, or only game `pick`) as Replays. Invalid games: horde-check's
// diagnostics on stderr, no replay, and `status` becomes 1.
void read_pgn(horde::PgnReader& reader, const std::string& display, const Options& o,
              std::optional<Variant> forced, std::vector<Replay>& replays, int& status, int& games_seen) {
    horde::CheckOptions co;
    co.forced_variant = forced;
    horde::check_pgn(reader, co, false, [&](const horde::GameRecord& r, std::string_view) {
        const int number = ++games_seen;
        if (o.game && *o.game != number) return;
        if (!r.valid() || !r.start) {
            print_game_errors(display, number, r);
            status = EXIT_INVALID;
            return;
        }
        Replay replay{*r.start, r.moves, {}, number};
        replay.title = fmt::format("Game {}: {} ({})", number, horde::game_players(r), horde::variant_name(r.start->variant()));
        replays.push_back(std::move(replay));
    });
}

bool looks_like_file(const std::string& arg) {
    std::error_code ec;
    return arg == "-" || arg.ends_with(".pgn") || std::filesystem::is_regular_file(arg, ec);
}

bool use_color(const std::string& mode) {
    if (mode == "always") return true;
    if (mode == "never") return false;
    const char* no_color = std::getenv("NO_COLOR");
    return ::isatty(STDOUT_FILENO) && !(no_color && *no_color);
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    CLI::App app{"horde-replay: replay a game of chess, Horde or Orda move by move.\n"
                 "Input: a move list in SAN or UCI (auto-detected per move; move numbers and results are\n"
                 "ignored) from --fen or the variant's start position, given as arguments or on stdin\n"
                 "(one move list per line: each line of stdin is a game, as --to uci|san writes them);\n"
                 "or PGN games from files or stdin (stdin is PGN when it starts with a '[' tag).\n"
                 "The arguments are moves when --fen or --moves is given or when the first one is not\n"
                 "a file; otherwise they are PGN files.\n"
                 "Output: a board diagram after every move (stdout), the outcome at the end. Exit 0 on\n"
                 "success, 1 for an illegal move or an invalid game, 2 for usage and I/O errors.",
                 "horde-replay"};
    app.add_option("args", o.args, "Moves (SAN or UCI), or PGN files ('-': stdin)");
    auto* variant = app.add_option("--variant", o.variant_name, "Game: chess, chess960, horde or orda (PGN: overrides the Variant tag)")
                        ->default_str("horde");
    app.add_option("--fen", o.fen, "Start position of the move list (default: the variant's start)");
    std::optional<int> start_number;
    app.add_option("--start", start_number,
                   "Chess960 start position N of the move list instead of --fen (0-959, Scharnagl numbering; "
                   "518: the standard array); the variant is chess960 unless --variant says otherwise");
    app.add_flag("--moves", o.moves_mode, "The arguments (or stdin) are a move list, not PGN files");
    app.add_option("--game", o.game, "PGN input: replay only game N (1-based)")->check(CLI::PositiveNumber);
    app.add_option("--ply", o.ply, "Show only the position after ply N (0: the start)")->check(CLI::NonNegativeNumber);
    app.add_flag("--unicode", o.unicode, "Chess figurines and circled letters for the Orda pieces");
    app.add_flag("--flip", o.flip, "Black at the bottom");
    app.add_option("--color", o.color, "Colour: always, never or auto (stdout is a terminal and NO_COLOR is unset or empty)")
        ->check(CLI::IsMember({"always", "never", "auto"}))
        ->default_str("auto");
    app.add_option("--to", o.to,
                   "Write the games for pipes instead: uci or san (one line per game, the main line's moves), "
                   "or pgn (normalised PGN, comments and variations kept)")
        ->check(CLI::IsMember({"uci", "san", "pgn"}));
    app.add_option("--svg", o.svg, "Write SVG instead: FILE (the final or --ply position) or DIR/ (one file per ply)");
    app.add_flag("--interactive", o.interactive,
                 "Step through the game on a terminal: Right/l/space forward, Left/h back, g/Home first, G/End last, q quit");
    app.set_version_flag("--version", "horde-replay 0.1.0");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : EXIT_USAGE;
    }
    o.variant_given = variant->count() > 0;

    auto v = horde::parse_variant(o.variant_name);
    if (!v) usage_error(fmt::format("unknown variant '{}' (expected chess, chess960, horde or orda)", o.variant_name));
    if (start_number) {
        if (o.fen) usage_error("--start is a start position: give either --start or --fen");
        auto start = horde::numbered_start(*start_number, o.variant_given ? v : std::nullopt);
        if (auto* error = std::get_if<std::string>(&start)) usage_error(*error);
        v = std::get<horde::NumberedStart>(start).variant;
        o.fen = std::get<horde::NumberedStart>(start).fen;
        o.variant_given = true;
    }
    if (int(bool(o.to)) + int(bool(o.svg)) + int(o.interactive) > 1)
        usage_error("--to, --svg and --interactive are different outputs: give at most one");
    if (o.interactive && (!::isatty(STDIN_FILENO) || !::isatty(STDOUT_FILENO)))
        usage_error("--interactive needs a terminal on stdin and stdout");

    Output out;
    out.render.unicode = o.unicode;
    out.render.flip = o.flip;
    out.render.color = use_color(o.color);
    out.to = o.to;
    out.svg = o.svg;
    out.ply = o.ply;
    out.interactive = o.interactive;

    // Decide the input kind.
    std::vector<Replay> replays;
    int status = 0;
    bool pgn = !o.fen && !o.moves_mode && !o.args.empty() && looks_like_file(o.args.front());
    std::string stdin_text;
    if (!o.fen && !o.moves_mode && o.args.empty()) {
        if (o.interactive) usage_error("--interactive reads keys from stdin: give the moves or a PGN file as arguments");
        stdin_text = read_all(std::cin);
        const auto first = stdin_text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
        pgn = first != std::string::npos && stdin_text[first] == '[';
    }
    if (o.game && !pgn) usage_error("--game applies to PGN input only");

    if (pgn) {
        const std::optional<Variant> forced = o.variant_given ? v : std::nullopt;
        int games_seen = 0, exported = 0;
        const bool to_pgn = o.to && *o.to == "pgn";
        auto read = [&](horde::PgnReader& reader, const std::string& display) {
            if (to_pgn) export_pgn_games(reader, display, o, forced, status, games_seen, exported);
            else read_pgn(reader, display, o, forced, replays, status, games_seen);
        };
        if (o.args.empty()) {
            auto reader = horde::PgnReader::from_memory(stdin_text);
            read(reader, "<stdin>");
        }
        for (const std::string& name : o.args) {
            if (name == "-" && o.interactive) usage_error("--interactive reads keys from stdin: give a PGN file");
            const int fd = name == "-" ? STDIN_FILENO : ::open(name.c_str(), O_RDONLY);
            if (fd < 0) usage_error(fmt::format("{}: cannot open: {}", name, std::strerror(errno)));
            horde::PgnReader reader(fd);
            read(reader, name == "-" ? "<stdin>" : name);
            const bool io_error = reader.io_error();
            if (fd != STDIN_FILENO) ::close(fd);
            if (io_error) usage_error(fmt::format("{}: read error", name));
        }
        if (o.game && replays.empty() && exported == 0 && status == 0)
            usage_error(fmt::format("--game {}: the input has {} game{}", *o.game, games_seen, games_seen == 1 ? "" : "s"));
        out.several_games = !o.game && games_seen > 1;
        if (replays.size() > 1 && (o.interactive || (o.svg && !o.svg->ends_with('/') &&
                                                     !std::filesystem::is_directory(*o.svg))))
            usage_error(fmt::format("the input has {} games: pick one with --game N", replays.size()));
    } else {
        std::string start_fen(o.fen ? *o.fen : std::string(horde::start_fen(*v)));
        auto parsed = Board::from_fen(*v, start_fen);
        if (auto* err = std::get_if<horde::FenError>(&parsed))
            usage_error(fmt::format("invalid FEN for {}: {}", horde::variant_name(*v), err->message));
        const Board& start = std::get<Board>(parsed);
        if (!o.args.empty()) {
            std::string joined;
            for (const auto& a : o.args) joined += a + ' ';
            auto moves = resolve_moves(start, move_tokens(joined));
            if (!moves) return EXIT_INVALID;
            replays.push_back(Replay{start, std::move(*moves), {}, 1});
        } else {
            if (stdin_text.empty() && (o.fen || o.moves_mode)) {
                if (o.interactive) usage_error("--interactive reads keys from stdin: give the moves as arguments");
                stdin_text = read_all(std::cin);
            }
            // One move list per line (the format of --to uci|san). No line at all: with --to
            // no game (nothing in, nothing out), otherwise the start position alone.
            std::vector<std::string_view> lines;
            for (std::size_t at = 0; at < stdin_text.size();) {
                std::size_t end = stdin_text.find('\n', at);
                if (end == std::string::npos) end = stdin_text.size();
                lines.push_back(std::string_view(stdin_text).substr(at, end - at));
                at = end + 1;
            }
            if (lines.empty() && !o.to) lines.push_back({});
            const bool several = lines.size() > 1;
            for (std::size_t i = 0; i < lines.size(); ++i) {
                const int number = int(i) + 1;
                const std::string where = several ? fmt::format("line {}: ", number) : std::string();
                auto moves = resolve_moves(start, move_tokens(lines[i]), where);
                if (!moves) {
                    status = EXIT_INVALID;
                    continue;
                }
                replays.push_back(Replay{start, std::move(*moves), several ? fmt::format("Line {}", number) : std::string(), number});
            }
            if (replays.size() > 1 && (o.interactive || (o.svg && !o.svg->ends_with('/') &&
                                                         !std::filesystem::is_directory(*o.svg))))
                usage_error(fmt::format("the input has {} move lists: give one", replays.size()));
            out.several_games = several;
        }
    }

    for (std::size_t i = 0; i < replays.size(); ++i) {
        if (i && !out.to && !out.svg) fmt::print("\n");
        const int s = emit(replays[i], out);
        if (s != 0) status = std::max(status, s);
        if (s == EXIT_USAGE) break;
    }
    std::fflush(stdout);
    if (std::ferror(stdout)) {
        fmt::print(stderr, "horde-replay: write error on stdout\n");
        return EXIT_USAGE;
    }
    return status;
}

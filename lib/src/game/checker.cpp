#include "horde/game/checker.hpp"

#include "horde/game/duplicates.hpp"
#include "horde/game/lichess.hpp"
#include "horde/game/play_line.hpp"
#include "horde/game/unsupported_variants.hpp"
#include "horde/notation/dialect.hpp"
#include "horde/notation/san_exact.hpp"
#include "horde/pgn/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace horde::game {

std::string_view GameRecord::tag(std::string_view name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return v;
    return {};
}

std::string_view record_status_name(const GameRecord& record) {
    return record.lichess_closed_position ? std::string_view("lichess-closed-position") : status_name(record.adjudication.status);
}

namespace {

// --lichess: lichess's closed-position draw, in Horde only.
bool lichess_closed(const CheckOptions& options, const position::Board& board) {
    return options.lichess && board.variant() == Variant::Horde && horde_closed_position(board);
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    return true;
}

} // namespace

std::string game_players(const GameRecord& record) {
    std::string_view white = record.tag("White"), black = record.tag("Black");
    return fmt::format("{} - {}", white.empty() ? "?" : white, black.empty() ? "?" : black);
}

void GameChecker::add_error(DiagnosticCode code, std::string message, std::uint64_t line, std::uint64_t column, int ply,
                            std::string token, bool strict) {
    settle_pending_check();
    record_.errors.push_back({line, column, ply, code, std::move(message), std::move(token), strict});
}

std::string printed_message(std::string_view message, bool strict) {
    std::string out(message);
    if (strict) out += " (strict mode)";
    return out;
}

namespace {

// UCI and long-algebraic coordinates carry no check marks: a missing one is no news.
void drop_missing_marks_of_coordinates(std::vector<notation::SanWarning>& warnings) {
    bool coordinates = false;
    for (const auto& w : warnings)
        coordinates |= w.code == notation::SanWarningCode::UciMove || w.code == notation::SanWarningCode::LongAlgebraic ||
                       w.code == notation::SanWarningCode::CastlingAsKingMove;
    if (coordinates)
        std::erase_if(warnings,
                      [](const notation::SanWarning& w) { return w.code == notation::SanWarningCode::MissingCheckSuffix; });
}

} // namespace

void GameChecker::add_warning(DiagnosticCode code, std::string message, std::uint64_t line, std::uint64_t column, int ply,
                              std::string token) {
    settle_pending_check();
    const bool as_error = options_.strict && strict_makes_error(code);
    // Warnings that a file's writer repeats on every move (its notation, its move numbers): one
    // per game and code, counted (GameChecker::end_game says how many and from which ply).
    if (ply > 0 && given_once_per_game(code)) {
        for (auto& r : scope_.repeated)
            if (r.code == code) {
                ++r.count;
                return;
            }
        scope_.repeated.push_back({code, 1, as_error ? record_.errors.size() : record_.warnings.size(), ply});
    }
    if (as_error) {
        record_.errors.push_back({line, column, ply, code, std::move(message), std::move(token), true});
        return;
    }
    record_.warnings.push_back({line, column, ply, code, std::move(message), std::move(token)});
}

void GameChecker::begin_game(const pgn::GameInfo& game) {
    // Reuse the vectors' storage from game to game: no allocation per move in steady state.
    // The last game's tags go to the spare ones, whose strings (and their storage) this game's
    // tags take back one by one: the record starts with no tag, so that nothing of the last game
    // is visible in it (to an observer's begin_game, say).
    for (auto& t : record_.tags)
        if (spare_tags_.size() < kMaxSpareTags) spare_tags_.push_back(std::move(t));
    record_.tags.clear();
    pending_check_.active = false; // settled by the last game's finish_record
    auto moves = std::move(record_.moves);
    auto tags = std::move(record_.tags);
    auto errors = std::move(record_.errors);
    auto warnings = std::move(record_.warnings);
    auto notes = std::move(record_.notes);
    notes.clear();
    moves.clear();
    errors.clear();
    warnings.clear();
    record_ = GameRecord{};
    record_.moves = std::move(moves);
    record_.tags = std::move(tags);
    record_.errors = std::move(errors);
    record_.warnings = std::move(warnings);
    record_.notes = std::move(notes);
    record_.game = game.number;
    record_.line = game.start.line;
    record_.offset = game.start.offset;
    // The game's reading state anew, as a value (GameScope); its vectors keep their storage.
    auto variations = std::move(scope_.variations);
    auto repeated = std::move(scope_.repeated);
    variations.clear();
    repeated.clear();
    scope_ = GameScope{};
    scope_.variations = std::move(variations);
    scope_.repeated = std::move(repeated);
    if (observer_) {
        observer_->listening_ = true;
        observer_->begin_game(record_);
    }
}

void GameChecker::count_repeated_warnings() {
    for (const auto& r : scope_.repeated) {
        auto& list = options_.strict && strict_makes_error(r.code) ? record_.errors : record_.warnings;
        if (r.count < 2 || r.index >= list.size()) continue;
        list[r.index].message += fmt::format(" ({} moves like this in the game, from ply {})", r.count, r.first_ply);
    }
}

namespace {
// text-cut's message: `what` ("comment", "tag [Event]'s value") was longer than the reader hands on.
std::string text_cut_message(std::string_view what) {
    constexpr std::size_t kib = pgn::PgnReader::kMaxText / 1024;
    return fmt::format("{} longer than {} KiB: outputs that write it again keep its first {} KiB", what, kib, kib);
}
} // namespace

void GameChecker::tag(std::string_view name, std::string_view value, const pgn::SourcePos& at, bool truncated) {
    const std::uint64_t line = at.line, column = at.column;
    if (scope_.started) {
        add_error(DiagnosticCode::PgnSyntax, fmt::format("tag [{}] after the movetext began", name), line, column);
        return;
    }
    if (truncated) [[unlikely]]
        add_warning(DiagnosticCode::TextCut, text_cut_message(fmt::format("tag [{}]'s value", name)), line, column);
    const int index = int(record_.tags.size());
    if (!spare_tags_.empty()) {
        // clear and append: within the capacity, a copy and a length (assign goes through the
        // general _M_replace, measured dearer than a new string)
        auto& [kept_name, kept_value] = record_.tags.emplace_back(std::move(spare_tags_.back()));
        spare_tags_.pop_back();
        kept_name.clear();
        kept_name.append(name);
        kept_value.clear();
        kept_value.append(value);
    } else {
        record_.tags.emplace_back(name, value);
    }
    // Problems with these tags are reported where the tag stands (the last of a name); the
    // first of a name is its value (GameRecord::tag), FEN's last.
    auto note = [&](int& slot, std::pair<std::uint64_t, std::uint64_t>* where, bool last) {
        if (where) *where = {line, column};
        if (last || slot < 0) slot = index;
    };
    switch (name.size()) { // one comparison of the text at most
    case 3:
        if (name == "FEN") note(scope_.tag_index.fen, &scope_.fen_tag_at, true);
        break;
    case 4:
        if (name == "Date") note(scope_.tag_index.date, nullptr, false);
        break;
    case 5:
        if (name == "SetUp") note(scope_.tag_index.setup, &scope_.setup_tag_at, false);
        break;
    case 6:
        if (name == "Result") note(scope_.tag_index.result, nullptr, false);
        break;
    case 7:
        if (name == "Variant") note(scope_.tag_index.variant, &scope_.variant_tag_at, false);
        else if (name == "UTCDate") note(scope_.tag_index.utc_date, nullptr, false);
        break;
    default: break;
    }
}

std::string_view GameChecker::tag_value(int index) const {
    return index < 0 ? std::string_view() : std::string_view(record_.tags[std::size_t(index)].second);
}

pgn::Control GameChecker::begin_movetext(const pgn::SourcePos&) {
    start_movetext();
    return scope_.skip_rest || scope_.rejected_on_tags ? pgn::Control::SkipGame : pgn::Control::Continue;
}

void GameChecker::start_movetext() {
    if (scope_.started) return;
    scope_.started = true;
    if (options_.select_on_tags && options_.select && !options_.select(record_)) {
        scope_.rejected_on_tags = true;
    } else {
        setup_start();
        if (watcher_) watcher_->start(scope_.game ? &scope_.game->board().position() : nullptr);
    }
    if (observer_)
        observer_->tags_read(record_,
                             scope_.skip_rest || scope_.rejected_on_tags || !scope_.game ? nullptr : &scope_.game->board());
}

Move GameChecker::observed_move(std::string_view token, const pgn::SourcePos& at) {
    const position::Board* line = line_board();
    if (!observer_->wants_before_) line = nullptr;
    if (line) observed_before_ = *line;
    const int depth = scope_.variation_depth;
    const Move move = depth > 0 ? variation_move(token, at.line, at.column) : main_line_move(token, at.line, at.column);
    settle_pending_check(); // the observer sees the record as it stands after the move
    MoveEvent event;
    switch (scope_.last_token) {
    case TokenKind::Move: event.kind = MoveEvent::Kind::Move; break;
    case TokenKind::NullMove: event.kind = MoveEvent::Kind::NullMove; break;
    case TokenKind::EnPassantMark: event.kind = MoveEvent::Kind::EnPassantMark; break;
    case TokenKind::Unread: event.kind = MoveEvent::Kind::Unresolved; break;
    }
    event.token = token;
    event.move = move;
    event.before = line ? &*observed_before_ : nullptr;
    event.after = line_board();
    event.depth = depth;
    event.at = at;
    if (depth == 0 && event.after) event.game = scope_.game;
    observer_->move(event);
    return move;
}

void GameChecker::start_game_from(const position::Board& start) {
    if (game_storage_) game_storage_->reset(start);
    else game_storage_.emplace(start);
    scope_.game = &*game_storage_;
    // Fivefold and 75 moves are automatic since 2014-07-01 (RULES.md), always on lichess.
    scope_.game->set_automatic_draws(
        options_.lichess || automatic_draws_apply(tag_value(scope_.tag_index.date), tag_value(scope_.tag_index.utc_date)));
}

void GameChecker::setup_start() {
    if (options_.forced_variant) {
        record_.variant = options_.forced_variant;
    } else {
        const std::string_view tag = tag_value(scope_.tag_index.variant);
        if (scope_.tag_index.variant < 0) record_.variant = Variant::Chess;
        else if (auto v = parse_variant(tag)) record_.variant = *v;
        else if (const std::string_view name = unsupported_variant(tag); !name.empty()) {
            // One error for the game (or none: skipped); the reader skips its movetext.
            scope_.skip_rest = true;
            if (options_.skip_unsupported) record_.skipped = true;
            else
                add_error(DiagnosticCode::UnsupportedVariant,
                          fmt::format("variant \"{}\"{} is not one horde plays (chess, Chess960, Horde, Orda): the "
                                      "game is not checked (--skip-unsupported skips it)",
                                      tag, tag == name ? std::string() : fmt::format(" ({})", name)),
                          scope_.variant_tag_at.first, scope_.variant_tag_at.second);
            return;
        } else {
            add_error(DiagnosticCode::UnknownVariant,
                      fmt::format("unknown variant \"{}\" (expected Standard, Horde, Orda or Chess960)", tag),
                      scope_.variant_tag_at.first, scope_.variant_tag_at.second);
            return;
        }
    }
    const bool has_fen = scope_.tag_index.fen >= 0;
    const std::string_view fen = tag_value(scope_.tag_index.fen);
    if (!has_fen && tag_value(scope_.tag_index.setup) == "1") {
        add_error(DiagnosticCode::BadFen, "SetUp \"1\" but no FEN tag", scope_.setup_tag_at.first, scope_.setup_tag_at.second);
        return;
    }
    if (!has_fen) {
        // The standard start is parsed once per variant.
        auto& cached = start_boards_[std::size_t(*record_.variant)];
        if (!cached) cached = position::Board(*record_.variant);
        record_.start = *cached;
        start_game_from(*record_.start);
        return;
    }
    // Files of exercises repeat their set-up positions: a FEN read before is found in a small
    // table by its hash, with its verdict (a collision only reads the FEN again).
    if (fen_reads_.empty()) fen_reads_.resize(kFenReadSlots);
    FenRead& slot = fen_reads_[(std::hash<std::string_view>{}(fen) ^ std::size_t(*record_.variant)) % kFenReadSlots];
    if (!slot.read || slot.variant != *record_.variant || slot.fen != fen) {
        slot.read = position::read_fen(*record_.variant, fen);
        slot.variant = *record_.variant;
        slot.fen.assign(fen);
    }
    const auto& parsed = *slot.read;
    if (auto* err = std::get_if<position::FenError>(&parsed)) {
        add_error(DiagnosticCode::BadFen, fmt::format("FEN tag: {}", err->message), scope_.fen_tag_at.first,
                  scope_.fen_tag_at.second, 0, std::string(fen));
        return;
    }
    const position::FenBoard& read = std::get<position::FenBoard>(parsed);
    if (!read.warning.empty())
        add_warning(DiagnosticCode::FenFullmoveZero, fmt::format("FEN tag: {}", read.warning), scope_.fen_tag_at.first,
                    scope_.fen_tag_at.second, 0, std::string(fen));
    record_.start = read.board;
    start_game_from(*record_.start);
}

void GameChecker::notice(DiagnosticCode kind, const pgn::SourcePos& at, std::string_view message) {
    add_warning(kind, std::string(message), at.line, at.column);
}

void GameChecker::check_move_number(int number, int fullmove, bool white, std::uint64_t line, std::uint64_t column, int ply,
                                    std::string_view token) {
    if (number < 0) {
        if (white)
            add_warning(DiagnosticCode::MissingMoveNumber, fmt::format("no move number before White's move {}", fullmove), line,
                        column, ply, std::string(token));
        return;
    }
    if (number == fullmove) return;
    if (white && number == fullmove - 1)
        add_warning(DiagnosticCode::RepeatedMoveNumber,
                    fmt::format("move number {} repeated before White's move {}", number, fullmove), line, column, ply,
                    std::string(token));
    else
        add_warning(DiagnosticCode::WrongMoveNumber,
                    fmt::format("move number {} before {}'s move {}", number, white ? "White" : "Black", fullmove), line, column,
                    ply, std::string(token));
}

void GameChecker::add_warnings(std::vector<notation::SanWarning>& warnings, const char* where, std::uint64_t line,
                               std::uint64_t column, int ply, std::string_view token) {
    for (auto& w : warnings)
        add_warning(notation::diagnostic_code(w.code), fmt::format("{}{}", where, w.message), line, column, ply,
                    std::string(token));
}

void GameChecker::en_passant_mark(std::string_view token, Move last, const position::Board* before, std::uint64_t line,
                                  std::uint64_t column, int ply, const char* where) {
    scope_.last_token = TokenKind::EnPassantMark;
    if (!last.is_none() && last.is_en_passant() && before) {
        add_warning(
            DiagnosticCode::EnPassantMark,
            fmt::format("{}'{}' after the en passant capture {}: read as a mark", where, token, notation::to_san(*before, last)),
            line, column, ply - 1, std::string(token));
        return;
    }
    add_error(DiagnosticCode::EnPassantMark, fmt::format("{}'{}' does not follow an en passant capture", where, token), line,
              column, ply - 1, std::string(token));
}

namespace {

// SAN first, then the dialects (slow path only).
struct Reading {
    Move move = Move::none();
    notation::SanMove san;
    std::vector<notation::SanWarning> warnings;
};

std::variant<Reading, notation::SanError> read_move(const position::Board& board, std::string_view token) {
    auto syntax = notation::parse_san(token);
    if (auto* san = std::get_if<notation::SanMove>(&syntax)) {
        auto resolved = notation::resolve_san_move(board, *san, false);
        if (auto* ok = std::get_if<notation::SanResolution>(&resolved)) return Reading{ok->move, *san, std::move(ok->warnings)};
        auto dialect = notation::read_dialect_move(board, token);
        if (dialect)
            if (auto* d = std::get_if<notation::DialectMove>(&*dialect)) return Reading{d->move, d->san, std::move(d->warnings)};
        return std::get<notation::SanError>(resolved);
    }
    auto dialect = notation::read_dialect_move(board, token);
    if (!dialect) return std::get<notation::SanError>(syntax);
    if (auto* e = std::get_if<notation::SanError>(&*dialect)) return *e;
    auto& d = std::get<notation::DialectMove>(*dialect);
    return Reading{d.move, d.san, std::move(d.warnings)};
}

// A move token read on a line's board: the one reading of main-line and variation tokens (the
// exact-SAN fast paths before it take only tokens it would take without a word). The line
// applies the result: the main line to its game, a variation to its board.
struct MoveReading {
    enum class Kind : std::uint8_t {
        Move,          // a move, played on `after`, with its warnings
        NullMove,      // a null move, played on `after`
        EnPassantMark, // "e.p." after a move: the line knows which
        Unreadable,    // no move: code, message, strict
        Refused,       // a null move the rules refuse: code, message
    };
    Kind kind = Kind::Unreadable;
    Move move = Move::none();
    std::vector<notation::SanWarning> warnings;
    std::optional<position::Board> after;
    DiagnosticCode code = DiagnosticCode::NullMove;
    std::string message;
    bool strict = false;
};

MoveReading read_move_token(const position::Board& board, std::string_view token, bool null_moves_allowed) {
    MoveReading r;
    if (notation::is_en_passant_mark(token)) {
        r.kind = MoveReading::Kind::EnPassantMark;
        return r;
    }
    if (notation::is_null_move_token(token)) {
        r.kind = MoveReading::Kind::Refused;
        if (board.in_check()) {
            r.message =
                fmt::format("null move '{}' while {} is in check", token, board.side_to_move() == WHITE ? "White" : "Black");
            return r;
        }
        if (!null_moves_allowed) {
            r.message = fmt::format("null move '{}' in the main line: the record is not a legal game "
                                    "(--allow-null-moves accepts it)",
                                    token);
            return r;
        }
        r.after = notation::null_move_board(board);
        if (!r.after) {
            r.message = fmt::format("null move '{}': the position after it is not legal", token);
            return r;
        }
        r.kind = MoveReading::Kind::NullMove;
        return r;
    }
    auto read = read_move(board, token);
    if (auto* e = std::get_if<notation::SanError>(&read)) {
        r.code = notation::diagnostic_code(e->code);
        r.message = e->message;
        r.strict = e->strict;
        return r;
    }
    auto& reading = std::get<Reading>(read);
    r.kind = MoveReading::Kind::Move;
    r.move = reading.move;
    r.after = board;
    r.after->play(reading.move);
    r.warnings = std::move(reading.warnings);
    notation::check_suffix(*r.after, reading.san, false, r.warnings);
    drop_missing_marks_of_coordinates(r.warnings);
    return r;
}

} // namespace

namespace {

// parse_san_exact, resolve_san_exact and suffix_plainly_right in one pass on a game, with one
// dispatch on the variant (and "O-O"/"O-O-O" outside Chess960, by parse_castling_exact and
// resolve_castling_exact_as): when the token parses exactly and names one legal move, plays the
// move and sets suffix (SuffixVerdict); else returns Move::none()
// and leaves the game as it was. san holds the parsed token either way. Out of line, with
// Game::play_as inside it: inlined into main_line_move, GCC kept play_as out of line (measured:
// 3% more instructions per game).
[[gnu::noinline]] Move play_exact_san(Game& game, std::string_view token, notation::SanMove& san,
                                      notation::san_detail::SuffixVerdict& suffix) {
    const bool castling = !token.empty() && token[0] == 'O';
    if (castling ? !notation::san_detail::parse_castling_exact(token, san)
                 : !notation::san_detail::parse_san_exact_inline(token, san))
        return Move::none();
    // One dispatch on the variant for the whole move: resolution, play and suffix test inline.
    return position::with_variant(game.board().variant(), [&]<Variant V>() {
        const position::Position& pos = game.board().position();
        const Move m =
            castling ? notation::san_detail::resolve_castling_exact_as<V>(pos, san.kind == notation::SanMove::Kind::CastleShort)
                     : notation::san_detail::resolve_san_exact_as<V>(pos, san);
        if (m.is_none()) return m;
        game.template play_as<V>(m);
        suffix = notation::san_detail::suffix_verdict_as<V>(game.board().position(), san.suffix);
        return m;
    });
}

// The exact-SAN path of a variation's line, with one dispatch on the variant (as
// play_exact_san): the board before the move goes to before_last; on a wrong suffix the line's
// board is put back (the full path then gives the warning or error). Move::none() when the
// token is not exact SAN of one legal move with the suffix the position calls for.
[[gnu::noinline]] Move play_exact_san_on_line(std::optional<position::Board>& current,
                                              std::optional<position::Board>& before_last, std::string_view token,
                                              notation::SanMove& san) {
    if (!notation::san_detail::parse_san_exact_inline(token, san)) return Move::none();
    return position::with_variant(current->variant(), [&]<Variant V>() {
        const Move m = notation::san_detail::resolve_san_exact_as<V>(current->position(), san);
        if (m.is_none()) return m;
        before_last = current;
        current->template play_as<V>(m);
        if (notation::san_detail::suffix_plainly_right_as<V>(current->position(), san.suffix)) return m;
        current = before_last;
        return Move::none();
    });
}

} // namespace

namespace {

// The squares on which a move may change the piece: its two squares, an en passant capture's
// captured pawn, a castling's back rank (king and rook, Chess960's too); every square for a
// null move (no piece moves, but the side to move changes).
constexpr Bitboard squares_changed(Move m) {
    if (m.is_none()) return ~Bitboard{0};
    Bitboard changed = square_bb(m.from()) | square_bb(m.to());
    if (m.is_castling()) changed |= rank_bb(rank_of(m.from()));
    if (m.is_en_passant()) changed |= square_bb(make_square(file_of(m.to()), rank_of(m.from())));
    return changed;
}

} // namespace

inline void GameChecker::watch_position(Move played) {
    if (watcher_ && (squares_changed(played) & watcher_->watched_squares())) watcher_->position(scope_.game->board().position());
}

Move GameChecker::main_line_move(std::string_view token, std::uint64_t line, std::uint64_t column) {
    const int number = scope_.pending_number;
    scope_.pending_number = -1;
    if (!scope_.game || scope_.main_line_dead) return Move::none();
    const int ply = scope_.game->plies() + 1;
    const position::Board& board = scope_.game->board();
    const int fullmove = board.position().fullmove;
    const bool white = board.side_to_move() == WHITE;
    if (scope_.game->automatic_end_without_movegen().kind == StatusKind::GameOver || lichess_closed(options_, board))
        [[unlikely]] {
        settle_pending_check();
        return main_line_after_end(token, line, column, ply);
    }
    // Most moves are written exactly to the standard: resolve them without building errors.
    notation::SanMove exact;
    using notation::san_detail::SuffixVerdict;
    SuffixVerdict suffix = SuffixVerdict::Wrong;
    const Move m = play_exact_san(*scope_.game, token, exact, suffix);
    if (m.is_none()) {
        settle_pending_check();
        return main_line_slow(token, line, column, ply, number);
    }
    pending_check_.active = false; // a legal reply: the last move's '+' was right
    scope_.last_token = TokenKind::Move;
    record_.moves.push_back(m);
    watch_position(m);
    // numbered White moves and unnumbered Black moves need no further look
    if (number < 0 ? white : number != fullmove) [[unlikely]]
        check_move_number(number, fullmove, white, line, column, ply, token);
    if (suffix == SuffixVerdict::RightUnlessMate) defer_check_suffix(exact, line, column, ply, token);
    else if (suffix == SuffixVerdict::Wrong) [[unlikely]] suffix_warnings(exact, line, column, ply, token);
    return m;
}

void GameChecker::defer_check_suffix(const notation::SanMove& san, std::uint64_t line, std::uint64_t column, int ply,
                                     std::string_view token) {
    PendingCheck& p = pending_check_;
    p.active = true;
    p.san = san;
    p.line = line;
    p.column = column;
    p.ply = ply;
    p.token_size = std::uint8_t(std::min(token.size(), sizeof p.token));
    std::copy_n(token.data(), p.token_size, p.token);
}

[[gnu::noinline]] void GameChecker::settle_pending_check_now() {
    PendingCheck& p = pending_check_;
    p.active = false; // first: the warning below goes through add_warning, which settles
    const position::Board& board = scope_.game->board();
    if (!position::has_legal_move(board.variant(), board.position()))
        suffix_warnings(p.san, p.line, p.column, p.ply, std::string_view(p.token, p.token_size));
}

// Out of line, as suffix_warnings: the message building kept in main_line_move cost every
// move the saving and restoring of registers it needs.
[[gnu::noinline]] Move GameChecker::main_line_after_end(std::string_view token, std::uint64_t line, std::uint64_t column,
                                                        int ply) {
    const Adjudication end = scope_.game->automatic_end_without_movegen();
    if (end.kind == StatusKind::GameOver)
        add_error(DiagnosticCode::MoveAfterEnd,
                  fmt::format("move after the game ended ({}, {})", status_name(end.status), result_text(end.result)), line,
                  column, ply, std::string(token));
    else
        add_error(DiagnosticCode::MoveAfterEnd, "move after the game ended (lichess-closed-position, 1/2-1/2)", line, column, ply,
                  std::string(token));
    scope_.main_line_dead = true;
    return Move::none();
}

[[gnu::noinline]] void GameChecker::suffix_warnings(const notation::SanMove& san, std::uint64_t line, std::uint64_t column,
                                                    int ply, std::string_view token) {
    std::vector<notation::SanWarning> warnings;
    notation::check_suffix(scope_.game->board(), san, false, warnings);
    if (!warnings.empty()) add_warnings(warnings, "", line, column, ply, token);
}

Move GameChecker::main_line_slow(std::string_view token, std::uint64_t line, std::uint64_t column, int ply, int number) {
    const position::Board& board = scope_.game->board();
    const int fullmove = board.position().fullmove;
    const bool white = board.side_to_move() == WHITE;
    MoveReading reading = read_move_token(board, token, options_.allow_null_moves);
    switch (reading.kind) {
    case MoveReading::Kind::EnPassantMark: {
        const std::optional<position::Board> before = scope_.game->board_before_last();
        en_passant_mark(token, record_.moves.empty() ? Move::none() : record_.moves.back(), before ? &*before : nullptr, line,
                        column, ply, "");
        return Move::none();
    }
    case MoveReading::Kind::Unreadable: {
        // No move at all: the game was over by checkmate or stalemate.
        const Adjudication end = scope_.game->adjudicate();
        if (end.kind == StatusKind::GameOver)
            add_error(DiagnosticCode::MoveAfterEnd,
                      fmt::format("move after the game ended ({}, {})", status_name(end.status), result_text(end.result)), line,
                      column, ply, std::string(token));
        else add_error(reading.code, reading.message, line, column, ply, std::string(token), reading.strict);
        scope_.main_line_dead = true;
        return Move::none();
    }
    case MoveReading::Kind::Refused:
        add_error(reading.code, reading.message, line, column, ply, std::string(token), reading.strict);
        scope_.main_line_dead = true;
        return Move::none();
    case MoveReading::Kind::NullMove:
        scope_.game->play_null();
        record_.moves.push_back(Move::none());
        watch_position(Move::none());
        scope_.last_token = TokenKind::NullMove;
        check_move_number(number, fullmove, white, line, column, ply, token);
        add_warning(DiagnosticCode::NullMove,
                    fmt::format("null move '{}' in the main line: {} passes", token, white ? "White" : "Black"), line, column,
                    ply, std::string(token));
        return Move::none();
    case MoveReading::Kind::Move:
        scope_.game->play(reading.move);
        record_.moves.push_back(reading.move);
        watch_position(reading.move);
        scope_.last_token = TokenKind::Move;
        check_move_number(number, fullmove, white, line, column, ply, token);
        add_warnings(reading.warnings, "", line, column, ply, token);
        return reading.move;
    }
    return Move::none();
}

Move GameChecker::variation_move(std::string_view token, std::uint64_t line, std::uint64_t column) {
    const int number = scope_.pending_number;
    scope_.pending_number = -1;
    if (scope_.skipped_depth > 0 || scope_.variations.empty()) return Move::none();
    Line& l = scope_.variations.back();
    if (!l.current) return Move::none();
    const int ply = l.ply + 1;
    const int fullmove = l.current->position().fullmove;
    const bool white = l.current->side_to_move() == WHITE;
    auto played = [&](Move m) {
        l.ply = ply;
        l.last = m;
        scope_.last_token = m.is_none() ? TokenKind::NullMove : TokenKind::Move;
        if (number < 0 ? white : number != fullmove) [[unlikely]]
            check_move_number(number, fullmove, white, line, column, ply, token);
        return m;
    };
    // The exact-SAN fast path, as on the main line (variations are a fair share of real files).
    notation::SanMove exact;
    if (const Move m = play_exact_san_on_line(l.current, l.before_last, token, exact); !m.is_none()) return played(m);
    // Null moves are analysis's convention in a variation: always read (with a warning).
    MoveReading reading = read_move_token(*l.current, token, true);
    switch (reading.kind) {
    case MoveReading::Kind::EnPassantMark:
        en_passant_mark(token, l.last, l.before_last ? &*l.before_last : nullptr, line, column, ply, "in a variation: ");
        return Move::none();
    case MoveReading::Kind::Unreadable:
    case MoveReading::Kind::Refused:
        add_error(reading.code, fmt::format("in a variation: {}", reading.message), line, column, ply, std::string(token),
                  reading.strict);
        l.current.reset();
        return Move::none();
    case MoveReading::Kind::NullMove:
        l.before_last = std::move(l.current);
        l.current = std::move(reading.after);
        add_warning(DiagnosticCode::NullMove,
                    fmt::format("in a variation: null move '{}': {} passes", token, white ? "White" : "Black"), line, column, ply,
                    std::string(token));
        return played(Move::none());
    case MoveReading::Kind::Move:
        l.before_last = std::move(l.current);
        l.current = std::move(reading.after);
        add_warnings(reading.warnings, "in a variation: ", line, column, ply, token);
        return played(reading.move);
    }
    return Move::none();
}

const position::Board* GameChecker::line_board() const {
    if (scope_.variation_depth == 0) return scope_.game && !scope_.main_line_dead ? &scope_.game->board() : nullptr;
    if (scope_.skipped_depth > 0 || scope_.variations.empty() || !scope_.variations.back().current) return nullptr;
    return &*scope_.variations.back().current;
}

void GameChecker::begin_variation(const pgn::SourcePos& at) {
    const std::uint64_t line = at.line, column = at.column;
    if (!scope_.started) start_movetext();
    scope_.saw_movetext = true;
    ++scope_.variation_depth;
    if (observer_ && observer_->listening_) observer_->begin_variation(scope_.variation_depth);
    if (scope_.skipped_depth > 0 || scope_.variations.size() >= max_tracked_depth_) {
        ++scope_.skipped_depth; // very deep nesting: structure only, no legality
        return;
    }
    Line child;
    // A variation replaces the last move of the line it branches from.
    int parent_ply = scope_.game ? scope_.game->plies() : 0;
    bool parent_alive = scope_.game != nullptr && !scope_.main_line_dead;
    if (!scope_.variations.empty()) {
        parent_ply = scope_.variations.back().ply;
        parent_alive = scope_.variations.back().current.has_value();
    }
    if (parent_alive) {
        child.current = scope_.variations.empty() ? scope_.game->board_before_last() : scope_.variations.back().before_last;
        if (child.current) {
            child.ply = parent_ply - 1;
        } else {
            add_error(DiagnosticCode::PgnSyntax, "a variation must follow a move", line, column);
        }
    }
    scope_.variations.push_back(std::move(child));
}

void GameChecker::end_variation(const pgn::SourcePos& at) {
    const std::uint64_t line = at.line, column = at.column;
    if (scope_.variation_depth == 0) {
        add_error(DiagnosticCode::UnbalancedParenthesis, "')' without a matching '('", line, column);
        return;
    }
    if (observer_ && observer_->listening_) observer_->end_variation(scope_.variation_depth);
    --scope_.variation_depth;
    if (scope_.skipped_depth > 0) {
        --scope_.skipped_depth;
        return;
    }
    scope_.variations.pop_back();
}

void GameChecker::result(std::string_view token, const pgn::SourcePos& at) {
    const std::uint64_t line = at.line, column = at.column;
    if (!scope_.started) start_movetext();
    scope_.saw_movetext = true;
    if (scope_.variation_depth > 0) { // a result inside a variation ends nothing
        add_warning(DiagnosticCode::ResultInVariation, fmt::format("result '{}' inside a variation: it ends nothing", token),
                    line, column, 0, std::string(token));
        return;
    }
    record_.movetext_result = std::string(token);
    scope_.result_line = line;
    scope_.result_column = column;
}

namespace {
GameRecord::MoveNotes& notes_at(GameRecord& r) {
    if (r.notes.size() < r.moves.size() + 1) r.notes.resize(r.moves.size() + 1);
    return r.notes[r.moves.size()];
}
} // namespace

void GameChecker::comment(std::string_view text, const pgn::SourcePos& at, bool truncated) {
    if (truncated) [[unlikely]]
        add_warning(DiagnosticCode::TextCut, text_cut_message("comment"), at.line, at.column);
    if (observer_ && observer_->listening_) {
        pgn::parse_comment_commands(text, comment_commands_);
        observer_->comment({text, comment_commands_, scope_.variation_depth, at});
    }
    if (!options_.keep_notes || scope_.variation_depth > 0 || scope_.main_line_dead) return;
    auto& n = notes_at(record_);
    if (!n.comment.empty()) n.comment += '\n';
    n.comment += text;
}

void GameChecker::nag(int code, const pgn::SourcePos&) {
    if (observer_ && observer_->listening_) observer_->nag(code, scope_.variation_depth);
    if (!options_.keep_notes || scope_.variation_depth > 0 || scope_.main_line_dead) return;
    notes_at(record_).nags.push_back(code);
}

void GameChecker::error(DiagnosticCode code, const pgn::SourcePos& at, std::string_view text) {
    std::string message(text);
    const std::uint64_t line = at.line, column = at.column;
    // A token that is no move where the main line expects one stands for the next ply; the
    // rest of the main line cannot be checked after it.
    const bool bad_token = code == DiagnosticCode::GarbageToken || code == DiagnosticCode::NulByte ||
                           code == DiagnosticCode::InvalidByte || code == DiagnosticCode::TokenTooLong;
    if (bad_token && scope_.started && scope_.variation_depth == 0 && scope_.game && !scope_.main_line_dead) {
        // The reader's message ends with the token in quotes ("unexpected token 'Nf3*'").
        std::string token;
        if (const std::size_t open = message.find('\'');
            open != std::string::npos && message.size() > open + 1 && message.back() == '\'')
            token = message.substr(open + 1, message.size() - open - 2);
        add_error(code, std::move(message), line, column, scope_.game->plies() + 1, std::move(token));
        scope_.main_line_dead = true;
        return;
    }
    add_error(code, std::move(message), line, column);
}

namespace {
// The game the input stopped in (a read or decompression error): GameRecord::cut_short and
// the error "input-error" at the game's end.
void mark_cut_short(GameRecord& record, const pgn::GameInfo& game) {
    record.cut_short = true;
    record.errors.push_back({game.end.line,
                             game.end.column,
                             0,
                             DiagnosticCode::InputError,
                             fmt::format("the input stops inside this game, at byte {} (a read or decompression "
                                         "error): the game is incomplete",
                                         game.raw_end),
                             {}});
}
} // namespace

GameRecord& GameChecker::end_game(const pgn::GameInfo& game) {
    GameRecord& record = finish_record(game.end.line, game.end.column);
    if (game.cut_short) [[unlikely]]
        mark_cut_short(record, game);
    if (observer_) observer_->end_game(record);
    return record;
}

GameRecord& GameChecker::finish_record(std::uint64_t line, std::uint64_t column) {
    settle_pending_check();
    if (!scope_.started) start_movetext();
    if (scope_.rejected_on_tags) { // --where rejected it on its tags: its movetext was not read, no output shows it
        record_.selected = false;
        return record_;
    }
    if (!scope_.repeated.empty()) count_repeated_warnings();
    if (scope_.skip_rest) { // an unsupported variant: its movetext was not read
        const std::string_view tag_result = tag_value(scope_.tag_index.result);
        record_.declared = tag_result.empty() ? "*" : std::string(tag_result);
        return record_;
    }
    if (scope_.result_line > 0) {
        line = scope_.result_line;
        column = scope_.result_column;
    }
    check_declared_result(line, column);
    if (scope_.game) adjudicate_end(line, column);
    record_.selected = watcher_ ? watcher_->selected(record_) : !options_.select || options_.select(record_);
    if (options_.duplicates != DuplicateMode::Off && record_.valid() && !record_.moves.empty()) {
        const auto states = fingerprint_states(record_);
        record_.fingerprint = states.empty() ? 0 : states.back();
    }
    return record_;
}

void GameChecker::check_declared_result(std::uint64_t line, std::uint64_t column) {
    const std::string_view tag_result = tag_value(scope_.tag_index.result);
    const bool has_tag = scope_.tag_index.result >= 0;
    record_.declared = has_tag ? std::string(tag_result) : record_.movetext_result.empty() ? "*" : record_.movetext_result;
    if (has_tag && !parse_result(tag_result))
        add_error(DiagnosticCode::WrongResult, fmt::format("Result tag \"{}\" is not 1-0, 0-1, 1/2-1/2 or *", tag_result), line,
                  column);
    if (record_.movetext_result.empty()) {
        // Read as '*': the Result tag (if any) stays the declared result, checked below.
        // no move, result or variation, and no token that gave an error
        const bool no_movetext = !scope_.saw_movetext && record_.moves.empty() && record_.errors.empty();
        if (no_movetext && !record_.tags.empty())
            add_warning(DiagnosticCode::NoMovetext, "the game has tags but no movetext", line, column);
        else
            add_warning(DiagnosticCode::MissingResult, "the movetext ends without a result (1-0, 0-1, 1/2-1/2 or *): read as '*'",
                        line, column);
    } else if (has_tag && record_.movetext_result != tag_result)
        add_error(DiagnosticCode::WrongResult,
                  fmt::format("the movetext ends with {} but the Result tag is {}", record_.movetext_result, tag_result), line,
                  column);
}

void GameChecker::adjudicate_end(std::uint64_t line, std::uint64_t column) {
    record_.final_board = scope_.game->board();
    record_.adjudication = scope_.game->adjudicate();
    if (record_.adjudication.kind != StatusKind::GameOver && lichess_closed(options_, scope_.game->board())) {
        record_.lichess_closed_position = true;
        record_.adjudication.kind = StatusKind::GameOver;
        record_.adjudication.result = GameResult::Draw;
    }
    if (scope_.main_line_dead || !record_.errors.empty()) return;
    const Adjudication& a = record_.adjudication;
    const std::string_view rules_result = result_text(a.result);
    const bool declared_anywhere = scope_.tag_index.result >= 0 || !record_.movetext_result.empty();
    if (a.kind == StatusKind::GameOver && record_.declared == "*")
        // '*' is "unknown, in progress or abandoned" (standard 8.2.6): no contradiction.
        add_warning(DiagnosticCode::StarResultAtEnd,
                    declared_anywhere
                        ? fmt::format("the game ended by {} ({}) but the result is *", record_status_name(record_), rules_result)
                        : fmt::format("the game ended by {} ({}) but it has no result (no Result tag, no "
                                      "result token)",
                                      record_status_name(record_), rules_result),
                    line, column);
    else if (a.kind == StatusKind::GameOver && record_.declared != rules_result)
        add_error(DiagnosticCode::WrongResult,
                  fmt::format("the game ended by {} ({}) but the result is {}", record_status_name(record_), rules_result,
                              record_.declared),
                  line, column);
    else if (a.kind == StatusKind::ClaimableDraw && (record_.declared == "1-0" || record_.declared == "0-1"))
        add_warning(DiagnosticCode::DecisiveResultAtClaimableDraw,
                    fmt::format("the result is {} but a draw could be claimed ({})", record_.declared, status_name(a.status)),
                    line, column);
    if (a.kind != StatusKind::GameOver) check_lichess_time_forfeit(line, column);
}

// --lichess, Horde: a win on time by a side that cannot win is a draw.
void GameChecker::check_lichess_time_forfeit(std::uint64_t line, std::uint64_t column) {
    if (!options_.lichess || record_.variant != Variant::Horde || !iequals(record_.tag("Termination"), "Time forfeit")) return;
    const bool white_cannot_win = horde_insufficient_material(scope_.game->board().position(), WHITE);
    if (record_.declared == "1-0" && white_cannot_win)
        add_error(DiagnosticCode::WrongResult,
                  "White won on time but cannot win with this material (lichess's Horde insufficient-material "
                  "rule): the result is 1/2-1/2",
                  line, column);
    else if (record_.declared == "1/2-1/2" && !white_cannot_win)
        add_warning(DiagnosticCode::LichessTimeForfeitDraw,
                    "a draw on time, but both sides could still win (lichess scores the loss of the side that "
                    "ran out of time)",
                    line, column);
}

bool is_duplicate(const GameRecord& record) { return record.duplicate; }

bool replay_into(PositionWatcher& watcher, const GameRecord& record) {
    watcher.start(record.start ? &record.start->position() : nullptr);
    if (record.start && watcher.wants_positions()) {
        position::Board board = *record.start;
        play_line(
            board, record.moves.size(), [&](std::size_t k) { return record.moves[k]; },
            [&](const position::Board& b) {
                watcher.position(b.position());
                return watcher.wants_positions();
            });
    }
    return watcher.selected(record);
}

namespace {

// A GameChecker that hands each record to the callback, with its raw bytes.
class RecordingChecker : public GameChecker {
public:
    RecordingChecker(const CheckOptions& options, const std::string* raw, const GameCallback& on_game)
        : GameChecker(options), raw_(raw), on_game_(on_game) {}

    void end_game(const pgn::GameInfo& game) {
        GameRecord& record = GameChecker::end_game(game);
        on_game_(record, raw_ ? std::string_view(*raw_) : std::string_view());
    }

private:
    const std::string* raw_;
    const GameCallback& on_game_;
};

} // namespace

void walk_pgn(pgn::PgnReader& reader, const CheckOptions& options, bool capture_raw, GameObserver* observer,
              const GameCallback& on_game) {
    std::string raw;
    if (capture_raw) reader.set_capture(&raw);
    RecordingChecker checker(options, capture_raw ? &raw : nullptr, on_game);
    checker.set_observer(observer);
    reader.read_all(checker);
    if (capture_raw) reader.set_capture(nullptr);
}

void check_pgn(pgn::PgnReader& reader, const CheckOptions& options, bool capture_raw, const GameCallback& on_game) {
    check_pgn(reader, options, capture_raw, nullptr, on_game);
}

void check_pgn(pgn::PgnReader& reader, const CheckOptions& options, bool capture_raw, DuplicateFinder* shared,
               const GameCallback& on_game, GameObserver* observer) {
    std::optional<DuplicateFinder> own;
    if (options.duplicates != DuplicateMode::Off && !shared) shared = &own.emplace(options.duplicates);
    DuplicateFinder* finder = options.duplicates != DuplicateMode::Off ? shared : nullptr;
    if (!finder) return walk_pgn(reader, options, capture_raw, observer, on_game);
    walk_pgn(reader, options, capture_raw, observer, [&](GameRecord& record, std::string_view raw) {
        finder->check(record, options.strict);
        on_game(record, raw);
    });
}

} // namespace horde::game

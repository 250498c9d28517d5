// GameChecker: the legality layer above the PGN reader. It takes one game's events (tags,
// SAN tokens, variations, result, reader errors) and produces a verdict: validity, every
// error and warning with its line, column and ply, the final position and its
// adjudication. horde-check, horde-list and horde-replay all read games through it.
#pragma once

#include "horde/core/diagnostic_codes.hpp"
#include "horde/game/events.hpp"
#include "horde/game/game.hpp"
#include "horde/notation/san.hpp"
#include "horde/pgn/visitor.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace horde::pgn {
class PgnReader;
}

namespace horde::game {

struct Diagnostic {
    std::uint64_t line = 0; // 1-based, as the reader counts them (SourcePos); 0: none
    std::uint64_t column = 0;
    int ply = 0;         // 1-based half-move index of the offending move; 0 when not a move
    DiagnosticCode code; // printed as diagnostic_name(code): "illegal-move", "wrong-result", ...
    std::string message;
    std::string token; // the SAN (or other token) concerned, if any
    // A warning --strict made an error (its code's --strict column says it does): printed with
    // " (strict mode)" after the message (printed_message).
    bool strict = false;
};

// The message as the outputs print it: with " (strict mode)" when --strict made it an error.
std::string printed_message(std::string_view message, bool strict);
inline std::string printed_message(const Diagnostic& d) { return printed_message(d.message, d.strict); }

// --duplicates: off, equal games, or also games where one's moves are a prefix of the other's.
enum class DuplicateMode : std::uint8_t { Off, Exact, Prefix };

struct GameRecord;

// A per-game judge of the main line's positions (--where's position predicates, select/
// where.hpp), fed by the walk as it plays the moves: no second pass over a game. Per game:
// start, then position after each main-line move in order (a null move included) that
// changes a piece on watched_squares(), until the main line stops being followed (an error,
// the end), then selected with the finished record. One watcher per GameChecker, so per thread.
class PositionWatcher {
public:
    virtual ~PositionWatcher() = default;
    // A new game whose movetext is read: its start position, nullptr when it has no valid one
    // (the game then has no positions).
    virtual void start(const position::Position* start) = 0;
    // The main line's position after its next move.
    virtual void position(const position::Position& after) = 0;
    // The game's end: whether it is selected (GameRecord::selected).
    virtual bool selected(const GameRecord& record) = 0;
    // The squares the answer depends on for now: the walk skips a position whose move changed
    // no piece on them (the watcher answers as for the position before it). Every square unless
    // the watcher says less (a pattern's squares; not a count over the whole board, the side
    // to move or the number of plies); none once the rest of the game cannot change the
    // answer. The walk's cost per move is this one test.
    Bitboard watched_squares() const { return watched_squares_; }
    bool wants_positions() const { return watched_squares_ != 0; }

protected:
    Bitboard watched_squares_ = 0;
};

// The main line of a finished record played again from its start into a watcher, every
// position while it wants any (for a record that comes from elsewhere than a walk with the
// watcher; the answer is the walk's); then selected.
bool replay_into(PositionWatcher& watcher, const GameRecord& record);

struct CheckOptions {
    std::optional<Variant> forced_variant;         // --variant: ignore the Variant tag
    bool strict = false;                           // every warning becomes an error (with "(strict mode)")
    bool lichess = false;                          // lichess's extra Horde rules
    bool allow_null_moves = false;                 // a main-line null move is a warning, not an error
    DuplicateMode duplicates = DuplicateMode::Off; // check_pgn reports duplicate games (duplicates.hpp)
    // A game of a variant we do not play (unsupported_variants.hpp) is skipped (GameRecord::
    // skipped), not an error.
    bool skip_unsupported = false;
    // Keep the main line's comments and NAGs in GameRecord::notes (horde-list's per-move fields).
    bool keep_notes = false;
    // --where (select/where.hpp): decides GameRecord::selected at the end of each game; null: all.
    std::function<bool(const GameRecord&)> select;
    // A --where that reads positions: makes each GameChecker's watcher, which sees the main
    // line's positions as the walk plays them and decides GameRecord::selected in `select`'s
    // place. Null: none.
    std::function<std::unique_ptr<PositionWatcher>()> watch_positions;
    // `select` reads only tags: a game it rejects once its tags are read is not checked further
    // (check_pgn skips the rest of its text: it is counted, and shows nothing, either way).
    bool select_on_tags = false;
};

struct GameRecord {
    std::uint64_t game = 0; // 1-based index in the input
    std::uint64_t line = 0; // line where the game starts
    // Byte offset of the game's first token in the (decompressed) input: input order, known on
    // any thread before the game's number is (run/pipeline.hpp).
    std::uint64_t offset = 0;
    std::vector<std::pair<std::string, std::string>> tags; // in input order
    std::optional<Variant> variant;
    std::optional<position::Board> start;       // nullopt when the start position is invalid
    std::vector<Move> moves;                    // main line, legal moves only (up to the first error); a
                                                // null move (only with allow_null_moves) is Move::none()
    std::optional<position::Board> final_board; // after the last legal main-line move
    Adjudication adjudication;
    std::string declared = "*";  // the Result tag ("*" when absent)
    std::string movetext_result; // the result token that ended the movetext, if any
    std::vector<Diagnostic> errors;
    std::vector<Diagnostic> warnings;
    // --lichess: the game ended in lichess's closed-position draw (Horde, see lichess.hpp).
    // The adjudication is then kind game-over, result 1/2-1/2, and record_status_name()
    // says "lichess-closed-position".
    bool lichess_closed_position = false;
    // With CheckOptions::duplicates: the fingerprint of variant, start and main line (0: none).
    std::uint64_t fingerprint = 0;
    // The duplicate stage (duplicates.hpp) found this game equal to an earlier one (or, in
    // prefix mode, one a prefix of the other) and gave it the diagnostic "duplicate-game".
    bool duplicate = false;
    // With CheckOptions::skip_unsupported, a game of an unsupported variant: neither valid nor
    // invalid (no errors, no moves; outputs count it as skipped).
    bool skipped = false;
    // The input was cut short inside this game (PgnReader::cut_short): it has the error
    // "input-error", and no output takes its bytes.
    bool cut_short = false;
    // CheckOptions::select chose this game (always true without it). A game not selected is
    // read and checked but produces no output and no weight in the exit status.
    bool selected = true;
    // With CheckOptions::keep_notes: the comments (raw text, in order, joined by a newline) and
    // NAGs of the main line, by ply: notes[p] follows the p-th move (notes[0]: before the
    // first). Shorter than plies() + 1 when the last plies have none.
    struct MoveNotes {
        std::string comment;
        std::vector<int> nags;
    };
    std::vector<MoveNotes> notes;
    bool valid() const { return errors.empty(); }
    int plies() const { return int(moves.size()); }
    std::string_view tag(std::string_view name) const;
};

// The one game walk: a visitor of the PGN reader (pgn/visitor.hpp) that resolves every move
// of the main line and the variations and gives the game's record. PgnReader::read_all(checker)
// checks every game; each end_game returns the record. A consumer that needs more than the
// record (the PGN exporter, the replay page's tree) subscribes to the walk's game events
// (events.hpp) with set_observer; none derives from the checker.
class GameChecker : public pgn::PgnVisitor {
public:
    explicit GameChecker(CheckOptions options = {})
        : options_(std::move(options)), watcher_(options_.watch_positions ? options_.watch_positions() : nullptr) {}

    // The consumer of this walk's game events (nullptr: none). It must outlive the walk.
    void set_observer(GameObserver* observer) { observer_ = observer; }

    void begin_game(const pgn::GameInfo& game);
    void tag(std::string_view name, std::string_view value, const pgn::SourcePos& at, bool truncated);
    // The tag section is over (before the first movetext token). SkipGame when the rest need
    // not be read: an unsupported variant (its drops or gating would give an error per move),
    // or a game CheckOptions::select_on_tags rejected.
    pgn::Control begin_movetext(const pgn::SourcePos& at);
    // A SAN token of the movetext (or a dialect spelling, see notation/dialect.hpp). Returns the
    // legal move it names in the current line (main line or variation), or Move::none() (after
    // an error in that line, a bad token, a null move or an en passant mark: see last_token()).
    Move san(std::string_view token, const pgn::SourcePos& at) { // inline: once per move
        if (!scope_.started) start_movetext();
        scope_.last_token = TokenKind::Unread;
        if (observer_ && observer_->listening_) [[unlikely]]
            return observed_move(token, at);
        if (scope_.variation_depth > 0) return variation_move(token, at.line, at.column);
        return main_line_move(token, at.line, at.column);
    }
    // A move number ("12." "12..." "12…"): checked against the next move of the line.
    void move_number(std::uint64_t number, const pgn::SourcePos&) {
        scope_.pending_number = number > 100000 ? 100000 : int(number); // inline: once per move pair
    }
    // Unusual input the reader read with certainty (DiagnosticCode): a warning.
    void notice(DiagnosticCode kind, const pgn::SourcePos& at, std::string_view message);
    // What the last san() token was.
    enum class TokenKind : std::uint8_t { Move, NullMove, EnPassantMark, Unread };
    TokenKind last_token() const { return scope_.last_token; }
    void begin_variation(const pgn::SourcePos& at);
    void end_variation(const pgn::SourcePos& at);
    void result(std::string_view token, const pgn::SourcePos& at);
    // A comment or NAG: kept in the record's notes when CheckOptions::keep_notes and in the main line.
    void comment(std::string_view text, const pgn::SourcePos&, bool truncated);
    void nag(int code, const pgn::SourcePos&);
    // A structural problem the reader found (unterminated comment, garbage token, ...).
    void error(DiagnosticCode kind, const pgn::SourcePos& at, std::string_view message);
    // Finishes the game: result checks and adjudication, and GameInfo::cut_short (the error
    // "input-error" at the game's end, naming the byte offset of the decompressed data). The
    // record stays valid until the next begin_game.
    GameRecord& end_game(const pgn::GameInfo& game);

    // The record so far. Its tags are complete from begin_movetext on: before, the last game's
    // later tags may follow this game's (kept for their strings' storage).
    const GameRecord& record() const { return record_; }
    // The main line's board now (after the last legal move), if the start was valid.
    const position::Board* current_board() const { return scope_.game ? &scope_.game->board() : nullptr; }
    bool in_variation() const { return scope_.variation_depth > 0; }
    // The position the next move of the current line (main line or innermost variation) is
    // played from; nullptr when that line can no longer be followed (after an error).
    const position::Board* line_board() const;
    // The rest of the game need not be read (an unsupported variant): a reader visitor returns
    // Control::SkipGame, so that its movetext (drops, gating) gives no error per move.
    bool skip_rest() const { return scope_.skip_rest; }

private:
    void add_error(DiagnosticCode code, std::string message, std::uint64_t line, std::uint64_t column, int ply = 0,
                   std::string token = {}, bool strict = false);
    void add_warning(DiagnosticCode code, std::string message, std::uint64_t line, std::uint64_t column, int ply = 0,
                     std::string token = {});
    void start_movetext();
    // The main line's new position after `played` (Move::none(): a null move) to the watcher,
    // if it wants it.
    void watch_position(Move played);
    // san() with an observer: the move resolved as without one, then its MoveEvent.
    Move observed_move(std::string_view token, const pgn::SourcePos& at);
    GameRecord& finish_record(std::uint64_t line, std::uint64_t column);
    // finish_record's steps: the declared result (Result tag, result token) against each other;
    // the final position's adjudication against the declared result.
    void check_declared_result(std::uint64_t line, std::uint64_t column);
    void adjudicate_end(std::uint64_t line, std::uint64_t column);
    void check_lichess_time_forfeit(std::uint64_t line, std::uint64_t column);
    void setup_start();
    void start_game_from(const position::Board& start);
    Move main_line_move(std::string_view token, std::uint64_t line, std::uint64_t column);
    Move main_line_slow(std::string_view token, std::uint64_t line, std::uint64_t column, int ply, int number);
    // A main-line move after the game ended (automatically, or lichess's closed position): the error.
    Move main_line_after_end(std::string_view token, std::uint64_t line, std::uint64_t column, int ply);
    // The warnings of a move whose check suffix is not plainly right (check_suffix).
    void suffix_warnings(const notation::SanMove& san, std::uint64_t line, std::uint64_t column, int ply, std::string_view token);
    // A main-line '+' on a check is right unless the check is mate. The question waits for the
    // next event: a legal move of the main line answers it (pending_check_.active = false);
    // anything else, before it adds a diagnostic or changes the board, settles it
    // (settle_pending_check: the search for a legal reply, and suffix_warnings on a mate), so
    // that the warnings and their order are those of an answer given at once.
    void defer_check_suffix(const notation::SanMove& san, std::uint64_t line, std::uint64_t column, int ply,
                            std::string_view token);
    void settle_pending_check() {
        if (pending_check_.active) [[unlikely]]
            settle_pending_check_now();
    }
    void settle_pending_check_now();
    Move variation_move(std::string_view token, std::uint64_t line, std::uint64_t column);
    // The move number written before a move (-1: none) against the position it is played from.
    void check_move_number(int number, int fullmove, bool white, std::uint64_t line, std::uint64_t column, int ply,
                           std::string_view token);
    // An "e.p." token after `last` (the line's last move).
    void en_passant_mark(std::string_view token, Move last, const position::Board* before, std::uint64_t line,
                         std::uint64_t column, int ply, const char* where);
    void add_warnings(std::vector<notation::SanWarning>& warnings, const char* where, std::uint64_t line, std::uint64_t column,
                      int ply, std::string_view token);

    struct Line {
        std::optional<position::Board> before_last; // position before this line's last move
        std::optional<position::Board> current;     // nullopt once the line has an error
        int ply = 0;                                // ply number of the last move (for messages)
        Move last = Move::none();                   // the last move (for an "e.p." mark)
    };

    CheckOptions options_;
    std::unique_ptr<PositionWatcher> watcher_; // from options_.watch_positions
    GameObserver* observer_ = nullptr;
    std::optional<position::Board> observed_before_;    // observed_move's position before the move
    std::vector<pgn::CommentCommand> comment_commands_; // a comment's commands, for the observer
    GameRecord record_;
    std::optional<Game> game_storage_;    // kept from game to game for its storage
    std::size_t max_tracked_depth_ = 256; // deeper variations are checked for structure only
    // Tag pairs of earlier games, whose strings the next tags reuse (their storage).
    std::vector<std::pair<std::string, std::string>> spare_tags_;
    static constexpr std::size_t kMaxSpareTags = 64;
    // Where the tags the checker reads stand in record_.tags (-1: none): the first of each
    // name (GameRecord::tag's answer), the last FEN tag.
    struct TagIndex {
        int variant = -1, fen = -1, setup = -1, date = -1, utc_date = -1, result = -1;
    };
    std::string_view tag_value(int index) const; // "" for -1
    // FEN tags read before, for their variant, and what read_fen made of them (setup_start).
    struct FenRead {
        std::string fen;
        Variant variant = Variant::Chess;
        std::optional<std::variant<position::FenBoard, position::FenError>> read;
    };
    static constexpr std::size_t kFenReadSlots = 64;
    std::vector<FenRead> fen_reads_; // kFenReadSlots once a game has a FEN tag
    std::optional<position::Board> start_boards_[VARIANT_NB];
    // Warnings given once per game and code (see warning()): where the first stands, how many.
    struct Repeated {
        DiagnosticCode code;
        int count = 0;
        std::size_t index = 0; // in record_.warnings (record_.errors in strict mode)
        int first_ply = 0;
    };
    // One game's reading state, a value made anew at each begin_game (its vectors keep their
    // storage): nothing of a game survives into the next by accident.
    struct GameScope {
        Game* game = nullptr;        // the current game, when its start is valid
        bool main_line_dead = false; // an error stopped the main line
        bool started = false;        // begin_movetext has been seen
        bool rejected_on_tags = false;
        int variation_depth = 0;
        std::vector<Line> variations;
        int skipped_depth = 0;
        int pending_number = -1;   // the move number before the next move, -1: none
        bool saw_movetext = false; // a move, result or variation
        TokenKind last_token = TokenKind::Unread;
        std::uint64_t result_line = 0, result_column = 0;                                 // where the result token stood
        std::pair<std::uint64_t, std::uint64_t> variant_tag_at, fen_tag_at, setup_tag_at; // (line, column) of those tags
        TagIndex tag_index;
        std::vector<Repeated> repeated;
        bool skip_rest = false;
    };
    GameScope scope_;
    // The main line's last move, when its '+' waits for the next event (defer_check_suffix).
    struct PendingCheck {
        bool active = false;
        std::uint8_t token_size = 0;
        char token[15] = {}; // the exact path reads tokens of 9 bytes at most
        int ply = 0;
        std::uint64_t line = 0, column = 0;
        notation::SanMove san;
    };
    PendingCheck pending_check_;
    void count_repeated_warnings();
};

// Reads every game of a PGN stream through a GameChecker and hands each finished record to
// `on_game` together with the game's raw bytes (empty unless capture_raw). With
// options.duplicates, a DuplicateFinder sees the records in order first. `on_game` may keep
// the record by swapping it with one of its own (no copy): the checker's next game starts from
// whatever record it then holds, reusing its storage.
using GameCallback = std::function<void(GameRecord&, std::string_view raw)>;
// The game walk alone: every game of the stream through one GameChecker, its events to
// `observer` (nullptr: none), each finished record to `on_game` (no duplicate stage: a caller
// that wants one runs it on the records in order, as run/pipeline.hpp does).
void walk_pgn(pgn::PgnReader& reader, const CheckOptions& options, bool capture_raw, GameObserver* observer,
              const GameCallback& on_game);
void check_pgn(pgn::PgnReader& reader, const CheckOptions& options, bool capture_raw, const GameCallback& on_game);
// A move list as a game: a start position and legal moves (notation::play_move_list's) fed to
// `observer` as the walk feeds a PGN game (begin_game, tags_read, a move event per move with
// the positions before and after it and the game, end_game), so that a consumer of PGN games
// reads move lists unchanged. The record is the one of the PGN game a move list stands for: tags
// Variant (but for chess) and SetUp/FEN (Chess960, or another start than the standard one),
// the result the position ends in ("*" while the game goes on), valid.
GameRecord walk_moves(const position::Board& start, std::span<const Move> moves, GameObserver& observer);
class DuplicateFinder;
// The same, with a DuplicateFinder that outlives the call (duplicates across several inputs;
// nullptr: one of its own when options.duplicates is set), and the consumer of the walk's game
// events (nullptr: none), which sees each game's end before `on_game`.
void check_pgn(pgn::PgnReader& reader, const CheckOptions& options, bool capture_raw, DuplicateFinder* duplicates,
               const GameCallback& on_game, GameObserver* observer = nullptr);

// The record as NDJSON: record_to_json in report/json.hpp.
// The status of the record's adjudication: status_name(), or "lichess-closed-position".
std::string_view record_status_name(const GameRecord& record);
// Whether the record was reported as a duplicate game (duplicates.hpp).
bool is_duplicate(const GameRecord& record);
// "White - Black" from the tags, for messages.
std::string game_players(const GameRecord& record);

} // namespace horde::game

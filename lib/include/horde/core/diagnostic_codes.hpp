// Every diagnostic code the library can emit, in one table: the code as printed (the stable
// kebab-case name of `[code]` in diagnostic lines and of "code" in JSON), whether it is an error
// or a warning, what --strict makes of it, whether it is given once per game, and what it means.
// Emitters pass a DiagnosticCode; its name is an index into the table, never a search.
// docs/codes.md is this table (the test cli:codes_documented compares them).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace horde::core {

// In the order of docs/codes.md: moves, results, set-up, input, structure; then the warnings.
enum class DiagnosticCode : std::uint8_t {
    SanSyntax,
    UnknownPiece,
    IllegalMove,
    AmbiguousMove,
    MoveAfterEnd,
    WrongResult,
    BadFen,
    BadJson,
    UnknownVariant,
    UnsupportedVariant,
    InputError,
    PgnSyntax,
    NullMove,
    EnPassantMark,
    UnterminatedComment,
    UnterminatedVariation,
    UnmatchedParen,
    UnbalancedParenthesis,
    MalformedTag,
    TruncatedTag,
    GarbageToken,
    TokenTooLong,
    NulByte,
    InvalidByte,
    ZeroCastling,
    MissingCheckSuffix,
    WrongCheckSuffix,
    PromotionWithoutEquals,
    MissingCaptureMark,
    SpuriousCaptureMark,
    NeedlessDisambiguation,
    UciMove,
    LongAlgebraic,
    CastlingAsKingMove,
    LowercaseCastling,
    LowercasePiece,
    PawnLetter,
    DoublePlusMate,
    UnicodeEllipsis,
    UnicodeSymbol,
    MissingMoveNumber,
    WrongMoveNumber,
    RepeatedMoveNumber,
    ResultInVariation,
    ResultGlued,
    MissingResult,
    StarResultAtEnd,
    NoMovetext,
    TextBetweenGames,
    TextCut,
    NoGame,
    BlankLineInMovetext,
    UnescapedQuote,
    FenFullmoveZero,
    DecisiveResultAtClaimableDraw,
    LichessTimeForfeitDraw,
    DuplicateGame,
};

// ErrorOrWarning: the same code is an error in some cases and a warning in others (the
// description says which).
enum class DiagnosticSeverity : std::uint8_t { Error, Warning, ErrorOrWarning };
// What --strict does to the code given as a warning (the table's column, per code): it becomes an
// error (game::Diagnostic::strict; printed with " (strict mode)"), or stays a warning. An error is
// an error in either mode.
enum class StrictBehaviour : std::uint8_t { BecomesError, StaysWarning };
// A warning a file's writer repeats on every move is given once per game (the first, with the
// count and the first ply); the others each time.
enum class DiagnosticRepeat : std::uint8_t { EachTime, OncePerGame };

struct DiagnosticInfo {
    DiagnosticCode code;
    std::string_view name;
    DiagnosticSeverity severity;
    StrictBehaviour strict;
    DiagnosticRepeat repeat;
    std::string_view description; // one line of Markdown
};

namespace diagnostic_detail {
using C = DiagnosticCode;
using S = DiagnosticSeverity;
constexpr StrictBehaviour kToError = StrictBehaviour::BecomesError, kStaysWarning = StrictBehaviour::StaysWarning;
constexpr DiagnosticRepeat kEach = DiagnosticRepeat::EachTime, kOnce = DiagnosticRepeat::OncePerGame;
} // namespace diagnostic_detail

// clang-format off
inline constexpr DiagnosticInfo kDiagnosticCodes[] = {
#define HORDE_CODE(code, name, severity, strict, repeat, description) \
    {diagnostic_detail::C::code, name, diagnostic_detail::S::severity, diagnostic_detail::strict, diagnostic_detail::repeat, description}
    HORDE_CODE(SanSyntax, "san-syntax", Error, kToError, kEach, "a token that is no SAN move (nor a dialect of one)"),
    HORDE_CODE(UnknownPiece, "unknown-piece", Error, kToError, kEach, "a piece letter the variant does not have"),
    HORDE_CODE(IllegalMove, "illegal-move", Error, kToError, kEach, "no legal move matches (the message says why)"),
    HORDE_CODE(AmbiguousMove, "ambiguous-move", Error, kToError, kEach, "several legal moves match (the message names them)"),
    HORDE_CODE(MoveAfterEnd, "move-after-end", Error, kToError, kEach, "a move after checkmate, stalemate, extinction, campmate or an automatic draw"),
    HORDE_CODE(WrongResult, "wrong-result", Error, kToError, kEach, "the result contradicts the final position, or the Result tag and the movetext disagree, or the Result tag is no result"),
    HORDE_CODE(BadFen, "bad-fen", Error, kToError, kEach, "the FEN tag (or `--fen` line) is not a valid position of the variant, or `SetUp \"1\"` has no FEN"),
    HORDE_CODE(BadJson, "bad-json", Error, kToError, kEach, "`--fen`: an NDJSON line without a `\"fen\"` string"),
    HORDE_CODE(UnknownVariant, "unknown-variant", Error, kToError, kEach, "a Variant tag that names no variant we know (never skipped: `Hrode` is a typo)"),
    HORDE_CODE(UnsupportedVariant, "unsupported-variant", Error, kToError, kEach, "a variant other programs play and we do not (Crazyhouse, Atomic, ...: README's \"Variants we do not play\"); one error per game, its movetext skipped; none with `--skip-unsupported`"),
    HORDE_CODE(InputError, "input-error", Error, kToError, kEach, "the input stopped inside this game (a read or decompression error): the game is incomplete, exit 2"),
    HORDE_CODE(PgnSyntax, "pgn-syntax", Error, kToError, kEach, "a tag after the movetext began, a variation that follows no move"),
    HORDE_CODE(NullMove, "null-move", ErrorOrWarning, kToError, kEach, "a null move in the main line (warning with `--allow-null-moves`), or in check; in a variation a warning"),
    HORDE_CODE(EnPassantMark, "en-passant-mark", ErrorOrWarning, kToError, kOnce, "`e.p.` after an en passant capture (warning), after any other move (error)"),
    HORDE_CODE(UnterminatedComment, "unterminated-comment", Error, kToError, kEach, "`{` never closed (reported at the `{`)"),
    HORDE_CODE(UnterminatedVariation, "unterminated-variation", Error, kToError, kEach, "`(` never closed (at the `(`)"),
    HORDE_CODE(UnmatchedParen, "unmatched-paren", Error, kToError, kEach, "`)` without `(` (reader)"),
    HORDE_CODE(UnbalancedParenthesis, "unbalanced-parenthesis", Error, kToError, kEach, "`)` without `(` (checker)"),
    HORDE_CODE(MalformedTag, "malformed-tag", Error, kToError, kEach, "a tag pair with bad syntax; the rest of its line is skipped (never movetext)"),
    HORDE_CODE(TruncatedTag, "truncated-tag", Error, kToError, kEach, "the input ends inside a tag pair"),
    HORDE_CODE(GarbageToken, "garbage-token", Error, kToError, kEach, "a movetext token of no known shape, named in the message"),
    HORDE_CODE(TokenTooLong, "token-too-long", Error, kToError, kEach, "a token longer than 255 bytes"),
    HORDE_CODE(NulByte, "nul-byte", Error, kToError, kEach, "a NUL byte in a token or tag value"),
    HORDE_CODE(InvalidByte, "invalid-byte", Error, kToError, kEach, "a control or non-ASCII byte in a token"),
    HORDE_CODE(ZeroCastling, "zero-castling", Warning, kToError, kOnce, "`0-0` for `O-O`"),
    HORDE_CODE(MissingCheckSuffix, "missing-check-suffix", Warning, kToError, kOnce, "a check or mate without `+`/`#` (never for UCI or long-algebraic moves, which carry no marks)"),
    HORDE_CODE(WrongCheckSuffix, "wrong-check-suffix", Warning, kToError, kOnce, "`+`/`#` where it does not apply"),
    HORDE_CODE(PromotionWithoutEquals, "promotion-without-equals", Warning, kToError, kOnce, "`e8Q`"),
    HORDE_CODE(MissingCaptureMark, "missing-capture-mark", Warning, kToError, kOnce, "a capture without `x`"),
    HORDE_CODE(SpuriousCaptureMark, "spurious-capture-mark", Warning, kToError, kOnce, "`x` on a move that captures nothing"),
    HORDE_CODE(NeedlessDisambiguation, "needless-disambiguation", Warning, kToError, kOnce, "more origin than needed (`Ngf3` with one knight)"),
    HORDE_CODE(UciMove, "uci-move", Warning, kToError, kOnce, "a UCI move (`g1f3`)"),
    HORDE_CODE(LongAlgebraic, "long-algebraic", Warning, kToError, kOnce, "`e2-e4`, `Ng1-f3`"),
    HORDE_CODE(CastlingAsKingMove, "castling-as-king-move", Warning, kToError, kOnce, "`e1g1` for castling"),
    HORDE_CODE(LowercaseCastling, "lowercase-castling", Warning, kToError, kOnce, "`o-o`"),
    HORDE_CODE(LowercasePiece, "lowercase-piece", Warning, kToError, kOnce, "`nf3`"),
    HORDE_CODE(PawnLetter, "pawn-letter", Warning, kToError, kOnce, "`Pe4`"),
    HORDE_CODE(DoublePlusMate, "double-plus-mate", Warning, kToError, kOnce, "`++` for mate"),
    HORDE_CODE(UnicodeEllipsis, "unicode-ellipsis", Warning, kToError, kEach, "`1…`"),
    HORDE_CODE(UnicodeSymbol, "unicode-symbol", Warning, kToError, kEach, "a figurine for a piece letter (`♘f3`, `♞xe4`; a pawn's, `♙e4`, as `Pe4`) or `½` in a result (`½-½`), read as the letters"),
    HORDE_CODE(MissingMoveNumber, "missing-move-number", Warning, kToError, kOnce, "a White move without its number"),
    HORDE_CODE(WrongMoveNumber, "wrong-move-number", Warning, kToError, kOnce, "a move number that is not the move's"),
    HORDE_CODE(RepeatedMoveNumber, "repeated-move-number", Warning, kToError, kOnce, "White's number written twice"),
    HORDE_CODE(ResultInVariation, "result-in-variation", Warning, kToError, kEach, "a result token inside a variation (it ends nothing)"),
    HORDE_CODE(ResultGlued, "result-glued", Warning, kToError, kEach, "a decisive or drawn result glued to a check or mate mark (`Qh4#0-1`); `Nf3*` is standard and gives none"),
    HORDE_CODE(MissingResult, "missing-result", Warning, kToError, kEach, "the movetext ends without a result: read as `*`"),
    HORDE_CODE(StarResultAtEnd, "star-result-at-end", Warning, kToError, kEach, "the last move ends the game (checkmate, stalemate, ...) but the result is `*`, or there is no result at all (the message says which)"),
    HORDE_CODE(NoMovetext, "no-movetext", Warning, kToError, kEach, "a game with tags and no movetext"),
    HORDE_CODE(TextBetweenGames, "text-between-games", Warning, kToError, kEach, "text before the first game or between games"),
    HORDE_CODE(TextCut, "text-cut", Warning, kStaysWarning, kEach, "a comment or tag value over 64 KiB: the outputs that write it again (horde-replay's PGN, `--json-tags`) keep its first 64 KiB; the game's own bytes (`--valid-out`, horde-db) keep it whole. It tells of those outputs, not of the input: `--strict` leaves it a warning"),
    HORDE_CODE(NoGame, "no-game", Warning, kToError, kEach, "a file with text and no game in it (a web page saved in its place, a fragment): said of the file, not of a game; with `--strict` exit 1"),
    HORDE_CODE(BlankLineInMovetext, "blank-line-in-movetext", Warning, kToError, kEach, "a blank line inside movetext that goes on"),
    HORDE_CODE(UnescapedQuote, "unescaped-quote", Warning, kToError, kEach, "`[White \"\"Socrates\"\"]`: a tag line with unescaped quotes, read as one tag (the message says what)"),
    HORDE_CODE(FenFullmoveZero, "fen-fullmove-zero", Warning, kToError, kEach, "a FEN with fullmove number 0 (puzzle files): read as 1"),
    HORDE_CODE(DecisiveResultAtClaimableDraw, "decisive-result-at-claimable-draw", Warning, kToError, kEach, "`1-0`/`0-1` where a draw could be claimed"),
    HORDE_CODE(LichessTimeForfeitDraw, "lichess-time-forfeit-draw", Warning, kToError, kEach, "`--lichess`: a draw on time where both sides could still win"),
    HORDE_CODE(DuplicateGame, "duplicate-game", Warning, kToError, kEach, "`--duplicates`: the same game as an earlier one"),
#undef HORDE_CODE
};
// clang-format on

inline constexpr std::size_t DIAGNOSTIC_CODE_NB = std::size(kDiagnosticCodes);

namespace diagnostic_detail {
constexpr bool table_in_enum_order() {
    for (std::size_t i = 0; i < DIAGNOSTIC_CODE_NB; ++i)
        if (std::size_t(kDiagnosticCodes[i].code) != i) return false;
    return true;
}
} // namespace diagnostic_detail
static_assert(diagnostic_detail::table_in_enum_order(), "kDiagnosticCodes: one row per DiagnosticCode, in enum order");
static_assert(DIAGNOSTIC_CODE_NB == std::size_t(DiagnosticCode::DuplicateGame) + 1, "kDiagnosticCodes: a row per code");

constexpr const DiagnosticInfo& diagnostic_info(DiagnosticCode code) { return kDiagnosticCodes[std::size_t(code)]; }
// "illegal-move", "wrong-result", ...
constexpr std::string_view diagnostic_name(DiagnosticCode code) { return diagnostic_info(code).name; }
// The warnings --strict makes errors.
constexpr bool strict_makes_error(DiagnosticCode code) { return diagnostic_info(code).strict == StrictBehaviour::BecomesError; }
constexpr bool given_once_per_game(DiagnosticCode code) { return diagnostic_info(code).repeat == DiagnosticRepeat::OncePerGame; }

// The code of a printed name (a user's `--where 'code(...)'`); nullopt for no code of the table.
constexpr std::optional<DiagnosticCode> parse_diagnostic_code(std::string_view name) {
    for (const DiagnosticInfo& info : kDiagnosticCodes)
        if (info.name == name) return info.code;
    return std::nullopt;
}

} // namespace horde::core

// As core/types.hpp: the codes are every module's vocabulary, unqualified.
namespace horde {
using namespace core;
} // namespace horde

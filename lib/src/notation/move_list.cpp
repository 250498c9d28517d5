#include "horde/notation/move_list.hpp"

#include "horde/notation/dialect.hpp"
#include "horde/notation/san.hpp"

#include <cctype>

namespace horde::notation {

namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_result_token(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"; }

} // namespace

bool is_uci_shape(std::string_view s) {
    if (s.size() != 4 && s.size() != 5) return false;
    if (!is_file_char(s[0]) || !is_rank_char(s[1]) || !is_file_char(s[2]) || !is_rank_char(s[3])) return false;
    return s.size() == 4 || std::string_view("qrbnh").find(s[4]) != std::string_view::npos;
}

std::vector<std::string_view> move_list_tokens(std::string_view text) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (is_space(c)) {
            ++i;
            continue;
        }
        if (c == '{') {
            const auto close = text.find('}', i);
            i = close == std::string_view::npos ? text.size() : close + 1;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && !is_space(text[j]) && text[j] != '{') ++j;
        std::string_view token = text.substr(i, j - i);
        i = j;
        if (token.starts_with('$')) continue;
        if (is_result_token(token) || token == "0000") { // "0000": the UCI null move, not a move number
            tokens.push_back(token);
            continue;
        }
        std::size_t digits = 0;
        while (digits < token.size() && is_digit(token[digits])) ++digits;
        if (digits > 0 && digits < token.size() && token[digits] == '.') {
            token.remove_prefix(digits);
            while (!token.empty() && token.front() == '.') token.remove_prefix(1);
        } else if (digits == token.size()) {
            continue; // a bare number: a move number without its dot
        }
        while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.remove_suffix(1);
        if (!token.empty()) tokens.push_back(token);
    }
    // A result ends a game's moves as PGN writes them; anywhere else play_move_list refuses it.
    if (!tokens.empty() && is_result_token(tokens.back())) tokens.pop_back();
    return tokens;
}

std::variant<PlayedMoveList, MoveListError> play_move_list(const position::Board& start, std::string_view text) {
    PlayedMoveList played{{}, start};
    position::Board& board = played.end;
    std::size_t ply = 0;
    for (std::string_view token : move_list_tokens(text)) {
        ++ply;
        auto fail = [&](std::string message, DiagnosticCode code) {
            return MoveListError{ply, std::string(token), std::move(message), code};
        };
        if (is_result_token(token))
            return fail("a result in the middle of the moves (only the last token may be one)", DiagnosticCode::PgnSyntax);
        if (is_null_move_token(token)) return fail("a null move: a move list takes moves only", DiagnosticCode::NullMove);
        Move move = Move::none();
        if (is_uci_shape(token)) {
            move = board.parse_uci(token);
            if (move.is_none()) return fail("not a legal move in this position (UCI)", DiagnosticCode::IllegalMove);
        } else {
            auto parsed = parse_san(token);
            if (auto* err = std::get_if<SanError>(&parsed)) return fail(err->message, diagnostic_code(err->code));
            auto resolved = resolve_san(board, std::get<SanMove>(parsed));
            if (auto* err = std::get_if<SanError>(&resolved)) return fail(err->message, diagnostic_code(err->code));
            move = std::get<SanResolution>(resolved).move;
        }
        board.play(move);
        played.moves.push_back(move);
    }
    return played;
}

} // namespace horde::notation

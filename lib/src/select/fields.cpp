#include "horde/select/fields.hpp"

#include <fmt/format.h>

namespace horde::select {

GameField parse_game_field(std::string_view name) {
    static constexpr std::pair<std::string_view, GameField> kNames[] = {
        {"variant", GameField::Variant},    {"plies", GameField::Plies},       {"valid", GameField::Valid},
        {"status", GameField::Status},      {"result", GameField::Result},     {"declared", GameField::Declared},
        {"errors", GameField::Errors},      {"warnings", GameField::Warnings}, {"start_fen", GameField::StartFen},
        {"final_fen", GameField::FinalFen}, {"game", GameField::Game},
    };
    for (const auto& [n, f] : kNames)
        if (n == name) return f;
    return GameField::Tag;
}

bool game_field_text(const game::GameRecord& r, GameField field, std::string_view tag, std::string& buffer,
                     std::string_view& out) {
    auto number = [&](std::uint64_t n) {
        buffer = fmt::format("{}", n);
        out = buffer;
        return true;
    };
    switch (field) {
    case GameField::Tag:
        for (const auto& [k, v] : r.tags)
            if (k == tag) {
                out = v;
                return true;
            }
        return false;
    case GameField::Variant:
        if (!r.variant) return false;
        out = variant_name(*r.variant);
        return true;
    case GameField::Plies: return number(std::uint64_t(r.plies()));
    case GameField::Valid: out = r.valid() ? "true" : "false"; return true;
    case GameField::Status: out = game::record_status_name(r); return true;
    case GameField::Result: out = game::result_text(r.adjudication.result); return true;
    case GameField::Declared: out = r.declared; return true;
    case GameField::Errors: return number(r.errors.size());
    case GameField::Warnings: return number(r.warnings.size());
    case GameField::StartFen:
        if (!r.start) return false;
        buffer = r.start->fen();
        out = buffer;
        return true;
    case GameField::FinalFen:
        if (!r.final_board) return false;
        buffer = r.final_board->fen();
        out = buffer;
        return true;
    case GameField::Game: return number(std::uint64_t(r.game));
    }
    return false;
}

} // namespace horde::select

#include "horde/game/duplicates.hpp"

#include <fmt/format.h>

namespace horde::game {

namespace {

// splitmix64's finaliser: every input bit moves every output bit.
std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

} // namespace

std::vector<std::uint64_t> fingerprint_states(const GameRecord& record) {
    std::vector<std::uint64_t> states;
    if (!record.start || !record.variant) return states;
    std::uint64_t h = 0x6a09e667f3bcc909ULL ^ std::uint64_t(*record.variant);
    for (unsigned char c : record.start->fen()) h = mix(h ^ c);
    states.reserve(record.moves.size());
    for (Move m : record.moves) {
        h = mix(h ^ (std::uint64_t(m.raw()) + 0x10000));
        states.push_back(h);
    }
    return states;
}

const DuplicateFinder::Entry* DuplicateFinder::find(std::uint64_t key, bool whole) const {
    if (table_.empty()) return nullptr;
    key = key ? key : 1;
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = key & mask;; i = (i + 1) & mask) {
        const Entry& e = table_[i];
        if (e.key == 0) return nullptr;
        if (e.key == key && ((e.game & kWhole) != 0) == whole) return &e;
    }
}

void DuplicateFinder::insert(std::uint64_t key, bool whole, std::uint32_t game, std::uint32_t line) {
    key = key ? key : 1;
    if (find(key, whole)) return; // the earliest game stays
    if ((used_ + 1) * 4 > table_.size() * 3) {
        std::vector<Entry> old = std::move(table_);
        table_.assign(old.empty() ? 1024 : old.size() * 2, Entry{});
        used_ = 0;
        for (const Entry& e : old)
            if (e.key) insert(e.key, (e.game & kWhole) != 0, e.game & ~kWhole, e.line);
    }
    const std::size_t mask = table_.size() - 1;
    std::size_t i = key & mask;
    while (table_[i].key) i = (i + 1) & mask;
    table_[i] = Entry{key, game | (whole ? kWhole : 0), line};
    ++used_;
}

bool DuplicateFinder::check(GameRecord& record, bool strict) {
    if (mode_ == DuplicateMode::Off || !record.selected || !record.valid() || record.moves.empty() || record.fingerprint == 0)
        return false;
    const auto game = std::uint32_t(record.game), line = std::uint32_t(record.line);
    std::string message;
    if (const Entry* e = find(record.fingerprint, true)) {
        message =
            fmt::format("the same game as game {} (line {}): variant, start position and moves", e->game & ~kWhole, e->line);
    } else if (mode_ == DuplicateMode::Prefix) {
        const auto states = fingerprint_states(record);
        if (const Entry* longer = find(record.fingerprint, false)) {
            message = fmt::format("its moves are the start of game {}'s (line {})", longer->game & ~kWhole, longer->line);
        } else {
            for (std::size_t k = states.size() - 1; k-- > 0 && message.empty();) // the longest first
                if (const Entry* shorter = find(states[k], true))
                    message = fmt::format("it starts with all the moves of game {} (line {}, {} plies)", shorter->game & ~kWhole,
                                          shorter->line, k + 1);
        }
        for (std::size_t k = 0; k + 1 < states.size(); ++k) insert(states[k], false, game, line);
    }
    insert(record.fingerprint, true, game, line);
    if (message.empty()) return false;
    message = "duplicate game: " + message;
    const bool as_error = strict && strict_makes_error(DiagnosticCode::DuplicateGame);
    auto& list = as_error ? record.errors : record.warnings;
    list.push_back({record.line, 1, 0, DiagnosticCode::DuplicateGame, std::move(message), {}, as_error});
    record.duplicate = true;
    return true;
}

} // namespace horde::game

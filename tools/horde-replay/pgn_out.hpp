// horde-replay --to pgn's destination: stdout, or (--out PATTERN) files, a new one every
// --games-per-file N games, named by PATTERN with %d the file's 1-based number.
#pragma once

#include "output.hpp"

#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace horde::replay {

class PgnDestination {
public:
    // No pattern: stdout. `per_file` 0: one file.
    PgnDestination(std::optional<std::string> pattern, int per_file) : pattern_(std::move(pattern)), per_file_(per_file) {}

    // Writes one game; a file that cannot be created ends the tool (exit 2).
    void write(std::string_view game) {
        if (!pattern_) {
            if (std::fwrite(game.data(), 1, game.size(), stdout) != game.size()) tools::fail_write("stdout", errno);
            return;
        }
        if (!file_ || (per_file_ > 0 && in_file_ == per_file_)) open_next();
        file_->write(game);
        file_->end_record();
        ++in_file_;
    }
    void close() {
        if (file_) file_->close();
    }

    // The name of file N of the pattern ("%d" replaced; "%%" is a '%').
    static std::string file_name(std::string_view pattern, int number) {
        std::string out;
        for (std::size_t i = 0; i < pattern.size(); ++i) {
            if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] == 'd') {
                out += fmt::format("{}", number);
                ++i;
            } else if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] == '%') {
                out += '%';
                ++i;
            } else {
                out += pattern[i];
            }
        }
        return out;
    }

private:
    void open_next() {
        if (file_) file_->close();
        const std::string name = file_name(*pattern_, ++files_);
        file_ = tools::RecordOutput::create("horde-replay", name, "--out " + name);
        if (!file_) throw tools::Exit{tools::kExitUsage, {}}; // create() has said why
        in_file_ = 0;
    }

    std::optional<std::string> pattern_;
    int per_file_;
    std::unique_ptr<tools::RecordOutput> file_;
    int files_ = 0, in_file_ = 0;
};

} // namespace horde::replay

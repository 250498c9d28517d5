// The database behind the server (database_source.hpp).
#include "horde/serve/database_source.hpp"

#include "horde/db/database.hpp"
#include "horde/db/explorer.hpp"
#include "horde/db/games.hpp"
#include "horde/report/json.hpp"
#include "horde/report/pgn_writer.hpp"

#include "answer_cache.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>

namespace horde::serve {

namespace {

class DatabaseSource final : public ExplorerSource {
public:
    DatabaseSource(std::unique_ptr<db::Database> db, std::size_t cache_bytes) : db_(std::move(db)), cache_(cache_bytes) {}

    std::string explore_json(const ExplorerRequest& request) const override {
        const std::string key = cache_key(request);
        if (auto kept = cache_.find(key)) return std::move(*kept);
        std::string out;
        report::append_explorer_json(out, db::explore(*db_, request.query));
        out += '\n'; // as `horde-db query --json` ends its answer
        cache_.add(key, out);
        return out;
    }

    std::optional<std::string> game_pgn(std::string_view id) const override {
        const auto game = db::find_game(*db_, id);
        if (!game) return std::nullopt;
        std::string out;
        report::append_stored_pgn(out, game->pgn); // as `horde-db games` prints it
        return out;
    }

    void games_reaching(const ExplorerRequest& request, const std::function<bool(std::string_view)>& line) const override {
        const db::QueryPosition position = db::resolve_position(*db_, request.query);
        std::string out;
        db::for_each_game_at(*db_, position.key, [&](const db::StoredGame& game, int ply) {
            out.clear();
            // The file a game came from by its name only: where it lay on the machine that added
            // it is not the network's business.
            report::append_stored_game_json(out, game, ply, std::filesystem::path(game.source).filename().string());
            out += '\n';
            return line(out);
        });
    }

private:
    std::unique_ptr<db::Database> db_;
    mutable detail::AnswerCache cache_;
};

} // namespace

std::shared_ptr<const ExplorerSource> open_database_source(const std::string& dir, std::size_t cache_bytes) {
    return std::make_shared<DatabaseSource>(db::Database::open_read_only(dir), cache_bytes);
}

std::string database_version(const std::string& dir) {
    namespace fs = std::filesystem;
    std::ifstream current(fs::path(dir) / "CURRENT");
    std::string manifest;
    if (!std::getline(current, manifest) || manifest.empty()) return "";
    std::error_code ec;
    const fs::path path = fs::path(dir) / manifest;
    const auto size = fs::file_size(path, ec);
    if (ec) return "";
    const auto time = fs::last_write_time(path, ec);
    if (ec) return "";
    return fmt::format("{} {} {}", manifest, size, time.time_since_epoch().count());
}

} // namespace horde::serve

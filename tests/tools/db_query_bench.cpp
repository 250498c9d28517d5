// The query latency of a warm horde-db database, for bench/db.sh: opens DB once, then for each line
// "VARIANT<TAB>FEN" of FENS answers the explorer query (db::explore and the JSON, as `horde-db query
// --json` and `serve` do) and times it; the positions are asked twice, the first pass warms the
// cache and is not counted. Prints "queries N p50_ms X p99_ms Y max_ms Z".
// Usage: horde_db_query_bench DB FENS
#include "horde/db/explorer.hpp"
#include "horde/report/json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    using namespace horde;
    if (argc != 3) {
        fmt::print(stderr, "usage: horde_db_query_bench DB FENS\n");
        return 2;
    }
    try {
        auto database = db::Database::open_read_only(argv[1]);
        std::vector<db::ExplorerQuery> queries;
        std::ifstream in(argv[2]);
        for (std::string line; std::getline(in, line);) {
            const std::size_t tab = line.find('\t');
            if (tab == std::string::npos) continue;
            db::ExplorerQuery q;
            const std::string variant = line.substr(0, tab);
            for (Variant v : {Variant::Chess, Variant::Chess960, Variant::Horde, Variant::Orda})
                if (variant_name(v) == variant) q.variant = v;
            q.fen = line.substr(tab + 1);
            queries.push_back(std::move(q));
        }
        if (queries.empty()) {
            fmt::print(stderr, "horde_db_query_bench: no position in {}\n", argv[2]);
            return 2;
        }
        std::vector<double> ms;
        std::size_t bytes = 0;
        for (int pass = 0; pass < 2; ++pass)
            for (const db::ExplorerQuery& q : queries) {
                const auto start = std::chrono::steady_clock::now();
                std::string out;
                report::append_explorer_json(out, db::explore(*database, q));
                const double took = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
                bytes += out.size();
                if (pass == 1) ms.push_back(took);
            }
        std::sort(ms.begin(), ms.end());
        auto at = [&](double q) { return ms[std::min(ms.size() - 1, std::size_t(q * double(ms.size())))]; };
        fmt::print("queries {} p50_ms {:.3f} p99_ms {:.3f} max_ms {:.3f} bytes {}\n", ms.size(), at(0.5), at(0.99), ms.back(),
                   bytes);
    } catch (const std::exception& e) {
        fmt::print(stderr, "horde_db_query_bench: {}\n", e.what());
        return 2;
    }
    return 0;
}

// horde-list's position lister on a thread of its own (for speed on two cores): the run's
// second stage after the checking pipeline, fed with copies of the records in input order.
#pragma once

#include "horde/game/checker.hpp"
#include "horde/report/position_list.hpp"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace horde::run {

// What a PositionLister needs of a run of game records (start, validity, moves), copied, so
// that records can be listed on another thread than the one that checked them.
struct ListBatch {
    std::vector<position::Board> starts;
    std::vector<std::int8_t> state; // per game: 0 no start, 1 valid, 2 invalid
    std::vector<Move> moves;
    std::vector<std::size_t> ends; // per game: end of its moves in `moves`
    void add(const game::GameRecord& record);
    void clear();
    std::size_t games() const { return ends.size(); }
};

// A report::PositionLister on a second thread, for speed on two cores: list_game copies what the
// lister needs into a batch of games; full batches (or batches the caller filled, from
// checking threads) go to the worker thread, which lists them in input order and calls the
// sink. Memory stays bounded: at most three batches (one filling, one waiting, one being
// listed) of about kBatchGames games. An exception from the sink (a tool's failed write) stops
// the listing and is rethrown on the calling thread, by the next list_game, list_batch or
// finish.
class ThreadedPositionLister {
public:
    static constexpr std::size_t kBatchGames = 256;
    ThreadedPositionLister(report::ListOptions options, report::PositionLister::Sink sink,
                           std::size_t chunk = std::size_t(1) << 20);
    ~ThreadedPositionLister(); // finish(), without rethrowing
    ThreadedPositionLister(const ThreadedPositionLister&) = delete;
    ThreadedPositionLister& operator=(const ThreadedPositionLister&) = delete;

    void list_game(const game::GameRecord& record);
    // Lists the games of `batch` after those handed over before; leaves `batch` empty.
    void list_batch(ListBatch& batch);
    // Lists every game handed over so far, flushes, and stops the worker; the sink is not
    // called after it returns. Idempotent.
    void finish();

private:
    void hand_over();
    void run();
    void rethrow_failure();

    report::PositionLister lister_; // used by the worker thread only
    ListBatch filling_, pending_, working_;
    bool has_pending_ = false, done_ = false, finished_ = false;
    std::exception_ptr failure_; // the worker's exception; the worker then drops what it gets
    std::mutex mutex_;
    std::condition_variable cv_;
    std::thread worker_;
};

} // namespace horde::run

#include "horde/run/position_lister.hpp"

#include <utility>

namespace horde::run {

void ListBatch::add(const game::GameRecord& r) {
    const bool listed = r.start && r.selected; // see PositionLister::list_game
    state.push_back(!listed ? 0 : r.valid() ? 1 : 2);
    starts.push_back(listed ? *r.start : position::Board());
    if (listed) moves.insert(moves.end(), r.moves.begin(), r.moves.end());
    ends.push_back(moves.size());
}

void ListBatch::clear() {
    starts.clear();
    state.clear();
    moves.clear();
    ends.clear();
}

ThreadedPositionLister::ThreadedPositionLister(report::ListOptions options, report::PositionLister::Sink sink, std::size_t chunk)
    : lister_(options, std::move(sink), chunk) {
    worker_ = std::thread([this] { run(); });
}

ThreadedPositionLister::~ThreadedPositionLister() {
    try {
        finish();
    } catch (...) { // the sink's exception, when an earlier one unwinds the caller
    }
}

void ThreadedPositionLister::list_game(const game::GameRecord& r) {
    filling_.add(r);
    if (filling_.games() >= kBatchGames || filling_.moves.size() >= kBatchGames * 256) hand_over();
}

void ThreadedPositionLister::list_batch(ListBatch& batch) {
    if (filling_.games()) hand_over();
    std::swap(filling_, batch);
    if (filling_.games()) hand_over();
}

void ThreadedPositionLister::hand_over() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return !has_pending_; });
    if (failure_) {
        lock.unlock();
        filling_.clear();
        rethrow_failure();
    }
    std::swap(filling_, pending_);
    has_pending_ = true;
    lock.unlock();
    cv_.notify_all();
    filling_.clear();
}

void ThreadedPositionLister::rethrow_failure() {
    std::exception_ptr failure;
    {
        std::lock_guard lock(mutex_);
        failure = std::exchange(failure_, nullptr);
        // Later calls see no failure and hand over nothing: the worker drops what it gets.
    }
    if (failure) std::rethrow_exception(failure);
}

void ThreadedPositionLister::run() {
    bool stopped = false; // the sink has thrown
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            cv_.wait(lock, [this] { return has_pending_ || done_; });
            if (!has_pending_) return; // done, and nothing left
            std::swap(pending_, working_);
            has_pending_ = false;
        }
        cv_.notify_all();
        if (!stopped) {
            try {
                std::size_t begin = 0;
                for (std::size_t g = 0; g < working_.games(); ++g) {
                    const std::size_t end = working_.ends[g];
                    lister_.list_game(working_.state[g] ? &working_.starts[g] : nullptr, working_.state[g] == 1,
                                      std::span<const Move>(working_.moves.data() + begin, end - begin));
                    begin = end;
                }
            } catch (...) {
                stopped = true;
                std::lock_guard lock(mutex_);
                failure_ = std::current_exception();
            }
        }
        working_.clear();
    }
}

void ThreadedPositionLister::finish() {
    if (finished_) return;
    finished_ = true;
    std::exception_ptr failure;
    try {
        if (filling_.games()) hand_over();
    } catch (...) {
        failure = std::current_exception(); // rethrown once the worker has stopped
    }
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    cv_.notify_all();
    worker_.join();
    if (failure) std::rethrow_exception(failure);
    rethrow_failure();
    lister_.flush();
}

} // namespace horde::run

// Answers kept for the queries asked most recently, within a byte budget (least recently used
// out first). One per opened state of the database: a state never changes, so a kept answer is
// exact for as long as the state serves, and a reopen starts an empty one. An explorer's
// traffic asks the first positions over and over, and this is what makes them cheap.
#pragma once

#include <cstddef>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace horde::serve::detail {

class AnswerCache {
public:
    explicit AnswerCache(std::size_t max_bytes) : max_bytes_(max_bytes) {}

    std::optional<std::string> find(const std::string& key) {
        if (max_bytes_ == 0) return std::nullopt;
        std::lock_guard lock(mutex_);
        const auto it = index_.find(key);
        if (it == index_.end()) return std::nullopt;
        entries_.splice(entries_.begin(), entries_, it->second); // now the most recent
        return it->second->second;
    }

    void add(const std::string& key, const std::string& answer) {
        const std::size_t size = cost(key, answer);
        if (size > max_bytes_ / 8) return; // one answer never takes much of the budget
        std::lock_guard lock(mutex_);
        if (index_.count(key)) return; // another thread answered it meanwhile
        entries_.emplace_front(key, answer);
        index_.emplace(key, entries_.begin());
        bytes_ += size;
        while (bytes_ > max_bytes_) {
            const auto& [old_key, old_answer] = entries_.back();
            bytes_ -= cost(old_key, old_answer);
            index_.erase(old_key);
            entries_.pop_back();
        }
    }

private:
    // The key twice (list and index), the answer, and the nodes' upkeep.
    static std::size_t cost(const std::string& key, const std::string& answer) { return 2 * key.size() + answer.size() + 128; }
    std::size_t max_bytes_, bytes_ = 0;
    std::mutex mutex_;
    std::list<std::pair<std::string, std::string>> entries_; // most recent first
    std::unordered_map<std::string, std::list<std::pair<std::string, std::string>>::iterator> index_;
};

} // namespace horde::serve::detail

#include "horde/game/pipeline.hpp"

#include "horde/pgn/reader.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace horde {

namespace {

// The recorded events: a type byte, then int32 fields and length-prefixed strings.
enum class Event : std::uint8_t {
    BeginGame, Tag, BeginMovetext, MoveNumber, San, Notice, BeginVariation, EndVariation, Result, Error, EndGame
};

// A growable byte buffer written with one capacity test per event (std::string's appends
// test per call, which showed in profiles of the reader thread).
class EventBuffer {
public:
    std::size_t size() const { return size_; }
    const char* data() const { return data_.get(); }
    std::string_view view(std::size_t from = 0) const { return {data_.get() + from, size_ - from}; }
    void clear() { size_ = 0; }
    void resize(std::size_t n) { size_ = n; } // n <= size()
    void append_raw(const void* bytes, std::size_t n) {
        std::memcpy(reserve(n), bytes, n);
        size_ += n;
    }
    void assign(std::string_view bytes) {
        clear();
        std::memcpy(reserve(bytes.size()), bytes.data(), bytes.size());
        size_ = bytes.size();
    }
    // The event's fields: its type, line and column (ints: what the GameChecker takes), and
    // up to two length-prefixed texts, plus one more byte when `extra` is set.
    void put(Event e, std::uint64_t line, std::uint64_t column, std::string_view a = {}, std::string_view b = {},
             int texts = 0, int extra = -1) {
        char* p = reserve(1 + 2 * 4 + 2 * 4 + a.size() + b.size() + 1);
        *p++ = char(e);
        p = put_int(p, std::int32_t(line));
        p = put_int(p, std::int32_t(column));
        if (extra >= 0) *p++ = char(extra);
        if (texts >= 1) p = put_text(p, a);
        if (texts >= 2) p = put_text(p, b);
        size_ = std::size_t(p - data_.get());
    }

private:
    static char* put_int(char* p, std::int32_t v) {
        std::memcpy(p, &v, sizeof v);
        return p + sizeof v;
    }
    static char* put_text(char* p, std::string_view text) {
        const auto n = std::uint32_t(text.size());
        std::memcpy(p, &n, sizeof n);
        std::memcpy(p + sizeof n, text.data(), text.size());
        return p + sizeof n + text.size();
    }
    char* reserve(std::size_t n) {
        if (size_ + n > capacity_) grow(size_ + n);
        return data_.get() + size_;
    }
    void grow(std::size_t need) {
        const std::size_t capacity = std::max(need, std::max<std::size_t>(2 * capacity_, 1 << 16));
        auto data = std::make_unique<char[]>(capacity);
        if (size_) std::memcpy(data.get(), data_.get(), size_);
        data_ = std::move(data);
        capacity_ = capacity;
    }
    std::unique_ptr<char[]> data_;
    std::size_t size_ = 0, capacity_ = 0;
};

struct EventCursor {
    const char* p;
    int next_int() {
        std::int32_t v;
        std::memcpy(&v, p, sizeof v);
        p += sizeof v;
        return v;
    }
    std::string_view next_text() {
        std::uint32_t n;
        std::memcpy(&n, p, sizeof n);
        p += sizeof n;
        const std::string_view text(p, n);
        p += n;
        return text;
    }
};

// Replays recorded events into a checker; `on_end` gets each finished record.
template <class OnEnd> void replay(std::string_view events, GameChecker& checker, OnEnd&& on_end) {
    EventCursor c{events.data()};
    const char* end = events.data() + events.size();
    while (c.p < end) {
        const auto e = Event(std::uint8_t(*c.p++));
        const int line = c.next_int();
        const int column = c.next_int();
        switch (e) {
        case Event::BeginGame: checker.begin_game(column, line); break; // column holds the game number
        case Event::Tag: {
            const std::string_view name = c.next_text();
            checker.tag(name, c.next_text(), line, column);
            break;
        }
        case Event::BeginMovetext: checker.begin_movetext(line, column); break;
        case Event::MoveNumber: {
            std::uint64_t number;
            std::memcpy(&number, c.p, sizeof number);
            c.p += sizeof number;
            checker.move_number(number, line, column);
            break;
        }
        case Event::San: checker.san(c.next_text(), line, column); break;
        case Event::Notice: {
            const auto kind = PgnNotice(std::uint8_t(*c.p++));
            checker.reader_notice(pgn_notice_name(kind), std::string(c.next_text()), line, column);
            break;
        }
        case Event::BeginVariation: checker.begin_variation(line, column); break;
        case Event::EndVariation: checker.end_variation(line, column); break;
        case Event::Result: checker.result(c.next_text(), line, column); break;
        case Event::Error: {
            const auto kind = PgnErrorKind(std::uint8_t(*c.p++));
            checker.reader_error(pgn_error_name(kind), std::string(c.next_text()), line, column);
            break;
        }
        case Event::EndGame: on_end(checker.end_game(line, column)); break;
        }
    }
}

struct Batch {
    enum class State : std::uint8_t { Free, Filling, Ready, Working, Done };
    State state = State::Free;
    bool prechecked = false; // its one game was checked on the reader thread
    EventBuffer events;
    std::string raw;
    std::vector<std::size_t> raw_ends;
    PipelineBatch info;
    void clear() {
        prechecked = false;
        events.clear();
        raw.clear();
        raw_ends.clear();
        info = {};
    }
};

struct Aborted {}; // unwinds the reader thread when the run stops early

class Run {
public:
    Run(const PipelineSettings& s, std::size_t slots, PgnReader& reader, const CheckOptions& options,
        const PgnPipeline::Work& work, const PgnPipeline::Ordered& ordered)
        : settings_(s), batches_(slots), reader_(reader), options_(options), work_(work), ordered_(ordered) {}

    void go() {
        std::vector<std::thread> threads;
        threads.emplace_back([this] { guarded([this] { read(); }); });
        for (unsigned i = 0; i < settings_.threads; ++i) threads.emplace_back([this] { guarded([this] { check(); }); });
        guarded([this] { order(); });
        for (auto& t : threads) t.join();
        if (error_) std::rethrow_exception(error_);
    }

private:
    Batch& at(std::uint64_t seq) { return batches_[seq % batches_.size()]; }

    template <class F> void guarded(F&& f) {
        try {
            f();
        } catch (const Aborted&) {
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!error_) error_ = std::current_exception();
            aborted_ = true;
            cv_.notify_all();
        }
    }

    // --- reader thread
    struct Recorder : PgnVisitor {
        Run& run;
        explicit Recorder(Run& r) : run(r) {}
        EventBuffer& out() { return run.filling_->events; }
        void begin_game(const GameInfo& g) {
            run.game_events_ = out().size();
            out().put(Event::BeginGame, g.start.line, g.number); // the column field holds the number
            run.after_event();
        }
        void tag(std::string_view name, std::string_view value, const SourcePos& p, bool) {
            out().put(Event::Tag, p.line, p.column, name, value, 2);
            run.after_event();
        }
        void begin_movetext(const SourcePos& p) {
            out().put(Event::BeginMovetext, p.line, p.column);
            run.after_event();
        }
        void move_number(std::uint64_t number, const SourcePos& p) {
            // the number as 8 raw bytes, in the first text's place
            out().put(Event::MoveNumber, p.line, p.column);
            out().append_raw(&number, sizeof number);
            run.after_event();
        }
        void san(std::string_view token, const SourcePos& p) {
            out().put(Event::San, p.line, p.column, token, {}, 1);
            run.after_event();
        }
        void notice(PgnNotice kind, const SourcePos& p, std::string_view message) {
            out().put(Event::Notice, p.line, p.column, message, {}, 1, int(kind));
            run.after_event();
        }
        void begin_variation(const SourcePos& p) {
            out().put(Event::BeginVariation, p.line, p.column);
            run.after_event();
        }
        void end_variation(const SourcePos& p) {
            out().put(Event::EndVariation, p.line, p.column);
            run.after_event();
        }
        void result(std::string_view token, const SourcePos& p) {
            out().put(Event::Result, p.line, p.column, token, {}, 1);
            run.after_event();
        }
        void error(PgnErrorKind kind, const SourcePos& p, std::string_view message) {
            out().put(Event::Error, p.line, p.column, message, {}, 1, int(kind));
            run.after_event();
        }
        void end_game(const GameInfo& g) {
            out().put(Event::EndGame, g.end.line, g.end.column);
            run.end_game();
        }
    };

    void read() {
        if (settings_.capture_raw) reader_.set_capture(&capture_);
        struct Release {
            PgnReader& r;
            ~Release() { r.set_capture(nullptr); }
        } release{reader_};
        filling_ = &acquire();
        Recorder recorder(*this);
        while (reader_.read_game(recorder)) {}
        filling_->info.input_position = settings_.input_position ? settings_.input_position() : 0;
        std::lock_guard lock(mutex_);
        if (filling_->info.games) {
            filling_->state = Batch::State::Ready;
            ++filled_;
        } else {
            filling_->state = Batch::State::Free;
        }
        reading_done_ = true;
        cv_.notify_all();
    }

    Batch& acquire() {
        std::unique_lock lock(mutex_);
        Batch& b = at(filled_);
        cv_.wait(lock, [&] { return aborted_ || b.state == Batch::State::Free; });
        if (aborted_) throw Aborted{};
        b.state = Batch::State::Filling;
        lock.unlock();
        b.clear();
        batch_start_ = reader_.bytes_consumed();
        return b;
    }

    void publish() {
        filling_->info.input_position = settings_.input_position ? settings_.input_position() : 0;
        {
            std::lock_guard lock(mutex_);
            filling_->state = Batch::State::Ready;
            ++filled_;
        }
        cv_.notify_all();
        filling_ = &acquire();
    }

    void after_event() {
        if (inline_checker_ || filling_->events.size() - game_events_ > PgnPipeline::kMaxGameEvents) [[unlikely]]
            check_inline();
    }

    // A huge game: checked here as it is read, in a batch of its own.
    [[gnu::noinline]] void check_inline() {
        if (!inline_checker_) {
            std::string tail(filling_->events.view(game_events_));
            filling_->events.resize(game_events_);
            if (filling_->info.games) publish();
            filling_->prechecked = true;
            filling_->events.assign(tail);
            if (!reader_checker_) reader_checker_.emplace(options_);
            inline_checker_ = &*reader_checker_;
        }
        replay(filling_->events.view(), *inline_checker_, [&](const GameRecord& record) {
            work_(std::size_t(filled_ % batches_.size()), record, capture_);
        });
        filling_->events.clear();
    }

    void end_game() {
        const bool was_inline = inline_checker_ != nullptr;
        after_event();
        inline_checker_ = nullptr;
        ++filling_->info.games;
        if (settings_.capture_raw && !was_inline) {
            filling_->raw += capture_;
            filling_->raw_ends.push_back(filling_->raw.size());
        }
        // Closed on input bytes, on recorded bytes (tiny games record more than they read) and
        // on games (each game's output can outweigh its input), so that a batch stays small.
        if (was_inline || reader_.bytes_consumed() - batch_start_ >= settings_.batch_bytes ||
            filling_->events.size() >= 2 * settings_.batch_bytes || filling_->info.games >= PgnPipeline::kMaxBatchGames)
            publish();
    }

    // --- worker threads
    void check() {
        GameChecker checker(options_);
        for (;;) {
            std::uint64_t seq;
            {
                std::unique_lock lock(mutex_);
                cv_.wait(lock, [&] {
                    return aborted_ || (worked_ < filled_ && at(worked_).state == Batch::State::Ready) ||
                           (reading_done_ && worked_ == filled_);
                });
                if (aborted_ || worked_ == filled_) return;
                seq = worked_++;
                at(seq).state = Batch::State::Working;
            }
            Batch& b = at(seq);
            const std::size_t slot = std::size_t(seq % batches_.size());
            if (!b.prechecked) {
                std::size_t game = 0;
                replay(b.events.view(), checker, [&](const GameRecord& record) {
                    std::string_view raw;
                    if (settings_.capture_raw) {
                        const std::size_t begin = game ? b.raw_ends[game - 1] : 0;
                        raw = std::string_view(b.raw).substr(begin, b.raw_ends[game] - begin);
                    }
                    ++game;
                    work_(slot, record, raw);
                });
            }
            {
                std::lock_guard lock(mutex_);
                b.state = Batch::State::Done;
            }
            cv_.notify_all();
        }
    }

    // --- calling thread
    void order() {
        for (std::uint64_t seq = 0;; ++seq) {
            Batch& b = at(seq);
            {
                std::unique_lock lock(mutex_);
                cv_.wait(lock, [&] {
                    return aborted_ || (seq < filled_ && b.state == Batch::State::Done) || (reading_done_ && seq == filled_);
                });
                if (aborted_ || seq == filled_) return;
            }
            ordered_(std::size_t(seq % batches_.size()), b.info);
            {
                std::lock_guard lock(mutex_);
                b.state = Batch::State::Free;
            }
            cv_.notify_all();
        }
    }

    const PipelineSettings& settings_;
    std::vector<Batch> batches_;
    PgnReader& reader_;
    const CheckOptions& options_;
    const PgnPipeline::Work& work_;
    const PgnPipeline::Ordered& ordered_;

    std::mutex mutex_;
    std::condition_variable cv_;
    std::uint64_t filled_ = 0, worked_ = 0; // batches handed to the workers / taken by them
    bool reading_done_ = false, aborted_ = false;
    std::exception_ptr error_;

    // reader thread only
    Batch* filling_ = nullptr;
    std::string capture_;
    std::size_t game_events_ = 0;
    std::uint64_t batch_start_ = 0;
    std::optional<GameChecker> reader_checker_;
    GameChecker* inline_checker_ = nullptr;
};

} // namespace

PgnPipeline::PgnPipeline(PipelineSettings settings) : settings_(std::move(settings)) {
    settings_.threads = std::max(1u, settings_.threads);
    slots_ = 2 * std::size_t(settings_.threads) + 2;
    // Keep the batches in flight within about 8 MB of input (16 MB of events) whatever the
    // thread count, so that the peak RSS stays far below 64 MB on a machine of many cores too.
    settings_.batch_bytes = std::clamp<std::size_t>(settings_.batch_bytes, 4096, std::max<std::size_t>(4096, (std::size_t(8) << 20) / slots_));
}

void PgnPipeline::run(PgnReader& reader, const CheckOptions& options, const Work& work, const Ordered& ordered) {
    Run(settings_, slots_, reader, options, work, ordered).go();
}

} // namespace horde

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
enum class Event : std::uint8_t { BeginGame, Tag, BeginMovetext, San, BeginVariation, EndVariation, Result, Error, EndGame };

void put_int(std::string& out, std::int64_t value) {
    const auto v = std::int32_t(value); // the GameChecker takes ints
    out.append(reinterpret_cast<const char*>(&v), sizeof v);
}
void put_text(std::string& out, std::string_view text) {
    const auto n = std::uint32_t(text.size());
    out.append(reinterpret_cast<const char*>(&n), sizeof n);
    out.append(text);
}
void put_event(std::string& out, Event e, const SourcePos& pos) {
    out += char(e);
    put_int(out, std::int64_t(pos.line));
    put_int(out, std::int64_t(pos.column));
}

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
        case Event::San: checker.san(c.next_text(), line, column); break;
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
    std::string events;
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
        std::string& out() { return run.filling_->events; }
        void begin_game(const GameInfo& g) {
            run.game_events_ = out().size();
            out() += char(Event::BeginGame);
            put_int(out(), std::int64_t(g.start.line));
            put_int(out(), std::int64_t(g.number));
            run.after_event();
        }
        void tag(std::string_view name, std::string_view value, const SourcePos& p, bool) {
            put_event(out(), Event::Tag, p);
            put_text(out(), name);
            put_text(out(), value);
            run.after_event();
        }
        void begin_movetext(const SourcePos& p) {
            put_event(out(), Event::BeginMovetext, p);
            run.after_event();
        }
        void san(std::string_view token, const SourcePos& p) {
            put_event(out(), Event::San, p);
            put_text(out(), token);
            run.after_event();
        }
        void begin_variation(const SourcePos& p) {
            put_event(out(), Event::BeginVariation, p);
            run.after_event();
        }
        void end_variation(const SourcePos& p) {
            put_event(out(), Event::EndVariation, p);
            run.after_event();
        }
        void result(std::string_view token, const SourcePos& p) {
            put_event(out(), Event::Result, p);
            put_text(out(), token);
            run.after_event();
        }
        void error(PgnErrorKind kind, const SourcePos& p, std::string_view message) {
            put_event(out(), Event::Error, p);
            out() += char(kind);
            put_text(out(), message);
            run.after_event();
        }
        void end_game(const GameInfo& g) {
            put_event(out(), Event::EndGame, g.end);
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
        if (inline_checker_) {
            replay_inline();
        } else if (filling_->events.size() - game_events_ > PgnPipeline::kMaxGameEvents) {
            // A huge game: check it here as it is read, in a batch of its own.
            std::string tail = filling_->events.substr(game_events_);
            filling_->events.resize(game_events_);
            if (filling_->info.games) publish();
            filling_->prechecked = true;
            filling_->events = std::move(tail);
            if (!reader_checker_) reader_checker_.emplace(options_);
            inline_checker_ = &*reader_checker_;
            replay_inline();
        }
    }

    void replay_inline() {
        replay(filling_->events, *inline_checker_, [&](const GameRecord& record) {
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
        if (was_inline || reader_.bytes_consumed() - batch_start_ >= settings_.batch_bytes) publish();
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
                replay(b.events, checker, [&](const GameRecord& record) {
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
    // Keep the batches in flight within about 16 MB of input whatever the thread count.
    settings_.batch_bytes = std::clamp<std::size_t>(settings_.batch_bytes, 4096, (std::size_t(16) << 20) / slots_);
}

void PgnPipeline::run(PgnReader& reader, const CheckOptions& options, const Work& work, const Ordered& ordered) {
    Run(settings_, slots_, reader, options, work, ordered).go();
}

} // namespace horde

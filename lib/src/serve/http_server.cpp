// The HTTP server around the routes (http_server.hpp).
#include "horde/serve/http_server.hpp"

#include <httplib.h>

#include <fmt/format.h>

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <ctime>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace horde::serve {

namespace {

// Workers taking connections from a queue that holds at most `capacity`: past it the accepting
// thread waits, and the kernel's listen backlog holds the rest, so memory stays bounded however
// many clients come (httplib's own pool queues without bound).
class BoundedPool final : public httplib::TaskQueue {
public:
    BoundedPool(std::size_t threads, std::size_t capacity) : capacity_(capacity) {
        for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
    }
    void enqueue(std::function<void()> fn) override {
        std::unique_lock lock(mutex_);
        room_.wait(lock, [&] { return jobs_.size() < capacity_ || shutdown_; });
        if (shutdown_) return;
        jobs_.push_back(std::move(fn));
        ready_.notify_one();
    }
    void shutdown() override {
        {
            std::lock_guard lock(mutex_);
            shutdown_ = true;
        }
        ready_.notify_all();
        room_.notify_all();
        for (std::thread& t : workers_) t.join();
    }

private:
    void work() {
        for (;;) {
            std::function<void()> job;
            {
                std::unique_lock lock(mutex_);
                ready_.wait(lock, [&] { return !jobs_.empty() || shutdown_; });
                if (jobs_.empty()) return; // shut down, nothing left
                job = std::move(jobs_.front());
                jobs_.pop_front();
                room_.notify_one();
            }
            job();
        }
    }
    std::size_t capacity_;
    std::mutex mutex_;
    std::condition_variable ready_, room_;
    std::deque<std::function<void()>> jobs_;
    std::vector<std::thread> workers_;
    bool shutdown_ = false;
};

// A field of the request line as a log may show it: quotes, backslashes and control bytes as
// \xHH, "-" when empty (a request the HTTP library refused before reading it), cut after 1,024
// bytes (a 414's target) with "..." so that a line stays a line a reader can take in.
std::string log_safe(std::string_view text) {
    if (text.empty()) return "-";
    constexpr std::size_t kMaxLogged = 1024;
    const bool cut = text.size() > kMaxLogged;
    if (cut) text = text.substr(0, kMaxLogged);
    std::string out;
    for (unsigned char c : text) {
        if (c < 0x20 || c == 0x7f || c == '"' || c == '\\') out += fmt::format("\\x{:02x}", c);
        else out += char(c);
    }
    if (cut) out += "...";
    return out;
}

// Common Log Format: host ident user [date] "request line" status bytes.
std::string log_line(const httplib::Request& req, const httplib::Response& res) {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char date[40];
    std::strftime(date, sizeof date, "%d/%b/%Y:%H:%M:%S +0000", &utc);
    const bool streamed = res.body.empty() && res.status == 200 && req.method != "HEAD" && req.path == "/games";
    return fmt::format("{} - - [{}] \"{} {} {}\" {} {}\n", log_safe(req.remote_addr), date, log_safe(req.method),
                       log_safe(req.target), log_safe(req.version), res.status,
                       streamed ? std::string("-") : std::to_string(res.body.size()));
}

QueryParams query_params(const httplib::Request& req) {
    QueryParams params;
    for (const auto& [key, value] : req.params) params.emplace_back(key, value);
    return params;
}

void write_response(HttpResponse answer, httplib::Response& res) {
    res.status = answer.status;
    if (!answer.stream) {
        res.set_content(std::move(answer.body), answer.content_type.c_str());
        return;
    }
    res.set_chunked_content_provider(answer.content_type,
                                     [stream = std::move(answer.stream)](std::size_t, httplib::DataSink& sink) {
                                         stream([&](std::string_view s) { return sink.write(s.data(), s.size()); });
                                         sink.done();
                                         return true;
                                     });
}

// What httplib refused before routing, in words.
std::string_view status_text(int status) {
    switch (status) {
    case 400: return "bad request";
    case 404: return "not found";
    case 413: return "the request body is too large";
    case 414: return "the request target is too long";
    case 416: return "a Range header that cannot be read (the answers are sent whole: leave Range out)";
    case 431: return "the request headers are too large";
    case 503: return "the server is busy";
    default: return "error";
    }
}

void set_error(httplib::Response& res, int status, std::string_view message) {
    write_response(error_response(status, message), res);
}

} // namespace

struct HttpServer::Impl {
    ServeOptions options;
    SourceHolder& sources;
    std::string page;
    std::FILE* log;
    httplib::Server server;

    Impl(ServeOptions o, SourceHolder& s, std::string p, std::FILE* l)
        : options(std::move(o)), sources(s), page(std::move(p)), log(l) {}
    void configure();
    httplib::Server::HandlerResponse check_limits(const httplib::Request& req, httplib::Response& res) const;
};

httplib::Server::HandlerResponse HttpServer::Impl::check_limits(const httplib::Request& req, httplib::Response& res) const {
    using R = httplib::Server::HandlerResponse;
    if (req.target.size() > options.max_target) {
        set_error(res, 414, fmt::format("the request target is over {} bytes", options.max_target));
        return R::Handled;
    }
    std::size_t header_bytes = 0;
    for (const auto& [key, value] : req.headers) header_bytes += key.size() + value.size() + 4;
    if (header_bytes > options.max_header_bytes) {
        set_error(res, 431, fmt::format("the request headers are over {} bytes", options.max_header_bytes));
        return R::Handled;
    }
    return R::Unhandled;
}

void HttpServer::Impl::configure() {
    const std::size_t threads = std::size_t(std::max(1, options.threads));
    server.new_task_queue = [threads] { return new BoundedPool(threads, 4 * threads); };
    server.set_socket_options([](socket_t sock) {
        int yes = 1; // SO_REUSEADDR only: SO_REUSEPORT would let a second server share the port
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    });
    server.set_read_timeout(options.read_timeout);
    server.set_write_timeout(options.write_timeout);
    server.set_keep_alive_timeout(options.keep_alive_timeout.count());
    server.set_keep_alive_max_count(1000);
    server.set_payload_max_length(64 * 1024); // GET needs no body; a large one is refused (413)
    server.set_default_headers({{"Access-Control-Allow-Origin", "*"}});
    server.set_pre_routing_handler([this](const auto& req, auto& res) {
        // Answers are sent whole (RFC 9110 lets a server ignore Range): httplib would cut the
        // body to a Range and still say 200. Its request is its own, not const (handlers see it so).
        const_cast<httplib::Request&>(req).ranges.clear();
        return check_limits(req, res);
    });
    const auto handle = [this](const httplib::Request& req, httplib::Response& res) {
        write_response(route(HttpRequest{req.method, req.path, query_params(req)}, sources, page), res);
    };
    server.Get(".*", handle);
    server.Post(".*", handle);
    server.Put(".*", handle);
    server.Delete(".*", handle);
    server.Patch(".*", handle);
    // A CORS preflight (a page of another origin that sends its own headers): allowed.
    server.Options(".*", [](const httplib::Request&, httplib::Response& res) {
        res.status = 204;
        res.set_header("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
        res.set_header("Access-Control-Allow-Headers", "*");
        res.set_header("Access-Control-Max-Age", "86400");
    });
    server.set_error_handler([timeout = options.read_timeout](const httplib::Request& req, httplib::Response& res) {
        // httplib refuses a Range it cannot read before routing (416), with the ranges it read
        // before the bad one kept: our answer must not be cut to them (see the pre-routing handler).
        const_cast<httplib::Request&>(req).ranges.clear();
        if (!res.body.empty()) return; // our own error, already said
        // httplib answers 400 with no body in two cases: a request line it cannot parse, or
        // headers it cannot read after a good request line: a header line over httplib's fixed
        // limit (RFC 6585's 431, as our own check gives headers too large in all), or a client
        // that stopped sending them (the read timed out; httplib does not say which).
        if (res.status == 400 && req.version.rfind("HTTP/1.", 0) == 0) {
            set_error(res, 431,
                      fmt::format("the request headers could not be read: a header line over {} bytes, or headers not "
                                  "complete within {} s",
                                  CPPHTTPLIB_HEADER_MAX_LENGTH, timeout.count()));
            return;
        }
        set_error(res, res.status, status_text(res.status));
    });
    server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr e) {
        std::string what = "unknown exception";
        try {
            std::rethrow_exception(e);
        } catch (const std::exception& ex) {
            what = ex.what();
        } catch (...) {}
        set_error(res, 500, "internal error: " + what);
    });
    if (!options.quiet)
        server.set_logger([log = log](const httplib::Request& req, const httplib::Response& res) {
            const std::string line = log_line(req, res);
            std::fwrite(line.data(), 1, line.size(), log); // one write: lines of threads do not mix
            std::fflush(log);
        });
}

HttpServer::HttpServer(ServeOptions options, SourceHolder& sources, std::string page, std::FILE* log)
    : impl_(std::make_unique<Impl>(std::move(options), sources, std::move(page), log)) {
    impl_->configure();
}

HttpServer::~HttpServer() = default;

int HttpServer::bind() {
    const ServeOptions& o = impl_->options;
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (const int error = ::getaddrinfo(o.host.c_str(), nullptr, &hints, &found); error != 0)
        throw std::runtime_error(fmt::format("cannot listen on {}:{}: {}", o.host, o.port, ::gai_strerror(error)));
    ::freeaddrinfo(found);
    errno = 0; // httplib says only that it failed: the bind's or listen's own reason is in errno
    const int port =
        o.port == 0 ? impl_->server.bind_to_any_port(o.host) : (impl_->server.bind_to_port(o.host, o.port) ? o.port : -1);
    if (port <= 0) {
        const int reason = errno;
        throw std::runtime_error(fmt::format("cannot listen on {}:{}{}", o.host, o.port,
                                             reason ? fmt::format(": {}", std::strerror(reason)) : std::string()));
    }
    return port;
}

void HttpServer::serve() { impl_->server.listen_after_bind(); }

void HttpServer::stop() { impl_->server.stop(); }

void HttpServer::wait_until_running() const {
    while (!impl_->server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

void block_server_signals() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : {SIGTERM, SIGINT, SIGHUP}) sigaddset(&set, s);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

int serve_until_signal(HttpServer& server, SourceHolder& sources, std::chrono::milliseconds reload_check,
                       const std::function<void(std::string_view)>& note) {
    sigset_t set;
    sigemptyset(&set);
    for (int s : {SIGTERM, SIGINT, SIGHUP}) sigaddset(&set, s);
    std::thread serving([&] { server.serve(); });
    server.wait_until_running(); // a stop() before the server runs would be lost
    const auto ms = reload_check.count();
    const timespec wait{time_t(ms / 1000), long(ms % 1000) * 1000000L};
    int stopped_by = 0;
    while (!stopped_by) {
        const int s = sigtimedwait(&set, nullptr, &wait);
        if (s == SIGTERM || s == SIGINT) {
            stopped_by = s;
            break;
        }
        try {
            if (sources.refresh(s == SIGHUP))
                note(s == SIGHUP ? "reopened the database (SIGHUP)" : "reopened the database (it changed)");
        } catch (const std::exception& e) {
            note(fmt::format("could not reopen the database, still serving the state opened before: {}", e.what()));
        }
    }
    server.stop();
    serving.join();
    return stopped_by;
}

} // namespace horde::serve

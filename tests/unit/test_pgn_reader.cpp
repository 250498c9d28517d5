#include "horde/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

using namespace horde;

namespace {

std::string at(const pgn::SourcePos& p) {
    // Built by appending: GCC 12 warns (-Wrestrict, a false positive) on "@" + std::string.
    std::string s = "@";
    s += std::to_string(p.line);
    s += ':';
    s += std::to_string(p.column);
    return s;
}

// Records every event as one line of text.
struct Recorder : pgn::PgnVisitor {
    std::vector<std::string> log;
    std::vector<pgn::GameInfo> games;
    std::vector<DiagnosticCode> errors;
    std::vector<pgn::SourcePos> error_pos;
    std::uint64_t max_depth = 0, depth = 0;

    void begin_game(const pgn::GameInfo& g) { log.push_back("game " + std::to_string(g.number) + " " + at(g.start)); }
    void tag(std::string_view n, std::string_view v, const pgn::SourcePos& p, bool t) {
        log.push_back("tag " + std::string(n) + "=" + std::string(v) + (t ? " truncated " : " ") + at(p));
    }
    void begin_movetext(const pgn::SourcePos& p) { log.push_back("movetext " + at(p)); }
    void move_number(std::uint64_t n, const pgn::SourcePos& p) { log.push_back("num " + std::to_string(n) + " " + at(p)); }
    void san(std::string_view s, const pgn::SourcePos& p) { log.push_back("san " + std::string(s) + " " + at(p)); }
    void nag(int n, const pgn::SourcePos& p) { log.push_back("nag " + std::to_string(n) + " " + at(p)); }
    void comment(std::string_view s, const pgn::SourcePos& p, bool t) {
        log.push_back("comment {" + std::string(s) + (t ? "} truncated " : "} ") + at(p));
    }
    void begin_variation(const pgn::SourcePos& p) {
        max_depth = std::max(max_depth, ++depth);
        if (depth <= 8) log.push_back("( " + at(p));
    }
    void end_variation(const pgn::SourcePos& p) {
        if (depth-- <= 8) log.push_back(") " + at(p));
    }
    void result(std::string_view s, const pgn::SourcePos& p) { log.push_back("result " + std::string(s) + " " + at(p)); }
    void error(DiagnosticCode k, const pgn::SourcePos& p, std::string_view) {
        errors.push_back(k);
        error_pos.push_back(p);
        log.push_back("error " + std::string(core::diagnostic_name(k)) + " " + at(p));
    }
    void end_game(const pgn::GameInfo& g) {
        games.push_back(g);
        depth = 0;
        log.push_back("end " + std::to_string(g.number));
    }
    bool has(const std::string& line) const { return std::find(log.begin(), log.end(), line) != log.end(); }
};

Recorder record(const std::string& text) {
    auto reader = pgn::PgnReader::from_memory(text);
    Recorder r;
    reader.read_all(r);
    return r;
}

// Counts games and errors only.
struct Counter : pgn::PgnVisitor {
    std::uint64_t games = 0, errors = 0, sans = 0, comments = 0;
    std::size_t longest_comment = 0;
    bool truncated = false;
    void san(std::string_view, const pgn::SourcePos&) { ++sans; }
    void comment(std::string_view s, const pgn::SourcePos&, bool t) {
        ++comments;
        longest_comment = std::max(longest_comment, s.size());
        truncated |= t;
    }
    void tag(std::string_view, std::string_view v, const pgn::SourcePos&, bool t) {
        longest_comment = std::max(longest_comment, v.size());
        truncated |= t;
    }
    void error(DiagnosticCode, const pgn::SourcePos&, std::string_view) { ++errors; }
    void end_game(const pgn::GameInfo&) { ++games; }
};

// A stream of generated content: segments of (text, repeat count), produced lazily.
class GenBuf : public std::streambuf {
public:
    struct Segment {
        std::string text;
        std::uint64_t repeat;
    };
    explicit GenBuf(std::vector<Segment> segs) : segs_(std::move(segs)) {}

protected:
    std::streamsize xsgetn(char* dst, std::streamsize n) override {
        std::streamsize done = 0;
        while (done < n && seg_ < segs_.size()) {
            const Segment& s = segs_[seg_];
            if (rep_ == s.repeat || s.text.empty()) {
                ++seg_, rep_ = 0, off_ = 0;
                continue;
            }
            const std::size_t k = std::min<std::size_t>(std::size_t(n - done), s.text.size() - off_);
            std::memcpy(dst + done, s.text.data() + off_, k);
            done += std::streamsize(k);
            off_ += k;
            if (off_ == s.text.size()) off_ = 0, ++rep_;
        }
        return done;
    }
    int_type underflow() override { return traits_type::eof(); }

private:
    std::vector<Segment> segs_;
    std::size_t seg_ = 0, off_ = 0;
    std::uint64_t rep_ = 0;
};

// Hands out at most `chunk` bytes per read, so that tokens straddle every refill.
class TrickleBuf : public std::streambuf {
public:
    TrickleBuf(const std::string& s, std::size_t chunk) : s_(s), chunk_(chunk) {}

protected:
    std::streamsize xsgetn(char* dst, std::streamsize n) override {
        const std::size_t k = std::min({std::size_t(n), chunk_, s_.size() - pos_});
        std::memcpy(dst, s_.data() + pos_, k);
        pos_ += k;
        chunk_ = chunk_ % 7 + 1; // vary: 1..7
        return std::streamsize(k);
    }
    int_type underflow() override { return traits_type::eof(); }

private:
    const std::string& s_;
    std::size_t chunk_, pos_ = 0;
};

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::size_t count_lines(const std::string& path) {
    std::ifstream in(path);
    std::size_t n = 0;
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) ++n;
    return n;
}

const std::string kData = std::string(HORDE_TESTDATA) + "/games/";
const char* kVariants[] = {"chess", "horde", "orda"};

} // namespace

TEST_CASE("pgn reader: tags with escapes", "[pgn]") {
    const auto r = record("[Event \"A \\\"quoted\\\" \\\\ name\"]\n[Site  \"back\\slash\" ]\n[Empty \"\"]\n\n*\n");
    CHECK(r.errors.empty());
    CHECK(r.has("tag Event=A \"quoted\" \\ name @1:1"));
    CHECK(r.has("tag Site=back\\slash @2:1"));
    CHECK(r.has("tag Empty= @3:1"));
    CHECK(r.has("movetext @5:1"));
    CHECK(r.has("result * @5:1"));
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].number == 1);
    CHECK(r.games[0].start.line == 1);
}

TEST_CASE("pgn reader: move numbers and SAN tokens", "[pgn]") {
    const auto r = record("12. e4 12... e5 13.Nf3 13...Nc6 14.O-O-O+ 0-0 e8=Q# exd6 1-0");
    CHECK(r.errors.empty());
    const std::vector<std::string> want = {
        "game 1 @1:1",   "movetext @1:1",   "num 12 @1:1",    "san e4 @1:5",      "num 12 @1:8",  "san e5 @1:14",
        "num 13 @1:17",  "san Nf3 @1:20",   "num 13 @1:24",   "san Nc6 @1:29",    "num 14 @1:33", "san O-O-O+ @1:36",
        "san 0-0 @1:43", "san e8=Q# @1:47", "san exd6 @1:53", "result 1-0 @1:58", "end 1"};
    CHECK(r.log == want);
}

TEST_CASE("pgn reader: comments, escape lines, NAGs and suffixes", "[pgn]") {
    const std::string text = "%escape line [Event \"no\"]\n"
                             "[Event \"x\"]\n"
                             "\n"
                             "{} 1. e4 {a comment} e5!? ; rest of line\n"
                             "%also ignored ( {\n"
                             "2. Nf3!! $14 Nc6?! 3. d4? d5?? 4. c4! $1 ! ?! *\n";
    const auto r = record(text);
    CHECK(r.errors.empty());
    CHECK(r.has("comment {} @4:1"));
    CHECK(r.has("comment {a comment} @4:10"));
    CHECK(r.has("san e5 @4:22"));
    CHECK(r.has("nag 5 @4:24"));
    CHECK(r.has("comment { rest of line} @4:27"));
    CHECK(r.has("san Nf3 @6:4"));
    CHECK(r.has("nag 3 @6:7"));
    CHECK(r.has("nag 14 @6:10"));
    CHECK(r.has("nag 6 @6:17"));
    CHECK(r.has("nag 2 @6:25"));
    CHECK(r.has("nag 4 @6:29"));
    CHECK(r.has("nag 1 @6:37"));
    CHECK(r.has("nag 1 @6:39"));
    CHECK(r.has("nag 1 @6:42"));
    CHECK(r.has("nag 6 @6:44"));
    CHECK(r.has("result * @6:47"));
    CHECK(r.games.size() == 1);
}

TEST_CASE("pgn reader: variations", "[pgn]") {
    SECTION("depth 3") {
        const auto r = record("1. e4 (1. d4 (1. c4 (1. Nf3) 1... e5) d5) e5 *");
        CHECK(r.errors.empty());
        CHECK(r.max_depth == 3);
        CHECK(r.has("( @1:7"));
        CHECK(r.has("( @1:14"));
        CHECK(r.has("( @1:21"));
        CHECK(r.has(") @1:28"));
        CHECK(r.has(") @1:37"));
        CHECK(r.has(") @1:41"));
        CHECK(r.has("result * @1:46"));
    }
    SECTION("depth 100000") {
        const std::size_t n = 100000;
        const std::string text = "1. e4 " + std::string(n, '(') + "1. d4" + std::string(n, ')') + " e5 1-0\n";
        const auto r = record(text);
        CHECK(r.errors.empty());
        CHECK(r.max_depth == n);
        CHECK(r.depth == 0);
        CHECK(r.has("san e5 @1:" + std::to_string(7 + 2 * n + 6)));
        CHECK(r.games.size() == 1);
    }
    SECTION("a result inside a variation does not end the game") {
        const auto r = record("1. e4 (1. d4 1-0) e5 0-1");
        CHECK(r.games.size() == 1);
        CHECK(r.has("result 1-0 @1:14"));
        CHECK(r.has("result 0-1 @1:22"));
    }
}

TEST_CASE("pgn reader: BOM, CRLF, CR and tabs", "[pgn]") {
    const auto r = record("\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1.\te4\t{multi\r\nline}\te5\r\n2. Nf3 *\r\n");
    CHECK(r.errors.empty());
    CHECK(r.has("tag Event=x @1:1"));
    CHECK(r.has("san e4 @3:4"));
    CHECK(r.has("comment {multi\r\nline} @3:7"));
    CHECK(r.has("san e5 @4:7"));
    CHECK(r.has("san Nf3 @5:4"));
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].start.offset == 3);

    const auto cr = record("[Event \"x\"]\r\r1. e4\re5 *");
    CHECK(cr.has("san e4 @3:4"));
    CHECK(cr.has("san e5 @4:1"));
}

TEST_CASE("pgn reader: unterminated comment", "[pgn]") {
    SECTION("reported where it opened, running to EOF") {
        const auto r = record("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 {never closed\nNc6 3. Bb5 *\n");
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0] == DiagnosticCode::UnterminatedComment);
        CHECK(r.error_pos[0].line == 4);
        CHECK(r.error_pos[0].column == 8);
        CHECK(r.games.size() == 1);
    }
    SECTION("the games after the broken one come out intact") {
        const std::string good = "[Event \"good\"]\n[Site \"s\"]\n\n1. e4 {fine} e5 1-0\n\n";
        const std::string text = good + "[Event \"bad\"]\n\n1. d4 {oops d5 0-1\n\n" + good + good;
        const auto r = record(text);
        REQUIRE(r.games.size() == 4);
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0] == DiagnosticCode::UnterminatedComment);
        CHECK(r.error_pos[0].line == 8);
        CHECK(r.error_pos[0].column == 7);
        CHECK(r.games[1].error_count == 1);
        CHECK(r.games[2].error_count == 0);
        CHECK(r.games[3].error_count == 0);
        CHECK(r.games[2].start.line == 10);
        CHECK(r.has("comment {fine} @13:7"));
        CHECK(r.has("result 1-0 @18:17"));
    }
    SECTION("a tag-like line without a preceding blank line stays in the comment") {
        const auto r = record("1. e4 {see\n[Event \"x\"]\n} e5 *\n");
        CHECK(r.errors.empty());
        CHECK(r.games.size() == 1);
        CHECK(r.has("san e5 @3:3"));
    }
}

TEST_CASE("pgn reader: unbalanced parentheses", "[pgn]") {
    SECTION("unterminated '(' reported at its opening, at the next tag section") {
        const auto r = record("[Event \"a\"]\n\n1. e4 (1. d4 (1. c4) d5 0-1\n\n[Event \"b\"]\n\n1. e4 *\n");
        REQUIRE(r.games.size() == 2);
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0] == DiagnosticCode::UnterminatedVariation);
        CHECK(r.error_pos[0].line == 3);
        CHECK(r.error_pos[0].column == 7);
        CHECK(r.games[1].error_count == 0);
        CHECK(r.has("tag Event=b @5:1"));
    }
    SECTION("unterminated '(' at EOF") {
        const auto r = record("1. e4 (1. d4 ((");
        REQUIRE(r.errors.size() == 1);
        CHECK(r.error_pos[0].column == 7);
    }
    SECTION("stray ')'") {
        const auto r = record("1. e4 ) e5 *");
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0] == DiagnosticCode::UnmatchedParen);
        CHECK(r.error_pos[0].column == 7);
        CHECK(r.has("san e5 @1:9"));
    }
}

TEST_CASE("pgn reader: garbage tokens and malformed tags", "[pgn]") {
    const auto r = record("[Event \"x\"]\n[Bad x]\n[Broken \"val\n\n1. e4 @@@ ] e5 #x $ $12a 1-0\n");
    REQUIRE(r.errors.size() == 7);
    CHECK(r.errors[0] == DiagnosticCode::MalformedTag);
    CHECK(r.error_pos[0].line == 2);
    CHECK(r.errors[1] == DiagnosticCode::MalformedTag);
    CHECK(r.error_pos[1].line == 3);
    CHECK(r.errors[2] == DiagnosticCode::GarbageToken);
    CHECK(r.error_pos[2].column == 7);
    CHECK(r.errors[3] == DiagnosticCode::GarbageToken);
    CHECK(r.error_pos[3].column == 11);
    CHECK(r.has("san e5 @5:13"));
    CHECK(r.has("result 1-0 @5:26"));
    CHECK(r.games.size() == 1);
}

TEST_CASE("pgn reader: game boundaries", "[pgn]") {
    SECTION("tags-only games and lone results are games") {
        const auto r = record("[Event \"a\"]\n[Event \"b\"]\n\n[Event \"c\"]\n[Site \"s\"]\n\n*\n1-0\n");
        REQUIRE(r.games.size() == 4);
        CHECK(r.games[2].start.line == 4);
        CHECK(r.games[3].start.line == 8);
    }
    SECTION("movetext without tags; leading comments are not a game") {
        const auto r = record("{just a comment}\n; another\n\n1. e4 e5\n");
        REQUIRE(r.games.size() == 1);
        CHECK(r.games[0].start.line == 4);
        CHECK(r.errors.empty());
    }
    SECTION("only whitespace and comments: no game") {
        CHECK(record("  \n{c}\n%x\n;y").games.empty());
        CHECK(record("").games.empty());
    }
    SECTION("a new tag section without a result ends the game") {
        const auto r = record("[Event \"a\"]\n\n1. e4\n[Event \"b\"]\n\n1. d4 *");
        REQUIRE(r.games.size() == 2);
        CHECK(r.errors.empty());
    }
}

TEST_CASE("pgn reader: input cut mid-game", "[pgn]") {
    SECTION("inside a move") {
        const auto r = record("[Event \"a\"]\n\n1. e4 e5 2. N");
        REQUIRE(r.games.size() == 1);
        CHECK(r.has("san N @3:13"));
        CHECK(r.errors.empty());
    }
    SECTION("inside a tag pair") {
        const auto r = record("[Event \"a\"]\n[Whi");
        REQUIRE(r.games.size() == 1);
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0] == DiagnosticCode::TruncatedTag);
        CHECK(r.error_pos[0].line == 2);
        const auto r2 = record("[Event \"a\"]\n[White \"abc");
        REQUIRE(r2.errors.size() == 1);
        CHECK(r2.errors[0] == DiagnosticCode::TruncatedTag);
    }
    SECTION("inside a tag pair, followed by more games") {
        const auto r = record("[Event \"a\"]\n[Whit\n\n[Event \"b\"]\n\n1. e4 *\n");
        REQUIRE(r.games.size() == 2);
        CHECK(r.games[0].error_count == 1);
        CHECK(r.games[1].error_count == 0);
    }
}

TEST_CASE("pgn reader: skipping", "[pgn]") {
    struct Skipper : Recorder {
        pgn::Control tag(std::string_view n, std::string_view v, const pgn::SourcePos& p, bool t) {
            Recorder::tag(n, v, p, t);
            return v == "skip" ? pgn::Control::SkipGame : pgn::Control::Continue;
        }
        pgn::Control begin_variation(const pgn::SourcePos& p) {
            Recorder::begin_variation(p);
            return pgn::Control::SkipVariation;
        }
    };
    const std::string text = "[Event \"skip\"]\n\n1. e4 {c} @@ (1. d4) e5 *\n"
                             "[Event \"keep\"]\n\n1. e4 (1. d4 (1. c4) Nf6) e5 *\n";
    auto reader = pgn::PgnReader::from_memory(text);
    Skipper s;
    CHECK(reader.read_all(s) == 2);
    CHECK_FALSE(s.has("san e4 @3:4"));
    CHECK(s.errors.empty());
    REQUIRE(s.games.size() == 2);
    CHECK(s.games[0].skipped);
    CHECK(s.games[0].error_count == 1);
    CHECK(s.has("san e4 @6:4"));
    CHECK_FALSE(s.has("san d4 @6:11"));
    CHECK(s.has(") @6:25"));
    CHECK(s.has("san e5 @6:27"));
}

TEST_CASE("pgn reader: a skipped game ends where a read one ends", "[pgn]") {
    // A skipped game's movetext takes the reader's fast scan (skip_movetext): it must end every
    // game exactly where the general loop ends it, on any input and across refills.
    struct Bounds : pgn::PgnVisitor {
        int skip_at = 0; // 0: never skip, 1: at begin_game, 2: at begin_movetext
        std::vector<std::string> games;
        pgn::Control begin_game(const pgn::GameInfo&) { return skip_at == 1 ? pgn::Control::SkipGame : pgn::Control::Continue; }
        pgn::Control begin_movetext(const pgn::SourcePos&) {
            return skip_at == 2 ? pgn::Control::SkipGame : pgn::Control::Continue;
        }
        void end_game(const pgn::GameInfo& g) {
            games.push_back(std::to_string(g.number) + " " + at(g.start) + " [" + std::to_string(g.raw_begin) + "," +
                            std::to_string(g.raw_end) + ") " + at(g.end) + (g.cut_short ? " cut" : "") + " errors " +
                            std::to_string(g.error_count));
        }
    };
    auto bounds = [](const std::string& text, int skip_at, bool trickle) {
        Bounds b;
        b.skip_at = skip_at;
        if (trickle) {
            TrickleBuf tb(text, 5);
            std::istream in(&tb);
            pgn::PgnReader reader(in);
            reader.read_all(b);
        } else {
            auto reader = pgn::PgnReader::from_memory(text);
            reader.read_all(b);
        }
        return b.games;
    };
    std::vector<std::string> texts;
    std::string corpora;
    for (const char* v : kVariants) corpora += slurp(kData + v + "-valid.pgn") + slurp(kData + v + "-invalid.pgn");
    texts.push_back(corpora);
    texts.push_back("1. e4 e5\n\n1. d4 d5 *\n2. Nf3 (2. c4 e8(Q) (e4\n\n3. Bc4) 1-0 ) Nf3* Qh4#0-1 [Event \"x\"]\n"
                    "1. e4 {c}\r\n\r\n 7. d4 ; line\n%esc\n 12.Nf3 12... Nc6 0000 -- 1\xE2\x80\xA6 e5 $1 a)b 1-0\n"
                    "[Site \"y\"]\n\n1. e4 ( ) ) 99999999999999. e5 " +
                    std::string(300, 'a') +
                    " e4\f\v e5 1/2-1/2\n"
                    "[Event \"z\"]\n\n5. e4 e5 6. Nf3 Nc6 7. Bb5 (7. Bc4\n\n6. d4) a6\n\n6. d4 d5 *\n"
                    "[Event \"n\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6\n\n4... Be7 5. O-O b5\n\n3... d6 *\n"
                    "[Event \"n\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n   \n"
                    "7... O-O 8. c3 Na5 9. Bc2 c5 10. d4 Qc7\n\t\n\n10... Bb7 11. Nbd2 Rac8 *\n");
    std::string crlf; // the corpora with CRLF line ends, the cases above with CR
    for (const char c : corpora) crlf += c == '\n' ? "\r\n" : std::string(1, c);
    for (const char c : texts.back()) crlf += c == '\n' ? '\r' : c;
    texts.push_back(crlf);
    std::mt19937_64 rng(2026);
    const char alphabet[] = "[]{}()\";%$!?.*-/0123456789abcdefghNBRQKOx=+# \t\n\n\n\r";
    for (int round = 0; round < 30; ++round) {
        std::string t(std::size_t(rng() % 6000), '\0');
        for (auto& ch : t) ch = alphabet[rng() % (sizeof alphabet - 1)];
        texts.push_back(t);
    }
    for (int round = 0; round < 30; ++round) { // the corpora with bytes changed, dropped and doubled
        std::string t = corpora.substr(std::size_t(rng() % (corpora.size() - 20000)), 20000);
        for (int k = 0; k < 60; ++k) {
            const std::size_t i = std::size_t(rng() % t.size());
            switch (rng() % 3) {
            case 0: t[i] = alphabet[rng() % (sizeof alphabet - 1)]; break;
            case 1: t.erase(i, 1); break;
            default: t.insert(i, 1, t[i]); break;
            }
        }
        texts.push_back(t);
    }
    for (std::size_t i = 0; i < texts.size(); ++i) {
        INFO("text " << i);
        const auto read = bounds(texts[i], 0, false);
        CHECK(bounds(texts[i], 1, false) == read);
        CHECK(bounds(texts[i], 2, false) == read);
        if (i < 3 || i % 8 == 0) CHECK(bounds(texts[i], 2, true) == read);
    }
}

TEST_CASE("pgn reader: raw capture reproduces the input", "[pgn]") {
    std::string text = "\xEF\xBB\xBF; preamble\n[Event \"a\"]\n\n1. e4 1-0 {trailing}\n\n\n"
                       "[Event \"b\"]\n\n1. d4 {open\n\n[Event \"c\"]\n[Event \"d\"]\n1. e4\n1. d4 * \n  ";
    for (const char* v : kVariants) text += slurp(kData + v + "-valid.pgn") + slurp(kData + v + "-invalid.pgn");
    struct Capturer : pgn::PgnVisitor {
        std::string* cap = nullptr;
        std::string joined;
        std::uint64_t expect_begin = 0;
        bool contiguous = true;
        void end_game(const pgn::GameInfo& g) {
            contiguous &= g.raw_begin == expect_begin && g.raw_end - g.raw_begin == cap->size();
            expect_begin = g.raw_end;
            joined += *cap;
        }
    };
    std::istringstream in(text);
    pgn::PgnReader reader(in);
    std::string cap;
    Capturer c;
    c.cap = &cap;
    reader.set_capture(&cap);
    const auto n = reader.read_all(c);
    CHECK(n == 4 + 1200);
    CHECK(c.contiguous);
    CHECK(c.expect_begin == text.size());
    CHECK(c.joined == text);
}

TEST_CASE("pgn reader: refill boundaries do not change the events", "[pgn]") {
    std::string text;
    for (const char* v : kVariants) text += slurp(kData + v + "-valid.pgn") + slurp(kData + v + "-invalid.pgn");
    const auto whole = record(text);
    TrickleBuf tb(text, 3);
    std::istream in(&tb);
    pgn::PgnReader reader(in);
    Recorder r;
    reader.read_all(r);
    CHECK(r.games.size() == whole.games.size());
    CHECK(r.log == whole.log);
}

TEST_CASE("pgn reader: testdata corpora", "[pgn]") {
    for (const char* v : kVariants) {
        INFO(v);
        const std::string valid = kData + v + "-valid.pgn";
        std::FILE* f = std::fopen(valid.c_str(), "rb");
        REQUIRE(f);
        pgn::PgnReader reader(f);
        Counter c;
        CHECK(reader.read_all(c) == count_lines(kData + v + "-valid.jsonl"));
        CHECK(c.errors == 0);
        std::fclose(f);

        // The invalid corpus read whole: one game per sidecar line, the structural defects
        // reported in the right game.
        const std::string invalid = kData + v + "-invalid.pgn";
        const int fd = ::open(invalid.c_str(), O_RDONLY);
        REQUIRE(fd >= 0);
        pgn::PgnReader r2(fd);
        Recorder rec;
        CHECK(r2.read_all(rec) == count_lines(kData + v + "-invalid.jsonl"));
        ::close(fd);
        std::ifstream side(kData + v + "-invalid.jsonl");
        std::string line;
        std::size_t i = 0;
        while (std::getline(side, line) && i < rec.games.size()) {
            const pgn::GameInfo& g = rec.games[i++];
            const bool structural = line.find("unterminated-comment") != std::string::npos ||
                                    line.find("unbalanced-parenthesis") != std::string::npos ||
                                    line.find("cut-inside-tag-pair") != std::string::npos;
            INFO(line);
            if (structural) CHECK(g.error_count == 1);
            else if (line.find("garbled-movetext") == std::string::npos) CHECK(g.error_count == 0);
            const auto ls = line.find("\"line_start\":");
            if (ls != std::string::npos) CHECK(g.start.line == std::stoull(line.substr(ls + 13)));
        }
    }
}

TEST_CASE("pgn reader: random bytes terminate without crashing", "[pgn]") {
    std::mt19937_64 rng(12345);
    const char alphabet[] = "[]{}()\";%$!?.*-/\\0123456789abcdefghNBRQKOxX=+# \t\n\r\0\xff\xc3\x80";
    for (int round = 0; round < 40; ++round) {
        std::string text(std::size_t(rng() % 20000), '\0');
        for (auto& ch : text) ch = round % 2 ? char(rng()) : alphabet[rng() % (sizeof alphabet - 1)];
        auto reader = pgn::PgnReader::from_memory(text);
        std::string cap, joined;
        struct J : pgn::PgnVisitor {
            std::string* cap;
            std::string* joined;
            void end_game(const pgn::GameInfo&) { *joined += *cap; }
        } j;
        j.cap = &cap;
        j.joined = &joined;
        reader.set_capture(&cap);
        reader.read_all(j);
        CHECK(reader.bytes_consumed() == text.size());
        if (!joined.empty()) CHECK(joined == text);
    }
    // NUL bytes and invalid UTF-8 in movetext are errors; in comments they pass through.
    const char raw[] = "1. e4 {\xff\xfe ok} e\0x \xc3 e5 *";
    const auto r = record(std::string(raw, sizeof raw - 1));
    REQUIRE(r.errors.size() == 2);
    CHECK(r.errors[0] == DiagnosticCode::NulByte);
    CHECK(r.errors[1] == DiagnosticCode::InvalidByte);
    CHECK(r.has("san e5 @1:21"));
}

TEST_CASE("pgn reader: huge comment and tag value in bounded memory", "[pgn][slow]") {
    const std::uint64_t comment_mb = 100, tag_mb = 20;
    const std::string mb_line = std::string(1023, 'x') + "\n";
    std::string block;
    for (int i = 0; i < 1024; ++i) block += mb_line; // 1 MiB
    GenBuf gb({{"[Event \"big\"]\n[Annotator \"", 1},
               {std::string(1024 * 1024, 'v'), tag_mb},
               {"\"]\n\n1. e4 {", 1},
               {block, comment_mb},
               {"} e5 {short} 1-0\n[Event \"next\"]\n\n*\n", 1}});
    std::istream in(&gb);
    pgn::PgnReader reader(in);
    std::size_t max_footprint = 0;
    struct Watch : Counter {
        pgn::PgnReader* r;
        std::size_t* max;
        void end_game(const pgn::GameInfo& g) {
            Counter::end_game(g);
            *max = std::max(*max, r->memory_footprint());
        }
    } w;
    w.r = &reader;
    w.max = &max_footprint;
    CHECK(reader.read_all(w) == 2);
    CHECK(w.errors == 0);
    CHECK(w.sans == 2);
    CHECK(w.comments == 2);
    CHECK(w.truncated);
    CHECK(w.longest_comment == pgn::PgnReader::kMaxText);
    CHECK(max_footprint < 1024 * 1024);
    CHECK(reader.bytes_consumed() > (comment_mb + tag_mb) * 1024 * 1024);
}

TEST_CASE("pgn reader: a million empty games", "[pgn][slow]") {
    GenBuf gb({{"[Event \"x\"]\n\n*\n", 1000000}});
    std::istream in(&gb);
    pgn::PgnReader reader(in);
    Counter c;
    CHECK(reader.read_all(c) == 1000000);
    CHECK(c.errors == 0);
    CHECK(reader.games_read() == 1000000);
}

TEST_CASE("reader: a result glued to a move is the move, then the result", "[pgn][issue17]") {
    // '*' ends a token by itself (standard 7): no notice
    auto r = record("1. e4 e5 2. Nf3*");
    CHECK(r.has("san Nf3 @1:13"));
    CHECK(r.has("result * @1:16"));
    CHECK(r.errors.empty());
    r = record("1.a4(1.b4$6)1...a6!?{c}2.a5*");
    CHECK(r.has("san a5 @1:26"));
    CHECK(r.has("result * @1:28"));
    CHECK(r.has("nag 5 @1:19"));
    CHECK(r.errors.empty());
    r = record("1. e4 c6!*");
    CHECK(r.has("san c6 @1:7"));
    CHECK(r.has("nag 1 @1:9"));
    CHECK(r.has("result * @1:10"));
    // after a check or mate mark only the result can follow
    r = record("1. f3 e5 2. g4 Qh4#0-1");
    CHECK(r.has("san Qh4# @1:16"));
    CHECK(r.has("result 0-1 @1:20"));
    CHECK(r.games.size() == 1);
    r = record("1. e4 e5 2. Qh5 Kf1+1/2-1/2");
    CHECK(r.has("san Kf1+ @1:17"));
    CHECK(r.has("result 1/2-1/2 @1:21"));
    // no mark before it: no reading (a guess), the word stays one token (the checker's error)
    r = record("1. e4 e5 2. Nf31-0");
    CHECK(r.has("san Nf31-0 @1:13"));
}

TEST_CASE("reader: a tag line with unescaped quotes is one tag, other malformed tags never start movetext", "[pgn][issue17]") {
    auto r = record("[White \"\"Socrates Expert\"\"]\n[Black \"B\"]\n\n1. e4 *\n");
    CHECK(r.has("tag White=\"Socrates Expert\" @1:1"));
    CHECK(r.has("tag Black=B @2:1"));
    CHECK(r.errors.empty());
    CHECK(r.games.size() == 1);
    r = record("[Black \"Fidelity \"Elite\" X\"]  \n\n1. e4 *\n");
    CHECK(r.has("tag Black=Fidelity \"Elite\" X @1:1"));
    // two tags on a line stay two tags
    r = record("[White \"A\"] [Black \"B\"]\n\n1. e4 *\n");
    CHECK(r.has("tag White=A @1:1"));
    CHECK(r.has("tag Black=B @1:13"));
    // not ending in "]: an error, and the rest of the line is no movetext
    r = record("[White \"A\" junk e4]\n[Black \"B\"]\n\n1. e4 *\n");
    CHECK(r.errors == std::vector<DiagnosticCode>{DiagnosticCode::MalformedTag});
    CHECK(r.has("tag Black=B @2:1"));
    CHECK(r.has("movetext @4:1"));
    CHECK(r.games.size() == 1);
}

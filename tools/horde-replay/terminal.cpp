#include "terminal.hpp"

#include "cli.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

namespace horde::replay {

using tools::kExitUsage;

namespace {

// The terminal in raw mode (no echo, no line buffering, no signals) for the lifetime of the
// object; restored on destruction.
class RawTerminal {
public:
    RawTerminal() {
        if (tcgetattr(STDIN_FILENO, &saved_) != 0) return;
        termios raw = saved_;
        raw.c_lflag &= tcflag_t(~(ICANON | ECHO | ISIG | IEXTEN));
        raw.c_iflag &= tcflag_t(~(IXON | ICRNL));
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        active_ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0;
    }
    ~RawTerminal() {
        if (active_) tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_);
    }
    bool active() const { return active_; }
    RawTerminal(const RawTerminal&) = delete;
    RawTerminal& operator=(const RawTerminal&) = delete;

private:
    termios saved_{};
    bool active_ = false;
};

enum class Key { Forward, Back, First, Last, Quit, Other };

int read_byte(int timeout_ms) {
    pollfd p{STDIN_FILENO, POLLIN, 0};
    if (timeout_ms >= 0 && ::poll(&p, 1, timeout_ms) <= 0) return -1;
    unsigned char c;
    return ::read(STDIN_FILENO, &c, 1) == 1 ? c : -1;
}

Key read_key() {
    const int c = read_byte(-1);
    switch (c) {
    case -1:
    case 'q':
    case 'Q':
    case 3:
    case 4: return Key::Quit; // EOF, q, Ctrl-C, Ctrl-D
    case 'l':
    case ' ':
    case '\r':
    case '\n': return Key::Forward;
    case 'h': return Key::Back;
    case 'g': return Key::First;
    case 'G': return Key::Last;
    case 0x1b: break;
    default: return Key::Other;
    }
    // Escape sequences: ESC [ C (right), ESC [ D (left), ESC [ H / ESC O H / ESC [ 1 ~ / ESC [ 7 ~
    // (Home), ESC [ F / ESC O F / ESC [ 4 ~ / ESC [ 8 ~ (End).
    const int c1 = read_byte(50);
    if (c1 != '[' && c1 != 'O') return Key::Other;
    const int c2 = read_byte(50);
    switch (c2) {
    case 'C': return Key::Forward;
    case 'D': return Key::Back;
    case 'H': return Key::First;
    case 'F': return Key::Last;
    default: break;
    }
    if (c2 >= '0' && c2 <= '9') {
        const int c3 = read_byte(50);
        if (c3 != '~') return Key::Other;
        if (c2 == '1' || c2 == '7') return Key::First;
        if (c2 == '4' || c2 == '8') return Key::Last;
    }
    return Key::Other;
}

} // namespace

int emit_interactive(const Timeline& t, const Replay& r, const Output& out) {
    RawTerminal terminal;
    if (!terminal.active()) {
        fmt::print(stderr, "horde-replay: --interactive: cannot set the terminal to raw mode\n");
        return kExitUsage;
    }
    const int last = int(r.moves.size());
    int p = out.ply.value_or(0);
    for (;;) {
        report::RenderOptions ro = out.render;
        ro.highlight = p > 0 ? r.moves[std::size_t(p - 1)] : Move::none();
        std::string screen = "\x1b[H\x1b[2J";
        if (!r.title.empty()) screen += r.title + "\n";
        screen += fmt::format("{}    (ply {}/{})\n", ply_heading(t, p), p, last);
        screen += report::render_board(t.boards[std::size_t(p)], ro);
        screen += fmt::format("FEN: {}\n", t.boards[std::size_t(p)].fen());
        if (p == last) screen += outcome_line(t.outcomes[std::size_t(p)]) + "\n";
        screen += "\n→/l/space forward  ←/h back  g/Home first  G/End last  q quit\n";
        // Raw mode keeps output processing, but be explicit about carriage returns.
        std::string crlf;
        for (char c : screen) {
            if (c == '\n') crlf += '\r';
            crlf += c;
        }
        std::fwrite(crlf.data(), 1, crlf.size(), stdout);
        std::fflush(stdout);
        switch (read_key()) {
        case Key::Forward: p = std::min(p + 1, last); break;
        case Key::Back: p = std::max(p - 1, 0); break;
        case Key::First: p = 0; break;
        case Key::Last: p = last; break;
        case Key::Quit: return 0;
        case Key::Other: break;
        }
    }
}

} // namespace horde::replay

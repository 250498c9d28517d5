"""What the horde-db serve tests share: a test database made from the project's games of the
four variants with lichess-like tags added (Site ids, clocks of every speed, ratings of every
group, months), the horde-db command line, and a server on a free loopback port that stops by
itself (SIGTERM at the end, SIGKILL after a deadline)."""
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

CLOCKS = ["15+0", "60+0", "180+2", "600+5", "1800+20", "-"]       # ultraBullet .. correspondence
RATINGS = [(900, 950), (1100, 1150), (1300, 1350), (1500, 1550), (1700, 1650), (1900, 1950),
           (2100, 2050), (2300, 2350), (2600, 2700)]                 # every rating group


def lichess_like(pgn_text, prefix, start):
    """The games with a lichess Site id, a TimeControl, both Elos and a UTCDate: the classes
    the explorer filters by. Deterministic: the n-th game gets the n-th of each cycle."""
    games = re.split(r"\n(?=\[Event )", pgn_text.strip())
    out = []
    for i, game in enumerate(games):
        n = start + i
        game = re.sub(r'^\[Site "[^"]*"\]\n', "", game, flags=re.M)
        if not re.search(r'^\[Date "\d{4}\.\d\d', game, flags=re.M):  # lichess's games all have a date
            game = re.sub(r'^\[Date "[^"]*"\]\n', "", game, flags=re.M)
            tags_date = f'[Date "{2015 + n % 10}.{1 + n % 12:02d}.{1 + n % 28:02d}"]\n'
        else:
            tags_date = ""
        white, black = RATINGS[n % len(RATINGS)]
        tags = (f'[Site "https://lichess.org/{prefix}{n:06d}"]\n{tags_date}[TimeControl "{CLOCKS[n % len(CLOCKS)]}"]\n'
                f'[WhiteElo "{white}"]\n[BlackElo "{black}"]\n')
        game = re.sub(r'^(\[Event "[^"]*"\]\n)', lambda m: m.group(1) + tags, game, count=1, flags=re.M)
        out.append(game)
    return "\n\n".join(out) + "\n"


def make_inputs(data, work):
    """One enriched PGN per variant in `work`; returns their paths."""
    paths = []
    for k, variant in enumerate(["chess", "chess960", "horde", "orda"]):
        with open(os.path.join(data, "games", f"{variant}-valid.pgn"), encoding="utf-8") as f:
            text = f.read()
        path = os.path.join(work, f"{variant}.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write(lichess_like(text, variant[:2], 1000 * k))
        paths.append(path)
    return paths


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, timeout=300, **kw)


class Server:
    """`horde-db serve DB --port 0`: the port read from its listening line; stopped by SIGTERM
    when the test ends, killed if it does not stop within 20 s."""

    def __init__(self, horde_db, db, *extra):
        self.log_path = db.rstrip("/") + f".serve-{os.getpid()}-{time.monotonic_ns()}.log"
        self.log = open(self.log_path, "w+b")
        self.proc = subprocess.Popen([horde_db, "serve", db, "--port", "0", *extra],
                                     stdout=subprocess.DEVNULL, stderr=self.log)
        self.port = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.port is None:
            if self.proc.poll() is not None:
                raise RuntimeError("horde-db serve ended: " + self.stderr())
            m = re.search(r"on http://[^:]+:(\d+)/", self.stderr())
            if m:
                self.port = int(m.group(1))
            else:
                time.sleep(0.05)
        if self.port is None:
            self.stop()
            raise RuntimeError("horde-db serve did not say its port: " + self.stderr())

    def stderr(self):
        self.log.flush()
        with open(self.log_path, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def get(self, path, headers=None):
        """(status, headers, body bytes), errors included."""
        request = urllib.request.Request(self.url(path), headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=30) as r:
                return r.status, r.headers, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers, e.read()

    def stop(self):
        """SIGTERM; the exit status (None when it had to be killed)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                return None
        return self.proc.returncode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()
        self.log.close()
        try:
            os.remove(self.log_path)
        except OSError:
            pass


failures = 0
checks = 0


def check(ok, what):
    global failures, checks
    checks += 1
    if not ok:
        failures += 1
        print("FAIL:", what, file=sys.stderr)
    return ok


def finish(name):
    print(f"{name}: {checks} checks, {failures} failed")
    sys.exit(1 if failures or not checks else 0)

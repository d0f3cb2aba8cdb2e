"""The deployment example in deploy/, used for real.

    python3 -m pytest -q Tests/Deploy/test_two_instances.py        (from the repository root)

1. A user's day through Debian's nginx, set up by deploy/nginx/kinetic.conf, in front of two
   `kinetic serve` instances started as deploy/kinetic@.service starts them, on one PostgreSQL
   database and one S3 bucket: sign up and confirm the address from the e-mail's link, sign in,
   upload a song, play it (whole and a Range) through nginx and from each instance's own port,
   become an administrator (`kinetic admin grant`) and import the report library of
   Tests/AppTests/Fixtures/ReportLibrary. The instance running that import is killed with
   SIGKILL in the middle of it while reads go on through nginx. Then a wish goes to an outside
   address (e-mail) and to a second Kinetic user (in-app), the killed instance is started again,
   and nothing is lost or done twice: one library, the song once, one e-mail, one Inbox wish.
2. The two instances, started together on a new database, add the starter songs once.
   nginx ends a request whose header comes a byte at a time (its client_header_timeout: Kinetic
   has no header timeout of its own).
3. A graceful stop, with a job running and without: SIGTERM to an instance while a slow
   upload is in flight. The upload gets its answer, a running job ends completed or is given
   back (`available`), the process exits with status 0 within 30 s and /livez no longer
   answers; started again, the instance runs what was left and nothing is lost.

How the deployment files are used (a change to them that breaks a deployment breaks this):
- deploy/nginx/kinetic.conf is rendered into a temporary nginx prefix with only these changed:
  the upstream servers' addresses (the instances' ports), the listen ports, and the paths of the
  certificate (a self-signed one made here with `openssl req -x509`) and of the logs. A minimal
  nginx.conf around it puts the pid file, error log and temporary files in that prefix, and
  nginx runs as the current user (`user root;` when that is root).
- deploy/kinetic@.service is read: each instance runs its ExecStart= (the instance name, %i, is
  the port; the binary is $KINETIC_BIN; /var/lib/ is a temporary folder) from the repository
  root (its WorkingDirectory= holds Public/ and Resources/), with its Environment= lines
  overridden by the environment file as systemd does, and is stopped the way systemd stops it
  (KillSignal=, TimeoutStopSec=).
- deploy/kinetic.env.example must name every setting the test's environment file sets, but the
  ones it sets only to be quick (TEST_ONLY_SETTINGS).

Needs (each test skips naming what is missing):
- the kinetic binary: $KINETIC_BIN, default .build/debug/kinetic (`swift build` makes it);
- Debian's nginx for the first test: `apt-get install -y nginx` (/usr/sbin/nginx);
- PostgreSQL 15's server programs (/usr/lib/postgresql/15/bin: `apt-get install -y
  postgresql-15`); as root the throw-away cluster runs as the `postgres` user (runuser), as
  scripts/test runs it;
- openssl, ffmpeg and ffprobe, qpdf and poppler-utils (what Kinetic uses for songs and reports);
- Python's moto[server] and aiosmtpd, for the S3 and SMTP peers of scripts/peers/.
scripts/test installs all but nginx.

It takes about three minutes, a part of it waiting for the killed instance's lease on the
import job to run out (KINETIC_JOB_LEASE_SECONDS, 15 s here) before the other instance takes the
job over. `-s` prints what each test saw (which instance answered, what nginx passed on, how long
the takeover took). KINETIC_DEPLOY_KEEP=1 keeps the temporary folder (logs of nginx, the
instances and the peers) and prints where it is. HTTP is Python's own http.client: nothing to
install from PyPI but the peers' moto and aiosmtpd.
"""

import contextlib
import getpass
import hashlib
import http.client
import importlib.util
import io
import json
import os
import re
import select
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
UNIT_FILE = REPO / "deploy" / "kinetic@.service"
SITE_FILE = REPO / "deploy" / "nginx" / "kinetic.conf"
ENV_EXAMPLE = REPO / "deploy" / "kinetic.env.example"
REPORT_LIBRARY = REPO / "Tests" / "AppTests" / "Fixtures" / "ReportLibrary"
NGINX = Path("/usr/sbin/nginx")
PG_BIN = Path("/usr/lib/postgresql/15/bin")
KINETIC_BIN = Path(os.environ.get("KINETIC_BIN", ".build/debug/kinetic"))
if not KINETIC_BIN.is_absolute():
    KINETIC_BIN = REPO / KINETIC_BIN

PASSWORD = "day-through-nginx-2025"
METRICS_TOKEN = "deploy-test-metrics-token-0123456789"
OUTSIDE_ADDRESS = "friend@outside.example.org"
# Set by the test's environment file to be quick, not settings a deployment needs.
def skip_or_fail(why):
    """Skips the test for want of `why`; scripts/test sets KINETIC_DEPLOY_REQUIRED=1, where a
    missing requirement fails instead of passing unseen."""
    if os.environ.get("KINETIC_DEPLOY_REQUIRED") == "1":
        pytest.fail(why)
    pytest.skip(why)


TEST_ONLY_SETTINGS = {"KINETIC_BCRYPT_COST", "KINETIC_SONG_WAIT_SECONDS"}


# --- Small helpers ------------------------------------------------------------------------------


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(what, check, timeout, interval=0.2):
    """check()'s first truthy value, looked for every `interval` s for up to `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up after {timeout} s waiting for {what}")
        time.sleep(interval)


def missing_requirements():
    """What this machine lacks for every test here, as install hints; empty when nothing."""
    missing = []
    if not KINETIC_BIN.exists():
        missing.append(f"the kinetic binary at {KINETIC_BIN} (swift build, or set KINETIC_BIN)")
    if not (PG_BIN / "initdb").exists():
        missing.append(f"PostgreSQL 15 in {PG_BIN} (apt-get install -y postgresql-15)")
    for tool, package in (("openssl", "openssl"), ("ffmpeg", "ffmpeg"), ("ffprobe", "ffmpeg"), ("qpdf", "qpdf"),
                          ("pdftoppm", "poppler-utils"), ("pdfinfo", "poppler-utils")):
        if shutil.which(tool) is None:
            missing.append(f"{tool} (apt-get install -y {package})")
    for module, package in (("moto", "moto[server]"), ("aiosmtpd", "aiosmtpd")):
        if importlib.util.find_spec(module) is None:
            missing.append(f"Python's {module} (pip install '{package}')")
    return missing


def ipv6_loopback():
    """Whether [::1] can be listened on (nginx's IPv6 lines are rendered to it, or left out)."""
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
        return True
    except OSError:
        return False


class Answer:
    """An HTTP answer, read whole."""

    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return f"<{self.status} {self.body[:300]!r}>"


class Site:
    """One base address (nginx over HTTPS, or an instance's own port over HTTP)."""

    def __init__(self, base, ca_file=None):
        self.base = base
        self.url = urllib.parse.urlsplit(base)
        self.tls = ssl.create_default_context(cafile=str(ca_file)) if ca_file else None

    def connection(self, timeout):
        if self.url.scheme == "https":
            return http.client.HTTPSConnection(self.url.hostname, self.url.port, context=self.tls, timeout=timeout)
        return http.client.HTTPConnection(self.url.hostname, self.url.port, timeout=timeout)

    def call(self, method, path, *, token=None, json_body=None, body=None, headers=None, timeout=60):
        sent = dict(headers or {})
        if json_body is not None:
            body = json.dumps(json_body).encode()
            sent.setdefault("Content-Type", "application/json")
        if token:
            sent["Authorization"] = "Bearer " + token
        if method == "POST" and token:
            # What Kinetic's clients do: one key per thing meant, so a retry is answered, not redone.
            sent.setdefault("Idempotency-Key", str(uuid.uuid4()))
        connection = self.connection(timeout)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
        finally:
            connection.close()


# --- Peers: PostgreSQL, the S3 and SMTP peers, nginx ---------------------------------------------


class PostgreSQL:
    """A throw-away PostgreSQL 15 cluster on loopback (as scripts/test starts one)."""

    def __init__(self):
        self.port = free_port()
        # Its own folder directly under the temporary directory: the postgres user must reach it.
        self.folder = Path(tempfile.mkdtemp(prefix="kinetic-deploy-pg."))
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
            self.user, self.as_owner = "postgres", ["runuser", "-u", "postgres", "--"]
        else:
            self.user, self.as_owner = getpass.getuser(), []
        self.data = self.folder / "data"

    def start(self):
        self.run(PG_BIN / "initdb", "-D", self.data, "-U", self.user, "-A", "trust", "-E", "UTF8", "--no-locale")
        self.run(PG_BIN / "pg_ctl", "-D", self.data, "-l", self.folder / "server.log", "-w", "-o",
                 f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start")

    def run(self, *argv):
        subprocess.run(self.as_owner + [str(part) for part in argv], check=True, stdout=subprocess.DEVNULL)

    def create_database(self, name):
        self.run(PG_BIN / "createdb", "-h", "127.0.0.1", "-p", self.port, "-U", self.user, name)
        return f"postgres://{self.user}@127.0.0.1:{self.port}/{name}?sslmode=disable"

    def query(self, database, sql):
        """The rows of `sql`, each a list of its columns as text."""
        done = subprocess.run(
            [PG_BIN / "psql", "-X", "-q", "-t", "-A", "-F", "\t", "-h", "127.0.0.1", "-p", str(self.port), "-U", self.user,
             "-d", database, "-v", "ON_ERROR_STOP=1", "-c", sql],
            check=True, capture_output=True, text=True)
        return [line.split("\t") for line in done.stdout.splitlines() if line]

    def stop(self):
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(subprocess.CalledProcessError):
                self.run(PG_BIN / "pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


class Peer:
    """A peer of scripts/peers/: prints "listening PORT", and ends when its standard input closes."""

    def __init__(self, script, arguments, log):
        with open(log, "ab") as errors:
            self.process = subprocess.Popen(
                [sys.executable, str(REPO / "scripts" / "peers" / script), *arguments], cwd=REPO,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, text=True)
        deadline = time.monotonic() + 30
        while True:
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, deadline - time.monotonic()))
            line = self.process.stdout.readline() if ready else ""
            if line.startswith("listening "):
                self.port = int(line.split()[1])
                return
            if not ready or self.process.poll() is not None:
                self.stop()
                raise RuntimeError(f"{script} did not start; see {log}")

    def stop(self):
        with contextlib.suppress(OSError):
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Mailbox:
    """What the SMTP peer accepted: one JSON line per message in messages.jsonl."""

    def __init__(self, folder):
        self.folder = folder

    def messages(self):
        path = self.folder / "messages.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

    def to(self, address):
        return [m for m in self.messages() if address in m["rcpt_tos"]]


def make_certificate(folder):
    """A self-signed certificate for 127.0.0.1, as fullchain.pem and privkey.pem in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
         "-keyout", str(folder / "privkey.pem"), "-out", str(folder / "fullchain.pem")],
        check=True, capture_output=True)
    return folder / "fullchain.pem"


def render_site(text, *, upstreams, http_port, https_port, ssl_folder, log_folder):
    """deploy/nginx/kinetic.conf with only the upstream servers, listen ports, certificate paths
    and log paths changed; fails when one of them is not where it was, so the rendering does
    not quietly test something else than what is deployed. Comments are left out first."""
    text = re.sub(r"^\s*#.*\n", "", text, flags=re.M)
    servers = re.findall(r"^(\s*server\s+)(\S+)(.*;)", text, flags=re.M)
    assert len(servers) == len(upstreams), f"the upstream has {len(servers)} servers, the test starts {len(upstreams)}"
    for (lead, address, rest), upstream in zip(servers, upstreams):
        text = text.replace(f"{lead}{address}{rest}", f"{lead}{upstream}{rest}", 1)
    ports = {"80": http_port, "443": https_port}

    with_ipv6 = ipv6_loopback()

    def listen(match):
        lead, ipv6, port, rest = match.groups()
        assert port in ports, f"unexpected listen port {port}"
        if ipv6 and not with_ipv6:
            return ""
        # Only on loopback ([::1] for the IPv6 lines): nothing of this test is reachable from outside.
        return f"{lead}{'[::1]' if ipv6 else '127.0.0.1'}:{ports[port]}{rest}"

    text, listens = re.subn(r"^(\s*listen\s+)(\[::\]:)?(\d+)(.*;)", listen, text, flags=re.M)
    assert listens >= 2, "the site listens nowhere"
    text, certificates = re.subn(r"/etc/ssl/kinetic/", f"{ssl_folder}/", text)
    assert certificates == 2, "the certificate and its key are not under /etc/ssl/kinetic/"
    text, logs = re.subn(r"/var/log/nginx/", f"{log_folder}/", text)
    assert logs >= 2, "the site's logs are not under /var/log/nginx/"
    return text


class Nginx:
    """Debian's nginx with the rendered site, in a prefix of its own, in the foreground."""

    def __init__(self, folder, site_text):
        self.folder = folder
        for name in ("logs", "temp"):
            (folder / name).mkdir(parents=True, exist_ok=True)
        (folder / "kinetic.conf").write_text(site_text)
        temp = folder / "temp"
        (folder / "nginx.conf").write_text("\n".join([
            "user root;" if os.geteuid() == 0 else "",
            "daemon off;",
            "worker_processes 1;",
            f"pid {folder}/nginx.pid;",
            f"error_log {folder}/logs/error.log info;",
            "events { worker_connections 512; }",
            "http {",
            "    default_type application/octet-stream;",
            f"    client_body_temp_path {temp}/body;",
            f"    proxy_temp_path {temp}/proxy;",
            f"    fastcgi_temp_path {temp}/fastcgi;",
            f"    uwsgi_temp_path {temp}/uwsgi;",
            f"    scgi_temp_path {temp}/scgi;",
            f"    include {folder}/kinetic.conf;",
            "}",
            ""]))
        argv = [str(NGINX), "-p", str(folder), "-e", str(folder / "logs" / "error.log"), "-c", str(folder / "nginx.conf")]
        checked = subprocess.run(argv + ["-t"], capture_output=True, text=True)
        assert checked.returncode == 0, f"nginx -t refused the rendered site:\n{checked.stderr}"
        with open(folder / "logs" / "stderr.log", "ab") as errors:
            self.process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errors)

    def requests(self):
        """The site's access log (deploy/nginx/kinetic.conf's format) as (request line,
        instances tried, their answers): "127.0.0.1:8081, 127.0.0.1:8082" when the first failed."""
        path = self.folder / "logs" / "kinetic.access.log"
        text = path.read_text() if path.exists() else ""
        return re.findall(r'"([^"]*)" \d+ \d+ upstream=(.*?) upstream_status=(.*?) request_time', text)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# --- The systemd unit ----------------------------------------------------------------------------


class Unit:
    """deploy/kinetic@.service as systemd reads it: the [Service] settings, each with its values."""

    def __init__(self, path):
        self.settings = {}
        section = None
        for number, raw in enumerate(path.read_text().splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith(("#", ";")):
                continue
            assert not line.endswith("\\"), f"{path.name}:{number}: continued lines are not read here"
            if line.startswith("["):
                section = line
                continue
            key, _, value = line.partition("=")
            self.settings.setdefault((section, key.strip()), []).append(value.strip())

    def values(self, key, section="[Service]"):
        return self.settings.get((section, key), [])

    def one(self, key):
        values = self.values(key)
        assert len(values) == 1, f"the unit should set {key}= once, not {values}"
        return values[0]

    @staticmethod
    def expand(text, instance):
        """The specifiers this unit uses: %i (the instance name, here the port) and %%."""
        def specifier(match):
            assert match.group(1) in ("i", "%"), f"the test does not know the specifier %{match.group(1)}"
            return instance if match.group(1) == "i" else "%"
        return re.sub(r"%(.)", specifier, text)

    def environment(self, instance):
        """Its Environment= assignments, in order."""
        found = {}
        for value in self.values("Environment"):
            for assignment in shlex.split(self.expand(value, instance)):
                name, _, setting = assignment.partition("=")
                found[name] = setting
        return found


class Instance:
    """One `kinetic serve`, started as kinetic@<port>.service would start it."""

    def __init__(self, unit, port, state_root, settings, log_folder):
        self.unit, self.port, self.name = unit, port, str(port)
        self.site = Site(f"http://127.0.0.1:{port}")
        self.log_path = log_folder / f"kinetic@{port}.log"
        self.process = None
        argv = shlex.split(unit.expand(unit.one("ExecStart"), self.name))
        assert not argv[0].startswith(("-", "@", "+", "!", ":")), "ExecStart= prefixes are not handled here"
        assert Path(argv[0]).name == "kinetic", f"ExecStart= runs {argv[0]}, not the kinetic binary"
        state_directory = "/var/lib/" + unit.expand(unit.one("StateDirectory"), self.name)
        assert "--data-dir" in argv and argv[argv.index("--data-dir") + 1] == state_directory, (
            f"the data directory should be the unit's StateDirectory ({state_directory}), the one place it may write")
        # /var/lib/… is a folder of this test's; the binary is the one under test.
        self.argv = [str(KINETIC_BIN)] + [str(state_root) + arg[len("/var/lib"):] if arg.startswith("/var/lib/") else arg
                                          for arg in argv[1:]]
        self.data_directory = Path(str(state_root) + state_directory[len("/var/lib"):])
        assert unit.one("EnvironmentFile").lstrip("-") == "/etc/kinetic/kinetic.env"
        # WorkingDirectory= is where the release is, Public/ and Resources/ beside the binary:
        # here, the repository.
        assert unit.one("WorkingDirectory") == str(Path(argv[0]).parent), "the unit runs Kinetic away from its release"
        # What systemd gives the process: a small environment of its own, the unit's
        # Environment=, then the environment file, which overrides them.
        self.environment = {"PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"), "LANG": "C.UTF-8",
                            "HOME": str(state_root), "STATE_DIRECTORY": str(self.data_directory)}
        self.environment.update(unit.environment(self.name))
        self.environment.update(settings)
        self.stop_signal = getattr(signal, unit.one("KillSignal"))
        self.stop_timeout = float(re.fullmatch(r"(\d+)s?", unit.one("TimeoutStopSec")).group(1))

    def start(self):
        # StateDirectory=: systemd makes it before the start.
        self.data_directory.mkdir(parents=True, exist_ok=True)
        self.log_start = self.log_path.stat().st_size if self.log_path.exists() else 0
        with open(self.log_path, "ab") as log:
            log.write(f"--- started {datetime.now().isoformat()}: {shlex.join(self.argv)}\n".encode())
            self.process = subprocess.Popen(self.argv, cwd=REPO, env=self.environment, stdin=subprocess.DEVNULL,
                                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        return self

    def ready(self):
        """Whether /readyz answers 200 (the route a load balancer checks)."""
        with contextlib.suppress(OSError):
            return self.site.call("GET", "/readyz", timeout=5).status == 200
        return False

    def wait_ready(self, timeout=180):
        def check():
            if self.process.poll() is not None:
                raise AssertionError(f"kinetic@{self.port} exited with {self.process.returncode}:\n{self.log_tail()}")
            return self.ready()
        wait_for(f"kinetic@{self.port} to be ready", check, timeout, interval=0.3)

    def running(self):
        return self.process is not None and self.process.poll() is None

    def kill(self):
        self.process.kill()
        self.process.wait()

    def stop(self):
        """As `systemctl stop` does: KillSignal=, then SIGKILL after TimeoutStopSec=."""
        if not self.running():
            return
        self.process.send_signal(self.stop_signal)
        try:
            self.process.wait(timeout=self.stop_timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def command(self, *arguments):
        """A command of the kinetic binary in this instance's environment (`kinetic admin …`)."""
        done = subprocess.run([str(KINETIC_BIN), *arguments], cwd=REPO, env=self.environment, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, f"kinetic {' '.join(arguments)} failed:\n{done.stdout}\n{done.stderr}"
        return done.stdout

    def log_since_start(self):
        """What the instance logged since it was last started."""
        with open(self.log_path, "rb") as log:
            log.seek(self.log_start)
            return log.read().decode(errors="replace")

    def starter_songs_ended(self):
        """Whether serve's background work of adding the starter songs (Debian's
        fretsonfire-songs-* packages) has ended since the start, whatever came of it."""
        ended = ("Starter songs ready.", "Starter songs were not added", "No starter songs")
        return any(line in self.log_since_start() for line in ended)

    def wait_for_starter_songs(self, timeout=240):
        wait_for(f"kinetic@{self.port}'s starter songs", self.starter_songs_ended, timeout, interval=0.5)

    def log_summary(self, lines=30):
        """The last lines the instance logged since its start, up to the first line of a crash
        report when there is one (the Swift runtime's backtrace follows it)."""
        kept = []
        for line in self.log_since_start().splitlines():
            if line.strip() and not line[0].isspace():
                kept.append(line)
            if line.startswith("*** Program crashed"):
                break
        return "\n".join(kept[-lines:])

    def log_tail(self, lines=40):
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])


def env_example_names():
    """The settings deploy/kinetic.env.example names, set or commented out."""
    return set(re.findall(r"^#?\s*([A-Z][A-Z0-9_]*)=", ENV_EXAMPLE.read_text(), flags=re.M))


# --- Fixtures ------------------------------------------------------------------------------------


class Stack:
    """The peers every test shares: PostgreSQL (a database per deployment), the S3 peer (a
    bucket per deployment) and the SMTP peer."""

    def __init__(self, folder, postgres, s3, smtp, mailbox):
        self.folder, self.postgres, self.s3, self.smtp, self.mailbox = folder, postgres, s3, smtp, mailbox
        self.unit = Unit(UNIT_FILE)

    def settings(self, database_url, bucket, public_url, **extra):
        """The environment file, /etc/kinetic/kinetic.env, of one deployment."""
        settings = {
            "DATABASE_URL": database_url,
            "KINETIC_MEDIA_URL": f"s3://{bucket}?endpoint=http://127.0.0.1:{self.s3.port}&region=us-east-1",
            "KINETIC_S3_ACCESS_KEY_ID": "deploy-test",
            "KINETIC_S3_SECRET_ACCESS_KEY": "deploy-test-secret",
            "KINETIC_PUBLIC_URL": public_url,
            "KINETIC_SMTP_URL": f"smtp://127.0.0.1:{self.smtp.port}?starttls=never",
            "KINETIC_MAIL_FROM": "kinetic@example.com",
            "KINETIC_ABUSE_ADDRESS": "abuse@example.com",
            "KINETIC_METRICS_TOKEN": METRICS_TOKEN,
            "KINETIC_WISH_POLL_SECONDS": "0.5",
            "KINETIC_TRUSTED_PROXIES": "127.0.0.1,::1",
            # A killed instance's jobs are taken over after 15 s rather than a minute.
            "KINETIC_JOB_LEASE_SECONDS": "15",
            # bcrypt at its lowest cost: sign-ups and sign-ins in a debug build take milliseconds.
            "KINETIC_BCRYPT_COST": "4",
        }
        settings.update(extra)
        unnamed = set(settings) - env_example_names() - TEST_ONLY_SETTINGS
        assert not unnamed, f"deploy/kinetic.env.example does not name {sorted(unnamed)}"
        return settings

    def instance(self, port, settings):
        return Instance(self.unit, port, self.folder / "var-lib", settings, self.folder / "logs")


@pytest.fixture(scope="module")
def stack(request):
    missing = missing_requirements()
    if missing:
        skip_or_fail("needs " + "; ".join(missing))
    folder = Path(tempfile.mkdtemp(prefix="kinetic-deploy."))
    (folder / "logs").mkdir()

    def remove_folder():
        if os.environ.get("KINETIC_DEPLOY_KEEP") == "1":
            print(f"\nkept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    request.addfinalizer(remove_folder)
    postgres = PostgreSQL()
    request.addfinalizer(postgres.stop)
    postgres.start()
    s3 = Peer("s3_peer.py", ["--bucket", "kinetic-media", "--bucket", "kinetic-graceful"], folder / "logs" / "s3.log")
    request.addfinalizer(s3.stop)
    mailbox = folder / "mailbox"
    smtp = Peer("smtp_peer.py", ["--dir", str(mailbox)], folder / "logs" / "smtp.log")
    request.addfinalizer(smtp.stop)
    return Stack(folder, postgres, s3, smtp, Mailbox(mailbox))


class Deployment:
    """nginx in front of instances A and B, as deploy/ describes them."""

    def __init__(self, stack, nginx, site, http, a, b, database):
        self.stack, self.nginx, self.site, self.http, self.a, self.b = stack, nginx, site, http, a, b
        self.database = database

    def query(self, sql):
        return self.stack.postgres.query(self.database, sql)


@pytest.fixture(scope="module")
def deployment(stack, request):
    if not NGINX.exists():
        skip_or_fail("needs Debian's nginx (apt-get install -y nginx)")
    http_port, https_port = free_port(), free_port()
    database_url = stack.postgres.create_database("kinetic")
    settings = stack.settings(database_url, "kinetic-media", f"https://127.0.0.1:{https_port}")
    a, b = (stack.instance(free_port(), settings) for _ in range(2))
    # Started together: each migrates under the advisory lock, and one of them does the work.
    for instance in (a, b):
        request.addfinalizer(instance.stop)
        instance.start()
    for instance in (a, b):
        instance.wait_ready()
    certificate = make_certificate(stack.folder / "ssl")
    site_text = render_site(SITE_FILE.read_text(), upstreams=[f"127.0.0.1:{a.port}", f"127.0.0.1:{b.port}"],
                            http_port=http_port, https_port=https_port, ssl_folder=certificate.parent,
                            log_folder=stack.folder / "nginx" / "logs")
    nginx = Nginx(stack.folder / "nginx", site_text)
    request.addfinalizer(nginx.stop)
    site = Site(f"https://127.0.0.1:{https_port}", ca_file=certificate)

    def answering():
        with contextlib.suppress(OSError, ssl.SSLError):
            return site.call("GET", "/livez", timeout=2).status == 200
        return False
    wait_for("nginx to answer", answering, 30)
    return Deployment(stack, nginx, site, Site(f"http://127.0.0.1:{http_port}"), a, b, "kinetic")


# --- Audio and the report library ----------------------------------------------------------------


def click_track(path, seconds):
    """Clicks at 120 beats a minute over a low hum, 44.1 kHz stereo 16-bit WAV (as scripts/check-s3-song makes)."""
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i",
         f"aevalsrc=0.6*sin(2*PI*1000*t)*lt(mod(t\\,0.5)\\,0.03)+0.1*sin(2*PI*110*t):s=44100:d={seconds}",
         "-ac", "2", "-c:a", "pcm_s16le", str(path)], check=True)
    return path.read_bytes()


def report_library_zip():
    """The zip of Tests/AppTests/Fixtures/ReportLibrary, library.json at its top."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(REPORT_LIBRARY.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(REPORT_LIBRARY).as_posix())
    return buffer.getvalue()


def sign_up(site, name, email):
    answer = site.call("POST", "/api/v1/accounts", json_body={"name": name, "email": email, "password": PASSWORD})
    assert answer.status == 201, answer
    return answer.json()


def confirm_address_from_mail(site, mailbox, email, public_url):
    """Opens the link of the sign-up e-mail the way an app does (POST its token)."""
    mail = wait_for(f"the confirmation e-mail to {email}", lambda: mailbox.to(email), 30)
    link = re.search(re.escape(public_url) + r"/address/([A-Za-z0-9_\-]+)", mail[-1]["text"] or "")
    assert link, f"no link starting with KINETIC_PUBLIC_URL in the e-mail:\n{mail[-1]['text']}"
    answer = site.call("POST", "/api/v1/address/confirmations", json_body={"token": link.group(1)})
    assert answer.status == 200, answer


def upload_song(site, token, name, data, key):
    """POST /api/v1/songs with the Idempotency-Key `key`, following its job when it answers
    202; the first answer and the song's id."""
    answer = site.call("POST", f"/api/v1/songs?filename={name}", token=token, body=data,
                       headers={"Content-Type": "audio/wav", "Idempotency-Key": key}, timeout=300)
    assert answer.status in (201, 202), answer
    if answer.status == 201:
        return answer, answer.json()["id"]
    job = answer.json()
    assert answer.headers["location"] == f"/api/v1/jobs/{job['id']}"

    def finished():
        current = site.call("GET", answer.headers["location"], token=token).json()
        return current if current["state"] in ("completed", "discarded") else None
    job = wait_for("the song's analysis", finished, 180, interval=0.5)
    assert job["state"] == "completed", job
    return answer, job["result"]["songId"]


def instance_of(attempted_by, instances):
    """The instance whose lease name (host-pid-random) is `attempted_by`."""
    pid = int(attempted_by.rsplit("-", 2)[1])
    return next(instance for instance in instances if instance.process.pid == pid)


class Reader(threading.Thread):
    """Reads through nginx without a pause until stopped, keeping every answer (or error):
    what a user sees while an instance dies."""

    def __init__(self, site, token, path):
        super().__init__(daemon=True)
        self.site, self.token, self.path = site, token, path
        self.answers = []
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            started = time.monotonic()
            try:
                outcome = self.site.call("GET", self.path, token=self.token, timeout=30).status
            except (OSError, http.client.HTTPException) as error:
                outcome = repr(error)
            self.answers.append((started, outcome))
            time.sleep(0.02)

    def stop(self):
        self.stopping.set()
        self.join(timeout=60)


# --- 1. The instances start together ---------------------------------------------------------------


def test_instances_started_together_add_the_starter_songs_once(deployment):
    """`serve` adds the starter songs (Debian's fretsonfire-songs-*) in the background when the
    database lacks them, and the deployment's two instances started together on a new database,
    as `systemctl start kinetic@8081 kinetic@8082` starts them. Every account's song list shows
    the starter songs: each must be there once. It fails as soon as one is there twice."""
    if not Path("/usr/share/games/fretsonfire/data/songs").is_dir():
        skip_or_fail("needs the starter songs (apt-get install -y fretsonfire-songs-muldjord fretsonfire-songs-sectoid)")
    token = sign_up(deployment.site, "Carla Listener", "carla@example.com")["token"]

    def settled():
        songs = deployment.site.call("GET", "/api/v1/songs", token=token).json()
        titles = sorted(song["title"] for song in songs if song.get("starter"))
        twice = sorted({title for title in titles if titles.count(title) > 1})
        assert not twice, f"starter songs listed more than once: {twice} (all: {titles})"
        return titles if deployment.a.starter_songs_ended() and deployment.b.starter_songs_ended() else None
    assert wait_for("both instances to end adding the starter songs", settled, 300, interval=0.5)


def test_nginx_ends_a_header_sent_a_byte_at_a_time(deployment):
    """Kinetic has no header timeout of its own (Vapor 4.122 gives it no hook): facing the
    internet, the proxy's `client_header_timeout` (20 s in deploy/nginx/kinetic.conf) is what
    ends a client that sends its header a byte every 2 s and never finishes it, rather than a
    read-idle timeout that every byte would put off."""
    site = deployment.site
    raw = socket.create_connection((site.url.hostname, site.url.port), timeout=10)
    connection = site.tls.wrap_socket(raw, server_hostname=site.url.hostname)
    started = time.monotonic()
    closed_after = None
    header = b"GET /livez HTTP/1.1\r\nHost: kinetic.test\r\nX-Slow: " + b"a" * 100
    try:
        connection.sendall(header[:20])
        for byte in header[20:]:
            time.sleep(2)
            connection.sendall(bytes([byte]))
            if time.monotonic() - started > 60:
                break
    except (OSError, ssl.SSLError):
        closed_after = time.monotonic() - started
    finally:
        connection.close()
    assert closed_after is not None, "the connection was still open after 60 s of a header a byte every 2 s"
    assert 15 <= closed_after <= 30, f"closed after {closed_after:.1f} s (client_header_timeout is 20 s)"


# --- 2. A day through nginx, an instance killed in the middle -------------------------------------


def test_a_day_through_nginx_with_an_instance_killed(deployment):
    site, a, b, mailbox = deployment.site, deployment.a, deployment.b, deployment.stack.mailbox
    public_url = site.base
    seen = {}

    # nginx: plain HTTP leads to HTTPS; HTTPS reaches Kinetic, which knows it was HTTPS
    # (X-Forwarded-Proto): it sends HSTS then, and not to a plain-HTTP client of its own port.
    redirect = deployment.http.call("GET", "/goals?from=deploy")
    assert redirect.status == 301 and redirect.headers["location"].startswith("https://"), redirect
    assert redirect.headers["location"].endswith("/goals?from=deploy")
    livez = site.call("GET", "/livez")
    assert livez.status == 200 and livez.body.strip() == b"ok", livez
    assert "strict-transport-security" in livez.headers, "Kinetic did not take the request for HTTPS: X-Forwarded-Proto"
    assert "strict-transport-security" not in a.site.call("GET", "/livez").headers
    # /metrics: not through nginx; on each instance's own port with the token.
    assert site.call("GET", "/metrics", token=METRICS_TOKEN).status == 404
    for instance in (a, b):
        metrics = instance.site.call("GET", "/metrics", token=METRICS_TOKEN)
        assert metrics.status == 200 and b"kinetic_jobs" in metrics.body, metrics

    # Sign up two people and confirm their addresses from the e-mails' links (which start with
    # KINETIC_PUBLIC_URL, nginx's address); sign in.
    sign_up(site, "Ana Day", "ana@example.com")
    ben = sign_up(site, "Ben Friend", "ben@example.com")
    confirm_address_from_mail(site, mailbox, "ana@example.com", public_url)
    confirm_address_from_mail(site, mailbox, "ben@example.com", public_url)
    login = site.call("POST", "/api/v1/login", json_body={"email": "ana@example.com", "password": PASSWORD})
    assert login.status == 200, login
    token = login.json()["token"]
    assert login.json()["profile"]["emailVerified"] is True
    # The token signed in through nginx works on each instance (sessions are in the database).
    for instance in (a, b):
        assert instance.site.call("GET", "/api/v1/profile", token=token).status == 200

    # Upload a song through nginx, play it whole and from the middle through nginx, and from
    # each instance's own port: the media are in the one bucket.
    song = click_track(deployment.stack.folder / "click-track.wav", 60)
    key = str(uuid.uuid4())
    first, song_id = upload_song(site, token, "click-track.wav", song, key)
    # An app whose answer was lost (an instance died with the request) sends it again with the
    # same key, to whichever instance: it gets the first answer back, and no second song.
    for instance in (a, b):
        again = instance.site.call("POST", "/api/v1/songs?filename=click-track.wav", token=token, body=song,
                                   headers={"Content-Type": "audio/wav", "Idempotency-Key": key}, timeout=300)
        assert (again.status, again.headers.get("idempotent-replayed")) == (first.status, "true"), again
    whole = site.call("GET", f"/api/v1/songs/{song_id}/audio", token=token)
    assert whole.status == 200 and hashlib.sha256(whole.body).digest() == hashlib.sha256(song).digest(), whole.status
    for where in (site, a.site, b.site):
        part = where.call("GET", f"/api/v1/songs/{song_id}/audio", token=token, headers={"Range": "bytes=1000000-1065535"})
        assert part.status == 206, (where.base, part)
        assert part.headers["content-range"] == f"bytes 1000000-1065535/{len(song)}"
        assert part.body == song[1000000:1065536], where.base

    # An administrator imports the report library; confirming starts a report.import job on
    # whichever instance is free.
    a.command("admin", "grant", "ana@example.com")
    library = report_library_zip()

    def previewed():
        # Instances trust a signed-in token's user for KINETIC_TOKEN_CACHE_SECONDS (5 s) before
        # reading it again, so the new role shows within that.
        answer = site.call("POST", "/api/v1/reports/import", token=token, body=library,
                           headers={"Content-Type": "application/zip"}, timeout=600)
        return None if answer.status == 403 else answer
    preview = wait_for("the administrator's role to show", previewed, 10, interval=0.5)
    assert preview.status == 201, preview
    import_id = preview.json()["id"]
    reader = Reader(site, token, "/api/v1/songs")
    reader.start()
    confirmed = site.call("POST", f"/api/v1/reports/import/{import_id}/confirm", token=token)
    assert confirmed.status == 202, confirmed

    # Kill the instance running it, with SIGKILL, as soon as it holds the job.
    def running_job():
        rows = deployment.query(
            "SELECT id, state, attempted_by, attempt FROM jobs WHERE kind = 'report.import' "
            f"AND payload ILIKE '%{import_id}%'")
        assert rows, "confirming made no report.import job"
        job_id, state, attempted_by, attempt = rows[0]
        assert state in ("available", "executing"), f"the import job was {state} before it could be interrupted"
        return (job_id, attempted_by) if state == "executing" else None
    job_id, attempted_by = wait_for("an instance to take the import job", running_job, 30, interval=0.02)
    victim = instance_of(attempted_by, (a, b))
    survivor = b if victim is a else a
    victim.kill()
    killed_at = time.monotonic()
    seen["killed"] = f"kinetic@{victim.port} ({'A' if victim is a else 'B'}), holding the import job"
    status = site.call("GET", f"/api/v1/reports/import/{import_id}/status", token=token)
    assert status.status == 200, status
    seen["status at the kill"] = status.json()["state"] + " " + json.dumps(status.json()["progress"])
    assert status.json()["state"] == "importing", status

    # The survivor takes the job over once the dead instance's lease has run out (a new try,
    # under its own name), and ends it.
    def rescued():
        rows = deployment.query(f"SELECT state, attempted_by, attempt FROM jobs WHERE id = '{job_id}'")
        return rows[0] if rows[0][1] != attempted_by else None
    wait_for("the other instance to take the import job over", rescued, 150, interval=0.5)
    seen["job taken over after"] = f"{time.monotonic() - killed_at:.1f} s"

    def imported():
        answer = site.call("GET", f"/api/v1/reports/import/{import_id}/status", token=token)
        assert answer.status == 200, answer
        return answer.json() if answer.json()["state"] != "importing" else None
    final = wait_for("the import to end", imported, 120, interval=0.5)
    seen["imported after"] = f"{time.monotonic() - killed_at:.1f} s"
    reader.stop()
    assert final["state"] == "imported", final
    job = deployment.query(f"SELECT state, attempted_by, attempt FROM jobs WHERE id = '{job_id}'")[0]
    assert job[0] == "completed" and instance_of(job[1], (a, b)) is survivor and job[2] == "2", job

    # Reads went on through nginx while the instance died: GETs that met the dead instance were
    # passed to the survivor (proxy_next_upstream), so none failed.
    failures = [(round(at - killed_at, 2), outcome) for at, outcome in reader.answers if outcome != 200]
    seen["reads through nginx during the kill"] = f"{len(reader.answers)}, failed: {failures}"
    assert reader.answers and not failures, failures
    names = {f"127.0.0.1:{a.port}": "A", f"127.0.0.1:{b.port}": "B"}

    def named(upstreams):
        return ", ".join(names.get(upstream.strip(), upstream.strip()) for upstream in upstreams.split(","))
    seen["requests nginx passed on to the next instance"] = [
        f"{request} tried {named(upstreams)}: {statuses}" for request, upstreams, statuses in deployment.nginx.requests()
        if "," in upstreams]
    for label, start in (("sign-in", "POST /api/v1/login"), ("song upload", "POST /api/v1/songs"),
                         ("song played", f"GET /api/v1/songs/{song_id}/audio"), ("import confirmed", "POST /api/v1/reports/import/")):
        seen[f"{label} answered by"] = [named(upstreams) for request, upstreams, _ in deployment.nginx.requests()
                                        if request.startswith(start)]

    # With one instance gone: a wish to someone outside (e-mail) and to Ben (in the app).
    now = datetime.now(timezone.utc)
    wish = site.call("POST", "/api/v1/wishes", token=token, json_body={
        "occasion": "birthday", "subject": "Happy birthday from the deploy test",
        "message": "Many happy returns, through nginx.", "sendAt": now.strftime("%Y-%m-%dT%H:%M"), "timeZone": "UTC",
        "recipients": [{"address": OUTSIDE_ADDRESS, "reach": "email"}, {"address": "ben@example.com", "reach": "in-app"}]})
    assert wish.status == 201, wish
    wait_for("the wish's e-mail", lambda: mailbox.to(OUTSIDE_ADDRESS), 60)

    def in_bens_inbox():
        items = site.call("GET", "/api/v1/wishes?box=inbox", token=ben["token"]).json()["items"]
        return items if items else None
    wait_for("the wish in Ben's Inbox", in_bens_inbox, 60)

    # The killed instance comes back: both ready, and nothing was done twice.
    victim.start()
    victim.wait_ready()
    for instance in (a, b):
        assert instance.site.call("GET", "/readyz").status == 200
    time.sleep(3)  # several rounds of looking for due wishes and jobs, on both instances
    assert len(mailbox.to(OUTSIDE_ADDRESS)) == 1, mailbox.to(OUTSIDE_ADDRESS)
    inbox = site.call("GET", "/api/v1/wishes?box=inbox", token=ben["token"]).json()["items"]
    assert [item["subject"] for item in inbox] == ["Happy birthday from the deploy test"], inbox
    sent = site.call("GET", "/api/v1/wishes?box=sent", token=token).json()["items"]
    assert len(sent) == 1 and sorted(t["outcome"] for t in sent[0]["to"]) == ["delivered", "delivered"], sent
    songs = site.call("GET", "/api/v1/songs", token=token).json()
    assert [s["id"] for s in songs if not s.get("starter")] == [song_id], songs
    assert deployment.query("SELECT count(*) FROM report_libraries") == [["1"]]
    assert deployment.query("SELECT count(*) FROM reports") == [["3"]]
    # The library the import replaced, kept for undo, is the empty one there was before: had a
    # second try stored the import again, it would be the first try's, with its three reports.
    previous = [json.loads(row[0]) for row in deployment.query("SELECT snapshot FROM report_library_previous")]
    assert [(p.get("library"), p["reports"]) for p in previous] == [(None, [])], previous
    root = site.call("GET", "/api/v1/reports/categories/root", token=token).json()
    assert [c["reportCount"] for c in root["categories"]] == [3], root
    leftovers = deployment.query("SELECT kind, state FROM jobs WHERE state NOT IN ('completed')")
    assert not leftovers, leftovers
    print("\n" + "\n".join(f"  {key}: {value}" for key, value in seen.items()))


# --- 3. A graceful stop ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def graceful_database(stack):
    """The database of the graceful-stop tests, one instance at a time."""
    return "kinetic_graceful", stack.postgres.create_database("kinetic_graceful")


@pytest.mark.parametrize("job_running", [True, False], ids=["with-a-job-running", "without-jobs"])
def test_sigterm_lets_running_work_and_requests_in_flight_finish(stack, graceful_database, job_running):
    database, database_url = graceful_database
    port = free_port()
    # A song upload answers with its job at once (202), so a job can be running while the
    # instance is asked to stop.
    # No starter songs: mixing them would take the first minute of every instance this starts.
    settings = stack.settings(database_url, "kinetic-graceful", f"http://127.0.0.1:{port}", KINETIC_SONG_WAIT_SECONDS="0",
                              KINETIC_STARTER_SONGS_DIR="none")
    instance = stack.instance(port, settings).start()
    try:
        instance.wait_ready()
        # Its start's background work ended (with no starter songs to add, at once): stopping
        # mid-song would let that song finish first, which would stretch this stop.
        instance.wait_for_starter_songs()
        site = instance.site
        email = f"stop-{'job' if job_running else 'idle'}@example.com"
        token = sign_up(site, "Stop Test", email)["token"]
        titles = ["thirty-seconds"]

        running_job = None
        if job_running:
            # A job running: a ten-minute song's analysis.
            long_song = click_track(stack.folder / "ten-minutes.wav", 600)
            started = site.call("POST", "/api/v1/songs?filename=ten-minutes.wav", token=token, body=long_song,
                                headers={"Content-Type": "audio/wav"}, timeout=300)
            assert started.status == 202, started
            running_job = started.json()["id"]
            titles.insert(0, "ten-minutes")

            def executing():
                return stack.postgres.query(database, f"SELECT state FROM jobs WHERE id = '{running_job}'") == [["executing"]]
            wait_for("the song job to run", executing, 30, interval=0.05)

        # A request in flight: a song sent slowly, 64 KiB every 50 ms (about 4 s for 5 MiB);
        # SIGTERM once a quarter of it is sent, the rest sent as before.
        slow_song = click_track(stack.folder / "thirty-seconds.wav", 30)
        connection = site.connection(timeout=120)
        connection.putrequest("POST", "/api/v1/songs?filename=thirty-seconds.wav")
        for name, value in (("Authorization", "Bearer " + token), ("Content-Type", "audio/wav"),
                            ("Content-Length", str(len(slow_song))), ("Idempotency-Key", str(uuid.uuid4()))):
            connection.putheader(name, value)
        connection.endheaders()
        chunk = 64 << 10
        stopped_at = None
        sent = "the body was not sent whole"
        try:
            for offset in range(0, len(slow_song), chunk):
                connection.send(slow_song[offset:offset + chunk])
                if stopped_at is None and offset >= len(slow_song) // 4:
                    instance.process.send_signal(instance.stop_signal)
                    stopped_at = time.monotonic()
                time.sleep(0.05)
            sent = f"the body's last byte sent {time.monotonic() - stopped_at:.1f} s after SIGTERM"
            response = connection.getresponse()
            answer = Answer(response.status, dict(response.getheaders()), response.read())
        except (OSError, http.client.HTTPException) as error:
            answer = error
        finally:
            answered_after = time.monotonic() - stopped_at
            connection.close()

        try:
            status = instance.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            status = None
        exited_after = time.monotonic() - stopped_at
        jobs = stack.postgres.query(database, "SELECT j.id, j.kind, j.state, j.attempt FROM jobs j JOIN users u ON u.id::text = j.owner "
                                    f"WHERE u.email = '{email}' ORDER BY j.inserted_at")
        print(f"\n  upload in flight: {sent}; {answered_after:.1f} s after SIGTERM: {answer!r}"
              f"\n  exit status {status} after {exited_after:.1f} s\n  jobs: {jobs}")
        # Every requirement is checked before failing, so a failure names all that did not hold.
        problems = []
        if not (isinstance(answer, Answer) and answer.status in (201, 202) and answer.json().get("id")):
            problems.append(f"the upload in flight at SIGTERM ({sent}) got {answer!r} {answered_after:.1f} s after "
                            "SIGTERM, not 201 or 202 with the song or its job")
        if status != 0:
            problems.append(f"the process ended with status {status} (negative: the signal that ended it) "
                            f"{exited_after:.1f} s after SIGTERM, not 0 within 30 s")
        try:
            site.call("GET", "/livez", timeout=3)
            problems.append("/livez still answers")
        except OSError:
            pass
        states = {job_id: state for job_id, _, state, _ in jobs}
        if running_job and states.get(running_job) not in ("completed", "available"):
            problems.append(f"the job running at SIGTERM is {states.get(running_job)}, not completed or available")
        if "executing" in states.values():
            problems.append("a job is left executing")
        assert not problems, "\n".join(problems) + f"\nThe instance's log since its start:\n{instance.log_summary()}"

        # Started again, it runs what was given back or left waiting: nothing was lost.
        instance.start()
        instance.wait_ready()

        def all_done():
            rows = stack.postgres.query(database, "SELECT j.state FROM jobs j JOIN users u ON u.id::text = j.owner "
                                        f"WHERE u.email = '{email}'")
            return all(row == ["completed"] for row in rows)
        wait_for("every song job to be completed after the restart", all_done, 120, interval=0.5)
        songs = site.call("GET", "/api/v1/songs", token=token).json()
        assert sorted(s["title"] for s in songs if not s.get("starter")) == titles, songs
    finally:
        instance.stop()

"""Wish delivery in steady state, in-app and by e-mail, each beside its limit.

For each kind a release server on SQLite is filled through its own API with --deliveries due
deliveries (default 100,000) while its delivery is paused (KINETIC_WISH_POLL_SECONDS=3600: it
looks once at start, then sleeps), then started again with a 0.1 s poll interval and left to
deliver. Ended deliveries (delivered or failed) are counted by reading the SQLite file
read-only every 0.25 s (a reader the in-app limit's replay does not have). The backlog is worked through in --windows windows (default 3), each a fresh start
of the server: a window's rate counts from the 1,000th delivery it ended (half its share when
that is smaller, in a quick try) to the last it was given (an equal share of the backlog) or
to --window seconds (default 120), whichever comes first; the output says which. Between windows runs the limit, so the two alternate.

- In-app: --inapp-recipients (20) Kinetic accounts with confirmed addresses per wish, the
  wishes sent by --users (1,000) accounts to each other. The limit: the statements an in-app
  delivery makes (the claim of 50, then per delivery the two reads and the transaction that
  inserts the Inbox row and marks it delivered) run by Python's sqlite3 on a copy of the same
  database taken before delivery, over as many deliveries as the window measured.
- E-mail: wishes to addresses outside Kinetic, sent by SMTP to Postfix's smtp-sink (which
  throws them away). Each sender is a new account that sends one wish to --email-recipients
  (10) addresses: the sending limit of an account's first day (KINETIC_MAIL_FIRST_DAY, default
  10), so no limit is raised unless more recipients are asked for (then it is, and the output
  says so). The limit: Postfix's smtp-source sending a real Kinetic wish e-mail (captured from
  a separate small run with smtp-sink -d, which also checks what arrives) as often as the
  window measured, over one SMTP session, into the same kind of sink. Kinetic sends one batch
  of up to 50 messages per SMTP session, one session at a time.

Each sender has an address of its own (X-Forwarded-For, the server trusting loopback as its
proxy), so per-address limits count each one apart, as on the Internet. After the windows the
database's outcomes are checked: every delivery ended, none failed, and (e-mail) smtp-sink
received as many messages as the database marked delivered (more would be duplicates).

Prints and writes (--out, JSON) the figures; never fails on a figure."""
import argparse
import atexit
import datetime
import json
import math
import os
import pathlib
import re
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from reads import Client, free_port, in_parallel  # noqa: E402

SMTP_SINK = "/usr/sbin/smtp-sink"
SMTP_SOURCE = "/usr/sbin/smtp-source"
MAIL_FROM = "wishes@kinetic.test"
WARM_UP = 1000  # ended deliveries of each window that are not measured
FIRST_DAY_LIMIT = 10  # KINETIC_MAIL_FIRST_DAY's default: what a new account may e-mail in a day


# Every process this script starts, killed at exit if still running (a server that did not
# start exits the script with the sink already listening).
STARTED = []


@atexit.register
def kill_leftovers():
    for process in STARTED:
        if process.poll() is None:
            process.kill()
            process.wait()


# MARK: - smtp-sink and smtp-source

class Sink:
    """Postfix's smtp-sink on a free loopback port, throwing messages away (or, with `dump`,
    writing each to a file there), counting them (-c)."""

    def __init__(self, folder, name, dump=None):
        self.port = free_port()
        self.output = pathlib.Path(folder) / f"sink-{name}.out"
        command = [SMTP_SINK, "-c"]
        if dump:
            pathlib.Path(dump).mkdir(parents=True, exist_ok=True)
            for path in [*reversed(pathlib.Path(dump).parents[:2]), pathlib.Path(dump)]:
                os.chmod(path, 0o777 if path == pathlib.Path(dump) else 0o755)  # smtp-sink writes as nobody
            command += ["-d", str(pathlib.Path(dump) / "message.")]
        if os.geteuid() == 0:
            command += ["-u", "nobody"]
        command += [f"127.0.0.1:{self.port}", "1000"]
        self.process = subprocess.Popen(command, stdout=open(self.output, "w"), stderr=subprocess.STDOUT)
        STARTED.append(self.process)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        sys.exit(f"smtp-sink did not listen:\n{self.output.read_text()}")

    def stop(self):
        """Stops the sink; returns how many messages it received."""
        time.sleep(0.2)
        self.process.terminate()
        self.process.wait()
        counters = re.findall(r"mesg=(\d+)", self.output.read_text(errors="replace"))
        return int(counters[-1]) if counters else 0


def message_file(dumped, target):
    """The message smtp-sink dumped, without the lines it added in front (its X- records and
    its three-line Received header) and the empty line after it: what Kinetic sent as DATA.
    Written to `target` for smtp-source -F; returns its size on the wire (CRLF line ends)."""
    lines = dumped.read_text(errors="replace").split("\n")
    start = 0
    while start < len(lines) and lines[start].startswith("X-"):
        start += 1
    if start < len(lines) and lines[start].startswith("Received:"):
        start += 1
        while start < len(lines) and lines[start][:1] in (" ", "\t"):
            start += 1
    body = lines[start:]
    while body and body[-1] == "":
        body.pop()
    target.write_text("\n".join(body) + "\n")
    return sum(len(line.encode()) + 2 for line in body)


def smtp_source(folder, message, count, name):
    """smtp-source sends `message` `count` times over one session into a fresh sink:
    (seconds, messages/s, messages the sink received)."""
    sink = Sink(folder, name)
    started = time.perf_counter()
    result = subprocess.run([SMTP_SOURCE, "-s", "1", "-d", "-m", str(count), "-F", str(message), "-f", MAIL_FROM,
                             "-t", "friend@outside.example", "-M", "kinetic.test", f"127.0.0.1:{sink.port}"],
                            capture_output=True, text=True)
    seconds = time.perf_counter() - started
    received = sink.stop()
    if result.returncode != 0:
        print(f"  smtp-source said: {(result.stdout + result.stderr).strip()[:300]}", flush=True)
    return {"messages": count, "seconds": seconds, "rate": count / seconds, "received": received}


# MARK: - The server

class Server:
    def __init__(self, binary, data_dir, poll, smtp_port=None, extra=None, name="server"):
        self.port = free_port()
        self.log_path = pathlib.Path(data_dir).parent / f"{name}.log"
        environment = dict(os.environ, KINETIC_BCRYPT_COST="4", KINETIC_TRUSTED_PROXIES="127.0.0.1",
                           KINETIC_WISH_POLL_SECONDS=str(poll), DATABASE_URL="", KINETIC_PUBLIC_URL=f"http://127.0.0.1:{self.port}")
        if smtp_port:
            environment.update(KINETIC_SMTP_URL=f"smtp://127.0.0.1:{smtp_port}?starttls=never", KINETIC_MAIL_FROM=MAIL_FROM)
        environment.update(extra or {})
        self.process = subprocess.Popen([binary, "serve", "--no-demo", "--data-dir", str(data_dir), "--hostname", "127.0.0.1",
                                         "--port", str(self.port), "--log", "warning"],
                                        stdout=open(self.log_path, "a"), stderr=subprocess.STDOUT, env=environment)
        STARTED.append(self.process)
        for _ in range(600):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/livez", timeout=1).read()
                return
            except Exception:
                if self.process.poll() is not None:
                    sys.exit("the server stopped:\n" + self.log_path.read_text()[-3000:])
                time.sleep(0.1)
        self.stop()
        sys.exit("the server did not answer after a minute:\n" + self.log_path.read_text()[-3000:])

    def stop(self):
        """SIGTERM: the round under way finishes, nothing stays claimed."""
        self.process.terminate()
        try:
            self.process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def log_errors(folder):
    """Lines of the servers' logs at error level or above (the bench logs at warning)."""
    lines = []
    for log in sorted(pathlib.Path(folder).rglob("*.log")):
        lines += [f"{log.stem}: {line.strip()}" for line in log.read_text(errors="replace").splitlines()
                  if re.search(r"\b(error|critical|fatal)\b", line, re.IGNORECASE)]
    return lines


# MARK: - The database, read-only

def read_only(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
    connection.execute("PRAGMA busy_timeout = 30000")
    return connection


def ended(database, channel):
    with read_only(database) as connection:
        return connection.execute("SELECT COUNT(*) FROM wish_deliveries WHERE channel = ? AND state IN ('delivered', 'failed')",
                                  (channel,)).fetchone()[0]


def outcomes(database, channel):
    """Deliveries by state, the reasons of failed ones, and p50 of due → finished of delivered ones."""
    with read_only(database) as connection:
        states = dict(connection.execute("SELECT state, COUNT(*) FROM wish_deliveries WHERE channel = ? GROUP BY state", (channel,)))
        reasons = dict(connection.execute("SELECT COALESCE(last_error, ''), COUNT(*) FROM wish_deliveries "
                                          "WHERE channel = ? AND state = 'failed' GROUP BY last_error", (channel,)))
        # Waiting for another try (a send cut short when a window stopped the server says so here).
        retrying = dict(connection.execute("SELECT last_error, COUNT(*) FROM wish_deliveries WHERE channel = ? "
                                           "AND state = 'pending' AND last_error IS NOT NULL GROUP BY last_error", (channel,)))
        extra = {}
        if channel == "in-app":
            extra["inbox_rows"] = connection.execute("SELECT COUNT(*) FROM wish_inbox WHERE kind = 'wish'").fetchone()[0]
            extra["inbox_rows_of_one_delivery"] = connection.execute(
                "SELECT COUNT(*) FROM (SELECT delivery_id FROM wish_inbox GROUP BY delivery_id HAVING COUNT(*) > 1)").fetchone()[0]
    return {"states": states, "failed_reasons": reasons, "pending_reasons": retrying, **extra}


def waits(database, channel, since, until):
    """Seconds from due to finished of the deliveries finished in [since, until] (wall clock)."""
    with read_only(database) as connection:
        rows = [row[0] for row in connection.execute(
            "SELECT finished_at - due_at FROM wish_deliveries WHERE channel = ? AND state = 'delivered' "
            "AND finished_at BETWEEN ? AND ?", (channel, since, until))]
    return statistics.median(rows) if rows else None


# MARK: - Filling through the API

def sign_up(client, names, verify):
    """Accounts `name@kinetic.test` through the API, each from an address of its own; then
    every address confirmed by `kinetic admin verify-all`. Returns their tokens."""
    def make(item):
        index, name = item
        return client.call("POST", "/api/v1/accounts", {"name": f"Bench {name}", "email": f"{name}@kinetic.test",
                                                         "password": "bench-password"}, client=index + 1)["token"]
    tokens = in_parallel(make, list(enumerate(names)))
    verify()
    return tokens


def send_wishes(client, jobs, photo):
    """Each job (token, client number, recipients) becomes one wish due now, sent through the API."""
    def send(job):
        token, number, recipients = job
        # This minute on the sender's clock: due at once (up to two minutes past is accepted).
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M")
        body = {"occasion": "birthday", "subject": f"Happy birthday from bench {number}",
                "message": "Many happy returns of the day!\n\nHave a wonderful year, from all of us.",
                "recipients": recipients, "sendAt": now, "timeZone": "UTC"}
        if photo:
            body["photo"] = photo
        return client.call("POST", "/api/v1/wishes", body, token, client=number + 1)
    in_parallel(send, jobs)


def fill_inapp(binary, data_dir, deliveries, users, per_wish, photo):
    server = Server(binary, data_dir, 3600, name="inapp-fill")
    try:
        client = Client(server.port)
        verify = lambda: subprocess.run([binary, "admin", "verify-all", "--data-dir", str(data_dir), "--log", "warning"],
                                        check=True, capture_output=True)
        started = time.time()
        tokens = sign_up(client, [f"user-{index}" for index in range(users)], verify)
        print(f"  {users:,} accounts signed up and confirmed in {time.time() - started:.0f} s", flush=True)
        started = time.time()
        wishes = math.ceil(deliveries / per_wish)
        jobs = []
        for number in range(wishes):
            sender = number % users
            recipients = [f"user-{(sender + 1 + k * 37) % users}@kinetic.test" for k in range(per_wish)]
            jobs.append((tokens[sender], sender, recipients))
        send_wishes(client, jobs, photo)
        print(f"  {wishes:,} wishes to {per_wish} accounts each sent in {time.time() - started:.0f} s", flush=True)
    finally:
        server.stop()
    return wishes * per_wish


def fill_email(binary, folder, data_dir, deliveries, per_wish, photo, extra):
    # Sign-ups e-mail their confirmation links: into a sink of their own, not counted.
    sink = Sink(folder, "fill")
    server = Server(binary, data_dir, 3600, smtp_port=sink.port, extra=extra, name="email-fill")
    try:
        client = Client(server.port)
        verify = lambda: subprocess.run([binary, "admin", "verify-all", "--data-dir", str(data_dir), "--log", "warning"],
                                        check=True, capture_output=True)
        senders = math.ceil(deliveries / per_wish)
        started = time.time()
        tokens = sign_up(client, [f"sender-{index}" for index in range(senders)], verify)
        print(f"  {senders:,} accounts signed up and confirmed in {time.time() - started:.0f} s", flush=True)
        started = time.time()
        jobs = [(tokens[number], number, [f"friend-{number}-{k}@outside.example" for k in range(per_wish)])
                for number in range(senders)]
        send_wishes(client, jobs, photo)
        print(f"  {senders:,} wishes to {per_wish} outside addresses each sent in {time.time() - started:.0f} s", flush=True)
    finally:
        server.stop()
        sink.stop()
    return senders * per_wish


# MARK: - Delivering, in windows

def deliver_window(binary, folder, data_dir, channel, total, target, cap, number, extra):
    """Starts the server (with a fresh sink for e-mail) and lets it deliver until `target`
    deliveries of `channel` ended or `cap` seconds passed after the window's first 1,000."""
    database = data_dir / "kinetic.sqlite"
    before = ended(database, channel)
    sink = Sink(folder, f"{channel}-window-{number}") if channel == "email" else None
    server = Server(binary, data_dir, 0.1, smtp_port=sink.port if sink else None, extra=extra, name=f"{channel}-window-{number}")
    started = time.time()
    warm = None  # (time, count) at the window's 1,000th ended delivery
    last = (started, before)
    stopped_by = "share"
    try:
        while True:
            time.sleep(0.25)
            count = ended(database, channel)
            now = time.time()
            if count != last[1]:
                last = (now, count)
            if warm is None and count - before >= min(WARM_UP, max(1, (target - before) // 2)):
                warm = (now, count)
            if count >= target:
                break
            if warm and now - warm[0] >= cap:
                stopped_by = "time cap"
                break
            if now - last[0] > 120:
                stopped_by = "stalled (nothing ended for 120 s)"
                break
    finally:
        server.stop()
        received = sink.stop() if sink else None
    after = ended(database, channel)
    # A stalled window ends at its last delivery, not 120 s of nothing later.
    end = last if stopped_by.startswith("stalled") else (now, count)
    warm = warm or (started, before)
    measured = end[1] - warm[1]
    seconds = end[0] - warm[0]
    rate = measured / seconds if seconds > 0 and measured > 0 else 0.0
    p50 = waits(database, channel, warm[0], end[0])
    result = {"window": number, "ended_in_window": after - before, "measured": measured, "seconds": seconds, "rate": rate,
              "ended_by": stopped_by, "p50_due_to_delivered_s": p50, "start_to_first_1000_s": warm[0] - started}
    if sink:
        result["sink_received"] = received
    print(f"  window {number + 1}: {channel:6} {rate:8.1f} deliveries/s over {measured:,} in {seconds:.1f} s "
          f"(ended by {stopped_by}; {after - before:,} ended in the window"
          + (f", smtp-sink received {received:,}" if sink else "") + ")", flush=True)
    return result


# MARK: - The in-app limit: the same statements, by Python's sqlite3

class InAppReplay:
    """What an in-app delivery asks of SQLite, run on a copy of the filled database: per round,
    the claim of up to 50 (UPDATE … RETURNING) and the wishes moved to Sent in one
    transaction; per wish its row; per delivery the sender and the recipient's confirmed
    account read, then one transaction that inserts the Inbox row and marks it delivered."""

    def __init__(self, copy):
        self.connection = sqlite3.connect(copy, isolation_level=None, timeout=30)
        self.connection.execute("PRAGMA journal_mode = WAL")
        self.connection.execute("PRAGMA busy_timeout = 30000")
        self.inbox_columns = [row[1] for row in self.connection.execute("PRAGMA table_info(wish_inbox)")]
        self.owner = "replay-" + uuid.uuid4().hex[:8]

    def run(self, count):
        """Delivers `count` (or what is left); returns (deliveries, seconds)."""
        sql = self.connection
        done = 0
        started = time.perf_counter()
        while done < count:
            now = time.time()
            sql.execute("BEGIN")
            claimed = sql.execute(
                "UPDATE wish_deliveries SET state = 'sending', lease_owner = ?, lease_until = ?, attempts = attempts + 1 "
                "WHERE id IN (SELECT id FROM wish_deliveries WHERE (state = 'pending' AND due_at <= ?) "
                "OR (state = 'sending' AND lease_until < ?) ORDER BY due_at LIMIT ?) RETURNING id, wish_id, recipient",
                (self.owner, now + 300, now, now, min(50, count - done))).fetchall()
            wish_ids = list({row[1] for row in claimed})
            if wish_ids:
                sql.execute(f"UPDATE wishes SET state = 'sent', dispatched_at = ? WHERE id IN ({','.join('?' * len(wish_ids))}) "
                            "AND state = 'scheduled'", (now, *wish_ids))
            sql.execute("COMMIT")
            if not claimed:
                break
            wishes = {}
            for wish_id in wish_ids:
                cursor = sql.execute("SELECT * FROM wishes WHERE id = ?", (wish_id,))
                wishes[wish_id] = dict(zip([column[0] for column in cursor.description], cursor.fetchone()))
            for delivery_id, wish_id, address in claimed:
                wish = wishes[wish_id]
                cursor = sql.execute("SELECT * FROM users WHERE id = ?", (wish["sender_id"],))
                sender = dict(zip([column[0] for column in cursor.description], cursor.fetchone()))
                cursor = sql.execute("SELECT * FROM users WHERE email = ? AND email_verified_at IS NOT NULL LIMIT 1", (address,))
                recipient = dict(zip([column[0] for column in cursor.description], cursor.fetchone()))
                values = {"id": str(uuid.uuid4()).upper(), "recipient_id": recipient["id"], "delivery_id": delivery_id,
                          "wish_id": wish_id, "sender_name": sender["name"], "sender_email": sender["email"],
                          "occasion": wish["occasion"], "subject": wish["subject"], "message": wish["message"],
                          "photo": wish.get("photo"), "received_at": now, "read_at": None, "thanked_at": None,
                          "search_text": " ".join(f"{wish['subject']} {wish['message']} {sender['name']} {sender['email']}".lower().split()),
                          "kind": "wish"}
                columns = [column for column in self.inbox_columns if column in values]
                sql.execute("BEGIN")
                sql.execute(f"INSERT INTO wish_inbox ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) "
                            "ON CONFLICT (delivery_id) DO NOTHING", [values[column] for column in columns])
                sql.execute("UPDATE wish_deliveries SET lease_owner = NULL, lease_until = NULL, state = 'delivered', finished_at = ?, "
                            "external_id = ?, last_error = NULL WHERE id = ? AND lease_owner = ? AND state = 'sending' RETURNING id",
                            (now, values["id"].lower(), delivery_id, self.owner)).fetchall()
                sql.execute("COMMIT")
            done += len(claimed)
        return done, time.perf_counter() - started


# MARK: - The two kinds

def spread(runs):
    rates = sorted(run["rate"] for run in runs)
    if not rates:
        return None
    return {"min": rates[0], "median": statistics.median(rates), "max": rates[-1], "runs": len(rates)}


def shares(total, windows):
    return [math.ceil(total * (index + 1) / windows) for index in range(windows)]


def inapp(arguments, folder):
    data_dir = folder / "inapp" / "data"
    data_dir.mkdir(parents=True)
    print(f"In-app: filling a server with {arguments.deliveries:,} due deliveries (data in {data_dir})", flush=True)
    started = time.time()
    total = fill_inapp(arguments.binary, data_dir, arguments.deliveries, arguments.users, arguments.inapp_recipients, arguments.photo)
    filled = time.time() - started
    database = data_dir / "kinetic.sqlite"
    copy = folder / "inapp" / "replay.sqlite"
    with read_only(database) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    replay = InAppReplay(copy)
    runs, limits = [], []
    for number, target in enumerate(shares(total, arguments.windows)):
        run = deliver_window(arguments.binary, folder / "inapp", data_dir, "in-app", total, target, arguments.window, number, {})
        runs.append(run)
        if run["measured"] > 0:
            try:
                replay.run(min(WARM_UP, run["ended_in_window"] - run["measured"]))  # as unmeasured as Kinetic's first 1,000
                count, seconds = replay.run(run["measured"])
                limits.append({"window": number, "deliveries": count, "seconds": seconds, "rate": count / seconds})
                print(f"  limit {number + 1}: SQLite, the same statements   {count / seconds:8.1f} deliveries/s over {count:,}", flush=True)
            except (sqlite3.Error, KeyError, TypeError) as error:
                print(f"  the SQLite limit could not run: {error}", flush=True)
                limits.append({"window": number, "error": str(error)})
        if ended(database, "in-app") >= total:
            break
    result = {"deliveries": total, "users": arguments.users, "recipients_per_wish": arguments.inapp_recipients,
              "fill_seconds": filled, "runs": runs, "kinetic": spread([run for run in runs if run["measured"] > 0]),
              "limit": {"what": "the same SQLite statements by Python's sqlite3 on a copy of the database", "runs": limits,
                        **(spread([limit for limit in limits if "rate" in limit]) or {})},
              "check": outcomes(database, "in-app")}
    check = result["check"]
    check["all_ended"] = check["states"].get("delivered", 0) + check["states"].get("failed", 0) == total
    check["all_delivered_once"] = check["states"].get("delivered", 0) == total and check["inbox_rows"] == total \
        and check["inbox_rows_of_one_delivery"] == 0
    if result["kinetic"] and result["limit"].get("median"):
        result["ratio"] = result["kinetic"]["median"] / result["limit"]["median"]
    return result


def sample_mail(arguments, folder, extra):
    """A small separate run whose messages smtp-sink writes to files: checks them, measures
    one and keeps it for smtp-source."""
    data_dir = folder / "sample" / "data"
    data_dir.mkdir(parents=True)
    dump = folder / "sample" / "dump"
    count = 5
    fill_email(arguments.binary, folder / "sample", data_dir, count, count, arguments.photo, extra)
    sink = Sink(folder / "sample", "dump", dump=dump)
    server = Server(arguments.binary, data_dir, 0.1, smtp_port=sink.port, extra=extra, name="sample")
    try:
        for _ in range(600):
            if ended(data_dir / "kinetic.sqlite", "email") >= count:
                break
            time.sleep(0.1)
    finally:
        server.stop()
    received = sink.stop()
    files = sorted(path for path in dump.iterdir() if path.is_file())
    check = {"expected": count, "sink_received": received, "files": len(files), "states": outcomes(data_dir / "kinetic.sqlite", "email")["states"]}
    if not files:
        return check, None
    message = folder / "message.eml"
    check["message_bytes"] = message_file(files[0], message)
    texts = [path.read_text(errors="replace") for path in files]
    recipients = sorted(re.search(r"^X-Rcpt-Args: <([^>]+)>", text, re.MULTILINE).group(1) for text in texts)
    ids = [re.search(r"^Message-ID: *(\S+)", text, re.MULTILINE | re.IGNORECASE) for text in texts]
    check["recipients_right"] = recipients == sorted(f"friend-0-{k}@outside.example" for k in range(count))
    check["message_ids_unique"] = all(ids) and len({match.group(1) for match in ids}) == len(ids)
    check["has_list_unsubscribe"] = all(re.search(r"^List-Unsubscribe:", text, re.MULTILINE | re.IGNORECASE) for text in texts)
    check["has_card"] = all("image/png" in text for text in texts) if arguments.photo else None
    check["subject_right"] = all(re.search(r"^Subject: Happy birthday from bench 0", text, re.MULTILINE) for text in texts)
    print(f"  sample: {len(files)} of {count} messages arrived, {check['message_bytes']:,} bytes each; recipients right: "
          f"{check['recipients_right']}, Message-IDs unique: {check['message_ids_unique']}, card inline: {check['has_card']}", flush=True)
    return check, message


def email(arguments, folder):
    extra = {}
    raised = []
    if arguments.email_recipients > FIRST_DAY_LIMIT:
        extra["KINETIC_MAIL_FIRST_DAY"] = str(arguments.email_recipients)
        extra["KINETIC_MAIL_PER_HOUR"] = str(max(20, arguments.email_recipients))
        extra["KINETIC_MAIL_PER_DAY"] = str(max(50, arguments.email_recipients))
        raised = [f"{name}={value}" for name, value in extra.items()]
        print(f"  raised for this bench: {', '.join(raised)}", flush=True)
    (folder / "email").mkdir()
    print("E-mail: a sample of 5 messages, written to files to check them and measure one", flush=True)
    sample, message = sample_mail(arguments, folder, extra)
    data_dir = folder / "email" / "data"
    data_dir.mkdir(parents=True)
    print(f"E-mail: filling a server with {arguments.deliveries:,} due deliveries (data in {data_dir})", flush=True)
    started = time.time()
    total = fill_email(arguments.binary, folder / "email", data_dir, arguments.deliveries, arguments.email_recipients,
                       arguments.photo, extra)
    filled = time.time() - started
    database = data_dir / "kinetic.sqlite"
    runs, limits = [], []
    for number, target in enumerate(shares(total, arguments.windows)):
        run = deliver_window(arguments.binary, folder / "email", data_dir, "email", total, target, arguments.window, number, extra)
        runs.append(run)
        if message and run["measured"] > 0:
            limit = smtp_source(folder / "email", message, run["measured"], f"source-{number}")
            limit["window"] = number
            limits.append(limit)
            print(f"  limit {number + 1}: smtp-source, 1 session        {limit['rate']:8.1f} messages/s over {limit['messages']:,}"
                  + ("" if limit["received"] == limit["messages"] else f" (the sink received {limit['received']:,})"), flush=True)
        if ended(database, "email") >= total:
            break
    check = outcomes(database, "email")
    delivered = check["states"].get("delivered", 0)
    received = sum(run["sink_received"] for run in runs)
    check.update(sink_received=received, all_ended=delivered + check["states"].get("failed", 0) == total,
                 sink_matches_delivered=received == delivered, duplicates=max(0, received - delivered))
    result = {"deliveries": total, "senders": math.ceil(arguments.deliveries / arguments.email_recipients),
              "recipients_per_wish": arguments.email_recipients, "photo": arguments.photo, "limits_raised": raised,
              "smtp_sessions": "one at a time, up to 50 messages each", "fill_seconds": filled, "sample": sample,
              "message_bytes": sample.get("message_bytes"), "runs": runs, "kinetic": spread([run for run in runs if run["measured"] > 0]),
              "limit": {"what": "smtp-source -s 1 -d, the same message, into smtp-sink", "runs": limits, **(spread(limits) or {})},
              "check": check}
    if result["kinetic"] and result["limit"].get("median"):
        result["ratio"] = result["kinetic"]["median"] / result["limit"]["median"]
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/kinetic")
    parser.add_argument("--deliveries", type=int, default=100_000, help="due deliveries of each kind")
    parser.add_argument("--window", type=float, default=120, help="longest measured seconds of a window")
    parser.add_argument("--windows", type=int, default=3, help="windows per kind, each followed by its limit")
    parser.add_argument("--users", type=int, default=1000, help="accounts the in-app wishes go among")
    parser.add_argument("--inapp-recipients", type=int, default=20)
    parser.add_argument("--email-recipients", type=int, default=FIRST_DAY_LIMIT,
                        help="outside addresses per wish, one wish per new account (above 10 raises the first-day limit)")
    parser.add_argument("--photo", default="stock:birthday-1", help="the wishes' photo (a stock card, drawn into each e-mail); '' for none")
    parser.add_argument("--kinds", default="in-app,email")
    parser.add_argument("--keep", action="store_true", help="keep the data and logs")
    parser.add_argument("--out")
    arguments = parser.parse_args()
    arguments.binary = str(pathlib.Path(arguments.binary).resolve())
    arguments.photo = arguments.photo or None
    kinds = arguments.kinds.split(",")

    folder = pathlib.Path(tempfile.mkdtemp(prefix="bench-wishes-"))
    result = {"deliveries": arguments.deliveries, "window_cap_s": arguments.window, "windows": arguments.windows, "warm_up": WARM_UP}
    try:
        if "in-app" in kinds:
            result["in_app"] = inapp(arguments, folder)
        if "email" in kinds:
            result["email"] = email(arguments, folder)
        result["server_log_errors"] = log_errors(folder)[:20]
    finally:
        if not arguments.keep:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"Kept {folder}")

    print(f"\n{'':28} {'min':>9} {'median':>9} {'max':>9}   limit median   ratio")
    for key, name, unit in [("in_app", "in-app deliveries/s", ""), ("email", "e-mail deliveries/s", "")]:
        part = result.get(key)
        if not part or not part.get("kinetic"):
            continue
        ours, limit = part["kinetic"], part["limit"]
        print(f"{name:28} {ours['min']:9.1f} {ours['median']:9.1f} {ours['max']:9.1f}   "
              + (f"{limit['median']:12.1f}   {part['ratio']:5.1%}" if limit.get("median") else "        none"))
        check = part["check"]
        print(f"  {'':26} outcomes {check['states']}" + (f", failed: {check['failed_reasons']}" if check["failed_reasons"] else "")
              + (f", smtp-sink received {check['sink_received']:,}" if "sink_received" in check else "")
              + (f", waiting to be tried again: {check['pending_reasons']}" if check["pending_reasons"] else ""))
    if result.get("server_log_errors"):
        print("Server log errors:\n  " + "\n  ".join(result["server_log_errors"][:5]))
    if arguments.out:
        pathlib.Path(arguments.out).write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

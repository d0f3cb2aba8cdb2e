"""Each module's main read under load, beside the floor: a route that answers without the
database (/livez). One release server on SQLite is filled through its own API (users, their
jump sessions, a month of steps, kept workouts, wishes sent to each other and delivered by the
server itself), then wrk asks each read at 64 connections, each request as one of the users at
random, in rounds that interleave the floor with each read (floor, goals, floor, steps, ...).

Prints and writes (--out, JSON) per read: requests/s (min, median, max over the rounds),
p99 latency (median), and its ratio to the floor's median."""
import argparse
import concurrent.futures
import datetime
import http.client
import json
import os
import pathlib
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

READS = [
    ("goals", "/api/v1/profile/{customer}/goals"),
    ("steps month", "/api/v1/steps/daily?from={month}-01&to={month}-{last}"),
    ("workouts list", "/api/v1/workouts"),
    ("reports level", "/api/v1/reports/categories/root"),
    ("wish inbox", "/api/v1/wishes?box=inbox"),
]
FLOOR = ("floor: /livez", "/livez")

LUA = """
local users = {}
for line in io.lines(os.getenv("BENCH_USERS")) do
  local token, customer = line:match("(%S+) (%S+)")
  users[#users + 1] = {token = token, customer = customer}
end
local template = os.getenv("BENCH_PATH")
math.randomseed(os.time())
request = function()
  local user = users[math.random(#users)]
  local path = template:gsub("{customer}", user.customer)
  return wrk.format("GET", path, {["Authorization"] = "Bearer " .. user.token})
end
"""

# How a wrk Lua script reports its run: one line that wrk() reads.
WRK_DONE = """done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %d %d %d %.0f %.0f\\n", summary.requests, summary.duration,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
"""
LUA += WRK_DONE


class Client:
    """One keep-alive connection per thread."""
    local = threading.local()

    def __init__(self, port):
        self.port = port

    def call(self, method, path, body=None, token=None, content_type="application/json", client=None):
        """`client`: the simulated phone's address (the server trusts loopback as a proxy), so
        per-address limits count each user apart, as they would on the Internet."""
        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = self.local.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        headers = {"Content-Type": content_type}
        if token:
            headers["Authorization"] = "Bearer " + token
        if client is not None:
            headers["X-Forwarded-For"] = f"10.{client >> 16 & 255}.{client >> 8 & 255}.{client & 255}"
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            raw = response.read()
        except (http.client.HTTPException, OSError):
            self.local.connection = None
            raise
        if response.status >= 300:
            raise RuntimeError(f"{method} {path}: {response.status} {raw[:300]!r}")
        return json.loads(raw) if raw else None


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(binary, data_dir, port, reused=False):
    environment = dict(os.environ, KINETIC_BCRYPT_COST="4", KINETIC_SIGNUP_BURST_PER_ADDRESS="100000",
                       KINETIC_LOGIN_BURST_PER_ADDRESS="100000", KINETIC_DEMO_PASSWORD="bench-demo-password",
                       KINETIC_TRUSTED_PROXIES="127.0.0.1")
    log = open(pathlib.Path(data_dir) / "server.log", "w")
    server = subprocess.Popen([binary, "serve", "--data-dir", data_dir, "--hostname", "127.0.0.1", "--port", str(port)],
                              stdout=log, stderr=subprocess.STDOUT, env=environment)
    for _ in range(600):
        text = (pathlib.Path(data_dir) / "server.log").read_text()
        # A server filled before says only that it serves; a new one, when its demo is made.
        if "Starter songs ready" in text and ("Demo reports ready" in text or "Kinetic serves" in text and reused):
            return server
        if server.poll() is not None:
            sys.exit("the server stopped:\n" + text)
        time.sleep(0.5)
    sys.exit("the demo library and songs were not ready after 5 minutes")


def in_parallel(work, items, workers=8):
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        return list(pool.map(work, items))


def fill(client, users, wishes, today, confirm):
    """Users with a year of jump sessions, a month of hourly steps and three kept workouts;
    `wishes` wishes sent among them (twenty recipients each) through the API."""
    def make(index):
        account = client.call("POST", "/api/v1/accounts",
                              {"name": f"Bench {index}", "email": f"bench-{index}@example.com", "password": "bench-password"})
        token = account["token"]
        client.call("PUT", "/api/v1/profile", {"fitness": {"bodyType": 1, "height": 70, "jumpGoal": 30000, "calorieGoal": 2000}}, token)
        for week in range(52):
            day = today - datetime.timedelta(days=7 * week + index % 7)
            client.call("POST", "/api/v1/jump-sessions", {"date": day.isoformat(), "numberOfJumps": 500 + (index * 7 + week * 13) % 3000,
                        "parkName": "Plainfield", "startTime": "13:00", "endTime": "14:00"}, token)
        records = []
        first = today.replace(day=1)
        day = first
        while day.month == first.month and day <= today:
            for hour in range(7, 22):
                records.append(f'<Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" '
                               f'startDate="{day} {hour:02d}:00:00 +0000" endDate="{day} {hour:02d}:59:00 +0000" '
                               f'value="{200 + (index + hour * 31 + day.day * 17) % 900}"/>')
            day += datetime.timedelta(days=1)
        xml = '<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n' + "\n".join(records) + "\n</HealthData>\n"
        client.call("POST", "/api/v1/health/import", xml.encode(), token, content_type="application/xml")
        for seed in range(3):
            client.call("POST", "/api/v1/workouts", {"categories": ["strength", "cardio"], "difficulty": "intermediate", "duration": 20, "seed": index * 10 + seed}, token)
        return token, account["customerId"]

    started = time.time()
    accounts = in_parallel(make, range(users))
    print(f"  {users} users filled in {time.time() - started:.0f} s", flush=True)
    # In-app wishes go to accounts that confirmed their address (others wait for their owner).
    confirm()

    started = time.time()
    def send(number):
        # A minute not yet passed: the next but one; the server delivers each wish when its minute comes.
        sent_at = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(minutes=2)).strftime("%Y-%m-%dT%H:%M")
        sender = number % users
        recipients = [f"bench-{(sender + 1 + k * 37) % users}@example.com" for k in range(20)]
        client.call("POST", "/api/v1/wishes", {"occasion": "birthday", "subject": f"Happy birthday #{number}",
                    "message": "Many happy returns of the day, from the whole team.", "recipients": recipients,
                    "sendAt": sent_at, "timeZone": "UTC"}, accounts[sender][0], client=sender)
    in_parallel(send, range(wishes // 20))
    print(f"  {wishes // 20} wishes to 20 each sent in {time.time() - started:.0f} s", flush=True)
    return accounts


def wait_for_deliveries(database, expected):
    started = time.time()
    while True:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
            ended = connection.execute("SELECT COUNT(*) FROM wish_deliveries WHERE recipient LIKE 'bench-%' "
                                       "AND state IN ('delivered', 'failed')").fetchone()[0]
        if ended >= expected:
            print(f"  every delivery ended after {time.time() - started:.0f} s", flush=True)
            return
        time.sleep(2)


def wrk(port, path, users_file, lua_file, duration, connections):
    environment = dict(os.environ, BENCH_USERS=users_file, BENCH_PATH=path)
    output = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "-s", lua_file, f"http://127.0.0.1:{port}"],
                            capture_output=True, text=True, env=environment, check=True).stdout
    line = next(line for line in output.splitlines() if line.startswith("RESULT "))
    requests, microseconds, bad_status, socket_errors, p50, p99 = (float(value) for value in line.split()[1:])
    return {"rate": requests / (microseconds / 1e6), "p50_ms": p50 / 1000, "p99_ms": p99 / 1000,
            "bad_status": int(bad_status), "socket_errors": int(socket_errors)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/kinetic")
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--wishes", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--reads", help="only the reads whose names contain this")
    parser.add_argument("--data-dir", help="fill this directory once and read it again on the next run")
    parser.add_argument("--out")
    arguments = parser.parse_args()

    data_dir = arguments.data_dir or tempfile.mkdtemp(prefix="kinetic-bench-reads.")
    pathlib.Path(data_dir).mkdir(parents=True, exist_ok=True)
    users_file = str(pathlib.Path(data_dir) / "users.txt")
    filled = pathlib.Path(users_file).exists()
    port = free_port()
    server = start_server(arguments.binary, data_dir, port, reused=filled)
    try:
        today = datetime.date.today()
        if filled:
            print(f"Reading the server filled before in {data_dir}", flush=True)
        else:
            print(f"Filling a server with {arguments.users} users and {arguments.wishes} wishes (data in {data_dir})", flush=True)
            confirm = lambda: subprocess.run([arguments.binary, "admin", "verify-all", "--data-dir", data_dir, "--log", "warning"],
                                             check=True, capture_output=True)
            accounts = fill(Client(port), arguments.users, arguments.wishes, today, confirm)
            wait_for_deliveries(pathlib.Path(data_dir) / "kinetic.sqlite", arguments.wishes)
            pathlib.Path(users_file).write_text("".join(f"{token} {customer}\n" for token, customer in accounts))
        lua_file = str(pathlib.Path(data_dir) / "reads.lua")
        pathlib.Path(lua_file).write_text(LUA)
        month = today.strftime("%Y-%m")
        last = (today.replace(day=28) + datetime.timedelta(days=4)).replace(day=1) - datetime.timedelta(days=1)
        reads = [(name, template) for name, template in READS if not arguments.reads or arguments.reads in name]
        results = {name: [] for name, _ in [FLOOR] + reads}
        for round_number in range(arguments.rounds):
            for name, template in reads:
                for label, path in [FLOOR, (name, template.replace("{month}", month).replace("{last}", f"{last.day:02d}"))]:
                    result = wrk(port, path, users_file, lua_file, arguments.duration, arguments.connections)
                    results[label].append(result)
                    print(f"  round {round_number + 1} {label:16} {result['rate']:9.0f} req/s  p99 {result['p99_ms']:7.1f} ms"
                          + (f"  {result['bad_status']} non-2xx" if result["bad_status"] else ""), flush=True)
        floor = statistics.median(result["rate"] for result in results[FLOOR[0]])
        summary = {}
        for name, runs in results.items():
            rates = sorted(result["rate"] for result in runs)
            summary[name] = {"min": rates[0], "median": statistics.median(rates), "max": rates[-1],
                             "p99_ms": statistics.median(result["p99_ms"] for result in runs),
                             "ratio": statistics.median(rates) / floor, "runs": len(runs),
                             "bad_status": sum(result["bad_status"] for result in runs)}
        print(f"\n{'read':16} {'min':>8} {'median':>8} {'max':>8} {'p99 ms':>8} {'of floor':>9}")
        for name, row in summary.items():
            print(f"{name:16} {row['min']:8.0f} {row['median']:8.0f} {row['max']:8.0f} {row['p99_ms']:8.1f} {row['ratio']:8.0%}")
        if arguments.out:
            pathlib.Path(arguments.out).write_text(json.dumps({"users": arguments.users, "wishes": arguments.wishes,
                                                               "connections": arguments.connections, "duration": arguments.duration,
                                                               "reads": summary}, indent=2))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()

"""Scale: each module's main read at 1x and 10x the data of the reads benchmark, on SQLite (what
one machine runs) and on PostgreSQL, with each PostgreSQL query's plan and time as PostgreSQL
itself measured them (EXPLAIN ANALYZE).

For each database and scale, a fresh database (a data directory's SQLite file; a database of a
throw-away PostgreSQL 15 cluster with auto_explain loaded) that one release server fills as the
reads benchmark does, through its own API: 50 signed-in users with their jump sessions, a month
of steps, kept workouts and wishes sent to each other and delivered by the server. Then the rest
of the scale is written straight into the tables (the other users, with the same rows per user as
the 50: 1,000 users and 100,000 wishes in the inbox at 1x, 10,000 and 1,000,000 at 10x; 200 more
reports in 20 more categories at 1x, ten times that at 10x, all under one more root category).
PostgreSQL's tables are analysed then, as its autovacuum would; SQLite's are not, as Kinetic
never asks it to (its plans are those QueryPlanTests checks). The 50 users' own data is the same
at both scales: only the tables around them grow, which is what an instance with more users
looks like to one of them.

Measured at each scale: wrk at 64 connections for each read, each request as one of the 50 at
random, interleaved with the floor (/livez); and on PostgreSQL, with auto_explain on, one request
of each read (after one that fills any cache), whose every query PostgreSQL logs with its plan
and time.

Prints and writes (--out, JSON) per database, read and scale: requests/s (min, median, max),
p99, and on PostgreSQL the queries' plans (the scans and indexes they use) and their summed
execution time."""
import argparse
import datetime
import json
import os
import pathlib
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

import reads

PG_BIN = pathlib.Path("/usr/lib/postgresql/15/bin")
SIGNED_IN = 50
# Rows per user, as the reads benchmark gives its users: a year of weekly jump sessions, a month
# of step totals, three kept workouts and a hundred wishes in the inbox.
PER_USER = {"jump_sessions": 52, "daily_step_totals": 30, "workouts": 3, "wish_inbox": 100}
# Categories and reports added per 1x beside the demo library, all under one more root category.
DEMO_SCALE_REPORTS = (20, 200)
# The tables whose rows each scale reports.
COUNTED = ["users", "api_tokens", "jump_sessions", "daily_step_totals", "workouts", "wish_inbox", "reports"]


class Cluster:
    """A PostgreSQL cluster of its own on loopback, auto_explain loaded but silent until asked."""

    def __init__(self, work):
        self.dir = work / "pg"
        self.dir.mkdir()
        self.user = "postgres" if os.geteuid() == 0 else os.environ.get("USER", "postgres")
        self.port = reads.free_port()
        self.log = self.dir / "server.log"
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        self.run([str(PG_BIN / "initdb"), "-D", str(self.dir / "data"), "-U", self.user, "-A", "trust", "-E", "UTF8", "--no-locale"])
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 "
                   "-c shared_preload_libraries=auto_explain -c auto_explain.log_analyze=on "
                   "-c auto_explain.log_format=json -c auto_explain.log_nested_statements=on")
        self.run([str(PG_BIN / "pg_ctl"), "-D", str(self.dir / "data"), "-l", str(self.log), "-w", "-o", options, "start"])

    def run(self, command, **options):
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--"] + command
        result = subprocess.run(command, capture_output=True, text=True, **options)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)}: {result.stderr.strip()[-2000:]}")
        return result

    def url(self, database):
        return f"postgres://{self.user}@127.0.0.1:{self.port}/{database}?sslmode=disable"

    def sql(self, database, statements):
        """Runs `statements` with psql; returns what it printed (unaligned, tuples only)."""
        return self.run(["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", self.user, "-d", database, "-v", "ON_ERROR_STOP=1",
                         "-qAt"], input=statements).stdout.strip()

    def explaining(self, on):
        # Off by default (-1); set in postgresql.auto.conf, which a -c on the command line would override.
        self.sql("postgres", f"ALTER SYSTEM SET auto_explain.log_min_duration = {0 if on else -1}; SELECT pg_reload_conf();")
        time.sleep(0.5)  # every backend reads the new setting before its next statement

    def stop(self):
        self.run([str(PG_BIN / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop"])


def fill_the_rest(cluster, database, scale):
    """The scale's other users and their rows, written straight into the tables: the rows the
    reads read for the 50 are the ones the server wrote, these only make the tables as large as
    an instance of that many users. The library's row counts the added reports, as an import
    would, so the server reads its category tree again."""
    users = 1000 * scale - SIGNED_IN
    categories, reports_count = (count * scale for count in DEMO_SCALE_REPORTS)
    cluster.sql(database, f"""
CREATE TEMPORARY TABLE more AS
  SELECT gen_random_uuid() AS id, n FROM generate_series(1, {users}) AS n;
INSERT INTO users (id, name, email, password_hash, jump_goal, calorie_goal, created_at, is_admin, email_verified_at)
  SELECT id, 'Scale ' || n, 'scale-' || n || '@example.com', 'x', 30000, 2000, now(), false, now() FROM more;
INSERT INTO api_tokens (id, token_hash, user_id, created_at, expires_at)
  SELECT gen_random_uuid(), md5(id::text), id, now(), now() + interval '90 days' FROM more;
INSERT INTO jump_sessions (id, user_id, date, month, number_of_jumps, calories_estimated, park_name, start_time, end_time, created_at)
  SELECT gen_random_uuid(), id, to_char(d, 'YYYY-MM-DD'), to_char(d, 'YYYY-MM'), 500 + n % 3000, true, 'Plainfield', '13:00', '14:00', now()
  FROM more, generate_series(current_date - {7 * (PER_USER['jump_sessions'] - 1)}, current_date, interval '7 days') AS d;
INSERT INTO daily_step_totals (id, user_id, date, steps)
  SELECT gen_random_uuid(), id, to_char(d, 'YYYY-MM-DD'), 4000 + n % 9000
  FROM more, generate_series(current_date - {PER_USER['daily_step_totals'] - 1}, current_date, interval '1 day') AS d;
INSERT INTO workouts (id, user_id, selection, seed, plan, total_seconds, created_at, saved_at, exercise_count)
  SELECT gen_random_uuid(), id, '{{}}', k, '{{}}', 1200, now() - k * interval '1 day', now() - k * interval '1 day', 12
  FROM more, generate_series(1, {PER_USER['workouts']}) AS k;
INSERT INTO wish_inbox (id, recipient_id, delivery_id, wish_id, sender_name, sender_email, occasion, subject, message,
                        received_at, search_text, kind)
  SELECT gen_random_uuid(), id, gen_random_uuid(), gen_random_uuid(), 'Scale sender', 'sender@example.com', 'birthday',
         'Happy birthday #' || k, 'Many happy returns of the day, from the whole team.', now() - k * interval '1 hour',
         'happy birthday many happy returns of the day from the whole team', 'wish'
  FROM more, generate_series(1, {PER_USER["wish_inbox"]}) AS k;
INSERT INTO report_categories (id, title, parent_id, position, depth) VALUES ('scale', 'Scale', NULL, 1000, 0);
INSERT INTO report_categories (id, title, parent_id, position, depth)
  SELECT 'scale-' || c, 'Scale ' || c, 'scale', c, 1 FROM generate_series(1, {categories}) AS c;
INSERT INTO reports (id, title, keywords, category_id, position, file_name, stored_folder, sha256, byte_count, page_count,
                     page_width, page_height, imported_at, recognised_pages)
  SELECT 'scale-report-' || r, 'Scale report ' || r, '[]', 'scale-' || (1 + r % {categories}), r, 'r.pdf', 'scale-' || r, md5(r::text),
         1000, 10, 612, 792, now(), 0 FROM generate_series(1, {reports_count}) AS r;
UPDATE report_libraries SET report_count = report_count + {reports_count}, page_count = page_count + {reports_count * 10};
ANALYZE;
""")
    return {table: int(cluster.sql(database, f"SELECT count(*) FROM {table}")) for table in COUNTED}


def fill_the_rest_sqlite(path, scale):
    """The same rows as fill_the_rest, in SQLite's own forms (ids as upper-case text, instants as
    seconds since 1970), in one transaction; not analysed (Kinetic never analyses its tables)."""
    users = 1000 * scale - SIGNED_IN
    categories, reports_count = (count * scale for count in DEMO_SCALE_REPORTS)
    now = time.time()
    today = datetime.date.today()
    new_id = lambda: str(uuid.uuid4()).upper()
    ids = [new_id() for _ in range(users)]
    numbered = list(enumerate(ids, 1))
    connection = sqlite3.connect(path, timeout=60)
    try:
        with connection:
            connection.executemany(
                "INSERT INTO users (id, name, email, password_hash, jump_goal, calorie_goal, created_at, is_admin, email_verified_at) "
                "VALUES (?, ?, ?, 'x', 30000, 2000, ?, 0, ?)",
                ((user, f"Scale {n}", f"scale-{n}@example.com", now, now) for n, user in numbered))
            connection.executemany(
                "INSERT INTO api_tokens (id, token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                ((new_id(), user.lower().replace("-", ""), user, now, now + 90 * 86400) for user in ids))
            weeks = [today - datetime.timedelta(days=7 * week) for week in range(PER_USER["jump_sessions"])]
            connection.executemany(
                "INSERT INTO jump_sessions (id, user_id, date, month, number_of_jumps, calories_estimated, park_name, start_time, "
                "end_time, created_at) VALUES (?, ?, ?, ?, ?, 1, 'Plainfield', '13:00', '14:00', ?)",
                ((new_id(), user, day.isoformat(), day.strftime("%Y-%m"), 500 + n % 3000, now) for n, user in numbered for day in weeks))
            days = [today - datetime.timedelta(days=back) for back in range(PER_USER["daily_step_totals"])]
            connection.executemany(
                "INSERT INTO daily_step_totals (id, user_id, date, steps) VALUES (?, ?, ?, ?)",
                ((new_id(), user, day.isoformat(), 4000 + n % 9000) for n, user in numbered for day in days))
            connection.executemany(
                "INSERT INTO workouts (id, user_id, selection, seed, plan, total_seconds, created_at, saved_at, exercise_count) "
                "VALUES (?, ?, '{}', ?, '{}', 1200, ?, ?, 12)",
                ((new_id(), user, k, now - k * 86400, now - k * 86400) for user in ids for k in range(1, PER_USER["workouts"] + 1)))
            connection.executemany(
                "INSERT INTO wish_inbox (id, recipient_id, delivery_id, wish_id, sender_name, sender_email, occasion, subject, message, "
                "received_at, search_text, kind) VALUES (?, ?, ?, ?, 'Scale sender', 'sender@example.com', 'birthday', ?, "
                "'Many happy returns of the day, from the whole team.', ?, "
                "'happy birthday many happy returns of the day from the whole team', 'wish')",
                ((new_id(), user, new_id(), new_id(), f"Happy birthday #{k}", now - k * 3600)
                 for user in ids for k in range(1, PER_USER["wish_inbox"] + 1)))
            connection.execute("INSERT INTO report_categories (id, title, parent_id, position, depth) VALUES ('scale', 'Scale', NULL, 1000, 0)")
            connection.executemany(
                "INSERT INTO report_categories (id, title, parent_id, position, depth) VALUES (?, ?, 'scale', ?, 1)",
                ((f"scale-{c}", f"Scale {c}", c) for c in range(1, categories + 1)))
            connection.executemany(
                "INSERT INTO reports (id, title, keywords, category_id, position, file_name, stored_folder, sha256, byte_count, "
                "page_count, page_width, page_height, imported_at, recognised_pages) "
                "VALUES (?, ?, '[]', ?, ?, 'r.pdf', ?, ?, 1000, 10, 612, 792, ?, 0)",
                ((f"scale-report-{r}", f"Scale report {r}", f"scale-{1 + r % categories}", r, f"scale-{r}", f"{r:064x}", now)
                 for r in range(1, reports_count + 1)))
            connection.execute("UPDATE report_libraries SET report_count = report_count + ?, page_count = page_count + ?",
                               (reports_count, reports_count * 10))
        return {table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in COUNTED}
    finally:
        connection.close()


class PostgresDatabase:
    """One scale's database on the cluster, which the server is told of by DATABASE_URL."""
    name = "PostgreSQL"

    def __init__(self, cluster, scale, data_dir):
        self.cluster = cluster
        self.database = f"kinetic_x{scale}"
        cluster.sql("postgres", f"CREATE DATABASE {self.database}")
        os.environ["DATABASE_URL"] = cluster.url(self.database)

    def count(self, query):
        return int(self.cluster.sql(self.database, query))

    def fill_the_rest(self, scale):
        return fill_the_rest(self.cluster, self.database, scale)

    def explained(self, port, path, token):
        return explained(self.cluster, port, path, token)


class SQLiteDatabase:
    """One scale's SQLite file, the server's default in its data directory."""
    name = "SQLite"

    def __init__(self, scale, data_dir):
        os.environ.pop("DATABASE_URL", None)
        self.path = data_dir / "kinetic.sqlite"

    def count(self, query):
        connection = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=60)
        try:
            return connection.execute(query).fetchone()[0]
        finally:
            connection.close()

    def fill_the_rest(self, scale):
        return fill_the_rest_sqlite(self.path, scale)

    def explained(self, port, path, token):
        return None


def logged_plans(text):
    """auto_explain's entries in a stretch of the server log: each query's text, its time in
    milliseconds and its plan (JSON)."""
    plans, lines, index = [], text.split("\n"), 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if "plan:" not in line or "duration: " not in line:
            continue
        milliseconds = float(line.split("duration: ", 1)[1].split(" ms", 1)[0])
        body = []
        while index < len(lines) and lines[index].startswith("\t"):
            body.append(lines[index][1:])
            index += 1
        entry = json.loads("\n".join(body))
        plans.append({"query": entry["Query Text"], "ms": milliseconds, "plan": entry["Plan"]})
    return plans


def steps_of(node):
    """A plan's nodes as short lines: `Index Scan on wish_inbox using wish_inbox_list`."""
    words = [node["Node Type"]]
    if "Relation Name" in node:
        words.append(f"on {node['Relation Name']}")
    if "Index Name" in node:
        words.append(f"using {node['Index Name']}")
    return [" ".join(words)] + [step for child in node.get("Plans", []) for step in steps_of(child)]


# Queries the server runs on its own (job and wish pollers, the throttle's clean-up), which can
# fall in a request's window: not the read's. None of the five reads touches these tables; the
# queries left out are kept in the JSON (`background`), so a read that starts to is seen.
BACKGROUND = ("FROM jobs", "UPDATE jobs", "\"jobs\"", "wish_deliveries", "wish_series", "remind_at", "throttle_buckets", "pg_advisory",
              "LISTEN", "pg_notify")


def explained(cluster, port, path, token):
    """The read's queries as PostgreSQL ran them for one request (after one that fills caches)."""
    client = reads.Client(port)
    client.call("GET", path, token=token)
    cluster.explaining(True)
    start = cluster.log.stat().st_size
    client.call("GET", path, token=token)
    time.sleep(0.5)
    with open(cluster.log, encoding="utf-8", errors="replace") as log:
        log.seek(start)
        text = log.read()
    cluster.explaining(False)
    shown = lambda plan: {"query": " ".join(plan["query"].split())[:160], "ms": plan["ms"], "steps": steps_of(plan["plan"]),
                          "rows": plan["plan"].get("Actual Rows")}
    logged = logged_plans(text)
    is_background = lambda plan: any(word in plan["query"] for word in BACKGROUND)
    return ([shown(plan) for plan in logged if not is_background(plan)], [shown(plan) for plan in logged if is_background(plan)])


def one_scale(open_database, binary, work, scale, arguments):
    data_dir = work / f"x{scale}-{len(list(work.glob('x*')))}"
    data_dir.mkdir()
    database = open_database(scale, data_dir)
    reads.Client.local.connection = None  # this thread's kept connection went to the last scale's server
    port = reads.free_port()
    print(f"\n{database.name}, scale {scale}x: filling {SIGNED_IN} users through the API…", flush=True)
    server = reads.start_server(binary, str(data_dir), port)
    try:
        confirm = lambda: subprocess.run([binary, "admin", "verify-all", "--data-dir", str(data_dir), "--log", "warning"],
                                         check=True, capture_output=True)
        today = datetime.date.today()
        accounts = reads.fill(reads.Client(port), SIGNED_IN, SIGNED_IN * PER_USER["wish_inbox"], today, confirm)
        expected = SIGNED_IN * PER_USER["wish_inbox"]
        deadline = time.time() + 600
        delivered = "SELECT count(*) FROM wish_deliveries WHERE recipient LIKE 'bench-%' AND state IN ('delivered', 'failed')"
        while database.count(delivered) < expected:
            if time.time() > deadline:
                sys.exit("the wishes were not delivered within 10 minutes")
            time.sleep(2)
        started = time.time()
        counts = database.fill_the_rest(scale)
        print(f"  the rest written in {time.time() - started:.0f} s: " + ", ".join(f"{table} {count:,}" for table, count in counts.items()),
              flush=True)
        users_file = work / f"users-{scale}.txt"
        users_file.write_text("".join(f"{token} {customer}\n" for token, customer in accounts))
        lua_file = work / "reads.lua"
        lua_file.write_text(reads.LUA)
        month = today.strftime("%Y-%m")
        last = (today.replace(day=28) + datetime.timedelta(days=4)).replace(day=1) - datetime.timedelta(days=1)
        paths = [(name, template.replace("{month}", month).replace("{last}", f"{last.day:02d}")) for name, template in reads.READS]
        runs = {name: [] for name, _ in [reads.FLOOR] + paths}
        for round_number in range(arguments.rounds):
            for name, path in paths:
                for label, asked in [reads.FLOOR, (name, path)]:
                    result = reads.wrk(port, asked, str(users_file), str(lua_file), arguments.duration, arguments.connections)
                    runs[label].append(result)
                    print(f"  round {round_number + 1} {label:16} {result['rate']:9.0f} req/s  p99 {result['p99_ms']:7.1f} ms"
                          + (f"  {result['bad_status']} non-2xx" if result["bad_status"] else ""), flush=True)
        token, customer = accounts[0]
        plans = {name: database.explained(port, path.replace("{customer}", customer), token) for name, path in paths}
    finally:
        server.terminate()
        server.wait()
    floor = statistics.median(result["rate"] for result in runs[reads.FLOOR[0]])
    summary = {}
    for name, results in runs.items():
        rates = sorted(result["rate"] for result in results)
        summary[name] = {"min": rates[0], "median": statistics.median(rates), "max": rates[-1],
                         "p99_ms": statistics.median(result["p99_ms"] for result in results), "ratio": statistics.median(rates) / floor,
                         "bad_status": sum(result["bad_status"] for result in results),
                         "socket_errors": sum(result["socket_errors"] for result in results)}
        if plans.get(name):
            summary[name]["queries"], summary[name]["background"] = plans[name]
            summary[name]["query_ms"] = sum(query["ms"] for query in summary[name]["queries"])
    return {"database": database.name, "scale": scale, "rows": counts, "reads": summary}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/kinetic")
    parser.add_argument("--scales", default="1,10", help="scales to measure, 1 being the reads benchmark's data")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--databases", default="sqlite,postgres", help="sqlite, postgres or both, in that order")
    parser.add_argument("--out")
    arguments = parser.parse_args()
    databases = arguments.databases.split(",")
    missing = [tool for tool in ["wrk"] + (["psql"] if "postgres" in databases else []) if not shutil.which(tool)]
    if "postgres" in databases and not (PG_BIN / "initdb").exists():
        missing.append("postgresql-15")
    if missing:
        sys.exit("missing: " + ", ".join(missing))
    binary = str(pathlib.Path(arguments.binary).resolve())
    work = pathlib.Path(tempfile.mkdtemp(prefix="kinetic-bench-scale."))
    if os.geteuid() == 0:
        shutil.chown(work, "postgres")
    cluster = None
    results = []
    try:
        for name in databases:
            if name == "postgres":
                cluster = Cluster(work)
                open_database = lambda scale, data_dir: PostgresDatabase(cluster, scale, data_dir)
            elif name == "sqlite":
                open_database = SQLiteDatabase
            else:
                sys.exit(f"unknown database {name}: sqlite or postgres")
            results += [one_scale(open_database, binary, work, int(scale), arguments) for scale in arguments.scales.split(",")]
    finally:
        if cluster:
            cluster.stop()
        shutil.rmtree(work, ignore_errors=True)

    for result in results:
        print(f"\n{result['database']}, scale {result['scale']}x: " + ", ".join(f"{table} {count:,}" for table, count in result["rows"].items()))
        print(f"  {'read':16} {'median':>8} {'p99 ms':>8} {'of floor':>9} {'SQL ms':>8}  plan")
        for name, row in result["reads"].items():
            sql = f"{row['query_ms']:8.2f}" if "query_ms" in row else " " * 8
            print(f"  {name:16} {row['median']:8.0f} {row['p99_ms']:8.1f} {row['ratio']:8.0%} {sql}")
            for query in row.get("queries", []):
                print(f"      {query['ms']:7.3f} ms  {' / '.join(query['steps'])}")
    if arguments.out:
        pathlib.Path(arguments.out).write_text(json.dumps({"connections": arguments.connections, "duration": arguments.duration,
                                                           "rounds": arguments.rounds, "signed_in": SIGNED_IN, "per_user": PER_USER,
                                                           "scales": results}, indent=2))


if __name__ == "__main__":
    main()

"""The report library: pages rendered a second beside `pdftoppm` alone (the limit), and search
under load on a large library beside the floor.

Rendering. A library of real PDFs, Debian's documentation (gnuplot-doc, r-doc-pdf, libtasn1-doc,
shared-mime-info: about 960 pages), is imported by `kinetic import-reports` into a fresh data
directory, and, alternating with it (Kinetic, pdftoppm, Kinetic, ...), the same PDFs are
rendered by `pdftoppm` alone exactly as Kinetic asks it to: one run at a time, page images
1,240 px wide as JPEG at quality 80, 25 pages a run, then each PDF's first page as a 360 px
thumbnail at quality 75. Kinetic's time is the whole command: start-up, the checks (qpdf,
pdfinfo, SHA-256), the text (pdftotext), the page images, the thumbnails and the store.

Search. A library of generated text PDFs (500 pages each, the most a report may have; about
540 words a page drawn from the words of the Debian documents, as often as they occur there)
is imported through the same command, once (`--data-dir` keeps it for the next run), and
served; wrk then asks the search, through the API (a bearer token) and the web page (a
session cookie), at 64 connections, each request as one of the signed-in users at random and
for a query at random: a "rare" word (any word of the library's vocabulary, each alike) or a
"common" word (a word of four letters or more as often as it occurs in the text). Rounds
interleave the floor, /livez, with each search (floor, API rare, floor, API common, ...).

Prints and writes (--out, JSON) every figure: min/median/max over the runs or rounds, each
beside its limit with the ratio. Never fails on a figure."""
import argparse
import collections
import http.cookiejar
import json
import os
import pathlib
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import zlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from reads import WRK_DONE, free_port  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[3]

# The real PDFs (scripts/bench-reports' library): Debian packages and their files.
DEBIAN_PDFS = [
    ("gnuplot-doc", "/usr/share/doc/gnuplot/gnuplot.pdf"),
    ("libtasn1-doc", "/usr/share/doc/libtasn1-doc/libtasn1.pdf"),
    ("shared-mime-info", "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"),
] + [("r-doc-pdf", f"/usr/share/R/doc/manual/{name}.pdf") for name in ["R-intro", "R-data", "R-lang", "R-admin", "R-exts", "R-FAQ"]]

# What Kinetic asks of pdftoppm (Sources/App/Reports/Import/PDFTools.swift, ReportLibraryImporter.swift).
PAGE_WIDTH, PAGE_QUALITY, PAGES_PER_RUN = 1240, 80, 25
THUMBNAIL_WIDTH, THUMBNAIL_QUALITY = 360, 75
PAGES_PER_REPORT = 500  # the most a report may have

LUA = """
local users, queries = {}, {}
for line in io.lines(os.getenv("BENCH_USERS")) do
  local token, cookie = line:match("(%S+) (%S+)")
  users[#users + 1] = {token = token, cookie = cookie}
end
local kind = os.getenv("BENCH_KIND")
if kind ~= "floor" then
  for line in io.lines(os.getenv("BENCH_QUERIES")) do queries[#queries + 1] = line end
end
local path = os.getenv("BENCH_PATH")
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("number", threads)
end
init = function(args)
  math.randomseed(os.time() * 100 + number)
end
request = function()
  local user = users[math.random(#users)]
  if kind == "web" then
    return wrk.format("GET", path .. queries[math.random(#queries)], {["Cookie"] = user.cookie})
  end
  local target = path
  if kind == "api" then target = path .. queries[math.random(#queries)] end
  return wrk.format("GET", target, {["Authorization"] = "Bearer " .. user.token})
end
"""
LUA += WRK_DONE

SEARCHES = [
    ("API search, rare word", "api", "/api/v1/reports/search?q=", "rare"),
    ("API search, common word", "api", "/api/v1/reports/search?q=", "common"),
    ("web search page, rare word", "web", "/reports/search?q=", "rare"),
    ("web search page, common word", "web", "/reports/search?q=", "common"),
]
FLOOR = "floor: /livez"


def spread(values):
    values = sorted(values)
    return {"min": values[0], "median": statistics.median(values), "max": values[-1]}


def pages_of(pdf):
    output = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[1] for line in output.splitlines() if line.startswith("Pages:")))


class Timed:
    """Wall time and the CPU time of every process started meanwhile and waited for (the
    tools Kinetic runs count in Kinetic's)."""

    def __enter__(self):
        self.started = time.perf_counter()
        self.usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return self

    def __exit__(self, *exception):
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.seconds = time.perf_counter() - self.started
        self.cpu = usage.ru_utime + usage.ru_stime - self.usage.ru_utime - self.usage.ru_stime


def import_library(binary, library, data_dir, log):
    """`kinetic import-reports --yes` of `library` into `data_dir`: wall and CPU seconds, peak
    memory (Kinetic's or a tool's, whichever was larger) and the pages it says it rendered."""
    with Timed() as timed:
        result = subprocess.run(["/usr/bin/time", "-f", "TIME %M", binary, "import-reports", "--yes", str(library),
                                 "--data-dir", str(data_dir), "--log", "warning"], capture_output=True, text=True, cwd=ROOT)
    log.write(result.stdout + result.stderr)
    if result.returncode != 0:
        sys.exit(f"kinetic import-reports failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    peak = int([line for line in result.stderr.splitlines() if line.startswith("TIME ")][-1].split()[1]) / 1024
    rendered = int(re.search(r"pages:\s+\d+ \((\d+) rendered", result.stdout).group(1))
    own = float(re.search(r"time taken:\s+([\d.]+) s", result.stdout).group(1))
    return {"seconds": timed.seconds, "cpu_seconds": timed.cpu, "peak_mb": peak, "rendered": rendered, "own_seconds": own}


# MARK: Rendering


def render_library(folder):
    """The Debian PDFs as a library at `folder` (one level, a report each); their pages."""
    (folder / "pdfs").mkdir(parents=True, exist_ok=True)
    reports = []
    for _, path in DEBIAN_PDFS:
        name = pathlib.Path(path).name
        shutil.copy(path, folder / "pdfs" / name)
        reports.append({"id": name.rsplit(".", 1)[0].lower(), "title": name, "file": f"pdfs/{name}"})
    (folder / "library.json").write_text(json.dumps({"version": 1, "title": "Debian documentation",
                                                      "root": {"categories": [], "reports": [report["id"] for report in reports]},
                                                      "categories": [], "reports": reports}))
    return {pathlib.Path(path).name: pages_of(path) for _, path in DEBIAN_PDFS}


def pdftoppm_alone(folder, pages, scratch):
    """What Kinetic asks of pdftoppm for each PDF of `folder`, one run at a time, without the
    rest of the import: its page images 25 at a time, then its thumbnail."""
    runs = 0
    with Timed() as timed:
        for name, count in pages.items():
            pdf = str(folder / "pdfs" / name)
            target = scratch / name
            target.mkdir(parents=True)
            for first in range(1, count + 1, PAGES_PER_RUN):
                last = min(first + PAGES_PER_RUN - 1, count)
                subprocess.run(["pdftoppm", "-jpeg", "-jpegopt", f"quality={PAGE_QUALITY}", "-scale-to-x", str(PAGE_WIDTH),
                                "-scale-to-y", "-1", "-f", str(first), "-l", str(last), pdf, str(target / "p")], check=True)
                runs += 1
            subprocess.run(["pdftoppm", "-jpeg", "-jpegopt", f"quality={THUMBNAIL_QUALITY}", "-singlefile", "-scale-to-x",
                            str(THUMBNAIL_WIDTH), "-scale-to-y", "-1", "-f", "1", "-l", "1", pdf, str(target / "thumbnail")], check=True)
            runs += 1
    drawn = sum(1 for path in scratch.rglob("p-*.jpg"))
    if drawn != sum(pages.values()):
        print(f"  pdftoppm drew {drawn} pages of {sum(pages.values())}", flush=True)
    shutil.rmtree(scratch)
    return {"seconds": timed.seconds, "cpu_seconds": timed.cpu, "runs": runs}


def rendering(binary, runs, work, log):
    library = work / "debian"
    pages = render_library(library)
    total = sum(pages.values())
    print(f"Rendering: {len(pages)} Debian PDFs, {total} pages; {runs} runs of each, alternating", flush=True)
    ours, theirs = [], []
    for number in range(runs):
        data = work / "render-data"
        shutil.rmtree(data, ignore_errors=True)
        data.mkdir()
        ours.append(import_library(binary, library, data, log))
        shutil.rmtree(data, ignore_errors=True)
        if ours[-1]["rendered"] != total:
            print(f"  Kinetic rendered {ours[-1]['rendered']} pages of {total}", flush=True)
        theirs.append(pdftoppm_alone(library, pages, work / "pdftoppm"))
        print(f"  run {number + 1}: kinetic import-reports {ours[-1]['seconds']:6.1f} s ({total / ours[-1]['seconds']:5.1f} pages/s), "
              f"pdftoppm alone {theirs[-1]['seconds']:6.1f} s ({total / theirs[-1]['seconds']:5.1f} pages/s)", flush=True)
    kinetic = {"seconds": spread(run["seconds"] for run in ours), "pages_per_s": spread(total / run["seconds"] for run in ours),
               "cpu_seconds": spread(run["cpu_seconds"] for run in ours), "peak_mb": spread(run["peak_mb"] for run in ours),
               "own_seconds": spread(run["own_seconds"] for run in ours)}
    peer = {"seconds": spread(run["seconds"] for run in theirs), "pages_per_s": spread(total / run["seconds"] for run in theirs),
            "cpu_seconds": spread(run["cpu_seconds"] for run in theirs), "tool_runs": theirs[0]["runs"]}
    return {"pdfs": pages, "pages": total, "bytes": sum((library / "pdfs" / name).stat().st_size for name in pages), "runs": runs,
            "settings": {"page_width": PAGE_WIDTH, "page_quality": PAGE_QUALITY, "pages_per_run": PAGES_PER_RUN,
                         "thumbnail_width": THUMBNAIL_WIDTH, "thumbnail_quality": THUMBNAIL_QUALITY, "at_once": 1},
            "kinetic": kinetic, "pdftoppm": peer, "ratio": kinetic["pages_per_s"]["median"] / peer["pages_per_s"]["median"]}


# MARK: The search library


def vocabulary():
    """The words of the Debian PDFs and how often each occurs in them."""
    counts = collections.Counter()
    for _, path in DEBIAN_PDFS:
        text = subprocess.run(["pdftotext", "-enc", "UTF-8", path, "-"], capture_output=True, text=True, check=True).stdout
        counts.update(word.lower() for word in re.findall(r"[A-Za-z]{2,20}", text))
    return [(word, count) for word, count in counts.most_common() if count >= 2]


def pdf_bytes(title, pages):
    """A PDF of `pages` (each a list of lines, the first a heading) in Helvetica on A4, its
    content streams compressed: written by hand, so a large library is quick to make."""
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", None,
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
               f"<< /Title ({title}) /Producer (Kinetic benchmarks) >>"]
    kids = []
    for lines in pages:
        text = ["BT /F2 14 Tf 56 790 Td (" + lines[0] + ") Tj /F1 10 Tf 0 -26 Td 13 TL"]
        text += ["(" + line + ") '" for line in lines[1:]]
        stream = zlib.compress(("\n".join(text) + "\nET").encode("latin-1"), 6)
        objects.append(f"<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode() + stream + b"\nendstream")
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> "
                       f"/Contents {len(objects)} 0 R >>")
        kids.append(f"{len(objects)} 0 R")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>"
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + (body if isinstance(body, bytes) else body.encode()) + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def page_lines(rng, words, weights, heading):
    """A page: its heading and about 500 words in sentences, wrapped at 92 characters; and
    the words drawn."""
    lines, line = [heading], ""
    drawn = []
    while len(lines) < 44:
        sentence = rng.choices(words, cum_weights=weights, k=rng.randint(6, 18))
        drawn += sentence
        sentence[0] = sentence[0].capitalize()
        for word in sentence[:-1] + [sentence[-1] + "."]:
            if len(line) + 1 + len(word) > 92:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        if rng.random() < 0.12 and line:
            lines += [line, ""]
            line = ""
    return lines[:44], drawn


def make_search_library(folder, pages, vocabulary_counts, seed=7):
    """A library of `pages` pages in reports of 500 (ten reports a category) at `folder`;
    returns the words it holds and how many words its pages hold."""
    words = [word for word, _ in vocabulary_counts]
    weights, total = [], 0
    for _, count in vocabulary_counts:
        total += count
        weights.append(total)
    rng = random.Random(seed)
    (folder / "pdfs").mkdir(parents=True, exist_ok=True)
    used, total_words = set(), 0
    reports, categories = [], []
    for number in range((pages + PAGES_PER_REPORT - 1) // PAGES_PER_REPORT):
        count = min(PAGES_PER_REPORT, pages - number * PAGES_PER_REPORT)
        report_id = f"volume-{number + 1:04d}"
        title = f"Volume {number + 1}: {rng.choice(words[20:400]).capitalize()} and {rng.choice(words[20:400])}"
        content = []
        for page in range(count):
            lines, drawn = page_lines(rng, words, weights, f"{title}, page {page + 1}")
            used.update(drawn)
            total_words += len(drawn)
            content.append(lines)
        (folder / "pdfs" / f"{report_id}.pdf").write_bytes(pdf_bytes(title, content))
        if number % 10 == 0:
            categories.append({"id": f"shelf-{number // 10 + 1}", "title": f"Shelf {number // 10 + 1}",
                               "categories": [], "reports": []})
        categories[-1]["reports"].append(report_id)
        reports.append({"id": report_id, "title": title, "file": f"pdfs/{report_id}.pdf",
                        "keywords": [rng.choice(words[20:400]) for _ in range(3)]})
    (folder / "library.json").write_text(json.dumps({
        "version": 1, "title": f"Generated library of {pages:,} pages",
        "root": {"categories": [category["id"] for category in categories], "reports": []},
        "categories": categories, "reports": reports}))
    return used, total_words


def query_lists(used, vocabulary_counts, folder, count=2000, seed=11):
    """Queries of one word each, written URL-encoded a line each: "rare" (any word the library
    holds, each alike) and "common" (words of four letters or more, as often as they occur in
    the text: the pages draw them as often)."""
    rng = random.Random(seed)
    present = sorted(used)
    longer = [(word, count) for word, count in vocabulary_counts if len(word) >= 4 and word in used]
    cumulative, total = [], 0
    for _, count_in_text in longer:
        total += count_in_text
        cumulative.append(total)
    longer = [word for word, _ in longer]
    lists = {"rare": [rng.choice(present) for _ in range(count)],
             "common": rng.choices(longer, cum_weights=cumulative, k=count)}
    for name, queries in lists.items():
        (folder / f"queries-{name}.txt").write_text("".join(urllib.parse.quote(query) + "\n" for query in queries))
    return lists


def search_library(binary, data_dir, pages, log):
    """The search library in `data_dir`: made and imported, or as made before."""
    about_file = data_dir / "search-library.json"
    if about_file.exists():
        about = json.loads(about_file.read_text())
        print(f"Search: the library of {about['pages']:,} pages imported before in {data_dir}", flush=True)
        about["reused"] = True
        return about
    library = data_dir / "library"
    shutil.rmtree(library, ignore_errors=True)
    print(f"Search: generating a library of {pages:,} pages…", flush=True)
    with Timed() as generated:
        counts = vocabulary()
        used, words = make_search_library(library, pages, counts)
        queries = query_lists(used, counts, data_dir)
    print(f"  generated in {generated.seconds:.0f} s; importing it with kinetic import-reports…", flush=True)
    imported = import_library(binary, library, data_dir, log)
    shutil.rmtree(library)
    stored = sum(path.stat().st_size for path in data_dir.rglob("*") if path.is_file())
    about = {"pages": pages, "reports": (pages + PAGES_PER_REPORT - 1) // PAGES_PER_REPORT, "pages_per_report": PAGES_PER_REPORT,
             "words": words, "vocabulary": len(used), "generate_seconds": generated.seconds,
             "import_seconds": imported["seconds"], "import_cpu_seconds": imported["cpu_seconds"], "import_peak_mb": imported["peak_mb"],
             "import_pages_per_s": pages / imported["seconds"], "pages_rendered": imported["rendered"], "stored_bytes": stored,
             "query_samples": {name: values[:8] for name, values in queries.items()}}
    about_file.write_text(json.dumps(about, indent=2))
    print(f"  imported in {imported['seconds']:.0f} s ({about['import_pages_per_s']:.1f} pages/s); {stored / 1e9:.1f} GB stored",
          flush=True)
    about["reused"] = False
    return about


# MARK: Serving and searching


def serve(binary, data_dir, port):
    environment = dict(os.environ, KINETIC_BCRYPT_COST="4", KINETIC_SIGNUP_BURST_PER_ADDRESS="100000",
                       KINETIC_LOGIN_BURST_PER_ADDRESS="100000", KINETIC_LOGIN_BURST_PER_ACCOUNT="1000")
    log = open(data_dir / "server.log", "w")
    server = subprocess.Popen([binary, "serve", "--no-demo", "--data-dir", str(data_dir), "--hostname", "127.0.0.1",
                               "--port", str(port), "--log", "warning"], stdout=log, stderr=subprocess.STDOUT, env=environment, cwd=ROOT)
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/livez", timeout=1).read()
            return server
        except OSError:
            if server.poll() is not None:
                sys.exit("the server stopped:\n" + (data_dir / "server.log").read_text()[-3000:])
            time.sleep(0.2)
    server.terminate()
    sys.exit("the server did not answer in two minutes")


def call(base, path, body=None, token=None, opener=None):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with (opener or urllib.request.build_opener()).open(request, timeout=120) as response:
        raw = response.read()
    return json.loads(raw) if raw else None


def sign_in(base, users, data_dir):
    """`users` accounts (made the first time), each signed in through the API (a token) and the
    web form (the session cookie): lines "token cookie"."""
    made = data_dir / "search-users.txt"
    existing = int(made.read_text()) if made.exists() else 0
    lines = []
    for number in range(users):
        email, password = f"searcher-{number}@example.com", "bench-password"
        if number >= existing:
            call(base, "/api/v1/accounts", {"name": f"Searcher {number}", "email": email, "password": password})
        token = call(base, "/api/v1/login", {"email": email, "password": password})["token"]
        jar = http.cookiejar.CookieJar()
        web = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        form = web.open(base + "/login", timeout=60).read().decode()
        csrf = re.search(r'name="_csrf" value="([^"]+)"', form).group(1)
        web.open(base + "/login", urllib.parse.urlencode({"email": email, "password": password, "_csrf": csrf}).encode(),
                 timeout=60).read()
        session = next((cookie.value for cookie in jar if cookie.name == "kinetic_session"), None)
        if not session:
            sys.exit(f"{email} could not sign in through the web form")
        lines.append(f"{token} kinetic_session={session}\n")
        made.write_text(f"{max(existing, number + 1)}\n")
    users_file = data_dir / "search-sessions.txt"
    users_file.write_text("".join(lines))
    return users_file, lines[0].split()


def check_searches(base, token, cookie, data_dir):
    """One query of each list through the API and the page, as wrk will ask them: both answer
    200 and the page is the search page (not the sign-in form). Returns how many reports the
    API found for the first 40 queries of each list (median)."""
    found = {}
    for name in ("rare", "common"):
        queries = (data_dir / f"queries-{name}.txt").read_text().split()
        counts = []
        for query in queries[:40]:
            counts.append(len(call(base, "/api/v1/reports/search?q=" + query, token=token)["results"]))
        request = urllib.request.Request(base + "/reports/search?q=" + queries[0], headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=60) as response:
            # Not signed in, the page sends the browser to the sign-in form.
            if response.status != 200 or urllib.parse.urlparse(response.url).path != "/reports/search":
                sys.exit(f"the web search page did not answer a signed-in user: {response.status} at {response.url}")
            response.read()
        found[name] = statistics.median(counts)
    return found


def wrk(port, kind, path, users_file, queries_file, lua_file, duration, connections):
    environment = dict(os.environ, BENCH_USERS=str(users_file), BENCH_QUERIES=str(queries_file), BENCH_PATH=path, BENCH_KIND=kind)
    output = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--timeout", "60s", "-s", str(lua_file),
                             f"http://127.0.0.1:{port}"], capture_output=True, text=True, env=environment, check=True).stdout
    line = next(line for line in output.splitlines() if line.startswith("RESULT "))
    requests, microseconds, bad_status, socket_errors, p50, p99 = (float(value) for value in line.split()[1:])
    return {"rate": requests / (microseconds / 1e6), "p50_ms": p50 / 1000, "p99_ms": p99 / 1000,
            "bad_status": int(bad_status), "socket_errors": int(socket_errors)}


def searching(binary, data_dir, library, arguments):
    port = free_port()
    server = serve(binary, data_dir, port)
    try:
        base = f"http://127.0.0.1:{port}"
        users_file, (token, cookie) = sign_in(base, arguments.users, data_dir)
        found = check_searches(base, token, cookie, data_dir)
        print(f"  {arguments.users} users signed in; reports found a query (median of 40): "
              f"rare {found['rare']:.0f}, common {found['common']:.0f}", flush=True)
        lua_file = data_dir / "search.lua"
        lua_file.write_text(LUA)
        results = {FLOOR: []} | {name: [] for name, *_ in SEARCHES}
        for round_number in range(arguments.rounds):
            for name, kind, path, queries in SEARCHES:
                for label, run_kind, run_path in [(FLOOR, "floor", "/livez"), (name, kind, path)]:
                    result = wrk(port, run_kind, run_path, users_file, data_dir / f"queries-{queries}.txt", lua_file,
                                 arguments.duration, arguments.connections)
                    results[label].append(result)
                    print(f"  round {round_number + 1} {label:30} {result['rate']:8.0f} req/s  p50 {result['p50_ms']:7.1f} ms"
                          f"  p99 {result['p99_ms']:7.1f} ms" + (f"  {result['bad_status']} non-2xx" if result["bad_status"] else "")
                          + (f"  {result['socket_errors']} socket errors" if result["socket_errors"] else ""), flush=True)
    finally:
        server.terminate()
        server.wait()
    floor_rate = statistics.median(result["rate"] for result in results[FLOOR])
    floor_p99 = statistics.median(result["p99_ms"] for result in results[FLOOR])
    reads = {}
    for name, runs in results.items():
        row = spread(result["rate"] for result in runs)
        row.update({"p50_ms": statistics.median(result["p50_ms"] for result in runs),
                    "p99_ms": statistics.median(result["p99_ms"] for result in runs),
                    "p99_ms_spread": spread(result["p99_ms"] for result in runs),
                    "ratio": row["median"] / floor_rate, "runs": len(runs),
                    "bad_status": sum(result["bad_status"] for result in runs),
                    "socket_errors": sum(result["socket_errors"] for result in runs)})
        row["p99_over_floor"] = row["p99_ms"] / floor_p99 if floor_p99 else None
        reads[name] = row
    return {"library": library, "users": arguments.users, "connections": arguments.connections, "duration": arguments.duration,
            "rounds": arguments.rounds, "reports_found_median": found, "reads": reads}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/release/kinetic"))
    parser.add_argument("--runs", type=int, default=3, help="rendering: runs of each side, alternating")
    parser.add_argument("--search-pages", type=int, default=25_000,
                        help="pages of the search library (about 20-25 minutes to import on 2 cores; 100,000, the goal's size, "
                             "takes about 100 minutes: import it once with --data-dir)")
    parser.add_argument("--users", type=int, default=200, help="signed-in users the searches are asked as")
    parser.add_argument("--rounds", type=int, default=3, help="search: rounds of floor and each search")
    parser.add_argument("--duration", type=int, default=10, help="seconds of each wrk run")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--data-dir", help="the search library: import it here once and search it again on the next run")
    parser.add_argument("--skip", choices=["rendering", "search"], action="append", default=[], help="leave out a part")
    parser.add_argument("--quick", action="store_true", help="small sizes, to try the script (figures not to quote)")
    parser.add_argument("--out")
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.runs, arguments.search_pages, arguments.users = 1, 1000, 20
        arguments.rounds, arguments.duration = 1, 3
    missing = [tool for tool in ["pdftoppm", "pdftotext", "pdfinfo", "qpdf", "wrk", "/usr/bin/time"] if not shutil.which(tool)]
    missing += [f"{package} ({path})" for package, path in DEBIAN_PDFS if not os.path.exists(path)]
    if missing:
        sys.exit("missing: " + ", ".join(missing) + " (apt-get install poppler-utils qpdf wrk time gnuplot-doc r-doc-pdf "
                 "libtasn1-doc shared-mime-info)")
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"no binary at {arguments.binary}: swift build -c release --product kinetic")

    work = pathlib.Path(tempfile.mkdtemp(prefix="kinetic-bench-reports."))
    log = open(work / "imports.log", "w")
    result = {}
    try:
        if "rendering" not in arguments.skip:
            result["rendering"] = rendering(arguments.binary, arguments.runs, work, log)
        if "search" not in arguments.skip:
            data_dir = pathlib.Path(arguments.data_dir or work / "search-data").resolve()
            data_dir.mkdir(parents=True, exist_ok=True)
            library = search_library(arguments.binary, data_dir, arguments.search_pages, log)
            result["search"] = searching(arguments.binary, data_dir, library, arguments)
    finally:
        log.close()
        shutil.rmtree(work, ignore_errors=True)

    if "rendering" in result:
        render = result["rendering"]
        ours, theirs = render["kinetic"], render["pdftoppm"]
        print(f"\nRendering {render['pages']} pages of {len(render['pdfs'])} Debian PDFs, {render['runs']} runs each:")
        print(f"  {'':24} {'pages/s min':>11} {'median':>8} {'max':>8} {'CPU s':>7}")
        print(f"  {'kinetic import-reports':24} {ours['pages_per_s']['min']:11.1f} {ours['pages_per_s']['median']:8.1f} "
              f"{ours['pages_per_s']['max']:8.1f} {ours['cpu_seconds']['median']:7.1f}   peak {ours['peak_mb']['median']:.0f} MB")
        print(f"  {'pdftoppm alone':24} {theirs['pages_per_s']['min']:11.1f} {theirs['pages_per_s']['median']:8.1f} "
              f"{theirs['pages_per_s']['max']:8.1f} {theirs['cpu_seconds']['median']:7.1f}")
        print(f"  Kinetic's share of the limit: {render['ratio']:.0%}")
    if "search" in result:
        search = result["search"]
        library = search["library"]
        print(f"\nSearch on {library['pages']:,} pages ({library['reports']} reports; imported in {library['import_seconds']:.0f} s, "
              f"{library['import_pages_per_s']:.1f} pages/s; 100,000 pages would take about "
              f"{100_000 / library['import_pages_per_s'] / 60:.0f} min), {search['connections']} connections:")
        print(f"  {'':30} {'req/s min':>9} {'median':>8} {'max':>8} {'p50 ms':>7} {'p99 ms':>7} {'of floor':>8}")
        for name, row in search["reads"].items():
            print(f"  {name:30} {row['min']:9.0f} {row['median']:8.0f} {row['max']:8.0f} {row['p50_ms']:7.1f} {row['p99_ms']:7.1f} "
                  f"{row['ratio']:8.0%}")
    if arguments.out:
        pathlib.Path(arguments.out).write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

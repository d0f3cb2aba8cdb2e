"""Runs the benchmarks of scripts/bench on one release build and writes docs/benchmarks.md:
the machine, then per section the date and the commit it was measured on and each figure
beside its peer or limit, with the ratio and whether the goal is met. Each section is a script
of its own in this folder (run alone, it prints its figures); this one runs them with --out and
reads their JSON. A run of some sections (--only) replaces those in the page and keeps the
others as they were measured, each saying when and on which commit."""
import argparse
import datetime
import json
import os
import pathlib
import platform
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), platform.processor())
    memory = next(int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal")) / 1024 / 1024
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    # The page itself does not count: a run rewrites it.
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs/benchmarks.md"],
                           capture_output=True, text=True, cwd=ROOT).stdout.strip()
    described = f"on {cpu}, {os.cpu_count()} cores, {memory:.0f} GiB, Linux {platform.release()}, {swift}"
    return {"machine": described, "cpu": cpu, "cores": os.cpu_count(), "memory_gib": memory, "swift": swift, "kernel": platform.release(),
            "commit": commit + (" (with changes not committed)" if dirty else ""),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def run(script, arguments, work):
    out = work / (script + ".json")
    print(f"\n== {script} {' '.join(arguments)}", flush=True)
    subprocess.run([sys.executable, str(HERE / (script + ".py")), *arguments, "--out", str(out)], check=True, cwd=ROOT)
    return json.loads(out.read_text())


def verdict(met):
    return "met" if met else "**missed**"


def reads_section(result):
    reads = result["reads"]
    floor = reads["floor: /livez"]
    lines = [
        "## Each module's main read, beside the floor",
        "",
        f"{result['users']:,} users signed in, each request as one of them at random (wrk, {result['connections']} connections, "
        f"{result['duration']} s a run, the floor and each read interleaved over {floor['runs'] // max(1, len(reads) - 1)} round(s)). "
        f"The server was filled through its own API: per user a profile, 52 jump sessions, a month of hourly steps by Health import "
        f"and three kept workouts; {result['wishes']:,} wishes delivered in-app by the server itself. SQLite, release build. "
        "The floor is `/livez`, which answers without the database. Goal: at least 50 % of the floor.",
        "",
        "| read | req/s median | min – max | p99 | of the floor | goal |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, row in reads.items():
        ratio = "" if name.startswith("floor") else f"{row['ratio']:.0%}"
        goal = "" if name.startswith("floor") else verdict(row["ratio"] >= 0.5)
        lines.append(f"| {name} | {row['median']:,.0f} | {row['min']:,.0f} – {row['max']:,.0f} | {row['p99_ms']:.0f} ms | {ratio} | {goal} |")
    return lines


def import_section(result):
    steps = result["steps_only"]
    ours, theirs = steps["kinetic"], steps["peer"]
    ratio = theirs["seconds"]["median"] / ours["seconds"]["median"]
    size = steps["size"]
    whole = result["whole"]
    lines = [
        "## Apple Health import, beside healthkit-to-sqlite",
        "",
        f"Equal work: a generated export holding only its {result['step_records']:,} step records "
        f"({size['xml_bytes'] / 1e6:.0f} MB of XML, a {size['zip_bytes'] / 1e6:.1f} MB zip: {size['xml_bytes'] / size['zip_bytes']:.0f}x), "
        f"which both sides store whole; {steps['runs']} runs of each, alternating, each into a fresh database. "
        "Time and peak memory from `/usr/bin/time`, start-up included. Goal: at least 10x the peer.",
        "",
        "| | seconds median | min – max | peak memory | records stored |",
        "|---|---:|---:|---:|---:|",
        f"| `kinetic import-health` | {ours['seconds']['median']:.2f} | {ours['seconds']['min']:.2f} – {ours['seconds']['max']:.2f} | "
        f"{ours['peak_mb']['median']:.0f} MB | {ours['stored']:,} |",
        f"| `healthkit-to-sqlite` | {theirs['seconds']['median']:.2f} | {theirs['seconds']['min']:.2f} – {theirs['seconds']['max']:.2f} | "
        f"{theirs['peak_mb']['median']:.0f} MB | {theirs['stored']:,} |",
        "",
        f"Ratio: **{ratio:.1f}x**, goal {verdict(ratio >= 10)}.",
        "",
        f"The whole export ({whole['size']['xml_bytes'] / 1e6:.0f} MB of XML), once each, where the two do not store the same: "
        f"Kinetic {whole['kinetic']['seconds']:.2f} s storing its {whole['kinetic']['stored']:,} step samples; healthkit-to-sqlite "
        f"{whole['peer']['seconds']:.2f} s storing {whole['peer']['stored']:,} records of every type "
        f"({whole['peer']['seconds'] / whole['kinetic']['seconds']:.1f}x).",
        "",
        "Kinetic's peak memory as the export grows (goal: flat): "
        + "; ".join(f"{entry['size']['xml_bytes'] / 1e6:.0f} MB of XML, {entry['peak_mb']:.0f} MB" for entry in result["memory"]) + ".",
    ]
    dense = result.get("minute_level")
    if dense:
        pages = ", ".join(f"{page['month']} {page['median_ms']:.1f} ms (p95 {page['p95_ms']:.1f} ms)" for page in dense["steps_page"])
        lines += [
            "",
            f"Scale: {dense['years']} years of minute-level steps ({dense['samples']:,} samples, {dense['xml_bytes'] / 1e6:.0f} MB of XML) "
            f"imported in {dense['seconds']:.1f} s, peak {dense['peak_mb']:.0f} MB; then the Steps page as a signed-in browser loads it, "
            f"median over 50 requests: {pages}.",
        ]
    return lines


def wishes_section(result):
    lines = [
        "## Wish delivery in steady state, beside its limit",
        "",
        f"{result['deliveries']:,} deliveries due at once for each kind, scheduled through the API while delivery was paused, "
        f"then delivered by the server in {result['windows']} windows, each from a fresh start: the rate counts from a window's "
        f"{result['warm_up']:,}th ended delivery to the end of its share of the backlog or {result['window_cap_s']:.0f} s "
        "(ended deliveries counted in the SQLite file, read every 0.25 s). Each window is followed by a run of its limit. "
        f"In-app: wishes among accounts with confirmed addresses, {result['in_app']['recipients_per_wish']} recipients each; "
        "the limit is the same SQLite statements run by Python's sqlite3 on a copy of the database. E-mail: each sender a new "
        f"account sending one wish with its card to {result['email']['recipients_per_wish']} outside addresses "
        + ("(a new account's first-day limit, not raised)" if not result["email"].get("limits_raised") else "(sending limits raised)")
        + ", by SMTP into Postfix's `smtp-sink`; the limit is Postfix's `smtp-source` sending the same message into the same "
        "sink over one session.",
        "",
        "| deliveries | per s median | min – max | limit per s (median) | of the limit | how each window ended |",
        "|---|---:|---:|---:|---:|---|",
    ]
    notes = []
    for key, name in [("in_app", "in-app"), ("email", "e-mail")]:
        part = result.get(key)
        if not part or not part.get("kinetic"):
            continue
        ours, limit = part["kinetic"], part["limit"]
        ended = ", ".join(run["ended_by"] for run in part["runs"])
        limit_text = f"{limit['median']:,.0f}" if limit.get("median") else "none measured"
        ratio = f"{part['ratio']:.0%}" if part.get("ratio") else ""
        label = f"e-mail ({part['message_bytes'] / 1000:,.0f} kB each)" if part.get("message_bytes") else name
        lines.append(f"| {label} | {ours['median']:,.0f} | {ours['min']:,.0f} – {ours['max']:,.0f} | {limit_text} | {ratio} | {ended} |")
        check = part["check"]
        note = f"{name}: " + ", ".join(f"{count:,} {state}" for state, count in sorted(check["states"].items()))
        if check.get("failed_reasons"):
            note += f"; failed: {check['failed_reasons']}"
        if check["states"].get("pending") and all(run["ended_by"] == "time cap" for run in part["runs"]):
            note += " (pending: not yet reached when the last window's time was up)"
        if check.get("pending_reasons"):
            note += f"; waiting to be tried again: {check['pending_reasons']}"
        if "sink_received" in check:
            note += f"; smtp-sink received {check['sink_received']:,}" + (
                " (as many as delivered)" if check["sink_matches_delivered"] else f" ({check['duplicates']:,} more than delivered)")
        if part.get("limits_raised"):
            note += "; limits raised: " + ", ".join(part["limits_raised"])
        notes.append(note)
    if notes:
        lines += ["", "Outcomes: " + ". ".join(notes) + "."]
    return lines


def reports_section(result):
    lines = ["## Reports: rendering beside pdftoppm alone, search on a large library", ""]
    render = result.get("rendering")
    if render:
        ours, theirs, settings = render["kinetic"], render["pdftoppm"], render["settings"]
        lines += [
            f"Rendering: Debian's documentation (gnuplot-doc, r-doc-pdf, libtasn1-doc, shared-mime-info: {len(render['pdfs'])} PDFs, "
            f"{render['pages']:,} pages) imported by `kinetic import-reports` into a fresh data directory, alternating over "
            f"{render['runs']} runs with `pdftoppm` alone doing the rendering Kinetic asks of it and nothing else (the limit): "
            f"one run at a time, pages {settings['page_width']} px wide as JPEG at quality {settings['page_quality']}, "
            f"{settings['pages_per_run']} pages a run, then each PDF's first page as a {settings['thumbnail_width']} px thumbnail. "
            "Kinetic's time is the whole command: start-up, the checks (qpdf, pdfinfo, SHA-256), the text (pdftotext), "
            "the page images, the thumbnails and the store; CPU time counts the tools it runs.",
            "",
            "| | pages/s median | min – max | CPU seconds | of the limit |",
            "|---|---:|---:|---:|---:|",
            f"| `kinetic import-reports` | {ours['pages_per_s']['median']:.1f} | {ours['pages_per_s']['min']:.1f} – "
            f"{ours['pages_per_s']['max']:.1f} | {ours['cpu_seconds']['median']:.0f} | {render['ratio']:.0%} |",
            f"| `pdftoppm` alone | {theirs['pages_per_s']['median']:.1f} | {theirs['pages_per_s']['min']:.1f} – "
            f"{theirs['pages_per_s']['max']:.1f} | {theirs['cpu_seconds']['median']:.0f} | |",
            "",
        ]
    search = result.get("search")
    if search:
        library, reads = search["library"], search["reads"]
        minutes = 100_000 / library["import_pages_per_s"] / 60
        size = (f"{library['pages']:,} pages" if library["pages"] >= 100_000 else
                f"{library['pages']:,} pages, not the goal's 100,000: importing that many takes about {minutes:.0f} minutes here "
                "(`python3 scripts/lib/bench/reports.py --search-pages 100000 --data-dir DIR` imports it once and searches it again on later runs)")
        lines += [
            f"Search on a library of {size}: {library['reports']:,} generated text PDFs of up to {library['pages_per_report']} pages "
            f"(about {library['words'] / library['pages']:.0f} words a page drawn from the Debian documents' {library['vocabulary']:,} words, "
            f"as often as they occur there), imported through `kinetic import-reports` in {library['import_seconds'] / 60:.1f} minutes "
            f"({library['import_pages_per_s']:.1f} pages/s). {search['users']} users signed in; wrk asks at {search['connections']} connections, "
            f"{search['duration']} s a run, each request as one of them at random (a bearer token for the API, the session cookie for the page) "
            f"for one word at random: a rare word (any word the library holds, each alike: a median of "
            f"{search['reports_found_median']['rare']:.0f} reports found) or a common one (four letters or more, as often as it occurs in the text: "
            f"a median of {search['reports_found_median']['common']:.0f} reports found; 50 at most are answered). "
            f"The floor, `/livez`, answers without the database; it and each search are interleaved over {search['rounds']} round(s). SQLite, release build.",
            "",
            "| | req/s median | min – max | p50 | p99 | p99 min – max | req/s of the floor | p99 beside the floor's |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for name, row in reads.items():
            is_floor = name == "floor: /livez"
            lines.append(
                f"| {name} | {row['median']:,.0f} | {row['min']:,.0f} – {row['max']:,.0f} | {row['p50_ms']:.1f} ms | {row['p99_ms']:.1f} ms | "
                f"{row['p99_ms_spread']['min']:.1f} – {row['p99_ms_spread']['max']:.1f} ms | "
                + ("| |" if is_floor else f"{row['ratio']:.0%} | {row['p99_over_floor']:.1f}x |"))
        failed = {name: row for name, row in reads.items() if row["bad_status"] or row["socket_errors"]}
        if failed:
            lines += ["", "Errors: " + "; ".join(f"{name}: {row['bad_status']} non-2xx, {row['socket_errors']} timeouts or socket errors"
                                             for name, row in failed.items()) + "."]
    return lines


def tempo_section(result):
    tools, kinds, ours = result["tools"], result["kinds"], result["tools"]["kinetic"]
    names = {"kinetic": "`kinetic estimate-tempo`", "aubio": "`aubio tempo`", "librosa": "`librosa.beat.beat_track`"}
    low, high = result["tempo_range"]
    lines = [
        "## Tempo detection, beside aubio and librosa",
        "",
        f"{result['songs']} songs of {result['seconds_each']} s whose tempo is known ({low:.0f}–{high:.0f} BPM), made at run time: "
        f"{kinds['song']} songs of Debian's `fretsonfire-songs-muldjord` and `-sectoid` (backing and guitar tracks mixed, tempo from "
        f"their `notes.mid`), {kinds['stretched']} of the same time-stretched by ffmpeg's `atempo` "
        f"(×{', ×'.join(f'{factor:g}' for factor in result['factors'])}, pitch kept) and {kinds['synthetic']} synthetic rhythm "
        "tracks at tempos spread over 60–180 BPM (seven styles, from four-on-the-floor to a swung shuffle, half-time and 3/4, with "
        "timing jitter, fills and a pad without a beat). Accuracy as in MIREX: Acc1, the estimate within "
        f"{result['tolerance']:.0%} of the true tempo; Acc2, within {result['tolerance']:.0%} of it or of its double, half, triple "
        "or third. Kinetic's first candidate is scored. Speed: each tool reads and decodes the same WAV files itself, songs "
        f"interleaved (Kinetic, aubio, librosa, then the next song), {result['runs']} runs; Kinetic and aubio as one command a "
        "song, start-up included; librosa in one worker process, started and warmed up once before the timing. No goal is set.",
        "",
        "| tool | Acc1 | Acc2 | real songs (Acc1 / Acc2) | stretched | synthetic | songs/s median | min – max | × real time | its time ÷ Kinetic's |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for tool in ("kinetic", "aubio", "librosa"):
        figures = tools[tool]
        accuracy = figures["accuracy"]
        by_kind = [f"{accuracy['by_kind'][kind]['acc1']:.0%} / {accuracy['by_kind'][kind]['acc2']:.0%}"
                   if kind in accuracy["by_kind"] else "–" for kind in ("song", "stretched", "synthetic")]
        speed = figures["songs_per_s"]
        ratio = figures["seconds"]["median"] / ours["seconds"]["median"]
        lines.append(f"| {names[tool]} | {accuracy['acc1']:.0%} | {accuracy['acc2']:.0%} | {' | '.join(by_kind)} | "
                     f"{speed['median']:.2f} | {speed['min']:.2f} – {speed['max']:.2f} | {figures['audio_x']['median']:.0f}x | "
                     + ("" if tool == "kinetic" else f"{ratio:.1f}x") + " |")
    inside, own = ours["accuracy"], ours["own_timing"]
    lines += [
        "",
        f"Kinetic's up to three candidates hold the true tempo for {inside['in_candidates']:.0%} of the songs "
        f"({inside['in_candidates_count']} of {inside['songs']}); the app shows them for the user to confirm. "
        f"Start-up per command, on one second of silence: Kinetic {ours['start_up_s']:.2f} s, aubio {tools['aubio']['start_up_s']:.2f} s "
        f"(of each song's {ours['seconds']['median'] / result['songs']:.2f} s and {tools['aubio']['seconds']['median'] / result['songs']:.2f} s); "
        f"librosa {tools['librosa']['version']} took {tools['librosa']['start_up_s']:.0f} s to import and analyse its first song, once, "
        f"not counted. Of Kinetic's {ours['seconds']['median']:.1f} s, it reports {own['decode_s']['median']:.1f} s decoding (ffmpeg) "
        f"and {own['analyse_s']['median']:.2f} s analysing in all (it prints each song's to the hundredth of a second). CPU seconds, median: "
        + ", ".join(f"{tool} {tools[tool]['cpu_seconds']['median']:.1f}" for tool in ("kinetic", "aubio", "librosa")) + ".",
    ]
    if result["all_failed"]:
        lines += ["", "Missed by every tool even at double, half, triple or a third: " + ", ".join(result["all_failed"]) + "."]
    return lines


def scale_section(result):
    scales = result["scales"]
    databases = list(dict.fromkeys(scale["database"] for scale in scales))
    factors = list(dict.fromkeys(f"{scale['scale']}x" for scale in scales))
    rows = lambda scale: ", ".join(f"{table} {count:,}" for table, count in scale["rows"].items())
    lines = [
        f"## Scale: the main reads at {' and '.join(factors)} the data, on {' and '.join(databases)}",
        "",
        f"The reads above at {' and '.join(factors)} the data, on {' and '.join(databases)}: {result['signed_in']} users filled through "
        "the API as the reads benchmark fills its users, and the rest of each scale's users and rows written straight into the tables, "
        "as many rows per user. " + " ".join(f"{scale['database']} at {scale['scale']}x: {rows(scale)}." for scale in scales)
        + f" wrk asks each read at {result['connections']} connections, {result['duration']} s a run, each request as one of the "
        f"{result['signed_in']} at random, interleaved with the floor over {result['rounds']} round(s).",
    ]
    if "SQLite" in databases:
        lines[-1] += (" SQLite's tables are not analysed, as Kinetic never asks it to: its plans are the ones `QueryPlanTests` checks "
                      "(an index search for every query of each read, `EXPLAIN QUERY PLAN`).")
    if "PostgreSQL" in databases:
        lines[-1] += (" PostgreSQL's tables are analysed after the writing, as its autovacuum would; then its auto_explain "
                      "logs each query of one more request of each read with its plan and its time (EXPLAIN ANALYZE): the SQL column "
                      "sums them. The sign-in's token lookup (`api_tokens` joined to `users`) shows only where the few-second cache of "
                      "signed-in tokens had run out. Goal snapshots are a cache made at a user's first goals read, so only the signed-in "
                      "users have one: that table holds their rows alone, few enough for PostgreSQL to read them whole when it chooses.")
    lines[-1] += " Release build; PostgreSQL on the same 2 cores." if "PostgreSQL" in databases else " Release build."
    if result.get("conditions"):
        lines[-1] += f" Measured with: {result['conditions']}"
    lines += [
        "",
        "| read | database | scale | req/s median | min – max | p99 | req/s of the floor | SQL ms | what PostgreSQL did |",
        "|---|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name in scales[0]["reads"]:
        for scale in scales:
            row = scale["reads"][name]
            plans = "; ".join(" / ".join(query["steps"]) for query in row.get("queries", []))
            sql = f"{row['query_ms']:.2f}" if "query_ms" in row else ""
            lines.append(f"| {name} | {scale['database']} | {scale['scale']}x | {row['median']:,.0f} | {row['min']:,.0f} – {row['max']:,.0f} | "
                         f"{row['p99_ms']:.1f} ms | " + ("| " if name == "floor: /livez" else f"{row['ratio']:.0%} | ") + f"{sql} | {plans} |")
    failed = [f"{name} on {scale['database']} at {scale['scale']}x: {row['bad_status']} non-2xx, {row['socket_errors']} socket errors"
              for scale in scales for name, row in scale["reads"].items() if row["bad_status"] or row["socket_errors"]]
    if failed:
        lines += ["", "Errors: " + "; ".join(failed) + "."]
    return lines


# Each section: its script in this folder, the options of a quick try, and what writes its part of the page.
SECTIONS = {
    "reads": ("reads", ["--users", "50", "--wishes", "1000", "--rounds", "1", "--duration", "3"], reads_section),
    "import": ("health_import", ["--days", "200", "--runs", "1", "--minute-years", "1"], import_section),
    "wishes": ("wishes", ["--deliveries", "5000", "--window", "20", "--users", "200"], wishes_section),
    "reports": ("reports", ["--quick"], reports_section),
    "tempo": ("tempo", ["--songs", "8", "--runs", "1", "--seconds", "30"], tempo_section),
    "scale": ("scale", ["--scales", "1", "--rounds", "1", "--duration", "3"], scale_section),
}
MARKER = "<!-- section: {} -->"


def kept_sections(path):
    """The sections of the page as it is, by name: each begins at its marker."""
    try:
        text = pathlib.Path(path).read_text()
    except FileNotFoundError:
        return {}
    sections, name = {}, None
    for line in text.splitlines():
        if line.startswith("<!-- section: ") and line.endswith(" -->"):
            name = line[len("<!-- section: "):-len(" -->")]
            sections[name] = []
        if name:
            sections[name].append(line)
    return {name: "\n".join(lines).rstrip() for name, lines in sections.items()}


def placed(name, lines, stamp):
    """A section's part of the page: its marker, its heading, when it was measured, its figures."""
    return "\n".join([MARKER.format(name), lines[0], "", stamp] + lines[1:]).rstrip()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", choices=list(SECTIONS), action="append", help="run only these sections; the page keeps the others")
    parser.add_argument("--quick", action="store_true", help="small sizes, to try the scripts (figures not for docs)")
    parser.add_argument("--from", dest="measured", action="append", default=[], metavar="NAME=FILE",
                        help="write section NAME from the JSON its script wrote alone (--out FILE) instead of running it; "
                             "the page gives the file's time and today's commit")
    parser.add_argument("--measured-on", metavar="COMMIT", help="with --from: the commit the binary measured was built from")
    parser.add_argument("--out", default=str(ROOT / "docs/benchmarks.md"))
    arguments = parser.parse_args()
    measured = dict(entry.split("=", 1) for entry in arguments.measured)
    work = pathlib.Path(tempfile.mkdtemp(prefix="kinetic-bench."))
    about = machine()
    sections = kept_sections(arguments.out) if arguments.only or measured else {}
    for name in arguments.only or ([] if measured else list(SECTIONS)):
        script, quick, write = SECTIONS[name]
        lines = write(run(script, quick if arguments.quick else [], work))
        stamp = (f"Measured {about['date']} on commit {about['commit']}" + (" with --quick (small sizes: not figures to quote)" if arguments.quick else "")
                 + f", {about['machine']}.")
        sections[name] = placed(name, lines, stamp)
    for name, file in measured.items():
        lines = SECTIONS[name][2](json.loads(pathlib.Path(file).read_text()))
        when = datetime.datetime.fromtimestamp(pathlib.Path(file).stat().st_mtime, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        built = f" on a release build of commit {arguments.measured_on}" if arguments.measured_on else ""
        stamp = (f"Measured {when} by `scripts/lib/bench/{SECTIONS[name][0]}.py` run alone{built}, {about['machine']}; "
                 f"written on commit {about['commit']}.")
        sections[name] = placed(name, lines, stamp)
    header = [
        "# Benchmarks",
        "",
        "Written by `scripts/bench`. Each figure is measured in the same run as its peer or limit, on one release build; "
        "each section says when, on which commit and on which machine it was measured (`scripts/bench --only NAME` measures one again).",
        "",
    ]
    ordered = [sections[name] for name in SECTIONS if name in sections]
    pathlib.Path(arguments.out).write_text("\n".join(header) + "\n" + "\n\n".join(ordered) + "\n")
    print(f"\nWrote {arguments.out}")


if __name__ == "__main__":
    main()

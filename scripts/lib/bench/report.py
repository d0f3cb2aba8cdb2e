"""Runs the benchmarks of scripts/bench on one release build and writes docs/benchmarks.md:
the machine, the date and the commit, then each figure beside its peer or limit, with the
ratio and whether the goal is met. Each section is a script of its own in this folder (run
alone, it prints its figures); this one runs them with --out and reads their JSON."""
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
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gib": memory, "swift": swift, "kernel": platform.release(),
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", choices=["reads", "import"], action="append", help="run only these sections")
    parser.add_argument("--quick", action="store_true", help="small sizes, to try the scripts (figures not for docs)")
    parser.add_argument("--out", default=str(ROOT / "docs/benchmarks.md"))
    arguments = parser.parse_args()
    sections = arguments.only or ["reads", "import"]
    work = pathlib.Path(tempfile.mkdtemp(prefix="kinetic-bench."))
    about = machine()
    parts = []
    if "reads" in sections:
        options = ["--users", "50", "--wishes", "1000", "--rounds", "1", "--duration", "3"] if arguments.quick else []
        parts += reads_section(run("reads", options, work)) + [""]
    if "import" in sections:
        options = ["--days", "200", "--runs", "1", "--minute-years", "1"] if arguments.quick else []
        parts += import_section(run("health_import", options, work)) + [""]
    header = [
        "# Benchmarks",
        "",
        "Written by `scripts/bench`" + (" --quick (small sizes: not figures to quote)" if arguments.quick else "") + ". "
        "Each figure is measured in the same run as its peer or limit, on one release build.",
        "",
        f"- Machine: {about['cpu']}, {about['cores']} cores, {about['memory_gib']:.0f} GiB; Linux {about['kernel']}; {about['swift']}",
        f"- Date: {about['date']}; commit {about['commit']}",
        "",
    ]
    pathlib.Path(arguments.out).write_text("\n".join(header + parts).rstrip() + "\n")
    print(f"\nWrote {arguments.out}")


if __name__ == "__main__":
    main()

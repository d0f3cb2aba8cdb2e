"""Kinetic's Apple Health import beside healthkit-to-sqlite (PyPI), the reference peer.

Equal work: both import an export holding only step records (each side stores every one of
them), made from the generated export by dropping every other element. Runs alternate
(Kinetic, peer, Kinetic, peer, ...), each into a fresh database, and report min/median/max
seconds and peak memory. Separately, once each, the whole export: the peer stores every
record of every type, Kinetic only the steps, as each says in its output. Then Kinetic's peak
memory on exports of about 100 and 400 MB of XML, which must stay flat.

Prints and returns (as JSON with --out) the figures; never fails on timing."""
import argparse
import contextlib
import json
import pathlib
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from reads import free_port  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[3]
END = "2026-10-31"  # fixed and past, so that runs compare


def make_export(path, days):
    """A zip like the iPhone's (scripts/make-health-export), `days` long."""
    subprocess.run([sys.executable, str(ROOT / "scripts/make-health-export"), str(path), "--days", str(days), "--seed", "5",
                    "--end", END], check=True, capture_output=True)
    with zipfile.ZipFile(path) as archive:
        info = max(archive.infolist(), key=lambda item: item.file_size)
        return {"xml_bytes": info.file_size, "zip_bytes": path.stat().st_size}


def steps_only(source, target):
    """`source`'s zip with an export.xml that keeps its header and only the step records (and
    their children); returns the number of step records."""
    kept = 0
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        name = max(archive.infolist(), key=lambda item: item.file_size).filename
        with archive.open(name) as xml, out.open(name, "w", force_zip64=True) as written:
            keeping = True  # the header, up to the first element of data
            for line in xml:
                if line.startswith(b" <") and not line.startswith(b" </"):
                    # A top-level element: a record of steps, the export's date and the person are kept.
                    keeping = (line.startswith(b' <Record type="HKQuantityTypeIdentifierStepCount"')
                               or line.startswith(b" <ExportDate") or line.startswith(b" <Me "))
                    kept += line.startswith(b' <Record type="HKQuantityTypeIdentifierStepCount"')
                elif line.startswith(b"</HealthData"):
                    keeping = True
                if keeping:
                    written.write(line)
    return kept


def timed(command, log):
    """Runs `command` under /usr/bin/time: (seconds, peak MB, its output)."""
    result = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M", *command], capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed:\n{result.stdout}\n{result.stderr}")
    line = [line for line in result.stderr.splitlines() if line.startswith("TIME ")][-1]
    seconds, peak_kb = line.split()[1:]
    log.write(result.stdout + result.stderr)
    return float(seconds), int(peak_kb) / 1024, result.stdout


@contextlib.contextmanager
def serving(binary, folder):
    """A server without demo data on `folder`, answering; yields its address."""
    port = free_port()
    server = subprocess.Popen([binary, "serve", "--no-demo", "--data-dir", str(folder), "--hostname", "127.0.0.1", "--port", str(port),
                               "--log", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/livez", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait()


def empty_account(binary, folder):
    """A data directory with one account, bench@example.com, made through the API."""
    with serving(binary, folder) as base:
        request = urllib.request.Request(base + "/api/v1/accounts", method="POST",
                                         data=json.dumps({"name": "Bench", "email": "bench@example.com",
                                                          "password": "bench-password"}).encode(),
                                         headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=30).read()


def kinetic_import(binary, account, export, work, log):
    data = work / "kinetic-run"
    shutil.rmtree(data, ignore_errors=True)
    shutil.copytree(account, data)
    seconds, peak, output = timed([binary, "import-health", str(export), "--user", "bench@example.com", "--data-dir", str(data),
                                   "--log", "warning"], log)
    kept = next(int(line.split(":")[1].replace(",", "")) for line in output.splitlines() if "step samples kept" in line)
    return {"seconds": seconds, "peak_mb": peak, "stored": kept}


def peer_import(export, work, log):
    database = work / "peer.db"
    database.unlink(missing_ok=True)
    seconds, peak, _ = timed(["healthkit-to-sqlite", str(export), str(database)], log)
    with sqlite3.connect(database) as connection:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'r%'")]
        stored = sum(connection.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0] for table in tables)
    return {"seconds": seconds, "peak_mb": peak, "stored": stored}


def minute_level(binary, account, years, work, log):
    """`years` of minute-level steps (scripts/lib/minute_export.py) imported into one account,
    then the Steps page timed as a signed-in browser loads it (scripts/lib/time_steps_page.py)."""
    xml = work / "minute.xml"
    samples = int(subprocess.run([sys.executable, str(ROOT / "scripts/lib/minute_export.py"), str(xml), "--years", str(years)],
                                 check=True, capture_output=True, text=True).stdout.split()[-1])
    size = xml.stat().st_size
    imported = kinetic_import(binary, account, xml, work, log)
    xml.unlink()
    with serving(binary, work / "kinetic-run") as base:
        output = subprocess.run([sys.executable, str(ROOT / "scripts/lib/time_steps_page.py"), base,
                                 "bench@example.com", "bench-password"], check=True, capture_output=True, text=True).stdout
    pages = []
    for line in output.splitlines():
        if "Steps page" in line:
            month = line.split(",", 1)[1].split(":")[0].strip()
            numbers = [float(word) for word in line.replace(",", " ").split() if word.replace(".", "", 1).isdigit()]
            pages.append({"month": month, "median_ms": numbers[0], "p95_ms": numbers[1]})
    return {"years": years, "samples": samples, "xml_bytes": size, "seconds": imported["seconds"], "peak_mb": imported["peak_mb"],
            "steps_page": pages}


def spread(runs, key):
    values = sorted(run[key] for run in runs)
    return {"min": values[0], "median": statistics.median(values), "max": values[-1]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build/release/kinetic"))
    parser.add_argument("--days", type=int, default=1900, help="days of the export (1,900: about 100 MB of XML)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each side, alternating")
    parser.add_argument("--minute-years", type=int, default=10,
                        help="then import this many years of minute-level steps and time the Steps page (0: skip)")
    parser.add_argument("--out")
    arguments = parser.parse_args()
    if not shutil.which("healthkit-to-sqlite"):
        sys.exit("healthkit-to-sqlite is missing: python3 -m pip install healthkit-to-sqlite")

    work = pathlib.Path(tempfile.mkdtemp(prefix="kinetic-bench-import."))
    log = open(work / "runs.log", "w")
    try:
        print(f"Generating exports of {arguments.days} and {arguments.days * 4} days…", flush=True)
        whole = work / "export.zip"
        whole_size = make_export(whole, arguments.days)
        steps = work / "steps-only.zip"
        step_records = steps_only(whole, steps)
        with zipfile.ZipFile(steps) as archive:
            steps_size = {"xml_bytes": max(item.file_size for item in archive.infolist()), "zip_bytes": steps.stat().st_size}
        large = work / "large.zip"
        large_size = make_export(large, arguments.days * 4)
        account = work / "account"
        empty_account(arguments.binary, account)

        kinetic_runs, peer_runs = [], []
        for number in range(arguments.runs):
            kinetic_runs.append(kinetic_import(arguments.binary, account, steps, work, log))
            peer_runs.append(peer_import(steps, work, log))
            print(f"  steps only, run {number + 1}: Kinetic {kinetic_runs[-1]['seconds']:.2f} s, "
                  f"healthkit-to-sqlite {peer_runs[-1]['seconds']:.2f} s", flush=True)
        whole_kinetic = kinetic_import(arguments.binary, account, whole, work, log)
        whole_peer = peer_import(whole, work, log)
        large_kinetic = kinetic_import(arguments.binary, account, large, work, log)
        print(f"  whole export: Kinetic {whole_kinetic['seconds']:.2f} s, healthkit-to-sqlite {whole_peer['seconds']:.2f} s", flush=True)

        result = {
            "step_records": step_records,
            "steps_only": {"size": steps_size, "kinetic": {"seconds": spread(kinetic_runs, "seconds"), "peak_mb": spread(kinetic_runs, "peak_mb"),
                                                            "stored": kinetic_runs[0]["stored"]},
                           "peer": {"seconds": spread(peer_runs, "seconds"), "peak_mb": spread(peer_runs, "peak_mb"),
                                    "stored": peer_runs[0]["stored"]}, "runs": arguments.runs},
            "whole": {"size": whole_size, "kinetic": whole_kinetic, "peer": whole_peer},
            "memory": [{"size": whole_size, "peak_mb": whole_kinetic["peak_mb"]}, {"size": large_size, "peak_mb": large_kinetic["peak_mb"]}],
        }
        if arguments.minute_years:
            result["minute_level"] = minute_level(arguments.binary, account, arguments.minute_years, work, log)
        ours, theirs = result["steps_only"]["kinetic"], result["steps_only"]["peer"]
        print(f"\nsteps-only export: {steps_size['xml_bytes'] / 1e6:.0f} MB of XML "
              f"({steps_size['xml_bytes'] / steps_size['zip_bytes']:.0f}x compressed), {step_records:,} step records")
        print(f"  Kinetic             {ours['seconds']['median']:7.2f} s  ({ours['seconds']['min']:.2f}-{ours['seconds']['max']:.2f})"
              f"  peak {ours['peak_mb']['median']:.0f} MB  stored {ours['stored']:,}")
        print(f"  healthkit-to-sqlite {theirs['seconds']['median']:7.2f} s  ({theirs['seconds']['min']:.2f}-{theirs['seconds']['max']:.2f})"
              f"  peak {theirs['peak_mb']['median']:.0f} MB  stored {theirs['stored']:,}")
        print(f"  ratio {theirs['seconds']['median'] / ours['seconds']['median']:.1f}x (goal: at least 10x)")
        for entry in result["memory"]:
            print(f"  Kinetic's peak memory on {entry['size']['xml_bytes'] / 1e6:.0f} MB of XML: {entry['peak_mb']:.0f} MB")
        if "minute_level" in result:
            dense = result["minute_level"]
            print(f"  {dense['years']} years of minute-level steps: {dense['samples']:,} samples ({dense['xml_bytes'] / 1e6:.0f} MB) "
                  f"in {dense['seconds']:.1f} s, peak {dense['peak_mb']:.0f} MB")
            for page in dense["steps_page"]:
                print(f"  Steps page, {page['month']}: median {page['median_ms']:.1f} ms, p95 {page['p95_ms']:.1f} ms")
        if arguments.out:
            pathlib.Path(arguments.out).write_text(json.dumps(result, indent=2))
    finally:
        log.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

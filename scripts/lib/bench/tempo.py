"""Tempo detection: `kinetic estimate-tempo` beside `aubio tempo` (Debian aubio-tools) and
`librosa.beat.beat_track` (PyPI), for accuracy and speed, on one corpus of songs whose tempo is
known. The corpus is made at run time in a temporary folder (nothing of it is kept), as 16-bit
44.1 kHz stereo WAV files, every song cut to the same length (--seconds, 45 by default):

- "song": the eight songs of Debian's fretsonfire-songs-muldjord (CC-BY-SA-3.0) and
  fretsonfire-songs-sectoid, backing and guitar tracks mixed by ffmpeg (amix), an excerpt from
  30 s in. True tempo: the Set Tempo event of the song's notes.mid (each has one tempo, 95-190
  BPM; the script says so if a notes.mid ever holds a change). Real music, but only 8 songs,
  and mostly metal.
- "stretched": the same excerpts time-stretched by ffmpeg's atempo filter (pitch kept) by the
  factors of --factors (0.8, 0.9, 1.1 by default), so their true tempo is the MIDI tempo times the
  factor. The same music again at other tempos: they widen the tempo range, not the variety.
- "synthetic": rhythm tracks drawn here with numpy at tempos spread evenly over 60-180 BPM, in
  seven styles (rock, funk with ghost notes, four-on-the-floor, swung shuffle in triplets,
  half-time, 3/4 waltz, sparse ballad), with a bass line, a slowly swelling pad that has no beat
  of its own, each hit moved by a few milliseconds at random and its loudness varied, swing on
  the off-beats, a fill every eighth bar and a bar of pad alone now and then. True tempo: the
  quarter-note (in 3/4, the beat) rate they were drawn at. Half-time tracks are ambiguous by
  design: a listener may well tap half the notated tempo.

Accuracy, MIREX style, per tool and per kind of song: Acc1, the share of songs whose estimate is
within 4 % of the true tempo; Acc2, the share within 4 % of the true tempo or of its double,
half, triple or third. Kinetic prints up to three candidates, best first: its first is scored,
and how often the true tempo is among its candidates (within 4 %) is given apart. (The app
matches a song to an exercise halved, kept or doubled, so the octave errors counted by Acc2
matter less to it than Acc1 suggests.)

Speed: each tool analyses the same WAV files, reading and decoding each itself (Kinetic runs
ffmpeg to decode and resample to 22,050 Hz mono; aubio reads the file at its own 44.1 kHz;
librosa.load reads and resamples to 22,050 Hz mono), songs interleaved (Kinetic, aubio, librosa
on song 1, then on song 2, ...), in --runs runs (3 by default). Wall clock per song: for Kinetic
and aubio, a whole command each (their start-up counted; both start-ups are also measured apart,
on one second of silence); for librosa, one request to a worker process started once, which
imports librosa and analyses one song before the timing (numba compiles then), so that Python's
and numba's start-up is not counted. Per run: each tool's total seconds for the corpus, given as
songs/s and as seconds of audio per second, min/median/max over the runs; CPU seconds too.
Accuracy is taken from the first run; a tool whose estimate changes between runs is noted.

Prints and writes (--out, JSON) the figures; never fails on a figure."""
import argparse
import json
import math
import os
import pathlib
import resource
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import wave

ROOT = pathlib.Path(__file__).resolve().parents[3]
SONGS = pathlib.Path("/usr/share/games/fretsonfire/data/songs")
RATE = 44_100
TOLERANCE = 0.04
ACC2_FACTORS = (1, 2, 0.5, 3, 1 / 3)
TOOLS = ("kinetic", "aubio", "librosa")
STYLES = ("rock", "funk", "four-on-the-floor", "shuffle", "half-time", "waltz", "ballad")

WORKER = r"""
import json, sys, time
started = time.perf_counter()
import numpy, librosa
print(json.dumps({"import_s": time.perf_counter() - started, "version": librosa.__version__}), flush=True)
for line in sys.stdin:
    cpu = time.process_time()
    try:
        samples, rate = librosa.load(line.rstrip("\n"))  # mono, resampled to 22,050 Hz
        tempo, _ = librosa.beat.beat_track(y=samples, sr=rate)
        answer = {"bpm": float(numpy.atleast_1d(tempo)[0])}
    except Exception as error:
        answer = {"error": repr(error)}
    answer["cpu_s"] = time.process_time() - cpu
    print(json.dumps(answer), flush=True)
"""


# --- what is needed ---------------------------------------------------------------------------

def install():
    """Debian's aubio-tools, ffmpeg and the two song packages, and librosa from PyPI, when missing."""
    missing = []
    if not shutil.which("aubio"):
        missing.append("aubio-tools")
    if not shutil.which("ffmpeg"):
        missing.append("ffmpeg")
    for package in ("muldjord", "sectoid"):
        if not (SONGS / package).is_dir():
            missing.append("fretsonfire-songs-" + package)
    if missing:
        print("Installing " + ", ".join(missing) + "…", flush=True)
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing], check=True,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"), stdout=subprocess.DEVNULL)
    try:
        import numpy  # noqa: F401
        import librosa  # noqa: F401
    except ImportError:
        print("Installing librosa (PyPI)…", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "librosa"], check=True)


# --- the corpus -------------------------------------------------------------------------------

def midi_tempos(path):
    """The distinct tempos (BPM) of a standard MIDI file's Set Tempo events, in order of time."""
    data = path.read_bytes()
    tracks = struct.unpack(">H", data[10:12])[0]
    position, events = 14, []

    def number(at):  # a variable-length quantity: (value, next position)
        value = 0
        while True:
            byte = data[at]
            at += 1
            value = value << 7 | byte & 0x7F
            if byte < 0x80:
                return value, at

    for _ in range(tracks):
        length = struct.unpack(">I", data[position + 4:position + 8])[0]
        at, end, tick, status = position + 8, position + 8 + length, 0, 0
        while at < end:
            delta, at = number(at)
            tick += delta
            kind = data[at]
            if kind == 0xFF:  # a meta event: type, length, data
                meta = data[at + 1]
                size, at = number(at + 2)
                if meta == 0x51:
                    events.append((tick, 60_000_000 / int.from_bytes(data[at:at + 3], "big")))
                at += size
            elif kind in (0xF0, 0xF7):  # system exclusive
                size, at = number(at + 1)
                at += size
            else:  # a channel message, perhaps under running status
                if kind & 0x80:
                    status, at = kind, at + 1
                at += 1 if status & 0xF0 in (0xC0, 0xD0) else 2
        position = end
    tempos = []
    for _, bpm in sorted(events):
        if not tempos or abs(tempos[-1] - bpm) > 0.01:
            tempos.append(bpm)
    return tempos


def ffmpeg(*arguments):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *arguments], check=True)


def mixed_excerpt(folder, start, seconds, factor, out):
    """`folder`'s song.ogg and guitar.ogg mixed, from `start` s of the result on for `seconds`,
    time-stretched by `factor` (tempo × factor, pitch kept) when it is not 1."""
    source_start, source_length = f"{start * factor:.3f}", f"{seconds * factor + 0.5:.3f}"
    inputs = [argument for name in ("song.ogg", "guitar.ogg") if (folder / name).exists()
              for argument in ("-ss", source_start, "-t", source_length, "-i", str(folder / name))]
    count = len(inputs) // 6
    graph = f"amix=inputs={count}:duration=longest" if count > 1 else "anull"
    if factor != 1:
        graph += f",atempo={factor}"
    ffmpeg(*inputs, "-filter_complex", graph, "-t", str(seconds), "-ar", str(RATE), "-ac", "2", "-c:a", "pcm_s16le", str(out))


def write_wav(path, left, right):
    import numpy as np
    peak = max(1e-9, float(np.max(np.abs(left))), float(np.max(np.abs(right))))
    frames = np.empty(2 * len(left), dtype="<i2")
    frames[0::2] = np.round(left / peak * 0.89 * 32767)
    frames[1::2] = np.round(right / peak * 0.89 * 32767)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames.tobytes())


def synthetic(path, bpm, style, seed, seconds):
    """A rhythm track in `style` at `bpm` (quarter notes; in 3/4 the beat), `seconds` long."""
    import numpy as np
    rng = np.random.default_rng(seed)
    total = int(seconds * RATE)
    drums, bass, pad = np.zeros(total + RATE), np.zeros(total + RATE), np.zeros(total + RATE)

    def envelope(length, decay, attack=0.001):
        t = np.arange(int(length * RATE)) / RATE
        return t, np.minimum(1, t / attack) * np.exp(-t / decay)

    t, shape = envelope(0.4, 0.13)
    kick = np.sin(2 * np.pi * np.cumsum(48 + 90 * np.exp(-t / 0.025)) / RATE) * shape
    t, shape = envelope(0.25, 0.07)
    snare = (rng.standard_normal(len(t)) * 0.7 + np.sin(2 * np.pi * 185 * t)) * shape
    hiss = np.diff(rng.standard_normal(int(0.3 * RATE) + 1))  # noise tilted to the highs
    closed = hiss[:int(0.06 * RATE)] * envelope(0.06, 0.012)[1] * 0.35
    opened = hiss * envelope(0.3, 0.09)[1] * 0.3
    sounds = {"kick": kick, "snare": snare, "ghost": snare * 0.2, "closed": closed, "open": opened}

    def hit(buffer, sample, when, loudness):
        when += rng.normal(0, 0.007)  # a drummer's timing, a few ms either side
        at = max(0, int(when * RATE))
        end = min(len(buffer), at + len(sample))
        if end > at:
            buffer[at:end] += sample[:end - at] * loudness * rng.uniform(0.75, 1.0)

    # A bar: beats, steps per beat, and per sound the steps it plays (16ths unless said).
    beats, steps = (3, 2) if style == "waltz" else (4, 3) if style == "shuffle" else (4, 4)
    pattern = {
        "rock": {"kick": [0, 8], "snare": [4, 12], "closed": range(0, 16, 2)},
        "funk": {"kick": [0, 3, 6, 10], "snare": [4, 12], "ghost": [7, 9, 15], "closed": range(16)},
        "four-on-the-floor": {"kick": [0, 4, 8, 12], "snare": [4, 12], "open": [2, 6, 10, 14], "closed": range(1, 16, 2)},
        "shuffle": {"kick": [0, 6], "snare": [3, 9], "closed": [0, 2, 3, 5, 6, 8, 9, 11]},  # triplets: swung 8ths
        "half-time": {"kick": [0, 7, 10], "snare": [8], "closed": range(0, 16, 2)},
        "waltz": {"kick": [0], "ghost": [2, 4], "closed": range(6)},  # 8ths in 3/4
        "ballad": {"kick": [0, 10], "ghost": [4, 12]},
    }[style]
    beat = 60 / bpm
    step = beat / steps
    swing = 0 if steps != 4 else rng.uniform(0, 0.25)  # odd 16ths come late by this share of a step
    roots = [55.0, 43.65, 65.41, 49.0]  # A, F, C, G: one chord a bar
    bar_length = beats * beat
    bars = int(seconds / bar_length) + 1
    breakdown = set(rng.choice(range(4, bars), size=max(1, bars // 12), replace=False).tolist()) if bars > 5 else set()
    for bar in range(bars):
        start = bar * bar_length
        root = roots[bar % 4]
        # The pad: a chord swelling and fading over the bar, with no attack of its own.
        at = int(start * RATE)
        span = np.arange(max(0, min(int(bar_length * RATE), len(pad) - at))) / RATE
        swell = np.sin(np.pi * span / bar_length) ** 2
        chord = sum(np.sin(2 * np.pi * root * 4 * ratio * span + rng.uniform(0, 6)) for ratio in (1, 1.2, 1.5, 2.003))
        pad[at:at + len(span)] += chord * swell * 0.06
        if bar in breakdown:  # a bar of pad alone
            continue
        fill = bar % 8 == 7
        late = lambda position: swing * step if steps == 4 and position % 2 == 1 else 0  # noqa: E731
        for name, positions in pattern.items():
            for position in positions:
                if not (fill and position >= (beats - 1) * steps and name != "kick"):
                    hit(drums, sounds[name], start + position * step + late(position), 1.0)
        if style in ("rock", "funk") and rng.random() < 0.3:  # an extra kick in some bars
            hit(drums, kick, start + (7 if style == "rock" else 14) * step + late(1), 0.7)
        if fill:  # the last beat of every eighth bar: a run of snare hits growing louder
            for index in range(steps):
                hit(drums, snare, start + (beats - 1) * beat + index * step + late(index), 0.5 + 0.5 * index / steps)
        # The bass: the chord's root where the kick plays, an octave up now and then.
        for position in pattern["kick"]:
            length = min(beat, 0.45)
            t, shape = envelope(length, length / 2, attack=0.01)
            frequency = root * (2 if rng.random() < 0.2 else 1)
            tone = (np.sin(2 * np.pi * frequency * t) + 0.4 * np.sin(4 * np.pi * frequency * t)) * shape * 0.5
            hit(bass, tone, start + position * step + late(position), 1.0)
    mono = drums[:total] + bass[:total] + pad[:total] + rng.standard_normal(total) * 0.003
    write_wav(path, mono + 0.05 * np.roll(drums[:total], 40), mono + 0.05 * np.roll(pad[:total], 70))


def make_corpus(work, seconds, factors, synthetic_count, limit):
    """The songs as a list of rows: name, kind, true tempo, WAV file, and what they were made from."""
    corpus = []
    folders = sorted(folder for package in ("muldjord", "sectoid") for folder in (SONGS / package).iterdir()
                     if (folder / "notes.mid").exists())
    for folder in folders:
        tempos = midi_tempos(folder / "notes.mid")
        if len(tempos) != 1:
            print(f"  note: {folder.name}'s notes.mid holds {len(tempos)} tempos {tempos}; the first is taken", flush=True)
        for factor in (1, *factors):
            corpus.append({"name": folder.name + ("" if factor == 1 else f" ×{factor}"), "kind": "song" if factor == 1 else "stretched",
                           "truth": round(tempos[0] * factor, 2), "source": f"{folder.parent.name}/{folder.name}", "factor": factor,
                           "folder": folder})
    for index in range(synthetic_count):
        bpm = round(60 + 120 * index / max(1, synthetic_count - 1), 1)
        style = STYLES[index % len(STYLES)]  # each style at tempos across the range
        corpus.append({"name": f"{style} {bpm:g}", "kind": "synthetic", "truth": bpm, "source": style, "seed": 1000 + index})
    if limit and limit < len(corpus):  # each kind keeps its share, taken evenly over its list
        kept = []
        for kind in ("song", "stretched", "synthetic"):
            songs = [song for song in corpus if song["kind"] == kind]
            share = max(1, round(limit * len(songs) / len(corpus)))
            kept += [songs[index * len(songs) // share] for index in range(min(share, len(songs)))]
        corpus = kept[:limit]
    for number, song in enumerate(corpus):
        song["file"] = str(work / f"{number:02d}.wav")
        if song["kind"] == "synthetic":
            synthetic(song["file"], song["truth"], song["source"], song.pop("seed"), seconds)
        else:
            mixed_excerpt(song.pop("folder"), 30, seconds, song["factor"], song["file"])
    return corpus


# --- the tools --------------------------------------------------------------------------------

def timed_command(command):
    """(wall seconds, CPU seconds of it and its children, stdout when it succeeded, stderr)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, result.stdout if result.returncode == 0 else "", result.stderr


def kinetic(binary, path):
    """Its candidates, best first, from the last line: "B1 B2 B3<tab>decode D s<tab>analyse A s<tab>audio N s"."""
    wall, cpu, output, errors = timed_command([binary, "estimate-tempo", path, "--log", "warning"])
    lines = [line for line in output.splitlines() if "\tdecode " in line]
    if not lines:
        return {"bpm": None, "candidates": [], "wall_s": wall, "cpu_s": cpu, "error": errors.strip()[-300:] or "no output"}
    fields = lines[-1].split("\t")
    own = {field.split()[0]: float(field.split()[1]) for field in fields[1:] if len(field.split()) >= 2}
    candidates = [float(value) for value in fields[0].split()]
    return {"bpm": candidates[0] if candidates else None, "candidates": candidates, "wall_s": wall, "cpu_s": cpu,
            "decode_s": own.get("decode"), "analyse_s": own.get("analyse")}


def aubio(path):
    """`aubio tempo FILE` prints "B bpm"."""
    wall, cpu, output, errors = timed_command(["aubio", "tempo", path])
    try:
        bpm = float(output.split()[0])
        bpm = bpm if math.isfinite(bpm) and bpm > 0 else None
    except (IndexError, ValueError):
        return {"bpm": None, "wall_s": wall, "cpu_s": cpu, "error": (output + errors).strip()[-300:] or "no output"}
    return {"bpm": bpm, "wall_s": wall, "cpu_s": cpu}


class Librosa:
    """A worker process that imports librosa once and answers one song a line."""

    def __init__(self, warm_up_file):
        started = time.perf_counter()
        self.process = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        cwd=ROOT)
        hello = json.loads(self.process.stdout.readline())
        self.version, self.import_s = hello["version"], hello["import_s"]
        self.ask(warm_up_file)
        self.start_up_s = time.perf_counter() - started

    def ask(self, path):
        started = time.perf_counter()
        self.process.stdin.write(path + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        answer["wall_s"] = time.perf_counter() - started
        answer.setdefault("bpm", None)
        return answer

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def start_up(binary, silence, runs=3):
    """Median wall seconds of Kinetic's and aubio's commands on one second of silence."""
    figures = {"kinetic": [], "aubio": []}
    for _ in range(runs):
        figures["kinetic"].append(kinetic(binary, silence)["wall_s"])
        figures["aubio"].append(aubio(silence)["wall_s"])
    return {tool: statistics.median(values) for tool, values in figures.items()}


# --- the figures ------------------------------------------------------------------------------

def near(estimate, target):
    return estimate is not None and target > 0 and abs(estimate - target) <= TOLERANCE * target


def verdicts(estimate, truth):
    acc1 = near(estimate, truth)
    acc2 = any(near(estimate, truth * factor) for factor in ACC2_FACTORS)
    return acc1, acc2


def spread(values):
    values = sorted(values)
    return {"min": values[0], "median": statistics.median(values), "max": values[-1]}


def accuracy(rows, tool):
    def share(subset):
        count = len(subset)
        acc1 = sum(row[tool]["acc1"] for row in subset)
        acc2 = sum(row[tool]["acc2"] for row in subset)
        figures = {"songs": count, "acc1": acc1 / count, "acc2": acc2 / count, "acc1_count": acc1, "acc2_count": acc2}
        if tool == "kinetic":
            inside = sum(row[tool]["in_candidates"] for row in subset)
            figures |= {"in_candidates": inside / count, "in_candidates_count": inside}
        return figures

    kinds = sorted({row["kind"] for row in rows}, key=["song", "stretched", "synthetic"].index)
    return share(rows) | {"by_kind": {kind: share([row for row in rows if row["kind"] == kind]) for kind in kinds}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/release/kinetic"))
    parser.add_argument("--runs", type=int, default=3, help="runs over the corpus, each tool interleaved per song")
    parser.add_argument("--songs", type=int, help="at most this many songs, taken evenly over the corpus (to try the script)")
    parser.add_argument("--seconds", type=int, default=45, help="length of each song (default 45)")
    parser.add_argument("--factors", default="0.8,0.9,1.1", help="time-stretch factors of the real songs")
    parser.add_argument("--synthetic", type=int, default=20, help="number of synthetic rhythm tracks, 60-180 BPM")
    parser.add_argument("--out")
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"{arguments.binary} is missing: swift build -c release --product kinetic")
    install()
    factors = [float(value) for value in arguments.factors.split(",") if value.strip()]

    work = pathlib.Path(tempfile.mkdtemp(prefix="bench-tempo-"))
    worker = None
    try:
        started = time.perf_counter()
        print("Making the corpus…", flush=True)
        corpus = make_corpus(work, arguments.seconds, factors, arguments.synthetic, arguments.songs)
        kinds = {kind: sum(song["kind"] == kind for song in corpus) for kind in ("song", "stretched", "synthetic")}
        truths = [song["truth"] for song in corpus]
        print(f"  {len(corpus)} songs of {arguments.seconds} s ({', '.join(f'{count} {kind}' for kind, count in kinds.items())}), "
              f"true tempos {min(truths):.0f}-{max(truths):.0f} BPM, made in {time.perf_counter() - started:.0f} s", flush=True)

        silence = work / "silence.wav"
        ffmpeg("-f", "lavfi", "-i", f"anullsrc=r={RATE}:cl=stereo", "-t", "1", "-c:a", "pcm_s16le", str(silence))
        floors = start_up(arguments.binary, str(silence))
        worker = Librosa(corpus[0]["file"])
        print(f"  start-up: kinetic {floors['kinetic']:.2f} s and aubio {floors['aubio']:.2f} s a command (1 s of silence); "
              f"librosa {worker.version}: {worker.start_up_s:.1f} s to import and warm up, once", flush=True)

        results = [{tool: [] for tool in TOOLS} for _ in corpus]
        for run in range(arguments.runs):
            for number, song in enumerate(corpus):
                results[number]["kinetic"].append(kinetic(arguments.binary, song["file"]))
                results[number]["aubio"].append(aubio(song["file"]))
                results[number]["librosa"].append(worker.ask(song["file"]))
            totals = {tool: sum(result[tool][run]["wall_s"] for result in results) for tool in TOOLS}
            print(f"  run {run + 1}: " + ", ".join(f"{tool} {total:.1f} s" for tool, total in totals.items()), flush=True)

        rows = []
        for song, result in zip(corpus, results):
            row = {key: song[key] for key in ("name", "kind", "source", "truth") if key in song}
            if "factor" in song:
                row["factor"] = song["factor"]
            for tool in TOOLS:
                first = result[tool][0]
                acc1, acc2 = verdicts(first["bpm"], song["truth"])
                entry = {"bpm": first["bpm"], "acc1": acc1, "acc2": acc2, "wall_s": [run["wall_s"] for run in result[tool]],
                         "stable": all(run["bpm"] == first["bpm"] for run in result[tool])}
                if tool == "kinetic":
                    entry["candidates"] = first["candidates"]
                    entry["in_candidates"] = any(near(candidate, song["truth"]) for candidate in first["candidates"])
                if "error" in first:
                    entry["error"] = first["error"]
                row[tool] = entry
            rows.append(row)

        audio = len(corpus) * arguments.seconds
        tools = {}
        for tool in TOOLS:
            totals = [sum(result[tool][run]["wall_s"] for result in results) for run in range(arguments.runs)]
            cpus = [sum(result[tool][run]["cpu_s"] for result in results) for run in range(arguments.runs)]
            tools[tool] = {
                "accuracy": accuracy(rows, tool),
                "seconds": spread(totals),
                "songs_per_s": spread([len(corpus) / total for total in totals]),
                "audio_x": spread([audio / total for total in totals]),
                "cpu_seconds": spread(cpus),
                "unstable": [row["name"] for row in rows if not row[tool]["stable"]],
                "no_estimate": [row["name"] for row in rows if row[tool]["bpm"] is None],
            }
        tools["kinetic"]["own_timing"] = {  # what the command itself says it spent, summed over the corpus
            "decode_s": spread([sum(result["kinetic"][run].get("decode_s") or 0 for result in results) for run in range(arguments.runs)]),
            "analyse_s": spread([sum(result["kinetic"][run].get("analyse_s") or 0 for result in results) for run in range(arguments.runs)])}
        tools["kinetic"]["start_up_s"] = floors["kinetic"]
        tools["aubio"]["start_up_s"] = floors["aubio"]
        tools["librosa"] |= {"version": worker.version, "import_s": worker.import_s, "start_up_s": worker.start_up_s}
        result = {
            "songs": len(corpus), "seconds_each": arguments.seconds, "runs": arguments.runs, "tolerance": TOLERANCE,
            "kinds": kinds, "factors": factors, "synthetic_styles": list(STYLES),
            "tempo_range": [min(truths), max(truths)],
            "tools": tools,
            "ratios": {peer: tools[peer]["seconds"]["median"] / tools["kinetic"]["seconds"]["median"] for peer in ("aubio", "librosa")},
            "all_failed": [row["name"] for row in rows if not any(row[tool]["acc2"] for tool in TOOLS)],
            "rows": rows,
        }

        print(f"\n{'song':28} {'kind':9} {'truth':>6}  {'kinetic':18} {'aubio':>7} {'librosa':>7}")
        for row in rows:
            mark = lambda entry: "" if entry["acc1"] else "~" if entry["acc2"] else "x"  # noqa: E731
            candidates = " ".join(f"{value:g}" for value in row["kinetic"]["candidates"]) or "-"
            others = [f"{row[tool]['bpm']:.1f}{mark(row[tool])}" if row[tool]["bpm"] else "-" for tool in ("aubio", "librosa")]
            print(f"{row['name'][:28]:28} {row['kind']:9} {row['truth']:6.1f}  {(candidates + mark(row['kinetic']))[:18]:18} "
                  f"{others[0]:>7} {others[1]:>7}")
        print("  (~: right only at double, half, triple or a third; x: wrong)")
        print(f"\n{len(corpus)} songs, {arguments.runs} run(s); accuracy within {TOLERANCE:.0%}:")
        print(f"{'tool':8} {'Acc1':>6} {'Acc2':>6}  {'song':>11} {'stretched':>11} {'synthetic':>11}  {'songs/s median':>14} {'min-max':>11}  {'x real time':>11}")
        for tool in TOOLS:
            figures = tools[tool]
            kinds_text = [f"{figures['accuracy']['by_kind'][kind]['acc1']:.0%}/{figures['accuracy']['by_kind'][kind]['acc2']:.0%}"
                          if kind in figures["accuracy"]["by_kind"] else "-" for kind in ("song", "stretched", "synthetic")]
            speed = figures["songs_per_s"]
            print(f"{tool:8} {figures['accuracy']['acc1']:6.0%} {figures['accuracy']['acc2']:6.0%}  {kinds_text[0]:>11} {kinds_text[1]:>11} "
                  f"{kinds_text[2]:>11}  {speed['median']:14.2f} {speed['min']:5.2f}-{speed['max']:<5.2f}  {figures['audio_x']['median']:10.0f}x")
        print(f"kinetic: true tempo among its candidates {tools['kinetic']['accuracy']['in_candidates']:.0%}; "
              f"its own decode {tools['kinetic']['own_timing']['decode_s']['median']:.1f} s + analyse "
              f"{tools['kinetic']['own_timing']['analyse_s']['median']:.1f} s of {tools['kinetic']['seconds']['median']:.1f} s wall")
        print("speed ratio (peer's median time / Kinetic's): " + ", ".join(f"{peer} {ratio:.1f}x" for peer, ratio in result["ratios"].items()))
        for tool in TOOLS:
            for label in ("unstable", "no_estimate"):
                if tools[tool][label]:
                    print(f"note: {tool} {label.replace('_', ' ')}: {', '.join(tools[tool][label])}")
        if result["all_failed"]:
            print("every tool wrong even at double/half/triple/third: " + ", ".join(result["all_failed"]))
        if arguments.out:
            pathlib.Path(arguments.out).write_text(json.dumps(result, indent=2, ensure_ascii=False))
    finally:
        if worker:
            worker.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

// The Exercise page: a countdown from timestamps, the music at each exercise's tempo
// (playbackRate locks the beat, preservesPitch keeps the key), Pause/Resume, Skip and Quit,
// and the workout's progress saved on pause, quit, every 15 s and when the page goes away.
import { fill, pageLocale } from '../shared/strings.js';
import { advance, phaseLength, songAt } from './timeline.js';

const root = document.getElementById('player');
const workout = JSON.parse(document.getElementById('player-data').textContent);
const labels = root.dataset;
const audio = document.getElementById('player-audio');
const $ = (id) => document.getElementById(id);
const percent = new Intl.NumberFormat(pageLocale(), { style: 'percent', maximumFractionDigits: 0 });
const number = new Intl.NumberFormat(pageLocale());

const state = {
  phase: { kind: 'work', index: workout.startIndex },
  left: workout.startSecondsLeft,
  running: false,
  endsAt: 0,
  finished: false,
  /** Whether the timer has run at all: a player opened and left unstarted saves nothing. */
  started: false,
  song: null, // { step, index } of the song loaded in the audio element
};

const clock = (seconds) => {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

function announce(text) {
  const status = $('player-status');
  status.textContent = '';
  requestAnimationFrame(() => { status.textContent = text; });
}

/** Seconds left in the phase now: from the end time while running. */
function currentLeft() {
  return state.running ? (state.endsAt - Date.now()) / 1000 : state.left;
}

// --- Music -------------------------------------------------------------------------------

function setRate(rate) {
  audio.preservesPitch = true;
  audio.mozPreservesPitch = true;
  audio.webkitPreservesPitch = true;
  audio.defaultPlaybackRate = rate;
  audio.playbackRate = rate;
}

/** Puts the song and position the clock says into the audio element and plays it. */
function syncMusic() {
  const { phase } = state;
  if (!phase || phase.kind !== 'work' || !state.running) { audio.pause(); return Promise.resolve(); }
  const step = workout.steps[phase.index];
  const at = songAt(step.songs, step.seconds - currentLeft());
  if (!at) { audio.pause(); state.song = null; renderSong(); return Promise.resolve(); }
  const song = step.songs[at.index];
  const same = state.song && state.song.step === phase.index && state.song.index === at.index;
  if (!same) {
    state.song = { step: phase.index, index: at.index };
    audio.src = song.url;
  }
  setRate(song.rate);
  const seek = () => { if (Math.abs(audio.currentTime - at.offset) > 1.5) audio.currentTime = at.offset; };
  if (audio.readyState >= 1) seek(); else audio.addEventListener('loadedmetadata', seek, { once: true });
  renderSong();
  return audio.play().then(() => { $('player-start').hidden = true; });
}

function playMusic() {
  syncMusic().catch((error) => {
    if (error?.name === 'NotAllowedError') $('player-start').hidden = false;
  });
}

audio.addEventListener('ended', () => {
  const step = workout.steps[state.song?.step ?? -1];
  if (!step || !state.running) return;
  // The next song of the exercise (the list loops), whatever the clock's rounding says.
  const index = (state.song.index + 1) % step.songs.length;
  state.song = { step: state.song.step, index };
  audio.src = step.songs[index].url;
  setRate(step.songs[index].rate);
  audio.play().catch(() => {});
  renderSong();
});
audio.addEventListener('loadedmetadata', () => { if (state.song) setRate(workout.steps[state.song.step].songs[state.song.index].rate); });

// --- Rendering ---------------------------------------------------------------------------

function renderSong() {
  const step = state.phase && workout.steps[state.phase.index];
  const song = state.song && state.phase?.kind === 'work' ? workout.steps[state.song.step].songs[state.song.index] : null;
  $('song-title').textContent = song ? song.title : labels.labelNoMusic;
  $('song-artist').textContent = song?.artist ?? '';
  $('song-credit').textContent = song?.credit ?? '';
  let note = step?.musicNote ?? '';
  if (song && song.fits) {
    note = step.targetBpm
      ? fill(labels.labelRate, percent.format(song.rate), fill(labels.labelBpm, number.format(step.targetBpm)))
      : labels.labelOwnTempo;
  }
  $('song-note').textContent = state.phase?.kind === 'work' ? note : '';
  $('song-note').classList.toggle('music-note-warning', Boolean(step?.musicNote) && !(song && song.fits));
}

function renderPhase() {
  const { phase } = state;
  const step = workout.steps[phase.index];
  const exerciseLabel = fill(labels.labelExercise, number.format(phase.index + 1), number.format(workout.steps.length));
  $('player-phase').textContent = phase.kind === 'work' ? exerciseLabel : `${labels.labelRest} · ${fill(labels.labelNext, exerciseLabel)}`;
  $('player-exercise').textContent = step.name;
  $('player-facts').textContent = step.facts.join(' · ');
  const list = $('player-instructions');
  list.replaceChildren(...step.instructions.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
  const bar = $('player-progress');
  bar.setAttribute('aria-valuenow', String(phase.index));
  [...bar.children].forEach((segment, index) => {
    segment.className = index < phase.index ? 'segment-done' : index === phase.index ? (phase.kind === 'work' ? 'segment-current' : 'segment-next') : '';
  });
  root.classList.toggle('player-resting', phase.kind === 'rest');
  renderSong();
}

function renderClock() {
  if (!state.phase) return;
  const left = currentLeft();
  $('countdown-time').textContent = clock(left);
  const arc = $('countdown-arc');
  const circumference = Number(arc.getAttribute('stroke-dasharray'));
  const fraction = Math.max(0, Math.min(1, left / phaseLength(workout, state.phase)));
  arc.setAttribute('stroke-dashoffset', String(circumference * (1 - fraction)));
  if (state.song && audio.duration) {
    $('song-position').textContent = `${clock(audio.currentTime)} / ${clock(audio.duration)}`;
    $('song-progress-fill').style.width = `${(audio.currentTime / audio.duration) * 100}%`;
  }
}

function renderControls() {
  const pause = $('pause-button');
  pause.disabled = state.finished;
  $('skip-button').disabled = state.finished;
  pause.textContent = state.running ? labels.labelPause : labels.labelResume;
  pause.setAttribute('aria-pressed', String(!state.running));
  root.classList.toggle('player-paused', !state.running);
}

// --- Moving through the workout ----------------------------------------------------------

function enter(phase, left) {
  const changed = !state.phase || phase.kind !== state.phase.kind || phase.index !== state.phase.index;
  state.phase = phase;
  state.left = left;
  if (state.running) state.endsAt = Date.now() + left * 1000;
  if (changed) {
    renderPhase();
    const step = workout.steps[phase.index];
    announce(phase.kind === 'work'
      ? fill(labels.labelAnnounceExercise, number.format(phase.index + 1), step.name, fill(labels.labelLeft, number.format(Math.ceil(left))))
      : fill(labels.labelAnnounceRest, fill(labels.labelLeft, number.format(Math.ceil(left))), step.name));
    if (phase.kind === 'rest') { audio.pause(); state.song = null; renderSong(); } else if (state.running) playMusic();
  }
  renderClock();
}

function tick() {
  if (!state.running || state.finished) return;
  const left = currentLeft();
  if (left > 0) { renderClock(); return; }
  const next = advance(workout, state.phase, 0, -left);
  if (!next.phase) { finish(); return; }
  enter(next.phase, next.left);
}

function start() {
  if (state.running || state.finished) return;
  state.running = true;
  state.started = true;
  state.endsAt = Date.now() + state.left * 1000;
  renderControls();
  playMusic();
}

function pause() {
  if (!state.running) return;
  state.left = currentLeft();
  state.running = false;
  audio.pause();
  renderControls();
  renderClock();
  announce(labels.labelPaused);
  saveProgress();
}

function skip() {
  if (state.finished) return;
  const index = state.phase.kind === 'rest' ? state.phase.index : state.phase.index + 1;
  if (index >= workout.steps.length) { finish(); return; }
  enter({ kind: 'work', index }, workout.steps[index].seconds);
}

/** Where a paused workout stands: the exercise (during a rest, the next one) and its seconds left. */
function progress() {
  const { phase } = state;
  const seconds = workout.steps[phase.index].seconds;
  const left = phase.kind === 'work' ? Math.min(seconds, Math.max(1, Math.ceil(currentLeft()))) : seconds;
  return { exerciseIndex: String(phase.index), secondsLeft: String(left), _csrf: labels.csrf };
}

function saveProgress({ beacon = false } = {}) {
  if (state.finished || !state.started || !state.phase) return Promise.resolve();
  const body = new URLSearchParams(progress());
  if (beacon && navigator.sendBeacon) { navigator.sendBeacon(workout.progressURL, body); return Promise.resolve(); }
  return fetch(workout.progressURL, { method: 'POST', body, credentials: 'same-origin', keepalive: true }).catch(() => {});
}

async function quit() {
  state.running = false;
  audio.pause();
  await saveProgress();
  state.finished = true; // nothing more to save on the way out
  window.location.assign(workout.homeURL);
}

async function finish() {
  state.finished = true;
  state.running = false;
  audio.pause();
  renderControls();
  // Recorded as finished (for workout goals and tracking), then the Summary says so.
  const body = new URLSearchParams({ _csrf: labels.csrf, runId: workout.runId });
  const response = await fetch(workout.completeURL, { method: 'POST', body, credentials: 'same-origin' }).catch(() => null);
  window.location.assign(response && response.ok && response.redirected ? response.url : workout.finishedURL);
}

// --- Wiring ------------------------------------------------------------------------------

$('pause-button').addEventListener('click', () => (state.running ? pause() : start()));
$('skip-button').addEventListener('click', skip);
$('quit-button').addEventListener('click', quit);
$('start-button').addEventListener('click', () => { if (state.running) playMusic(); else start(); });
document.addEventListener('keydown', (event) => {
  if (event.key !== ' ' || event.target.closest('button, a, input, select, textarea, summary, audio')) return;
  event.preventDefault();
  if (state.running) pause(); else start();
});
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') { tick(); if (state.running) playMusic(); }
});
window.addEventListener('pagehide', () => { if (!state.finished) saveProgress({ beacon: true }); });
setInterval(tick, 250);
setInterval(() => { if (state.running) saveProgress(); }, 15000);

// The player's state for tests and for assistive tools that inspect the page.
window.kineticPlayer = { state, workout, audio };

renderPhase();
renderControls();
renderClock();
const firstSongs = workout.steps[state.phase.index].songs;
if (firstSongs.length) {
  // Start with the music; where the browser wants a tap first, Start begins both.
  state.running = true;
  state.started = true;
  state.endsAt = Date.now() + state.left * 1000;
  syncMusic().then(() => renderControls()).catch((error) => {
    state.running = false;
    state.started = false;
    state.left = workout.startSecondsLeft;
    audio.pause();
    renderControls();
    if (error?.name === 'NotAllowedError') $('player-start').hidden = false;
    else start(); // the song failed to load: the timer runs, the panel says what plays
  });
} else {
  start();
}

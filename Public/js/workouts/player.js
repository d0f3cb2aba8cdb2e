// The Exercise page: one clock for the whole workout (seconds since it began, from
// timestamps), and the workout's soundtrack played against it. A song goes on across
// exercises and rests (lowered in rests), its playbackRate locks the beat with preservesPitch
// on; where no song fits, a Web Audio click keeps the tempo. Pause/Resume, Skip and Quit;
// progress is saved on pause, quit, every 15 s and when the page goes away; the time worked
// and the exercises skipped go with the finish. The screen stays awake while it plays, and the
// lock screen shows and controls it.
import { fill, pageLocale } from '../shared/strings.js';
import { beatsBetween, cueAt, phaseAt, timeAt, totalSeconds } from './timeline.js';
import { createVoice } from './voice.js';
import { createWakeLock } from './wake-lock.js';

const root = document.getElementById('player');
const workout = JSON.parse(document.getElementById('player-data').textContent);
// Each playing is a run of its own, even of a page kept on the phone and opened again offline.
workout.runId = globalThis.crypto?.randomUUID?.() ?? workout.runId;
const labels = root.dataset;
/** Two decks: the song playing, and the one it crossfades from (or into) when a song ends. */
const decks = [document.getElementById('player-audio'), document.getElementById('player-audio-2')];
/** The deck playing the cue's song. */
let audio = decks[0];
const $ = (id) => document.getElementById(id);
const percent = new Intl.NumberFormat(pageLocale(), { style: 'percent', maximumFractionDigits: 0 });
const number = new Intl.NumberFormat(pageLocale());
const DUCKED = 0.3;

const state = {
  /** The workout clock at `since` (a Date.now) while running, or where it stands when paused. */
  t: timeAt(workout, workout.startIndex, workout.startSecondsLeft),
  since: 0,
  running: false,
  finished: false,
  /** Whether the timer has run at all: a player opened and left unstarted saves nothing. */
  started: false,
  /** Whether this playing claimed the workout (it plays in one place at a time). */
  holding: false,
  phase: null,
  /** Seconds of exercise time actually played, and the exercises skipped. A resumed workout
   *  counts the exercises before its place as played (they were, before it was paused). */
  worked: 0,
  skipped: 0,
  cue: null, // the soundtrack cue the audio follows
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

/** The workout clock now. */
function now() {
  return state.running ? state.t + (Date.now() - state.since) / 1000 : state.t;
}

/** Anchors the clock at now, counting the exercise time played since the last anchor as worked. */
function settle() {
  const t = Math.min(now(), totalSeconds(workout));
  if (state.running) state.worked += workedBetween(state.t, t);
  state.t = t;
  state.since = Date.now();
}

/** Moves the clock to `t` (a skip): the time jumped over is not worked. */
function jump(t) {
  settle();
  state.t = t;
}

function workedBetween(from, to) {
  return workout.steps.reduce((sum, step) => {
    const start = Math.max(from, step.start);
    const end = Math.min(to, step.start + step.seconds);
    return sum + Math.max(0, end - start);
  }, 0);
}

// --- Music -------------------------------------------------------------------------------

function setRate(rate, deck = audio) {
  deck.preservesPitch = true;
  deck.mozPreservesPitch = true;
  deck.webkitPreservesPitch = true;
  deck.defaultPlaybackRate = rate;
  deck.playbackRate = rate;
}

const click = { context: null, gain: null, scheduledUntil: 0, active: false, bpm: null, beats: 0 };

/** The page's one Web Audio context, made at first need; null where there is none. */
function audioContext() {
  if (!click.context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    click.context = new Context();
    click.gain = click.context.createGain();
    click.gain.connect(click.context.destination);
  }
  return click.context;
}

/** iOS ignores a media element's volume (it is the phone's to set): there the song goes
 *  through a Web Audio gain, which does lower it for a rest. Elsewhere the element's volume
 *  is enough, and the song does not depend on an audio context the browser may suspend. */
const music = {
  volumeIsFixed: (() => { const probe = document.createElement('audio'); probe.volume = 0.5; return probe.volume !== 0.5; })(),
  /** Each deck's gain, once routed. */
  gains: new Map(),
  /** The playing deck's gain. */
  get gain() { return this.gains.get(audio) ?? null; },
  /** Web Audio is routed only with an audio session of the playback kind (iOS 16.4 on):
   *  without it iOS stops Web Audio when the phone locks, and a song stopped on the lock
   *  screen is worse than a rest at full volume. */
  canRoute: () => Boolean(navigator.audioSession),
};

function setMusicVolume(value, deck = audio) {
  if (!music.volumeIsFixed) { deck.volume = Math.max(0, Math.min(1, value)); return; }
  if (!music.gains.has(deck)) {
    if (!music.canRoute()) return;
    const context = audioContext();
    if (!context) return;
    try {
      navigator.audioSession.type = 'playback';
      const gain = context.createGain();
      context.createMediaElementSource(deck).connect(gain).connect(context.destination);
      music.gains.set(deck, gain);
    } catch { music.canRoute = () => false; return; }
  }
  resumeAudio();
  music.gains.get(deck).gain.setTargetAtTime(value, click.context.currentTime, 0.05);
}

function pauseDecks() {
  for (const deck of decks) deck.pause();
}

/** Whether `deck` holds the song at `url`. */
const holds = (deck, url) => Boolean(url) && deck.src.endsWith(url);

/** Sets `deck` to play `url` at `rate` from `position`, at `volume`; its play promise when it starts. */
function playOn(deck, url, rate, position, volume) {
  if (!holds(deck, url)) deck.src = url;
  setRate(rate, deck);
  setMusicVolume(volume, deck);
  const seek = () => { if (Math.abs(deck.currentTime - position) > 0.5) deck.currentTime = position; };
  if (deck.readyState >= 1) seek(); else deck.addEventListener('loadedmetadata', seek, { once: true });
  // At the very end of a song the next cue takes over: playing an ended element would restart it.
  if (!deck.paused || (deck.duration && position >= deck.duration - 0.05)) return Promise.resolve();
  return deck.play();
}

/** Wakes the audio context wherever it is not running (suspended, or interrupted by a call). */
function resumeAudio() {
  const context = click.context;
  if (context && context.state !== 'running') context.resume().catch(() => {});
}

/** The click track: beats scheduled a little ahead on the Web Audio clock. */
function runClick(cue, t) {
  const context = audioContext();
  if (!context) return;
  resumeAudio();
  click.active = true;
  click.bpm = cue.bpm;
  click.gain.gain.setTargetAtTime(cue.ducked ? DUCKED : 1, context.currentTime, 0.05);
  const from = Math.max(t, click.scheduledUntil);
  const until = t + 0.4;
  for (const beat of beatsBetween(cue, from, until)) {
    const at = context.currentTime + (beat.time - t);
    const tone = context.createOscillator();
    const envelope = context.createGain();
    tone.frequency.value = beat.accent ? 1500 : 1000;
    envelope.gain.setValueAtTime(0.0001, at);
    envelope.gain.exponentialRampToValueAtTime(0.6, at + 0.005);
    envelope.gain.exponentialRampToValueAtTime(0.0001, at + 0.05);
    tone.connect(envelope).connect(click.gain);
    tone.start(at);
    tone.stop(at + 0.06);
    click.beats += 1;
  }
  click.scheduledUntil = until;
}

function stopClick() {
  click.active = false;
  click.scheduledUntil = 0;
}

/** Plays what the soundtrack says for the clock now: the song at its place, rate and volume,
 *  or the click track. Returns the audio element's play promise when a song starts. */
function syncMusic() {
  const t = now();
  const at = state.running && state.phase ? cueAt(workout.soundtrack, t) : null;
  if (!at) { pauseDecks(); stopClick(); return Promise.resolve(); }
  const { cue, position } = at;
  const changed = state.cue !== cue;
  if (!cue.url) {
    state.cue = cue;
    if (changed) renderSong();
    pauseDecks();
    if (cue.bpm) runClick(cue, t); else stopClick();
    return Promise.resolve();
  }
  stopClick();
  // A song that ends hands over in a crossfade: the song before goes on from where it was,
  // fading out, while this one fades in, both on the beat.
  const index = workout.soundtrack.indexOf(cue);
  const previous = index > 0 ? workout.soundtrack[index - 1] : null;
  // (Where the volume cannot be set, two songs would play at full volume: it cuts instead.)
  const canFade = !music.volumeIsFixed || music.canRoute();
  const fading = canFade && cue.fadeIn > 0 && t < cue.at + cue.fadeIn && previous?.url && previous.url !== cue.url;
  const share = fading ? Math.max(0, Math.min(1, (t - cue.at) / cue.fadeIn)) : 1;
  // The deck that holds this song keeps it; a new song goes on the deck the one before is not on.
  const other = (deck) => decks.find((candidate) => candidate !== deck);
  if (!holds(audio, cue.url)) {
    if (holds(other(audio), cue.url) || (fading && holds(audio, previous.url))) audio = other(audio);
  }
  state.cue = cue;
  if (changed) renderSong();
  const outgoing = other(audio);
  if (fading) {
    const there = previous.from + (t - previous.at) * previous.rate;
    playOn(outgoing, previous.url, previous.rate, there, (cue.ducked ? DUCKED : 1) * (1 - share)).catch(() => {});
  } else {
    outgoing.pause();
  }
  return playOn(audio, cue.url, cue.rate, position, (cue.ducked ? DUCKED : 1) * share).then(() => { $('player-start').hidden = true; });
}

function playMusic() {
  syncMusic().catch((error) => {
    if (error?.name === 'NotAllowedError') $('player-start').hidden = false;
  });
}

for (const deck of decks) {
  deck.addEventListener('loadedmetadata', () => { if (state.cue?.url && deck === audio) setRate(state.cue.rate, deck); });
}

// --- The phone: awake, and on the lock screen ---------------------------------------------

const keepAwake = createWakeLock();

function updateMediaSession() {
  if (!('mediaSession' in navigator) || !state.phase) return;
  const step = workout.steps[state.phase.index];
  const cue = state.cue;
  navigator.mediaSession.metadata = new MediaMetadata({
    title: state.phase.kind === 'rest' ? fill(labels.labelNext, step.name) : step.name,
    artist: cue?.url ? [cue.title, cue.artist].filter(Boolean).join(' · ') : labels.labelNoMusic,
    album: workout.name,
    // Songs carry no cover: the lock screen shows Kinetic's icon.
    artwork: [
      { src: labels.artworkSmall, sizes: '192x192', type: 'image/png' },
      { src: labels.artwork, sizes: '512x512', type: 'image/png' },
    ],
  });
  navigator.mediaSession.playbackState = state.running ? 'playing' : 'paused';
}

if ('mediaSession' in navigator) {
  navigator.mediaSession.setActionHandler('play', () => start());
  navigator.mediaSession.setActionHandler('pause', () => pause());
  navigator.mediaSession.setActionHandler('nexttrack', () => skip());
}

// --- Spoken cues ----------------------------------------------------------------------------

/** Voice cues: the next exercise at each rest, 3-2-1 and Go into each exercise, the end. */
const voice = createVoice();
const say = voice.say;

function speakFor(phase) {
  const step = workout.steps[phase.index];
  if (phase.kind === 'rest') {
    say(`next-${phase.index}`, fill(labels.labelCueNext, step.name, number.format(step.seconds)));
    const count = Math.ceil(phase.left);
    if (count <= 3 && count >= 1) say(`count-${phase.index}-${count}`, number.format(count));
  } else if (workout.steps[phase.index - 1]?.rest > 0 || phase.index === 0) {
    if (step.seconds - phase.left < 2) say(`go-${phase.index}`, labels.labelCueGo);
  }
}

function renderVoice() {
  const button = $('voice-button');
  button.setAttribute('aria-pressed', String(voice.on));
  button.textContent = voice.on ? labels.labelVoiceOn : labels.labelVoiceOff;
}

// --- Rendering ---------------------------------------------------------------------------

function renderSong() {
  const cue = state.cue;
  const step = state.phase && workout.steps[state.phase.index];
  const song = cue?.url ? cue : null;
  $('song-title').textContent = song ? song.title : (cue?.bpm ? labels.labelClick : labels.labelNoMusic);
  $('song-artist').textContent = song?.artist ?? '';
  $('song-credit').textContent = song?.credit ?? '';
  let note = '';
  if (state.phase?.kind === 'work') {
    if (song) {
      note = step.targetBpm
        ? fill(labels.labelRate, percent.format(song.rate), fill(labels.labelBpm, number.format(step.targetBpm)))
        : labels.labelOwnTempo;
    } else {
      note = step?.musicNote ?? '';
    }
  }
  $('song-note').textContent = note;
  $('song-note').classList.toggle('music-note-warning', Boolean(cue && !cue.url && step?.musicNote));
  updateMediaSession();
}

/** The body map shows the exercise's muscles: its two views, and its caption. */
function renderBodyMap(step) {
  const map = document.querySelector('#player-body-map .body-map');
  if (!map) return;
  map.querySelector('.body-map-front').src = step.bodyMapFront;
  map.querySelector('.body-map-back').src = step.bodyMapBack;
  for (const [kind, text] of [['primary', step.primaryLegend], ['secondary', step.secondaryLegend]]) {
    const line = map.querySelector(`.body-map-legend-${kind}`);
    line.hidden = !text;
    line.querySelector('.body-map-legend-text').textContent = text || '';
  }
}

function renderPhase() {
  const { phase } = state;
  const step = workout.steps[phase.index];
  const exerciseLabel = fill(labels.labelExercise, number.format(phase.index + 1), number.format(workout.steps.length));
  $('player-phase').textContent = phase.kind === 'work'
    ? `${exerciseLabel} · ${step.partLabel}`
    : `${labels.labelRest} · ${fill(labels.labelNext, exerciseLabel)}`;
  $('player-exercise').textContent = step.name;
  $('player-facts').textContent = step.facts.join(' · ');
  const list = $('player-instructions');
  list.replaceChildren(...step.instructions.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
  renderBodyMap(step);
  const bar = $('player-progress');
  bar.setAttribute('aria-valuenow', String(phase.index));
  [...bar.children].forEach((segment, index) => {
    segment.className = index < phase.index ? 'segment-done' : index === phase.index ? (phase.kind === 'work' ? 'segment-current' : 'segment-next') : '';
  });
  root.classList.toggle('player-resting', phase.kind === 'rest');
  const next = phase.kind === 'work' ? workout.steps[phase.index + 1] : null;
  $('player-next').textContent = next ? fill(labels.labelThen, next.name) : '';
  $('player-next').hidden = !next;
  renderSong();
}

/** "Rep 7 of 12", on the beat: counted on the audio's clock while a song plays, so the count
 *  and the music agree. */
function renderReps() {
  const reps = $('player-reps');
  const phase = state.phase;
  const step = phase && workout.steps[phase.index];
  if (!step || phase.kind !== 'work' || !step.repsPerMinute) { reps.hidden = true; return; }
  let elapsed = step.seconds - phase.left;
  const cue = state.cue;
  if (cue?.url && !audio.paused && cue.rate > 0) elapsed = cue.at + (audio.currentTime - cue.from) / cue.rate - step.start;
  const total = Math.max(1, Math.floor((step.seconds * step.repsPerMinute) / 60));
  const rep = Math.min(total, Math.max(1, Math.floor((Math.max(0, elapsed) * step.repsPerMinute) / 60) + 1));
  reps.hidden = false;
  reps.textContent = fill(labels.labelRep, number.format(rep), number.format(total));
}

function phaseLength(phase) {
  return phase.kind === 'work' ? workout.steps[phase.index].seconds : workout.steps[phase.index - 1].rest;
}

function renderClock() {
  if (!state.phase) return;
  const { left } = state.phase;
  $('countdown-time').textContent = clock(left);
  const arc = $('countdown-arc');
  const circumference = Number(arc.getAttribute('stroke-dasharray'));
  const fraction = Math.max(0, Math.min(1, left / phaseLength(state.phase)));
  arc.setAttribute('stroke-dashoffset', String(circumference * (1 - fraction)));
  if (state.cue?.url && audio.duration) {
    $('song-position').textContent = `${clock(audio.currentTime)} / ${clock(audio.duration)}`;
    $('song-progress-fill').style.width = `${(audio.currentTime / audio.duration) * 100}%`;
  }
}

function renderControls() {
  const pause = $('pause-button');
  pause.disabled = state.finished;
  $('skip-button').disabled = state.finished;
  pause.textContent = state.running ? labels.labelPause : (state.started ? labels.labelResume : labels.labelStart);
  pause.setAttribute('aria-pressed', String(state.started && !state.running));
  root.classList.toggle('player-paused', !state.running);
  updateMediaSession();
}

// --- Moving through the workout ----------------------------------------------------------

/** Brings the page to the clock: the phase, its announcement, the music. */
function update() {
  const phase = phaseAt(workout, now());
  if (!phase) { finish(); return; }
  const changed = !state.phase || phase.kind !== state.phase.kind || phase.index !== state.phase.index;
  state.phase = phase;
  if (changed) {
    renderPhase();
    const step = workout.steps[phase.index];
    announce(phase.kind === 'work'
      ? fill(labels.labelAnnounceExercise, number.format(phase.index + 1), step.name, fill(labels.labelLeft, number.format(Math.ceil(phase.left))))
      : fill(labels.labelAnnounceRest, fill(labels.labelLeft, number.format(Math.ceil(phase.left))), step.name));
  }
  if (state.running) { syncMusic().catch(() => {}); speakFor(phase); }
  renderClock();
  renderReps();
}

function tick() {
  if (!state.running || state.finished) return;
  update();
}

async function start() {
  if (state.running || state.finished) return;
  // Resuming: the workout may have gone to another tab or device meanwhile.
  if (state.started && !(await claim())) { playingElsewhere(); return; }
  if (state.running || state.finished) return;
  state.since = Date.now();
  state.running = true;
  state.started = true;
  keepAwake(true);
  renderControls();
  update();
  playMusic();
}

function pause() {
  if (!state.running) return;
  settle();
  state.running = false;
  pauseDecks();
  stopClick();
  keepAwake(false);
  renderControls();
  renderClock();
  announce(labels.labelPaused);
  saveProgress();
}

function skip() {
  if (state.finished || !state.phase) return;
  // Where the clock is now, not where the last tick left it: a tap just after an exercise
  // began moves on from that exercise.
  const phase = phaseAt(workout, now());
  if (!phase) { finish(); return; }
  const index = phase.kind === 'rest' ? phase.index : phase.index + 1;
  // A skip in an exercise's last second ends it as done (the server checks that each skip left
  // time unworked).
  if (phase.kind === 'work' && phase.left >= 1) state.skipped += 1;
  if (index >= workout.steps.length) { finish(); return; }
  jump(workout.steps[index].start);
  update();
}

/** Where a paused workout stands: the exercise (during a rest, the next one) and its seconds left. */
function progress() {
  const phase = phaseAt(workout, now()) ?? state.phase;
  const seconds = workout.steps[phase.index].seconds;
  const left = phase.kind === 'work' ? Math.min(seconds, Math.max(1, Math.ceil(phase.left))) : seconds;
  return { exerciseIndex: String(phase.index), secondsLeft: String(left), runId: workout.runId, _csrf: labels.csrf };
}

/** Saves the place (every 15 s while it plays, on pause); `release` as this playing leaves, so
 *  another tab or device starts the workout without taking it over. */
function saveProgress({ beacon = false, release = false } = {}) {
  if (state.finished || !state.phase) return Promise.resolve();
  if (!state.started) {
    // Opened, never started: nothing to save, but the workout is let go.
    if (release && state.holding) {
      const body = new URLSearchParams({ runId: workout.runId, release: '1', _csrf: labels.csrf });
      if (!(beacon && navigator.sendBeacon?.(workout.progressURL, body))) {
        fetch(workout.progressURL, { method: 'POST', body, credentials: 'same-origin', keepalive: true }).catch(() => {});
      }
    }
    return Promise.resolve();
  }
  const place = progress();
  if (release) place.release = '1';
  const body = new URLSearchParams(place);
  if (beacon && navigator.sendBeacon) {
    // The list this page goes back to may be asked for before the beacon arrives: it looks
    // for this note and asks again until it shows the place (home.js).
    if (navigator.sendBeacon(workout.progressURL, body)) {
      try {
        sessionStorage.setItem('kinetic.savedPlace', JSON.stringify({
          id: workout.id, place: `${place.exerciseIndex}:${place.secondsLeft}`, at: Date.now(), tries: 0,
        }));
      } catch { /* the list shows what it has */ }
    }
    return Promise.resolve();
  }
  return fetch(workout.progressURL, { method: 'POST', body, credentials: 'same-origin', keepalive: true })
    .then((response) => { if (response.status === 409) playingElsewhere(); })
    .catch(() => {});
}

// --- One place at a time -----------------------------------------------------------------
// A workout plays in one place: this playing claims it as it starts and resumes, and its saves
// keep it. When another tab or device takes it over (a save is refused, or a tab of this
// browser says so at once), this one stops, saving nothing, and offers to play it here.
const players = 'BroadcastChannel' in globalThis ? new BroadcastChannel('kinetic-player') : null;

/** Claims the workout for this playing from where it stands: false while another holds it
 *  (unless `takeOver`). Without a network it plays: its end waits in the outbox. */
async function claim(takeOver = false) {
  const place = progress();
  const response = await fetch(workout.playURL, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': labels.csrf },
    body: JSON.stringify({
      runId: workout.runId, exerciseIndex: Number(place.exerciseIndex), secondsLeft: Number(place.secondsLeft), takeOver,
    }),
  }).catch(() => null);
  if (response?.status === 409) return false;
  state.holding = true;
  players?.postMessage({ playing: workout.id, runId: workout.runId });
  return true;
}

function playingElsewhere() {
  if (state.finished) return;
  state.holding = false;
  if (state.running) {
    settle();
    state.running = false;
    pauseDecks();
    stopClick();
    keepAwake(false);
  }
  renderControls();
  renderClock();
  $('player-start').hidden = true;
  const panel = $('player-elsewhere');
  if (!panel.hidden) return;
  panel.hidden = false;
  announce(`${$('player-elsewhere-title').textContent} ${$('player-elsewhere-text').textContent}`);
  $('play-here-button').focus();
}

players?.addEventListener('message', (event) => {
  if (event.data?.playing === workout.id && event.data.runId !== workout.runId) playingElsewhere();
});

async function quit() {
  // Saved where the clock stands now, before it stops.
  const saving = saveProgress({ release: true });
  state.running = false;
  pauseDecks();
  stopClick();
  await saving;
  state.finished = true; // nothing more to save on the way out
  window.location.assign(workout.homeURL);
}

async function finish() {
  if (state.finished) return;
  settle();
  state.finished = true;
  state.running = false;
  pauseDecks();
  stopClick();
  keepAwake(false);
  renderControls();
  say('done', labels.labelCueDone);
  // Recorded as finished with the time worked (for workout goals and tracking), then the Summary says so.
  const body = new URLSearchParams({
    _csrf: labels.csrf, runId: workout.runId, workedSeconds: String(Math.floor(state.worked)), skipped: String(state.skipped),
    // When it ended: sent later from the outbox, it still counts on the day it was done.
    finishedAt: String(Date.now()),
  });
  const response = await fetch(workout.completeURL, { method: 'POST', body, credentials: 'same-origin' }).catch(() => null);
  if (response?.status === 409 && response.headers.get('X-Kinetic-Error') === 'playing_elsewhere') {
    // Taken over before its end: the playing that holds it records the workout.
    state.finished = false;
    playingElsewhere();
    state.finished = true;
    $('play-here-button').hidden = true;
  } else if (response?.status === 202 && response.headers.get('X-Kinetic-Queued')) showQueuedEnd();
  // Refused (what was sent cannot be true): the Summary, which does not say it was recorded.
  else if (response && !response.ok) window.location.assign(workout.summaryURL);
  else window.location.assign(response && response.ok && response.redirected ? response.url : workout.finishedURL);
}

/** Finished without a network: the phone sends the end when it is back (the service worker's
 *  outbox), and the page says so in place of the timer and its controls. */
function showQueuedEnd() {
  root.classList.add('player-done-offline');
  $('player-phase').textContent = '';
  $('player-exercise').textContent = labels.labelQueuedTitle;
  $('player-facts').textContent = labels.labelQueued;
  root.querySelectorAll('#player-progress span').forEach((segment) => { segment.className = 'segment-done'; });
  const home = document.createElement('a');
  home.className = 'button button-primary button-block player-home';
  home.href = workout.homeURL;
  home.textContent = labels.labelHome;
  $('player-facts').after(home);
  announce(`${labels.labelQueuedTitle} ${labels.labelQueued}`);
  home.focus();
}

// --- Wiring ------------------------------------------------------------------------------

$('pause-button').addEventListener('click', () => (state.running ? pause() : start()));
$('skip-button').addEventListener('click', skip);
$('voice-button').addEventListener('click', () => {
  voice.toggle();
  renderVoice();
});
$('quit-button').addEventListener('click', quit);
// The top bar's back arrow: the place is saved before the list is asked for, so it shows it.
document.querySelector('.top-bar a.icon-button')?.addEventListener('click', async (event) => {
  if (state.finished || !state.started) return;
  event.preventDefault();
  const href = event.currentTarget.href;
  await saveProgress({ release: true });
  state.finished = true;
  window.location.assign(href);
});
$('play-here-button').addEventListener('click', async () => {
  voice.prime();
  resumeAudio();
  if (!(await claim(true))) return;
  $('player-elsewhere').hidden = true;
  start();
});
$('start-button').addEventListener('click', () => {
  voice.prime();
  resumeAudio();
  if (state.running) playMusic(); else start();
});
document.addEventListener('keydown', (event) => {
  if (event.key !== ' ' || event.target.closest('button, a, input, select, textarea, summary, audio')) return;
  event.preventDefault();
  if (state.running) pause(); else start();
});
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') { tick(); if (state.running) { keepAwake(true); resumeAudio(); playMusic(); } }
});
window.addEventListener('pagehide', () => { if (!state.finished) saveProgress({ beacon: true, release: true }); });
// Back from the browser's page cache: this playing let go as the page went, so it starts anew.
window.addEventListener('pageshow', (event) => { if (event.persisted) window.location.reload(); });
setInterval(tick, 200);
setInterval(() => { if (state.running) saveProgress(); }, 15000);

// The player's state for tests and for assistive tools that inspect the page.
window.kineticPlayer = { state, workout, get audio() { return audio; }, decks, click, music, now, voice };

state.worked = workedBetween(0, state.t);
state.phase = phaseAt(workout, state.t);
renderVoice();
renderPhase();
renderControls();
renderClock();
// Start with the music once the workout is this playing's; where the browser wants a tap
// first, Start begins both.
/** Back to not started, waiting for a tap on Start (the browser wants one before sound). */
function waitForStart() {
  voice.said.clear(); // nothing was heard yet
  state.running = false;
  state.started = false;
  state.t = timeAt(workout, workout.startIndex, workout.startSecondsLeft);
  pauseDecks();
  stopClick();
  renderControls();
  renderClock();
  $('player-start').hidden = false;
}

/** The first start, as the page opens. */
function begin() {
  state.since = Date.now();
  state.running = true;
  state.started = true;
  return syncMusic();
}

claim().then((mine) => (mine ? begin() : Promise.reject(new Error('elsewhere')))).then(() => {
  keepAwake(true);
  renderControls();
  // The click track needs a running audio clock; a browser that wants a tap first keeps it suspended.
  if (click.context) setTimeout(() => { if (click.context.state !== 'running') waitForStart(); }, 400);
}).catch((error) => {
  if (error?.message === 'elsewhere') { playingElsewhere(); return; }
  if (error?.name === 'NotAllowedError') { waitForStart(); return; }
  start(); // the song failed to load: the timer runs, the panel says what plays
});

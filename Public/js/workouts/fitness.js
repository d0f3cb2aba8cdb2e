// Testing an exercise: Begin asks for the motion sensors (iOS asks from the tap), counts in
// 3-2-1 and Go, records 30 s of devicemotion while a ring runs down, says Stop, sends the log
// to the API and shows the result. The phone is in the hand, so the cues are heard and felt
// (Web Speech, vibration) as well as shown, and the screen stays awake.
import { errorMessage, uploadFile } from '../shared/api.js';
import { fill, formatNumber, networkErrorMessage } from '../shared/strings.js';
import { createVoice } from './voice.js';
import { createWakeLock } from './wake-lock.js';

const runner = document.getElementById('fitness-runner');
const $ = (id) => document.getElementById(id);
const seconds = Number(runner?.dataset.seconds || 30);
/** The count-in before recording starts. */
const leadIn = 3;
/** Samples closer together than this are dropped: the API takes at most 200 a second. */
const shortestGap = 0.005;
const voice = createVoice();

function tell(message, { error = false } = {}) {
  if (error) {
    $('fitness-motion-note').textContent = message;
    $('fitness-motion-note').hidden = false;
  } else {
    $('fitness-status').textContent = message;
  }
}

function vibrate(pattern) {
  if (typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
}

/** The ring's share left (1 full, 0 empty), the number in it and the words under it. */
function show(phase, left, share) {
  runner.dataset.phase = phase;
  $('fitness-seconds').textContent = formatNumber(left);
  $('fitness-caption').textContent = phase === 'lead-in' ? runner.dataset.labelGetReady : runner.dataset.labelGo;
  $('fitness-ring').style.strokeDashoffset = String(1 - share);
}

function sample(event, t) {
  const a = event.accelerationIncludingGravity;
  if (!a || a.x == null || a.y == null || a.z == null) return null;
  const entry = { t: Math.round(t * 10000) / 10000, ax: a.x, ay: a.y, az: a.z };
  const r = event.rotationRate;
  // rotationRate: alpha about z, beta about x, gamma about y (°/s).
  if (r && r.alpha != null && r.beta != null && r.gamma != null) Object.assign(entry, { rx: r.beta, ry: r.gamma, rz: r.alpha });
  return entry;
}

async function permitted() {
  const ask = window.DeviceMotionEvent?.requestPermission;
  if (typeof ask !== 'function') return true;
  try { return (await ask.call(window.DeviceMotionEvent)) === 'granted'; } catch { return false; }
}

const keepAwake = createWakeLock();

/** Runs `each(elapsed)` every 100 ms from now until it returns true. */
function every100ms(each) {
  const start = performance.now();
  return new Promise((resolve) => {
    const tick = () => {
      if (each((performance.now() - start) / 1000)) { resolve(); return; }
      setTimeout(tick, 100);
    };
    tick();
  });
}

/** 3, 2, 1 (spoken and in the ring), then Go with a buzz. */
async function countIn() {
  await every100ms((elapsed) => {
    const left = Math.ceil(leadIn - elapsed);
    if (left <= 0) return true;
    show('lead-in', left, 1);
    voice.say(`lead-${left}`, formatNumber(left));
    return false;
  });
  voice.say('go', runner.dataset.labelGo);
  vibrate(200);
}

/** Back to Begin, with the keyboard's focus on it (it was hidden while the test ran). */
function ready() {
  runner.dataset.phase = 'ready';
  $('fitness-countdown').hidden = true;
  $('fitness-begin').disabled = false;
  $('fitness-begin').focus();
}

async function record() {
  $('fitness-begin').disabled = true;
  voice.said.clear();
  voice.prime(); // in the tap, before any wait: iOS speaks later only then
  if (!(await permitted())) { tell(runner.dataset.labelDenied, { error: true }); ready(); return; }
  keepAwake(true);
  $('fitness-countdown').hidden = false;
  $('fitness-countdown').focus();
  tell(runner.dataset.labelGetReady);
  await countIn();
  const samples = [];
  const startedAt = new Date().toISOString();
  const start = performance.now();
  const onMotion = (event) => {
    const t = (performance.now() - start) / 1000;
    const last = samples[samples.length - 1];
    if (last && t - last.t < shortestGap) return;
    const entry = sample(event, t);
    if (entry) samples.push(entry);
  };
  window.addEventListener('devicemotion', onMotion);
  tell(runner.dataset.labelRecording);
  let announced = seconds;
  await every100ms((elapsed) => {
    const left = Math.max(0, Math.ceil(seconds - elapsed));
    show('recording', left, Math.max(0, 1 - elapsed / seconds));
    if (left < announced && left > 0 && (left % 10 === 0 || left <= 3)) {
      announced = left;
      tell(fill(runner.dataset.labelSecondsLeft, formatNumber(left)));
      voice.say(`left-${left}`, left <= 3 ? formatNumber(left) : fill(runner.dataset.labelSecondsLeft, formatNumber(left)));
    }
    return (elapsed >= 2 && samples.length === 0) || elapsed >= seconds; // no sensor sends anything, or done
  });
  window.removeEventListener('devicemotion', onMotion);
  keepAwake(false);
  if (samples.length === 0) { tell(runner.dataset.labelNoMotion, { error: true }); ready(); return; }
  voice.say('stop', runner.dataset.labelStop);
  vibrate([300, 100, 300]);
  $('fitness-countdown').hidden = true;
  runner.dataset.phase = 'sending';
  tell(runner.dataset.labelSending);
  const log = new Blob([JSON.stringify({ startedAt, samples })], { type: 'application/json' });
  try {
    const answer = await uploadFile(runner.dataset.url, log, runner.dataset.csrf);
    if (answer.ok) { window.location.assign(runner.dataset.doneUrl); return; }
    tell(errorMessage(answer.body), { error: true });
  } catch {
    tell(networkErrorMessage(), { error: true });
  }
  ready();
}

function renderVoice() {
  const button = $('voice-button');
  button.setAttribute('aria-pressed', String(voice.on));
  button.textContent = voice.on ? runner.dataset.labelVoiceOn : runner.dataset.labelVoiceOff;
}

if (runner) {
  runner.dataset.phase = 'ready';
  $('voice-button').hidden = !voice.supported;
  renderVoice();
  $('voice-button').addEventListener('click', () => { voice.toggle(); renderVoice(); });
  // The sensors exist only in a secure context (HTTPS or this machine).
  if (window.isSecureContext && 'DeviceMotionEvent' in window) {
    $('fitness-begin').disabled = false;
    $('fitness-begin').addEventListener('click', record);
  } else {
    $('fitness-motion-note').hidden = false;
  }
}

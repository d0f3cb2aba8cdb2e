// Testing an exercise: Begin asks for the motion sensors (iOS asks from the tap), records
// 30 s of devicemotion with a countdown, sends the log to the API and shows the result.
import { errorMessage, uploadFile } from '../shared/api.js';
import { fill, formatNumber, networkErrorMessage } from '../shared/strings.js';

const runner = document.getElementById('fitness-runner');
const begin = document.getElementById('fitness-begin');
const note = document.getElementById('fitness-motion-note');
const countdown = document.getElementById('fitness-countdown');
const secondsLabel = document.getElementById('fitness-seconds');
const status = document.getElementById('fitness-status');
const seconds = Number(runner?.dataset.seconds || 30);
/** Samples closer together than this are dropped: the API takes at most 200 a second. */
const shortestGap = 0.005;

function say(message, { error = false } = {}) {
  if (error) {
    note.textContent = message;
    note.hidden = false;
  } else {
    status.textContent = message;
  }
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

async function record() {
  begin.disabled = true;
  if (!(await permitted())) { say(runner.dataset.labelDenied, { error: true }); begin.disabled = false; return; }
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
  countdown.hidden = false;
  say(runner.dataset.labelRecording);
  let announced = seconds;
  await new Promise((resolve) => {
    const tick = () => {
      const elapsed = (performance.now() - start) / 1000;
      const left = Math.max(0, Math.ceil(seconds - elapsed));
      secondsLabel.textContent = formatNumber(left);
      if (left < announced && (left % 10 === 0 || left <= 3) && left > 0) {
        announced = left;
        say(fill(runner.dataset.labelSecondsLeft, formatNumber(left)));
      }
      if (elapsed >= 2 && samples.length === 0) { resolve(); return; } // no sensor sends anything
      if (elapsed >= seconds) { resolve(); return; }
      setTimeout(tick, 100);
    };
    tick();
  });
  window.removeEventListener('devicemotion', onMotion);
  countdown.hidden = true;
  if (samples.length === 0) { say(runner.dataset.labelNoMotion, { error: true }); begin.disabled = false; return; }
  say(runner.dataset.labelSending);
  const log = new Blob([JSON.stringify({ startedAt, samples })], { type: 'application/json' });
  try {
    const answer = await uploadFile(runner.dataset.url, log, runner.dataset.csrf);
    if (answer.ok) { window.location.assign(runner.dataset.doneUrl); return; }
    say(errorMessage(answer.body), { error: true });
  } catch {
    say(networkErrorMessage(), { error: true });
  }
  begin.disabled = false;
}

if (runner) {
  // The sensors exist only in a secure context (HTTPS or this machine).
  if (window.isSecureContext && 'DeviceMotionEvent' in window) {
    begin.disabled = false;
    begin.addEventListener('click', record);
  } else {
    note.hidden = false;
  }
}

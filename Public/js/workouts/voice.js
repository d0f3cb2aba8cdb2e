// Spoken cues (Web Speech) in the page's language, for the workout player and the fitness test.
// Each cue has a key and is said once; whether cues are spoken is kept on this device, so the
// player's toggle also quiets the fitness test.
import { pageLocale } from '../shared/strings.js';

const storageKey = 'kinetic.voiceCues';

/** The device's setting; on where storage is blocked. */
function storedOn() {
  try { return localStorage.getItem(storageKey) !== 'off'; } catch { return true; }
}

/** A voice of the page's language: its region's first (`de-DE`), else any of the language,
 *  one on the device before one online; undefined (the browser's choice) when there is none or
 *  the list is not loaded yet. Without this, some browsers read German with an English voice. */
function voiceFor(lang) {
  const voices = window.speechSynthesis.getVoices?.() ?? [];
  const wanted = lang.toLowerCase();
  const language = wanted.split('-')[0];
  const ofLanguage = voices.filter((voice) => voice.lang.toLowerCase().replace('_', '-').split('-')[0] === language);
  const rank = (voice) => (voice.lang.toLowerCase().replace('_', '-') === wanted ? 0 : 2) + (voice.localService ? 0 : 1);
  return ofLanguage.sort((a, b) => rank(a) - rank(b))[0];
}

export function createVoice() {
  const voice = {
    on: storedOn(),
    said: new Set(),
    /** Whether this browser can speak at all. */
    supported: 'speechSynthesis' in window,
    /** iOS speaks later only when speech began in a tap: call from the tap, before any wait. */
    prime() {
      if (voice.on && voice.supported) window.speechSynthesis.speak(new SpeechSynthesisUtterance(''));
    },
    /** Says `text` unless cues are off or `key` was said already. */
    say(key, text) {
      if (!voice.on || voice.said.has(key) || !('speechSynthesis' in window)) return;
      voice.said.add(key);
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = document.documentElement.lang || pageLocale();
      const speaker = voiceFor(utterance.lang);
      if (speaker) utterance.voice = speaker;
      window.speechSynthesis.speak(utterance);
    },
    /** Turns cues on or off here and on every later page of this device. */
    toggle() {
      voice.on = !voice.on;
      try { localStorage.setItem(storageKey, voice.on ? 'on' : 'off'); } catch { /* kept for this page only */ }
      if (!voice.on && 'speechSynthesis' in window) window.speechSynthesis.cancel();
    },
  };
  return voice;
}

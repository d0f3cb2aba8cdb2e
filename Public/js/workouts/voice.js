// Spoken cues (Web Speech) in the page's language, for the workout player and the fitness test.
// Each cue has a key and is said once; whether cues are spoken is kept on this device, so the
// player's toggle also quiets the fitness test.
import { pageLocale } from '../shared/strings.js';

const storageKey = 'kinetic.voiceCues';

/** The device's setting; on where storage is blocked. */
function storedOn() {
  try { return localStorage.getItem(storageKey) !== 'off'; } catch { return true; }
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

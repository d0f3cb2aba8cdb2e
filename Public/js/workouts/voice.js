// Spoken cues (Web Speech) in the page's language, for the workout player and the fitness test.
// Each cue has a key and is said once; whether cues are spoken is kept on this device, so the
// player's toggle also quiets the fitness test.
import { pageLocale } from '../shared/strings.js';

const storageKey = 'kinetic.voiceCues';

export function createVoice() {
  const voice = {
    on: localStorage.getItem(storageKey) !== 'off',
    said: new Set(),
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
      localStorage.setItem(storageKey, voice.on ? 'on' : 'off');
      if (!voice.on && 'speechSynthesis' in window) window.speechSynthesis.cancel();
    },
  };
  return voice;
}

// The workout's timeline as pure functions: an exercise's work phase, then the rest before the
// next one. Time comes from timestamps, so a tab that slept for a minute catches up at once.

/** How long a phase lasts, in seconds. */
export function phaseLength(workout, phase) {
  return phase.kind === 'work' ? workout.steps[phase.index].seconds : workout.restSeconds;
}

/** The phase after `phase`: the rest before the next exercise, that exercise, or null at the end. */
export function nextPhase(workout, phase) {
  if (phase.kind === 'rest') return { kind: 'work', index: phase.index };
  if (phase.index + 1 >= workout.steps.length) return null;
  return workout.restSeconds > 0 ? { kind: 'rest', index: phase.index + 1 } : { kind: 'work', index: phase.index + 1 };
}

/** Where the workout stands `elapsed` seconds after `phase` had `left` seconds to go:
 *  `{ phase, left }`, or `{ phase: null }` once it has ended. */
export function advance(workout, phase, left, elapsed) {
  let remaining = left - elapsed;
  while (phase && remaining <= 0) {
    phase = nextPhase(workout, phase);
    if (phase) remaining += phaseLength(workout, phase);
  }
  return phase ? { phase, left: remaining } : { phase: null, left: 0 };
}

/** Which song plays `elapsed` seconds into an exercise, and where in it: each song lasts its
 *  length ÷ its rate on the clock, and the list loops. `{ index, offset }` in media seconds. */
export function songAt(songs, elapsed) {
  const lengths = songs.map((song) => song.seconds / song.rate);
  const total = lengths.reduce((sum, length) => sum + length, 0);
  if (!songs.length || total <= 0) return null;
  let time = ((elapsed % total) + total) % total;
  for (let index = 0; index < songs.length; index += 1) {
    if (time < lengths[index]) return { index, offset: time * songs[index].rate };
    time -= lengths[index];
  }
  return { index: 0, offset: 0 };
}

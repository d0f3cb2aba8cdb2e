// The workout's timeline as pure functions over one clock: `t`, the seconds since the workout
// began, rests counted. Each exercise starts at `step.start`, works `step.seconds`, then rests
// `step.rest`. Time comes from timestamps, so a tab that slept for a minute catches up at once.

/** The workout's length in seconds. */
export function totalSeconds(workout) {
  const last = workout.steps[workout.steps.length - 1];
  return last ? last.start + last.seconds + last.rest : 0;
}

/** Where `t` falls: `{ kind: 'work', index, left }` in an exercise, `{ kind: 'rest', index, left }`
 *  in the rest before exercise `index`, or null once the workout has ended. */
export function phaseAt(workout, t) {
  const { steps } = workout;
  for (let index = 0; index < steps.length; index += 1) {
    const step = steps[index];
    const workEnd = step.start + step.seconds;
    if (t < workEnd) return { kind: 'work', index, left: workEnd - t };
    if (t < workEnd + step.rest && index + 1 < steps.length) return { kind: 'rest', index: index + 1, left: workEnd + step.rest - t };
  }
  return null;
}

/** The clock at exercise `index` with `left` of its seconds to go. */
export function timeAt(workout, index, left) {
  const step = workout.steps[index];
  return step.start + (step.seconds - left);
}

/** The soundtrack cue playing at `t`, and where its song is: `{ cue, position }`. */
export function cueAt(soundtrack, t) {
  let cue = null;
  for (const candidate of soundtrack) {
    if (candidate.at > t) break;
    cue = candidate;
  }
  if (!cue) return null;
  return { cue, position: cue.from + (t - cue.at) * cue.rate };
}

/** The beats of the click track at `bpm` between `from` and `to` (clock seconds), counted
 *  from the cue's start so the beat never drifts: `[{ time, accent }]`, every fourth accented. */
export function beatsBetween(cue, from, to) {
  if (!cue.bpm) return [];
  const period = 60 / cue.bpm;
  const beats = [];
  for (let k = Math.max(0, Math.ceil((from - cue.at) / period)); cue.at + k * period < to; k += 1) {
    beats.push({ time: cue.at + k * period, accent: k % 4 === 0 });
  }
  return beats;
}

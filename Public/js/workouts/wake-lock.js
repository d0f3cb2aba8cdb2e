// The screen kept awake (Screen Wake Lock) while the player plays or a fitness test runs. One
// lock at a time; a release asked for while the request is pending wins when it arrives.

export function createWakeLock() {
  let lock = null;
  let request = null;
  let wanted = false;

  async function keepAwake(on) {
    wanted = on;
    try {
      if (on && !lock && !request && navigator.wakeLock) {
        request = navigator.wakeLock.request('screen');
        lock = await request;
        lock.addEventListener('release', () => { lock = null; });
        if (!wanted) await keepAwake(false); // let go while it was being asked for
      } else if (!on && lock) {
        const held = lock;
        lock = null;
        await held.release();
      }
    } catch { lock = null; } finally { if (on) request = null; }
  }
  return keepAwake;
}

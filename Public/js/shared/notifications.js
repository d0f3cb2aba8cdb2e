// Settings › Notifications, this device (`data-push-device`): says whether this browser takes
// Kinetic's notifications and turns them on or off. On: asks for permission (only on a tap),
// subscribes with the server's key (`data-key`) through the service worker, and hands the
// subscription to the server (`data-subscribe-url`). Off: tells the server, then unsubscribes.

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (letter) => letter.charCodeAt(0));
}

async function post(url, body, csrf) {
  const answer = await fetch(url, {
    method: 'POST', credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf, Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
}

async function setUpDevice(card) {
  const state = card.querySelector('.push-state');
  const button = card.querySelector('.push-toggle');
  const { key, subscribeUrl, unsubscribeUrl, csrf } = card.dataset;
  const say = (label) => { state.textContent = card.dataset[label]; };
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    say('labelUnsupported');
    return;
  }
  const registration = await navigator.serviceWorker.ready;
  const show = async () => {
    const subscription = await registration.pushManager.getSubscription();
    if (Notification.permission === 'denied') {
      say('labelBlocked');
      button.hidden = true;
      return;
    }
    say(subscription ? 'labelOn' : 'labelOff');
    button.textContent = card.dataset[subscription ? 'labelTurnOff' : 'labelTurnOn'];
    button.classList.toggle('button-primary', !subscription);
    button.classList.toggle('button-secondary', Boolean(subscription));
    button.hidden = false;
    return subscription;
  };
  let current = await show();
  // A subscription made for another key (the server's was made anew) reaches nothing: it goes,
  // and the person turns notifications on again.
  const madeFor = current?.options?.applicationServerKey;
  if (madeFor && btoa(String.fromCharCode(...new Uint8Array(madeFor))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') !== key) {
    await current.unsubscribe();
    current = await show();
  }
  // The server forgets a device when its push service says it is gone: this one says again
  // that it is here, each time the page is opened with notifications on.
  if (current) post(subscribeUrl, current.toJSON(), csrf).catch(() => {});
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      if (current) {
        await post(unsubscribeUrl, { endpoint: current.endpoint }, csrf);
        await current.unsubscribe();
      } else {
        if (await Notification.requestPermission() !== 'granted') {
          current = await show();
          return;
        }
        const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
        await post(subscribeUrl, subscription.toJSON(), csrf);
      }
      current = await show();
    } catch (error) {
      say('labelFailed');
    } finally {
      button.disabled = false;
    }
  });
}

document.querySelectorAll('[data-push-device]').forEach((card) => { setUpDevice(card); });

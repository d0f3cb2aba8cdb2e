// The Install button of Settings (`data-install-app`): shown only where the browser offers to
// install Kinetic (Chromium's `beforeinstallprompt`); an installed Kinetic says so instead.
function setUpInstall(card) {
  const button = card.querySelector('.install-button');
  const installed = card.querySelector('.install-installed');
  const showInstalled = () => { button.hidden = true; installed.hidden = false; };
  if (window.matchMedia('(display-mode: standalone)').matches || navigator.standalone) {
    showInstalled();
    return;
  }
  let offer = null;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event;
    button.hidden = false;
  });
  window.addEventListener('appinstalled', showInstalled);
  button.addEventListener('click', async () => {
    if (!offer) return;
    offer.prompt();
    const choice = await offer.userChoice;
    offer = null;
    if (choice.outcome === 'accepted') showInstalled(); else button.hidden = true;
  });
}

document.querySelectorAll('[data-install-app]').forEach(setUpInstall);

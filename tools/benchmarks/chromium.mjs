// The browser the benches measure in: Debian's chromium (never a downloaded
// one), headless, with the background work that would disturb a timing off.
export const CHROME = '/usr/bin/chromium';
export const CHROME_ARGS = Object.freeze(['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run']);

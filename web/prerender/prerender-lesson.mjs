// Numbers before scripts: the build draws every <llm-budget-lab>
// of the lesson page in its default state and writes what it drew inside the
// element as a declarative shadow root, so the page reads with scripts off and
// in print, and the live element takes the same place when its script runs
// (web/element/takeover.js).
//
// Nothing here computes a number: the page's own element and parts
// (web/prerender/entry.js, bundled for node) run in a happy-dom window over
// the same wasm core (build/wasm/budget_core.js) the page loads.
import { openDomWindow } from './dom-window.mjs';
import { importLabForNode } from './bundle.mjs';
import { shadowSnapshot } from './snapshot.mjs';
import { localeExports } from '../build-scripts.mjs';
import { LOCALES, localeScriptName } from '../element/locale-names.js';

/** An empty element as web/page/render-lesson.mjs writes it for a {{part:...}} directive. */
const EMPTY_ELEMENT = /<llm-budget-lab\b[^>]*><\/llm-budget-lab>/g;

// The address the build's window pretends to be at. A drawing that writes the
// page's own address (the calculator's printed link) gets "index.html" instead.
const BUILD_ORIGIN = 'https://prerender.invalid';
const PAGE_NAME = 'index.html';
/** The page's language as its <html lang> says ("de"), so each element draws in it (web/element/locale-names.js). */
const pageLang = (page) => (page.match(/<html\b[^>]*\blang="([^"]*)"/i) || [])[1] || '';

// An element that names a file to fetch when the page is viewed (its own
// presets or questions) is left to the scripts: the build cannot know that file.
const FETCHED_AT_VIEW = ['presets', 'questions'];

const WAIT_MS = 20000;

// The build's drawings ask for random numbers from a fixed sequence (the KV
// practice's variant), so the same sources always write the same page.
const RANDOM_SEED = 13;

/** Resolves after every macrotask queued so far has run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Waits until every host is `ready` and their shadow markup stayed the same for
 * two turns of the event loop (a part may finish after `ready`: the quiz
 * draws its questions once they are checked).
 * @throws when a host sets `failed` or nothing settles within WAIT_MS
 */
async function settled(hosts) {
  const started = Date.now();
  let last = '';
  let quiet = 0;
  while (quiet < 2) {
    await turn();
    const failed = hosts.find((h) => h.hasAttribute('failed'));
    if (failed) {
      throw new Error(`<llm-budget-lab parts="${failed.getAttribute('parts')}"> failed: ${failed.shadowRoot.textContent.trim()}`);
    }
    const now = hosts.map((h) => (h.hasAttribute('ready') ? h.shadowRoot.innerHTML : '')).join('\n');
    quiet = now === last && hosts.every((h) => h.hasAttribute('ready')) ? quiet + 1 : 0;
    last = now;
    if (Date.now() - started > WAIT_MS) throw new Error(`the lesson's elements were not drawn within ${WAIT_MS} ms`);
  }
}

/**
 * Writes the drawn default state into every <llm-budget-lab> of a lesson page.
 * The elements are drawn in one document, as in the browser, so the elements
 * of one group share one state. Controls are written disabled
 * (web/prerender/snapshot.mjs); the print form of each part is drawn (the
 * build's window answers matchMedia('print')), so every chart's data table is
 * in the markup.
 * @param {string} page the page's HTML with empty <llm-budget-lab ...></llm-budget-lab> elements
 * @param {object} options
 * @param {string} options.root the repository root (absolute path)
 * @param {string} options.dist the folder the page is written to (absolute
 *   path), holding the element's stylesheet already
 * @param {string} options.outDir a folder for the node bundle (absolute path, e.g. build/prerender)
 * @param {string} [options.pageName] the page's file name in dist/ (default "index.html"; "index.de.html")
 * @returns {Promise<string>} the page with each element holding
 *   <template shadowrootmode="open">…</template>; an element that names a
 *   presets or questions file is left empty
 * @throws when the element bundle cannot be built, an element fails to start,
 *   or nothing settles within 20 s
 */
export async function prerenderLesson(page, { root, dist, outDir, pageName = PAGE_NAME }) {
  const tags = page.match(EMPTY_ELEMENT) || [];
  if (tags.length === 0) return page;
  const dom = openDomWindow({ url: `${BUILD_ORIGIN}/${pageName}`, directory: dist, mediaType: 'print', randomSeed: RANDOM_SEED });
  try {
    const { LlmBudgetLab, provideScript } = await importLabForNode(root, outDir);
    for (const locale of LOCALES) {
      if (localeScriptName(locale)) provideScript(localeScriptName(locale), localeExports(root, locale));
    }
    const { document, customElements } = dom.window;
    customElements.define('llm-budget-lab', LlmBudgetLab);
    if (pageLang(page)) document.documentElement.setAttribute('lang', pageLang(page));
    const hosts = tags.map((tag) => {
      const template = document.createElement('template');
      template.innerHTML = tag;
      return template.content.firstElementChild;
    });
    const drawn = hosts.filter((h) => FETCHED_AT_VIEW.every((name) => !h.hasAttribute(name)));
    // One at a time, in page order: each drawing then numbers its ids the
    // same way on every build (their stylesheets would otherwise load in any order).
    for (const host of drawn) {
      document.body.append(host);
      await settled([host]);
    }
    const buildUrl = `${BUILD_ORIGIN}/${pageName}`;
    const markup = new Map(drawn.map((h) => [h, shadowSnapshot(h).split(buildUrl).join(pageName)]));
    let i = 0;
    return page.replace(EMPTY_ELEMENT, (tag) => {
      const inner = markup.get(hosts[i]);
      i += 1;
      return inner === undefined ? tag : tag.replace(/<\/llm-budget-lab>$/, `${inner}</llm-budget-lab>`);
    });
  } finally {
    await dom.close();
  }
}

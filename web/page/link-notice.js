// The lesson page's word, near its top, that the page's link set the calculator but some of its
// settings could not be used. The calculator names each one in its own notice, far down the page;
// a reader who followed a link sees at once that something was changed, and a button takes them
// (and the keyboard focus) to the calculator's notice. The calculator tells the page through the
// bubbling llm-budget-lab-link-notice event (web/parts/calc-link.js); the sentences are the
// build's, in the page's language, on the tour box (data-text-link-notice, data-text-link-show:
// web/page/tour-markup.mjs).

/**
 * Puts an empty status line just before `box` (the page's tour box, under the lede) and fills it
 * whenever an element on the page says its link could not be used in full.
 * @param {HTMLElement|null} box the tour box ([data-tour-box]); nothing happens without one
 * @param {(key:string) => string} said the box's sentence for a data-text-* key, in the page's language
 */
export function watchLinkNotices(box, said) {
  if (!box) return;
  // Present (empty) from the start, so that filling it is announced.
  const line = document.createElement('p');
  line.className = 'link-notice';
  line.setAttribute('role', 'status');
  line.dataset.pageLinkNotice = '';
  box.before(line);
  document.addEventListener('llm-budget-lab-link-notice', (event) => {
    const host = event.target;
    const text = document.createElement('span');
    text.textContent = said('textLinkNotice');
    const show = document.createElement('button');
    show.type = 'button';
    show.textContent = said('textLinkShow');
    show.addEventListener('click', () => {
      host.scrollIntoView({ block: 'start' });
      // The element's first notice about the link, focusable for the moment, so a keyboard and a
      // screen reader land on it.
      const notice = host.shadowRoot && host.shadowRoot.querySelector('[data-link-notice]');
      if (notice) {
        notice.setAttribute('tabindex', '-1');
        notice.focus({ preventScroll: true });
      }
    });
    line.replaceChildren(text, ' ', show);
  });
}

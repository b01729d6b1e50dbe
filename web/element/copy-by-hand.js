// A file's text shown to copy by hand, for when a download may not have
// arrived (web/element/download.js says when the page cannot know): a
// read-only text box holding the whole text, selected when it is shown, and a
// Copy button. The button tries the clipboard API, then the browser's copy
// command on the selected text; when both are refused (a sandboxed frame
// without clipboard access), the text stays selected and a sentence says to
// copy it with the keyboard.
import { h, setText } from './dom.js';
import { translator } from './i18n.js';
import { DEFAULT_LOCALE } from './locale-names.js';

const ENGLISH = translator(DEFAULT_LOCALE, null).t;

/**
 * @param {string} label  what the text is, for the box's accessible name ("Your answers as text")
 * @param {(id:string, params?:object)=>string} [t] the element's strings (i18n.js); English by default
 * @param {string} [summary] the folded box's line, when the text is not a file's ("link.copyTextSummary")
 * @returns {{el: HTMLElement, show(text: string, open: boolean): void, hide(): void}}
 *   el: a <details> to place under the sentence that mentions it (hidden until show());
 *   show: puts `text` in the box; `open` unfolds it and selects the text (when the
 *   download is known or likely to have failed); else it stays folded and selects
 *   the text when the reader opens it
 */
export function copyByHandBox(label, t = ENGLISH, summary = null) {
  const box = h('textarea', { class: 'copy-by-hand-text', readonly: true, rows: '6', spellcheck: 'false',
    'aria-label': label, 'data-copy-by-hand': '' });
  const said = h('span', { class: 'copy-by-hand-status', role: 'status' });
  const copy = h('button', { type: 'button', 'data-action': 'copy-text' }, t('link.copyText'));
  const line = h('summary', { text: summary === null ? t('link.copyTextSummary') : summary });
  const el = h('details', { class: 'copy-by-hand', hidden: true }, line, box,
    h('div', { class: 'copy-by-hand-tools' }, copy, said));
  const select = () => {
    box.focus({ preventScroll: true });
    box.select();
  };
  el.addEventListener('toggle', () => { if (el.open) select(); });
  copy.addEventListener('click', async () => {
    try {
      if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(box.value);
      setText(said, t('link.copyTextDone'));
      return;
    } catch {
      // No clipboard API here (file://, a frame without clipboard-write): the selection instead.
    }
    select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    setText(said, t(copied ? 'link.copyTextDone' : 'link.copyTextRefused'));
  });
  return {
    el,
    show(text, open) {
      box.value = text;
      setText(said, '');
      el.hidden = false;
      el.open = open;
      if (open) select();
    },
    hide() {
      el.hidden = true;
      el.open = false;
    },
  };
}

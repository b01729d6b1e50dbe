// Build-time markup of the guided tours' start controls (content/tours.json),
// written into the lesson page's header: one button per tour, with the step
// count, so web/page/lesson-page.js can offer a kept step without loading
// the tours. The tour itself loads when a button is pressed. The buttons are
// disabled until the page script runs (with scripts off there is no tour), as
// the build's drawing of the elements keeps its controls disabled.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { translator } from '../element/i18n.js';

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const englishT = translator('en', null).t;
/** Placeholders the page script fills (lesson-page.js), passed through as written. */
const KEEP = { error: '{error}', n: '{n}', tour: '{tour}' };

/**
 * The start box's HTML for the tours file at `file` ('' when there is none).
 * @param {string} file content/tours.json
 * @param {{locale?:string, t?:(id:string, params?:object)=>string}} [options] the page's locale and its
 *   strings ("tour.*" ids of content/ui/<l>.json); a tour's title comes from
 *   content/locales/<l>/tours.json (tours.<id>.title) when that file has it, else from `file`
 */
export function tourStartMarkup(file, { locale = 'en', t = englishT } = {}) {
  if (!existsSync(file)) return '';
  const { tours } = JSON.parse(readFileSync(file, 'utf8'));
  const textFile = path.join(path.dirname(file), 'locales', locale, 'tours.json');
  const texts = locale !== 'en' && existsSync(textFile) ? JSON.parse(readFileSync(textFile, 'utf8')).tours || {} : {};
  const titleOf = (tour) => (texts[tour.id] && typeof texts[tour.id].title === 'string' ? texts[tour.id].title : tour.title);
  const items = tours.map((tour) => `    <li><span class="tour-start-name" id="tour-title-${esc(tour.id)}">${esc(titleOf(tour))}</span> <span class="tour-start-count">${esc(t('tour.steps', { count: tour.steps.length }))}</span>
      <button type="button" id="tour-start-${esc(tour.id)}" data-tour-start="${esc(tour.id)}" data-tour-title="${esc(titleOf(tour))}" data-tour-steps="${tour.steps.length}" aria-labelledby="tour-start-${esc(tour.id)} tour-title-${esc(tour.id)}" disabled>${esc(t('tour.take'))}</button></li>`);
  // The page script's own sentences, in the page's language (web/page/lesson-page.js fills {placeholders}).
  const said = ['loading', 'failed', 'resume', 'resumeWhere', 'linkNotice', 'linkShow']
    .map((k) => ` data-text-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${esc(t(`tour.${k}`, KEEP))}"`).join('');
  return `<section class="tour-start" data-tour-box aria-labelledby="tour-start-heading"${said}>
  <p class="tour-start-heading" id="tour-start-heading">${esc(t('tour.heading'))}</p>
  <ul class="tour-start-list">
${items.join('\n')}
  </ul>
  <p class="tour-status" role="status" data-tour-status></p>
</section>`;
}

// Build-time markup of the guided tours' start controls (content/tours.json),
// written into the lesson page's header: one button per tour, with the step
// count, so web/page/lesson-page.js can offer a kept step without loading
// the tours. The tour itself loads when a button is pressed. The buttons are
// disabled until the page script runs (with scripts off there is no tour), as
// the build's drawing of the elements keeps its controls disabled.
import { readFileSync, existsSync } from 'node:fs';

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The start box's HTML for the tours file at `file` ('' when there is none). */
export function tourStartMarkup(file) {
  if (!existsSync(file)) return '';
  const { tours } = JSON.parse(readFileSync(file, 'utf8'));
  const items = tours.map((t) => `    <li><span class="tour-start-name" id="tour-title-${esc(t.id)}">${esc(t.title)}</span> <span class="tour-start-count">(${t.steps.length} steps)</span>
      <button type="button" id="tour-start-${esc(t.id)}" data-tour-start="${esc(t.id)}" data-tour-title="${esc(t.title)}" data-tour-steps="${t.steps.length}" aria-labelledby="tour-start-${esc(t.id)} tour-title-${esc(t.id)}" disabled>Take the tour</button></li>`);
  return `<section class="tour-start" data-tour-box aria-labelledby="tour-start-heading">
  <p class="tour-start-heading" id="tour-start-heading">Guided tours: each step sets the calculator, points at the number that matters and asks you to predict first.</p>
  <ul class="tour-start-list">
${items.join('\n')}
  </ul>
  <p class="tour-status" role="status" data-tour-status></p>
</section>`;
}

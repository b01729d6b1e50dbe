// The speculative part's "1× = no gain" label, in Debian chromium: at 360 px
// and at 1280 px, on the English and the German page, the label of the 1×
// line crosses none of the speed-up curves and not the panel's title, stays
// inside the plot beside its line; at 1280 px it keeps its place above the
// line's right end. Screenshots of the 360 px charts go to test-output/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { OUT, openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

const PART = 'llm-budget-lab[parts="speculative"]';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/**
 * The label's box, its line, the panel title's box and, per speed-up curve, whether
 * any point of it (sampled every 0.5 px along the path) lies inside the label's box.
 */
function geometry(svg) {
  const label = svg.querySelector('.limit-line-label');
  const panel = label.parentNode;
  const line = panel.querySelector('.limit-line');
  const box = label.getBBox();
  const inside = (pt) => pt.x >= box.x && pt.x <= box.x + box.width && pt.y >= box.y && pt.y <= box.y + box.height;
  const crossing = [...panel.querySelectorAll('path.series')].map((p) => {
    const len = p.getTotalLength();
    for (let s = 0; s <= len; s += 0.5) if (inside(p.getPointAtLength(s))) return true;
    return false;
  });
  const title = panel.querySelector('.axis-title').getBBox();
  return {
    text: label.textContent, box: { x: box.x, y: box.y, width: box.width, height: box.height },
    baseline: Number(label.getAttribute('y')), right: Number(label.getAttribute('x')),
    line: { x1: Number(line.getAttribute('x1')), x2: Number(line.getAttribute('x2')), y: Number(line.getAttribute('y1')) },
    title: { x: title.x, y: title.y, width: title.width, height: title.height }, crossing,
  };
}

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [lang, rel, words] of [['English', 'index.html', '1× = no gain'], ['German', 'index.de.html', '1× = kein Gewinn']]) {
  for (const width of [360, 1280]) {
    test(`${lang} page at ${width} px: the 1× label crosses no curve and stays beside its line`, async () => {
      const rec = await recordedPage(browser, { viewport: { width, height: width === 360 ? 740 : 800 } });
      const { page } = rec;
      await page.goto(new URL(rel, server.url).href);
      await waitReady(page);
      const part = page.locator(PART);
      await part.scrollIntoViewIfNeeded();
      await part.locator('svg.chart-canvas .limit-line-label').waitFor();
      const g = await part.locator('svg.chart-canvas').evaluate(geometry);
      assert.equal(g.text, words);
      // Five curves (k = 1, 2, 3, 4, 8), none through the label.
      assert.deepEqual(g.crossing, [false, false, false, false, false]);
      assert.ok(!overlap(g.box, g.title), 'clear of the panel title');
      // Inside the plot, along the line, its box touching or within 20 px of the line.
      assert.ok(g.box.x >= g.line.x1 && g.box.x + g.box.width <= g.line.x2 + 0.5, JSON.stringify(g));
      assert.ok(g.box.y <= g.line.y + 20 && g.box.y + g.box.height >= g.line.y - 20, JSON.stringify(g));
      if (width === 1280) {
        // Wide, the curves are far above 1× at the right end: the label stays where it always was.
        assert.equal(g.right, g.line.x2);
        assert.equal(g.baseline, g.line.y - 4);
      } else {
        await part.locator('figure').screenshot({ path: path.join(OUT, `speculative-label-${lang.toLowerCase()}-360.png`) });
      }
      assertQuiet(rec);
      await rec.context.close();
    });
  }
}

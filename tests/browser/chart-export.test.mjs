// Chart downloads keep their words, in Debian chromium: every chart's SVG,
// opened on its own (no page stylesheet), shows the same texts as the chart on
// screen, each painted fill over its halo stroke; and the PNG holds pixels of
// each haloed label's colour inside that label's box, on a backdrop it stands
// out from. On screen the halo (a 3 px stroke in the background colour) is put
// under the letters by the page's CSS (paint-order: stroke); a file that loses
// that rule paints the stroke over the letters and shows blank labels.
// Light and dark colour schemes, 1280 x 800 and 360 x 740.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OUT, openSession, closeSession, recordedPage, waitReady, assertQuiet } from './lib/harness.mjs';

const CHARTS = ['memory-chart', 'batch-chart', 'speculative', 'attention'];

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/**
 * True when a computed paint-order paints the fill after the stroke (the
 * keywords given come first, the rest follow in the default order fill,
 * stroke, markers; "normal" is that default, stroke over fill).
 */
function fillOverStroke(order) {
  const given = order === 'normal' ? [] : order.trim().split(/\s+/);
  const full = [...given, ...['fill', 'stroke', 'markers'].filter((w) => !given.includes(w))];
  return full.indexOf('stroke') < full.indexOf('fill');
}

/** "rgb(1, 2, 3)" or "rgba(1, 2, 3, 1)" as [r, g, b]. */
const rgb = (text) => text.match(/[\d.]+/g).slice(0, 3).map(Number);
const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The visible texts of the chart on screen, in document order. */
function screenTexts(page, part) {
  return page.locator(`llm-budget-lab[parts="${part}"] svg.chart-canvas`).evaluate((svg) =>
    [...svg.querySelectorAll('text')].filter((t) => t.checkVisibility()).map((t) => t.textContent));
}

/** Downloads the chart as `kind` (svg or png) and saves it under test-output/. */
async function download(page, part, kind, tag) {
  const [file] = await Promise.all([page.waitForEvent('download'),
    page.locator(`llm-budget-lab[parts="${part}"] button[data-download="${kind}"]`).click()]);
  const saved = path.join(OUT, `chart-export-${part}-${tag}.${kind}`);
  await file.saveAs(saved);
  return saved;
}

/**
 * The SVG file opened on its own page: every visible text with its computed
 * paint-order, stroke, stroke width, fill and box (CSS px, the file's own size).
 */
async function openedAlone(context, file) {
  const page = await context.newPage();
  await page.goto(pathToFileURL(file).href);
  const texts = await page.evaluate(() => [...document.querySelectorAll('text')].filter((t) => t.checkVisibility()).map((t) => {
    const cs = getComputedStyle(t);
    const r = t.getBoundingClientRect();
    return { text: t.textContent, paintOrder: cs.paintOrder, stroke: cs.stroke, strokeWidth: parseFloat(cs.strokeWidth) || 0,
      fill: cs.fill, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
  }));
  const width = await page.evaluate(() => Number(document.documentElement.getAttribute('width')));
  await page.close();
  return { texts, width };
}

/**
 * Decodes the PNG on a canvas in a page and reads, for each box (in the SVG's
 * px, scaled by the PNG's width over `svgWidth`), how many pixels lie within
 * 60 (RGB distance) of the box's colour; and the colour of the top-left pixel
 * (the file's backdrop).
 */
async function pngPixels(context, file, svgWidth, boxes) {
  const page = await context.newPage();
  const b64 = readFileSync(file).toString('base64');
  const result = await page.evaluate(async ({ b64, svgWidth, boxes }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0);
    const scale = img.naturalWidth / svgWidth;
    const near = (d, i, c) => Math.hypot(d[i] - c[0], d[i + 1] - c[1], d[i + 2] - c[2]) < 60;
    const counts = boxes.map(({ box, colour }) => {
      const x = Math.max(0, Math.floor(box.x * scale));
      const y = Math.max(0, Math.floor(box.y * scale));
      const w = Math.max(1, Math.min(canvas.width - x, Math.ceil(box.width * scale)));
      const h = Math.max(1, Math.min(canvas.height - y, Math.ceil(box.height * scale)));
      const d = g.getImageData(x, y, w, h).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (near(d, i, colour)) n += 1;
      return n;
    });
    const corner = [...g.getImageData(1, 1, 1, 1).data.slice(0, 3)];
    return { counts, corner, scale };
  }, { b64, svgWidth, boxes });
  await page.close();
  return result;
}

for (const [scheme, viewport] of [['light', { width: 1280, height: 800 }], ['dark', { width: 1280, height: 800 }],
  ['light', { width: 360, height: 740 }]]) {
  test(`every chart's SVG and PNG download shows its words (${scheme}, ${viewport.width} px)`, async () => {
    const rec = await recordedPage(browser, { viewport, colorScheme: scheme, acceptDownloads: true });
    const { page, context } = rec;
    await page.goto(server.url);
    await waitReady(page);
    const tag = `${scheme}-${viewport.width}`;
    for (const part of CHARTS) {
      const chart = page.locator(`llm-budget-lab[parts="${part}"]`);
      await chart.scrollIntoViewIfNeeded();
      // The chart may still redraw once after it comes into view (its labels
      // depend on its width): the on-screen texts are read before and after the
      // download, and the download is taken again until both reads agree.
      let onScreen;
      let file;
      for (let attempt = 0; attempt < 5; attempt++) {
        onScreen = await screenTexts(page, part);
        file = await download(page, part, 'svg', tag);
        if (JSON.stringify(await screenTexts(page, part)) === JSON.stringify(onScreen)) break;
      }
      const title = await chart.locator('h2.part-title').textContent();
      const { texts, width } = await openedAlone(context, file);
      // The file starts with the title and the input lines, then the chart's own texts, all of them.
      assert.equal(texts[0].text, title, `${part}: the title heads the file`);
      const body = texts.slice(texts.length - onScreen.length).map((t) => t.text);
      assert.deepEqual(body, onScreen, `${part}: the file shows every text of the chart`);
      const haloed = texts.filter((t) => t.stroke !== 'none' && t.strokeWidth > 0);
      assert.ok(haloed.length > 0, `${part}: the labels keep their halo`);
      for (const t of haloed) {
        assert.ok(fillOverStroke(t.paintOrder), `${part}: “${t.text}” is painted fill over its halo (paint-order ${t.paintOrder})`);
        assert.ok(distance(rgb(t.fill), rgb(t.stroke)) > 100, `${part}: “${t.text}” differs from its halo (${t.fill} on ${t.stroke})`);
      }
      // The PNG: each haloed label has pixels of its own colour in its box, and the backdrop is far from that colour.
      const png = await pngPixels(context, await download(page, part, 'png', tag), width,
        haloed.map((t) => ({ box: t.box, colour: rgb(t.fill) })));
      assert.equal(png.scale, 2, `${part}: the PNG is drawn at twice the SVG's size`);
      haloed.forEach((t, i) => {
        assert.ok(png.counts[i] >= 3, `${part}: the PNG shows “${t.text}” (${png.counts[i]} pixels of ${t.fill} in its box)`);
        assert.ok(distance(png.corner, rgb(t.fill)) > 100, `${part}: “${t.text}” stands out from the backdrop (${png.corner})`);
      });
      if (part === 'memory-chart') {
        // The legend names what the bars are: "weights" and "KV cache" are in the file and drawn in the PNG.
        for (const word of ['weights', 'KV cache']) assert.ok(haloed.some((t) => t.text === word), `legend “${word}” in the file`);
        assert.ok(texts.some((t) => /^GPU \d/.test(t.text)), 'the limit line’s legend label');
      }
      if (part === 'speculative') assert.ok(haloed.some((t) => /^k=\d$/.test(t.text)), 'the k= line labels');
      if (part === 'batch-chart') assert.ok(haloed.some((t) => t.text === 'does not fit'), 'the “does not fit” label');
    }
    assertQuiet(rec);
    await context.close();
  });
}

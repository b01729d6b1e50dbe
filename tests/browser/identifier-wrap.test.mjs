// The results' KV capacity names vLLM's option gpu_memory_utilization; in the calculator's
// narrow results column the cell wraps between the option's words (after an underscore, where
// dom.js setTextBreakingIdentifiers puts a <wbr>) or at a space, never inside a word, and its text
// (what a student copies) is the option's name unbroken. The calculator element's default
// inputs: 442,504 tokens at gpu_memory_utilization 0.9 (the lesson's 8B model on an 80 GB GPU).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, openReady } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** In the page: the KV capacity cell's text and its rendered lines (characters grouped by line box). */
function cellLines() {
  const cell = document.querySelector('llm-budget-lab').shadowRoot.querySelector('[data-out="kv_capacity"]');
  const lines = [];
  let line = '';
  let top = null;
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i += 1) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getClientRects()[0];
      if (box && top !== null && Math.abs(box.top - top) > 3) {
        lines.push(line);
        line = '';
      }
      if (box) top = box.top;
      line += node.data[i];
    }
  }
  lines.push(line);
  return { text: cell.textContent, lines };
}

for (const [file, viewport, phrase] of [
  ['index.html', { width: 1280, height: 800 }, 'gpu_memory_utilization 0.9'],
  ['index.html', { width: 360, height: 740 }, 'gpu_memory_utilization 0.9'],
  ['index.de.html', { width: 1280, height: 800 }, 'gpu_memory_utilization 0,9'],
]) {
  test(`${file} at ${viewport.width} px: the KV capacity wraps between words, and its text names the option whole`, async () => {
    const rec = await openReady(browser, new URL(file, server.url).href, viewport);
    const { text, lines } = await rec.page.evaluate(cellLines);
    assert.ok(text.includes(phrase), `the cell's text names the option unbroken: ${text}`);
    assert.ok(lines.length > 1, `the cell wraps in the narrow column: ${JSON.stringify(lines)}`);
    for (const line of lines.slice(0, -1)) {
      assert.match(line, /[ _]$/, `a line ends at a space or after an underscore: ${JSON.stringify(lines)}`);
    }
    assert.equal(lines.join(''), text);
    assertQuiet(rec);
    await rec.context.close();
  });
}

// Every attribute of <llm-budget-lab> reacts when a
// host changes it on a live element (several changes drawn once); start values
// from inputs="name=value,..." read like the link; presets="URL" loads a presets
// file with the same checks as content/presets.json, and a refused file names
// the field and keeps the built-in presets. Numbers: the lesson's rows
// (tests/data/seed-values.json): 7B GQA-8 16-bit B=16 31.2 GB, MHA 82.7 GB, B=1 15.1 GB.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, openSession, closeSession, serveDist, recordedPage, assertQuiet } from './lib/harness.mjs';

const PRESETS = JSON.parse(readFileSync(path.join(REPO, 'content/presets.json'), 'utf8'));
const QUESTIONS = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'));

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

/** presets.json with one more GPU (192 GB, 8 TB/s peak at 0.8, 2.25 PFLOP/s peak at 0.5). */
function withTestGpu() {
  const doc = JSON.parse(JSON.stringify(PRESETS));
  doc.gpus.push({ id: 'test-gpu-192gb', label: 'Test GPU 192 GB', source: 'made up for a test', notes: '',
    gpu_memory_bytes: 192e9, interconnect_bytes_per_s: 450e9, peak_bandwidth_bytes_per_s: 8e12, usable_fraction_bandwidth: 0.8, bandwidth_bytes_per_s: 6.4e12,
    peak_flops_per_s: 2.25e15, usable_fraction_flops: 0.5, flops_per_s: 1.125e15 });
  return doc;
}

const CUSTOM_QUESTIONS = {
  format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'attr-1',
  questions: [{ id: 'c1-weights', title: 'Custom: weights of a 70B model', prompt: 'A 70-billion-parameter model at 16 bits.',
    steps: [{ id: 'w', kind: 'numeric', prompt: 'Weight memory?', dimension: 'bytes', unit: 'GB', expected: 140,
      tolerance: { relative: 0.01, absolute: 0 } }],
    explanation: ['70 × 10⁹ × 2 bytes = 140 GB.'] }],
};

/** Serves `body` as /<name>.html and the given JSON (or text) files, then opens the page. */
async function open(body, files = {}) {
  const rec = await recordedPage(browser, { viewport: { width: 1200, height: 900 } });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<script src="/llm-budget-lab.js" defer></script></head><body>${body}</body></html>`;
  await rec.context.route(`${server.url}host.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  for (const [name, content] of Object.entries(files)) {
    await rec.context.route(`${server.url}${name}`, (r) => r.fulfill({ contentType: 'application/json',
      body: typeof content === 'string' ? content : JSON.stringify(content) }));
  }
  await rec.page.goto(`${server.url}host.html`);
  await rec.page.waitForFunction(() => document.documentElement.dataset.labReady === 'true', null, { timeout: 15000 });
  return rec;
}

const total = (page, id) => page.locator(`#${id} [data-out="total_bytes"]`).textContent();
const field = (page, id, name) => page.locator(`#${id} input.field-text[data-field="${name}"]`).inputValue();
const notices = (page, id) => page.locator(`#${id}`).evaluate((el) =>
  [...el.shadowRoot.querySelectorAll('[data-lab-notice]')].map((n) => n.textContent));
const parts = (page, id) => page.locator(`#${id}`).evaluate((el) => [...el.shadowRoot.querySelectorAll('[data-part]')].map((s) => s.dataset.part));

/** Sets attributes (null removes) on #id in one task; resolves once it is drawn again. */
async function setAttrs(page, id, attrs) {
  await page.evaluate(({ id, attrs }) => new Promise((resolve) => {
    const el = document.getElementById(id);
    el.addEventListener('llm-budget-lab-ready', () => resolve(), { once: true });
    for (const [k, v] of Object.entries(attrs)) { if (v === null) el.removeAttribute(k); else el.setAttribute(k, v); }
  }), { id, attrs });
}

test('each attribute changed on a live element takes effect; several changes in one task draw once', async () => {
  const rec = await open(`<llm-budget-lab id="a" parts="calculator" preset="lesson-gqa8-16"></llm-budget-lab>
<llm-budget-lab id="b" parts="calculator" group="g" preset="lesson-mha-16"></llm-budget-lab>
<llm-budget-lab id="q" parts="quiz"></llm-budget-lab>
<llm-budget-lab id="p" parts="presets calculator"></llm-budget-lab>`, { 'custom.json': CUSTOM_QUESTIONS, 'more-presets.json': withTestGpu() });
  const { page } = rec;
  assert.equal(await total(page, 'a'), '31.2 GB');
  // preset
  await setAttrs(page, 'a', { preset: 'lesson-mha-16' });
  assert.equal(await total(page, 'a'), '82.7 GB');
  // inputs over the preset
  await setAttrs(page, 'a', { preset: 'lesson-gqa8-16', inputs: 'batch=1' });
  assert.equal(await total(page, 'a'), '15.1 GB');
  assert.equal(await field(page, 'a', 'batch'), '1');
  // parts: a new part list keeps the inputs
  await setAttrs(page, 'a', { parts: 'calculator table' });
  assert.deepEqual(await parts(page, 'a'), ['calculator', 'table']);
  assert.equal(await total(page, 'a'), '15.1 GB');
  // group: joining b's group takes the group's state, and a then drives b
  await setAttrs(page, 'a', { group: 'g', inputs: null, parts: 'calculator' });
  assert.equal(await total(page, 'a'), await total(page, 'b'));
  assert.equal(await total(page, 'a'), '82.7 GB', 'the group keeps b\'s MHA preset');
  // MHA at batch 1: 14 GB + 4.29 GB, now shown by b too.
  await page.locator('#a input.field-text[data-field="batch"]').fill('1');
  await page.waitForFunction(() => document.querySelector('#b').shadowRoot.querySelector('[data-out="total_bytes"]').textContent === '18.3 GB');
  // questions
  await setAttrs(page, 'q', { questions: 'custom.json' });
  await page.waitForSelector('#q [data-part="quiz"][data-state="ready"]');
  assert.equal(await page.locator('#q [data-question]').count(), 1);  // the custom file has no drills
  assert.equal(await page.locator('#q [data-question="c1-weights"] h3').textContent(), 'Custom: weights of a 70B model');
  await setAttrs(page, 'q', { questions: null });
  await page.waitForSelector('#q [data-part="quiz"][data-state="ready"]');
  // The built-in knowledge check again (its drills, one shown at a time, sit outside the question list).
  assert.equal(await page.locator('#q .quiz-list [data-question]').count(), QUESTIONS.questions.length);
  assert.equal(await page.locator('#q .quiz-drills [data-question]').count(), 1);
  // presets: a file with one more GPU gives it a button, and preset= can name it
  assert.equal(await page.locator('#p [data-preset="test-gpu-192gb"]').count(), 0);
  await setAttrs(page, 'p', { presets: 'more-presets.json', preset: 'test-gpu-192gb' });
  assert.equal(await page.locator('#p [data-preset="test-gpu-192gb"]').count(), 1);
  assert.equal(await field(page, 'p', 'gpu_memory_bytes'), '192');
  assert.deepEqual(await notices(page, 'p'), []);
  // report: turning it on needs no redraw (read when an event is due); a bad value is named
  await setAttrs(page, 'p', { report: 'sometimes' });
  assert.deepEqual(await notices(page, 'p'), ['Unknown report “sometimes”, so no events are sent to the page. Known values: events.']);

  // Three attributes in one task: one redraw. Every redraw the three changes
  // ask for is begun in the microtasks of this task (lab-element.js), so
  // when the first one is drawn, the count of drawings begun is final.
  const draws = await page.evaluate(() => new Promise((resolve) => {
    const el = document.getElementById('a');
    const before = el._renders;
    el.addEventListener('llm-budget-lab-ready', () => resolve(el._renders - before), { once: true });
    el.setAttribute('parts', 'calculator table');
    el.setAttribute('preset', 'lesson-gqa8-8');
    el.setAttribute('inputs', 'batch=64');
  }));
  assert.equal(draws, 1);
  assert.equal(await field(page, 'a', 'batch'), '64');
  assertQuiet(rec);
  await rec.context.close();
});

test('inputs="...": start values by the core\'s names; a bad setting is named in the notice and skipped', async () => {
  const rec = await open(`<llm-budget-lab id="good" parts="calculator" inputs="batch=1, context_tokens=8192"></llm-budget-lab>
<llm-budget-lab id="bad" parts="calculator" inputs="batch=32,nope=1,context_tokens=abc,kv_heads=999,batch=2,&lt;b&gt;=1"></llm-budget-lab>`);
  const { page } = rec;
  assert.equal(await total(page, 'good'), '15.1 GB');
  assert.deepEqual(await notices(page, 'good'), []);
  assert.equal(await field(page, 'bad', 'batch'), '32');
  assert.equal(await field(page, 'bad', 'kv_heads'), '8', 'the refused value leaves the default');
  assert.deepEqual(await notices(page, 'bad'), [
    'The inputs attribute names “nope”, which is not a calculator setting, so it was ignored.',
    'Context in the inputs attribute cannot be read (“abc” is not a number; type digits such as 12.5), so its starting value is used.',
    'The inputs attribute gives batch more than once; the first value is used.',
    'The inputs attribute names “<b>”, which is not a calculator setting, so it was ignored.',
    'KV heads in the inputs attribute cannot be used: it must be a whole number from 1 to 32 heads (the query heads), not 999 heads. Its starting value is used.',
  ]);
  // Batch 32 at the default 7B GQA-8: 14 GB + 34.36 GB.
  assert.equal(await total(page, 'bad'), '48.4 GB');
  // Reset returns to the attribute's values, not the bare defaults.
  await page.locator('#good input.field-text[data-field="batch"]').fill('4');
  await page.locator('#good [data-action="reset-calculator"]').click();
  assert.equal(await field(page, 'good', 'batch'), '1');
  assertQuiet(rec);
  await rec.context.close();
});

test('presets="URL": not JSON, too large, wrong shape, out of range, other schemes and origins are refused, built-in presets kept', async () => {
  const otherOrigin = await serveDist({ host: '127.0.0.2' }); // no CORS headers
  const outOfRange = withTestGpu();
  outOfRange.gpus.at(-1).gpu_memory_bytes = -5;
  const zeroBatch = JSON.parse(JSON.stringify(PRESETS));
  zeroBatch.configurations[0].inputs.batch = 0;
  const noLesson = JSON.parse(JSON.stringify(PRESETS));
  noLesson.configurations = noLesson.configurations.filter((c) => c.group !== 'lesson');
  const cases = {
    'not-json.json': ['{"version": 1,', 'The presets file is not valid JSON; showing the built-in presets.'],
    'big.json': [' '.repeat(300000), 'The presets file is too large (300000 bytes; at most 262144); showing the built-in presets.'],
    'array.json': ['[]', 'The presets file has 1 problem (first: (file): (top level): must be an object); showing the built-in presets.'],
    'range.json': [outOfRange, /^The presets file has \d+ problems? \(first: test-gpu-192gb: gpu_memory_bytes: must be/],
    'batch.json': [zeroBatch, /^The presets file has 1 problem \(first: lesson-mha-16: inputs\.batch: must be a whole number from 1 to 1e6 \(got 0\)\); showing the built-in presets\.$/],
    'no-lesson.json': [noLesson, /^The presets file has 6 problems \(first: lesson-mha-16: id: required configuration is missing\)/],
    'extra.json': [{ ...PRESETS, upload_to: 'https://example.org' }, /^The presets file has 1 problem \(first: \(file\): upload_to: unknown key/],
  };
  const body = [...Object.keys(cases).map((f, i) => `<llm-budget-lab id="c${i}" parts="presets" presets="${f}"></llm-budget-lab>`),
    '<llm-budget-lab id="js" parts="presets" presets="javascript:alert(1)"></llm-budget-lab>',
    `<llm-budget-lab id="cors" parts="presets" presets="${otherOrigin.url}presets.json"></llm-budget-lab>`].join('\n');
  const files = Object.fromEntries(Object.entries(cases).map(([f, [doc]]) => [f, doc]));
  const rec = await open(body, files);
  const { page } = rec;
  try {
    const names = Object.keys(cases);
    for (let i = 0; i < names.length; i += 1) {
      const [text] = await notices(page, `c${i}`);
      const want = cases[names[i]][1];
      if (typeof want === 'string') assert.equal(text, want, names[i]); else assert.match(text, want, names[i]);
      assert.equal(await page.locator(`#c${i} [data-preset="h100-sxm-80gb"]`).count(), 1, `${names[i]}: built-in presets kept`);
      assert.equal(await page.locator(`#c${i} [data-preset="test-gpu-192gb"]`).count(), 0);
    }
    assert.deepEqual(await notices(page, 'js'), ['The presets file address “javascript:alert(1)” uses “javascript:”, which is not loaded: only http: and https: addresses are; showing the built-in presets.']);
    assert.match((await notices(page, 'cors'))[0], /^The presets file could not be read from http:\/\/127\.0\.0\.2:\d+: that server must allow cross-origin reads \(CORS/);
    assert.ok(!rec.requests.some((u) => u.startsWith('javascript:')));
    assert.deepEqual(rec.pageErrors, []);
  } finally {
    await rec.context.close();
    await otherOrigin.close();
  }
});

test('questionsDocument: a parsed document renders like a file; a bad one is refused with its field named', async () => {
  const rec = await open('<llm-budget-lab id="q" parts="quiz"></llm-budget-lab>');
  const { page } = rec;
  await page.waitForSelector('#q [data-part="quiz"][data-state="ready"]');
  await page.evaluate((doc) => { document.getElementById('q').questionsDocument = doc; }, CUSTOM_QUESTIONS);
  await page.waitForFunction(() => document.querySelector('#q').shadowRoot.querySelector('[data-question="c1-weights"]'));
  const bad = JSON.parse(JSON.stringify(CUSTOM_QUESTIONS));
  bad.questions[0].steps[0].tolerance.relative = 3;
  await page.evaluate((doc) => { document.getElementById('q').questionsDocument = doc; }, bad);
  await page.waitForFunction(() => document.querySelector('#q').shadowRoot.querySelector('[data-question="q1-fit"]'));
  assert.equal(await page.locator('#q [data-notice="questions"]').textContent(),
    'The questions document has 1 problem (first: c1-weights: steps.w.tolerance.relative: must be a fraction from 0 to 1 (got 3)); showing the built-in questions.');
  assertQuiet(rec);
  await rec.context.close();
});

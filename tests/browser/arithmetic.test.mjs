// Browser tests of typed arithmetic (Debian chromium via playwright-core): answers typed
// as working in the three knowledge-check questions, a question that asks for a
// plain number ("accept": "number"), and the KV-cache practice part on the
// lesson page and embedded on its own.
// Worked values: Q1 13 GB weights + 40 GB cache = 53 GB; with an 8-bit cache
// 13 + 20 = 33 GB; Q2 (1 − 0.8⁴)/(1 − 0.8) = 0.5904/0.2 = 2.952 tokens per pass.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, openSession, closeSession, assertQuiet, recordedPage } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const KV = 'llm-budget-lab [data-part="kv-practice"]';
const stepIn = (root, q, s) => `${root} [data-question="${q}"] [data-step="${s}"]`;

async function answer(page, root, q, s, text) {
  await page.locator(`${stepIn(root, q, s)} input`).fill(text);
  await page.locator(`${stepIn(root, q, s)} button.quiz-check`).click();
  const fb = page.locator(`${stepIn(root, q, s)} [data-feedback]`);
  const read = page.locator(`${stepIn(root, q, s)} [data-feedback] .quiz-read`);
  return {
    verdict: await fb.getAttribute('data-verdict'),
    text: await fb.textContent(),
    expression: (await read.count()) ? await read.getAttribute('data-expression') : null,
  };
}

async function openPage(url = server.url) {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  await rec.page.goto(url);
  await rec.page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  return rec;
}

test('working typed into the three questions is read, valued and graded; the reading is shown', async () => {
  const rec = await openPage();
  const { page } = rec;
  // Q1 total: 13 + 40 = 53 GB in several forms of working.
  const sum = await answer(page, QUIZ, 'q1-fit', 'total', '13 GB + 40 GB');
  assert.equal(sum.verdict, 'correct');
  assert.equal(sum.expression, '13 GB + 40 GB');
  assert.match(sum.text, /\(Read as 13 GB \+ 40 GB = 53 GB\.\)$/);
  for (const text of ['13 + 40', '13 × 10^9 B + 40 × 10^9 B', '2 * 26.5 GB', '(13 + 40) GB']) {
    assert.equal((await answer(page, QUIZ, 'q1-fit', 'total', text)).verdict, 'correct', text);
  }
  assert.equal((await answer(page, QUIZ, 'q1-fit', 'total', '13 GB + 40 MB')).verdict, 'wrong');
  const zero = await answer(page, QUIZ, 'q1-fit', 'total', '53 / (1 - 1)');
  assert.equal(zero.verdict, 'unparseable');
  assert.match(zero.text, /^Division by zero/);
  const mixed = await answer(page, QUIZ, 'q1-fit', 'total', '13 GB + 40');
  assert.match(mixed.text, /^Every term of a sum needs the same kind of unit/);

  // Q1 follow-up after the 8-bit-cache lever: 13 + 40/2 = 33 GB.
  const lever = page.locator(`${stepIn(QUIZ, 'q1-fit', 'lever')} input[data-choice="cache-8bit"]`);
  await lever.check();
  await page.locator(`${stepIn(QUIZ, 'q1-fit', 'lever')} button.quiz-check`).click();
  const effect = await answer(page, QUIZ, 'q1-fit', 'effect-cache-8bit', '13 + 40/2');
  assert.equal(effect.verdict, 'correct');
  assert.equal(effect.expression, '13 + 40/2');

  // Q2: (1 − 0.8⁴)/(1 − 0.8) = 2.952, typed with ^, with a superscript, and with a decimal comma.
  const q2 = await answer(page, QUIZ, 'q2-speculative', 'tokens', '(1-0.8^4)/(1-0.8)');
  assert.equal(q2.verdict, 'correct');
  assert.equal(q2.expression, '(1 − 0.8⁴)/(1 − 0.8)');
  assert.match(q2.text, /Read as \(1 − 0\.8⁴\)\/\(1 − 0\.8\) = 2\.952 tokens per pass\./);
  assert.equal((await answer(page, QUIZ, 'q2-speculative', 'tokens', '(1 − 0,8⁴)/(1 − 0,8)')).verdict, 'correct');
  assert.equal((await answer(page, QUIZ, 'q2-speculative', 'tokens', '1 + 0.8 + 0.8^2 + 0.8^3')).verdict, 'correct');
  assert.equal((await answer(page, QUIZ, 'q2-speculative', 'tokens', '(1-0.8^3)/(1-0.8)')).verdict, 'wrong', 'a^k instead of a^(k+1)');
  assertQuiet(rec);
  await rec.context.close();
});

test('a question with "accept": "number" refuses working with its own message; a bad "accept" is named', async () => {
  const doc = {
    format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'plain-1',
    questions: [{
      id: 'c1-plain', title: 'Plain number', prompt: 'Work out 13 + 40 (GB) yourself.',
      steps: [{ id: 'v', kind: 'numeric', prompt: 'Total?', dimension: 'bytes', unit: 'GB', accept: 'number',
        expected: 53, tolerance: { relative: 0, absolute: 0.1 } }],
      explanation: ['13 + 40 = 53.'],
    }],
  };
  const bad = JSON.parse(JSON.stringify(doc));
  bad.questions[0].steps[0].accept = 'maths';
  const html = (file) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>q</title>
<script src="/llm-budget-lab.js" defer></script></head><body><llm-budget-lab parts="quiz" questions="${file}"></llm-budget-lab></body></html>`;
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  const { page, context } = rec;
  await context.route(`${server.url}/plain.html`, (r) => r.fulfill({ contentType: 'text/html', body: html('plain.json') }));
  await context.route(`${server.url}/plain.json`, (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(doc) }));
  await context.route(`${server.url}/bad.html`, (r) => r.fulfill({ contentType: 'text/html', body: html('bad.json') }));
  await context.route(`${server.url}/bad.json`, (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(bad) }));
  await page.goto(`${server.url}/plain.html`);
  await page.waitForSelector(`${QUIZ}[data-state="ready"]`);
  assert.match(await page.locator(`${stepIn(QUIZ, 'c1-plain', 'v')} .quiz-hint`).textContent(), /^A plain number \(not the working\)/);
  const refused = await answer(page, QUIZ, 'c1-plain', 'v', '13 + 40');
  assert.equal(refused.verdict, 'unparseable');
  assert.match(refused.text, /^This question asks for the number itself, not the working: work out 13 \+ 40 and type the result\./);
  assert.equal((await answer(page, QUIZ, 'c1-plain', 'v', '53 GB')).verdict, 'correct');

  await page.goto(`${server.url}/bad.html`);
  await page.waitForSelector(`${QUIZ}[data-state="ready"]`);
  assert.match(await page.locator(`${QUIZ} [data-notice="questions"]`).textContent(),
    /c1-plain: steps\.v\.accept: must be "number"/);
  assert.deepEqual(rec.pageErrors, []);
  await context.close();
});

test('the KV-cache practice on the lesson page: the core\'s numbers, working typed in, explanation with them', async () => {
  const { loadQuizCore } = await import(pathToFileURL(path.join(REPO, 'web/core/quiz-core.js')).href);
  const quizCore = await loadQuizCore();
  const rec = await openPage();
  const { page } = rec;
  await page.waitForSelector(`${KV}[data-state="ready"]`);
  const seed = Number(await page.locator(KV).getAttribute('data-seed'));
  const kv = quizCore.makeKvPractice(seed);
  assert.ok(kv.ok);
  const v = kv.value.values;
  const prompt = await page.locator(`${KV} [data-question="kv1-size"] .quiz-prompt`).textContent();
  assert.ok(prompt.startsWith(`A model has ${v.layers} layers and ${v.kv_heads} KV heads of dimension ${v.head_dim}`), prompt);
  // Per token 2·L·H_kv·d_h·b_c bytes, typed as the working.
  const perToken = await answer(page, KV, 'kv1-size', 'per-token', `2 * ${v.layers} * ${v.kv_heads} * ${v.head_dim} * ${v.cache_bytes_per_value}`);
  assert.equal(perToken.verdict, 'correct');
  assert.match(perToken.text, new RegExp(`= ${v.kv_bytes_per_token} B\\.\\)$`));
  assert.equal((await answer(page, KV, 'kv1-size', 'per-token', `${v.layers} * ${v.kv_heads} * ${v.head_dim} * ${v.cache_bytes_per_value}`)).verdict, 'wrong');
  assert.equal((await answer(page, KV, 'kv1-size', 'cache', `${v.kv_bytes_per_token} * ${v.context_tokens} * ${v.batch} B`)).verdict, 'correct');
  assert.equal((await answer(page, KV, 'kv2-recompute', 'with-cache', `2 * ${v.layers} * ${v.kv_heads}`)).verdict, 'correct');
  assert.equal((await answer(page, KV, 'kv2-recompute', 'without-cache', `2 * ${v.layers} * ${v.kv_heads} * ${v.token_index}`)).verdict, 'correct');
  const p = v.prompt_tokens;
  const m = v.generated_tokens;
  assert.equal((await answer(page, KV, 'kv2-recompute', 'total-with', `${v.projections_per_token} * (${p} + ${m})`)).verdict, 'correct');
  assert.equal((await answer(page, KV, 'kv2-recompute', 'total-without', `${v.projections_per_token} * (${m} * ${p} + ${m} * (${m} + 1) / 2)`)).verdict, 'correct');
  assert.equal((await answer(page, KV, 'kv2-recompute', 'total-without', String(v.total_without_cache))).verdict, 'correct');
  await page.locator(`${KV} [data-question="kv2-recompute"] .quiz-explain-toggle`).click();
  const expl = await page.locator(`${KV} [data-question="kv2-recompute"] .quiz-explanation`).textContent();
  const grouped = (x) => new Intl.NumberFormat('en-US').format(x);
  assert.ok(expl.includes(`= ${grouped(v.total_without_cache)}`), expl);
  // Numbers of 1,000 and more are shown grouped (the seed is random: 1,920 projections happen).
  assert.ok(expl.includes(`${grouped(v.projections_per_token)} × (${grouped(p)} + ${grouped(m)}) = ${grouped(v.total_with_cache)}`), expl);
  // New numbers: another seed, the steps cleared.
  await page.locator(`${KV} [data-action="kv-practice"]`).click();
  assert.equal(await page.locator(`${stepIn(KV, 'kv1-size', 'per-token')} input`).inputValue(), '');
  assertQuiet(rec);
  await rec.context.close();
});

test('the KV-cache practice embeds as its own part', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 800, height: 900 } });
  const { page, context } = rec;
  await context.route(`${server.url}/kv.html`, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>kv</title>
<script src="/llm-budget-lab.js" defer></script></head><body><llm-budget-lab parts="kv-practice"></llm-budget-lab></body></html>` }));
  await page.goto(`${server.url}/kv.html`);
  await page.waitForSelector(`${KV}[data-state="ready"]`, { timeout: 15000 });
  const parts = await page.locator('llm-budget-lab').evaluate((el) => [...el.shadowRoot.querySelectorAll('[data-part]')].map((x) => x.dataset.part));
  assert.deepEqual(parts, ['kv-practice']);
  assert.equal(await page.locator(`${KV} [data-question]`).count(), 2);
  assert.equal((await answer(page, KV, 'kv1-size', 'per-token', '1/0')).verdict, 'unparseable');
  assert.deepEqual(rec.pageErrors, []);
  await context.close();
});

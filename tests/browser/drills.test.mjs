// Browser tests of the "find the mistake" drills in the knowledge check
// (content/questions.json's "drills" block): Debian chromium via playwright-core.
// The page shows one drill at a time ("Next drill" moves on, "New numbers" redraws
// it) at a seed it shows (data-seed); the expected numbers
// for that seed come from the same wasm core under node (quizCore.makeMistakeDrill,
// prepared as the page prepares them), never worked out here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, openSession, closeSession, assertQuiet, recordedPage } from './lib/harness.mjs';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';
import { presetSet } from '../../web/element/preset-set.js';
import { blockResolver } from '../../web/quiz/resolve.js';
import { prepareQuestion } from '../../web/quiz/prepare.js';

const QUESTIONS = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'));
const PRESETS = JSON.parse(readFileSync(path.join(REPO, 'content/presets.json'), 'utf8'));
const budget = await loadBudgetCore();
const quizCore = await loadQuizCore();
const presets = presetSet(PRESETS).forCore(budget);

const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const DRILLS = `${QUIZ} [data-drills]`;
const step = (q, s) => `${DRILLS} [data-question="${q}"] [data-step="${s}"]`;

/** The step each mistake is in, as the core declares it. */
const STEP_OF = Object.fromEntries(quizCore.DRILL_MISTAKES.map((m) => [m.name, m.step]));
/** The number the mistaken step shows, as a student would copy it (its unit added). */
const SHOWN = {
  moe_active_params: (v) => `${v.shown_weight_bytes} B`,
  head_dim_from_hidden: (v) => String(v.shown_head_dim),
  attention_heads_for_kv: (v) => `${v.shown_kv_bytes_per_token} B`,
  gib_as_gb: (v) => `${v.shown_total_gb} GB`,
  vram_summed: (v) => `${v.shown_available_gb} GB`,
};

/** Each drill of the built-in file at `seed`, prepared under node as the page prepares it. */
function expectedAt(seed) {
  return QUESTIONS.drills.questions.map((q) => {
    const made = blockResolver(budget, quizCore, { block: 'drills', seed, question: q, presets });
    const prepared = prepareQuestion(q, made.resolve, quizCore);
    assert.ok(prepared.ok);
    const settings = prepared.steps.get('corrected');
    return {
      q, prepared,
      right: `${settings.expected} ${settings.default_unit}`.trim(),
      wrong: SHOWN[q.mistake](quizCore.makeMistakeDrill(seed, q.mistake).value.values),
    };
  });
}

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

async function openDrills(viewport) {
  const rec = await recordedPage(browser, { viewport });
  await rec.page.goto(server.url);
  await rec.page.locator(QUIZ).scrollIntoViewIfNeeded();
  await rec.page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 20000 });
  await rec.page.waitForSelector(`${DRILLS}[data-seed]`);
  return rec;
}

async function seedOf(page) {
  return Number(await page.locator(DRILLS).getAttribute('data-seed'));
}

/** Presses "Next drill" until drill `id` is on screen; returns the seed it was drawn at. */
async function showDrill(page, id) {
  for (let i = 0; i < QUESTIONS.drills.questions.length; i += 1) {
    if (await page.locator(DRILLS).getAttribute('data-drill') === id) return seedOf(page);
    await page.locator(`${DRILLS} button[data-action="next-drill"]`).click(); // draws at once
  }
  throw new Error(`drill ${id} never came`);
}

/** The expected drill `id` at `seed`. */
const expectedDrill = (seed, id) => expectedAt(seed).find((e) => e.q.id === id);

async function feedback(page, q, s) {
  const fb = page.locator(`${step(q, s)} [data-feedback]`);
  return { verdict: await fb.getAttribute('data-verdict'), text: await fb.textContent() };
}

async function choose(page, q, id) {
  await page.locator(`${step(q, 'which-step')} input[data-choice="${id}"]`).check();
  await page.locator(`${step(q, 'which-step')} button.quiz-check`).click();
  return feedback(page, q, 'which-step');
}

async function type(page, q, text) {
  await page.locator(`${step(q, 'corrected')} input`).fill(text);
  await page.locator(`${step(q, 'corrected')} button.quiz-check`).click();
  return feedback(page, q, 'corrected');
}

test('the lesson shows the drills one at a time, each a six-step worked estimate with the core\'s numbers for its seed', async () => {
  const rec = await openDrills({ width: 1280, height: 900 });
  const { page } = rec;
  assert.equal(await page.locator(`${DRILLS} [data-question]`).count(), 1);
  assert.equal(await page.locator(`${DRILLS} h3.quiz-practice-title`).textContent(), 'Find the mistake');
  assert.equal(await page.locator(DRILLS).getAttribute('data-drill'), QUESTIONS.drills.questions[0].id);
  for (const question of QUESTIONS.drills.questions) {
    const seed = await showDrill(page, question.id);
    const { q, prepared } = expectedDrill(seed, question.id);
    const items = page.locator(`${DRILLS} [data-question="${q.id}"] ol[data-worked] li`);
    assert.equal(await items.count(), 6, q.id);
    // The mistaken step's line as the core's numbers fill it.
    const n = STEP_OF[q.mistake];
    const line = q.worked[n - 1].replace(/\{([a-z0-9_]+)\}/g, (m, name) => prepared.texts[name]);
    assert.equal(await items.nth(n - 1).textContent(), line, `${q.id} step ${n}`);
    assert.match(await page.locator(`${DRILLS} .quiz-seed`).textContent(), new RegExp(`^Drill \\d of 5, variant ${seed}\\.`));
  }
  assertQuiet(rec);
  await rec.context.close();
});

test('every drill type is graded right and wrong by the core: the step named, then the corrected number', async () => {
  const rec = await openDrills({ width: 1280, height: 900 });
  const { page } = rec;
  for (const question of QUESTIONS.drills.questions) {
    const seed = await showDrill(page, question.id);
    const { q, right, wrong } = expectedDrill(seed, question.id);
    const n = STEP_OF[q.mistake];
    const other = n === 4 ? 1 : 4;
    const no = await choose(page, q.id, `step-${other}`);
    assert.equal(no.verdict, 'wrong', `${q.id}: step ${other}`);
    assert.match(no.text, /^Not right\. Step /);
    const yes = await choose(page, q.id, `step-${n}`);
    assert.equal(yes.verdict, 'correct', `${q.id}: step ${n}`);
    assert.match(yes.text, new RegExp(`^Correct\\. Step ${n} `));
    // The number the calculator showed is wrong (right in GiB for the GiB drill, which the checker says).
    const copied = await type(page, q.id, wrong);
    assert.equal(copied.verdict, q.mistake === 'gib_as_gb' ? 'wrong_unit' : 'wrong', `${q.id}: ${wrong}`);
    const fixed = await type(page, q.id, right);
    assert.equal(fixed.verdict, 'correct', `${q.id}: ${right}: ${fixed.text}`);
    assert.doesNotMatch(fixed.text, /NaN|Infinity|undefined/);
  }
  assertQuiet(rec);
  await rec.context.close();
});

test('"New numbers" redraws the drill on screen at another seed, and "Next drill" wraps round', async () => {
  const rec = await openDrills({ width: 1280, height: 900 });
  const { page } = rec;
  const first = await seedOf(page);
  const id = await page.locator(DRILLS).getAttribute('data-drill');
  await page.locator(`${DRILLS} button[data-action="drill-numbers"]`).click(); // draws at once
  const second = await seedOf(page);
  assert.notEqual(second, first);
  assert.equal(await page.locator(DRILLS).getAttribute('data-drill'), id);
  const { q, prepared } = expectedDrill(second, id);
  const prompt = q.prompt.replace(/\{([a-z0-9_]+)\}/g, (m, name) => prepared.texts[name]);
  assert.equal(await page.locator(`${DRILLS} [data-question="${id}"] .quiz-prompt`).textContent(), prompt);
  for (let i = 0; i < QUESTIONS.drills.questions.length; i += 1) await page.locator(`${DRILLS} button[data-action="next-drill"]`).click();
  assert.equal(await page.locator(DRILLS).getAttribute('data-drill'), id, 'five presses come back to the first drill');
  await rec.context.close();
});

test('at 360 px a drill is answered with the keyboard only, and nothing scrolls sideways', async () => {
  const rec = await openDrills({ width: 360, height: 740 });
  const { page } = rec;
  const id = await page.locator(DRILLS).getAttribute('data-drill'); // the drill on screen when the page opens
  const { q, right } = expectedDrill(await seedOf(page), id);
  const n = STEP_OF[q.mistake];
  // Start on the first choice, as a reader tabbing to the drill does; from there only keys.
  await page.locator(`${step(q.id, 'which-step')} input[data-choice="step-1"]`).focus();
  await page.keyboard.press('Space');
  for (let i = 1; i < n; i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.equal((await feedback(page, q.id, 'which-step')).verdict, 'correct');
  await page.keyboard.press('Tab'); // the step's Check button
  await page.keyboard.press('Tab'); // the answer box
  assert.equal(await page.evaluate(() => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el && el.dataset.input;
  }), 'corrected');
  await page.keyboard.type(right);
  await page.keyboard.press('Enter');
  assert.equal((await feedback(page, q.id, 'corrected')).verdict, 'correct');
  // The long byte counts wrap inside the 360 px column.
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
  const overflow = await page.locator(`${DRILLS} [data-question="${q.id}"]`).evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(overflow <= 0, `drill overflows by ${overflow} px`);
  // On to the next drill with the keyboard too.
  const focused = () => page.evaluate(() => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el && el.dataset.action;
  });
  for (let i = 0; i < 8 && await focused() !== 'next-drill'; i += 1) await page.keyboard.press('Tab');
  assert.equal(await focused(), 'next-drill');
  await page.keyboard.press('Enter');
  assert.notEqual(await page.locator(DRILLS).getAttribute('data-drill'), id);
  assertQuiet(rec);
  await rec.context.close();
});

// The questions workbench on the instructors' page, served
// with the strict CSP. A pasted or chosen file is checked by the quiz's own
// validator (every problem listed with its question and field) and the quiz
// beside it shows the questions live; nothing is uploaded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, openSession, closeSession, recordedPage, assertQuiet } from './lib/harness.mjs';

const QUESTIONS = JSON.parse(readFileSync(path.join(REPO, 'content/questions.json'), 'utf8'));
const CUSTOM = {
  format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'wb-1',
  questions: [{ id: 'c1-weights', title: 'Custom: weights of a 70B model', prompt: 'A 70-billion-parameter model at 16 bits.',
    steps: [{ id: 'w', kind: 'numeric', prompt: 'Weight memory?', dimension: 'bytes', unit: 'GB',
      expected: { calc: 'plan', preset: 'lesson-gqa8-16', set: { total_params: 70e9, active_params: 0 }, field: 'weight_bytes' },
      tolerance: { relative: 0.01, absolute: 0 } }],
    explanation: ['70 × 10⁹ × 2 bytes = 140 GB.'] }],
};

let browser;
let server;
before(async () => { ({ browser, server } = await openSession({ csp: true })); });
after(() => closeSession({ browser, server }));

const status = (page) => page.locator('#wb-status').textContent();
const QUIZ = '#wb-lab [data-part="quiz"]';

async function paste(page, text) {
  await page.locator('#wb-source').fill(text);
  await page.waitForFunction((t) => document.getElementById('wb-source').value === t &&
    !['checking', undefined].includes(document.getElementById('wb-status').dataset.result), text);
}

test('workbench: paste or choose a questions file, see every problem and the quiz live; nothing uploaded', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1300, height: 900 } });
  const { page } = rec;
  await page.goto(`${server.url}instructors.html`);
  await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });
  assert.equal(await status(page), 'Nothing to check yet: choose a file or paste a questions file’s JSON.');

  await page.locator('#wb-built-in').click();
  await page.waitForFunction(() => document.getElementById('wb-status').dataset.result === 'ok');
  assert.equal(await status(page), `No problems: ${QUESTIONS.questions.length} questions, shown in the quiz beside. Nothing was uploaded.`);

  await paste(page, JSON.stringify(CUSTOM));
  await page.waitForSelector('#wb-lab [data-question="c1-weights"]');
  assert.equal(await status(page), 'No problems: 1 question, shown in the quiz beside. Nothing was uploaded.');
  // The preview grades with the core: 70e9 × 2 bytes = 140 GB.
  await page.locator('#wb-lab [data-step="w"] input').fill('140 GB');
  await page.locator('#wb-lab [data-step="w"] button.quiz-check').click();
  assert.equal(await page.locator('#wb-lab [data-step="w"] [data-feedback]').getAttribute('data-verdict'), 'correct');

  // Two problems: both listed with question and field; the preview keeps the last good file.
  const broken = JSON.parse(JSON.stringify(CUSTOM));
  broken.questions[0].steps[0].dimension = 'furlongs';
  broken.questions[0].steps[0].expected.preset = 'no-such-preset';
  await paste(page, JSON.stringify(broken));
  await page.waitForFunction(() => document.getElementById('wb-status').dataset.result === 'problems');
  assert.equal(await status(page), '2 problems found; the quiz beside still shows the last version without problems.');
  const rows = await page.locator('#wb-problems tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.deepEqual(rows, [
    ['c1-weights', 'steps.w.dimension', 'must be one of none, bytes, tokens_per_pass, tokens_per_s, seconds (got "furlongs")'],
    ['c1-weights', 'steps.w.expected.preset', 'is not a configuration id in presets.json (got "no-such-preset")'],
  ]);
  assert.equal(await page.locator('#wb-lab [data-question="c1-weights"]').count(), 1);

  await paste(page, '{"format": ');
  // Where it stops, in our words, never the browser's message: the text ends after its 11th character.
  assert.equal(await status(page), 'This is not valid JSON (the first error is at line 1, column 12).');
  assert.equal(await page.locator('#wb-problems').isHidden(), true);

  // A chosen file goes through the same checks.
  const other = { ...CUSTOM, version: 'wb-2' };
  other.questions = [{ ...CUSTOM.questions[0], title: 'From a file' }];
  await page.locator('#wb-file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(other)) });
  await page.waitForFunction(() => document.querySelector('#wb-lab').shadowRoot.querySelector('[data-question="c1-weights"] h3')?.textContent === 'From a file');
  assert.equal(await page.locator('#wb-source').inputValue(), JSON.stringify(other));

  // Nothing left the page: every request went to the page's own server, none of them a POST.
  assert.ok(rec.requests.every((u) => u.startsWith(server.url)), rec.requests.join('\n'));
  assertQuiet(rec); // includes no CSP violation reports in the console
  await rec.context.close();
});

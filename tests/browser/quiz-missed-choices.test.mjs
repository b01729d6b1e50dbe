// The notes under a checked multi-select step (web/quiz/feedback.js) for the right options the
// student left out, in English and German: beside a selected option that applies, a missed one
// "applies too" ("trifft ebenfalls zu"); when no selected option applies it "applies"
// ("trifft zu"), since there is nothing for "too" to add to; with nothing selected the core asks
// for a selection and no option is named.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, recordedPage } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const QUIZ = 'llm-budget-lab [data-part="quiz"]';
const STEP = `${QUIZ} [data-question="c1-levers"] [data-step="levers"]`;

// Two right options (the 4-bit weights and the 8-bit cache both shrink memory) and one wrong.
const DOC = {
  format: 'llm-budget-lab-questions', lesson: 'LM10-T6', version: 'missed-1',
  questions: [{
    id: 'c1-levers', title: 'Memory levers', prompt: 'A model does not fit on its GPU.',
    steps: [{
      id: 'levers', kind: 'choice', multiple: true, prompt: 'Which of these shrink its memory?',
      choices: [
        { id: 'weights', text: '4-bit weights', correct: true, feedback: 'a quarter of the 16-bit weight bytes.' },
        { id: 'cache', text: '8-bit cache', correct: true, feedback: 'half of the 16-bit cache bytes.' },
        { id: 'batching', text: 'Batching', correct: false, feedback: 'more requests hold more cache, not less.' },
      ],
    }],
    explanation: ['4-bit weights and an 8-bit cache both store fewer bytes.'],
  }],
};

/** Ticks exactly `ids`, presses Check, and returns the verdict, the lead and the notes. */
async function choose(page, ids) {
  const boxes = page.locator(`${STEP} input[data-choice]`);
  for (let i = 0; i < await boxes.count(); i += 1) {
    const box = boxes.nth(i);
    if (ids.includes(await box.getAttribute('data-choice'))) await box.check(); else await box.uncheck();
  }
  await page.locator(`${STEP} button.quiz-check`).click();
  const fb = page.locator(`${STEP} [data-feedback]`);
  return {
    verdict: await fb.getAttribute('data-verdict'),
    lead: await fb.locator('p').first().textContent(),
    notes: await fb.locator('li').allTextContents(),
  };
}

const CASES = {
  en: {
    none: 'No option selected: select every option that applies.',
    wrongOnly: ['“4-bit weights” applies: a quarter of the 16-bit weight bytes.',
      '“8-bit cache” applies: half of the 16-bit cache bytes.',
      '“Batching” does not apply: more requests hold more cache, not less.'],
    oneRight: ['“8-bit cache” applies too: half of the 16-bit cache bytes.'],
  },
  de: {
    none: 'Keine Option gewählt: Wählen Sie jede Option, die zutrifft.',
    wrongOnly: ['„4-bit weights“ trifft zu: a quarter of the 16-bit weight bytes.',
      '„8-bit cache“ trifft zu: half of the 16-bit cache bytes.',
      '„Batching“ trifft nicht zu: more requests hold more cache, not less.'],
    oneRight: ['„8-bit cache“ trifft ebenfalls zu: half of the 16-bit cache bytes.'],
  },
};

for (const [lang, said] of Object.entries(CASES)) {
  test(`${lang}: a missed right option "applies too" only beside a selected one that applies`, async () => {
    const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
    const { page, context } = rec;
    const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>q</title>
<script src="/llm-budget-lab.js" defer></script></head><body><llm-budget-lab parts="quiz" questions="missed.json"></llm-budget-lab></body></html>`;
    await context.route(`${server.url}/missed.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
    await context.route(`${server.url}/missed.json`, (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(DOC) }));
    await page.goto(`${server.url}/missed.html`);
    await page.waitForSelector(`${QUIZ}[data-state="ready"]`, { timeout: 15000 });

    // Nothing selected: the core asks for a selection; no option is named, so no answer is given away.
    const none = await choose(page, []);
    assert.equal(none.verdict, 'wrong');
    assert.equal(none.lead, said.none);
    assert.deepEqual(none.notes, []);
    // Only the wrong option: both right ones "apply", with no "too".
    const wrongOnly = await choose(page, ['batching']);
    assert.equal(wrongOnly.verdict, 'wrong');
    assert.deepEqual(wrongOnly.notes, said.wrongOnly);
    // One right option of two: the other "applies too".
    const oneRight = await choose(page, ['weights']);
    assert.equal(oneRight.verdict, 'partly');
    assert.deepEqual(oneRight.notes, said.oneRight);
    assert.deepEqual(rec.pageErrors, []);
    await context.close();
  });
}

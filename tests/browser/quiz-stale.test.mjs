// The knowledge check after a student changes a checked answer: the feedback
// still shown is marked as about the previous answer until they check again,
// and a typed answer the checker cannot read is marked invalid for assistive
// technology (aria-invalid), on the English and the German page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, openReady } from './lib/harness.mjs';

const QUIZ = 'llm-budget-lab[parts="quiz"]';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

const PAGES = [
  { rel: 'index.html', lead: 'About your previous answer:' },
  { rel: 'index.de.html', lead: 'Zu Ihrer vorigen Antwort:' },
];

for (const p of PAGES) {
  test(`${p.rel}: feedback on a changed answer is marked as about the previous one; unreadable text is aria-invalid`, async () => {
    const rec = await openReady(browser, new URL(p.rel, server.url).href);
    const { page } = rec;
    // Question 1, total memory: 13 GB of weights + 40 GB of KV cache = 53 GB (the lesson's).
    const step = page.locator(`${QUIZ} [data-question="q1-fit"] [data-step="total"]`);
    const box = step.locator('input[type="text"]');
    const feedback = step.locator('[data-feedback]');
    await box.fill('40');
    await step.locator('button.quiz-check').click();
    assert.equal(await feedback.getAttribute('data-verdict'), 'wrong');
    assert.equal(await feedback.getAttribute('data-stale'), null);
    const wrongText = await feedback.textContent();
    // Typed again without checking: the feedback is about "40", and says so.
    await box.fill('53');
    assert.equal(await feedback.getAttribute('data-stale'), '');
    assert.equal(await feedback.textContent(), `${p.lead} ${wrongText}`);
    // Back to the checked answer: nothing stale.
    await box.fill('40');
    assert.equal(await feedback.getAttribute('data-stale'), null);
    assert.equal(await feedback.textContent(), wrongText);
    // Checked: the new verdict, nothing stale.
    await box.fill('53');
    await step.locator('button.quiz-check').click();
    assert.equal(await feedback.getAttribute('data-verdict'), 'correct');
    assert.equal(await feedback.getAttribute('data-stale'), null);
    assert.equal(await box.getAttribute('aria-invalid'), null);
    // Text with no number in it: unparseable, and the box says so to a screen reader.
    await box.fill('abc');
    await step.locator('button.quiz-check').click();
    assert.equal(await feedback.getAttribute('data-verdict'), 'unparseable');
    assert.equal(await box.getAttribute('aria-invalid'), 'true');
    await box.fill('53 GB');
    await step.locator('button.quiz-check').click();
    assert.equal(await box.getAttribute('aria-invalid'), null);
    assertQuiet(rec);
    await rec.context.close();
  });
}

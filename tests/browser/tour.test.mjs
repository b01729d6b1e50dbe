// The guided tours (content/tours.json) on the lesson page: the decision
// procedure taken end to end with the keyboard only at 1280 x 800 and with
// touch on a 360 x 740 phone; each step sets the calculator (its value read
// back from the page), outlines its target and keeps its step in the link;
// a prediction graded right and wrong by the core; the step survives a
// reload; a hostile link is refused in words; axe finds no violation with the
// panel open; the tour's script loads only when a tour starts. Screenshots
// of three steps go to test-output/tour-*.png. Also the linked terms.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { openSession, closeSession, recordedPage, waitRedrawn, REPO, OUT } from './lib/harness.mjs';

/**
 * No page error and no console error or warning, except chromium's note that a
 * part script preloaded by an element coming near was not run within seconds:
 * the tour scrolls past elements faster than a reader does.
 */
function assertQuiet(rec) {
  assert.deepEqual(rec.pageErrors, [], 'no page errors');
  assert.deepEqual(rec.consoleMessages.filter((m) => (m.type === 'error' || m.type === 'warning')
    && !/was preloaded using link preload but not used/.test(m.text)), [], 'no console errors or warnings');
}

const TOURS = JSON.parse(readFileSync(path.join(REPO, 'content/tours.json'), 'utf8')).tours;
const DECISION = TOURS.find((t) => t.id === 'decision');

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(async () => { await closeSession({ browser, server }); });

/**
 * The calculator's results text for a data-out key, read from its shadow root
 * once every element has drawn the state (one far from the view draws later).
 */
const out = async (page, key) => (await waitRedrawn(page)) || page.evaluate((k) => {
  const el = [...document.querySelectorAll('llm-budget-lab')].find((e) => e.getAttribute('parts') === 'calculator');
  const node = el && el.shadowRoot && el.shadowRoot.querySelector(`.results [data-out="${k}"]`);
  return node ? node.textContent : null;
}, key);

/** What the tour has marked: { part, field } of the node with data-view-mark~=tour. */
const marked = (page) => page.evaluate(() => {
  for (const el of document.querySelectorAll('llm-budget-lab')) {
    const node = el.shadowRoot && el.shadowRoot.querySelector('[data-view-mark~="tour"]');
    if (node) {
      const r = node.getBoundingClientRect();
      const panel = document.querySelector('[data-tour-panel]').getBoundingClientRect();
      return { parts: el.getAttribute('parts'), field: node.getAttribute('data-result'), section: node.tagName === 'SECTION',
        rects: JSON.stringify([r.top, r.bottom, panel.top, panel.bottom, scrollY]), inView: r.bottom > 0 && r.top < window.innerHeight, underPanel: r.bottom > panel.top && r.top < panel.bottom && r.right > panel.left && r.left < panel.right };
    }
  }
  return null;
});

async function waitStep(page, segment) {
  await page.waitForFunction((s) => document.documentElement.dataset.tourStep === s, segment, { timeout: 20000 });
  // The tour places its target again on the next two frames (parts drawing nearby may move the page).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))));
}

async function openPage(viewport, hash = '', options = {}) {
  const rec = await recordedPage(browser, { viewport, ...options });
  await rec.page.goto(`${server.url}index.html${hash}`);
  await rec.page.waitForFunction(() => document.documentElement.dataset.labViewReady === 'true', null, { timeout: 15000 });
  return rec;
}

/** Checks what every step of the decision tour must show once it is on screen. */
async function checkStep(page, i) {
  const step = DECISION.steps[i];
  await waitStep(page, `decision/${i + 1}`);
  assert.match(page.url(), new RegExp(`#tour=decision/${i + 1}(&lab:|$)`), `step ${i + 1} in the link`);
  assert.equal(await page.locator('[data-tour-panel] .tour-title').textContent(), step.title);
  const m = await marked(page);
  assert.ok(m, `step ${i + 1}: something is outlined`);
  assert.ok(m.parts.split(' ').includes(step.target.part), `step ${i + 1}: outlined in ${step.target.part} (got ${m.parts})`);
  if (step.target.field) assert.ok((m.field || '').split(' ').includes(step.target.field), `step ${i + 1}: the ${step.target.field} number is outlined (got ${m.field})`);
  assert.ok(m.inView, `step ${i + 1}: the target is scrolled into view`);
  if (step.target.field) assert.ok(!m.underPanel, `step ${i + 1}: the panel does not cover the outlined number (${m.rects})`);
  const live = await page.locator('[data-tour-live]').textContent();
  assert.ok(live.startsWith(`Step ${i + 1} of ${DECISION.steps.length}: ${step.title}.`), `step ${i + 1} announced: ${live}`);
}

test('the tour script is not loaded until a tour starts', async () => {
  const rec = await openPage({ width: 1280, height: 800 });
  assert.ok(!rec.requests.some((u) => u.endsWith('llm-budget-lab-tour.js')), 'no tour script on a plain visit');
  assert.equal(await rec.page.locator('[data-tour-panel]').count(), 0, 'no panel unless started');
  await rec.page.locator('button[data-tour-start="decision"]').click();
  await waitStep(rec.page, 'decision/1');
  assert.ok(rec.requests.some((u) => u.endsWith('llm-budget-lab-tour.js')), 'the tour script once started');
  assertQuiet(rec);
  await rec.context.close();
});

test('a step taken while the calculator is far away outlines its number, drawn for the new state; a finished tour offers no resume', async () => {
  const rec = await openPage({ width: 1280, height: 800 }, '#tour=decision/2');
  const { page } = rec;
  await checkStep(page, 1);
  // Far from the calculator, it redraws only when it comes near or the state rests.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.locator('[data-tour-action="next"]').click();
  // checkStep asserts that the step's own row (total memory) is outlined, not the whole calculator.
  await checkStep(page, 2);
  assert.equal((await marked(page)).section, false);
  for (let i = 3; i < DECISION.steps.length; i += 1) {
    await page.locator('[data-tour-action="next"]').click();
    await checkStep(page, i);
  }
  await page.locator('[data-tour-action="next"]').click(); // Finish
  await page.waitForFunction(() => !document.querySelector('[data-tour-panel]'));
  assert.equal(await page.locator('[data-tour-resume]').count(), 0, 'nothing to resume after finishing');
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.labViewReady === 'true', null, { timeout: 15000 });
  assert.equal(await page.locator('[data-tour-resume]').count(), 0, 'nor after a reload');
  assertQuiet(rec);
  await rec.context.close();
});

test('decision tour end to end with the keyboard only at 1280 x 800; predictions graded by the core; axe clean', async () => {
  const rec = await openPage({ width: 1280, height: 800 });
  const { page } = rec;
  // Tab to the start button, Enter.
  const start = page.locator('button[data-tour-start="decision"]');
  for (let i = 0; i < 40 && !(await start.evaluate((b) => b === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  assert.ok(await start.evaluate((b) => b === document.activeElement), 'the start button is reachable by Tab');
  await page.keyboard.press('Enter');
  await checkStep(page, 0);
  assert.ok(await page.locator('[data-tour-panel] .tour-title').evaluate((t) => t === document.activeElement), 'focus moves to the step title');
  // Step 1 set the scenario preset: 32 requests, two targets; read back from the calculator.
  assert.match(await out(page, 'per_request_target'), /^at least 20(\.0)? tokens\/s per request/);
  assert.match(await out(page, 'ttft_target'), /^at most 1(\.0+)? s|^at most 1,000(\.0)? ms/);
  await page.screenshot({ path: path.join(OUT, 'tour-decision-1-desktop.png') });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).setLegacyMode(true).analyze();
  assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' > ')).join(' | ')}`), [], 'axe with the tour open');

  // Tab to Next, Enter: step 2, the baseline; step 3 asks for a prediction before its reveal.
  const focusOn = async (selector) => {
    const target = page.locator(selector);
    const here = () => target.evaluate((b) => b === document.activeElement);
    for (let i = 0; i < 4 && !(await here()); i += 1) await page.keyboard.press('Tab');
    for (let i = 0; i < 20 && !(await here()); i += 1) await page.keyboard.press('Shift+Tab');
    assert.ok(await target.evaluate((b) => b === document.activeElement), `${selector} reachable by Tab`);
  };
  // A radio group takes one Tab stop; the arrow keys move (and check) within it.
  const chooseRadio = async (value) => {
    const inGroup = () => page.evaluate(() => document.activeElement && document.activeElement.type === 'radio');
    for (let i = 0; i < 4 && !(await inGroup()); i += 1) await page.keyboard.press('Tab');
    for (let i = 0; i < 20 && !(await inGroup()); i += 1) await page.keyboard.press('Shift+Tab');
    assert.ok(await inGroup(), 'the choices are reachable by Tab');
    await page.keyboard.press('Space');
    for (let i = 0; i < 6; i += 1) {
      if (await page.evaluate((v) => document.activeElement.value === v && document.activeElement.checked, value)) return;
      await page.keyboard.press('ArrowDown');
    }
    assert.fail(`choice ${value} not reached with the arrow keys`);
  };
  /** Presses a panel button reached by Tab (`action`: its data-tour-action). */
  const press = async (action) => {
    await focusOn(`[data-tour-action="${action}"]`);
    await page.keyboard.press('Enter');
  };
  /** Picks `value` with the keyboard and checks it; resolves to the core's verdict. */
  const predict = async (value) => {
    await chooseRadio(value);
    await press('check');
    return page.locator('[data-tour-feedback]').getAttribute('data-verdict');
  };
  await press('next');
  await checkStep(page, 1);
  assert.match(await out(page, 'verdict'), /not fit/i, 'the baseline does not fit (the calculator says so)');
  await page.screenshot({ path: path.join(OUT, 'tour-decision-2-desktop.png') });

  // Step 3: predict first (still one GPU on screen), wrong ("Yes, it fits") then right, with the
  // keyboard; focus is on the step's title, so Tab reaches the choices before the buttons.
  await press('next');
  await checkStep(page, 2);
  assert.ok(await page.locator('[data-tour-panel] .tour-title').evaluate((t) => t === document.activeElement), 'Next moves focus to the title');
  assert.ok(!/on each of 2 GPUs/.test(String(await out(page, 'per_gpu_bytes'))), 'before the reveal: one GPU');
  const fb = page.locator('[data-tour-feedback]');
  assert.equal(await predict('yes'), 'wrong', 'Yes is graded wrong by the core (92.0 GB per GPU of 85.5 GB)');
  assert.match(await fb.textContent(), /^Not right\. Compare the memory per GPU/);
  assert.equal(await predict('no'), 'correct', 'No is graded right');
  assert.match(await fb.textContent(), /^Correct\./);
  // The reveal split it over two GPUs (the calculator's per-GPU memory says so).
  assert.match(await out(page, 'per_gpu_bytes'), /on each of 2 GPUs/);
  // Step 4: its prediction's reveal sets 8-bit weights, and then it fits.
  await press('next');
  await checkStep(page, 3);
  assert.match(await out(page, 'verdict'), /not fit/i, 'before the reveal, still 16-bit');
  assert.equal(await predict('yes'), 'correct');
  assert.doesNotMatch(await out(page, 'verdict'), /not fit/i, 'the reveal made the change: it fits with 8-bit weights');
  // Step 5: the traffic part, then Finish.
  await press('next');
  await checkStep(page, 4);
  assert.equal(await page.locator('[data-tour-action="next"]').textContent(), 'Finish');
  await page.screenshot({ path: path.join(OUT, 'tour-decision-5-desktop.png') });
  // Back goes to step 4; Escape leaves, focus back on the start button, step gone from the link.
  await press('back');
  await checkStep(page, 3);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-tour-panel]'));
  assert.doesNotMatch(page.url(), /#tour=/, 'leaving takes the step out of the link');
  assert.ok(await start.evaluate((b) => b === document.activeElement), 'focus returns to the start button');
  // Resume offers the step left.
  assert.equal(await page.locator('[data-tour-resume]').textContent(), 'Resume the tour at step 4 of “The decision procedure”');
  // Resume brings back step 4 with its state (two GPUs, 16-bit: it does not fit yet).
  await page.locator('[data-tour-resume] button').click();
  await checkStep(page, 3);
  assert.match(await out(page, 'per_gpu_bytes'), /on each of 2 GPUs/);
  await page.keyboard.press('Escape');
  assertQuiet(rec);
  await rec.context.close();
});

test('decision tour with touch on a 360 x 740 phone; the step survives a reload', async () => {
  const rec = await openPage({ width: 360, height: 740 }, '', { hasTouch: true, isMobile: true });
  const { page } = rec;
  await page.locator('button[data-tour-start="decision"]').tap();
  await checkStep(page, 0);
  const box = await page.locator('[data-tour-panel]').boundingBox();
  assert.ok(Math.abs(box.y + box.height - 740) <= 1 && box.width >= 358, `the panel is fixed across the bottom (${JSON.stringify(box)})`);
  for (let i = 1; i < DECISION.steps.length; i += 1) {
    await page.locator('[data-tour-action="next"]').tap();
    await checkStep(page, i);
    if (i === 2) {
      await page.locator('[data-tour-predict] input[value="no"]').tap();
      await page.locator('[data-tour-action="check"]').tap();
      assert.equal(await page.locator('[data-tour-feedback]').getAttribute('data-verdict'), 'correct');
      await page.screenshot({ path: path.join(OUT, 'tour-decision-3-predicted-phone.png') });
      // With the feedback shown the panel scrolls inside; its buttons stay on the screen.
      const nextBox = await page.locator('[data-tour-action="next"]').boundingBox();
      assert.ok(nextBox.y + nextBox.height <= 740, `Next is on the screen (${JSON.stringify(nextBox)})`);
    }
  }
  // Reload at step 3 through the link: the step and its state come back.
  await page.locator('[data-tour-action="back"]').tap();
  await checkStep(page, 3);
  await page.locator('[data-tour-action="back"]').tap();
  await checkStep(page, 2);
  const stepStateBack = async (how) => {
    await checkStep(page, 2);
    // Step 3's state is the 70B at 16 bits on one GPU (its reveal splits it): 184.1 GB in all.
    assert.match(await out(page, 'total_bytes'), /^184\.1 GB/, `the calculator is back at the step’s state (${how})`);
    // All of it on the one GPU (step 4's two GPUs, were their settings left in the link, hold 92.0 GB each).
    assert.match(await out(page, 'per_gpu_bytes'), /^184\.1 GB/, `one GPU, as the step sets it (${how})`);
  };
  // A reload at once, before the calculator may have written its settings to the link: the
  // step has dropped the previous state's settings from it, so its own state comes back.
  await page.reload();
  await stepStateBack('reloaded at once');
  // Once the calculator has written the step's settings, through them.
  await page.waitForFunction(() => /&lab:/.test(location.hash), null, { timeout: 5000 });
  await page.reload();
  await stepStateBack('reloaded with the calculator’s settings in the link');
  await page.screenshot({ path: path.join(OUT, 'tour-decision-3-phone.png') });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).setLegacyMode(true).analyze();
  assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' > ')).join(' | ')}`), [], 'axe on the phone with the tour open');
  await page.locator('[data-tour-action="leave"]').tap();
  await page.waitForFunction(() => !document.querySelector('[data-tour-panel]'));
  assertQuiet(rec);
  await rec.context.close();
});

test('a hostile or unknown tour link is refused in words, and the page keeps working', async () => {
  for (const [hash, expected] of [
    ['#tour=%3Cimg%20src=x%20onerror=alert(1)%3E/1', /is not of the form tour=NAME\/NUMBER/],
    ['#tour=nosuch/1', /names the tour “nosuch”, which this page does not have/],
    ['#tour=decision/99', /has no step “99” \(it has steps 1 to 5\)/],
    ['#tour=%E0%A4%A', /is not readable text/],
    [`#tour=${'a'.repeat(500)}`, /too long/],
  ]) {
    const rec = await openPage({ width: 1280, height: 800 }, hash);
    const status = rec.page.locator('[data-tour-status]');
    await rec.page.waitForFunction(() => document.querySelector('[data-tour-status]').textContent.includes('no tour was started'), null, { timeout: 15000 });
    assert.match(await status.textContent(), expected, hash);
    assert.equal(await rec.page.locator('[data-tour-panel]').count(), 0);
    assert.equal(await rec.page.locator('img[src="x"]').count(), 0, 'nothing from the link is inserted as markup');
    assert.deepEqual(rec.pageErrors, []);
    await rec.context.close();
  }
  // A tour link with the calculator's settings after it: both are read.
  const rec = await openPage({ width: 1280, height: 800 }, '#tour=four-costs/2&lab:batch=4');
  await waitStep(rec.page, 'four-costs/2');
  await rec.page.waitForFunction(() => document.querySelector('[data-tour-live]').textContent !== '');
  assert.match(await out(rec.page, 'per_request_tokens_per_s'), /tokens\/s/);
  // The step's state (the lesson's GQA-8 7B, 8,192 tokens) with the link's batch over it:
  // 4 requests x 8,192 tokens x 32 layers x 8 KV heads x 128 x 2 (K and V) x 2 B = 4.29e9 B.
  assert.match(await out(rec.page, 'kv_cache_bytes'), /^4\.3 GB/);
  assert.match(rec.page.url(), /#tour=four-costs\/2&lab:/);
  await rec.context.close();
});

test('blocked storage: the tour runs without resume', async () => {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 800 } });
  await rec.page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });
  });
  await rec.page.goto(`${server.url}index.html`);
  await rec.page.locator('button[data-tour-start="four-costs"]').click();
  await waitStep(rec.page, 'four-costs/1');
  // A numeric prediction: 8-bit weights of the 7B model are 7 GB (7e9 parameters x 1 byte).
  await rec.page.locator('[data-tour-answer]').fill('7 GB');
  await rec.page.locator('[data-tour-action="check"]').click();
  assert.equal(await rec.page.locator('[data-tour-feedback]').getAttribute('data-verdict'), 'correct');
  await rec.page.locator('[data-tour-answer]').fill('14 GB');
  await rec.page.locator('[data-tour-action="check"]').click();
  assert.equal(await rec.page.locator('[data-tour-feedback]').getAttribute('data-verdict'), 'wrong', '14 GB is the 16-bit figure');
  assert.match(await out(rec.page, 'weight_bytes'), /^7(\.0+)? GB/, 'the reveal set 8-bit weights: 7 GB in the calculator');
  await rec.page.keyboard.press('Escape');
  assert.equal(await rec.page.locator('[data-tour-resume]').count(), 0, 'no resume without storage');
  assert.deepEqual(rec.pageErrors, []);
  await rec.context.close();
});

test('a linked term outlines its number on focus and says its value', async () => {
  const rec = await openPage({ width: 1280, height: 800 });
  const { page } = rec;
  const term = page.locator('.lab-term[data-term="calculator.kv_cache_bytes"]').first();
  await term.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('llm-budget-lab')].find((e) => e.getAttribute('parts') === 'calculator').hasAttribute('ready'), null, { timeout: 15000 });
  // The page hides the tip on any scroll: wait until the scroll position holds for a frame (the
  // takeover above can move it by scroll anchoring), so a late scroll event cannot hide the tip
  // this test opens.
  await page.evaluate(() => new Promise((resolve) => {
    let last = null;
    const frame = () => { if (scrollY === last) resolve(); else { last = scrollY; requestAnimationFrame(frame); } };
    requestAnimationFrame(frame);
  }));
  await term.focus();
  const tip = page.locator('#lab-term-tip');
  assert.ok(await tip.isVisible());
  assert.match(await tip.textContent(), /^In the calculator now: KV cache, [\d.,]+ GB/);
  const markedField = await page.evaluate(() => {
    const el = [...document.querySelectorAll('llm-budget-lab')].find((e) => e.getAttribute('parts') === 'calculator');
    const n = el.shadowRoot.querySelector('[data-view-mark~="term"]');
    return n && n.getAttribute('data-result');
  });
  assert.ok((markedField || '').split(' ').includes('kv_cache_bytes'));
  assert.equal(await term.getAttribute('tabindex'), '0');
  await term.blur();
  assert.ok(!(await tip.isVisible()));
  await rec.context.close();
});

test('the four costs tour: each step outlines its number and each prediction is graded from the core', async () => {
  const rec = await openPage({ width: 1280, height: 800 });
  const { page } = rec;
  const tour = TOURS.find((t) => t.id === 'four-costs');
  await page.locator('button[data-tour-start="four-costs"]').click();
  // The right answers, worked by hand for the lesson's 7B model: 8-bit weights are 7e9 x 1 B = 7 GB;
  // the KV cache holds every token, so twice the context is twice the cache (17.18 GB -> 34.36 GB);
  // a second request adds its cache to every step's reads, so each request slows (B = 1 -> 2);
  // prefill's arithmetic grows with the prompt, so half the prompt gives an earlier first token.
  const answers = { weights: '7 GB', cache: 'up', bandwidth: 'down', arithmetic: 'down' };
  for (const [i, step] of tour.steps.entries()) {
    await waitStep(page, `four-costs/${i + 1}`);
    const m = await marked(page);
    assert.ok(m && (m.field || '').split(' ').includes(step.target.field), `${step.id}: ${step.target.field} outlined (got ${m && m.field})`);
    assert.ok(!m.underPanel, `${step.id}: not under the panel (${m.rects})`);
    if (step.predict.kind === 'numeric') await page.locator('[data-tour-answer]').fill(answers[step.id]);
    else await page.locator(`[data-tour-predict] input[value="${answers[step.id]}"]`).check();
    await page.locator('[data-tour-action="check"]').click();
    assert.equal(await page.locator('[data-tour-feedback]').getAttribute('data-verdict'), 'correct', step.id);
    if (step.id === 'cache') assert.match(await out(page, 'kv_cache_bytes'), /^34\.4 GB/, 'the reveal doubled the context: 34.36 GB of cache');
    if (i < tour.steps.length - 1) await page.locator('[data-tour-action="next"]').click();
  }
  await page.locator('[data-tour-action="next"]').click();
  await page.waitForFunction(() => !document.querySelector('[data-tour-panel]'));
  // Finishing gives back the state the page had before the tour (tour-own-settings.test.mjs).
  assert.equal(await page.locator('[data-tour-status]').textContent(),
    'You finished the tour “The four costs”, and the calculator is back at your own settings.');
  assertQuiet(rec);
  await rec.context.close();
});

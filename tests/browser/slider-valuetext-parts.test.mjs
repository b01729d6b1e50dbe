// What a screen reader hears for the sliders outside the calculator, in Debian
// chromium: each slider's aria-valuetext is the value in use as its box shows
// it, with the page's digit grouping and decimal mark and the unit in the
// page's words, singular for one ("1 request/s", "1 Anfrage/s"), after real
// keyboard moves and typed values. The traffic part's log sliders run on a
// hidden 0-1000 position scale: the position (333 for 1 request/s) is never
// what is read. Parts: traffic, speculative, decision (its speculative
// levers) and measured, each embedded alone, English and German.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, assertQuiet, recordedPage, waitReady } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(() => closeSession({ browser, server }));

async function openEmbed(parts, lang) {
  const rec = await recordedPage(browser, { viewport: { width: 1280, height: 900 } });
  await rec.page.goto(`${server.url}embed.html?parts=${parts}${lang === 'de' ? '&lang=de' : ''}`);
  await waitReady(rec.page);
  return rec;
}

/** Moves a slider with one key press (or several), as a keyboard user does. */
async function press(range, key, times = 1) {
  await range.focus();
  for (let i = 0; i < times; i += 1) await range.press(key);
}

const said = (range) => range.getAttribute('aria-valuetext');

// The traffic part's fields (the core's traffic declaration): the request rate's log slider spans
// 0.1 to 100 requests/s (a thousandth of its typical top), the concurrency's 1 to 512 clients, the
// input tokens' 16 to 131,072; the TTFT target (ms) runs 0 to 10,000 ms, 0 = no target.
const TRAFFIC = {
  en: {
    rate1: '1 request/s', rateMin: '0.1 requests/s', rateMax: '100 requests/s', rateTyped: ['2.5', '2.5 requests/s'],
    clients16: '16 clients', clientsMax: '512 clients', clientsMin: '1 client',
    input1024: '1,024 tokens per request', inputMin: '16 tokens per request', output1: '1 token per request',
    ttft0: '0 (no target)', ttftMax: '10,000 ms', ttftLess: '9,999 ms', speedMax: '200 tokens/s',
  },
  de: {
    rate1: '1 Anfrage/s', rateMin: '0,1 Anfragen/s', rateMax: '100 Anfragen/s', rateTyped: ['2,5', '2,5 Anfragen/s'],
    clients16: '16 Clients', clientsMax: '512 Clients', clientsMin: '1 Client',
    input1024: '1.024 Token pro Anfrage', inputMin: '16 Token pro Anfrage', output1: '1 Token pro Anfrage',
    ttft0: '0 (kein Ziel)', ttftMax: '10.000 ms', ttftLess: '9.999 ms', speedMax: '200 Token/s',
  },
};

for (const lang of ['en', 'de']) {
  const w = TRAFFIC[lang];
  test(`${lang}: the traffic part's sliders say the value and unit, not the slider's position`, async () => {
    const rec = await openEmbed('traffic', lang);
    const { page } = rec;
    const range = (name) => page.locator(`.field[data-field="${name}"] input.field-range`);
    const box = (name) => page.locator(`.field[data-field="${name}"] input.field-text`);
    await range('request_rate').waitFor();
    // 1 request/s sits at position 333 of 1,000: log(1 / 0.1) / log(100 / 0.1) = 1/3.
    assert.equal(await range('request_rate').inputValue(), '333');
    assert.equal(await said(range('request_rate')), w.rate1);
    await press(range('request_rate'), 'Home');
    // The box writes the value with the page's decimal mark ("0,1" on the German page).
    assert.equal(await box('request_rate').inputValue(), lang === 'de' ? '0,1' : '0.1');
    assert.equal(await said(range('request_rate')), w.rateMin);
    await press(range('request_rate'), 'End');
    assert.equal(await said(range('request_rate')), w.rateMax);
    // A typed value (the German page reads "2,5" as 2.5): the thumb follows the box.
    await box('request_rate').fill(w.rateTyped[0]);
    assert.equal(await said(range('request_rate')), w.rateTyped[1]);

    assert.equal(await said(range('input_tokens')), w.input1024);
    await press(range('input_tokens'), 'Home');
    assert.equal(await said(range('input_tokens')), w.inputMin);
    await press(range('output_tokens'), 'Home');
    assert.equal(await box('output_tokens').inputValue(), '1');
    assert.equal(await said(range('output_tokens')), w.output1);

    assert.equal(await said(range('ttft_target_s')), w.ttft0);
    await press(range('ttft_target_s'), 'End');
    assert.equal(await said(range('ttft_target_s')), w.ttftMax);
    await press(range('ttft_target_s'), 'ArrowLeft');
    assert.equal(await box('ttft_target_s').inputValue(), '9999');
    assert.equal(await said(range('ttft_target_s')), w.ttftLess);
    await press(range('per_request_target_tokens_per_s'), 'End');
    assert.equal(await said(range('per_request_target_tokens_per_s')), w.speedMax);

    // The closed loop: its concurrency slider, 16 clients to start.
    await page.locator('button[data-mode="closed"]').click();
    assert.equal(await said(range('concurrency')), w.clients16);
    await press(range('concurrency'), 'End');
    assert.equal(await said(range('concurrency')), w.clientsMax);
    await press(range('concurrency'), 'Home');
    assert.equal(await box('concurrency').inputValue(), '1');
    assert.equal(await said(range('concurrency')), w.clientsMin);
    assertQuiet(rec);
    await rec.context.close();
  });
}

// The speculative part starts at a = 0.8, k = 3, c = 0.05 (web/parts/speculative.js); its sliders step
// by 0.01 (a, c) and 1 (k).
const SPECULATIVE = {
  en: { a: 'a = 0.8', aUp: 'a = 0.81', k: 'k = 3 tokens', kOne: 'k = 1 token', c: 'c = 0.05 of a target pass', cUp: 'c = 0.06 of a target pass' },
  de: { a: 'a = 0,8', aUp: 'a = 0,81', k: 'k = 3 Token', kOne: 'k = 1 Token', c: 'c = 0,05 eines Zieldurchlaufs', cUp: 'c = 0,06 eines Zieldurchlaufs' },
};

for (const lang of ['en', 'de']) {
  const w = SPECULATIVE[lang];
  test(`${lang}: the speculative part's sliders say a, k and c in the page's digits`, async () => {
    const rec = await openEmbed('speculative', lang);
    const ranges = rec.page.locator('.part-controls input.field-range');
    await ranges.first().waitFor();
    const [a, k, c] = [ranges.nth(0), ranges.nth(1), ranges.nth(2)];
    assert.equal(await said(a), w.a);
    await press(a, 'ArrowRight');
    assert.equal(await said(a), w.aUp);
    assert.equal(await said(k), w.k);
    await press(k, 'ArrowLeft', 2);
    assert.equal(await said(k), w.kOne);
    assert.equal(await said(c), w.c);
    await press(c, 'ArrowRight');
    assert.equal(await said(c), w.cUp);
    assertQuiet(rec);
    await rec.context.close();
  });
}

// The decision part's levers start at a = 0.8, k = 4, c = 0.05 and a draft size of 0 (c × the model's
// parameters); the draft size's slider steps by 1e8 parameters.
const DECISION = {
  en: { a: 'a = 0.8', aDown: 'a = 0.79', k: 'k = 4 tokens', kUp: 'k = 5 tokens', d: '0 (c × the model’s parameters)',
    dUp: 'P_d = 100,000,000 parameters' },
  de: { a: 'a = 0,8', aDown: 'a = 0,79', k: 'k = 4 Token', kUp: 'k = 5 Token', d: '0 (c × Parameter des Modells)',
    dUp: 'P_d = 100.000.000 Parameter' },
};

for (const lang of ['en', 'de']) {
  const w = DECISION[lang];
  test(`${lang}: the decision part's speculative levers say their values with units`, async () => {
    const rec = await openEmbed('decision', lang);
    await rec.page.locator('input.decision-spec-toggle').check();
    const ranges = rec.page.locator('input.field-range');
    assert.equal(await ranges.count(), 4);
    const [a, k, , d] = [ranges.nth(0), ranges.nth(1), ranges.nth(2), ranges.nth(3)];
    assert.equal(await said(a), w.a);
    await press(a, 'ArrowLeft');
    assert.equal(await said(a), w.aDown);
    assert.equal(await said(k), w.k);
    await press(k, 'ArrowRight');
    assert.equal(await said(k), w.kUp);
    assert.equal(await said(d), w.d);
    await press(d, 'ArrowRight');
    assert.equal(await said(d), w.dUp);
    assertQuiet(rec);
    await rec.context.close();
  });
}

// The measured part's share of peak bandwidth starts at the measured runs' GPU's usable 80% of its
// peak, the A100 80 GB SXM's 2,039 GB/s (content/presets.json: 2.039e12 B/s), in whole percent steps.
const MEASURED = {
  en: { start: '80% of 2,039 GB/s', down: '79% of 2,039 GB/s', typed: ['62.5', '62.5% of 2,039 GB/s'] },
  de: { start: '80 % von 2.039 GB/s', down: '79 % von 2.039 GB/s', typed: ['62,5', '62,5 % von 2.039 GB/s'] },
};

for (const lang of ['en', 'de']) {
  const w = MEASURED[lang];
  test(`${lang}: the measured part's share slider says the percent of peak bandwidth`, async () => {
    const rec = await openEmbed('measured', lang);
    const range = rec.page.locator('.part-controls input.field-range');
    await range.waitFor();
    assert.equal(await said(range), w.start);
    await press(range, 'ArrowLeft');
    assert.equal(await said(range), w.down);
    await rec.page.locator('.part-controls input.field-text').fill(w.typed[0]);
    assert.equal(await said(range), w.typed[1]);
    assertQuiet(rec);
    await rec.context.close();
  });
}

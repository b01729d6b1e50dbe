// A host that frames the embed with sandbox="" (no allow-scripts) runs none of its scripts: the
// frame says, in each language, that it needs scripts and what the host must allow, instead of
// staying blank.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openSession, closeSession, recordedPage } from './lib/harness.mjs';

let browser;
let server;
before(async () => { ({ browser, server } = await openSession()); });
after(async () => { await closeSession({ browser, server }); });

for (const [sandbox, expectNote] of [['', true], ['allow-scripts', false]]) {
  test(`an embed in a frame with sandbox="${sandbox}" ${expectNote ? 'says it needs scripts' : 'runs and shows no such note'}`, async () => {
    const rec = await recordedPage(browser, { viewport: { width: 900, height: 700 } });
    const { page } = rec;
    try {
      // The host page is any HTML page of the same server, replaced by one that holds the frame.
      await page.goto(`${server.url}embed.html?parts=nothing-here`);
      await page.setContent(`<iframe sandbox="${sandbox}" src="${server.url}embed.html?parts=calculator&amp;lang=de" width="800" height="600"></iframe>`);
      const frame = await (await page.waitForSelector('iframe')).contentFrame();
      await frame.waitForLoadState('load');
      if (expectNote) {
        const text = await frame.evaluate(() => document.body.innerText);
        assert.match(text, /This lab needs JavaScript\. If it sits in a frame on another page, that frame must allow scripts \(sandbox="allow-scripts"\)/);
        assert.match(text, /Dieses Lab braucht JavaScript\./);
      } else {
        await frame.waitForSelector('llm-budget-lab', { timeout: 15000 });
        const text = await frame.evaluate(() => document.body.innerText);
        assert.doesNotMatch(text, /needs JavaScript|braucht JavaScript/);
      }
    } finally {
      await rec.context.close();
    }
  });
}

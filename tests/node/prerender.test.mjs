// The build's prerenderer (web/prerender/prerender-lesson.mjs) under node, on a
// small page: the elements are drawn by the page's own code over the wasm core
// and written in as declarative shadow roots, the same on every run; an element that names a file to
// fetch is left empty; the written copy has no inline style, no live control
// and not the build's own address. Numbers from tests/data/seed-values.json.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prerenderLesson } from '../../web/prerender/prerender-lesson.mjs';
import { SEED, REPO } from './reference.mjs';

// As web/page/render-lesson.mjs writes the lesson's elements (link="fragment": the page's address is the lab's).
const PAGE = `<!doctype html><html lang="en"><head><title>t</title></head><body>
<div class="lab-slot"><llm-budget-lab parts="calculator" link="fragment" group="lesson"></llm-budget-lab></div>
<p>Between the elements.</p>
<div class="lab-slot"><llm-budget-lab parts="table" link="fragment" group="lesson"></llm-budget-lab></div>
<div class="lab-slot"><llm-budget-lab parts="quiz" link="fragment" questions="more-questions.json"></llm-budget-lab></div>
<div class="lab-slot"><llm-budget-lab parts="quiz kv-practice" link="fragment"></llm-budget-lab></div>
</body></html>`;

const temp = mkdtempSync(path.join(os.tmpdir(), 'llmb-prerender-'));
writeFileSync(path.join(temp, 'llm-budget-lab.css'), '.lab { display: grid; }\n');
const prerender = () => prerenderLesson(PAGE, { root: REPO, dist: temp, outDir: path.join(temp, 'bundle') });
const written = await prerender();
const again = await prerender();
rmSync(temp, { recursive: true, force: true });

/** The inner markup of the element whose parts attribute is `parts`. */
const inside = (parts) => written.match(new RegExp(`<llm-budget-lab parts="${parts}"[^>]*>([\\s\\S]*?)</llm-budget-lab>`))[1];

test('the page around the elements is kept as it was', () => {
  const outside = written.replace(/<template shadowrootmode="open">[\s\S]*?<\/template>(?=<\/llm-budget-lab>)/g, '');
  assert.equal(outside, PAGE);
});

test('calculator: the default input drawn by the core (the lesson\'s 7B row at batch 16)', () => {
  const html = inside('calculator');
  const row = SEED.budget_rows.find((r) => r.inputs.kv_heads === 8 && r.inputs.weight_bytes_per_param === 2
    && r.inputs.cache_bytes_per_value === 2 && r.inputs.batch === 16).displayed;
  assert.match(html, /^<template shadowrootmode="open"><link rel="stylesheet" href="llm-budget-lab.css"><div class="lab" part="lab" data-prerendered="">/);
  assert.match(html, /<strong data-out="verdict">Fits<\/strong>/);
  assert.match(html, new RegExp(`data-out="total_bytes">${row.memory_gb} GB<`));
  assert.match(html, new RegExp(`data-out="total_tokens_per_s">${row.total_tokens_per_s} tokens/s<`));
  assert.match(html, /data-field="batch"[^>]*value="16"/, 'a value set as a property is written as the attribute');
  // The printed link names the page, not the build's window.
  assert.match(html, /Link to this configuration: index\.html</);
  assert.doesNotMatch(written, /prerender\.invalid/);
});

test('table: the lesson\'s six rows, drawn in the same group as the calculator', () => {
  const memory = [...inside('table').matchAll(/data-col="memory">([\d.]+)</g)].map((m) => Number(m[1]));
  assert.deepEqual(memory, SEED.budget_rows.map((r) => r.displayed.memory_gb));
});

test('every written control is disabled; no inline style; no part claims to be live', () => {
  for (const parts of ['calculator', 'table', 'quiz kv-practice']) {
    const html = inside(parts);
    const controls = html.match(/<(input|select|textarea|button)\b[^>]*>/g) || [];
    for (const tag of controls) assert.match(tag, /\sdisabled=""/, `${parts}: ${tag.slice(0, 80)}`);
    assert.doesNotMatch(html, /\sstyle\s*=|<style[\s>]/);
    assert.doesNotMatch(html, /data-state="(loading|ready)"/);
  }
  assert.ok(inside('calculator').match(/<input\b/g).length > 20, 'the calculator has its inputs');
});

test('an element that names a questions file is left to the scripts', () => {
  assert.equal(inside('quiz'), '');
});

test('the same sources write the same page (ids, random draws and announcements do not vary)', () => {
  assert.match(inside('quiz kv-practice'), /data-state="prerendered"[^>]*data-seed="\d+"|data-seed="\d+"[^>]*data-state="prerendered"/,
    'the KV practice drew a variant');
  assert.equal(again, written);
});

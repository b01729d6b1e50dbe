// content/README.md's table of input fields against the core's declaration
// (core.declaration.inputs, the JSON `budget-table --fields-json` prints): the
// same fields in the same order, the lesson's symbols, and each range's ends.
// A field added to the core and not to the README (or the reverse) is named.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { REPO } from './reference.mjs';

const core = await loadBudgetCore();
const declared = core.declaration.inputs;
const README = readFileSync(path.join(REPO, 'content/README.md'), 'utf8');

/**
 * The rows of the Markdown table under the heading `heading`, as arrays of
 * cells (the header and the |---| line left out).
 */
function tableUnder(text, heading) {
  const start = text.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `content/README.md has a "${heading}" heading`);
  const lines = text.slice(start + heading.length + 2).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    rows.push(line.slice(1, -1).split('|').map((c) => c.trim()));
  }
  return rows.slice(2);
}

const rows = tableUnder(README, '### Input fields (`defaults` and each configuration\'s `inputs`)');
const byName = new Map(rows.map((r) => [r[0].replace(/`/g, ''), r]));

/** "$H_{kv}$" -> "H_kv", "$\\lambda$" -> "λ", "" -> "". */
const symbolOf = (cell) => cell.replace(/\$/g, '').replace(/[{}]/g, '').replace('\\lambda', 'λ');

/** The numbers written in a range cell ("whole, 1 to 1e7", "1e-6 to 1e4"). */
const numbersIn = (cell) => (cell.match(/(?<![\w.])\d+(?:\.\d+)?(?:e-?\d+)?(?![\w.])/g) || []).map(Number);

test('the README lists every declared input field, in declaration order, and no other', () => {
  const names = rows.map((r) => r[0].replace(/`/g, ''));
  const missing = declared.map((f) => f.name).filter((n) => !names.includes(n));
  const extra = names.filter((n) => !declared.some((f) => f.name === n));
  assert.deepEqual(missing, [], `declared but not in content/README.md's input table: ${missing.join(', ')}`);
  assert.deepEqual(extra, [], `in content/README.md's input table but not declared: ${extra.join(', ')}`);
  assert.deepEqual(names, declared.map((f) => f.name), 'the README lists the fields in declaration order');
});

test('each README row gives the declared symbol and the declared ends of the range', () => {
  const problems = [];
  const expect = (ok, what) => { if (!ok) problems.push(what); };
  for (const f of declared) {
    const row = byName.get(f.name);
    if (!row) continue; // named by the test above
    const [, symbol, , range] = row;
    expect(symbolOf(symbol) === f.symbol, `${f.name}: symbol "${symbol}", declared "${f.symbol}"`);
    const numbers = numbersIn(range);
    // The upper end: a number, or the field that caps it.
    if (f.max_from) expect(range.includes(`\`${f.max_from}\``), `${f.name}: range "${range}" does not name ${f.max_from}`);
    else expect(numbers.includes(f.max), `${f.name}: range "${range}" does not end at ${f.max}`);
    // The lower end ("above" it when exclusive); 0 first where 0 has a meaning.
    expect(numbers.includes(f.min), `${f.name}: range "${range}" does not start at ${f.min}`);
    expect(!f.min_exclusive || /above/.test(range), `${f.name}: range "${range}" does not say its lower end is excluded`);
    expect(/\bwhole\b/.test(range) === (f.kind === 'whole'), `${f.name}: range "${range}" and kind ${f.kind}`);
    expect(!f.zero_means || /^0\b/.test(range), `${f.name}: range "${range}" does not allow 0 (${f.zero_means})`);
  }
  assert.deepEqual(problems, [], `content/README.md's input table against the declaration:\n${problems.join('\n')}`);
});

test('the README names the declaration as the source of the fields, not a count', () => {
  assert.doesNotMatch(README, /\ball (fifteen|twenty|\d+) (must|input fields)/i, 'a count of the fields goes stale when one is added');
  assert.match(README, /src\/budget\/field_declarations\.cpp/);
});

// Rendered text uses typographic quotes and apostrophes (’ “ ”), never the
// straight ' and " of a keyboard: the lesson's Markdown (outside code spans,
// code blocks and math) and the text values of presets.json and questions.json.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './reference.mjs';

/** Lesson text with fenced blocks, code spans, math and HTML tags removed. */
function prose(markdown) {
  return markdown
    .replace(/```[\s\S]*?```/g, '')
    .replace(/\$\$[\s\S]+?\$\$/g, '')
    .replace(/`[^`]*`/g, '')
    .replace(/\$[^$\n]+\$/g, '')
    .replace(/<[^>]*>/g, '');
}

/** Every string value (not key) in a JSON document, with its path. */
function* strings(value, where = '') {
  if (typeof value === 'string') yield [where, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${where}[${i}]`);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, `${where}.${k}`);
}

const STRAIGHT = /['"]/;

test('lesson Markdown prose has no straight quotes or apostrophes', () => {
  const dir = path.join(REPO, 'content/lesson');
  const found = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
    prose(readFileSync(path.join(dir, file), 'utf8')).split('\n').forEach((line, i) => {
      if (STRAIGHT.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});

test('presets.json and questions.json text values have no straight quotes or apostrophes', () => {
  const found = [];
  for (const name of ['presets.json', 'questions.json']) {
    const doc = JSON.parse(readFileSync(path.join(REPO, 'content', name), 'utf8'));
    for (const [where, text] of strings(doc)) if (STRAIGHT.test(text)) found.push(`${name}${where}: ${text}`);
  }
  assert.deepEqual(found, []);
});

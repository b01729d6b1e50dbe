// Saved answers this browser's storage holds that the quiz cannot read
// (web/quiz/storage.js): the value is copied, as it was, under its unreadable-key
// before a save or a reset can overwrite it, and onUnreadable says where; a later,
// different unreadable value gets the next key; a host's storage (the SCORM
// adapter's) is left to keep what it cannot read itself; discarding removes only
// the values kept aside.
// Run: node --test tests/node/saved-answers-unreadable.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAnswerStore, answerKey, unreadableKey } from '../../web/quiz/storage.js';
import { loadQuizCore } from '../../web/core/quiz-core.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const QUESTIONS = JSON.parse(fs.readFileSync(path.join(ROOT, 'content/questions.json'), 'utf8'));
const quizCore = await loadQuizCore();
const { lesson, version } = QUESTIONS;
const q2 = QUESTIONS.questions.find((q) => q.id === 'q2-speculative');

/** A localStorage stand-in: a Map behind getItem, setItem and removeItem. */
function memoryStorage(entries = {}) {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, String(v)), removeItem: (k) => map.delete(k) };
}

/** A store over `storage` as this browser's localStorage (the quiz without a host). */
function storeOver(storage, kept) {
  const saved = globalThis.localStorage;
  globalThis.localStorage = storage;
  try {
    return createAnswerStore({ lesson, version, quizCore, onUnavailable: () => assert.fail('storage is available'), onUnreadable: (k) => kept.push(k) });
  } finally {
    globalThis.localStorage = saved;
  }
}

const KEY = answerKey(lesson, version, 'q2-speculative');
const CORRUPT = '{"lesson":"LM10-T6","version":"v1","steps":{"tokens":{"answer":"2.9';

test('a corrupt value is kept aside under its own key, then the new answer is saved over it', () => {
  const storage = memoryStorage({ [KEY]: CORRUPT });
  const kept = [];
  const store = storeOver(storage, kept);
  assert.equal(store.load(q2), null);
  const aside = unreadableKey(lesson, version, 'q2-speculative');
  assert.equal(aside, `llm-budget-lab-unreadable:${lesson}:${version}:q2-speculative`);
  assert.deepEqual(kept, [{ questionId: 'q2-speculative', key: aside, text: CORRUPT, held: false }]);
  assert.equal(storage.getItem(aside), CORRUPT);
  // Loaded again (the element drawn again): told once, kept once.
  store.load(q2);
  assert.equal(kept.length, 1);
  store.save(q2, { steps: { tokens: { answer: '2.952', checked: true } }, explained: false });
  assert.equal(JSON.parse(storage.getItem(KEY)).steps.tokens.answer, '2.952');
  assert.equal(storage.getItem(aside), CORRUPT, 'the kept text outlives the save');
  // A reset removes the answer, not the text kept aside.
  store.remove(q2);
  assert.equal(storage.getItem(KEY), null);
  assert.equal(storage.getItem(aside), CORRUPT);
  store.discardUnreadable([aside, KEY]);
  assert.equal(storage.getItem(aside), null);
  assert.deepEqual([...storage.map.keys()], [], 'discarding names only the kept texts');
});

test('the same unreadable value again keeps its key; a different one gets the next; a record of another lesson counts too', () => {
  const aside = unreadableKey(lesson, version, 'q2-speculative');
  const other = JSON.stringify({ lesson: 'other', version, steps: {}, explained: false });
  const storage = memoryStorage({ [KEY]: CORRUPT, [aside]: CORRUPT });
  const kept = [];
  storeOver(storage, kept).load(q2);
  assert.deepEqual(kept.map((k) => k.key), [aside]);
  storage.setItem(KEY, other);
  const later = [];
  storeOver(storage, later).load(q2);
  assert.deepEqual(later, [{ questionId: 'q2-speculative', key: `${aside}:2`, text: other, held: false }]);
  assert.equal(storage.getItem(aside), CORRUPT);
});

test('a readable record is read, nothing kept aside; a host\'s storage is not written to', () => {
  const good = JSON.stringify({ lesson, version, steps: { tokens: { answer: '3', checked: true, at: 1764633600 } }, explained: false });
  const storage = memoryStorage({ [KEY]: good });
  const kept = [];
  assert.equal(storeOver(storage, kept).load(q2).steps.tokens.answer, '3');
  assert.deepEqual(kept, []);
  const host = memoryStorage({ [KEY]: CORRUPT });
  const hostKept = [];
  const store = createAnswerStore({ lesson, version, quizCore, onUnavailable: () => {}, onUnreadable: (k) => hostKept.push(k), storage: host });
  assert.equal(store.load(q2), null);
  assert.deepEqual(hostKept, []);
  assert.deepEqual([...host.map.keys()], [KEY]);
});

test('when every unreadable-key of a question is taken, a new unreadable value stays under its own key; the other questions still save', () => {
  // Nine different texts kept aside already (MAX_UNREADABLE_COPIES), and a tenth under the answer key.
  const seeded = { [KEY]: 'garbage-new' };
  for (let n = 1; n <= 9; n += 1) seeded[unreadableKey(lesson, version, 'q2-speculative', n)] = `garbage-${n}`;
  const storage = memoryStorage(seeded);
  const kept = [];
  const store = storeOver(storage, kept); // fails the test if the store calls storage unavailable
  assert.equal(store.load(q2), null);
  assert.deepEqual(kept, [{ questionId: 'q2-speculative', key: KEY, text: 'garbage-new', held: true }]);
  // This question's new answer waits in memory: the unreadable text is not overwritten.
  store.save(q2, { steps: { tokens: { answer: '2.952', checked: true } }, explained: false });
  assert.equal(storage.getItem(KEY), 'garbage-new');
  // Another question saves to storage as usual.
  const q1 = QUESTIONS.questions.find((q) => q.id === 'q1-fit');
  store.save(q1, { steps: { total: { answer: '53 GB', checked: true } }, explained: false });
  assert.equal(JSON.parse(storage.getItem(answerKey(lesson, version, 'q1-fit'))).steps.total.answer, '53 GB');
  // Discarding the held text saves the answer given since in its place.
  store.discardUnreadable([KEY]);
  assert.equal(JSON.parse(storage.getItem(KEY)).steps.tokens.answer, '2.952');
  for (let n = 1; n <= 9; n += 1) assert.equal(storage.getItem(unreadableKey(lesson, version, 'q2-speculative', n)), `garbage-${n}`);
  // Later saves of that question reach storage again.
  store.save(q2, { steps: { tokens: { answer: '3', checked: true } }, explained: false });
  assert.equal(JSON.parse(storage.getItem(KEY)).steps.tokens.answer, '3');
});

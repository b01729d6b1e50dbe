// The quiz facade (web/core/quiz-core.js): arithmetic answers
// carry the expression as read, accept_expression refuses them, and the
// KV-cache practice comes from the core with its units. Values worked by hand:
// Q2 (1 − 0.8⁴)/(1 − 0.8) = 0.5904/0.2 = 2.952 tokens per pass; KV seed 0 as in
// tests/practice/test_kv_practice.cpp (2·32·2·64·2 = 16,384 B per token, ×2,048×64 = 2^31 B).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadQuizCore } from '../../web/core/quiz-core.js';

const Q2 = { dimension: 'tokens_per_pass', expected: 2.952, default_unit: 'tokens', absolute_tolerance: 0.005 };

test('arithmetic answers: verdict, expression as read, parse errors by name', async () => {
  const quiz = await loadQuizCore();
  const r = quiz.checkNumericAnswer('(1-0.8^4)/(1-0.8)', Q2);
  assert.ok(r.ok);
  assert.equal(r.value.verdict, 'correct');
  assert.equal(r.value.expression, '(1 − 0.8⁴)/(1 − 0.8)');
  assert.equal(r.value.interpreted, '(1 − 0.8⁴)/(1 − 0.8) = 2.952 tokens per pass');
  assert.equal(quiz.checkNumericAnswer('2.952', Q2).value.expression, '');
  const zero = quiz.checkNumericAnswer('1/0', Q2).value;
  assert.equal(zero.verdict, 'unparseable');
  assert.equal(zero.parse_error, 'division_by_zero');
  assert.equal(zero.answer_in_default_unit, null);
  const refused = quiz.checkNumericAnswer('(1-0.8^4)/(1-0.8)', { ...Q2, accept_expression: false }).value;
  assert.equal(refused.parse_error, 'expression_not_allowed');
  assert.match(refused.message, /^This question asks for the number itself, not the working/);
  for (const name of ['bad_expression', 'division_by_zero', 'too_deep', 'mixed_units', 'expression_not_allowed']) {
    assert.ok(quiz.reading.PARSE_ERRORS.includes(name), name);
  }
});

test('KV-cache practice from the core: seed 0 by hand, units, bad seeds refused', async () => {
  const quiz = await loadQuizCore();
  const kv = quiz.makeKvPractice(0);
  assert.ok(kv.ok);
  assert.equal(kv.value.seed, 0);
  assert.equal(kv.value.values.kv_bytes_per_token, 16384);
  assert.equal(kv.value.values.cache_bytes, 2 ** 31);
  assert.equal(kv.value.values.total_without_cache, 707200);
  assert.equal(kv.value.units.cache_bytes, 'B');
  assert.equal(kv.value.units.total_with_cache, '');
  assert.deepEqual(Object.keys(quiz.KV_PRACTICE_UNITS), Object.keys(kv.value.values));
  assert.ok(Object.isFrozen(quiz.KV_PRACTICE_UNITS));
  for (const seed of [-1, 1.5, 2 ** 32, '7', null]) {
    const bad = quiz.makeKvPractice(seed);
    assert.equal(bad.ok, false);
    assert.equal(bad.field, 'seed');
  }
  // Same seed, same numbers.
  assert.deepEqual(quiz.makeKvPractice(4242).value, quiz.makeKvPractice(4242).value);
});

test('a choice question or seed of the wrong kind is refused, never wrapped or thrown', async () => {
  const quiz = await loadQuizCore();
  // 2^32 + 4 would wrap to 4 in Embind's 32-bit int and grade as a valid question.
  assert.deepEqual(quiz.checkChoiceAnswer([1], { option_count: 2 ** 32 + 4, correct: [1], multiple: false }),
    { ok: false, field: 'option_count', error: 'option_count must be a whole number from 1 to 64 (got 4294967300).' });
  const odd = quiz.checkChoiceAnswer([1], { option_count: Object.create(null), correct: [1] });
  assert.equal(odd.field, 'option_count');
  assert.match(odd.error, /got a value of type object/);
  assert.match(quiz.makeVariant('8').error, /got the text "8"/);
  assert.equal(quiz.makeKvPractice(Object.create(null)).field, 'seed');
  assert.equal(quiz.checkChoiceAnswer([1], { option_count: 4, correct: [1] }).value.verdict, 'correct');
});

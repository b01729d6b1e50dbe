// Tests for tools/check-content: the real content passes, and broken copies
// (written to a temp folder and checked with --dir) fail with the expected line.
// Run: node --test tests/node/check-content.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PART_NAMES } from '../../web/element/part-names.js';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { configurationInput } from '../../web/content/preset-input.js';

const CORE = await loadBudgetCore();
const INPUT_NAMES = CORE.declaration.inputs.map((f) => f.name);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOOL = path.join(ROOT, 'tools', 'check-content');
const CONTENT = path.join(ROOT, 'content');
const SEED = path.join(ROOT, 'tests', 'data', 'seed-values.json');

function run(args = []) {
  const r = spawnSync(process.execPath, [TOOL, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Copies content/ to a fresh temp folder, lets `mutate` break it, runs the tool on it. */
function runOnBrokenCopy(mutate) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-content-'));
  try {
    fs.cpSync(CONTENT, dir, { recursive: true });
    const presetsPath = path.join(dir, 'presets.json');
    const presets = JSON.parse(fs.readFileSync(presetsPath, 'utf8'));
    const result = mutate({ dir, presets });
    // A mutation may return raw JSON text (to write values JSON.stringify cannot, like 1e400).
    fs.writeFileSync(presetsPath, typeof result === 'string' ? result : JSON.stringify(presets, null, 2));
    return run(['--dir', dir]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const config = (presets, id) => presets.configurations.find((c) => c.id === id);

function assertFails(r, expectedLine) {
  assert.equal(r.code, 1, `expected exit 1, got ${r.code}; stderr:\n${r.err}`);
  assert.ok(r.err.split('\n').includes(expectedLine), `expected line\n  ${expectedLine}\nin stderr:\n${r.err}`);
  assert.equal(r.out, '');
}

test('the real content passes', () => {
  const r = run();
  assert.equal(r.code, 0, r.err);
  // presets.json + nine lesson files (+ questions.json, tours.json and measured-decode.json when they exist)
  const expected = 1 + fs.readdirSync(path.join(CONTENT, 'lesson')).filter((n) => n.endsWith('.md')).length +
    ['questions.json', 'tours.json', 'measured-decode.json'].filter((f) => fs.existsSync(path.join(CONTENT, f))).length;
  assert.equal(r.out, `check-content: ${expected} files OK\n`);
});

test('an unchanged copy passes through --dir', () => {
  const r = runOnBrokenCopy(() => undefined);
  assert.equal(r.code, 0, r.err);
});

test('kv_heads above query_heads is reported with file, id and field', () => {
  const r = runOnBrokenCopy(({ presets }) => { config(presets, 'lesson-mha-16').inputs.kv_heads = 40; });
  assertFails(r, 'presets.json: lesson-mha-16: inputs.kv_heads: must be a whole number from 1 to query_heads (got 40; query_heads is 32)');
});

test('a field a preset does not give takes the core\'s default: no defaults at all, a configuration without batch', () => {
  const r = runOnBrokenCopy(({ presets }) => {
    delete presets.defaults;
    delete config(presets, 'lesson-gqa8-8').inputs.batch;
    for (const m of presets.models) delete m.sliding_window_tokens;
  });
  // Mistral's window is gone, so its configuration (which gives none) uses full attention: still valid.
  assert.equal(r.code, 0, r.err);
});

test('an unknown key in a preset is refused by name, with the likely input when it looks misspelt', () => {
  const fields = INPUT_NAMES.join(', ');
  const r = runOnBrokenCopy(({ presets }) => {
    config(presets, 'lesson-gqa8-8').inputs.kv_headz = 8;
    presets.defaults.Batch = 16;
    presets.models.find((m) => m.id === 'llama-2-7b').batch = 4;
    presets.models.find((m) => m.id === 'llama-2-13b').colour = 'red';
    presets.gpus.find((g) => g.id === 'l4-24gb').peak_bandwith_bytes_per_s = 1;
    config(presets, 'model-llama-2-7b-a100').kv_heads = 8;
    config(presets, 'model-llama-2-7b-a100').modle = 'llama-2-7b';
  });
  assertFails(r, `presets.json: lesson-gqa8-8: inputs.kv_headz: is not a BudgetInput field (did you mean kv_heads?); the fields are ${fields}`);
  assertFails(r, `presets.json: defaults: Batch: is not a BudgetInput field (did you mean batch?); the fields are ${fields}`);
  assertFails(r, 'presets.json: llama-2-7b: batch: is an input a model does not set (a model sets total_params, active_params, layers, query_heads, kv_heads, head_dim, sliding_window_tokens, sliding_window_layers, latent_kv_dim, experts, experts_per_token, model_max_context_tokens, vocab_size)');
  assertFails(r, `presets.json: llama-2-13b: colour: is not a BudgetInput field; the fields are ${fields}; a model may also have id, label, source, notes`);
  assertFails(r, `presets.json: l4-24gb: peak_bandwith_bytes_per_s: is not a BudgetInput field; the fields are ${fields}; a GPU may also have id, label, source, notes, peak_bandwidth_bytes_per_s, peak_flops_per_s, peak_flops_8bit_per_s, peak_flops_4bit_per_s, usable_fraction_bandwidth, usable_fraction_flops`);
  assertFails(r, "presets.json: model-llama-2-7b-a100: kv_heads: is an input field, so it goes in a configuration's inputs");
  assertFails(r, 'presets.json: model-llama-2-7b-a100: modle: is not a key of a configuration (a configuration has id, label, source, notes, group, model, gpu, inputs)');
});

test("a GPU's usable rate must be given when its peak and share are", () => {
  const r = runOnBrokenCopy(({ presets }) => { delete presets.gpus.find((g) => g.id === 'l4-24gb').bandwidth_bytes_per_s; });
  // 300 GB/s peak × 0.8 = 240 GB/s
  assertFails(r, 'presets.json: l4-24gb: bandwidth_bytes_per_s: missing: must be given as peak_bandwidth_bytes_per_s × usable_fraction_bandwidth = 240000000000');
});

test('a fractional batch is out of the core range', () => {
  const r = runOnBrokenCopy(({ presets }) => { config(presets, 'lesson-gqa8-16').inputs.batch = 7.5; });
  assertFails(r, 'presets.json: lesson-gqa8-16: inputs.batch: must be a whole number from 1 to 1e6 (got 7.5)');
});

test('a value that overflows to Infinity is not finite', () => {
  const r = runOnBrokenCopy(({ presets }) => {
    config(presets, 'lesson-gqa8-16-b1').inputs.context_tokens = 123456789;
    return JSON.stringify(presets, null, 2).replace('123456789', '1e400');
  });
  assertFails(r, 'presets.json: lesson-gqa8-16-b1: inputs.context_tokens: must be a finite number (got Infinity)');
});

test('duplicate configuration ids are reported', () => {
  const r = runOnBrokenCopy(({ presets }) => {
    presets.configurations.find((c) => c.group === 'model').id = 'lesson-gqa8-16';
  });
  assert.equal(r.code, 1);
  assert.match(r.err, /^presets\.json: lesson-gqa8-16: id: duplicate id in configurations \(entry \d+\)$/m);
});

test('a 2,000-character duplicate id and a U+202E in an id are echoed bounded and written out', () => {
  const long = `m${'x'.repeat(1999)}`;
  const r = runOnBrokenCopy(({ presets }) => {
    const models = presets.configurations.filter((c) => c.group === 'model');
    models[0].id = long;
    models[1].id = long;
    presets.gpus[0].id = 'gpu\u202Elive';
  });
  assert.equal(r.code, 1);
  // 60 characters of the id, then an ellipsis; the override as [U+202E], never raw.
  assert.match(r.err, new RegExp(`^presets\\.json: m${'x'.repeat(59)}…: id: duplicate id in configurations \\(entry \\d+\\)$`, 'm'));
  assert.match(r.err, /^presets\.json: gpu\[U\+202E\]live: id: must match /m);
  assert.ok(!r.err.includes('\u202E'), 'no raw U+202E');
  assert.ok(r.err.split('\n').every((line) => line.length < 600), 'every line bounded');
});

test('questions.json: a question the quiz could not prepare is reported by question and field', () => {
  const r = runOnBrokenCopy(({ dir }) => {
    const doc = JSON.parse(fs.readFileSync(path.join(CONTENT, 'questions.json'), 'utf8'));
    const q = doc.questions.find((x) => x.values && Object.keys(x.values).length > 0);
    const name = Object.keys(q.values)[0];
    q.values[name].unit = 'GB{';
    fs.writeFileSync(path.join(dir, 'questions.json'), JSON.stringify(doc));
  });
  assert.equal(r.code, 1);
  assert.match(r.err, /^questions\.json: [a-z0-9-]+: values\.[a-z0-9_]+: cannot convert [A-Za-z/]+ to GB\{$/m);
});

test('a missing lesson configuration is reported', () => {
  const r = runOnBrokenCopy(({ presets }) => {
    presets.configurations = presets.configurations.filter((c) => c.id !== 'lesson-gqa8-16-b1');
  });
  assertFails(r, 'presets.json: lesson-gqa8-16-b1: id: required configuration is missing');
});

test("a GPU's usable rate must equal peak × fraction", () => {
  const r = runOnBrokenCopy(({ presets }) => {
    const h100 = presets.gpus.find((g) => g.id === 'h100-sxm-80gb');
    h100.flops_per_s = h100.peak_flops_per_s; // forgot to apply the fraction
  });
  assertFails(r, 'presets.json: h100-sxm-80gb: flops_per_s: must equal peak_flops_per_s × usable_fraction_flops = 494750000000000 (got 989500000000000)');
});

test("a GPU's peaks and shares come from the core's declaration: every usable Hardware rate, the 8- and 4-bit ones optional", async () => {
  const { gpuRates } = await import('../../web/content/check-helpers.js');
  // The declaration's Hardware inputs whose meaning starts "usable": memory bandwidth and the three
  // arithmetic rates (GPU memory and the link are used as given); 0 means something only for 8 and 4 bits.
  assert.deepEqual(gpuRates(CORE.declaration.inputs), [
    { usable: 'bandwidth_bytes_per_s', peak: 'peak_bandwidth_bytes_per_s', fraction: 'usable_fraction_bandwidth', required: true },
    { usable: 'flops_per_s', peak: 'peak_flops_per_s', fraction: 'usable_fraction_flops', required: true },
    { usable: 'flops_8bit_per_s', peak: 'peak_flops_8bit_per_s', fraction: 'usable_fraction_flops', required: false },
    { usable: 'flops_4bit_per_s', peak: 'peak_flops_4bit_per_s', fraction: 'usable_fraction_flops', required: false },
  ]);
});

test("a GPU's 8- and 4-bit rates: peak x share, given together or not at all", () => {
  const r = runOnBrokenCopy(({ presets }) => {
    const gpu = (id) => presets.gpus.find((g) => g.id === id);
    // H100 SXM: FP8 3,958 TFLOP/s with sparsity, 1,979 dense; left at the sparse figure, 0.5 of it is wrong.
    gpu('h100-sxm-80gb').flops_8bit_per_s = 1979e12;
    // A usable 4-bit rate on a card with no FP4 peak.
    gpu('a100-80gb-sxm').flops_4bit_per_s = 624e12;
    // A peak without its usable rate: B200's FP4, 9,000 TFLOP/s dense x 0.5.
    delete gpu('b200-hgx-180gb').flops_4bit_per_s;
  });
  assertFails(r, 'presets.json: h100-sxm-80gb: flops_8bit_per_s: must equal peak_flops_8bit_per_s × usable_fraction_flops = 989500000000000 (got 1979000000000000)');
  assertFails(r, 'presets.json: a100-80gb-sxm: flops_4bit_per_s: needs peak_flops_4bit_per_s and usable_fraction_flops (it is their product); without a peak leave it out');
  assertFails(r, 'presets.json: b200-hgx-180gb: flops_4bit_per_s: missing: must be given as peak_flops_4bit_per_s × usable_fraction_flops = 4500000000000000');
});

test("a model configuration must agree with the model it names", () => {
  const r = runOnBrokenCopy(({ presets }) => {
    config(presets, 'model-mistral-7b-l4').inputs.sliding_window_tokens = 0;
  });
  assertFails(r, "presets.json: model-mistral-7b-l4: inputs.sliding_window_tokens: must equal model mistral-7b-v0.1's sliding_window_tokens (4096) (got 0)");
});

test('an unknown part name in a lesson file is reported with its line', () => {
  const r = runOnBrokenCopy(({ dir }) => {
    const file = path.join(dir, 'lesson', '08-knowledge-check.md');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('{{part:quiz}}', '{{part:quizz}}'));
  });
  const line = fs.readFileSync(path.join(CONTENT, 'lesson', '08-knowledge-check.md'), 'utf8')
    .split('\n').indexOf('{{part:quiz}}') + 1;
  assert.ok(line > 0);
  assertFails(r, `lesson/08-knowledge-check.md: line ${line}: directive: unknown part "quizz" (known: ${PART_NAMES.join(', ')})`);
});

test('a directive naming an unknown preset is reported', () => {
  const r = runOnBrokenCopy(({ dir }) => {
    fs.appendFileSync(path.join(dir, 'lesson', '04-worked-example.md'), '\n{{part:table preset=no-such-preset}}\n');
  });
  assert.equal(r.code, 1);
  assert.match(r.err, /^lesson\/04-worked-example\.md: line \d+: directive: preset "no-such-preset" is not a configuration id in presets\.json$/m);
});

test('a broken questions.json is reported when present', () => {
  const r = runOnBrokenCopy(({ dir }) => { fs.writeFileSync(path.join(dir, 'questions.json'), '{"questions": [ '); });
  assert.equal(r.code, 1);
  assert.match(r.err, /^questions\.json: \(file\): \(json\): not valid JSON: /m);
});

test('duplicate question ids are reported', () => {
  const r = runOnBrokenCopy(({ dir }) => {
    fs.writeFileSync(path.join(dir, 'questions.json'), JSON.stringify({ questions: [{ id: 'q1' }, { id: 'q1' }] }));
  });
  assert.equal(r.code, 1);
  assert.match(r.err, /^questions\.json: q1: id: duplicate id in questions \(entry 1\)$/m);
});

test("the six lesson configurations reproduce the seed table's inputs", () => {
  const seed = JSON.parse(fs.readFileSync(SEED, 'utf8'));
  const presets = JSON.parse(fs.readFileSync(path.join(CONTENT, 'presets.json'), 'utf8'));
  const lesson = presets.configurations.filter((c) => c.group === 'lesson');
  assert.equal(lesson.length, seed.budget_rows.length);
  const k = seed.constants;
  seed.budget_rows.forEach((row, i) => {
    // The full input the page uses: the core's defaults, the GPU's fields, the row's own.
    const inp = configurationInput(lesson[i], presets, CORE);
    for (const [key, value] of Object.entries(row.inputs)) assert.equal(inp[key], value, `${lesson[i].id}.${key}`);
    assert.equal(inp.total_params, k.params);
    assert.equal(inp.layers, k.layers);
    assert.equal(inp.head_dim, k.head_dim);
    assert.equal(inp.bandwidth_bytes_per_s, k.bandwidth_bytes_per_s);
    assert.equal(inp.flops_per_s, k.usable_flops_per_s);
    assert.equal(inp.gpu_memory_bytes, k.gpu_memory_bytes);
    assert.equal(inp.query_heads, 32);
    assert.equal(inp.sliding_window_tokens, 0);
    assert.ok(inp.active_params === 0 || inp.active_params === inp.total_params, 'dense model');
  });
});

test('the knowledge-check scenario holds 13 GB of weights and a 40 GB cache on a 48 GB GPU', () => {
  const presets = JSON.parse(fs.readFileSync(path.join(CONTENT, 'presets.json'), 'utf8'));
  const q = configurationInput(config(presets, 'knowledge-check-13b'), presets, CORE);
  // weights = P * b_w = 13e9 * 1; cache = 2 * L * H_kv * d_h * n * B * b_c = 2*40*5*128*15625*25*2 = 40e9
  assert.equal(q.total_params * q.weight_bytes_per_param, 13e9);
  assert.equal(2 * q.layers * q.kv_heads * q.head_dim * q.context_tokens * q.batch * q.cache_bytes_per_value, 40e9);
  assert.equal(q.gpu_memory_bytes, 48e9);
});

// ------------------------------------------------------ questions.json ---

/** Copies content/, lets `mutate(questions)` break questions.json, runs the tool on the copy. */
function runOnBrokenQuestions(mutate) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-questions-'));
  try {
    fs.cpSync(CONTENT, dir, { recursive: true });
    const file = path.join(dir, 'questions.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    const result = mutate(doc);
    fs.writeFileSync(file, typeof result === 'string' ? result : JSON.stringify(doc, null, 2));
    return run(['--dir', dir]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const question = (doc, id) => doc.questions.find((q) => q.id === id);
const stepOf = (q, id) => q.steps.find((s) => s.id === id);

test('questions.json: the real file names the seed questions and computes their answers from the core', () => {
  const doc = JSON.parse(fs.readFileSync(path.join(CONTENT, 'questions.json'), 'utf8'));
  const seed = JSON.parse(fs.readFileSync(SEED, 'utf8')).knowledge_check;
  // The seed's three questions first, in their order (stored answers name them); ours after them:
  // q4-littles-law, on Little's law over the serving simulation (its own test below).
  assert.deepEqual(doc.questions.slice(0, seed.length).map((q) => q.id), seed.map((q) => q.id));
  assert.deepEqual(doc.questions.slice(seed.length).map((q) => q.id), ['q4-littles-law']);
  // Expected answers are calculations, not typed-in numbers.
  assert.equal(stepOf(question(doc, 'q1-fit'), 'total').expected.calc, 'plan');
  assert.equal(stepOf(question(doc, 'q2-speculative'), 'tokens').expected.calc, 'speculative');
  assert.equal(stepOf(question(doc, 'q2-speculative'), 'tokens').expected.acceptance_rate, seed[1].accept);
  assert.equal(stepOf(question(doc, 'q2-speculative'), 'tokens').expected.draft_tokens, seed[1].k);
  // Q3: the choices that are right are exactly the seed's output-changing levers.
  const changes = stepOf(question(doc, 'q3-output-changing'), 'changes');
  assert.deepEqual(changes.choices.map((c) => c.correct), seed[2].changes_output);
});

test('questions.json: the Little\'s law question asks the serving simulation, and a bad simulate calculation is named', () => {
  const doc = JSON.parse(fs.readFileSync(path.join(CONTENT, 'questions.json'), 'utf8'));
  const step = stepOf(question(doc, 'q4-littles-law'), 'in-flight');
  assert.equal(step.expected.calc, 'simulate');
  assert.equal(step.expected.field, 'mean_in_flight');
  // The real file passes ('the real content passes'); a field the traffic declaration does not have, a traffic
  // key it does not declare and a value the core refuses are each named by question and path.
  const r = runOnBrokenQuestions((d) => {
    const q = question(d, 'q4-littles-law');
    stepOf(q, 'in-flight').expected.field = 'in_flight';
    q.values.throughput.traffic = { ...q.values.throughput.traffic, rate: 1 };
  });
  assert.equal(r.code, 1, r.err);
  assert.match(r.err, /^questions\.json: q4-littles-law: steps\.in-flight\.expected\.field: must be one of unstable, tpot_defined, ttft_s\.mean, .*max_rate\.highest_load, .* \(got "in_flight"\)$/m);
  assert.match(r.err, /^questions\.json: q4-littles-law: values\.throughput\.traffic\.rate: is not a traffic field \(the fields are request_rate, concurrency, /m);
  const refused = runOnBrokenQuestions((d) => { question(d, 'q4-littles-law').values.latency_s.traffic.output_tokens = 0; });
  assertFails(refused, 'questions.json: q4-littles-law: values.latency_s: traffic.output_tokens: output_tokens must be a whole number from 1 to 1e8 (got 0)');
});

test('questions.json: an empty drills block is refused by its path', () => {
  const r = runOnBrokenQuestions((doc) => { doc.drills.questions = []; });
  assertFails(r, 'questions.json: (file): drills.questions: must hold 1 to 50 questions (got an empty array); leave "drills" out for none');
});

test('questions.json: a wrong format tag is reported', () => {
  const r = runOnBrokenQuestions((doc) => { doc.format = 'quiz'; });
  assertFails(r, 'questions.json: (file): format: must be "llm-budget-lab-questions" (got "quiz")');
});

test('questions.json: a bad version tag is reported', () => {
  const r = runOnBrokenQuestions((doc) => { doc.version = 'v 1'; });
  assertFails(r, 'questions.json: (file): version: must be a short tag of letters, digits, ".", "_" or "-" (got "v 1")');
});

test('questions.json: an unknown dimension names the question and step', () => {
  const r = runOnBrokenQuestions((doc) => { stepOf(question(doc, 'q1-fit'), 'total').dimension = 'furlongs'; });
  assertFails(r, 'questions.json: q1-fit: steps.total.dimension: must be one of none, bytes, tokens_per_pass, tokens_per_s, seconds (got "furlongs")');
});

test('questions.json: a unit of another dimension is reported', () => {
  const r = runOnBrokenQuestions((doc) => { stepOf(question(doc, 'q2-speculative'), 'tokens').unit = 'GB'; });
  assertFails(r, 'questions.json: q2-speculative: steps.tokens.unit: must be a tokens_per_pass unit: tokens, tok (got "GB")');
});

test('questions.json: a preset that does not exist is reported', () => {
  const r = runOnBrokenQuestions((doc) => { stepOf(question(doc, 'q1-fit'), 'total').expected.preset = 'knowledge-check-99b'; });
  assertFails(r, 'questions.json: q1-fit: steps.total.expected.preset: is not a configuration id in presets.json (got "knowledge-check-99b")');
});

test('questions.json: an unknown plan field and a non-input override are reported', () => {
  const r = runOnBrokenQuestions((doc) => {
    const e = stepOf(question(doc, 'q1-fit'), 'total').expected;
    e.field = 'total_gb';
    e.set = { gpu_count: 2 };
  });
  assert.equal(r.code, 1);
  assert.match(r.err, /^questions\.json: q1-fit: steps\.total\.expected\.field: must be one of weight_bytes, .* \(got "total_gb"\)$/m);
  assert.ok(r.err.includes('questions.json: q1-fit: steps.total.expected.set.gpu_count: is not an input field\n'), r.err);
});

test('questions.json: tolerances out of range are reported', () => {
  const r = runOnBrokenQuestions((doc) => { stepOf(question(doc, 'q2-speculative'), 'tokens').tolerance = { relative: 2, absolute: -1 }; });
  assert.equal(r.code, 1);
  assert.ok(r.err.includes('questions.json: q2-speculative: steps.tokens.tolerance.relative: must be a fraction from 0 to 1 (got 2)\n'), r.err);
  assert.ok(r.err.includes("questions.json: q2-speculative: steps.tokens.tolerance.absolute: must be a number of at least 0, in the step's unit (got -1)\n"), r.err);
});

test('questions.json: a single-choice step with no right answer is reported', () => {
  const r = runOnBrokenQuestions((doc) => {
    for (const c of stepOf(question(doc, 'q3-output-changing'), 'action').choices) c.correct = false;
  });
  assertFails(r, 'questions.json: q3-output-changing: steps.action.choices: at least one choice must be correct');
});

test('questions.json: duplicate ids, a placeholder without a value and a bad show_when are reported', () => {
  const r = runOnBrokenQuestions((doc) => {
    question(doc, 'q2-speculative').id = 'q1-fit';
    doc.questions[0].explanation.push('See {nowhere}.');
    stepOf(doc.questions[0], 'effect-cache-8bit').show_when.choice = 'magic';
  });
  assert.equal(r.code, 1);
  for (const line of [
    'questions.json: q1-fit: id: duplicate id in questions (entry 1)',
    'questions.json: q1-fit: explanation[4]: uses {nowhere} but the question has no value named "nowhere" in values',
    'questions.json: q1-fit: steps.effect-cache-8bit.show_when.choice: must be a choice id of step "lever" (got "magic")',
  ]) assert.ok(r.err.split('\n').includes(line), `expected\n  ${line}\nin\n${r.err}`);
});

test('questions.json: a practice calculation outside practice questions is reported', () => {
  const r = runOnBrokenQuestions((doc) => { stepOf(question(doc, 'q1-fit'), 'total').expected = { calc: 'variant', field: 'total_gb' }; });
  assertFails(r, 'questions.json: q1-fit: steps.total.expected.calc: "variant" is only available in practice questions');
});

test('questions.json: invalid JSON is reported', () => {
  const r = runOnBrokenQuestions(() => '{ "questions": [');
  assert.equal(r.code, 1);
  assert.match(r.err, /^questions\.json: \(file\): \(json\): not valid JSON: /m);
});

/** Copies content/, lets `mutate` edit measured-decode.json (parsed), runs the tool on the copy. */
function runOnBrokenMeasured(mutate) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-content-'));
  try {
    fs.cpSync(CONTENT, dir, { recursive: true });
    const file = path.join(dir, 'measured-decode.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    mutate(doc);
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    return run(['--dir', dir]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('measured-decode.json: a row naming a model its group does not list is reported', () => {
  const r = runOnBrokenMeasured((doc) => { doc.groups[0].rows[0].model = 'Llama-2-13B'; });
  assertFails(r, 'measured-decode.json: groups[0].rows[0]: model: must name a model of the group\'s models (Llama-2-7B, Llama-2-70B) (got "Llama-2-13B")');
});

test('measured-decode.json: a speed that is not a positive number, or null without a note, is reported', () => {
  let r = runOnBrokenMeasured((doc) => { doc.groups[0].rows[1].tokens_per_s = -3; });
  assertFails(r, 'measured-decode.json: groups[0].rows[1]: tokens_per_s: must be a number greater than 0, or null with a note (got -3)');
  r = runOnBrokenMeasured((doc) => { delete doc.groups[0].rows[3].note; });
  assertFails(r, 'measured-decode.json: groups[0].rows[3]: note: a row without a speed must say why (e.g. "out of memory")');
});

test('measured-decode.json: a group whose source gives no bandwidth says so once, and its rows then give none', () => {
  // groups[1] is gpt-fast's Mixtral table: speeds only, with a bandwidth_note.
  let r = runOnBrokenMeasured((doc) => { delete doc.groups[1].bandwidth_note; });
  assertFails(r, 'measured-decode.json: groups[1].rows[1]: achieved_gb_per_s: must be a number greater than 0 for a measured row (got nothing)');
  r = runOnBrokenMeasured((doc) => { doc.groups[1].rows[2].achieved_gb_per_s = 900; });
  assertFails(r, 'measured-decode.json: groups[1].rows[2]: achieved_gb_per_s: the group\'s bandwidth_note says its source gives no bandwidth; remove this, or the note');
  r = runOnBrokenMeasured((doc) => { doc.groups[1].bandwidth_note = ' '; });
  assert.equal(r.code, 1);
  assert.match(r.err, /^measured-decode\.json: groups\[1\]: bandwidth_note: /m);
});

test('measured-decode.json: the budget block must point into presets.json and count every weight label', () => {
  let r = runOnBrokenMeasured((doc) => { doc.budget.gpu = 'a100-40gb'; });
  assertFails(r, 'measured-decode.json: budget: gpu: names no GPU in presets.json (got "a100-40gb")');
  r = runOnBrokenMeasured((doc) => { doc.budget.models['Llama-2-70B'] = 'llama-2-70b-chat'; });
  assertFails(r, 'measured-decode.json: budget: models.Llama-2-70B: names no model in presets.json (got "llama-2-70b-chat")');
  r = runOnBrokenMeasured((doc) => { delete doc.budget.weight_bytes_per_param['int4 (group 32)']; });
  assertFails(r, 'measured-decode.json: groups[0].rows[2]: weights: has no entry in budget.weight_bytes_per_param (got "int4 (group 32)")');
  r = runOnBrokenMeasured((doc) => { doc.budget.notes = []; });
  assertFails(r, 'measured-decode.json: budget: notes: must be a non-empty array of sentences (how bytes per weight are counted, and why)');
});

test('measured-decode.json: every row\'s estimate input is asked of the core', () => {
  // 9 bytes per weight is above the core's 8; a GPU count that does not split the 70B's 64 heads is refused.
  let r = runOnBrokenMeasured((doc) => { doc.budget.weight_bytes_per_param.int8 = 9; });
  assert.equal(r.code, 1);
  assert.match(r.err, /^measured-decode\.json: groups\[0\]\.rows\[1\]: weights: .*8/m);
  r = runOnBrokenMeasured((doc) => { doc.groups[0].rows[9].gpus = 3; });
  assert.equal(r.code, 1);
  assert.match(r.err, /^measured-decode\.json: groups\[0\]\.rows\[9\]: gpus: .*nearest valid: 2 or 4/m);
});

test('a models or gpus section that is not a list is reported, never a crash', () => {
  for (const [section, value] of [['models', 5], ['gpus', 'abc'], ['models', { 0: {} }]]) {
    const r = runOnBrokenCopy(({ presets }) => { presets[section] = value; });
    assert.equal(r.code, 1, `${section} = ${JSON.stringify(value)}: exit ${r.code}; stderr:\n${r.err}`);
    assert.doesNotMatch(r.err, /TypeError|\n\s+at /, 'no stack trace');
    assert.match(r.err, new RegExp(`presets\\.json: .*${section}`));
  }
});

test('questions.json: a misspelt key is refused by name at every level, not ignored', () => {
  const cases = [
    [(doc) => { question(doc, 'q1-fit').titel = 'x'; }, 'questions.json: q1-fit: titel: is not a key here (expected one of id, title, prompt, worked, mistake, values, steps, explanation)'],
    [(doc) => { stepOf(question(doc, 'q1-fit'), 'total').tolerence = 0.05; }, 'questions.json: q1-fit: steps.total.tolerence: is not a key here (expected one of id, kind, prompt, show_when, dimension, unit, expected, tolerance, accept, feedback)'],
    [(doc) => { stepOf(question(doc, 'q1-fit'), 'total').tolerance.close_relativ = 0.1; }, 'questions.json: q1-fit: steps.total.tolerance.close_relativ: is not a key here (expected one of relative, absolute, close_relative)'],
    [(doc) => { stepOf(question(doc, 'q1-fit'), 'total').expected.digts = 2; }, 'questions.json: q1-fit: steps.total.expected.digts: is not a key here (expected one of calc, unit, digits, preset, field, set)'],
    [(doc) => { stepOf(question(doc, 'q3-output-changing'), 'changes').multple = true; }, 'questions.json: q3-output-changing: steps.changes.multple: is not a key here (expected one of id, kind, prompt, show_when, choices, multiple, correct_value)'],
  ];
  for (const [mutate, line] of cases) assertFails(runOnBrokenQuestions(mutate), line);
});

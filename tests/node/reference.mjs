// Shared by the node tests: the repo root, the lesson's reference values
// (tests/data/seed-values.json) and a tolerance check.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SEED_PATH = path.join(REPO, 'tests/data/seed-values.json');
export const SEED = JSON.parse(readFileSync(SEED_PATH, 'utf8'));

/**
 * The BudgetInput of one of the lesson's rows: the lesson's constants plus the
 * row's inputs, on top of the core's defaults (query heads 32, no window, dense).
 */
export function lessonInput(defaults, row) {
  const c = SEED.constants;
  return {
    ...defaults,
    total_params: c.params,
    active_params: 0,
    layers: c.layers,
    query_heads: 32,
    head_dim: c.head_dim,
    sliding_window_tokens: 0,
    bandwidth_bytes_per_s: c.bandwidth_bytes_per_s,
    flops_per_s: c.usable_flops_per_s,
    gpu_memory_bytes: c.gpu_memory_bytes,
    ...row.inputs,
  };
}

/** Equal within a relative 1e-12: the reference was computed with other operation orders. */
export function assertClose(actual, expected, what) {
  assert.equal(typeof actual, 'number', `${what}: expected a number, got ${actual}`);
  const tolerance = Math.abs(expected) * 1e-12;
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} != ${expected}`);
}

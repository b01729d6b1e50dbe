// The one list of the element's parts: their names (the `parts` attribute's
// words and the lesson's {{part:NAME}} directives) in the order parts="all"
// shows them, each with the sentence the instructors' page gives it and the
// script that holds its code (`script`: dist/llm-budget-lab-part-<script>.js,
// loaded when an element showing the part comes near the viewport; parts
// that share code share a script) and, as `wasm: 'full'`, the parts that need
// the full wasm module (the answer checker, practice, drills, the serving
// simulation or the config.json importer of the presets part; web/core/wasm-variants.js): a page whose elements show none of
// them loads the calculator's smaller module; and, as `presets: true`, the
// parts that read models, GPUs or configurations (the element's presets: the
// built-in ones come in their own script, web/element/presets.js, loaded only
// for an element that shows such a part or names a preset). Data only: the element, the
// build, the lesson renderer, the instructors' page and tools/check-content
// all read it.

export const PARTS = Object.freeze([
  { name: 'presets', script: 'presets', wasm: 'full', presets: true, description: 'buttons for the ready-made configurations, models and GPUs' },
  { name: 'calculator', script: 'calculator', description: 'the serving-budget calculator: every input, memory, verdict and speeds' },
  { name: 'table', script: 'table', presets: true, description: 'the lesson’s six configurations as a live table' },
  { name: 'memory-chart', script: 'charts', presets: true, description: 'GPU memory per configuration, weights and KV cache stacked, with the limit' },
  { name: 'batch-chart', script: 'charts', description: 'tokens/s against batch, with the region that does not fit' },
  { name: 'speculative', script: 'charts', description: 'speculative decoding: tokens per pass against acceptance rate, and the speed-up' },
  { name: 'attention', script: 'charts', description: 'stored attention-score memory against context, quadratic vs tiled' },
  { name: 'decision', script: 'decision', wasm: 'full', presets: true, description: 'the decision procedure on the reader’s workload: baseline, the planner’s table of levers (output-keeping first), the cheapest combination that keeps the output and meets the targets, the cheaper one that changes it (when there is one) and what to evaluate for it' },
  { name: 'traffic', script: 'charts', wasm: 'full', description: 'the serving simulation at a request rate or a concurrency: p50 and p99 time to first token and per output token against load, the targets and the highest load meeting them, and the percentiles, goodput and Little’s law at the chosen load' },
  { name: 'measured', script: 'measured', wasm: 'full', presets: true, description: 'estimates held against published measured decode speeds (Llama 2 on A100s) and latencies (NIM, NeMo), with the ratio, the factor-of-two band and a slider for the achieved share of peak bandwidth; NIM’s runs at concurrency 1 to 100 against the serving simulation, with the knee' },
  { name: 'kv-practice', script: 'quiz', wasm: 'full', presets: true, description: 'KV-cache practice with fresh numbers: cache size, and the key/value projections a cache saves' },
  { name: 'quiz', script: 'quiz', wasm: 'full', presets: true, description: 'the knowledge check (questions from the built-in file or the questions attribute)' },
].map(Object.freeze));

/** Part names in the order parts="all" shows them. */
export const PART_NAMES = Object.freeze(PARTS.map((p) => p.name));

/** The part scripts, each once, in the order of their first part. */
export const PART_SCRIPTS = Object.freeze([...new Set(PARTS.map((p) => p.script))]);

/** The script that holds part `name` (undefined for an unknown name). */
export function partScript(name) {
  const part = PARTS.find((p) => p.name === name);
  return part ? part.script : undefined;
}

/** True when part `name` needs the full wasm module (see above); false for an unknown name. */
export function needsFullModule(name) {
  const part = PARTS.find((p) => p.name === name);
  return Boolean(part && part.wasm === 'full');
}

/** True when part `name` reads models, GPUs or configurations (see above); false for an unknown name. */
export function readsPresets(name) {
  const part = PARTS.find((p) => p.name === name);
  return Boolean(part && part.presets === true);
}

/** The keys a lesson directive may give after its name: {{part:quiz questions=URL}}. */
export const DIRECTIVE_KEYS = Object.freeze(['preset', 'questions']);

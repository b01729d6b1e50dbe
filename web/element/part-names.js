// The one list of the element's parts: their names (the `parts` attribute's
// words and the lesson's {{part:NAME}} directives) in the order parts="all"
// shows them (the instructors' page's sentence about each is its string
// "instructors.part.<name>", content/ui/<locale>.json), each with the
// script that holds its code (`script`: dist/llm-budget-lab-part-<script>.js,
// loaded when an element showing the part comes near the viewport; parts
// that share code share a script) and, as `wasm: 'full'`, the parts that need
// the full wasm module (the answer checker, practice, drills, the serving
// simulation, or the importer's message kinds for the presets part; web/core/wasm-variants.js): a page whose elements show none of
// them loads the calculator's smaller module; as `importer: true`, the part that
// reads a config.json (its importer is a module of its own, loaded at first use:
// dist/llm-budget-lab-importer.js); and, as `presets: true`, the
// parts that read models, GPUs or configurations (the element's presets: the
// built-in ones come in their own script, web/element/presets.js, loaded only
// for an element that shows such a part or names a preset); and, as `strings`, the
// prefixes of the English string ids (content/ui/en.json, "decision.*") only that
// part's script shows (the chart frame's, "chart.*", shared by the charts script's
// parts, are declared once, on its first part): its script carries those strings instead of the core script
// (web/strings-plugin.mjs; the build refuses a script whose code names an id it
// does not carry). Data only: the element, the
// build, the lesson renderer, the instructors' page and tools/check-content
// all read it.

export const PARTS = Object.freeze([
  { name: 'presets', script: 'presets', wasm: 'full', presets: true, importer: true, strings: ['presets', 'runtimePresets', 'hfImport'] },
  { name: 'calculator', script: 'calculator' },
  { name: 'table', script: 'table', presets: true },
  { name: 'memory-chart', script: 'charts', presets: true, strings: ['memoryChart', 'chart', 'chartExport'] },
  { name: 'batch-chart', script: 'charts', strings: ['batchChart'] },
  { name: 'speculative', script: 'charts', strings: ['speculative'] },
  { name: 'attention', script: 'charts', strings: ['attention'] },
  { name: 'decision', script: 'decision', wasm: 'full', presets: true, strings: ['decision'] },
  { name: 'traffic', script: 'charts', wasm: 'full', strings: ['trafficChart', 'traffic'] },
  { name: 'measured', script: 'measured', wasm: 'full', presets: true, strings: ['measured'] },
  { name: 'kv-practice', script: 'quiz', wasm: 'full', presets: true, strings: ['kvPractice'] },
  { name: 'quiz', script: 'quiz', wasm: 'full', presets: true, strings: ['questionsCheck', 'questionsFile', 'quiz', 'questionPrep'] },
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

/** True when part `name` reads a config.json with the importer's module (see above); false for an unknown name. */
export function readsConfigJson(name) {
  const part = PARTS.find((p) => p.name === name);
  return Boolean(part && part.importer === true);
}

/** True when part `name` reads models, GPUs or configurations (see above); false for an unknown name. */
export function readsPresets(name) {
  const part = PARTS.find((p) => p.name === name);
  return Boolean(part && part.presets === true);
}

/** The keys a lesson directive may give after its name: {{part:quiz questions=URL}}. */
export const DIRECTIVE_KEYS = Object.freeze(['preset', 'questions']);

// The one list of the element's parts: their names (the `parts` attribute's
// words and the lesson's {{part:NAME}} directives) in the order parts="all"
// shows them, each with the sentence the instructors' page gives it. Data
// only: the element, the lesson renderer, the instructors' page and
// tools/check-content all read it.

export const PARTS = Object.freeze([
  { name: 'presets', description: 'buttons for the ready-made configurations, models and GPUs' },
  { name: 'calculator', description: 'the serving-budget calculator: every input, memory, verdict and speeds' },
  { name: 'table', description: 'the lesson’s six configurations as a live table' },
  { name: 'memory-chart', description: 'GPU memory per configuration, weights and KV cache stacked, with the limit' },
  { name: 'batch-chart', description: 'tokens/s against batch, with the region that does not fit' },
  { name: 'speculative', description: 'speculative decoding: tokens per pass against acceptance rate, and the speed-up' },
  { name: 'attention', description: 'stored attention-score memory against context, quadratic vs tiled' },
  { name: 'decision', description: 'the decision procedure on the reader’s workload: baseline, the planner’s table of levers (output-keeping first), the cheapest combination that meets the targets and what to evaluate for it' },
  { name: 'measured', description: 'estimates held against published measured decode speeds (Llama 2 on A100s), with the ratio, the factor-of-two band and a slider for the achieved share of peak bandwidth' },
  { name: 'kv-practice', description: 'KV-cache practice with fresh numbers: cache size, and the key/value projections a cache saves' },
  { name: 'quiz', description: 'the knowledge check (questions from the built-in file or the questions attribute)' },
].map(Object.freeze));

/** Part names in the order parts="all" shows them. */
export const PART_NAMES = Object.freeze(PARTS.map((p) => p.name));

/** The keys a lesson directive may give after its name: {{part:quiz questions=URL}}. */
export const DIRECTIVE_KEYS = Object.freeze(['preset', 'questions']);

// Turns the calculations a questions file names ({"calc": "plan", ...}) into
// numbers, by asking the cores: core.plan / core.speculative (budget core),
// quizCore.makeVariant's result for practice questions, quizCore.makeKvPractice's
// for the KV-cache practice, quizCore.makeMistakeDrill's for a "find the
// mistake" drill (blockResolver makes the one a block's question needs). Every calculation's unit is the one the core
// declares for that field (the budget's field declaration, the practice
// generators' declaration quizCore.PRACTICE), and unit conversion uses the
// core's own unit factors (quizCore.reading.unitFactor); nothing here
// re-derives a formula or guesses a unit.

const numberFormats = new Map();
function formatter(digits) {
  if (!numberFormats.has(digits)) {
    numberFormats.set(digits, new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }));
  }
  return numberFormats.get(digits);
}

/**
 * The unit a calculation's raw result is in ('' = plain number or yes/no):
 * the unit the core's declaration gives the field, for plan, input and
 * speculative fields (the budget's) and for the practice generators' fields
 * (quizCore.PRACTICE[calc].fields).
 */
function sourceUnit(calc, declaration, practice) {
  const f = calc.field || '';
  const declared = (list) => {
    const d = list.find((x) => x.name === f);
    return d ? d.unit : '';
  };
  if (calc.calc === 'plan') return declared(declaration.results.plan);
  if (calc.calc === 'input') return declared(declaration.inputs);
  if (calc.calc === 'speculative') return declared(declaration.results.speculative);
  if (Object.hasOwn(practice, calc.calc)) return declared(practice[calc.calc].fields);
  return '';
}

/**
 * A resolver over the cores.
 * @param {object} core budget-core facade; @param {object} quizCore quiz-core facade
 * @param {object|null} variant a makeVariant value (practice questions), or null
 * @param {{kvPractice?: object|null, drill?: object|null, presets: object}} options a makeKvPractice
 *   value (KV-cache practice questions), a makeMistakeDrill value (a drill question) and the
 *   element's preset set (element/presets.js presetSet), required
 * @returns {(calc:object, unit?:string) => ({ok:true, value:number|boolean} | {ok:false, error:string})}
 *   `unit`: the unit the number is wanted in (e.g. "GB"); omitted = the calculation's own unit
 */
export function makeResolver(core, quizCore, variant, { kvPractice = null, drill = null, presets }) {
  if (!presets || typeof presets.presetPatch !== 'function') throw new TypeError('makeResolver needs { presets } (element/presets.js presetSet)');
  const factor = (unit) => quizCore.reading.unitFactor(unit);
  // Text from the file as an error quotes it: clipped, invisible characters written out.
  const quoted = (text) => quizCore.reading.quoteText(text);

  function raw(calc) {
    switch (calc.calc) {
      case 'number': return { ok: true, value: calc.value };
      case 'input':
      case 'plan': {
        const patch = presets.presetPatch(calc.preset, core);
        if (!patch) return { ok: false, error: `unknown preset "${quoted(calc.preset)}"` };
        const input = { ...presets.defaultInput(core), ...patch, ...(calc.set || {}) };
        // An input is one the core accepts (a "set" may not leave the preset unusable).
        const r = core.plan(input);
        if (!r.ok) return { ok: false, error: r.error };
        return { ok: true, value: calc.calc === 'input' ? input[calc.field] : r.value[calc.field] };
      }
      case 'speculative': {
        const r = core.speculative(calc.acceptance_rate, calc.draft_tokens, calc.draft_cost_ratio ?? 0);
        return r.ok ? { ok: true, value: r.value[calc.field] } : { ok: false, error: r.error };
      }
      case 'variant':
        return variant ? { ok: true, value: variant[calc.field] } : { ok: false, error: 'no practice variant' };
      case 'kv':
        return kvPractice ? { ok: true, value: kvPractice.values[calc.field] } : { ok: false, error: 'no KV-cache practice variant' };
      case 'drill':
        return drill ? { ok: true, value: drill.values[calc.field] } : { ok: false, error: 'no drill (the question names no mistake)' };
      default:
        return { ok: false, error: `unknown calculation "${quoted(calc.calc)}"` };
    }
  }

  return function resolve(calc, unit) {
    const r = raw(calc);
    if (!r.ok) return r;
    if (typeof r.value === 'boolean') return r;
    if (typeof r.value !== 'number' || !Number.isFinite(r.value)) {
      return { ok: false, error: `${calc.calc}.${calc.field} gave no number` };
    }
    const from = sourceUnit(calc, core.declaration, quizCore.PRACTICE);
    const to = unit === undefined ? from : unit;
    if (!from || !to || from === to) return r;
    const scale = factor(from) / factor(to);
    return Number.isFinite(scale) ? { ok: true, value: r.value * scale } : { ok: false, error: `cannot convert ${from} to ${quoted(to)}` };
  };
}

/**
 * The resolver for one question of a questions-file block: the block's practice
 * generator drawn at `seed` (the block "practice" a makeVariant, "kv_practice" a
 * makeKvPractice, "drills" a makeMistakeDrill of the question's own "mistake"),
 * or none for the plain "questions" block.
 * @param {object} core budget-core facade; @param {object} quizCore quiz-core facade
 * @param {{block:string, seed:number, question:object, presets:object}} options
 * @returns {{ok:true, resolve:Function} | {ok:false, error:string}}
 */
export function blockResolver(core, quizCore, { block, seed, question, presets }) {
  const generator = Object.values(quizCore.PRACTICE).find((p) => p.block === block);
  const drawn = !generator ? { ok: true, value: null }
    : generator.calc === 'variant' ? quizCore.makeVariant(seed)
      : generator.calc === 'kv' ? quizCore.makeKvPractice(seed)
        : quizCore.makeMistakeDrill(seed, question && question.mistake);
  if (!drawn.ok) return { ok: false, error: drawn.error };
  const calc = generator ? generator.calc : '';
  const resolve = makeResolver(core, quizCore, calc === 'variant' ? drawn.value : null, {
    kvPractice: calc === 'kv' ? drawn.value : null, drill: calc === 'drill' ? drawn.value : null, presets,
  });
  return { ok: true, resolve };
}

/** A resolved value as the text shows it: yes/no, or a number with at most `digits` decimals. */
export function formatValue(value, digits = 2) {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return formatter(digits).format(value);
}

/**
 * Fills {name} placeholders with resolved texts (the result is set as textContent).
 * Only `texts`' own entries count: "{constructor}" with no value of that name stays as written.
 */
export function fill(template, texts) {
  return template.replace(/\{([a-z0-9_]+)\}/g, (m, name) => (Object.hasOwn(texts, name) ? texts[name] : m));
}

// Turns the calculations a questions file names ({"calc": "plan", ...}) into
// numbers, by asking the cores: core.plan / core.speculative (budget core),
// traffic.simulateTraffic / traffic.highestLoad (the serving simulation's
// facade, web/core/traffic-core.js, for "simulate"; loaded by the caller only
// when a file uses it: needsTraffic()),
// quizCore.makeVariant's result for practice questions, quizCore.makeKvPractice's
// for the KV-cache practice, quizCore.makeMistakeDrill's for a "find the
// mistake" drill (blockResolver makes the one a block's question needs). Every calculation's unit is the one the core
// declares for that field (the budget's field declaration, the practice
// generators' declaration quizCore.PRACTICE), and unit conversion uses the
// core's own unit factors (quizCore.reading.unitFactor); nothing here
// re-derives a formula or guesses a unit.
//
// A calculation that cannot be made is refused with its English sentence (`error`) and what
// another language writes it from: either the core's refusal itself (its `code` and `params`,
// web/element/core-message.js words it), or `say`, the id of this file's own sentence
// ("questionPrep.*", content/ui/<locale>.json) and its values (prepare.js problemInWords).
import { translator } from '../element/i18n.js';

const ENGLISH = translator('en', null).t;

/**
 * A refusal of this file's own kind: `id` its sentence ("questionPrep.*") and `params` its
 * values (a value that is itself a refusal, {refusal}, is worded as one).
 * @returns {{ok:false, error:string, say:{id:string, params:object}}}
 */
export function ownRefusal(id, params = {}) {
  const english = {};
  for (const [k, v] of Object.entries(params)) english[k] = v && typeof v === 'object' ? v.error : v;
  return { ok: false, error: ENGLISH(id, english), say: { id, params } };
}

const numberFormats = new Map();
function formatter(digits, locale) {
  const key = `${locale}|${digits}`;
  if (!numberFormats.has(key)) {
    numberFormats.set(key, new Intl.NumberFormat(locale, { maximumFractionDigits: digits }));
  }
  return numberFormats.get(key);
}

/**
 * The unit a calculation's raw result is in ('' = plain number or yes/no):
 * the unit the core's declaration gives the field, for plan, input and
 * speculative fields (the budget's) and for the practice generators' fields
 * (quizCore.PRACTICE[calc].fields).
 */
function sourceUnit(calc, declaration, practice, traffic) {
  const f = calc.field || '';
  const declared = (list) => {
    const d = list.find((x) => x.name === f);
    return d ? d.unit : '';
  };
  if (calc.calc === 'plan') return declared(declaration.results.plan);
  if (calc.calc === 'input') return declared(declaration.inputs);
  if (calc.calc === 'speculative') return declared(declaration.results.speculative);
  if (calc.calc === SIMULATE && traffic) {
    const d = simulationField(traffic.declaration, f);
    return d ? d.unit : '';
  }
  if (Object.hasOwn(practice, calc.calc)) return declared(practice[calc.calc].fields);
  return '';
}

/** The calculation kind that runs the serving simulation. */
export const SIMULATE = 'simulate';
/** The prefix of a "simulate" field that asks the highest-load search instead: "max_rate.highest_load". */
export const MAX_RATE_PREFIX = 'max_rate.';

/**
 * The fields a "simulate" calculation may name, from the traffic declaration
 * (traffic facade's `declaration`, src/traffic/traffic_declarations.cpp):
 * every number and flag of the simulation's results by name
 * ("mean_in_flight", "requests_per_s", "unstable"), every latency summary with one of
 * the declared statistics ("e2e_s.mean", "ttft_s.p90"), and every number and flag of the
 * highest-load search after "max_rate." ("max_rate.highest_load", "max_rate.found").
 * @returns {{name:string, unit:string, kind:'number'|'flag', search:boolean, result:string, statistic:string|null}[]}
 *   result: the declared result's name; statistic: the summary's statistic, or null
 */
export function simulationFields(trafficDeclaration) {
  const out = [];
  const { simulation, max_rate: maxRate } = trafficDeclaration.results;
  for (const f of simulation) {
    if (f.kind === 'summary') {
      for (const stat of trafficDeclaration.statistics) {
        out.push({ name: `${f.name}.${stat}`, unit: f.unit, kind: 'number', search: false, result: f.name, statistic: stat });
      }
    } else out.push({ name: f.name, unit: f.unit, kind: f.kind, search: false, result: f.name, statistic: null });
  }
  for (const f of maxRate) {
    if (f.kind !== 'summary') out.push({ name: MAX_RATE_PREFIX + f.name, unit: f.unit, kind: f.kind, search: true, result: f.name, statistic: null });
  }
  return out;
}
const fieldLists = new WeakMap();
/** The simulationFields() entry named `name`, or undefined. */
export function simulationField(trafficDeclaration, name) {
  if (!fieldLists.has(trafficDeclaration)) fieldLists.set(trafficDeclaration, simulationFields(trafficDeclaration));
  return fieldLists.get(trafficDeclaration).find((f) => f.name === name);
}

/**
 * True when the questions document `doc` names a "simulate" calculation anywhere
 * (a value, an expected answer or a correct_value, in any block): its callers then
 * load the traffic facade (loadTrafficCore()) and pass it; a file without one never loads it.
 */
export function needsTraffic(doc) {
  // A stack instead of recursion: a file nested thousands of levels deep (JSON.parse reads
  // it) is walked without exhausting the call stack, before its checks refuse it.
  const seen = new Set();
  const stack = [doc];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (!Array.isArray(v) && v.calc === SIMULATE) return true;
    stack.push(...Object.values(v));
  }
  return false;
}

// Runs of the simulation already made, per traffic facade: the core is deterministic
// (the same input and seed give the same run), and the quiz and its checks ask the same
// calculation for a value and an expected answer. At most RUNS_KEPT are kept.
const RUNS_KEPT = 64;
const runsByFacade = new WeakMap();
function cachedRun(traffic, key, run) {
  if (!runsByFacade.has(traffic)) runsByFacade.set(traffic, new Map());
  const runs = runsByFacade.get(traffic);
  if (!runs.has(key)) {
    if (runs.size >= RUNS_KEPT) runs.delete(runs.keys().next().value);
    runs.set(key, run());
  }
  return runs.get(key);
}

/**
 * A resolver over the cores.
 * @param {object} core budget-core facade; @param {object} quizCore quiz-core facade
 * @param {object|null} variant a makeVariant value (practice questions), or null
 * @param {{kvPractice?: object|null, drill?: object|null, presets: object, traffic?: object|null}} options
 *   a makeKvPractice value (KV-cache practice questions), a makeMistakeDrill value (a drill
 *   question), the element's preset set (element/presets.js presetSet), required, and the
 *   traffic facade (web/core/traffic-core.js), needed only by "simulate" calculations
 * @returns {(calc:object, unit?:string) => ({ok:true, value:number|boolean} | {ok:false, error:string, say?:object, code?:string, params?:object})}
 *   a refusal: its English sentence `error`, and `say` (ownRefusal) or the core's `code`/`params`
 *   `unit`: the unit the number is wanted in (e.g. "GB"); omitted = the calculation's own unit.
 *   A "simulate" calculation {preset, set?, traffic?, field} runs traffic.simulateTraffic (or, for
 *   a "max_rate." field, traffic.highestLoad) on the preset's input with `set` over it and the
 *   traffic fields `traffic` gives (others at the declaration's defaults); its errors name the
 *   field, a traffic field as "traffic.<name>"
 */
export function makeResolver(core, quizCore, variant, { kvPractice = null, drill = null, presets, traffic = null }) {
  if (!presets || typeof presets.presetPatch !== 'function') throw new TypeError('makeResolver needs { presets } (element/presets.js presetSet)');
  const factor = (unit) => quizCore.reading.unitFactor(unit);
  // Text from the file as an error quotes it: clipped, invisible characters written out.
  const quoted = (text) => quizCore.reading.quoteText(text);

  /** The budget input a plan, input or simulate calculation names, or {error}. */
  function presetInput(calc) {
    const patch = presets.presetPatch(calc.preset, core);
    if (!patch) return { error: ownRefusal('questionPrep.unknownPreset', { preset: quoted(calc.preset) }) };
    return { input: { ...presets.defaultInput(core), ...patch, ...(calc.set || {}) } };
  }

  function simulate(calc) {
    if (!traffic) return ownRefusal('questionPrep.noTraffic');
    const field = simulationField(traffic.declaration, calc.field);
    if (!field) {
      const names = simulationFields(traffic.declaration).map((f) => f.name);
      return ownRefusal('questionPrep.notSimulationField', { field: quoted(String(calc.field)), fields: names.join(', ') });
    }
    const made = presetInput(calc);
    if (made.error) return made.error;
    const load = calc.traffic === undefined ? {} : calc.traffic;
    const key = JSON.stringify([field.search, made.input, load]);
    const r = cachedRun(traffic, key, () => (field.search ? traffic.highestLoad(made.input, load) : traffic.simulateTraffic(made.input, load)));
    if (!r.ok) {
      // A refusal of a budget input (the preset or its "set") names that input; any other names a traffic field.
      const budgetField = core.declaration.inputs.some((f) => f.name === r.field);
      // "traffic.<name>" is the field as a question names it, not a string id.
      return r.field && !budgetField ? ownRefusal('questionPrep.trafficRefusal', { field: 'traffic.' + r.field, refusal: r }) : r;
    }
    const value = r.value[field.result];
    if (value === null) {
      const why = field.result.startsWith('tpot') && !r.value.tpot_defined ? 'questionPrep.noValueTpot' : 'questionPrep.noValueUnstable';
      return ownRefusal(why, { field: `simulate.${calc.field}` });
    }
    return { ok: true, value: field.statistic ? value[field.statistic] : value };
  }

  function raw(calc) {
    switch (calc.calc) {
      case 'number': return { ok: true, value: calc.value };
      case 'input':
      case 'plan': {
        const made = presetInput(calc);
        if (made.error) return made.error;
        const { input } = made;
        // An input is one the core accepts (a "set" may not leave the preset unusable).
        const r = core.plan(input);
        if (!r.ok) return r;
        return { ok: true, value: calc.calc === 'input' ? input[calc.field] : r.value[calc.field] };
      }
      case SIMULATE: return simulate(calc);
      case 'speculative': {
        const r = core.speculative(calc.acceptance_rate, calc.draft_tokens, calc.draft_cost_ratio ?? 0);
        return r.ok ? { ok: true, value: r.value[calc.field] } : r;
      }
      case 'variant':
        return variant ? { ok: true, value: variant[calc.field] } : ownRefusal('questionPrep.noVariant');
      case 'kv':
        return kvPractice ? { ok: true, value: kvPractice.values[calc.field] } : ownRefusal('questionPrep.noKvVariant');
      case 'drill':
        return drill ? { ok: true, value: drill.values[calc.field] } : ownRefusal('questionPrep.noDrill');
      default:
        return ownRefusal('questionPrep.unknownCalc', { calc: quoted(calc.calc) });
    }
  }

  return function resolve(calc, unit) {
    const r = raw(calc);
    if (!r.ok) return r;
    if (typeof r.value === 'boolean') return r;
    if (typeof r.value !== 'number' || !Number.isFinite(r.value)) {
      return ownRefusal('questionPrep.noNumber', { value: `${calc.calc}.${calc.field}` });
    }
    const from = sourceUnit(calc, core.declaration, quizCore.PRACTICE, traffic);
    const to = unit === undefined ? from : unit;
    if (!from || !to || from === to) return r;
    const scale = factor(from) / factor(to);
    return Number.isFinite(scale) ? { ok: true, value: r.value * scale } : ownRefusal('questionPrep.cannotConvert', { from, to: quoted(to) });
  };
}

/**
 * The resolver for one question of a questions-file block: the block's practice
 * generator drawn at `seed` (the block "practice" a makeVariant, "kv_practice" a
 * makeKvPractice, "drills" a makeMistakeDrill of the question's own "mistake"),
 * or none for the plain "questions" block.
 * @param {object} core budget-core facade; @param {object} quizCore quiz-core facade
 * @param {{block:string, seed:number, question:object, presets:object, traffic?:object|null}} options
 *   traffic: the traffic facade, for "simulate" calculations (makeResolver)
 * @returns {{ok:true, resolve:Function} | {ok:false, error:string}}
 */
export function blockResolver(core, quizCore, { block, seed, question, presets, traffic = null }) {
  const generator = Object.values(quizCore.PRACTICE).find((p) => p.block === block);
  const drawn = !generator ? { ok: true, value: null }
    : generator.calc === 'variant' ? quizCore.makeVariant(seed)
      : generator.calc === 'kv' ? quizCore.makeKvPractice(seed)
        : quizCore.makeMistakeDrill(seed, question && question.mistake);
  if (!drawn.ok) return drawn;
  const calc = generator ? generator.calc : '';
  const resolve = makeResolver(core, quizCore, calc === 'variant' ? drawn.value : null, {
    kvPractice: calc === 'kv' ? drawn.value : null, drill: calc === 'drill' ? drawn.value : null, presets, traffic,
  });
  return { ok: true, resolve };
}

/**
 * A resolved value as the text shows it: yes/no, or a number with at most `digits` decimals.
 * @param {{locale?:string, yes?:string, no?:string}} [words] the page's locale (Intl's grouping
 *   and decimal mark: "53,04" in German) and its words for yes and no; English by default
 */
export function formatValue(value, digits = 2, { locale = 'en-US', yes = 'yes', no = 'no' } = {}) {
  if (typeof value === 'boolean') return value ? yes : no;
  return formatter(digits, locale).format(value);
}

/**
 * Fills {name} placeholders with resolved texts (the result is set as textContent).
 * Only `texts`' own entries count: "{constructor}" with no value of that name stays as written.
 */
export function fill(template, texts) {
  return template.replace(/\{([a-z0-9_]+)\}/g, (m, name) => (Object.hasOwn(texts, name) ? texts[name] : m));
}

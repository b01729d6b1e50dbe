// The rules of content/measured-decode.json (published decode speeds beside
// the page's set-up of an estimate for each), used by tools/check-content.
import { show, isFiniteNumber, coreChecks } from './check-helpers.js';
import { measuredRowInput } from './measured-input.js';

/**
 * measured-decode.json: published decode speeds and the page's set-up of an
 * estimate for each ("budget"). Every row must name a model of its group and a
 * GPU count; a speed is a positive number, or null with a note (a run that
 * did not happen, e.g. out of memory). A measured row gives the bandwidth its source
 * reports, unless its group's "bandwidth_note" says the source gives none (then no row
 * of the group has one). The budget block must point at a model
 * and a GPU of presets.json and give every row's weight label a precision the
 * core accepts; each row's whole estimate input is then asked of the core.
 * @param {unknown} doc  parsed JSON; @param {(id, field, reason) => void} add  reports a problem
 * @param {{presets?: object, core: object}} opts  the presets document it points into, and the budget facade
 */
export function checkMeasured(doc, add, { presets, core } = {}) {
  const { checkWithCore, checkString, checkPlainObject } = coreChecks(core);
  if (!checkPlainObject(doc, '(file)', '(top level)', add)) return;
  checkString(doc, 'about', '(file)', add);
  const groups = doc.groups;
  if (!Array.isArray(groups) || groups.length === 0) {
    add('(file)', 'groups', groups === undefined ? 'missing' : 'must be a non-empty array');
    return;
  }
  const budget = doc.budget;
  const budgetOk = checkPlainObject(budget, 'budget', '(object)', add);
  const presetModels = new Map((Array.isArray(presets?.models) ? presets.models : []).filter((m) => m && typeof m.id === 'string').map((m) => [m.id, m]));
  const presetGpus = new Map((Array.isArray(presets?.gpus) ? presets.gpus : []).filter((g) => g && typeof g.id === 'string').map((g) => [g.id, g]));
  let gpu;
  if (budgetOk) {
    checkString(budget, 'about', 'budget', add);
    checkString(budget, 'gpu', 'budget', add);
    if (typeof budget.gpu === 'string' && presets && !(gpu = presetGpus.get(budget.gpu))) {
      add('budget', 'gpu', `names no GPU in presets.json (got ${JSON.stringify(budget.gpu)})`);
    }
    for (const key of ['models', 'weight_bytes_per_param']) checkPlainObject(budget[key], 'budget', key, add);
    for (const key of ['power_limit_w', 'empirical_peak_gb_per_s']) {
      if (!isFiniteNumber(budget[key]) || budget[key] <= 0) add('budget', key, `must be a number greater than 0 (got ${show(budget[key])})`);
    }
    if (!Array.isArray(budget.notes) || budget.notes.length === 0 || budget.notes.some((n) => typeof n !== 'string' || n.trim() === '')) {
      add('budget', 'notes', 'must be a non-empty array of sentences (how bytes per weight are counted, and why)');
    }
    // The budget's own inputs, as the core sees them.
    checkWithCore(budget, ['cache_bytes_per_value', 'batch', 'context_tokens', 'prompt_tokens'], 'budget', (n) => n, add,
      { required: true });
    for (const [name, id] of Object.entries(budget.models || {})) {
      if (presets && !presetModels.has(id)) add('budget', `models.${name}`, `names no model in presets.json (got ${JSON.stringify(id)})`);
    }
  }
  groups.forEach((g, gi) => {
    const gid = `groups[${gi}]`;
    if (!checkPlainObject(g, gid, 'group', add)) return;
    for (const key of ['source', 'hardware', 'workload']) checkString(g, key, gid, add);
    // A source that gives speeds only says so once for its group; its rows then carry no bandwidth.
    if ('bandwidth_note' in g) checkString(g, 'bandwidth_note', gid, add);
    const bandwidthGiven = !('bandwidth_note' in g);
    if (!checkPlainObject(g.models, gid, 'models', add)) return;
    if (!Array.isArray(g.rows) || g.rows.length === 0) { add(gid, 'rows', 'must be a non-empty array'); return; }
    g.rows.forEach((r, ri) => {
      const rid = `${gid}.rows[${ri}]`;
      if (!checkPlainObject(r, rid, 'row', add)) return;
      if (typeof r.model !== 'string' || !(r.model in g.models)) {
        add(rid, 'model', `must name a model of the group's models (${Object.keys(g.models).join(', ')}) (got ${show(r.model)})`);
      }
      checkString(r, 'weights', rid, add);
      if (!Number.isInteger(r.gpus) || r.gpus < 1) add(rid, 'gpus', `must be a whole number of GPUs, at least 1 (got ${show(r.gpus)})`);
      if (r.tokens_per_s === null) {
        if (typeof r.note !== 'string' || r.note.trim() === '') add(rid, 'note', 'a row without a speed must say why (e.g. "out of memory")');
      } else if (!isFiniteNumber(r.tokens_per_s) || r.tokens_per_s <= 0) {
        add(rid, 'tokens_per_s', `must be a number greater than 0, or null with a note (got ${show(r.tokens_per_s)})`);
      } else if (bandwidthGiven && (!isFiniteNumber(r.achieved_gb_per_s) || r.achieved_gb_per_s <= 0)) {
        add(rid, 'achieved_gb_per_s', `must be a number greater than 0 for a measured row (got ${show(r.achieved_gb_per_s)})`);
      }
      if (!bandwidthGiven && 'achieved_gb_per_s' in r) {
        add(rid, 'achieved_gb_per_s', 'the group\'s bandwidth_note says its source gives no bandwidth; remove this, or the note');
      }
      if (!budgetOk) return;
      if (typeof r.model === 'string' && !(r.model in (budget.models || {}))) add(rid, 'model', `has no entry in budget.models (got ${show(r.model)})`);
      if (typeof r.weights === 'string' && !(r.weights in (budget.weight_bytes_per_param || {}))) {
        add(rid, 'weights', `has no entry in budget.weight_bytes_per_param (got ${show(r.weights)})`);
        return;
      }
      // The row's estimate input, exactly as the page builds it, must be accepted by the core.
      const model = presetModels.get((budget.models || {})[r.model]);
      if (!model || !gpu || typeof r.weights !== 'string' || !Number.isInteger(r.gpus)) return;
      const res = core.plan(measuredRowInput(core, budget, model, gpu, r));
      if (!res.ok) add(rid, res.field === 'weight_bytes_per_param' ? 'weights' : res.field, res.error);
    });
  });
}

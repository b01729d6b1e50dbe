// The rules of content/measured-decode.json (published decode speeds beside
// the page's set-up of an estimate for each), used by tools/check-content.
import { show, isFiniteNumber, coreChecks, typeProblem, reasonText } from './check-helpers.js';
import { measuredRowInput, isLatencyRow, closedLoopTraffic } from './measured-input.js';

/**
 * measured-decode.json: published decode speeds and the page's set-up of an
 * estimate for each ("budget"). Every row must name a model of its group and a
 * GPU count; a speed is a positive number, or null with a note (a run that
 * did not happen, e.g. out of memory). A measured row gives the bandwidth its source
 * reports, unless its group's "bandwidth_note" says the source gives none (then no row
 * of the group has one). A latency row instead gives measured_ms (> 0), the quantity
 * the source names ("TTFT", "ITL", ...) and "estimate": the core's results it is held
 * against, each a plan() result the core declares in seconds (ttft_s, step_s: read from
 * the declaration, no list here) with a positive count; it may set its own batch,
 * input_tokens and output_tokens. The budget block must point at a model
 * and a GPU of presets.json (a row's "gpu" label through budget.gpus) and give every
 * row's weight label a precision the core accepts; each row's whole estimate input is
 * then asked of the core. A group may hold a "closed_loop" block (runs at a fixed
 * concurrency, held against the serving simulation): a row's model, gpu, weights, gpus and
 * workload, and rows of concurrency, quantity, measured_ms, "simulated" (a summary result of
 * the simulation in seconds: ttft_s, tpot_s, e2e_s, read from the traffic declaration) and
 * "statistic" (one of the declaration's statistics: mean, p50, ...); budget.traffic gives the
 * traffic fields every such run shares (requests, ...). Each run is asked of the traffic core.
 * @param {unknown} doc  parsed JSON; @param {(id, field, reason) => void} report  reports a problem
 * @param {{presets?: object, core: object, traffic?: object, t?: Function}} opts  the presets document it
 *   points into, the budget facade, the traffic facade (without it a closed_loop block is refused),
 *   and the English translator's t, which words the reasons of the checks shared with presets-check.js
 */
export function checkMeasured(doc, report, { presets, core, traffic, t } = {}) {
  // The shared checks' reasons are sentences of the string file (check-helpers.js sayReason): in
  // the words of `t`, the English translator's (tools/check-content passes it).
  const add = (id, field, reason, ...rest) => {
    const words = (v) => {
      if (!v || typeof v !== 'object') return v;
      if (typeof t !== 'function') throw new TypeError('checkMeasured needs the English translator\'s t (web/element/i18n.js) to word a shared check\'s reason');
      return reasonText(t, v);
    };
    report(words(id), words(field), words(reason), ...rest);
  };
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
  let trafficOk = true; // budget.traffic is well formed: the closed-loop runs can be asked of the core
  if (budgetOk) {
    checkString(budget, 'about', 'budget', add);
    checkString(budget, 'gpu', 'budget', add);
    if (typeof budget.gpu === 'string' && presets && !(gpu = presetGpus.get(budget.gpu))) {
      add('budget', 'gpu', `names no GPU in presets.json (got ${JSON.stringify(budget.gpu)})`);
    }
    for (const key of ['models', 'weight_bytes_per_param']) checkPlainObject(budget[key], 'budget', key, add);
    if (budget.gpus !== undefined && checkPlainObject(budget.gpus, 'budget', 'gpus', add)) {
      for (const [label, id] of Object.entries(budget.gpus)) {
        if (presets && !presetGpus.has(id)) add('budget', `gpus.${label}`, `names no GPU in presets.json (got ${JSON.stringify(id)})`);
      }
    }
    // The activations' precision by weight label: a number of bytes, for a label the weights have.
    if (budget.activation_bytes_per_value !== undefined && checkPlainObject(budget.activation_bytes_per_value, 'budget', 'activation_bytes_per_value', add)) {
      for (const [label, v] of Object.entries(budget.activation_bytes_per_value)) {
        if (!(label in (budget.weight_bytes_per_param || {}))) add('budget', `activation_bytes_per_value.${label}`, 'names no label of budget.weight_bytes_per_param');
        else if (!isFiniteNumber(v) || v <= 0) add('budget', `activation_bytes_per_value.${label}`, `must be a number of bytes greater than 0 (got ${show(v)})`);
      }
    }
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
    // The traffic fields every closed-loop run shares; the block and its rows set the load and the lengths.
    if (budget.traffic !== undefined && !checkPlainObject(budget.traffic, 'budget', 'traffic', add)) trafficOk = false;
    else if (budget.traffic !== undefined) {
      const declared = traffic ? traffic.declaration.inputs.map((f) => f.name) : [];
      for (const [name, v] of Object.entries(budget.traffic)) {
        const reason = CLOSED_LOOP_SET.includes(name) ? 'is set by each closed_loop block and row, not here'
          : traffic && !declared.includes(name) ? `is not a traffic field (${declared.join(', ')})`
            : !isFiniteNumber(v) ? `must be a number (got ${show(v)})` : null;
        if (reason) { add('budget', `traffic.${name}`, reason); trafficOk = false; }
      }
    }
  }
  // The results a latency row may add up: the plan() numbers the core declares in seconds.
  const secondsResults = core.declaration.results.plan.filter((f) => f.kind === 'number' && f.unit === 's').map((f) => f.name);
  groups.forEach((g, gi) => {
    const gid = `groups[${gi}]`;
    if (!checkPlainObject(g, gid, 'group', add)) return;
    for (const key of ['source', 'hardware', 'workload']) checkString(g, key, gid, add);
    if ('closed_loop' in g && g.models !== null && typeof g.models === 'object') {
      checkClosedLoop(g, `${gid}.closed_loop`, { budget: budgetOk ? budget : null, ask: trafficOk, presetModels, presetGpus, core, traffic }, add);
    }
    // A source that gives speeds only says so once for its group; its rows then carry no bandwidth.
    if ('bandwidth_note' in g) checkString(g, 'bandwidth_note', gid, add);
    const bandwidthGiven = !('bandwidth_note' in g);
    if (!checkPlainObject(g.models, gid, 'models', add)) return;
    if (!Array.isArray(g.rows) || g.rows.length === 0) { add(gid, 'rows', 'must be a non-empty array'); return; }
    g.rows.forEach((r, ri) => {
      const rid = `${gid}.rows[${ri}]`;
      if (!checkPlainObject(r, rid, 'row', add)) return;
      checkWhereItRan(r, rid, g, budget, checkString, add);
      let workloadTyped = true;
      for (const key of ['batch', 'input_tokens', 'output_tokens']) {
        const reason = r[key] === undefined ? null : typeProblem(r[key]);
        if (reason) { add(rid, key, reason); workloadTyped = false; }
      }
      if (r.output_tokens !== undefined && r.input_tokens === undefined) { add(rid, 'input_tokens', 'missing (output_tokens is given)'); workloadTyped = false; }
      if (isLatencyRow(r)) {
        checkString(r, 'quantity', rid, add);
        if (!isFiniteNumber(r.measured_ms) || r.measured_ms <= 0) add(rid, 'measured_ms', `must be a number of milliseconds greater than 0 (got ${show(r.measured_ms)})`);
        if ('tokens_per_s' in r) add(rid, 'tokens_per_s', 'a latency row (it has an estimate) gives measured_ms, not tokens_per_s');
        if (!checkPlainObject(r.estimate, rid, 'estimate', add)) return;
        if (Object.keys(r.estimate).length === 0) add(rid, 'estimate', `must name at least one of the core's results in seconds (${secondsResults.join(', ')})`);
        for (const [name, count] of Object.entries(r.estimate)) {
          if (!secondsResults.includes(name)) add(rid, `estimate.${name}`, `is not a result the core declares in seconds (${secondsResults.join(', ')})`);
          else if (!isFiniteNumber(count) || count <= 0) add(rid, `estimate.${name}`, `must be a count greater than 0 (got ${show(count)})`);
        }
      } else if (r.tokens_per_s === null) {
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
      const rowGpu = r.gpu === undefined ? gpu : presetGpus.get((budget.gpus || {})[r.gpu]);
      if (!model || !rowGpu || typeof r.weights !== 'string' || !Number.isInteger(r.gpus) || !workloadTyped) return;
      const res = core.plan(measuredRowInput(core, budget, model, rowGpu, r));
      // The core's field names, said as the row's own keys where the row sets them.
      const rowKey = { weight_bytes_per_param: 'weights', prompt_tokens: r.input_tokens === undefined ? 'prompt_tokens' : 'input_tokens',
        context_tokens: r.input_tokens === undefined ? 'context_tokens' : 'output_tokens' };
      if (!res.ok) add(rid, rowKey[res.field] ?? res.field, res.error);
    });
  });
}

/** Where a row (or a closed_loop block) ran: a model of its group, a weights label, a GPU count, and a GPU label of budget.gpus. */
function checkWhereItRan(r, id, g, budget, checkString, add) {
  if (typeof r.model !== 'string' || !(r.model in g.models)) {
    add(id, 'model', `must name a model of the group's models (${Object.keys(g.models).join(', ')}) (got ${show(r.model)})`);
  }
  checkString(r, 'weights', id, add);
  if (!Number.isInteger(r.gpus) || r.gpus < 1) add(id, 'gpus', `must be a whole number of GPUs, at least 1 (got ${show(r.gpus)})`);
  if (r.gpu !== undefined && (typeof r.gpu !== 'string' || !(r.gpu in (budget?.gpus || {})))) {
    add(id, 'gpu', `must be a label of budget.gpus (${Object.keys(budget?.gpus || {}).join(', ')}) (got ${show(r.gpu)})`);
  }
}

// The traffic fields a closed_loop block and its rows set themselves (not budget.traffic's).
const CLOSED_LOOP_SET = ['concurrency', 'request_rate', 'input_tokens', 'output_tokens'];

/**
 * A group's closed_loop block: where it ran (model, gpu, weights, gpus as a row gives them), its
 * workload (input_tokens and output_tokens required, batch optional), and its rows, each a
 * measurement at a concurrency held against one statistic of one summary result of the
 * simulation. The block's budget input is asked of the budget core, and each concurrency's run
 * of the traffic core (its sentence reported under the row's own key).
 */
function checkClosedLoop(g, id, { budget, ask, presetModels, presetGpus, core, traffic }, add) {
  const { checkString, checkPlainObject } = coreChecks(core);
  const b = g.closed_loop;
  if (!checkPlainObject(b, id, '(object)', add)) return;
  if (!traffic) { add(id, '(block)', 'cannot be checked without the traffic core'); return; }
  checkString(b, 'about', id, add);
  checkWhereItRan(b, id, g, budget, checkString, add);
  let typed = true;
  for (const key of ['batch', 'input_tokens', 'output_tokens']) {
    const reason = b[key] === undefined ? (key === 'batch' ? null : 'missing') : typeProblem(b[key]);
    if (reason) { add(id, key, reason); typed = false; }
  }
  const summaries = traffic.declaration.results.simulation.filter((f) => f.kind === 'summary' && f.unit === 's').map((f) => f.name);
  const statistics = traffic.declaration.statistics;
  if (!Array.isArray(b.rows) || b.rows.length === 0) { add(id, 'rows', 'must be a non-empty array'); return; }
  const rowsOk = b.rows.map((r, ri) => {
    const rid = `${id}.rows[${ri}]`;
    if (!checkPlainObject(r, rid, 'row', add)) return false;
    checkString(r, 'quantity', rid, add);
    if (!isFiniteNumber(r.measured_ms) || r.measured_ms <= 0) add(rid, 'measured_ms', `must be a number of milliseconds greater than 0 (got ${show(r.measured_ms)})`);
    if (!summaries.includes(r.simulated)) add(rid, 'simulated', `must name a result of the simulation in seconds (${summaries.join(', ')}) (got ${show(r.simulated)})`);
    if (!statistics.includes(r.statistic)) add(rid, 'statistic', `must be one of ${statistics.join(', ')} (got ${show(r.statistic)})`);
    const reason = r.concurrency === undefined ? 'missing' : typeProblem(r.concurrency);
    if (reason) { add(rid, 'concurrency', reason); return false; }
    return true;
  });
  if (!budget) return;
  if (typeof b.model === 'string' && !(b.model in (budget.models || {}))) { add(id, 'model', `has no entry in budget.models (got ${show(b.model)})`); return; }
  if (typeof b.weights === 'string' && !(b.weights in (budget.weight_bytes_per_param || {}))) {
    add(id, 'weights', `has no entry in budget.weight_bytes_per_param (got ${show(b.weights)})`);
    return;
  }
  const model = presetModels.get((budget.models || {})[b.model]);
  const gpu = presetGpus.get(b.gpu === undefined ? budget.gpu : (budget.gpus || {})[b.gpu]);
  if (!model || !gpu || typeof b.weights !== 'string' || !Number.isInteger(b.gpus) || !typed || !ask) return;
  // The block's budget input, exactly as the page builds it, then each run the page will ask for.
  const input = measuredRowInput(core, budget, model, gpu, b);
  const res = core.plan(input);
  const rowKey = { weight_bytes_per_param: 'weights', prompt_tokens: 'input_tokens', context_tokens: 'output_tokens' };
  if (!res.ok) { add(id, rowKey[res.field] ?? res.field, res.error); return; }
  const asked = new Map();
  const said = new Set(); // a refusal of a field every run shares is said once
  b.rows.forEach((r, ri) => {
    if (!rowsOk[ri]) return;
    if (!asked.has(r.concurrency)) asked.set(r.concurrency, traffic.simulateTraffic(input, closedLoopTraffic(budget, b, r.concurrency)));
    const sim = asked.get(r.concurrency);
    const rid = `${id}.rows[${ri}]`;
    if (!sim.ok && (sim.field === 'concurrency' || sim.field === 'request_rate')) add(rid, 'concurrency', sim.error);
    else if (!sim.ok && !said.has(sim.field)) {
      said.add(sim.field);
      if (sim.field === 'input_tokens' || sim.field === 'output_tokens') add(id, sim.field, sim.error);
      else add('budget', `traffic.${sim.field}`, sim.error);
    } else if (sim.ok && summaries.includes(r.simulated) && statistics.includes(r.statistic) && sim.value[r.simulated] === null) {
      add(rid, 'concurrency', `the simulated run is unstable at this load, so it has no ${r.simulated}`);
    }
  });
}

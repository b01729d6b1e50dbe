// The estimate input of one row of content/measured-decode.json, built in one
// place for the page's "measured" part and for tools/check-content (which
// asks the core about exactly the input the page will use).

/**
 * The BudgetInput the core's estimate for a measured row uses: the core's
 * defaults, the model preset's "Model" fields and the GPU preset's "Hardware"
 * fields (groups from the core's declaration), the budget block's precision,
 * workload and the row's GPU count. A row may carry its own workload (batch,
 * input_tokens, output_tokens: the prompt is the input, the context input +
 * output); otherwise the budget block's batch, prompt_tokens and
 * context_tokens hold. The activations' precision (budget.activation_bytes_per_value,
 * by the row's weight label) is set only when the core declares
 * activation_bytes_per_value; before that an FP8 row runs at the core's one rate.
 * @param {object} core    the budget facade (declaration, DEFAULT_INPUT)
 * @param {object} budget  the file's "budget" block
 * @param {object} model   the model preset the row's model names
 * @param {object} gpu     the GPU preset the row ran on (measuredRows gives it)
 * @param {object} row     one measured row ({ weights, gpus, and optionally batch, input_tokens, output_tokens })
 * @param {number} [share] share of the GPU's peak bandwidth to assume; the
 *   preset's own usable rate when omitted
 */
export function measuredRowInput(core, budget, model, gpu, row, share) {
  const input = { ...core.DEFAULT_INPUT };
  for (const f of core.declaration.inputs) {
    if (f.group === 'Model' && model && model[f.name] !== undefined) input[f.name] = model[f.name];
    if (f.group === 'Hardware' && gpu[f.name] !== undefined) input[f.name] = gpu[f.name];
  }
  const ownWorkload = row.input_tokens !== undefined;
  Object.assign(input, {
    weight_bytes_per_param: budget.weight_bytes_per_param[row.weights],
    cache_bytes_per_value: budget.cache_bytes_per_value,
    batch: row.batch ?? budget.batch,
    context_tokens: ownWorkload ? row.input_tokens + (row.output_tokens ?? 0) : budget.context_tokens,
    prompt_tokens: ownWorkload ? row.input_tokens : budget.prompt_tokens,
    gpus: row.gpus,
  });
  const activation = budget.activation_bytes_per_value?.[row.weights];
  if (activation !== undefined && core.declaration.inputs.some((f) => f.name === 'activation_bytes_per_value')) input.activation_bytes_per_value = activation;
  // The usable rate is the peak times a share, as in presets.json.
  if (share !== undefined) input.bandwidth_bytes_per_s = gpu.peak_bandwidth_bytes_per_s * share;
  return input;
}

/**
 * The GPU preset a measured row ran on: its "gpu" label through budget.gpus, or budget.gpu.
 * @param {object} budget  the file's "budget" block
 * @param {object} row     one measured row
 * @param {object[]} gpus  the GPU presets (presets.json "gpus")
 * @returns {object|undefined} the preset, undefined when the id names none
 */
export function rowGpu(budget, row, gpus) {
  const id = row.gpu === undefined ? budget.gpu : budget.gpus?.[row.gpu];
  return gpus.find((g) => g.id === id);
}

/** The lesson's band: an estimate within a factor of two of the measurement either way. */
export const BAND = 2;

/** A tighter band the latency rows are also judged by: within a factor of 1.5 either way. */
export const TIGHT_BAND = 1.5;

/**
 * Whether a row is a latency (it names the core's results its estimate adds up) rather than a speed.
 * @param {object} row  one measured row
 * @returns {boolean}
 */
export const isLatencyRow = (row) => row.estimate !== undefined;

/**
 * One measured row beside the core's estimate for it.
 * A speed row (tokens_per_s) is held against the core's per_request_tokens_per_s. A latency row
 * (measured_ms, estimate) is held against the sum of the core's results its "estimate" names, each
 * times its count (each a plan() result the core declares in seconds: ttft_s, step_s), converted to ms.
 * @param {object} core    the budget facade (plan, declaration, DEFAULT_INPUT)
 * @param {object} budget  the file's "budget" block
 * @param {object} model   the model preset the row's model names
 * @param {object} gpu     the GPU preset the row ran on
 * @param {object} row     one measured row ({ weights, gpus, tokens_per_s } or { ..., measured_ms, estimate })
 * @param {number} share   share of the GPU's peak bandwidth, 0 < share ≤ 1
 * @returns {{res: object, ratio: number|null, inBand: boolean|null, inTightBand: boolean|null, estimate: number|null}}
 *   res: the core's plan() answer; estimate: tokens/s (speed row) or seconds (latency row), null when it
 *   cannot be had; ratio: the estimate divided by the measurement (a plain number; for a latency above 1
 *   means the budget is slower; null when the row has no measured figure, the core refused the input or
 *   the budget says it does not fit); inBand: ratio within [1/BAND, BAND], false for a measured run the
 *   budget says does not fit, null for a row without a measurement; inTightBand: the same with TIGHT_BAND.
 */
export function compareRow(core, budget, model, gpu, row, share) {
  const res = core.plan(measuredRowInput(core, budget, model, gpu, row, share));
  const measured = isLatencyRow(row) ? row.measured_ms / 1000 : row.tokens_per_s;
  if (measured === null) return { res, ratio: null, inBand: null, inTightBand: null, estimate: null };
  if (!res.ok || !res.value.has_speed) return { res, ratio: null, inBand: false, inTightBand: false, estimate: null };
  const estimate = isLatencyRow(row)
    ? Object.entries(row.estimate).reduce((sum, [name, count]) => sum + count * res.value[name], 0)
    : res.value.per_request_tokens_per_s;
  const ratio = estimate / measured;
  const within = (band) => ratio <= band && ratio >= 1 / band;
  return { res, ratio, inBand: within(BAND), inTightBand: within(TIGHT_BAND), estimate };
}

/**
 * Every row of every group of content/measured-decode.json with the model preset it maps to and
 * the GPU preset it ran on.
 * @param {object} doc     the parsed measured-decode.json
 * @param {object[]} models  the model presets (presets.json "models")
 * @param {object[]} [gpus]  the GPU presets (presets.json "gpus"); without them gpu is undefined
 * @returns {{group: object, row: object, model: object|undefined, gpu: object|undefined}[]}  in file order
 */
export function measuredRows(doc, models, gpus = []) {
  return doc.groups.flatMap((group) => group.rows.map((row) => (
    { group, row, model: models.find((m) => m.id === doc.budget.models[row.model]), gpu: rowGpu(doc.budget, row, gpus) })));
}

/**
 * The range of the measured part's share slider, in whole percents of the GPU's peak bandwidth:
 * the usable fraction of a GPU preset is in (0, 1]; below a tenth of the peak no measured run
 * comes near, so the slider starts there.
 */
export const SHARE_PERCENT_RANGE = Object.freeze({ min: 10, max: 100 });

/**
 * The whole percentages of the GPU's peak bandwidth at which every measured decode-speed run (each
 * row with tokens/s, of every group; the latency rows are left out) has its estimate within the lesson's factor of BAND: the core's estimate at
 * each whole percent from `from` to `to` held against the measurement (rows without a speed do not
 * depend on bandwidth and are left out).
 * @param {object} core  the budget facade
 * @param {object} doc   the parsed measured-decode.json
 * @param {object[]} models  the model presets
 * @param {object} gpu   the GPU preset of doc.budget.gpu
 * @param {{from?: number, to?: number}} [range]  whole percents, 1 ≤ from ≤ to ≤ 100 (default the
 *   slider's range, SHARE_PERCENT_RANGE)
 * @returns {number[]} the percents, ascending (empty when no share puts every run inside)
 */
export function sharesWithEveryRunInBand(core, doc, models, gpu,
  { from = SHARE_PERCENT_RANGE.min, to = SHARE_PERCENT_RANGE.max } = {}) {
  const runs = measuredRows(doc, models).filter(({ row }) => !isLatencyRow(row) && row.tokens_per_s !== null);
  const inside = [];
  for (let pct = from; pct <= to; pct += 1) {
    if (runs.every(({ row, model }) => compareRow(core, doc.budget, model, gpu, row, pct / 100).inBand)) inside.push(pct);
  }
  return inside;
}

/**
 * Every group's "closed_loop" block (a source's runs at a fixed concurrency, held against the
 * core's serving simulation) with the model preset and GPU preset it maps to, as measuredRows does.
 * @param {object} doc     the parsed measured-decode.json
 * @param {object[]} models  the model presets
 * @param {object[]} gpus    the GPU presets
 * @returns {{group: object, block: object, model: object|undefined, gpu: object|undefined}[]}  in file order
 */
export function closedLoopBlocks(doc, models, gpus) {
  return doc.groups.filter((group) => group.closed_loop !== undefined).map((group) => ({
    group, block: group.closed_loop, model: models.find((m) => m.id === doc.budget.models[group.closed_loop.model]),
    gpu: rowGpu(doc.budget, group.closed_loop, gpus) }));
}

/**
 * The traffic fields of one closed-loop run: the budget block's shared traffic fields
 * (budget.traffic, e.g. requests), the block's input_tokens and output_tokens (traffic fields
 * of the same name) and the row's concurrency: a closed loop (the facade sets request_rate 0).
 * @param {object} budget  the file's "budget" block
 * @param {object} block   a group's "closed_loop" block
 * @param {number} concurrency  clients, as the row gives it
 * @returns {object} traffic fields by their declared names, for simulateTraffic()
 */
export function closedLoopTraffic(budget, block, concurrency) {
  return { ...(budget.traffic || {}), input_tokens: block.input_tokens, output_tokens: block.output_tokens, concurrency };
}

/**
 * One closed-loop row beside the simulation at its concurrency.
 * @param {object} row  { measured_ms, simulated (a summary result of the simulation, in seconds), statistic }
 * @param {{ok: boolean, value?: object}} sim  simulateTraffic()'s answer for the row's concurrency
 * @returns {{simulated: number|null, ratio: number|null, inBand: boolean, inTightBand: boolean}}
 *   simulated: seconds (null when the run failed or has no steady value); ratio: simulated ÷ measured
 *   (above 1 the simulation is slower); the bands as compareRow's
 */
export function compareSimulated(row, sim) {
  const summary = sim && sim.ok ? sim.value[row.simulated] : null;
  const simulated = summary && Number.isFinite(summary[row.statistic]) ? summary[row.statistic] : null;
  if (simulated === null) return { simulated: null, ratio: null, inBand: false, inTightBand: false };
  const ratio = simulated / (row.measured_ms / 1000);
  const within = (band) => ratio <= band && ratio >= 1 / band;
  return { simulated, ratio, inBand: within(BAND), inTightBand: within(TIGHT_BAND) };
}

// The estimate input of one row of content/measured-decode.json, built in one
// place for the page's "measured" part and for tools/check-content (which
// asks the core about exactly the input the page will use).

/**
 * The BudgetInput the core's estimate for a measured row uses: the core's
 * defaults, the model preset's "Model" fields and the GPU preset's "Hardware"
 * fields (groups from the core's declaration), the budget block's precision,
 * workload and the row's GPU count.
 * @param {object} core    the budget facade (declaration, DEFAULT_INPUT)
 * @param {object} budget  the file's "budget" block
 * @param {object} model   the model preset the row's model names
 * @param {object} gpu     the GPU preset of the budget block
 * @param {object} row     one measured row ({ weights, gpus })
 * @param {number} [share] share of the GPU's peak bandwidth to assume; the
 *   preset's own usable rate when omitted
 */
export function measuredRowInput(core, budget, model, gpu, row, share) {
  const input = { ...core.DEFAULT_INPUT };
  for (const f of core.declaration.inputs) {
    if (f.group === 'Model' && model && model[f.name] !== undefined) input[f.name] = model[f.name];
    if (f.group === 'Hardware' && gpu[f.name] !== undefined) input[f.name] = gpu[f.name];
  }
  Object.assign(input, {
    weight_bytes_per_param: budget.weight_bytes_per_param[row.weights],
    cache_bytes_per_value: budget.cache_bytes_per_value,
    batch: budget.batch,
    context_tokens: budget.context_tokens,
    prompt_tokens: budget.prompt_tokens,
    gpus: row.gpus,
  });
  // The usable rate is the peak times a share, as in presets.json.
  if (share !== undefined) input.bandwidth_bytes_per_s = gpu.peak_bandwidth_bytes_per_s * share;
  return input;
}

/** The lesson's band: an estimate within a factor of two of the measurement either way. */
export const BAND = 2;

/**
 * One measured row beside the core's estimate for it.
 * @param {object} core    the budget facade (plan, declaration, DEFAULT_INPUT)
 * @param {object} budget  the file's "budget" block
 * @param {object} model   the model preset the row's model names
 * @param {object} gpu     the GPU preset of the budget block
 * @param {object} row     one measured row ({ weights, gpus, tokens_per_s })
 * @param {number} share   share of the GPU's peak bandwidth, 0 < share ≤ 1
 * @returns {{res: object, ratio: number|null, inBand: boolean|null}}  res: the core's plan() answer;
 *   ratio: the estimate's tokens/s per request divided by the measured tokens/s (a plain number; null when
 *   the row has no measured speed, the core refused the input or the budget says it does not fit);
 *   inBand: ratio within [1/BAND, BAND], false for a measured run the budget says does not fit, null
 *   for a row without a measured speed.
 */
export function compareRow(core, budget, model, gpu, row, share) {
  const res = core.plan(measuredRowInput(core, budget, model, gpu, row, share));
  if (row.tokens_per_s === null) return { res, ratio: null, inBand: null };
  if (!res.ok || !res.value.has_speed) return { res, ratio: null, inBand: false };
  const ratio = res.value.per_request_tokens_per_s / row.tokens_per_s;
  return { res, ratio, inBand: ratio <= BAND && ratio >= 1 / BAND };
}

/**
 * Every row of every group of content/measured-decode.json with the model preset it maps to.
 * @param {object} doc     the parsed measured-decode.json
 * @param {object[]} models  the model presets (presets.json "models")
 * @returns {{group: object, row: object, model: object|undefined}[]}  in file order
 */
export function measuredRows(doc, models) {
  return doc.groups.flatMap((group) => group.rows.map((row) => (
    { group, row, model: models.find((m) => m.id === doc.budget.models[row.model]) })));
}

/**
 * The whole percentages of the GPU's peak bandwidth at which every measured run (each row with a
 * speed, of every group) has its estimate within the lesson's factor of BAND: the core's estimate at
 * each whole percent from `from` to `to` held against the measurement (rows without a speed do not
 * depend on bandwidth and are left out).
 * @param {object} core  the budget facade
 * @param {object} doc   the parsed measured-decode.json
 * @param {object[]} models  the model presets
 * @param {object} gpu   the GPU preset of doc.budget.gpu
 * @param {{from?: number, to?: number}} [range]  whole percents, 1 ≤ from ≤ to ≤ 100 (default 10 to 100, the slider's range)
 * @returns {number[]} the percents, ascending (empty when no share puts every run inside)
 */
export function sharesWithEveryRunInBand(core, doc, models, gpu, { from = 10, to = 100 } = {}) {
  const runs = measuredRows(doc, models).filter(({ row }) => row.tokens_per_s !== null);
  const inside = [];
  for (let pct = from; pct <= to; pct += 1) {
    if (runs.every(({ row, model }) => compareRow(core, doc.budget, model, gpu, row, pct / 100).inBand)) inside.push(pct);
  }
  return inside;
}

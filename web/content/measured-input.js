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

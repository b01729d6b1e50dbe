// The full input a preset stands for, in one place for the element
// (element/presets.js) and the checks (presets-check.js).
//
// A field a preset does not give takes the core's default (its declaration's
// `default`, core.DEFAULT_INPUT), so a presets file written before an input
// was added still works. The full input of a configuration is built in this
// order: the core's defaults, then its model's "Model" fields (when it names
// a `model`), then its GPU's "Hardware" fields (when it names a `gpu`), then
// its own `inputs`. The file's `defaults` (what the calculator starts with)
// is the core's defaults with the fields it gives.

/** Names of the core's inputs, all of them or those of one declaration group. */
export function inputNames(core, group) {
  return core.declaration.inputs.filter((f) => !group || f.group === group).map((f) => f.name);
}

/** `fields` of `obj`, each the value it gives or else the core's default. */
export function withDefaults(obj, fields, core) {
  const out = {};
  for (const f of fields) out[f] = obj && obj[f] !== undefined ? obj[f] : core.DEFAULT_INPUT[f];
  return out;
}

/** A document's `models` or `gpus`; one that is not a list is the checks' to report, and holds nothing here. */
const list = (entries) => (Array.isArray(entries) ? entries : []);

/**
 * The complete BudgetInput a configuration stands for: the core's defaults,
 * its model's "Model" fields, its GPU's "Hardware" fields, its own inputs
 * (each later one over the earlier). A model or GPU id the document does not
 * have adds nothing (the checks report it).
 * @param {object} conf  one entry of a presets document's `configurations`
 * @param {object} doc   the presets document it belongs to
 * @param {object} core  the budget facade (declaration, DEFAULT_INPUT)
 * @returns {object} every declared input field
 */
export function configurationInput(conf, doc, core) {
  const input = { ...core.DEFAULT_INPUT };
  const model = conf.model !== undefined && list(doc.models).find((m) => m && m.id === conf.model);
  if (model) Object.assign(input, withDefaults(model, inputNames(core, 'Model'), core));
  const gpu = conf.gpu !== undefined && list(doc.gpus).find((g) => g && g.id === conf.gpu);
  if (gpu) Object.assign(input, withDefaults(gpu, inputNames(core, 'Hardware'), core));
  for (const f of inputNames(core)) if (conf.inputs && conf.inputs[f] !== undefined) input[f] = conf.inputs[f];
  return input;
}

/**
 * A presets document with every input filled in: `defaults` and each
 * configuration's `inputs` complete, each model with every "Model" field and
 * each GPU with every "Hardware" field (a field not given: the core's
 * default). What the parts read; the document given is not changed.
 * @param {object} doc   a presets document the checks accepted
 * @param {object} core  the budget facade
 * @returns {object} a new document of the same shape
 */
export function completePresets(doc, core) {
  const all = inputNames(core);
  return {
    ...doc,
    defaults: withDefaults(doc.defaults || {}, all, core),
    models: list(doc.models).map((m) => ({ ...m, ...withDefaults(m, inputNames(core, 'Model'), core) })),
    gpus: list(doc.gpus).map((g) => ({ ...g, ...withDefaults(g, inputNames(core, 'Hardware'), core) })),
    configurations: (doc.configurations || []).map((c) => ({ ...c, inputs: configurationInput(c, doc, core) })),
  };
}


// Presets from content/presets.json, inlined into the bundle at build time
// (fetching JSON does not work from file://). Which fields a preset may set
// comes from the core's declaration: a configuration sets any input, a model
// the fields of the "Model" group, a GPU those of the "Hardware" group.

import data from '../../content/presets.json';

export const presetData = data;

/** Names of the core's inputs, all of them or those of one declaration group. */
export function inputNames(core, group) {
  return core.declaration.inputs.filter((f) => !group || f.group === group).map((f) => f.name);
}

function pick(obj, fields) {
  const out = {};
  for (const f of fields) if (obj[f] !== undefined) out[f] = obj[f];
  return out;
}

/** The lesson's default input (content defaults over the core's). */
export function defaultInput(core) {
  return { ...core.DEFAULT_INPUT, ...pick(data.defaults || {}, inputNames(core)) };
}

export function configurations(group) {
  return (data.configurations || []).filter((c) => !group || c.group === group);
}
export const models = () => data.models || [];
export const gpus = () => data.gpus || [];

/**
 * The input patch a preset id stands for: a configuration sets every field it
 * gives, a model its shape fields, a GPU its memory, bandwidth and FLOP/s.
 * Returns null for an unknown id.
 */
export function presetPatch(id, core) {
  const conf = (data.configurations || []).find((c) => c.id === id);
  if (conf) return pick(conf.inputs, inputNames(core));
  const model = models().find((m) => m.id === id);
  if (model) return pick(model, inputNames(core, 'Model'));
  const gpu = gpus().find((g) => g.id === id);
  if (gpu) return pick(gpu, inputNames(core, 'Hardware'));
  return null;
}

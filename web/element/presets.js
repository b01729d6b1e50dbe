// Presets: models, GPUs and configurations. The built-in set is
// content/presets.json, inlined into the bundle at build time (fetching JSON
// does not work from file://); an element with presets="URL" gets its own set
// from that file once it passes the same checks (web/content/presets-check.js).
// Which fields a preset may set comes from the core's declaration: a
// configuration sets any input, a model the fields of the "Model" group, a
// GPU those of the "Hardware" group.

import data from '../../content/presets.json';

/** Names of the core's inputs, all of them or those of one declaration group. */
export function inputNames(core, group) {
  return core.declaration.inputs.filter((f) => !group || f.group === group).map((f) => f.name);
}

function pick(obj, fields) {
  const out = {};
  for (const f of fields) if (obj[f] !== undefined) out[f] = obj[f];
  return out;
}

/**
 * One set of presets (a parsed presets document the checks accepted) with the
 * lookups the parts use.
 * @param {object} doc  a presets document (content/presets.json's shape)
 */
export function presetSet(doc) {
  const configurations = (group) => (doc.configurations || []).filter((c) => !group || c.group === group);
  const models = () => doc.models || [];
  const gpus = () => doc.gpus || [];
  return Object.freeze({
    data: doc,
    configurations,
    models,
    gpus,
    /** Every preset id: configurations, then models, then GPUs. */
    ids: () => [...configurations(), ...models(), ...gpus()].map((p) => p.id),
    /** The lesson's default input (this set's defaults over the core's). */
    defaultInput: (core) => ({ ...core.DEFAULT_INPUT, ...pick(doc.defaults || {}, inputNames(core)) }),
    /**
     * The input patch a preset id stands for: a configuration sets every field it
     * gives, a model its shape fields, a GPU its memory, bandwidth and FLOP/s.
     * Returns null for an unknown id.
     */
    presetPatch(id, core) {
      const conf = configurations().find((c) => c.id === id);
      if (conf) return pick(conf.inputs, inputNames(core));
      const model = models().find((m) => m.id === id);
      if (model) return pick(model, inputNames(core, 'Model'));
      const gpu = gpus().find((g) => g.id === id);
      if (gpu) return pick(gpu, inputNames(core, 'Hardware'));
      return null;
    },
  });
}

/** The built-in presets (content/presets.json). */
export const builtInPresets = presetSet(data);
export const presetData = data;

/** The built-in set's lookups, for code that has no element (tools, the lesson renderer). */
export const defaultInput = (core) => builtInPresets.defaultInput(core);
export const configurations = (group) => builtInPresets.configurations(group);
export const models = () => builtInPresets.models();
export const gpus = () => builtInPresets.gpus();
export const presetPatch = (id, core) => builtInPresets.presetPatch(id, core);

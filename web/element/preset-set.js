// One set of presets and its lookups (presets.js holds the built-in one).
// Apart from the built-in file so that code running under node without a
// bundler (tools/check-content, which prepares questions over the content
// folder's own presets) can make a set from a parsed document.
import { inputNames, withDefaults, configurationInput, completePresets } from '../content/preset-input.js';

/**
 * One set of presets (a parsed presets document the checks accepted) with the
 * lookups the parts use. Lookups that take `core` fill in missing fields with
 * its defaults; configurations() gives the entries as the document has them,
 * so a part that reads `inputs` gets a set made by forCore(core).
 * @param {object} doc  a presets document (content/presets.json's shape)
 */
export function presetSet(doc) {
  const completed = new WeakMap(); // core -> the completed document's set
  const configurations = (group) => (doc.configurations || []).filter((c) => !group || c.group === group);
  const models = () => doc.models || [];
  const gpus = () => doc.gpus || [];
  const set = Object.freeze({
    data: doc,
    configurations,
    models,
    gpus,
    /** Every preset id: configurations, then models, then GPUs. */
    ids: () => [...configurations(), ...models(), ...gpus()].map((p) => p.id),
    /** The lesson's default input: the core's defaults with the fields this set's `defaults` gives. */
    defaultInput: (core) => withDefaults(doc.defaults || {}, inputNames(core), core),
    /**
     * The input patch a preset id stands for: a configuration every field (its
     * full input, configurationInput), a model every "Model" field, a GPU every
     * "Hardware" field (a field it does not give: the core's default).
     * Returns null for an unknown id.
     */
    presetPatch(id, core) {
      const conf = configurations().find((c) => c.id === id);
      if (conf) return configurationInput(conf, doc, core);
      const model = models().find((m) => m.id === id);
      if (model) return withDefaults(model, inputNames(core, 'Model'), core);
      const gpu = gpus().find((g) => g.id === id);
      if (gpu) return withDefaults(gpu, inputNames(core, 'Hardware'), core);
      return null;
    },
    /** This set with every input filled in for `core` (completePresets), made once per core. */
    forCore(core) {
      if (!completed.has(core)) completed.set(core, presetSet(completePresets(doc, core)));
      return completed.get(core);
    },
  });
  return set;
}

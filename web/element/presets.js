// Presets: models, GPUs and configurations. The built-in set is
// content/presets.json, inlined into the bundle at build time (fetching JSON
// does not work from file://); an element with presets="URL" gets its own set
// from that file once it passes the same checks (web/content/presets-check.js).
// Which fields a preset may set comes from the core's declaration: a
// configuration sets any input, a model the fields of the "Model" group, a
// GPU those of the "Hardware" group.
// A field a preset does not give takes the core's default: how the full
// input is built is in web/content/preset-input.js, shared with the checks.

import data from '../../content/presets.json';
import { inputNames, configurationInput, completePresets } from '../content/preset-input.js';
import { presetSet } from './preset-set.js';

export { inputNames, configurationInput, completePresets, presetSet };

/** The built-in presets (content/presets.json). */
export const builtInPresets = presetSet(data);
export const presetData = data;

/** The built-in set's lookups, for code that has no element (tools, the lesson renderer). */
export const defaultInput = (core) => builtInPresets.defaultInput(core);
export const configurations = (group) => builtInPresets.configurations(group);
export const models = () => builtInPresets.models();
export const gpus = () => builtInPresets.gpus();
export const presetPatch = (id, core) => builtInPresets.presetPatch(id, core);

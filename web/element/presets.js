// Presets from content/presets.json, inlined into the bundle at build time
// (fetching JSON does not work from file://).
import data from '../../content/presets.json';

export const presetData = data;

export const INPUT_FIELDS = [
  'total_params', 'active_params', 'layers', 'query_heads', 'kv_heads', 'head_dim',
  'sliding_window_tokens', 'weight_bytes_per_param', 'cache_bytes_per_value', 'batch',
  'context_tokens', 'gpu_memory_bytes', 'bandwidth_bytes_per_s', 'flops_per_s',
  'headroom_fraction',
];

const MODEL_FIELDS = ['total_params', 'active_params', 'layers', 'query_heads', 'kv_heads',
  'head_dim', 'sliding_window_tokens'];
const GPU_FIELDS = ['gpu_memory_bytes', 'bandwidth_bytes_per_s', 'flops_per_s'];

function pick(obj, fields) {
  const out = {};
  for (const f of fields) if (obj[f] !== undefined) out[f] = obj[f];
  return out;
}

/** The lesson's default input (content defaults over the core's). */
export function defaultInput(core) {
  return { ...core.DEFAULT_INPUT, ...pick(data.defaults || {}, INPUT_FIELDS) };
}

export function configurations(group) {
  return (data.configurations || []).filter((c) => !group || c.group === group);
}
export const models = () => data.models || [];
export const gpus = () => data.gpus || [];

/**
 * The input patch a preset id stands for: a configuration sets every field,
 * a model its shape fields, a GPU its memory, bandwidth and FLOP/s.
 * Returns null for an unknown id.
 */
export function presetPatch(id) {
  const conf = (data.configurations || []).find((c) => c.id === id);
  if (conf) return pick(conf.inputs, INPUT_FIELDS);
  const model = models().find((m) => m.id === id);
  if (model) return pick(model, MODEL_FIELDS);
  const gpu = gpus().find((g) => g.id === id);
  if (gpu) return pick(gpu, GPU_FIELDS);
  return null;
}

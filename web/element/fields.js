// Calculator fields: labels, display units and slider ranges. Display value
// = raw value / factor (e.g. parameters shown in billions). Slider ranges are
// chosen inside the core's limits so a slider can never produce an error.

export const FIELD_GROUPS = [
  { legend: 'Model', fields: ['total_params', 'active_params', 'layers', 'query_heads', 'kv_heads', 'head_dim', 'sliding_window_tokens'] },
  { legend: 'Precision', fields: ['weight_bytes_per_param', 'cache_bytes_per_value'] },
  { legend: 'Workload', fields: ['batch', 'context_tokens'] },
  { legend: 'Hardware and policy', fields: ['gpu_memory_bytes', 'bandwidth_bytes_per_s', 'flops_per_s', 'headroom_fraction'] },
];

/**
 * slider: { min, max, log?, step? } in display units. `maxFrom` names a field
 * whose current display value caps the slider (kv_heads <= query_heads).
 * `whole`: slider values are rounded to integers.
 */
export const FIELDS = {
  total_params: { label: 'Total parameters', unit: 'billion', noun: 'billion parameters', factor: 1e9,
    slider: { min: 0.1, max: 2000, log: true } },
  active_params: { label: 'Active parameters per token', unit: 'billion, 0 = all', noun: 'billion parameters', factor: 1e9,
    hint: 'Mixture-of-experts models use only some parameters per token.',
    slider: { min: 0, max: 2000, step: 0.1 }, maxFrom: 'total_params' },
  layers: { label: 'Layers', unit: 'L', noun: 'layers', factor: 1, whole: true, slider: { min: 1, max: 200, step: 1 } },
  query_heads: { label: 'Query heads', unit: 'per layer', noun: 'heads', factor: 1, whole: true, slider: { min: 1, max: 256, step: 1 } },
  kv_heads: { label: 'KV heads', unit: 'H_kv, per layer', noun: 'heads', factor: 1, whole: true,
    hint: 'Equal to query heads for multi-head attention; fewer with GQA.',
    slider: { min: 1, max: 256, step: 1 }, maxFrom: 'query_heads' },
  head_dim: { label: 'Head dimension', unit: 'd_h', noun: 'values per head', factor: 1, whole: true, slider: { min: 16, max: 512, step: 16 } },
  sliding_window_tokens: { label: 'Sliding window', unit: 'tokens, 0 = none', factor: 1, whole: true,
    slider: { min: 0, max: 131072, step: 512 } },
  weight_bytes_per_param: { label: 'Weight precision', unit: 'bits per weight', factor: 1 / 8,
    choices: [16, 8, 4], slider: { min: 2, max: 32, step: 0.5 } },
  cache_bytes_per_value: { label: 'KV cache precision', unit: 'bits per value', factor: 1 / 8,
    choices: [16, 8, 4], slider: { min: 2, max: 32, step: 0.5 } },
  batch: { label: 'Batch', unit: 'concurrent requests', factor: 1, whole: true, slider: { min: 1, max: 4096, log: true } },
  context_tokens: { label: 'Context', unit: 'tokens per request', factor: 1, whole: true,
    slider: { min: 128, max: 1048576, log: true } },
  gpu_memory_bytes: { label: 'GPU memory', unit: 'GB', factor: 1e9, slider: { min: 4, max: 2000, log: true } },
  bandwidth_bytes_per_s: { label: 'Memory bandwidth', unit: 'TB/s, usable', factor: 1e12,
    slider: { min: 0.05, max: 20, log: true } },
  flops_per_s: { label: 'Arithmetic rate', unit: 'TFLOP/s, usable', factor: 1e12, slider: { min: 1, max: 5000, log: true } },
  headroom_fraction: { label: 'Headroom to keep free', unit: '% of GPU memory', factor: 0.01,
    slider: { min: 0, max: 50, step: 1 } },
};

const LOG_STEPS = 1000;

/**
 * The shortest decimal text for a display value `v` that reads back as the
 * value in use: with `factor`, parsing the text and multiplying by `factor`
 * must give `raw` exactly (7.000000001 -> "7.000000001", 1234567 -> "1234567",
 * 7e9 / 1e9 -> "7"). Without `raw`, the text must read back as `v` itself.
 */
export function displayNumber(v, raw, factor = 1) {
  if (!Number.isFinite(v)) return '';
  const target = raw === undefined ? v : raw;
  for (let p = 1; p <= 17; p += 1) {
    const t = Number(v.toPrecision(p));
    if ((raw === undefined ? t : t * factor) === target) return String(t);
  }
  // No decimal text round-trips through the multiplication: show the closest.
  return String(v);
}

function niceRound(v, whole) {
  if (whole) return Math.max(1, Math.round(v));
  return Number(v.toPrecision(3));
}

/** Slider attributes (min/max/step) for a field with a cap `capDisplay`. */
export function sliderAttrs(def, capDisplay) {
  const s = def.slider;
  if (s.log) return { min: 0, max: LOG_STEPS, step: 1 };
  const max = capDisplay !== undefined ? Math.max(s.min, Math.min(s.max, capDisplay)) : s.max;
  return { min: s.min, max, step: s.step || 'any' };
}

/** Display value -> slider position. */
export function toSlider(def, display) {
  const s = def.slider;
  if (!s.log) return display;
  const lo = Math.log(s.min);
  const hi = Math.log(s.max);
  const v = Math.min(Math.max(display, s.min), s.max);
  return Math.round(((Math.log(v) - lo) / (hi - lo)) * LOG_STEPS);
}

/** Slider position -> display value (rounded to a tidy number). */
export function fromSlider(def, position) {
  const s = def.slider;
  const p = Number(position);
  if (!s.log) return def.whole ? Math.round(p) : p;
  const lo = Math.log(s.min);
  const hi = Math.log(s.max);
  return niceRound(Math.exp(lo + (p / LOG_STEPS) * (hi - lo)), def.whole);
}

// Plain decimal notation only: optional sign, digits with at most one
// decimal point (commas allowed only as thousands separators: 8,192), an
// optional exponent, surrounding spaces. Hex (0x10), binary, "Infinity",
// underscores and the like are refused.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+|\d{1,3}(,\d{3})+(\.\d*)?)([eE][+-]?\d+)?$/;

/** Text the user typed -> a JS number (NaN for empty or non-decimal text). */
export function parseTyped(text) {
  const t = String(text).trim();
  if (!DECIMAL.test(t)) return NaN;
  return Number(t.replace(/,/g, ''));
}

/**
 * The next display value when a keyboard key moves a log-scale slider, or
 * null when the key is not one it handles. Arrows move by at least one
 * whole unit on whole-number fields (one slider position can round back to
 * the same number) and by at least one visible step otherwise; Page Up/Down
 * move 5% of the track (whole numbers: at least two units); Home/End go to the ends.
 */
export function logSliderKey(def, display, key) {
  const s = def.slider;
  if (!s.log) return null;
  const dir = { ArrowRight: 1, ArrowUp: 1, PageUp: 1, ArrowLeft: -1, ArrowDown: -1, PageDown: -1 }[key];
  if (key === 'Home') return s.min;
  if (key === 'End') return s.max;
  if (!dir) return null;
  const clamp = (v) => Math.min(s.max, Math.max(s.min, v));
  if ((dir > 0 && display >= s.max) || (dir < 0 && display <= s.min)) return clamp(display);
  const jump = key.startsWith('Page') ? LOG_STEPS / 20 : 1;
  let pos = toSlider(def, clamp(display));
  let next = display;
  // Step position by position until the tidy value actually moves.
  for (let i = 0; i < LOG_STEPS && (dir > 0 ? next <= display : next >= display); i += 1) {
    pos = Math.min(LOG_STEPS, Math.max(0, pos + dir * (i === 0 ? jump : 1)));
    next = fromSlider(def, pos);
    if (pos === 0 || pos === LOG_STEPS) break;
  }
  if (def.whole) {
    const unit = jump > 1 ? 2 : 1; // a page is always more than one arrow step
    next = dir > 0 ? Math.max(next, Math.floor(display) + unit) : Math.min(next, Math.ceil(display) - unit);
  }
  return clamp(next);
}

// Turns the core's field limits (core.limits()) and its refusals into the
// inline message shown beside a rejected number field, in the page's words:
// the labels the user sees and the field's display units, with numbers
// written the way a student reads them ("from 1 parameter to 10 trillion
// parameters", "from 1 to 1,000 layers"). Formatting only: the limits
// themselves come from the core.
import { FIELDS } from './fields.js';
import { plural } from './format.js';

const grouped = (v) => v.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** "100 million", "10 trillion" for big round numbers, else "8,192". */
function countWords(v) {
  for (const [size, word] of [[1e12, 'trillion'], [1e9, 'billion'], [1e6, 'million']]) {
    if (v >= size && Number.isInteger(v / size)) return `${grouped(v / size)} ${word}`;
  }
  return grouped(v);
}

/**
 * A raw value of `field` as { n, unit } for a message; units are compared so
 * a range with one unit names it once ("1 to 1,000 layers").
 */
function quantity(field, raw) {
  const def = FIELDS[field];
  switch (field) {
    case 'total_params':
    case 'active_params':
      if (raw >= 1e12) return { n: `${grouped(raw / 1e12)} trillion`, unit: 'parameters' };
      if (raw >= 1e9) return { n: `${grouped(raw / 1e9)} billion`, unit: 'parameters' };
      return { n: countWords(raw), unit: plural(raw, 'parameter', 'parameters') };
    case 'gpu_memory_bytes':
      return { n: grouped(raw / 1e9), unit: 'GB' };
    case 'bandwidth_bytes_per_s':
      if (raw < 1e9) return { n: grouped(raw), unit: plural(raw, 'byte/s', 'bytes/s') };
      return { n: grouped(raw / 1e12), unit: 'TB/s' };
    case 'flops_per_s':
      if (raw < 1e9) return { n: grouped(raw), unit: 'FLOP/s' };
      return { n: countWords(raw / 1e12), unit: 'TFLOP/s' };
    case 'weight_bytes_per_param':
    case 'cache_bytes_per_value':
      return { n: grouped(raw * 8), unit: def.unit };
    case 'headroom_fraction':
      return { n: grouped(Math.round(raw * 1e6) / 1e4), unit: '%' };
    default:
      return { n: countWords(raw / def.factor), unit: def.noun || def.unit.split(',')[0] };
  }
}

const join = (q) => (q.unit === '%' ? `${q.n}%` : `${q.n} ${q.unit}`);

/** "from 1 to 1,000 layers" or "from 1 parameter to 10 trillion parameters". */
function span(lo, hi, loExclusive) {
  const from = loExclusive ? 'greater than' : 'from';
  const to = loExclusive ? 'and at most' : 'to';
  if (lo.unit === hi.unit) {
    if (hi.unit === '%') return `${from} ${lo.n}% ${to} ${hi.n}%`;
    return `${from} ${lo.n} ${to} ${join(hi)}`;
  }
  return `${from} ${join(lo)} ${to} ${join(hi)}`;
}

const label = (field) => (FIELDS[field] ? FIELDS[field].label : field);

/** A value as the field shows it, with its unit: "7 billion parameters", "32 heads". */
export function valueText(field, raw) {
  return FIELDS[field] ? join(quantity(field, raw)) : grouped(raw);
}

/** The core's sentence with field codes replaced by the labels on screen. */
function inPageWords(error) {
  let text = String(error || 'Not a valid value.');
  for (const [code, def] of Object.entries(FIELDS)) {
    text = text.split(code).join(def.label.toLowerCase());
  }
  return text;
}

/**
 * @param limits       array from core.limits()
 * @param field        the field the user edited
 * @param res          the core's { ok: false, field, error }
 * @param input        the current (last good) input, for linked maxima
 * @param typedDisplay the refused value in the field's display units (optional)
 */
export function rangeMessage(limits, field, res, input, typedDisplay) {
  const def = FIELDS[field];
  const lim = (limits || []).find((l) => l.field === field);
  if (res.field && res.field !== field) {
    // The value is fine on its own but clashes with another field.
    if (field === 'query_heads' && res.field === 'kv_heads' && input) {
      const typed = Number.isFinite(typedDisplay) ? `${grouped(typedDisplay)} query heads` : 'That many query heads';
      return `${typed} would be fewer than the ${grouped(input.kv_heads)} KV heads. `
        + 'Lower KV heads first; this value is used as soon as it fits.';
    }
    if (field === 'total_params' && res.field === 'active_params' && input) {
      return `Active parameters per token (${valueText('active_params', input.active_params)}) would exceed the total. `
        + 'Lower them first (or set them to 0, the same as the total); this value is used as soon as it fits.';
    }
    return `Not accepted: ${inPageWords(res.error)}`;
  }
  if (!def || !lim) return inPageWords(res.error);
  if (field === 'active_params') {
    const total = input ? ` (${valueText('total_params', input.total_params)})` : '';
    return `Enter 0 (same as total) or a number from 1 parameter up to the total${total}.`;
  }
  let max = lim.max;
  let maxNote = '';
  if (def.maxFrom && input && input[def.maxFrom] < max) {
    max = input[def.maxFrom];
    maxNote = ` (the ${label(def.maxFrom).toLowerCase()})`;
  }
  const kind = lim.whole ? 'a whole number' : 'a number';
  const range = span(quantity(field, lim.min), quantity(field, max), lim.min_exclusive);
  if (field === 'sliding_window_tokens') return `Enter 0 (no window) or ${kind} ${range.replace(/^from 0/, 'from 1')}.`;
  return `Enter ${kind} ${range}${maxNote}.`;
}

/** "Enter a number from 0 to 1." for a part's own control (plain numbers). */
export function plainRangeMessage(min, max, whole) {
  return `Enter ${whole ? 'a whole number' : 'a number'} from ${grouped(min)} to ${grouped(max)}.`;
}

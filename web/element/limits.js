// Turns the core's field limits (core.limits()) into the inline message shown
// beside a rejected number field, in the field's display units.
import { FIELDS, displayNumber } from './fields.js';

const fmtNum = (v) => (v !== 0 && Math.abs(v) < 0.001
  ? v.toExponential() // as it can be typed: 1e-9
  : Number(displayNumber(v)).toLocaleString('en-US', { maximumFractionDigits: 6 }));

/**
 * @param limits   array from core.limits()
 * @param field    the field the user edited
 * @param res      the core's { ok: false, field, error }
 * @param input    the current (last good) input, for linked maxima
 */
export function rangeMessage(limits, field, res, input) {
  const def = FIELDS[field];
  const lim = (limits || []).find((l) => l.field === field);
  if (res.field && res.field !== field) {
    // The value is fine on its own but clashes with another field.
    return `Not accepted: ${res.error}`;
  }
  if (!def || !lim) return res.error || 'Not a valid value.';
  let max = lim.max / def.factor;
  let maxNote = '';
  if (def.maxFrom && input) {
    max = Math.min(max, input[def.maxFrom] / FIELDS[def.maxFrom].factor);
    maxNote = ` (the ${FIELDS[def.maxFrom].label.toLowerCase()})`;
  }
  const min = lim.min / def.factor;
  const kind = lim.whole ? 'a whole number' : 'a number';
  const lower = lim.min_exclusive ? `greater than ${fmtNum(min)}` : `from ${fmtNum(min)}`;
  const joiner = lim.min_exclusive ? ' and at most ' : ' to ';
  let extra = '';
  if (field === 'active_params') extra = '; 0 means all parameters are active';
  if (field === 'sliding_window_tokens') extra = '; 0 means no window';
  return `Enter ${kind} ${lower}${joiner}${fmtNum(max)}${maxNote} ${def.noun || def.unit.split(',')[0]}${extra}.`;
}

// A typed value read by the core's field reader (src/budget/field_reader.h
// FieldReading, reached through the flat call llmb_flat_read_field (wasm/budget/bindings_flat.cpp)
// and bound as read_traffic_field_value in wasm/traffic/bindings_traffic.cpp) as the facades
// return it: one shape for the calculator's fields and the simulation's.
import { clipForCore } from './text-clip.js';

/**
 * Calls one of the core's field readers on what was typed and returns its reading.
 * @param {(name:string, text:string, displayFactor:number, decimalComma:boolean, groupsWithPoint:boolean) => object} readRaw
 *   the reader (budget-core.js's over the flat call, or module.read_traffic_field_value)
 * @param {number} maxTextBytes the core's limit on typed text (declaration.max_text_bytes, 200)
 * @param {string} name the field's declared name
 * @param {string} text what was typed
 * @param {number} displayFactor declared units a bare number stands for (> 0; the core refuses others)
 * @param {{decimalComma?: boolean, groupsWithPoint?: boolean}} options the page's locale (de: both true)
 * @returns {{ok:true, value:number, significant_digits:number, binary_prefix:boolean,
 *   ambiguous:boolean, ambiguous_mark:(','|'.'|''), grouping_taken:boolean}
 *   | {ok:false, field:string, error:string, code?:string, params?:object}}
 *   value in the field's declared unit; a refusal names the field and carries its declared kind
 */
export function readFieldValue(readRaw, maxTextBytes, name, text, displayFactor, { decimalComma = false, groupsWithPoint = false } = {}) {
  // Clipped just past the core's limit before entering wasm (text-clip.js): a
  // pasted megabyte gets the core's "too long" error without being copied.
  const typed = clipForCore(typeof text === 'string' ? text : String(text ?? ''), maxTextBytes);
  const raw = readRaw(clipForCore(String(name), maxTextBytes), typed, displayFactor, decimalComma === true, groupsWithPoint === true);
  if (raw.ok) {
    // Flags as booleans and the mark as its character (Embind gives a bool and a char code, the
    // flat call 0/1 and the code).
    return {
      ok: true, value: raw.value, significant_digits: raw.significant_digits, binary_prefix: Boolean(raw.binary_prefix),
      ambiguous: Boolean(raw.ambiguous), ambiguous_mark: raw.ambiguous_mark ? String.fromCharCode(raw.ambiguous_mark) : '',
      grouping_taken: Boolean(raw.grouping_taken),
    };
  }
  const { field, message, code, params_json: paramsJson } = raw.error;
  return code ? { ok: false, field, error: message, code, params: JSON.parse(paramsJson) } : { ok: false, field, error: message };
}

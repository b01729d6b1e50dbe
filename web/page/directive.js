// The lesson's part directive, {{part:NAME key=value ...}} alone on a line:
// one reader for the renderer (web/page/render-lesson.mjs) and the content
// check (tools/check-content), so both accept exactly the same lines.
import { PART_NAMES, DIRECTIVE_KEYS } from '../element/part-names.js';

/** A line that is a directive: name, then key=value pairs (values without spaces or braces). */
export const DIRECTIVE_LINE = /^[ \t]*\{\{part:([a-z-]+)((?:[ \t]+[a-z]+=[^\s}]+)*)[ \t]*\}\}[ \t]*$/;

/**
 * Reads one line that contains "{{".
 * @returns {{ok:true, name:string, params:Object<string,string>} | {ok:false, error:string}}
 *   errors: not alone on its line / malformed, unknown part, unknown or repeated key
 */
export function readDirective(line) {
  const m = DIRECTIVE_LINE.exec(line);
  if (!m) {
    return { ok: false, error: `must be alone on its line as {{part:NAME}} or {{part:NAME key=value}} with key ${DIRECTIVE_KEYS.join(' or ')} (got "${line.trim()}")` };
  }
  const [, name, rest] = m;
  if (!PART_NAMES.includes(name)) return { ok: false, error: `unknown part "${name}" (known: ${PART_NAMES.join(', ')})` };
  const params = {};
  for (const [, key, value] of rest.matchAll(/([a-z]+)=([^\s}]+)/g)) {
    if (!DIRECTIVE_KEYS.includes(key)) return { ok: false, error: `unknown key "${key}" (known: ${DIRECTIVE_KEYS.join(', ')})` };
    if (key in params) return { ok: false, error: `key "${key}" given twice` };
    params[key] = value;
  }
  return { ok: true, name, params };
}

/**
 * A linked term inside a line: {{term:TARGET|text}}, where TARGET is a part
 * name (calculator, traffic...), a declared result field shown in the
 * calculator (kv_cache_bytes), or PART.FIELD; the text may hold inline maths.
 * On the page the text outlines that part or number while hovered or focused
 * (web/page/lesson-page.js).
 */
export const TERM_SPAN = /\{\{term:([a-z0-9_-]+(?:\.[a-z0-9_]+)?)\|([^{}|\n]+)\}\}/g;

/** A term's target: { part, field? } (a bare name that is no part is a calculator field). */
export function termTarget(name) {
  const [a, b] = String(name).split('.');
  if (b !== undefined) return { part: a, field: b };
  return PART_NAMES.includes(a) ? { part: a } : { part: 'calculator', field: a };
}

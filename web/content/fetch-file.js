// Fetching the questions file an embedding page names (questions="URL"),
// and its presets file (presets="URL"): the same checks and limits for both.
// The address is checked before any request: it is resolved against the
// page, and only http: and https: are fetched (javascript:, data:, file:,
// blob: ... are refused with a sentence, no request, nothing in the console);
// an http: file is refused on an https: page (the browser would block it as
// mixed content). Another origin is allowed when its server permits
// cross-origin reads (CORS); when the request fails, the sentence says so.
// The body is read up to MAX_QUESTIONS_BYTES and no further, and the whole
// fetch, headers and body, gets at most a bounded time (the element's
// fetch-timeout attribute, else DEFAULT_FETCH_TIMEOUT_S): a server that stalls
// after its headers, or never answers, is given up on with a sentence, as a
// 404 is. A fetch its caller no longer needs (the attribute changed) is
// aborted through the caller's AbortSignal, so a stalled one does not keep
// one of the browser's few connections to that host.
import { clipText } from '../core/echo-text.js';

export const MAX_QUESTIONS_BYTES = 256 * 1024;
/** How long a content file may take, headers and body, when the element gives no fetch-timeout [s]. */
export const DEFAULT_FETCH_TIMEOUT_S = 15;
/** The range fetch-timeout may take [s]. */
export const FETCH_TIMEOUT_RANGE_S = Object.freeze({ min: 0.1, max: 600 });
/**
 * Why a content file could not be fetched (a failure's `cause`), each with the `params`
 * it carries (text, byte counts and the status as digits without grouping; `seconds` a
 * number, the time limit): badAddress {address}; protocol {address, protocol};
 * mixedContent {address}; timeout {seconds}; timeoutFrom {seconds, origin}; cors {origin};
 * unreachable {}; httpStatus {status}; httpStatusFrom {status, origin}; interrupted {};
 * interruptedFrom {origin}; tooLarge {bytes, max}; tooLargeAtLeast {bytes, max} (the
 * download was stopped past the limit); notJson {}.
 */
export const FETCH_CAUSES = Object.freeze(['badAddress', 'protocol', 'mixedContent', 'timeout', 'timeoutFrom', 'cors',
  'unreachable', 'httpStatus', 'httpStatusFrom', 'interrupted', 'interruptedFrom', 'tooLarge', 'tooLargeAtLeast', 'notJson']);

/**
 * Reads a fetch-timeout attribute value.
 * @param {string|null} value the attribute (null or blank: the default)
 * @returns {{ok:true, seconds:number} | {ok:false, seconds:number}} seconds: the value,
 *   or DEFAULT_FETCH_TIMEOUT_S when it is absent or not a number in FETCH_TIMEOUT_RANGE_S
 */
export function readFetchTimeout(value) {
  if (value === null || value.trim() === '') return { ok: true, seconds: DEFAULT_FETCH_TIMEOUT_S };
  const trimmed = value.trim();
  const n = /^[0-9]+(\.[0-9]+)?$/.test(trimmed) ? Number(trimmed) : NaN;
  if (n >= FETCH_TIMEOUT_RANGE_S.min && n <= FETCH_TIMEOUT_RANGE_S.max) return { ok: true, seconds: n };
  return { ok: false, seconds: DEFAULT_FETCH_TIMEOUT_S };
}

/**
 * Checks a questions address without fetching it.
 * @param {string} url the attribute value
 * @param {string} base the page's base URL (document.baseURI)
 * @param {(s:string)=>string} visibleText the core's escape for invisible characters
 *   (readingCore.visibleText), used where the address is echoed
 * @returns {{ok:true, url:URL, crossOrigin:boolean} | {ok:false, error:string, cause:string, params:object}}
 *   `error` is a sentence fragment: "The questions file <error>; showing the built-in questions."
 *   `cause` names why, for a caller that writes the whole sentence in its language (one of
 *   FETCH_CAUSES), and `params` holds its values as text (the address as echoed, unquoted)
 */
export function checkQuestionsUrl(url, base, visibleText) {
  const address = visibleText(clipText(url, 80));
  const shown = `“${address}”`;
  let resolved;
  try {
    resolved = new URL(url.trim(), base);
  } catch {
    return { ok: false, error: `address ${shown} is not a valid URL`, cause: 'badAddress', params: { address } };
  }
  const page = new URL(base);
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') {
    const protocol = visibleText(clipText(resolved.protocol, 40));
    return { ok: false, error: `address ${shown} uses “${protocol}”, which is not loaded: only http: and https: addresses are`,
      cause: 'protocol', params: { address, protocol } };
  }
  if (page.protocol === 'https:' && resolved.protocol === 'http:') {
    return { ok: false, error: `address ${shown} is plain http: on an https: page, which browsers block; use an https: address`,
      cause: 'mixedContent', params: { address } };
  }
  return { ok: true, url: resolved, crossOrigin: resolved.origin !== page.origin };
}

/** The body as text, or {tooLarge} when it exceeds `max` bytes (read no further). */
async function readCapped(response, max) {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    if (response.body) response.body.cancel().catch(() => {});
    return { tooLarge: declared };
  }
  if (!response.body) {
    const text = await response.text();
    const bytes = new TextEncoder().encode(text).length;
    return bytes > max ? { tooLarge: bytes } : { text };
  }
  const reader = response.body.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      reader.cancel().catch(() => {});
      return { tooLarge: total, partial: true };
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { all.set(c, at); at += c.length; }
  return { text: new TextDecoder('utf-8').decode(all) };
}

/** Seconds as a notice says them: "15 seconds", "0.5 seconds", "1 second". */
const secondsText = (s) => `${s} ${s === 1 ? 'second' : 'seconds'}`;

/**
 * Fetches and parses a questions or presets file (validation is the caller's).
 * @param {string} url @param {string} base @param {(s:string)=>string} visibleText as in checkQuestionsUrl
 * @param {{signal?: AbortSignal, timeoutSeconds?: number}} [options] signal: aborts the fetch
 *   (the caller no longer needs it); timeoutSeconds: how long headers and body together may
 *   take (DEFAULT_FETCH_TIMEOUT_S when omitted)
 * @returns {Promise<{ok:true, doc:unknown} | {ok:false, error:string, cause?:string, params?:object, aborted?:true}>}
 *   error, cause and params as in checkQuestionsUrl: a sentence fragment after "The questions
 *   file" / "The presets file", and why (FETCH_CAUSES); aborted: the caller's signal ended it
 *   (nothing to show, no cause)
 */
export async function fetchContentFile(url, base, visibleText, { signal, timeoutSeconds = DEFAULT_FETCH_TIMEOUT_S } = {}) {
  const checked = checkQuestionsUrl(url, base, visibleText);
  if (!checked.ok) return checked;
  if (signal && signal.aborted) return { ok: false, aborted: true, error: 'was no longer needed' };
  const where = checked.crossOrigin ? ` from ${checked.url.origin}` : '';
  // One controller ends the request and its body: the caller's signal, or the time limit.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; controller.abort(); }, timeoutSeconds * 1000);
  const onAbort = () => controller.abort();
  if (signal) signal.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await fetchChecked(checked, where, controller.signal);
    if (result.ok || !controller.signal.aborted) return result;
    if (timedOut) {
      return { ok: false, error: `did not arrive within ${secondsText(timeoutSeconds)}${where} (the server stopped sending it, or never answered)`,
        ...because(checked, 'timeout', { seconds: timeoutSeconds }) };
    }
    return { ok: false, aborted: true, error: 'was no longer needed' };
  } finally {
    clearTimeout(timer);
    if (signal) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * A failure's cause and params (FETCH_CAUSES): `cause`, or its "…From" form naming the
 * other origin the file was asked of when the address is cross-origin.
 */
function because(checked, cause, params = {}) {
  return checked.crossOrigin ? { cause: `${cause}From`, params: { ...params, origin: checked.url.origin } } : { cause, params };
}

/** The request, the body and the parse of fetchContentFile, ended early by `signal`. */
async function fetchChecked(checked, where, signal) {
  let response;
  try {
    response = await fetch(checked.url, { credentials: 'same-origin', mode: 'cors', signal });
  } catch {
    return {
      ok: false,
      error: checked.crossOrigin
        ? `could not be read${where}: that server must allow cross-origin reads (CORS, an Access-Control-Allow-Origin header), or it could not be reached`
        : `could not be fetched (the server could not be reached)`,
      ...(checked.crossOrigin ? { cause: 'cors', params: { origin: checked.url.origin } } : { cause: 'unreachable', params: {} }),
    };
  }
  if (!response.ok) {
    if (response.body) response.body.cancel().catch(() => {});
    return { ok: false, error: `could not be loaded${where}: the server answered HTTP ${response.status}`,
      ...because(checked, 'httpStatus', { status: String(response.status) }) };
  }
  let body;
  try {
    body = await readCapped(response, MAX_QUESTIONS_BYTES);
  } catch {
    return { ok: false, error: `could not be read${where} (the download was interrupted)`, ...because(checked, 'interrupted') };
  }
  if (body.tooLarge) {
    return { ok: false, error: `is too large (${body.partial ? 'more than ' : ''}${body.tooLarge} bytes; at most ${MAX_QUESTIONS_BYTES})`,
      cause: body.partial ? 'tooLargeAtLeast' : 'tooLarge', params: { bytes: String(body.tooLarge), max: String(MAX_QUESTIONS_BYTES) } };
  }
  try {
    return { ok: true, doc: JSON.parse(body.text) };
  } catch {
    return { ok: false, error: 'is not valid JSON', cause: 'notJson', params: {} };
  }
}

/** The questions file's fetch (the same as any content file's). */
export const fetchQuestions = fetchContentFile;

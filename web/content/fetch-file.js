// Fetching the questions file an embedding page names (questions="URL"),
// and its presets file (presets="URL"): the same checks and limits for both.
// The address is checked before any request: it is resolved against the
// page, and only http: and https: are fetched (javascript:, data:, file:,
// blob: ... are refused with a sentence, no request, nothing in the console);
// an http: file is refused on an https: page (the browser would block it as
// mixed content). Another origin is allowed when its server permits
// cross-origin reads (CORS); when the request fails, the sentence says so.
// The body is read up to MAX_QUESTIONS_BYTES and no further.
export const MAX_QUESTIONS_BYTES = 256 * 1024;

/**
 * Checks a questions address without fetching it.
 * @param {string} url the attribute value
 * @param {string} base the page's base URL (document.baseURI)
 * @param {(s:string)=>string} visibleText the core's escape for invisible characters
 *   (readingCore.visibleText), used where the address is echoed
 * @returns {{ok:true, url:URL, crossOrigin:boolean} | {ok:false, error:string}}
 *   `error` is a sentence fragment: "The questions file <error>; showing the built-in questions."
 */
export function checkQuestionsUrl(url, base, visibleText) {
  const shown = (s) => `“${visibleText(s.length > 80 ? `${s.slice(0, 80)}…` : s)}”`;
  let resolved;
  try {
    resolved = new URL(url.trim(), base);
  } catch {
    return { ok: false, error: `address ${shown(url)} is not a valid URL` };
  }
  const page = new URL(base);
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') {
    return { ok: false, error: `address ${shown(url)} uses “${visibleText(resolved.protocol)}”, which is not loaded: only http: and https: addresses are` };
  }
  if (page.protocol === 'https:' && resolved.protocol === 'http:') {
    return { ok: false, error: `address ${shown(url)} is plain http: on an https: page, which browsers block; use an https: address` };
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

/**
 * Fetches and parses a questions or presets file (validation is the caller's).
 * @returns {Promise<{ok:true, doc:unknown} | {ok:false, error:string}>} error as in checkQuestionsUrl
 *   (url, base and visibleText as there): a sentence fragment after "The questions file" /
 *   "The presets file"
 */
export async function fetchContentFile(url, base, visibleText) {
  const checked = checkQuestionsUrl(url, base, visibleText);
  if (!checked.ok) return checked;
  const where = checked.crossOrigin ? ` from ${checked.url.origin}` : '';
  let response;
  try {
    response = await fetch(checked.url, { credentials: 'same-origin', mode: 'cors' });
  } catch {
    return {
      ok: false,
      error: checked.crossOrigin
        ? `could not be read${where}: that server must allow cross-origin reads (CORS, an Access-Control-Allow-Origin header), or it could not be reached`
        : `could not be fetched (the server could not be reached)`,
    };
  }
  if (!response.ok) {
    if (response.body) response.body.cancel().catch(() => {});
    return { ok: false, error: `could not be loaded${where}: the server answered HTTP ${response.status}` };
  }
  let body;
  try {
    body = await readCapped(response, MAX_QUESTIONS_BYTES);
  } catch {
    return { ok: false, error: `could not be read${where} (the download was interrupted)` };
  }
  if (body.tooLarge) {
    return { ok: false, error: `is too large (${body.partial ? 'more than ' : ''}${body.tooLarge} bytes; at most ${MAX_QUESTIONS_BYTES})` };
  }
  try {
    return { ok: true, doc: JSON.parse(body.text) };
  } catch {
    return { ok: false, error: 'is not valid JSON' };
  }
}

/** The questions file's fetch (the same as any content file's). */
export const fetchQuestions = fetchContentFile;

// dist/llm-budget-lab-embed.js: the parent-side script of the iframe embed.
//
// Sizes every <iframe data-llm-budget-lab src=".../embed.html?..."> on the page
// to its content. The embed posts { type: 'llm-budget-lab:height', version: 1,
// height } (see child.js). A message is used only when
//   - it comes from that iframe's own window (event.source === contentWindow),
//   - its origin is the origin of the iframe's src, or "null" when the iframe
//     is sandboxed without allow-same-origin (its document then has an opaque
//     origin, which every message from it carries; the window check above
//     still ties the message to this frame), and
//   - it has exactly those three keys, with height a finite number of CSS
//     pixels from 1 to 100000.
// Anything else is ignored. Iframes added later are found when they first
// post. Written for this project (no third-party resizer).
//
// Statements (frames given ?report-origin=<this page's origin>): a message
// { type: 'llm-budget-lab:statement', version: 1, event, statement } from a
// frame's own window and origin, with `event` one of the quiz's event names
// (web/quiz/report.js) and an xAPI-shaped statement, is dispatched on the
// <iframe> as a CustomEvent of that name (bubbling; detail = statement), so a
// host listens the same way as on the element. Anything else is ignored.
import { EVENT_TYPES } from '../quiz/report.js';

(function () {
  'use strict';
  if (window.llmBudgetLabEmbed) return; // loaded twice: one listener is enough
  var MESSAGE_TYPE = 'llm-budget-lab:height';
  var MAX_HEIGHT = 100000;
  var STATEMENT_TYPE = 'llm-budget-lab:statement';
  var EVENTS = Object.keys(EVENT_TYPES).map(function (k) { return EVENT_TYPES[k]; });
  var MAX_STATEMENT_CHARS = 20000;

  function isObject(v) {
    return Boolean(v) && typeof v === 'object' && !Array.isArray(v);
  }

  /** A statement message: exactly its four keys, a known event, an xAPI-shaped statement of sane size. */
  function validStatement(data) {
    if (!isObject(data)) return false;
    var keys = Object.keys(data).sort();
    if (keys.join() !== 'event,statement,type,version') return false;
    if (data.type !== STATEMENT_TYPE || data.version !== 1 || EVENTS.indexOf(data.event) < 0) return false;
    var st = data.statement;
    if (!isObject(st) || !isObject(st.verb) || typeof st.verb.id !== 'string' ||
        !isObject(st.object) || typeof st.object.id !== 'string' || st.object.id.indexOf('urn:llm-budget-lab:') !== 0 ||
        !isObject(st.result) || !isObject(st.result.score) || typeof st.result.score.scaled !== 'number') return false;
    try {
      return JSON.stringify(st).length <= MAX_STATEMENT_CHARS;
    } catch {
      return false;
    }
  }

  function validMessage(data) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
    var keys = Object.keys(data).sort();
    return keys.length === 3 && keys[0] === 'height' && keys[1] === 'type' && keys[2] === 'version' &&
      data.type === MESSAGE_TYPE && data.version === 1 &&
      typeof data.height === 'number' && isFinite(data.height) &&
      data.height >= 1 && data.height <= MAX_HEIGHT;
  }

  function frameOrigin(frame) {
    try {
      return new URL(frame.getAttribute('src') || '', document.baseURI).origin;
    } catch {
      return null;
    }
  }

  /**
   * True when a message of origin `origin` may come from `frame`: the origin of
   * its src, or "null" from a frame sandboxed without allow-same-origin.
   */
  function acceptsOrigin(frame, origin) {
    if (origin === frameOrigin(frame)) return true;
    var sandbox = frame.sandbox;
    return origin === 'null' && frame.hasAttribute('sandbox') && !(sandbox && sandbox.contains('allow-same-origin'));
  }

  function prepare(frame) {
    if (frame.dataset.llmBudgetLabReady) return;
    frame.dataset.llmBudgetLabReady = 'true';
    // CSSOM, not a style attribute: allowed under a strict style-src.
    if (!frame.style.width && !frame.hasAttribute('width')) frame.style.width = '100%';
    if (!frame.style.border) frame.style.border = '0';
    frame.style.display = frame.style.display || 'block';
  }

  function onMessage(event) {
    var height = validMessage(event.data);
    if (!height && !validStatement(event.data)) return;
    var frames = document.querySelectorAll('iframe[data-llm-budget-lab]');
    for (var i = 0; i < frames.length; i += 1) {
      var frame = frames[i];
      if (frame.contentWindow !== event.source) continue;
      if (!acceptsOrigin(frame, event.origin)) return;
      if (!height) {
        frame.dispatchEvent(new CustomEvent(event.data.event, { detail: event.data.statement, bubbles: true }));
        return;
      }
      prepare(frame);
      frame.style.height = Math.ceil(event.data.height) + 'px';
      frame.dispatchEvent(new CustomEvent('llm-budget-lab-resize', { detail: { height: Math.ceil(event.data.height) } }));
      return;
    }
  }

  function prepareAll() {
    var frames = document.querySelectorAll('iframe[data-llm-budget-lab]');
    for (var i = 0; i < frames.length; i += 1) prepare(frames[i]);
  }

  window.addEventListener('message', onMessage);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', prepareAll);
  else prepareAll();
  window.llmBudgetLabEmbed = { version: 1, validMessage: validMessage, validStatement: validStatement };
}());

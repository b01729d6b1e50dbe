// dist/llm-budget-lab-embed.js: the parent-side script of the iframe embed.
//
// Sizes every <iframe data-llm-budget-lab src=".../embed.html?..."> on the page
// to its content. The embed posts { type: 'llm-budget-lab:height', version: 1,
// height } (see child.js). A message is used only when
//   - it comes from that iframe's own window (event.source === contentWindow),
//   - its origin is the origin of the iframe's src, and
//   - it has exactly those three keys, with height a finite number of CSS
//     pixels from 1 to 100000.
// Anything else is ignored. Iframes added later are found when they first
// post. Written for this project (no third-party resizer).
(function () {
  'use strict';
  if (window.llmBudgetLabEmbed) return; // loaded twice: one listener is enough
  var MESSAGE_TYPE = 'llm-budget-lab:height';
  var MAX_HEIGHT = 100000;

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

  function prepare(frame) {
    if (frame.dataset.llmBudgetLabReady) return;
    frame.dataset.llmBudgetLabReady = 'true';
    // CSSOM, not a style attribute: allowed under a strict style-src.
    if (!frame.style.width && !frame.hasAttribute('width')) frame.style.width = '100%';
    if (!frame.style.border) frame.style.border = '0';
    frame.style.display = frame.style.display || 'block';
  }

  function onMessage(event) {
    if (!validMessage(event.data)) return;
    var frames = document.querySelectorAll('iframe[data-llm-budget-lab]');
    for (var i = 0; i < frames.length; i += 1) {
      var frame = frames[i];
      if (frame.contentWindow !== event.source) continue;
      if (event.origin !== frameOrigin(frame)) return;
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
  window.llmBudgetLabEmbed = { version: 1, validMessage: validMessage };
}());

// dist/instructors.js: the copy buttons and the live preview of the
// instructors' page.
//
// The preview never hands the snippet to the HTML parser: a small tokenizer
// reads the first <llm-budget-lab ...> tag's attributes, and only the known
// ones (and --llmb-* declarations of its style attribute, applied through
// CSSOM) reach a freshly created element. No eval, no innerHTML: CSP-safe.
// The questions workbench is in workbench.js. Every sentence it shows comes from
// content/ui/<locale>.json ("instructors.*" ids) through the translator the page's
// script hands to startInstructorsPage (web/build.mjs writes one script per locale).
import { setupWorkbench } from './workbench.js';
import { ATTRIBUTE_NAMES } from '../element/attribute-names.js';
import { PART_NAMES } from '../element/part-names.js';

// The element's own attributes, and `lang`: the HTML attribute the element takes its language from.
const KNOWN = [...ATTRIBUTE_NAMES, 'lang'];
const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function decodeEntities(text) {
  return text.replace(/&(quot|amp|lt|gt|#39|apos);/g, (m, e) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'", apos: "'" })[e]);
}

/**
 * Index of the ">" that ends the tag whose attributes start at `from`, or -1.
 * As in HTML, a ">" inside a quoted attribute value (quotes opened right after
 * "=") does not end the tag: parts="calc>ulator" is one value.
 */
export function tagEnd(source, from) {
  let quote = null;
  let afterEquals = false;
  for (let i = from; i < source.length; i += 1) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '>') {
      return i;
    } else if (afterEquals && (c === '"' || c === "'")) {
      quote = c;
    }
    if (!quote && c === '=') afterEquals = true;
    else if (!/\s/.test(c)) afterEquals = false;
  }
  return -1;
}

/**
 * Reads the first <llm-budget-lab> tag of `source`.
 * @param {string} source the typed snippet
 * @param {(id:string, params?:object)=>string} t the page's strings (web/element/i18n.js)
 * @returns {{ ok: true, attributes: Object<string,string>, properties: Array<[string,string]>, ignored: string[] } | { ok: false, error: string }}
 */
export function parseSnippet(source, t) {
  const start = source.search(/<llm-budget-lab(?=[\s>/])/i);
  if (start < 0) return { ok: false, error: t('instructors.previewNoTag') };
  const end = tagEnd(source, start + '<llm-budget-lab'.length);
  if (end < 0) return { ok: false, error: t('instructors.previewNotClosed') };
  const inside = source.slice(start + '<llm-budget-lab'.length, end).replace(/\/$/, '');
  const attributes = {};
  const properties = [];
  const ignored = [];
  for (const m of inside.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    if (KNOWN.includes(name)) attributes[name] = value;
    else if (name === 'style') {
      for (const decl of value.split(';')) {
        const colon = decl.indexOf(':');
        if (colon < 0) continue;
        const prop = decl.slice(0, colon).trim();
        const val = decl.slice(colon + 1).trim();
        if (/^--llmb-[a-z-]+$/.test(prop) && val && !/[<>{}]/.test(val)) properties.push([prop, val]);
        else if (prop) ignored.push(`style ${prop}`);
      }
    } else ignored.push(name);
  }
  return { ok: true, attributes, properties, ignored };
}

/**
 * The preview's status: which parts, preset and theme properties it shows, and what it
 * did not use, as whole sentences of the page's language.
 * @param {{attributes:Object<string,string>, properties:Array, ignored:string[]}} parsed parseSnippet's result
 * @param {(id:string, params?:object)=>string} t the page's strings
 * @returns {string}
 */
export function previewStatus(parsed, t) {
  const parts = parsed.attributes.parts || 'all';
  const preset = parsed.attributes.preset;
  const count = parsed.properties.length;
  const id = `instructors.previewParts${preset ? 'Preset' : ''}${count ? 'Theme' : ''}`;
  const sentences = [t(id, { parts, preset: preset || '', count })];
  const unknown = unknownParts(parts);
  if (unknown.length) sentences.push(t('instructors.previewUnknownParts', { count: unknown.length, parts: unknown.join(', ') }));
  if (parsed.ignored.length) sentences.push(t('instructors.previewIgnored', { names: parsed.ignored.join(', ') }));
  return sentences.join(' ');
}

/**
 * The words of a `parts` value that name no part (PART_NAMES, the element's one list, or
 * "all"), each once, in the order typed: the parts the element skips.
 * @param {string} parts the attribute's value
 * @returns {string[]}
 */
export function unknownParts(parts) {
  const words = String(parts).split(/[\s,]+/).filter(Boolean);
  return [...new Set(words)].filter((w) => w !== 'all' && !PART_NAMES.includes(w));
}

function setupPreview(t) {
  const source = document.getElementById('preview-source');
  const slot = document.getElementById('preview-slot');
  const status = document.getElementById('preview-status');
  if (!source || !slot || !status) return;
  let timer = 0;
  let lastKey = null;
  const apply = () => {
    const parsed = parseSnippet(source.value, t);
    if (!parsed.ok) {
      status.textContent = parsed.error;
      return;
    }
    const key = JSON.stringify([parsed.attributes, parsed.properties]);
    if (key !== lastKey) {
      lastKey = key;
      const lab = document.createElement('llm-budget-lab');
      for (const [k, v] of Object.entries(parsed.attributes)) lab.setAttribute(k, v);
      for (const [p, v] of parsed.properties) lab.style.setProperty(p, v);
      slot.replaceChildren(lab);
    }
    status.textContent = previewStatus(parsed, t);
  };
  source.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(apply, 300);
  });
  apply();
}

function setupCopyButtons(t) {
  for (const button of document.querySelectorAll('button[data-copy]')) {
    button.addEventListener('click', async () => {
      const code = document.getElementById(button.dataset.copy);
      const label = button.textContent;
      try {
        await navigator.clipboard.writeText(code.textContent);
        button.textContent = t('instructors.copied');
      } catch {
        const range = document.createRange();
        range.selectNodeContents(code);
        const sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
        button.textContent = t('instructors.copySelected');
      }
      setTimeout(() => { button.textContent = label; }, 2000);
    });
  }
}

/**
 * Wires the instructors' page (preview, copy buttons, workbench) once the document is parsed.
 * @param {(id:string, params?:object)=>string} t the page's strings in its language (web/element/i18n.js)
 */
export function startInstructorsPage(t) {
  const start = () => {
    setupPreview(t);
    setupCopyButtons(t);
    setupWorkbench(t);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

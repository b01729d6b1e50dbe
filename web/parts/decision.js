// The lesson's decision procedure on the reader's own workload: the five
// steps written out from one core.planLevers() call per redraw (the planner
// tries every weight and cache precision and GPU count, optionally with
// speculative decoding and its draft model, orders the rows as the lesson
// orders its levers and marks two rows: the cheapest that keeps the output
// and meets every target, and, when it needs fewer GPUs, the cheapest that
// changes the output). This file only words and lays out what the core
// returns; it decides nothing itself.
import { registerPart } from '../element/registry.js';
import { pairedInput } from '../element/paired-input.js';
import { h, setText, nextId } from '../element/dom.js';
import { lazyTrafficCore } from '../core/traffic-core.js';
import { createRunner, markStale } from './deferred-runner.js';
import { startSettings, trafficAt, TRAFFIC_OPTION } from './traffic-sweep.js';
import { readingInWords, refusalMessage, withFieldsOf } from '../element/core-message.js';
import { boxNumber, quantityText, rangeUnitWords } from '../element/slider-value.js';
import { unitWords, boxText, calculatorFields } from '../element/fields.js';
import { markReadingId } from '../element/read-as-note.js';

// The serving simulation, for step 5's check of the marked row at the traffic part's load.
const trafficFacade = lazyTrafficCore(); // started when the part first needs it

// Every function below words the core's rows in the element's language: `w` is the part's
// { t, fmt } (ctx: the translator of content/ui/<locale>.json and the locale's number formatting).

/** "8-bit" for a precision in bytes per value (1 byte). */
const bits = ({ t, fmt }, bytes) => t('decision.bits', { n: fmt.int(bytes * 8) });

/** What to evaluate before relying on a row that changes the output (the lesson's lever table, in our words). */
function toEvaluate(w, row) {
  const { t } = w;
  const list = [];
  if (row.weight_bytes_per_param < 2) list.push(t('decision.evalWeights', { bits: bits(w, row.weight_bytes_per_param) }));
  if (row.cache_bytes_per_value < 2) list.push(t('decision.evalCache', { bits: bits(w, row.cache_bytes_per_value) }));
  if (row.speculative) list.push(t('decision.evalSpeculative'));
  if (list.length > 1) list.push(t('decision.evalCombination'));
  return list;
}

/** "8-bit weights, 16-bit cache, 2 GPUs" (and ", speculative decoding"). */
function rowName(w, row) {
  return w.t(row.speculative ? 'decision.rowNameSpeculative' : 'decision.rowName', {
    weights: bits(w, row.weight_bytes_per_param), cache: bits(w, row.cache_bytes_per_value), count: row.gpus, n: w.fmt.int(row.gpus),
  });
}

/** A marked row in a sentence: "16-bit weights and cache on 4 GPUs", "8-bit weights and a 16-bit cache on 2 GPUs". */
function pickName(w, row) {
  const weights = bits(w, row.weight_bytes_per_param);
  const cache = bits(w, row.cache_bytes_per_value);
  const id = `decision.pick${weights === cache ? 'Same' : 'Mixed'}${row.speculative ? 'Speculative' : ''}`;
  return w.t(id, { weights, cache, a: w.fmt.article(cache), count: row.gpus, n: w.fmt.int(row.gpus) });
}

/** The figures of a marked row: memory (the draft's share when there is one), first token, speeds. */
function pickFigures({ t, fmt }, row) {
  return t(row.draft_bytes > 0 ? 'decision.figuresDraft' : 'decision.figures', {
    memory: fmt.bytesText(row.per_gpu_bytes), draft: fmt.bytesText(row.draft_bytes), ttft: fmt.msText(row.ttft_s),
    perRequest: fmt.perRequestText(row.per_request_tokens_per_s), total: fmt.totalText(row.total_tokens_per_s),
  });
}

/** What a tight pick means, a sentence (null when it keeps its headroom). */
function tightWords({ t, fmt }, row, input) {
  return row.verdict === 'tight' ? t('decision.tight', { percent: fmt.int(input.headroom_fraction * 100) }) : null;
}

/** Which targets a row misses, in words ("" when it meets them or does not fit). */
function missed({ t, fmt }, row) {
  const ttft = fmt.msText(row.ttft_s);
  const speed = fmt.perRequestText(row.per_request_tokens_per_s);
  if (!row.ttft_target_met && !row.per_request_target_met) return t('decision.missedBoth', { ttft, speed });
  if (!row.ttft_target_met) return t('decision.missedTtft', { ttft });
  if (!row.per_request_target_met) return t('decision.missedSpeed', { speed });
  return '';
}

function rowOutcome(w, row) {
  if (!row.fits) return w.t('decision.outcomeNoFit', { memory: w.fmt.bytesText(row.per_gpu_bytes) });
  return row.meets_targets ? w.t('decision.outcomeMet') : w.t('decision.outcomeMissed', { missed: missed(w, row) });
}

/** A table cell's targets: "met", "missed TTFT", "missed speed", "missed TTFT and speed". */
function targetsCell({ t }, row) {
  if (row.meets_targets) return t('decision.cellMet');
  if (!row.ttft_target_met && !row.per_request_target_met) return t('decision.cellMissedBoth');
  return t(!row.ttft_target_met ? 'decision.cellMissedTtft' : 'decision.cellMissedSpeed');
}

/** "8-bit weights, 16-bit cache" (", speculative"), a cost row's precision. */
function precisionCell(w, row) {
  return w.t(row.speculative ? 'decision.precisionSpeculative' : 'decision.precision',
    { weights: bits(w, row.weight_bytes_per_param), cache: bits(w, row.cache_bytes_per_value) });
}

/**
 * A load of the traffic part in the element's language: "1.0 requests/s" in the open mode (arrivals
 * per second), "8 clients" in the closed one (each sends its next request when the last one ends).
 */
function loadWords({ t, fmt }, mode, load) {
  return mode === 'open' ? t('decision.loadOpen', { n: fmt.adaptive(load) }) : t('decision.loadClients', { count: load, n: fmt.int(load) });
}

/**
 * Step 5 at the stated load: the core's simulation of the marked row at the
 * traffic part's load (its start when no traffic part has spoken), and the
 * core's highest load meeting the targets searched from that load, which is
 * at least the load exactly when a run there meets them (load_search.h).
 * @returns generator job for deferred-runner.js, returning the sentence
 */
function* loadCheckJob(w, traffic, input, row, settings) {
  const { t, fmt } = w;
  const where = t('decision.loadWhere', { load: loadWords(w, settings.mode, settings.load),
    input: fmt.int(settings.input_tokens), output: fmt.int(settings.output_tokens) });
  if (!row) return t('decision.loadNoRow', { where });
  if (row.speculative) return t('decision.loadSpeculative', { where });
  if (!(input.ttft_target_s > 0 || input.per_request_target_tokens_per_s > 0)) return t('decision.loadNoTargets', { where });
  const config = { ...input, weight_bytes_per_param: row.weight_bytes_per_param, cache_bytes_per_value: row.cache_bytes_per_value, gpus: row.gpus };
  const tr = trafficAt(settings.mode, settings, settings.load);
  const run = traffic.simulateTraffic(config, tr);
  yield;
  const search = traffic.highestLoad(config, tr);
  // The simulation's refusals in the page's language (core-message.js).
  const said = (res) => refusalMessage(withFieldsOf(w.core, traffic), w.strings, fmt, res, () => res.error);
  if (!run.ok) return t('decision.loadRunFailed', { where, error: said(run) });
  if (!search.ok) return t('decision.loadSearchFailed', { where, error: said(search) });
  const p = `p${fmt.groupedNumber(traffic.DEFAULT_TRAFFIC.target_percentile)}`;
  const v = run.value;
  const s = search.value;
  const meets = s.found && s.highest_load >= settings.load;
  const figures = v.unstable ? t('decision.loadUnstable') : t('decision.loadFigures', {
    ttft: fmt.msText(v.ttft_at_target_percentile_s), p,
    tpot: v.tpot_at_target_percentile_s === null ? t('decision.loadTpotNone') : fmt.msText(v.tpot_at_target_percentile_s),
  });
  const highest = s.found ? t('decision.loadHighest', { load: loadWords(w, settings.mode, s.highest_load) }) : t('decision.loadNoneMeets');
  return t(meets ? 'decision.loadMeets' : 'decision.loadMisses', { where, row: pickName(w, row), figures, highest });
}

/** Dollars: two decimals from $1, else three significant digits ($0.0929); "0,0929 $" in German. */
function money({ t, fmt }, v) {
  const n = v >= 1 ? fmt.groupedNumber(Math.round(v * 100) / 100, 2) : v.toPrecision(3).replace('.', fmt.decimalMark);
  return t('decision.money', { n });
}

/**
 * GPU types and cost (core.planHardware): a price box per GPU preset, empty by
 * default (no built-in price), and, once a price is typed, the planner's rows on
 * the priced GPUs ranked by the core's cost per million output tokens, redrawn
 * once the typing rests (deferred-runner.js). Prices live in this part's state only.
 * A price is read by the core's field reader ("1,5" and "1.5" are 1.5 on every page);
 * text a reader could take either way ("1,026"; "1.026" where the locale groups digits
 * with ".") gets a note saying how it was read.
 * @param {object} w the part's { t, fmt, strings } (ctx)
 * @returns {{el: HTMLElement, draw: (input: object, options: object) => void}}
 */
function costSection(w, core, presets) {
  const { t, fmt, strings } = w;
  const priceField = core.declaration.plan_cost_inputs.find((f) => f.name === 'price_per_gpu_hour');
  const priceUnit = strings.core(`core.unit.${priceField.unit}`, priceField.unit);
  // The core's reader in the page's number writing: a decimal comma reads "2,039" as 2.039 first;
  // grouping with "." makes "1.026" ambiguous (still 1.026).
  const readOptions = { decimalComma: fmt.decimalMark === ',', groupsWithPoint: fmt.groupMark === '.' };
  const gpus = presets.gpus();
  const prices = new Map(); // preset id -> the last good price (> 0); absent = no price
  const el = h('section', { class: 'decision-cost', 'data-out': 'decision-cost' });
  el.append(h('h3', { text: t('decision.costTitle') }), h('p', { class: 'chart-desc', text: t('decision.costDesc') }));
  const boxes = h('div', { class: 'part-controls decision-prices' });
  let drawn = null; // the input and options last drawn
  for (const gpu of gpus) {
    const id = nextId('price');
    // The refusal and the "read as" note describe the box, so focusing it again repeats them.
    const noteId = nextId('price-error');
    const readId = nextId('price-read');
    const box = h('input', { type: 'text', id, inputmode: 'decimal', autocomplete: 'off', placeholder: t('decision.pricePlaceholder'),
      'data-price': gpu.id, 'aria-describedby': `${noteId} ${readId}` });
    const note = h('span', { class: 'field-error', id: noteId, role: 'status', 'data-out': `price-error-${gpu.id}`, hidden: true });
    const readNote = h('span', { class: 'field-read', id: readId, role: 'status', 'data-out': `price-read-${gpu.id}`, hidden: true });
    const say = (text) => { setText(note, text); note.hidden = text === ''; };
    const sayRead = (text) => { setText(readNote, text); readNote.hidden = text === ''; };
    // A price out of the declared range (a kind the core's declaration flags as a range refusal) in
    // the page's words, naming the GPU and the price typed, since the core's sentence names its
    // internal field; anything else the core refused, as it says it.
    const priceRefusal = (res, value) => (res.field === priceField.name && calculatorFields(core, strings).isRangeRefusal(res)
      ? t('decision.priceRange', { gpu: gpu.label, min: fmt.groupedNumber(priceField.min), max: fmt.groupedNumber(priceField.max),
        unit: priceUnit, value: fmt.groupedNumber(value) })
      : refusalMessage(core, strings, fmt, res, () => res.error.replace(/^hardware option \d+: /, '')));
    box.addEventListener('input', () => {
      const text = box.value.trim().replace(/^\$\s*/, '').replace(/\s*\$$/, '');
      sayRead('');
      if (text === '') {
        prices.delete(gpu.id);
        say('');
      } else {
        const read = core.readField(priceField.name, text, 1, readOptions);
        // The core checks the price's range: one option at this price on the current input.
        const checked = read.ok && read.value !== 0 && drawn
          ? core.planHardware(drawn.input, [{ ...presets.presetPatch(gpu.id, core), price_per_gpu_hour: read.value }])
          : read;
        const refused = !read.ok ? read : checked.ok ? null : checked;
        if (refused || read.value === 0) {
          say(t('decision.priceKept', { reason: refused ? priceRefusal(refused, read.value) : t('decision.priceEmpty') }));
          box.setAttribute('aria-invalid', 'true');
          return;
        }
        prices.set(gpu.id, read.value);
        say('');
        // One separator before exactly three digits: a thousands group to some readers, a decimal mark
        // to others (the core's reader says when).
        if (read.ambiguous) {
          const n = fmt.readAsNumber(read.value, read.significant_digits).text;
          const mark = markReadingId(read, fmt);
          sayRead(mark ? t(mark, { value: fmt.withUnit(n, priceUnit) })
            : t('decision.priceReadAs', { value: n, unit: priceUnit }));
        }
      }
      box.removeAttribute('aria-invalid');
      if (drawn) redrawLater();
    });
    boxes.append(h('div', { class: 'field' }, h('label', { for: id, text: t('decision.priceLabel', { gpu: gpu.label, unit: priceUnit }) }),
      box, note, readNote));
  }
  const status = h('p', { class: 'chart-summary', role: 'status', 'data-out': 'decision-cost-summary' });
  // Described by a paragraph, not a caption, and in its own scroll box: the part's first table keeps the only
  // caption and .table-scroll region (tests and keyboard order address those).
  const caption = h('p', { class: 'chart-desc', id: nextId('cost-desc'), 'data-out': 'decision-cost-caption' });
  const body = h('tbody');
  const headers = ['decision.costColGpu', 'decision.costColGpus', 'decision.costColPrecision', 'decision.costColTargets',
    'decision.costColOutput', 'decision.costColInput'].map((id) => t(id));
  const table = h('table', { class: 'data-table decision-cost-table', 'aria-describedby': caption.id },
    h('thead', null, h('tr', null, ...headers.map((text) => h('th', { scope: 'col', text })))), body);
  const scroll = h('div', { class: 'cost-scroll', tabindex: '0', role: 'region', 'aria-label': t('decision.costRegion'), hidden: true },
    caption, table);
  el.append(boxes, status, scroll);

  // A typed price paints at once (its check and message above); the ranking is redrawn once the typing
  // rests, for the prices of that moment (data-busy on the section meanwhile, the ranking marked stale).
  const later = createRunner();
  const results = [status, scroll];
  function redrawLater() {
    el.setAttribute('data-busy', '');
    markStale(results, true);
    // eslint-disable-next-line require-yield
    later.start(function* rank() { draw(drawn.input, drawn.options); }, () => {
      el.removeAttribute('data-busy');
      markStale(results, false);
    });
  }

  const shown = 24;
  function draw(input, options) {
    drawn = { input, options };
    const priced = gpus.filter((g) => prices.has(g.id));
    if (priced.length === 0) {
      setText(status, t('decision.costNone'));
      scroll.hidden = true;
      return;
    }
    const hardware = priced.map((g) => ({ ...presets.presetPatch(g.id, core), price_per_gpu_hour: prices.get(g.id) }));
    const res = core.planHardware(input, hardware, options);
    if (!res.ok) {
      setText(status, t('decision.costFailed', { error: res.error }));
      return;
    }
    const { rows, cheapest_row: cheapest, cheapest_changing_output_row: changing } = res.value;
    const costed = rows.map((r, i) => [r, i]).filter(([r]) => r.cost_per_million_output_tokens > 0);
    // The rows that meet every target, in the core's cost order; when none does, every row that fits.
    const meeting = costed.filter(([r]) => r.meets_targets);
    const listed = meeting.length > 0 ? meeting : costed;
    const name = (r) => priced[r.option].label;
    const words = [];
    if (cheapest >= 0) {
      const r = rows[cheapest];
      words.push(t('decision.costCheapest', { row: pickName(w, r), gpu: name(r), cost: money(w, r.cost_per_million_output_tokens) }));
    } else {
      words.push(t('decision.costNoCheapest'));
    }
    if (changing >= 0) {
      const r = rows[changing];
      words.push(t('decision.costChanging', { row: pickName(w, r), gpu: name(r), cost: money(w, r.cost_per_million_output_tokens) }));
    }
    setText(status, t('decision.costStatus', { fit: fmt.int(costed.length), count: priced.length, priced: fmt.int(priced.length),
      meeting: fmt.int(meeting.length), marks: words.join(' ') }));
    const which = t(meeting.length > 0 ? 'decision.costListedMeeting' : 'decision.costListedFitting');
    setText(caption, listed.length > shown
      ? t('decision.costCaptionFirst', { listed: which, shown: fmt.int(shown), total: fmt.int(listed.length) })
      : t('decision.costCaption', { listed: which }));
    const mark = (i) => (i === cheapest ? '★ ' : i === changing ? '☆ ' : '');
    body.replaceChildren(...listed.slice(0, shown).map(([r, i]) => {
      const tr = h('tr', { 'data-cost-row': i, 'data-gpu': priced[r.option].id, class: i === cheapest || i === changing ? 'is-cheapest' : undefined },
        h('th', { scope: 'row', text: `${mark(i)}${name(r)}` }),
        h('td', { text: fmt.int(r.gpus) }),
        h('td', { text: precisionCell(w, r) }),
        h('td', { text: targetsCell(w, r) }),
        h('td', { 'data-out': 'cost-output', text: money(w, r.cost_per_million_output_tokens) }),
        h('td', { 'data-out': 'cost-input', text: money(w, r.cost_per_million_input_tokens) }));
      if (i === cheapest) tr.setAttribute('data-cost-cheapest', '');
      if (i === changing) tr.setAttribute('data-cost-cheapest-changing', '');
      return tr;
    }));
    scroll.hidden = false;
  }
  return { el, draw };
}

function mount(container, ctx) {
  const { core, store, t, fmt, strings } = ctx;
  const w = { t, fmt, strings, core };
  const titleId = nextId('decision-title');
  container.append(h('h2', { class: 'part-title', id: titleId, text: t('decision.title') }));
  container.append(h('p', { class: 'chart-desc', text: t('decision.description') }));

  // Speculative decoding as an extra lever: a, k and c from the core's declaration.
  const local = { on: false, a: 0.8, k: 4, c: 0.05, d: 0 };
  const specBox = h('input', { type: 'checkbox', class: 'decision-spec-toggle', 'data-control': 'speculative' });
  const specFields = h('div', { class: 'part-controls', hidden: true });
  const staleNote = h('p', { class: 'results-stale', role: 'status', 'data-out': 'decision-stale' });
  const refused = new Set();
  const validity = (name) => (ok) => {
    if (ok) refused.delete(name); else refused.add(name);
    setText(staleNote, refused.size ? t('decision.stale') : '');
  };
  const declared = (name) => core.declaration.speculative_inputs.find((d) => d.name === name);
  const label = (p) => strings.core(`core.field.${p.name}.label`, p.label);
  const param = (name) => {
    const p = declared(name);
    return { label: label(p), unit: t('decision.specUnit', { symbol: p.symbol, min: p.min, max: p.max }), min: p.min, max: p.max,
      step: p.kind === 'whole' ? 1 : 0.01, read: (text) => readingInWords(core, strings, fmt, core.readField(name, text, 1, { decimalComma: fmt.decimalMark === ',' })),
      // A refused value: the field's declared range, in the element's words (the box's own range).
      whole: p.kind === 'whole', words: { t, fmt, unit: rangeUnitWords(strings, p) },
      boxText: (v) => boxText(fmt, v),
      valueText: (v) => symbolValue(p, v) };
  };
  // The thumb's words: the symbol and the value with its declared unit ("a = 0,8", "k = 4 Token").
  const symbolValue = (p, v) => t('sliderValue.symbol', { symbol: p.symbol,
    value: quantityText(t, boxNumber(fmt, v), v, p.unit, unitWords(strings, p.unit, p.unit_one, v)) });
  const check = (patch) => core.speculative(patch.a ?? local.a, patch.k ?? local.k, patch.c ?? local.c);
  // The draft's size is the planner's alone: the planner itself checks it.
  const checkDraft = (d) => core.planLevers(store.state.input, { speculative: true, acceptance_rate: local.a,
    draft_tokens: local.k, draft_cost_ratio: local.c, draft_params: d });
  const draftParam = () => {
    const p = declared('draft_params');
    return { label: label(p), unit: t('decision.draftUnit', { symbol: p.symbol }), min: 0, max: p.max,
      step: 1e8, read: (text) => readingInWords(core, strings, fmt, core.readField('draft_params', text, 1, { decimalComma: fmt.decimalMark === ',' })),
      whole: false, words: { t, fmt, unit: rangeUnitWords(strings, p) },
      boxText: (v) => boxText(fmt, v),
      // 0 is the planner's own size (c × the model's parameters), as the field's unit text says.
      valueText: (v) => (v === 0 ? t('sliderValue.draftZero', { n: boxNumber(fmt, v) }) : symbolValue(p, v)) };
  };
  specFields.append(
    pairedInput({ ...param('acceptance_rate'), value: local.a, check: (v) => check({ a: v }),
      onChange: (v) => { local.a = v; redraw(); }, onValidity: validity('a') }).el,
    pairedInput({ ...param('draft_tokens'), value: local.k, check: (v) => check({ k: v }),
      onChange: (v) => { local.k = v; redraw(); }, onValidity: validity('k') }).el,
    pairedInput({ ...param('draft_cost_ratio'), value: local.c, check: (v) => check({ c: v }),
      onChange: (v) => { local.c = v; redraw(); }, onValidity: validity('c') }).el,
    pairedInput({ ...draftParam(), value: local.d, check: checkDraft,
      onChange: (v) => { local.d = v; redraw(); }, onValidity: validity('d') }).el);
  specBox.addEventListener('change', () => {
    local.on = specBox.checked;
    specFields.hidden = !local.on;
    redraw();
  });
  container.append(h('label', { class: 'toggle' }, specBox, ' ', t('decision.specToggle')), specFields, staleNote);

  // The five steps, each a heading and a paragraph the core's numbers fill.
  const steps = h('ol', { class: 'decision-steps' });
  const step = (title, key) => {
    const p = h('p', { 'data-out': key });
    steps.append(h('li', null, h('h3', { text: title }), p));
    return p;
  };
  const workload = step(t('decision.stepWorkload'), 'decision-workload');
  const baseline = step(t('decision.stepBaseline'), 'decision-baseline');
  const keep = step(t('decision.stepKeep'), 'decision-keep');
  const change = step(t('decision.stepChange'), 'decision-change');
  const evaluateList = h('ul', { 'data-out': 'decision-evaluate' });
  change.after(evaluateList);
  const measure = step(t('decision.stepMeasure'), 'decision-measure');
  const atLoad = h('p', { 'data-out': 'decision-traffic' });
  measure.after(atLoad);
  container.append(steps);
  const checker = createRunner();
  let checkKey = '';
  let firstCheck = true;
  /** Step 5's line for `row` at the traffic part's load, off the input path after the first drawing. */
  function checkAtLoad(input, row) {
    if (!trafficFacade.core) {
      setText(atLoad, t('decision.simLoading'));
      trafficFacade.ready().then(() => { checkKey = ''; checkAtLoad(store.state.input, last && last.pick); }, () => setText(atLoad, ''));
      return;
    }
    const settings = store.state[TRAFFIC_OPTION] || startSettings(trafficFacade.core);
    const key = JSON.stringify([input, row, settings]);
    if (key === checkKey) return;
    checkKey = key;
    atLoad.toggleAttribute('data-busy', true);
    checker.start(() => loadCheckJob(w, trafficFacade.core, input, row, settings), (sentence) => {
      atLoad.removeAttribute('data-busy');
      setText(atLoad, sentence);
    }, { now: firstCheck });
    firstCheck = false;
  }

  const summary = h('p', { class: 'chart-summary', role: 'status', 'data-out': 'decision-summary' });
  container.append(summary);

  const useButton = h('button', { type: 'button', class: 'decision-use', 'data-control': 'use-cheapest' }, t('decision.useKeep'));
  const useChangingButton = h('button', { type: 'button', class: 'decision-use', 'data-control': 'use-cheapest-changing' },
    t('decision.useChange'));
  const useStatus = h('span', { class: 'chart-download-status', role: 'status' });
  container.append(h('div', { class: 'chart-downloads' }, useButton, useChangingButton, useStatus));

  const caption = h('caption');
  const headRow = h('tr');
  const table = h('table', { class: 'data-table decision-table' }, caption, h('thead', null, headRow));
  const bodies = { keep: h('tbody', { 'data-rows': 'keep' }), change: h('tbody', { 'data-rows': 'change' }) };
  table.append(bodies.keep, bodies.change);
  const wrap = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': titleId },
    table);
  container.append(wrap);
  const cost = costSection(w, core, ctx.presets);
  container.append(cost.el);

  let lastKey = '';
  let last = null; // { rows, cheapest, changing } of the latest drawing

  const load = (index) => {
    if (!last || index < 0) return;
    const row = last.rows[index];
    const res = store.tryInput({ weight_bytes_per_param: row.weight_bytes_per_param,
      cache_bytes_per_value: row.cache_bytes_per_value, gpus: row.gpus });
    setText(useStatus, res.ok
      ? t(row.speculative ? 'decision.loadedSpeculative' : 'decision.loaded', { row: rowName(w, row) })
      : t('decision.notLoaded', { error: res.error }));
    if (res.ok) store.reveal(t('decision.revealed', { row: rowName(w, row) }));
  };
  useButton.addEventListener('click', () => load(last ? last.cheapest : -1));
  useChangingButton.addEventListener('click', () => load(last ? last.changing : -1));

  function specOptions() {
    return local.on ? { speculative: true, acceptance_rate: local.a, draft_tokens: local.k, draft_cost_ratio: local.c,
      draft_params: local.d } : {};
  }

  function redraw() {
    const input = store.state.input;
    const options = specOptions();
    const key = JSON.stringify([input, options]);
    if (key === lastKey) return;
    const res = core.planLevers(input, options);
    if (!res.ok) {
      setText(summary, t('decision.plannerFailed', { error: res.error }));
      return;
    }
    lastKey = key;
    const { rows, cheapest_row: cheapest, cheapest_changing_output_row: changing } = res.value;
    last = { rows, cheapest, changing, pick: changing >= 0 ? rows[changing] : cheapest >= 0 ? rows[cheapest] : null };
    draw(input, rows, cheapest, changing);
    cost.draw(input, options);
  }

  /** Step 1: the workload, model, GPU and targets in one paragraph. */
  function workloadText(input) {
    const targets = [input.ttft_target_s > 0 ? t('decision.targetTtft', { ttft: fmt.msText(input.ttft_target_s) }) : null,
      input.per_request_target_tokens_per_s > 0
        ? t('decision.targetSpeed', { speed: fmt.perRequestText(input.per_request_target_tokens_per_s) }) : null].filter(Boolean);
    const prompt = input.prompt_tokens > 0 ? input.prompt_tokens : input.context_tokens;
    return t('decision.workload', {
      batch: fmt.int(input.batch), context: fmt.int(input.context_tokens), prompt: fmt.int(prompt),
      params: fmt.adaptive(input.total_params / 1e9), layers: fmt.int(input.layers), query: fmt.int(input.query_heads),
      kv: fmt.int(input.kv_heads), memory: fmt.bytesText(input.gpu_memory_bytes), bandwidth: fmt.bandwidthText(input.bandwidth_bytes_per_s),
      targets: targets.length === 2 ? t('decision.targetsTwo', { first: targets[0], second: targets[1] })
        : targets.length === 1 ? t('decision.targetsOne', { target: targets[0] }) : t('decision.targetsNone'),
    });
  }

  /** Step 2: the lesson's baseline, the highest precision on one GPU (the planner's first row when it has one). */
  function baselineText(rows) {
    const base = rows.find((r) => r.weight_bytes_per_param === 2 && r.cache_bytes_per_value === 2 && r.gpus === 1 && !r.speculative);
    if (!base) return t('decision.baselineNone');
    const problem = !base.fits ? t('decision.problemMemory')
      : base.meets_targets ? t('decision.problemNone') : t('decision.problemSpeed', { missed: missed(w, base) });
    const memory = fmt.bytesText(base.per_gpu_bytes);
    const verdict = fmt.verdictText(base.verdict).toLowerCase();
    return base.fits
      ? t('decision.baselineFits', { memory, verdict, ttft: fmt.msText(base.ttft_s), speed: fmt.perRequestText(base.per_request_tokens_per_s), problem })
      : t('decision.baselineNoFit', { memory, verdict, problem });
  }

  /** Step 4 when a row that changes the output saves GPUs: the pick, why nothing cheaper, what to evaluate. */
  function changeText(input, rows, changing, changePick, keepPick) {
    const fewer = [...new Set(rows.filter((r) => r.gpus < changePick.gpus).map((r) => r.gpus))];
    const why = [];
    for (const g of fewer) {
      const at = rows.filter((r) => r.gpus === g);
      const noFit = at.filter((r) => !r.fits).length;
      const miss = at.filter((r) => r.fits && !r.meets_targets);
      const counts = { count: g, gpus: fmt.int(g), noFit: fmt.int(noFit), total: fmt.int(at.length) };
      why.push(miss.length ? t('decision.whyAtMiss', { ...counts, miss: fmt.int(miss.length), missed: missed(w, miss[0]) })
        : t('decision.whyAt', counts));
    }
    const cheaperAtSameCount = rows.slice(0, changing).filter((r) => r.gpus === changePick.gpus
      && r.speculative === changePick.speculative);
    // A row passed over on the same GPU count either misses, or meets every target without the headroom (tight).
    for (const r of cheaperAtSameCount) {
      why.push(r.meets_targets && r.verdict === 'tight' ? t('decision.whyTight', { row: rowName(w, r) })
        : t('decision.rowOutcome', { row: rowName(w, r), outcome: rowOutcome(w, r) }));
    }
    const figures = pickFigures(w, changePick);
    const lead = keepPick
      ? t('decision.changeCheaper', { row: pickName(w, changePick), n: fmt.int(changePick.gpus), keep: fmt.int(keepPick.gpus), figures })
      : t('decision.changeOnly', { row: pickName(w, changePick), figures });
    return [lead, why.length ? t('decision.whyNothing', { reasons: why.join('; ') }) : null, tightWords(w, changePick, input),
      t('decision.differentModel')].filter(Boolean).join(' ');
  }

  function draw(input, rows, cheapest, changing) {
    setText(workload, workloadText(input));
    setText(baseline, baselineText(rows));

    // Step 3: the core's mark among the rows that keep the output.
    const keeping = rows.filter((r) => !r.changes_output);
    const keepPick = cheapest >= 0 ? rows[cheapest] : null;
    setText(keep, keepPick
      ? [t(local.on ? 'decision.keepFoundSpeculative' : 'decision.keepFound', { row: pickName(w, keepPick), figures: pickFigures(w, keepPick) }),
        tightWords(w, keepPick, input)].filter(Boolean).join(' ')
      : t(local.on ? 'decision.keepNoneSpeculative' : 'decision.keepNone', {
        rows: keeping.map((r) => t('decision.rowOutcome', { row: rowName(w, r), outcome: rowOutcome(w, r) })).join('; ') }));

    // Step 4: the core's mark among the rows that change the output, shown only when it saves GPUs.
    const changePick = changing >= 0 ? rows[changing] : null;
    const pick = changePick ?? keepPick; // the fewest GPUs marked
    if (!pick) {
      setText(change, t('decision.changeNone'));
      evaluateList.replaceChildren();
    } else if (!changePick) {
      setText(change, keepPick.gpus === 1 ? t('decision.changeOneGpu')
        : t('decision.changeNotFewer', { count: keepPick.gpus, n: fmt.int(keepPick.gpus) }));
      evaluateList.replaceChildren();
    } else {
      setText(change, changeText(input, rows, changing, changePick, keepPick));
      evaluateList.replaceChildren(...toEvaluate(w, changePick).map((text) => h('li', { text })));
    }
    setText(measure, pick ? t('decision.measureAt', { batch: fmt.int(input.batch) }) : t('decision.measure'));

    const met = rows.filter((r) => r.meets_targets).length;
    const fit = rows.filter((r) => r.fits).length;
    const marked = (r) => (r.verdict === 'tight' ? t('decision.rowTight', { row: pickName(w, r) }) : pickName(w, r));
    const marks = [];
    if (keepPick) marks.push(t('decision.markKeep', { row: marked(keepPick) }));
    else if (changePick) marks.push(t('decision.markNoKeep'));
    if (changePick) marks.push(t(keepPick ? 'decision.markCheaper' : 'decision.markOnly', { row: marked(changePick) }));
    setText(summary, t('decision.summary', { total: fmt.int(rows.length), fit: fmt.int(fit), met: fmt.int(met),
      marks: pick ? marks.join(' ') : t('decision.noneMarked') }));
    useButton.disabled = !keepPick;
    useChangingButton.disabled = !changePick;
    useChangingButton.hidden = !changePick;

    // The table, in the core's order: output-keeping rows, then the rest.
    const headers = ['decision.colWeights', 'decision.colCache', 'decision.colGpus', ...(local.on ? ['decision.colSpeculative'] : []),
      'decision.colMemory', 'decision.colVerdict', 'decision.colTtft', 'decision.colPerRequest', 'decision.colAll', 'decision.colTargets']
      .map((id) => t(id));
    headRow.replaceChildren(...headers.map((text) => h('th', { scope: 'col', text })));
    setText(caption, t(local.on ? 'decision.captionSpeculative' : 'decision.caption'));
    const mark = (i) => (i === cheapest ? '★ ' : i === changing ? '☆ ' : '');
    const line = (r, i) => {
      const cells = [
        h('th', { scope: 'row', text: `${mark(i)}${bits(w, r.weight_bytes_per_param)}` }),
        h('td', { text: bits(w, r.cache_bytes_per_value) }),
        h('td', { text: fmt.int(r.gpus) }),
        ...(local.on ? [h('td', { text: t(r.speculative ? 'decision.specOn' : 'decision.specOff') })] : []),
        h('td', { text: fmt.bytesText(r.per_gpu_bytes) }),
        h('td', { text: fmt.verdictText(r.verdict) }),
        h('td', { text: r.fits ? fmt.msText(r.ttft_s) : '—' }),
        h('td', { text: r.fits ? fmt.perRequestText(r.per_request_tokens_per_s) : '—' }),
        h('td', { text: r.fits ? fmt.totalText(r.total_tokens_per_s) : '—' }),
        h('td', { text: !r.fits ? t('decision.cellNoFit') : targetsCell(w, r) }),
      ];
      const tr = h('tr', { 'data-row': i, class: i === cheapest || i === changing ? 'is-cheapest' : undefined }, cells);
      if (i === cheapest) tr.setAttribute('data-cheapest', '');
      if (i === changing) tr.setAttribute('data-cheapest-changing', '');
      return tr;
    };
    const group = (label) => h('tr', { class: 'decision-group' }, h('th', { scope: 'rowgroup', colspan: headers.length, text: label }));
    bodies.keep.replaceChildren(group(t('decision.groupKeep')), ...rows.map((r, i) => [r, i]).filter(([r]) => !r.changes_output).map(([r, i]) => line(r, i)));
    bodies.change.replaceChildren(group(t('decision.groupChange')),
      ...rows.map((r, i) => [r, i]).filter(([r]) => r.changes_output).map(([r, i]) => line(r, i)));
  }

  return {
    update() {
      redraw();
      if (last) checkAtLoad(store.state.input, last.pick);
    },
  };
}

registerPart({ name: 'decision', mount });

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
import * as fmt from '../element/format.js';
import { lazyTrafficCore } from '../core/traffic-core.js';
import { createRunner, markStale } from './deferred-runner.js';
import { startSettings, trafficAt, TRAFFIC_OPTION, loadText } from './traffic-sweep.js';

// The serving simulation, for step 5's check of the marked row at the traffic part's load.
const trafficFacade = lazyTrafficCore(); // started when the part first needs it

const bits = (bytes) => `${fmt.int(bytes * 8)}-bit`;

/** What to evaluate before relying on a row that changes the output (the lesson's lever table, in our words). */
function toEvaluate(row) {
  const list = [];
  if (row.weight_bytes_per_param < 2) {
    list.push(`${bits(row.weight_bytes_per_param)} weights: score task accuracy and long answers against the 16-bit model on your own task set, with confidence intervals`);
  }
  if (row.cache_bytes_per_value < 2) {
    list.push(`${bits(row.cache_bytes_per_value)} KV cache: test long-context tasks, where rounding in the cache builds up`);
  }
  if (row.speculative) {
    list.push('speculative decoding: measure the acceptance rate on real traffic, and check on a fixed prompt set that the output matches the target model alone');
  }
  if (list.length > 1) list.push('and test the combination you ship, not each lever alone');
  return list;
}

/** "8-bit weights, 16-bit cache, 2 GPUs" (and "with speculative decoding"). */
function rowName(row) {
  const gpus = `${fmt.int(row.gpus)} ${row.gpus === 1 ? 'GPU' : 'GPUs'}`;
  return `${bits(row.weight_bytes_per_param)} weights, ${bits(row.cache_bytes_per_value)} cache, ${gpus}${row.speculative ? ', speculative decoding' : ''}`;
}

/** A marked row in a sentence: "16-bit weights and cache on 4 GPUs", "8-bit weights and a 16-bit cache on 2 GPUs". */
function pickName(row) {
  const w = bits(row.weight_bytes_per_param);
  const c = bits(row.cache_bytes_per_value);
  const precision = w === c ? `${w} weights and cache` : `${w} weights and ${fmt.article(c)} ${c} cache`;
  return `${precision} on ${fmt.int(row.gpus)} ${fmt.plural(row.gpus, 'GPU', 'GPUs')}${row.speculative ? ' with speculative decoding' : ''}`;
}

/** The figures of a marked row: memory (the draft's share when there is one), first token, speeds. */
function pickFigures(row) {
  const draft = row.draft_bytes > 0 ? `, of which ${fmt.bytesText(row.draft_bytes)} the draft model’s weights and cache` : '';
  return `${fmt.bytesText(row.per_gpu_bytes)} per GPU${draft}, first token in ${fmt.msText(row.ttft_s)}, `
    + `${fmt.perRequestText(row.per_request_tokens_per_s)} tokens/s per request, ${fmt.totalText(row.total_tokens_per_s)} in all`;
}

/** What a tight pick means, in words ("" when it keeps its headroom). */
function tightWords(row, input) {
  if (row.verdict !== 'tight') return '';
  return ` It is tight: it fits, but leaves less than the ${fmt.int(input.headroom_fraction * 100)}% of GPU memory you asked to keep free, `
    + 'and the planner found nothing on as few GPUs that keeps the headroom. Longer prompts, more requests or memory the budget leaves out '
    + '(activations, the serving engine’s own buffers) can push it over: measure its memory at the target load before relying on it.';
}

/** Which targets a row misses, in words ("" when it meets them or does not fit). */
function missed(row) {
  const list = [];
  if (!row.ttft_target_met) list.push(`the TTFT target (${fmt.msText(row.ttft_s)})`);
  if (!row.per_request_target_met) list.push(`the speed target (${fmt.perRequestText(row.per_request_tokens_per_s)} tokens/s)`);
  return list.join(' and ');
}

function rowOutcome(row) {
  if (!row.fits) return `does not fit (${fmt.bytesText(row.per_gpu_bytes)} per GPU)`;
  return row.meets_targets ? 'meets every target' : `misses ${missed(row)}`;
}

/**
 * Step 5 at the stated load: the core's simulation of the marked row at the
 * traffic part's load (its start when no traffic part has spoken), and the
 * core's highest load meeting the targets searched from that load, which is
 * at least the load exactly when a run there meets them (load_search.h).
 * @returns generator job for deferred-runner.js, returning the sentence
 */
function* loadCheckJob(traffic, input, row, settings) {
  const where = `At the traffic part’s load of ${loadText(settings.mode, settings.load)} `
    + `(${fmt.int(settings.input_tokens)} + ${fmt.int(settings.output_tokens)} tokens per request)`;
  if (!row) return `${where} there is no marked configuration to check.`;
  if (row.speculative) return `${where} the marked row is not simulated: the simulation does not model speculative decoding.`;
  if (!(input.ttft_target_s > 0 || input.per_request_target_tokens_per_s > 0)) {
    return `${where} nothing is checked: set a TTFT or per-request target first.`;
  }
  const config = { ...input, weight_bytes_per_param: row.weight_bytes_per_param, cache_bytes_per_value: row.cache_bytes_per_value, gpus: row.gpus };
  const t = trafficAt(settings.mode, settings, settings.load);
  const run = traffic.simulateTraffic(config, t);
  yield;
  const search = traffic.highestLoad(config, t);
  if (!run.ok) return `${where} the simulation could not run: ${run.error}`;
  if (!search.ok) return `${where} the highest-load search could not run: ${search.error}`;
  const p = `p${fmt.groupedNumber(traffic.DEFAULT_TRAFFIC.target_percentile)}`;
  const v = run.value;
  const s = search.value;
  const meets = s.found && s.highest_load >= settings.load;
  const figures = v.unstable ? 'the queue grows without bound'
    : `TTFT ${fmt.msText(v.ttft_at_target_percentile_s)} and TPOT ${v.tpot_at_target_percentile_s === null ? 'not defined (one output token)'
      : fmt.msText(v.tpot_at_target_percentile_s)} at ${p}`;
  const highest = s.found ? `the highest load meeting them is ${loadText(settings.mode, s.highest_load)}` : 'even the lightest load misses one';
  return `${where}, ${pickName(row)} ${meets ? 'meets' : 'misses'} the targets: ${figures}; ${highest}.`;
}

/** Dollars: two decimals from $1, else three significant digits ($0.0929). */
function money(v) {
  return `$${v >= 1 ? fmt.groupedNumber(Math.round(v * 100) / 100, 2) : v.toPrecision(3)}`;
}

/**
 * GPU types and cost (core.planHardware): a price box per GPU preset, empty by
 * default (no built-in price), and, once a price is typed, the planner's rows on
 * the priced GPUs ranked by the core's cost per million output tokens, redrawn
 * once the typing rests (deferred-runner.js). Prices live in this part's state only.
 * @returns {{el: HTMLElement, draw: (input: object, options: object) => void}}
 */
function costSection(core, presets) {
  const priceField = core.declaration.plan_cost_inputs.find((f) => f.name === 'price_per_gpu_hour');
  const gpus = presets.gpus();
  const prices = new Map(); // preset id -> the last good price (> 0); absent = no price
  const el = h('section', { class: 'decision-cost', 'data-out': 'decision-cost' });
  el.append(h('h3', { text: 'Which GPU type is cheapest per token' }),
    h('p', { class: 'chart-desc', text: 'Type what one GPU costs you per hour (rental prices vary by provider, region and '
      + 'commitment, so none is built in). The planner then tries every GPU type you priced with the same levers and ranks '
      + 'the combinations that fit by the cost of a million output tokens: the GPUs’ hourly price over the tokens the whole '
      + 'batch decodes in an hour. Input tokens are costed at one request’s prefill, as the first-token time is, so batched '
      + 'prefill would read them for less.' }));
  const boxes = h('div', { class: 'part-controls decision-prices' });
  let drawn = null; // the input and options last drawn
  for (const gpu of gpus) {
    const id = nextId('price');
    const box = h('input', { type: 'text', id, inputmode: 'decimal', autocomplete: 'off', placeholder: 'no price',
      'data-price': gpu.id });
    const note = h('span', { class: 'field-error', role: 'status', 'data-out': `price-error-${gpu.id}`, hidden: true });
    const say = (text) => { setText(note, text); note.hidden = text === ''; };
    // A price out of the declared range in the page's words (the core's sentence names its
    // internal field); anything else the core refused, as it says it.
    const priceRefusal = (res) => (res.field === priceField.name && /must be/.test(res.error)
      ? `Enter a price from ${fmt.groupedNumber(priceField.min)} to ${fmt.groupedNumber(priceField.max)} ${priceField.unit}.`
      : res.error.replace(/^hardware option \d+: /, ''));
    box.addEventListener('input', () => {
      const text = box.value.trim().replace(/^\$\s*/, '');
      if (text === '') {
        prices.delete(gpu.id);
        say('');
      } else {
        const read = core.readField(priceField.name, text, 1);
        // The core checks the price's range: one option at this price on the current input.
        const checked = read.ok && read.value !== 0 && drawn
          ? core.planHardware(drawn.input, [{ ...presets.presetPatch(gpu.id, core), price_per_gpu_hour: read.value }])
          : read;
        const refused = !read.ok ? read : checked.ok ? null : checked;
        if (refused || read.value === 0) {
          say(`${refused ? priceRefusal(refused) : 'Leave the box empty for no price.'} The table keeps the last good price.`);
          box.setAttribute('aria-invalid', 'true');
          return;
        }
        prices.set(gpu.id, read.value);
        say('');
      }
      box.removeAttribute('aria-invalid');
      if (drawn) redrawLater();
    });
    boxes.append(h('div', { class: 'field' }, h('label', { for: id, text: `${gpu.label}: ${priceField.unit}` }), box, note));
  }
  const status = h('p', { class: 'chart-summary', role: 'status', 'data-out': 'decision-cost-summary' });
  // Described by a paragraph, not a caption, and in its own scroll box: the part's first table keeps the only
  // caption and .table-scroll region (tests and keyboard order address those).
  const caption = h('p', { class: 'chart-desc', id: nextId('cost-desc'), 'data-out': 'decision-cost-caption' });
  const body = h('tbody');
  const headers = ['GPU type', 'GPUs', 'Precision', 'Targets', `Per million output tokens`, 'Per million input tokens'];
  const table = h('table', { class: 'data-table decision-cost-table', 'aria-describedby': caption.id },
    h('thead', null, h('tr', null, ...headers.map((t) => h('th', { scope: 'col', text: t })))), body);
  const scroll = h('div', { class: 'cost-scroll', tabindex: '0', role: 'region', 'aria-label': 'GPU types by cost', hidden: true },
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
      setText(status, 'Type a price for at least one GPU type to compare them by cost.');
      scroll.hidden = true;
      return;
    }
    const hardware = priced.map((g) => ({ ...presets.presetPatch(g.id, core), price_per_gpu_hour: prices.get(g.id) }));
    const res = core.planHardware(input, hardware, options);
    if (!res.ok) {
      setText(status, `The cost comparison could not run: ${res.error}`);
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
      words.push(`Cheapest that keeps the output and meets every target: ${pickName(r)} of ${name(r)}, `
        + `${money(r.cost_per_million_output_tokens)} per million output tokens.`);
    } else {
      words.push('No priced combination that keeps the output meets every target.');
    }
    if (changing >= 0) {
      const r = rows[changing];
      words.push(`Cheaper with a changed output: ${pickName(r)} of ${name(r)}, ${money(r.cost_per_million_output_tokens)}, `
        + 'once the quantised model passes your own evaluation.');
    }
    setText(status, `${costed.length} combinations fit on the ${priced.length} priced GPU ${fmt.plural(priced.length, 'type', 'types')}, `
      + `${meeting.length} meet every target. `
      + words.join(' '));
    setText(caption, `${meeting.length > 0 ? 'The combinations that meet every target' : 'No combination meets every target; those that fit'}, `
      + `cheapest output first${listed.length > shown ? ` (the first ${shown} of ${listed.length})` : ''}. `
      + '★ the cheapest that keeps the output and meets every target; ☆ a cheaper one that changes the output.');
    const mark = (i) => (i === cheapest ? '★ ' : i === changing ? '☆ ' : '');
    body.replaceChildren(...listed.slice(0, shown).map(([r, i]) => {
      const tr = h('tr', { 'data-cost-row': i, 'data-gpu': priced[r.option].id, class: i === cheapest || i === changing ? 'is-cheapest' : undefined },
        h('th', { scope: 'row', text: `${mark(i)}${name(r)}` }),
        h('td', { text: fmt.int(r.gpus) }),
        h('td', { text: `${bits(r.weight_bytes_per_param)} weights, ${bits(r.cache_bytes_per_value)} cache${r.speculative ? ', speculative' : ''}` }),
        h('td', { text: r.meets_targets ? 'met' : `missed ${[!r.ttft_target_met ? 'TTFT' : '', !r.per_request_target_met ? 'speed' : ''].filter(Boolean).join(' and ')}` }),
        h('td', { 'data-out': 'cost-output', text: money(r.cost_per_million_output_tokens) }),
        h('td', { 'data-out': 'cost-input', text: money(r.cost_per_million_input_tokens) }));
      if (i === cheapest) tr.setAttribute('data-cost-cheapest', '');
      if (i === changing) tr.setAttribute('data-cost-cheapest-changing', '');
      return tr;
    }));
    scroll.hidden = false;
  }
  return { el, draw };
}

function mount(container, ctx) {
  const { core, store } = ctx;
  const titleId = nextId('decision-title');
  container.append(h('h2', { class: 'part-title', id: titleId, text: 'The decision procedure on your workload' }));
  container.append(h('p', { class: 'chart-desc', text: 'The five steps of the procedure, worked on the calculator’s inputs: the '
    + 'planner tries 16-, 8- and 4-bit weights, 16- and 8-bit caches and 1, 2, 4 or 8 GPUs (those that split the heads), '
    + 'levers that keep the output first. Change the workload, model, GPU or targets in the calculator and every step follows.' }));

  // Speculative decoding as an extra lever: a, k and c from the core's declaration.
  const local = { on: false, a: 0.8, k: 4, c: 0.05, d: 0 };
  const specBox = h('input', { type: 'checkbox', class: 'decision-spec-toggle', 'data-control': 'speculative' });
  const specFields = h('div', { class: 'part-controls', hidden: true });
  const staleNote = h('p', { class: 'results-stale', role: 'status', 'data-out': 'decision-stale' });
  const refused = new Set();
  const validity = (name) => (ok) => {
    if (ok) refused.delete(name); else refused.add(name);
    setText(staleNote, refused.size ? 'Showing the last valid table: a speculative-decoding field holds a value that is not used.' : '');
  };
  const param = (name) => {
    const p = core.declaration.speculative_inputs.find((d) => d.name === name);
    return { label: p.label, unit: `${p.symbol}, ${p.min} to ${p.max}`, min: p.min, max: p.max, step: p.kind === 'whole' ? 1 : 0.01,
      read: (text) => core.readField(name, text, 1) };
  };
  const check = (patch) => core.speculative(patch.a ?? local.a, patch.k ?? local.k, patch.c ?? local.c);
  // The draft's size is the planner's alone: the planner itself checks it.
  const checkDraft = (d) => core.planLevers(store.state.input, { speculative: true, acceptance_rate: local.a,
    draft_tokens: local.k, draft_cost_ratio: local.c, draft_params: d });
  const draftParam = () => {
    const p = core.declaration.speculative_inputs.find((d) => d.name === 'draft_params');
    return { label: p.label, unit: `${p.symbol}, parameters; 0 = c × the model’s parameters`, min: 0, max: p.max,
      step: 1e8, read: (text) => core.readField('draft_params', text, 1) };
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
  container.append(h('label', { class: 'toggle' }, specBox, ' Also try speculative decoding (a lever that keeps the output)'),
    specFields, staleNote);

  // The five steps, each a heading and a paragraph the core's numbers fill.
  const steps = h('ol', { class: 'decision-steps' });
  const step = (title, key) => {
    const p = h('p', { 'data-out': key });
    steps.append(h('li', null, h('h3', { text: title }), p));
    return p;
  };
  const workload = step('State the workload', 'decision-workload');
  const baseline = step('Compute the baseline', 'decision-baseline');
  const keep = step('Levers that keep the output', 'decision-keep');
  const change = step('Then levers that change the output', 'decision-change');
  const evaluateList = h('ul', { 'data-out': 'decision-evaluate' });
  change.after(evaluateList);
  const measure = step('Measure the real system', 'decision-measure');
  const atLoad = h('p', { 'data-out': 'decision-traffic' });
  measure.after(atLoad);
  container.append(steps);
  const checker = createRunner();
  let checkKey = '';
  let firstCheck = true;
  /** Step 5's line for `row` at the traffic part's load, off the input path after the first drawing. */
  function checkAtLoad(input, row) {
    if (!trafficFacade.core) {
      setText(atLoad, 'The serving simulation is loading…');
      trafficFacade.ready().then(() => { checkKey = ''; checkAtLoad(store.state.input, last && last.pick); }, () => setText(atLoad, ''));
      return;
    }
    const settings = store.state[TRAFFIC_OPTION] || startSettings(trafficFacade.core);
    const key = JSON.stringify([input, row, settings]);
    if (key === checkKey) return;
    checkKey = key;
    atLoad.toggleAttribute('data-busy', true);
    checker.start(() => loadCheckJob(trafficFacade.core, input, row, settings), (sentence) => {
      atLoad.removeAttribute('data-busy');
      setText(atLoad, sentence);
    }, { now: firstCheck });
    firstCheck = false;
  }

  const summary = h('p', { class: 'chart-summary', role: 'status', 'data-out': 'decision-summary' });
  container.append(summary);

  const useButton = h('button', { type: 'button', class: 'decision-use', 'data-control': 'use-cheapest' },
    'Load the row that keeps the output (★)');
  const useChangingButton = h('button', { type: 'button', class: 'decision-use', 'data-control': 'use-cheapest-changing' },
    'Load the cheaper row that changes it (☆)');
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
  const cost = costSection(core, ctx.presets);
  container.append(cost.el);

  let lastKey = '';
  let last = null; // { rows, cheapest, changing } of the latest drawing

  const load = (index) => {
    if (!last || index < 0) return;
    const row = last.rows[index];
    const res = store.tryInput({ weight_bytes_per_param: row.weight_bytes_per_param,
      cache_bytes_per_value: row.cache_bytes_per_value, gpus: row.gpus });
    setText(useStatus, res.ok
      ? `Loaded ${rowName(row)} into the calculator${row.speculative ? ' (speculative decoding is not a calculator input: its speed-up and its draft model’s memory are in this table only)' : ''}.`
      : `Not loaded: ${res.error}`);
    if (res.ok) store.reveal(`The decision procedure loaded ${rowName(row)}.`);
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
      setText(summary, `The planner could not run: ${res.error}`);
      return;
    }
    lastKey = key;
    const { rows, cheapest_row: cheapest, cheapest_changing_output_row: changing } = res.value;
    last = { rows, cheapest, changing, pick: changing >= 0 ? rows[changing] : cheapest >= 0 ? rows[cheapest] : null };
    draw(input, rows, cheapest, changing);
    cost.draw(input, options);
  }

  function draw(input, rows, cheapest, changing) {
    const ttftTarget = input.ttft_target_s > 0 ? `a first token within ${fmt.msText(input.ttft_target_s)}` : null;
    const speedTarget = input.per_request_target_tokens_per_s > 0
      ? `${fmt.perRequestText(input.per_request_target_tokens_per_s)} tokens/s for each request` : null;
    const targets = [ttftTarget, speedTarget].filter(Boolean);
    const prompt = input.prompt_tokens > 0 ? input.prompt_tokens : input.context_tokens;
    setText(workload, `${fmt.int(input.batch)} concurrent requests of ${fmt.int(input.context_tokens)} tokens `
      + `(prompts of ${fmt.int(prompt)}), a model of ${fmt.adaptive(input.total_params / 1e9)} billion parameters `
      + `(${fmt.int(input.layers)} layers, ${fmt.int(input.query_heads)} query and ${fmt.int(input.kv_heads)} KV heads), `
      + `on GPUs of ${fmt.bytesText(input.gpu_memory_bytes)} at ${fmt.bandwidthText(input.bandwidth_bytes_per_s)} usable. `
      + (targets.length ? `Targets: ${targets.join(' and ')}.`
        : 'No targets are set, so every configuration that fits counts as meeting them: set the time to first token and per-request speed targets in the calculator.'));

    // The lesson's baseline: the highest precision on one GPU (the planner's first row when it has one).
    const base = rows.find((r) => r.weight_bytes_per_param === 2 && r.cache_bytes_per_value === 2 && r.gpus === 1 && !r.speculative);
    if (base) {
      const problem = !base.fits ? 'The problem is memory: the weights and cache do not fit one GPU.'
        : base.meets_targets ? 'It already meets every target; the levers below buy speed or room to grow.'
          : `The problem is speed: it fits but misses ${missed(base)}.`;
      setText(baseline, `16-bit weights and cache on one GPU: ${fmt.bytesText(base.per_gpu_bytes)}, ${fmt.verdictText(base.verdict).toLowerCase()}`
        + `${base.fits ? `, first token in ${fmt.msText(base.ttft_s)}, ${fmt.perRequestText(base.per_request_tokens_per_s)} tokens/s per request` : ''}. ${problem}`);
    } else {
      setText(baseline, 'The planner has no one-GPU row for this model.');
    }

    // Step 3: the core's mark among the rows that keep the output.
    const keeping = rows.filter((r) => !r.changes_output);
    const keepPick = cheapest >= 0 ? rows[cheapest] : null;
    setText(keep, keepPick
      ? `Keeps the output: ${pickName(keepPick)} (${pickFigures(keepPick)}), the fewest GPUs with which 16-bit weights and cache`
        + `${local.on ? ', with or without speculative decoding,' : ''} meet every target.${tightWords(keepPick, input)}`
      : `No row that keeps the output (16-bit on 1 to 8 GPUs${local.on ? ', with or without speculative decoding' : ''}) meets every target: `
        + `${keeping.map((r) => `${rowName(r)} ${rowOutcome(r)}`).join('; ')}.`);

    // Step 4: the core's mark among the rows that change the output, shown only when it saves GPUs.
    const changePick = changing >= 0 ? rows[changing] : null;
    const pick = changePick ?? keepPick; // the fewest GPUs marked
    if (!pick) {
      setText(change, 'No combination the planner tried meets every target. Relax a target, shorten the context or the batch, '
        + 'choose a GPU with more memory or bandwidth, or a smaller model.');
      evaluateList.replaceChildren();
    } else if (!changePick) {
      setText(change, keepPick.gpus === 1
        ? 'One GPU already meets every target with the output kept, so quantising buys nothing here: keep the output.'
        : `Nothing that changes the output meets every target on fewer than ${fmt.int(keepPick.gpus)} `
          + `${fmt.plural(keepPick.gpus, 'GPU', 'GPUs')}, so quantising buys nothing here: keep the output.`);
      evaluateList.replaceChildren();
    } else {
      const fewer = [...new Set(rows.filter((r) => r.gpus < changePick.gpus).map((r) => r.gpus))];
      const why = [];
      for (const g of fewer) {
        const at = rows.filter((r) => r.gpus === g);
        const noFit = at.filter((r) => !r.fits).length;
        const miss = at.filter((r) => r.fits && !r.meets_targets);
        why.push(`on ${g} ${g === 1 ? 'GPU' : 'GPUs'}, ${noFit} of ${at.length} combinations do not fit`
          + (miss.length ? ` and ${miss.length} fit but miss ${missed(miss[0])}` : ''));
      }
      const cheaperAtSameCount = rows.slice(0, changing).filter((r) => r.gpus === changePick.gpus
        && r.speculative === changePick.speculative);
      // A row passed over on the same GPU count either misses, or meets every target without the headroom (tight).
      for (const r of cheaperAtSameCount) {
        why.push(`${rowName(r)} ${r.meets_targets && r.verdict === 'tight' ? 'meets every target but is tight' : rowOutcome(r)}`);
      }
      const lead = keepPick
        ? `Cheaper if you accept a changed output: ${pickName(changePick)}, ${fmt.int(changePick.gpus)} instead of ${fmt.int(keepPick.gpus)} GPUs`
        : `Only with a changed output: ${pickName(changePick)}`;
      setText(change, `${lead} (${pickFigures(changePick)}). `
        + (why.length ? `Why nothing cheaper: ${why.join('; ')}.` : '')
        + tightWords(changePick, input)
        + ' It is a different model: before relying on it, evaluate the quantised model’s quality on your own tasks against the 16-bit one:');
      evaluateList.replaceChildren(...toEvaluate(changePick).map((t) => h('li', { text: t })));
    }
    setText(measure, 'A budget is right to within about a factor of two. Run the chosen configuration at the target load and '
      + `record the time to first token and tokens per second per request, with percentiles${pick ? `, at ${fmt.int(input.batch)} concurrent requests` : ''}. `
      + 'The estimate-against-measurement part shows how far budgets sat from published speeds.');

    const met = rows.filter((r) => r.meets_targets).length;
    const fit = rows.filter((r) => r.fits).length;
    const tight = (r) => (r.verdict === 'tight' ? ' (tight)' : '');
    const marks = [];
    if (keepPick) marks.push(`Keeps the output: ${pickName(keepPick)}${tight(keepPick)}.`);
    else if (changePick) marks.push('Nothing that keeps the output meets every target.');
    if (changePick) {
      marks.push(`${keepPick ? 'Cheaper' : 'Meets every target'} if you accept a changed output: ${pickName(changePick)}${tight(changePick)}, `
        + 'once the quantised model passes your own evaluation.');
    }
    setText(summary, `${rows.length} combinations tried: ${fit} fit and ${met} meet every target. `
      + (pick ? marks.join(' ') : 'None of them is marked.'));
    useButton.disabled = !keepPick;
    useChangingButton.disabled = !changePick;
    useChangingButton.hidden = !changePick;

    // The table, in the core's order: output-keeping rows, then the rest.
    const headers = ['Weights', 'Cache', 'GPUs', ...(local.on ? ['Speculative'] : []), 'Memory per GPU', 'Verdict',
      'First token', 'Per request (tokens/s)', 'All requests (tokens/s)', 'Targets'];
    headRow.replaceChildren(...headers.map((t) => h('th', { scope: 'col', text: t })));
    setText(caption, `Every combination the planner tried, in the lesson’s order: levers that keep the output first (step 3), `
      + `then those that change it (step 4), each by GPU count. ★ marks the cheapest that keeps the output and meets every target; `
      + `☆ the cheapest that changes the output, when it needs fewer GPUs.`
      + (local.on ? ' With speculative decoding the memory includes the draft model’s weights and cache.' : ''));
    const mark = (i) => (i === cheapest ? '★ ' : i === changing ? '☆ ' : '');
    const line = (r, i) => {
      const cells = [
        h('th', { scope: 'row', text: `${mark(i)}${bits(r.weight_bytes_per_param)}` }),
        h('td', { text: bits(r.cache_bytes_per_value) }),
        h('td', { text: fmt.int(r.gpus) }),
        ...(local.on ? [h('td', { text: r.speculative ? 'on' : 'off' })] : []),
        h('td', { text: fmt.bytesText(r.per_gpu_bytes) }),
        h('td', { text: fmt.verdictText(r.verdict) }),
        h('td', { text: r.fits ? fmt.msText(r.ttft_s) : '—' }),
        h('td', { text: r.fits ? fmt.perRequestText(r.per_request_tokens_per_s) : '—' }),
        h('td', { text: r.fits ? fmt.totalText(r.total_tokens_per_s) : '—' }),
        h('td', { text: !r.fits ? 'does not fit' : r.meets_targets ? 'met' : `missed ${[!r.ttft_target_met ? 'TTFT' : '', !r.per_request_target_met ? 'speed' : ''].filter(Boolean).join(' and ')}` }),
      ];
      const tr = h('tr', { 'data-row': i, class: i === cheapest || i === changing ? 'is-cheapest' : undefined }, cells);
      if (i === cheapest) tr.setAttribute('data-cheapest', '');
      if (i === changing) tr.setAttribute('data-cheapest-changing', '');
      return tr;
    };
    const group = (label) => h('tr', { class: 'decision-group' }, h('th', { scope: 'rowgroup', colspan: headers.length, text: label }));
    bodies.keep.replaceChildren(group('Keep the output'), ...rows.map((r, i) => [r, i]).filter(([r]) => !r.changes_output).map(([r, i]) => line(r, i)));
    bodies.change.replaceChildren(group('Change the output: evaluate before relying on them'),
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

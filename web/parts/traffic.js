// The traffic part: the serving simulation (web/core/traffic-core.js over
// src/traffic/) on the calculator's configuration, at a request rate (open
// loop) or a concurrency (closed loop). Labels, units and ranges of its
// fields are the core's traffic declaration; the targets are the calculator's
// own inputs (ttft_target_s, per_request_target_tokens_per_s, in the shared
// store). It shows latency against load (traffic-chart.js) and the
// percentiles at the chosen load; every number is the core's. The
// simulations run off the input path once the input rests (deferred-runner.js),
// a stale run dropped; the chart and table are marked stale meanwhile.
import { registerPart } from '../element/registry.js';
import { pairedInput } from '../element/paired-input.js';
import { calculatorFields, inputTexts, boxText } from '../element/fields.js';
import { h, setText } from '../element/dom.js';
import { rangeMessage } from '../element/limits.js';
import { fieldValueText } from '../element/slider-value.js';
import { readAsNote } from '../element/read-as-note.js';
import { readingInWords, refusalMessage, withFieldsOf } from '../element/core-message.js';
import { lazyTrafficCore } from '../core/traffic-core.js';
import { createRunner, markStale } from './deferred-runner.js';
import { sweepJob, startSettings, startConcurrency, TRAFFIC_OPTION, loadText } from './traffic-sweep.js';
import { mountTrafficChart } from './traffic-chart.js';

// Loaded as soon as the part's script runs: the wasm is in by then, so the
// facade is ready before the element mounts its parts.
const trafficFacade = lazyTrafficCore(); // started when the part first needs it

const LOAD_FIELDS = { open: 'request_rate', closed: 'concurrency' };
const OWN_FIELDS = ['request_rate', 'concurrency', 'input_tokens', 'output_tokens'];
const TARGET_FIELDS = ['ttft_target_s', 'per_request_target_tokens_per_s'];

/**
 * Whether `v` is inside a declared field's range (limit: {min, max, kind}); the core refused it for
 * another reason then (a request whose KV cache cannot fit), and its own sentence says which.
 */
function inDeclaredRange(limit, v) {
  return Number.isFinite(v) && v >= limit.min && v <= limit.max && (limit.kind !== 'whole' || Number.isInteger(v));
}

/**
 * The traffic declaration's rows as field definitions (fields.js reads the same
 * row shape). A typical span that starts at 0 (0 there means the other loop)
 * gets a log slider from a thousandth of its top, so the slider never gives 0;
 * a whole field's from the next whole number (1 client, not 0.512, which the
 * core refuses: the Home key goes to the slider's end).
 */
function trafficFields(traffic, strings) {
  const fields = calculatorFields({ declaration: traffic.declaration }, strings).FIELDS;
  const bottom = (def) => (def.whole ? Math.ceil(def.slider.max / 1000) : def.slider.max / 1000);
  return Object.fromEntries(Object.entries(fields).map(([name, def]) => [name, def.limit.typical_min > 0 ? def
    : { ...def, slider: { min: bottom(def), max: def.slider.max, log: true } }]));
}

function mount(container, ctx) {
  const { store, t } = ctx;
  container.append(h('h2', { class: 'part-title', text: t('traffic.title') }));
  container.append(h('p', { class: 'chart-desc', text: t('traffic.description') }));
  const body = h('div', { class: 'traffic-body' });
  container.append(body);
  let api = null;
  const start = (traffic) => { api = build(body, ctx, traffic); api.update(store.state, true); };
  if (trafficFacade.core) start(trafficFacade.core);
  else trafficFacade.ready().then(start, (err) => body.append(h('p', { class: 'lab-error', role: 'alert' },
    t('traffic.noStart', { error: err && err.message ? err.message : String(err) }))));
  return { update(state) { if (api) api.update(state, false); } };
}

function build(body, ctx, traffic) {
  const { core, store, t, fmt, strings } = ctx;
  const TF = trafficFields(traffic, strings);
  const BF = calculatorFields(core, strings).FIELDS;
  // The simulation's refusals in the page's language (core-message.js): the fields they name are
  // the calculator's and the simulation's, so both declarations name them.
  const wording = withFieldsOf(core, traffic);
  const refusalText = (res, english) => refusalMessage(wording, strings, fmt, res, english);
  const begin = startSettings(traffic);
  const local = {
    mode: begin.mode,
    request_rate: begin.load,
    concurrency: startConcurrency(),
    input_tokens: begin.input_tokens,
    output_tokens: begin.output_tokens,
  };
  const refused = new Set();
  const staleNote = h('p', { class: 'results-stale', role: 'status', 'data-out': 'traffic-stale' });
  const validity = (name) => (ok) => {
    if (ok) refused.delete(name); else refused.add(name);
    setText(staleNote, refused.size ? t('traffic.stale') : '');
  };

  // The page's locale for the core's field reader: German writes a decimal comma and groups with ".".
  const readOptions = { decimalComma: fmt.decimalMark === ',', groupsWithPoint: fmt.groupMark === '.' };
  // The simulation's fields, with the budget's message kinds (which of them are range refusals:
  // the traffic fields are checked against their ranges as the calculator's are).
  const trafficWords = calculatorFields({ declaration: { ...traffic.declaration, messages: core.declaration.messages } }, strings);
  // A traffic field: read by the core's field reader on the simulation's declaration (its units,
  // ranges, whole numbers and count prefixes: "32k", "1.500" clients), as the calculator reads its
  // own; checked by the core (one short run).
  const own = (name) => {
    const def = TF[name];
    return pairedInput({
      label: def.label, unit: def.displayUnit, def, value: local[name] / def.factor,
      read: (textValue) => {
        const r = readingInWords(wording, strings, fmt, traffic.readField(name, textValue, def.factor, readOptions));
        return r.ok ? { ok: true, value: r.value / def.factor, note: readAsNote({ t, fmt }, def, r.value, r, textValue) } : r;
      },
      check: (v) => traffic.simulateTraffic(store.state.input, { ...trafficOf(local), [name]: v * def.factor, requests: 1 }),
      // Inside the declared range but refused (a request whose KV cache cannot fit): the core's own
      // reason, in the page's words. Outside it: the calculator's range sentence in the page's
      // words (limits.js), naming the field, its range in its unit and the value typed.
      refusal: (res, v) => {
        if (inDeclaredRange(def.limit, v * def.factor) && res && res.error) {
          const reason = refusalText(res, () => calculatorFields(core, strings).inPageWords(res.error)).replace(/\.?$/, '.');
          return res.field === name ? t('traffic.refused', { label: def.label, reason })
            : t('traffic.refusedOther', { label: def.label, reason });
        }
        return rangeMessage(trafficWords, name, res, null, v, strings,
          () => refusalMessage(wording, strings, fmt, res, () => trafficWords.inPageWords(res.error), (f) => TF[f]));
      },
      onChange: (v) => { local[name] = v * def.factor; schedule(); },
      onValidity: validity(name),
      valueText: (v) => fieldValueText({ t, fmt }, def, v),
      boxText: (v) => boxText(fmt, v),
    });
  };
  // A calculator input (the targets): the store's, checked by the core's plan().
  const shared = (name) => {
    const def = BF[name];
    return pairedInput({
      label: def.label, unit: def.unit, def, value: store.state.input[name] / def.factor,
      read: (textValue) => {
        const r = readingInWords(core, strings, fmt, core.readField(name, textValue, def.factor,
          { decimalComma: fmt.decimalMark === ',' }));
        return r.ok ? { ok: true, value: r.value / def.factor } : r;
      },
      check: (v) => core.plan({ ...store.state.input, [name]: v * def.factor }),
      refusal: (res) => rangeMessage(calculatorFields(core, strings), name, res, store.state.input, undefined, strings,
        () => refusalMessage(core, strings, fmt, res, () => calculatorFields(core, strings).inPageWords(res.error), (field) => BF[field])),
      onChange: (v) => { store.tryInput({ [name]: v * def.factor }); },
      onValidity: validity(name),
      valueText: (v) => fieldValueText({ t, fmt }, def, v),
      boxText: (v) => boxText(fmt, v),
    });
  };
  const controls = Object.fromEntries(OWN_FIELDS.map((n) => [n, own(n)]));
  const targets = Object.fromEntries(TARGET_FIELDS.map((n) => [n, shared(n)]));
  for (const [name, c] of Object.entries(controls)) c.el.dataset.field = name;
  for (const [name, c] of Object.entries(targets)) c.el.dataset.field = name;

  const modeButtons = Object.keys(LOAD_FIELDS).map((mode) => h('button', {
    type: 'button', class: 'choice', 'data-mode': mode, 'aria-pressed': String(mode === local.mode),
    onclick: () => { local.mode = mode; syncMode(); schedule(); },
  }, mode === 'open' ? t('traffic.modeOpen') : t('traffic.modeClosed')));
  const modeGroup = h('div', { class: 'choices', role: 'group', 'aria-label': t('traffic.modeGroup') }, modeButtons);
  function syncMode() {
    for (const b of modeButtons) b.setAttribute('aria-pressed', String(b.dataset.mode === local.mode));
    controls.request_rate.el.hidden = local.mode !== 'open';
    controls.concurrency.el.hidden = local.mode !== 'closed';
  }
  body.append(modeGroup, h('div', { class: 'part-controls' },
    ...OWN_FIELDS.map((n) => controls[n].el), ...TARGET_FIELDS.map((n) => targets[n].el)), staleNote);
  syncMode();

  const status = h('p', { class: 'chart-summary', role: 'status', 'data-out': 'traffic-status' });
  body.append(status);
  const chart = mountTrafficChart(body, () => [...inputTexts(core, store.state.input, strings),
    ...OWN_FIELDS.filter((n) => n !== LOAD_FIELDS[local.mode === 'open' ? 'closed' : 'open'])
      .map((n) => t('traffic.inputLine', { label: TF[n].label, value: fmt.groupedNumber(local[n]), unit: TF[n].displayUnit }))], { t, fmt });
  const table = percentilesTable(traffic, { t, fmt });
  const loadWords = (mode, x) => loadText(mode, x, { t, fmt });
  body.append(table.el);

  const runner = createRunner();
  // What a pending run will replace: dimmed and aria-busy meanwhile.
  const results = [body.querySelector('figure.traffic-chart'), table.el];
  let lastKey = '';
  let drawn = false; // a simulation has been drawn: the chart and table hold its results
  function trafficOf(l) {
    return l.mode === 'open' ? { request_rate: l.request_rate, input_tokens: l.input_tokens, output_tokens: l.output_tokens }
      : { concurrency: l.concurrency, input_tokens: l.input_tokens, output_tokens: l.output_tokens };
  }
  function schedule(now = false) {
    const input = store.state.input;
    const settings = { mode: local.mode, load: local[LOAD_FIELDS[local.mode]], input_tokens: local.input_tokens,
      output_tokens: local.output_tokens };
    const key = JSON.stringify([input, settings]);
    if (key === lastKey) return;
    lastKey = key;
    // The load is the page's (the decision procedure's step 5 checks its pick there).
    const shared = store.state[TRAFFIC_OPTION];
    if (!shared || JSON.stringify(shared) !== JSON.stringify(settings)) store.setOption(TRAFFIC_OPTION, settings);
    busy(true);
    runner.start(() => sweepJob(traffic, input, settings), (done) => draw(input, settings, done), { now });
  }
  function busy(on) {
    body.toggleAttribute('data-busy', on);
    markStale(results, on);
    if (on) setText(status, t('traffic.simulating'));
  }
  function draw(input, settings, { point, highest, sweep }) {
    busy(false);
    if (!point.ok) {
      const error = refusalText(point, () => point.error).replace(/\.?$/, '.');
      setText(status, drawn ? t('traffic.noSimulationKept', { error }) : t('traffic.noSimulation', { error }));
      return;
    }
    drawn = true;
    const h1 = highest && highest.ok ? highest.value : null;
    const percentile = traffic.DEFAULT_TRAFFIC.target_percentile;
    setText(status, statusText(settings, point.value, h1, highest, percentile));
    chart.draw({
      mode: settings.mode, load: settings.load, sweep, highest: h1, percentile,
      searchError: highest && !highest.ok ? refusalText(highest, () => highest.error) : '',
      ttftTarget: input.ttft_target_s,
      // The per-user target as the TPOT bound the core's search holds runs to.
      tpotTarget: h1 ? h1.tpot_target_s : 0,
    });
    table.draw(settings, point.value);
  }
  function statusText(settings, v, h1, highest, percentile) {
    const at = loadWords(settings.mode, settings.load);
    let head;
    if (v.unstable) head = t('traffic.statusUnstable', { load: at });
    else {
      const ttft = { load: at, ttft50: fmt.msText(v.ttft_s.p50), ttft99: fmt.msText(v.ttft_s.p99) };
      head = v.tpot_s ? t('traffic.status', { ...ttft, tpot50: fmt.msText(v.tpot_s.p50), tpot99: fmt.msText(v.tpot_s.p99) })
        : t('traffic.statusNoTpot', ttft);
    }
    let tail = '';
    if (highest && !highest.ok) tail = t('traffic.searchFailed', { error: refusalText(highest, () => highest.error).replace(/\.?$/, '.') });
    else if (h1 && h1.found) tail = t('traffic.highest', { percentile: fmt.groupedNumber(percentile), load: loadWords(settings.mode, h1.highest_load) });
    else if (h1) tail = t('traffic.lightestMisses');
    // Two sentences, each a whole pattern.
    return tail ? `${head} ${tail}` : head;
  }

  return {
    update(state, first) {
      for (const n of TARGET_FIELDS) targets[n].set(state.input[n] / BF[n].factor);
      schedule(first);
    },
  };
}

/**
 * The percentiles at the chosen load, and the run's throughput, goodput and in-flight beside Little's law,
 * in the words and numbers of { t, fmt } (the element's ctx.t and ctx.fmt).
 */
function percentilesTable(traffic, { t, fmt }) {
  const stats = traffic.declaration.statistics;
  const rows = [['ttft_s', t('traffic.rowTtft')], ['tpot_s', t('traffic.rowTpot')], ['e2e_s', t('traffic.rowE2e')]];
  const caption = h('caption', { 'data-out': 'traffic-caption' });
  const head = h('tr', null, h('th', { scope: 'col', text: t('traffic.colLatency') }),
    ...stats.map((s) => h('th', { scope: 'col', text: s === 'mean' ? t('traffic.colMean') : s })));
  const tbody = h('tbody');
  const latency = h('table', { class: 'data-table traffic-percentiles', 'data-out': 'traffic-percentiles' },
    caption, h('thead', null, head), tbody);
  const figures = h('tbody');
  const totals = h('table', { class: 'data-table traffic-totals', 'data-out': 'traffic-totals' },
    h('thead', null, h('tr', null, h('th', { scope: 'col', text: t('traffic.colOverRun') }), h('th', { scope: 'col', text: t('traffic.colValue') }))), figures);
  const el = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': t('traffic.tableRegion') },
    latency, totals);
  const none = t('traffic.unstable');
  function draw(settings, v) {
    const at = loadText(settings.mode, settings.load, { t, fmt });
    setText(caption, v.unstable ? t('traffic.captionUnstable', { load: at }) : t('traffic.caption', { load: at }));
    // A null summary: the run is unstable, or (TPOT) no request had a second token.
    const missing = (name) => (name === 'tpot_s' && !v.tpot_defined ? t('traffic.notDefined') : none);
    tbody.replaceChildren(...rows.map(([name, label]) => h('tr', { 'data-row': name }, h('th', { scope: 'row', text: label }),
      ...stats.map((s) => h('td', { 'data-stat': s, text: v[name] ? fmt.msText(v[name][s]) : missing(name) })))));
    const line = (name, label, value) => h('tr', { 'data-row': name }, h('th', { scope: 'row', text: label }), h('td', { text: value }));
    const or = (x, f) => (x === null ? none : f(x));
    figures.replaceChildren(
      line('throughput_tokens_per_s', t('traffic.rowThroughput'), t('traffic.tokensPerS', { n: fmt.totalText(v.throughput_tokens_per_s) })),
      line('requests_per_s', t('traffic.rowFinished'), t('traffic.perSecond', { n: fmt.adaptive(v.requests_per_s) })),
      line('goodput_requests_per_s', t('traffic.rowGoodput'), or(v.goodput_requests_per_s, (x) => t('traffic.requestsPerS', { n: fmt.adaptive(x) }))),
      line('mean_in_flight', t('traffic.rowInFlight'), or(v.mean_in_flight, fmt.adaptive)),
      line('littles_law_in_flight', t('traffic.rowLittle'), or(v.littles_law_in_flight, fmt.adaptive)),
      line('max_waiting', t('traffic.rowWaiting'), t('traffic.requests', { count: v.max_waiting, n: fmt.int(v.max_waiting) })));
  }
  return { el, draw };
}

registerPart({ name: 'traffic', mount });

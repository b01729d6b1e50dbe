// Estimate against measurement: each published measurement of
// content/measured-decode.json (bundled at build time, so it works from
// file://) beside the core's plan() for the same model, precision, GPU count,
// workload and GPU preset, with how the budget is set up taken from the file's
// "budget" block. Two tables: decode speeds at batch 1 (gpt-fast's Llama 2 and
// Mixtral 8x7B runs on the A100), and latencies (NIM's TTFT and ITL on two
// H100s, NeMo's whole-request latency of Llama 2 7B at batch 1 and 8 on A100
// and H100), each latency held against the core's results its row names
// (ttft_s, step_s: declared results, added up as the row counts them); then
// NIM's closed-loop runs at concurrency 1 to 100 against the core's serving
// simulation (web/core/traffic-core.js) on the same budget input, with where
// the knee comes (the core's max_concurrency: whole requests the KV cache
// holds). A
// slider sets the share of each GPU's peak bandwidth the estimates assume,
// and a line gives the shares at which every decode-speed run sits inside the
// lesson's factor of two (the core asked at each whole percent). Every
// estimate is the core's; this part divides two numbers it shows (estimate ÷
// measurement, achieved ÷ peak, one TTFT ÷ the previous), adds up a latency
// row's named results, and nothing else. The simulations are drawn at once
// when the part starts (the build writes them into the page); after a slider
// move the slider's own number shows at once, and the tables are redrawn and
// the simulations run once the slider rests, one per task, a stale run
// dropped, the tables marked stale meanwhile (deferred-runner.js).
import { registerPart } from '../element/registry.js';
import { pairedInput } from '../element/paired-input.js';
import { h, setText, nextId } from '../element/dom.js';
import { scrollHint } from '../element/scroll-hint.js';
import { boxNumber } from '../element/slider-value.js';
import { models, gpus } from '../element/presets.js';
import measured from '../../content/measured-decode.json';
import { measuredSays } from '../content/measured-text.js';
import {
  measuredRowInput, compareRow, measuredRows, sharesWithEveryRunInBand, SHARE_PERCENT_RANGE, isLatencyRow, BAND, TIGHT_BAND,
  closedLoopBlocks, closedLoopTraffic, compareSimulated,
} from '../content/measured-input.js';
import { lazyTrafficCore } from '../core/traffic-core.js';
import { createRunner, markStale } from './deferred-runner.js';
import { boxText } from '../element/fields.js';

// Loaded as soon as the part's script runs: the wasm is in by then, so the
// facade is ready before the element mounts its parts (as the traffic part's).
const trafficFacade = lazyTrafficCore(); // started when the part first needs it

const modelLabel = (name) => name.replace(/-/g, ' ');

/**
 * Items as a sentence lists them: "a", "a and b", "a, b and c" (t: the element's strings;
 * "measured.listAnd" joins the last item to the others).
 */
function listed(items, t) {
  return items.length > 1 ? t('measured.listAnd', { list: items.slice(0, -1).join(', '), last: items[items.length - 1] }) : items[0];
}

/** Whole percents, ascending, as runs: [41, 42, 43, 60] -> "41–43% and 60%" ({t, fmt}: the element's ctx.t, ctx.fmt). */
function percentRuns(pcts, { t, fmt }) {
  const runs = [];
  for (const p of pcts) {
    const last = runs[runs.length - 1];
    if (last && p === last[1] + 1) last[1] = p;
    else runs.push([p, p]);
  }
  return listed(runs.map(([a, b]) => (a === b ? t('measured.percent', { pct: fmt.int(a) })
    : t('measured.percentRun', { from: fmt.int(a), to: fmt.int(b) }))), t);
}

function mount(container, ctx) {
  const { core, t, fmt } = ctx;
  // The data's own text (method paragraphs, sources, cell words) in the element's language (content/locales/<l>/measured-decode.json).
  const say = measuredSays(ctx.localeContent && ctx.localeContent.measured);
  const yes = t('measured.yes');
  const no = t('measured.no');
  const yesNo = (v) => (v ? yes : no);
  const band = fmt.groupedNumber(BAND);
  const tightBand = fmt.num1(TIGHT_BAND);
  const times = (v) => t('measured.ratio', { n: fmt.fixed2(v) });
  const scrollText = t('measured.scrollHint');
  const budget = measured.budget;
  const groups = measured.groups || [];
  const gpu = gpus().find((g) => g.id === budget.gpu);
  const titleId = nextId('measured-title');
  container.append(h('h2', { class: 'part-title', id: titleId, text: t('measured.title') }));
  if (!budget || groups.length === 0 || !gpu) {
    container.append(h('p', { class: 'lab-error', text: t('measured.missing') }));
    return { update() {} };
  }
  // GB/s with grouping: the datasheet's 2,039 GB/s, not a rounded 2.0 TB/s.
  const gbs = (bytesPerS) => t('unit.GBps', { n: fmt.int(bytesPerS / 1e9) });
  const peak = gbs(gpu.peak_bandwidth_bytes_per_s);
  const allRows = measuredRows(measured, models(), gpus());
  const rows = allRows.filter(({ row }) => !isLatencyRow(row));
  const latencyRows = allRows.filter(({ row }) => isLatencyRow(row));
  container.append(
    ...groups.map((group) => h('p', { class: 'chart-desc measured-source', 'data-out': 'measured-source',
      text: (() => {
        const said = { models: Object.keys(group.models).map(modelLabel).join(', '), source: say(group.source),
          hardware: say(group.hardware), workload: say(group.workload) };
        return group.bandwidth_note ? t('measured.sourceBandwidth', { ...said, bandwidth: say(group.bandwidth_note) }) : t('measured.source', said);
      })() })),
    h('p', { class: 'chart-desc measured-setup', text: t('measured.setup', {
      gpu: gpu.label, peak, usable: gbs(gpu.bandwidth_bytes_per_s), usablePct: fmt.int(gpu.usable_fraction_bandwidth * 100),
      batch: fmt.int(budget.batch), prompt: fmt.int(budget.prompt_tokens), context: fmt.int(budget.context_tokens),
      power: fmt.int(budget.power_limit_w), empirical: gbs(budget.empirical_peak_gb_per_s * 1e9),
      ceilingPct: fmt.int(budget.empirical_peak_gb_per_s * 1e9 / gpu.peak_bandwidth_bytes_per_s * 100) }) }));

  let share = gpu.usable_fraction_bandwidth;
  const { min: minPct, max: maxPct } = SHARE_PERCENT_RANGE;
  const slider = pairedInput({
    label: t('measured.shareLabel'), unit: t('measured.shareUnit', { peak }), min: minPct, max: maxPct, step: 1, value: share * 100,
    check: (v) => (Number.isFinite(v) && v >= minPct && v <= maxPct
      ? core.plan(measuredRowInput(core, budget, rows[0].model, gpu, rows[0].row, v / 100)) : { ok: false }),
    onChange: (v) => { share = v / 100; draw(); },
    // A refused share: "…: enter a whole number from 10 to 100%, not 5." in the element's words.
    words: { t, fmt, unit: () => '%' },
    valueText: (v) => t('sliderValue.shareOfPeak', { n: boxNumber(fmt, v), peak }),
    boxText: (v) => boxText(fmt, v),
    // The answer checker's reader: "60", "60%" or "60,5" (percent of peak).
    read: (text) => {
      const q = ctx.readQuantity(text);
      // An emptied box: a share not typed yet (paired-input.js keeps the share in use, no message).
      if (!q.ok && q.nothing_typed) return { ok: false, nothingTyped: true, error: '' };
      // Why it could not be read, in the page's language: the reader's parse error, as the quiz words it.
      if (!q.ok) {
        const why = q.parse_error ? ctx.strings.core(`core.parse_error.${q.parse_error}`, q.error, { typed: ctx.quoteText(text) }) : q.error;
        return { ok: false, error: t('measured.shareReadError', { error: why }) };
      }
      // On a page that writes a decimal comma, "60,500" is 60.5 (the reader's decimal-comma reading).
      const n = fmt.decimalMark === ',' && q.value.ambiguous ? q.value.alt_value : q.value.value;
      const v = q.value.has_unit ? (q.value.unit === '%' ? n : NaN) : n;
      return Number.isFinite(v) ? { ok: true, value: v }
        : { ok: false, error: t('measured.shareNotPercent') };
    },
  });
  container.append(h('div', { class: 'part-controls' }, slider.el));

  const summary = h('p', { class: 'chart-summary', role: 'status', 'data-out': 'measured-summary' });
  // The shares at which every run is inside the band do not move with the slider: asked once.
  const inside = sharesWithEveryRunInBand(core, measured, models(), gpu);
  const usablePct = Math.round(gpu.usable_fraction_bandwidth * 100);
  const sharesSaid = { band, peak, usable: fmt.int(usablePct) };
  const bandShares = h('p', { class: 'chart-summary', 'data-out': 'measured-band-shares', text: inside.length === 0
    ? t('measured.bandNone', { band })
    : inside.includes(usablePct) ? t('measured.bandAmong', { ...sharesSaid, shares: percentRuns(inside, { t, fmt }) })
      : t('measured.bandNotAmong', { ...sharesSaid, shares: percentRuns(inside, { t, fmt }) }) });
  container.append(summary, bandShares);
  const caption = h('caption');
  const tbody = h('tbody');
  const headers = [t('measured.colRun'), t('measured.colBytes'), t('measured.colMeasuredSpeed'), t('measured.colEstimateSpeed'),
    t('measured.colRatio'), t('measured.colWithin', { band }), t('measured.colStep'), t('measured.colAchieved')];
  const table = h('table', { class: 'data-table measured-table', 'data-out': 'measured-speed-table' }, caption,
    h('thead', null, h('tr', null, headers.map((t) => h('th', { scope: 'col', text: t })))), tbody);
  const wrap = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': titleId }, table);
  // Eight columns: wider than the column on most screens, so the hint starts shown.
  container.append(scrollHint(wrap, scrollText, { out: 'measured-scroll-hint', shown: true }), wrap);
  container.append(h('div', { class: 'measured-notes', 'data-out': 'measured-notes' },
    h('h3', { text: t('measured.notesTitle') }), budget.notes.map((note) => h('p', { text: say(note) }))));
  // Latencies: rows whose estimate adds up the core's results in seconds.
  const latency = latencyRows.length ? latencySection() : null;
  // Runs at a fixed concurrency, against the serving simulation.
  const closedLoop = closedLoopBlocks(measured, models(), gpus()).map((b) => closedLoopSection(b));
  const spec = groups.flatMap((g) => g.speculative || []);
  if (spec.length) {
    container.append(h('p', { class: 'measured-notes', text: t('measured.speculative', { runs: spec.map((s) => t('measured.speculativeRun', {
      target: s.target, draft: s.draft, speed: fmt.groupedNumber(s.tokens_per_s), compare: say(s.compare), note: say(s.note) })).join('; ') }) }));
  }

  /** The latency table, its set-up and summary lines; returns { draw } for the slider. */
  function latencySection() {
    const ltitle = nextId('measured-latency-title');
    const presetsUsed = [...new Set(latencyRows.map(({ gpu: g }) => g))].filter(Boolean);
    const setup = listed(presetsUsed.map((g) => t('measured.presetPeak', { gpu: g.label, peak: gbs(g.peak_bandwidth_bytes_per_s) })), t);
    const lsummary = h('p', { class: 'chart-summary', role: 'status', 'data-out': 'measured-latency-summary' });
    const lcaption = h('caption');
    const lbody = h('tbody');
    const heads = [t('measured.colRun'), t('measured.colWorkload'), t('measured.colMeasured'), t('measured.colEstimate'),
      t('measured.colRatio'), t('measured.colWithin', { band: tightBand }), t('measured.colWithin', { band }), t('measured.colTerms')];
    const ltable = h('table', { class: 'data-table measured-table', 'data-out': 'measured-latency-table' }, lcaption,
      h('thead', null, h('tr', null, heads.map((x) => h('th', { scope: 'col', text: x })))), lbody);
    const lwrap = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': ltitle }, ltable);
    container.append(
      h('h3', { id: ltitle, text: t('measured.latencyTitle') }),
      h('p', { class: 'chart-desc measured-latency-setup', text: t('measured.latencySetup', { presets: setup }) }),
      lsummary,
      scrollHint(lwrap, scrollText, { out: 'measured-latency-scroll-hint', shown: true }), lwrap,
      ...latencyRows.filter(({ row }) => row.note).map(({ row }) => h('p', { class: 'measured-notes', 'data-out': 'measured-latency-note',
        text: t('measured.latencyNote', { model: modelLabel(row.model), quantity: say(row.quantity), batch: fmt.int(row.batch ?? budget.batch), note: say(row.note) }) })));
    const ms = (s) => t('unit.ms', { n: fmt.fixed2(s * 1000) });
    function drawLatency() {
      const judged = [];
      const cells = latencyRows.map(({ row, model, gpu: g }) => {
        const name = t('measured.runName', { model: modelLabel(row.model), weights: say(row.weights), gpus: fmt.int(row.gpus), gpu: row.gpu ?? g.label });
        const work = t('measured.latencyWork', { batch: fmt.int(row.batch ?? budget.batch), input: fmt.int(row.input_tokens), output: fmt.int(row.output_tokens) });
        const measuredText = t('measured.measuredMs', { quantity: say(row.quantity), ms: t('unit.ms', { n: fmt.fixed2(row.measured_ms) }) });
        const { res, ratio, inBand, inTightBand, estimate } = compareRow(core, budget, model, g, row, share);
        if (!res.ok) return [name, work, measuredText, res.error, '', '', '', ''];
        if (estimate === null) return [name, work, measuredText, t('measured.noFit', { bytes: fmt.bytesText(res.value.per_gpu_bytes) }), '—', no, no, '—'];
        judged.push({ ratio, inBand, inTightBand });
        const terms = Object.entries(row.estimate).map(([n, count]) => (count === 1 ? t('measured.term', { name: n, ms: ms(res.value[n]) })
          : t('measured.termTimes', { count: fmt.int(count), name: n, ms: ms(res.value[n]) })));
        // The core's own account of the rate it used (declared results; absent from an older core).
        const termsText = terms.join(' + ');
        const termCell = res.value.matmul_bits === undefined ? termsText : t('measured.termsAtRate', { terms: termsText,
          bits: fmt.int(res.value.matmul_bits), tflops: t('unit.TFLOPps', { n: fmt.groupedNumber(res.value.matmul_flops_per_s / 1e12, 2) }) });
        return [name, work, measuredText, ms(estimate), times(ratio), yesNo(inTightBand), yesNo(inBand), termCell];
      });
      lbody.replaceChildren(...cells.map((c, i) => h('tr', { 'data-row': i },
        c.map((text, j) => (j === 0 ? h('th', { scope: 'row', text })
          : h('td', { text, class: j === 5 || j === 6 ? (text === yes ? 'in-band' : 'out-of-band') : undefined }))))));
      const pct = fmt.int(share * 100);
      setText(lcaption, t('measured.latencyCaption', { sources: [...new Set(latencyRows.map(({ group }) => say(group.source).split(',')[0]))].join('; '), pct }));
      const rs = judged.map((x) => x.ratio);
      setText(lsummary, t('measured.latencySummary', { pct, tight: judged.filter((x) => x.inTightBand).length, count: judged.length,
        tightBand, inBand: judged.filter((x) => x.inBand).length, band, lo: fmt.fixed2(Math.min(...rs)), hi: fmt.fixed2(Math.max(...rs)) }));
    }
    return { draw: drawLatency, results: [lsummary, lwrap] };
  }

  /**
   * One closed_loop block: a table of its rows (measured, simulated, ratio, bands, requests
   * running), a summary and the knee sentence; returns { draw(first) } for the slider.
   */
  function closedLoopSection({ group, block, model, gpu: g }) {
    const ctitle = nextId('measured-closed-loop-title');
    const section = h('div', { class: 'measured-closed-loop', 'data-out': 'measured-closed-loop' });
    const csummary = h('p', { class: 'chart-summary', role: 'status', 'data-out': 'measured-closed-loop-summary' });
    const knee = h('p', { class: 'chart-summary', 'data-out': 'measured-knee' });
    const ccaption = h('caption');
    const cbody = h('tbody');
    const heads = [t('measured.colConcurrency'), t('measured.colMeasured'), t('measured.colSimulated'), t('measured.colSimRatio'),
      t('measured.colWithin', { band: tightBand }), t('measured.colWithin', { band }), t('measured.colRunning')];
    const ctable = h('table', { class: 'data-table measured-table', 'data-out': 'measured-closed-loop-table' }, ccaption,
      h('thead', null, h('tr', null, heads.map((x) => h('th', { scope: 'col', text: x })))), cbody);
    const cwrap = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': ctitle }, ctable);
    const name = t('measured.runName', { model: modelLabel(block.model), weights: say(block.weights), gpus: fmt.int(block.gpus), gpu: block.gpu ?? g.label });
    const work = t('measured.closedWork', { input: fmt.int(block.input_tokens), output: fmt.int(block.output_tokens) });
    const requests = (measured.budget.traffic || {}).requests;
    const about = { about: say(block.about), source: say(group.source).split(',')[0], name };
    section.append(
      h('h3', { id: ctitle, text: t('measured.closedTitle') }),
      h('p', { class: 'chart-desc', text: requests ? t('measured.closedSetupRequests', { ...about, count: requests, requests: fmt.int(requests) })
        : t('measured.closedSetup', about) }),
      csummary,
      // Seven columns fit the wide layout: the hint starts hidden (as the build writes it) and shows on a narrow screen.
      scrollHint(cwrap, scrollText, { out: 'measured-closed-loop-scroll-hint' }), cwrap,
      knee);
    container.append(section);
    const ms = (s) => t('unit.ms', { n: fmt.fixed2(s * 1000) });
    const concurrencies = [...new Set(block.rows.map((r) => r.concurrency))];
    const runner = createRunner();
    let requested = null; // the share of the latest run started (a run in flight included)

    /** Runs the simulation at each concurrency, one per piece of work; returns { input, runs }. */
    function* job(traffic, at) {
      const input = measuredRowInput(core, measured.budget, model, g, block, at);
      const runs = new Map();
      for (const c of concurrencies) {
        runs.set(c, traffic.simulateTraffic(input, closedLoopTraffic(measured.budget, block, c)));
        yield;
      }
      return { input, runs, at };
    }

    function show({ input, runs, at }) {
      section.removeAttribute('data-busy');
      markStale([cwrap, csummary, knee], false);
      const judged = [];
      cbody.replaceChildren(...block.rows.map((row, i) => {
        const sim = runs.get(row.concurrency);
        const measuredText = t('measured.measuredMs', { quantity: say(row.quantity), ms: t('unit.ms', { n: fmt.fixed2(row.measured_ms) }) });
        const label = t('measured.concurrencyRow', { n: fmt.int(row.concurrency), quantity: say(row.quantity) });
        let cells;
        if (!sim.ok) cells = [label, measuredText, sim.error, '', '', '', ''];
        else {
          const { simulated, ratio, inBand, inTightBand } = compareSimulated(row, sim);
          if (simulated === null) cells = [label, measuredText, t('measured.noSteady'), '—', no, no, fmt.num1(sim.value.mean_running)];
          else {
            judged.push({ inBand, inTightBand, ratio });
            cells = [label, measuredText, t('measured.simulatedCell', { statistic: row.statistic, name: row.simulated, ms: ms(simulated) }), times(ratio),
              yesNo(inTightBand), yesNo(inBand), fmt.num1(sim.value.mean_running)];
          }
        }
        return h('tr', { 'data-row': i, 'data-concurrency': row.concurrency },
          cells.map((text, j) => (j === 0 ? h('th', { scope: 'row', text })
            : h('td', { text, class: j === 4 || j === 5 ? (text === yes ? 'in-band' : 'out-of-band') : undefined }))));
      }));
      const pct = fmt.int(at * 100);
      setText(ccaption, t('measured.closedCaption', { name, work, pct }));
      setText(csummary, t('measured.closedSummary', { pct, tight: judged.filter((x) => x.inTightBand).length, count: block.rows.length,
        tightBand, inBand: judged.filter((x) => x.inBand).length, band }));
      setText(knee, kneeText(input, runs));
    }

    /**
     * Where the knee comes: each step's rise of the mean TTFT, simulated and measured, and the
     * whole requests of the block's context the KV cache holds (the core's max_concurrency).
     */
    function kneeText(input, runs) {
      const ttft = block.rows.filter((r) => r.simulated === 'ttft_s');
      const plan = core.plan(input);
      if (ttft.length < 2 || !plan.ok || ttft.some((r) => !runs.get(r.concurrency).ok)) return '';
      const sim = ttft.map((r) => compareSimulated(r, runs.get(r.concurrency)).simulated);
      if (sim.some((v) => v === null)) return '';
      const steps = ttft.slice(1).map((r, i) => ({ from: ttft[i].concurrency, to: r.concurrency,
        simulated: sim[i + 1] / sim[i], measured: r.measured_ms / ttft[i].measured_ms }));
      const rises = (key) => steps.map((s) => t('measured.rise', { ratio: fmt.fixed2(s[key]), from: fmt.int(s.from), to: fmt.int(s.to) })).join(', ');
      const most = steps.reduce((a, b) => (b.measured > a.measured ? b : a));
      const holds = plan.value.max_concurrency;
      const past = steps.find((s) => s.from <= holds && s.to > holds);
      const where = past ? t('measured.between', { from: fmt.int(past.from), to: fmt.int(past.to) })
        : holds < steps[0].from ? t('measured.below', { n: fmt.int(steps[0].from) }) : t('measured.above', { n: fmt.int(steps[steps.length - 1].to) });
      const agree = past && past.from === most.from;
      const said = { simulated: rises('simulated'), measured: rises('measured'), holds: fmt.fixed2(holds),
        tokens: fmt.int(block.input_tokens + block.output_tokens), bytes: fmt.groupedNumber(input.cache_bytes_per_value), where,
        from: fmt.int(most.from), to: fmt.int(most.to) };
      const text = agree ? t('measured.kneeAgrees', said) : t('measured.kneeLater', said);
      if (!agree && input.cache_bytes_per_value > 1) {
        const fp8 = core.plan({ ...input, cache_bytes_per_value: 1 });
        if (fp8.ok) {
          // A sentence of its own after the knee's.
          return `${text} ${t('measured.kneeFp8', { n: fmt.fixed2(fp8.value.max_concurrency), bits: fmt.int(input.cache_bytes_per_value * 8) })}`;
        }
      }
      return text;
    }

    return {
      draw(first) {
        if (requested === share && !first) return;
        requested = share;
        const at = share;
        const go = (traffic) => {
          section.setAttribute('data-busy', '');
          if (!first) markStale([cwrap, csummary, knee], true);
          runner.start(() => job(traffic, at), show, { now: first });
        };
        if (trafficFacade.core) go(trafficFacade.core);
        else trafficFacade.ready().then((traffic) => go(traffic), (err) => setText(csummary, t('measured.noStart', { error: err && err.message ? err.message : String(err) })));
      },
    };
  }

  // The decode-speed and latency tables, redrawn once the slider rests (data-busy on the part's section
  // meanwhile, the tables marked stale).
  const tables = createRunner();
  const tableResults = [summary, wrap, latency && latency.results];
  function draw(first = false) {
    for (const c of closedLoop) c.draw(first);
    if (first) {
      latency?.draw();
      drawSpeed();
      return;
    }
    container.setAttribute('data-busy', '');
    markStale(tableResults.flat(), true);
    tables.start(function* redrawTables() {
      drawSpeed();
      yield;
      latency?.draw();
    }, () => {
      container.removeAttribute('data-busy');
      markStale(tableResults.flat(), false);
    });
  }

  function drawSpeed() {
    const shown = [];
    const cells = [];
    for (const { row, model } of rows) {
      const { res, ratio: r, inBand } = compareRow(core, budget, model, gpu, row, share);
      const name = t('measured.runNameGpus', { model: modelLabel(row.model), weights: say(row.weights), count: row.gpus, gpus: fmt.int(row.gpus) });
      const bytes = fmt.adaptive(budget.weight_bytes_per_param[row.weights]);
      // Each row's cells, and whether its "within" cell says the estimate agrees (shown as in the band).
      const push = (list, agrees) => cells.push({ list, agrees });
      if (!res.ok) {
        push([name, bytes, '', res.error, '', '', '', ''], false);
        continue;
      }
      const p = res.value;
      const measuredText = row.tokens_per_s === null ? (row.note ? say(row.note) : t('measured.notMeasured')) : fmt.fixed2(row.tokens_per_s);
      const achieved = row.achieved_gb_per_s ? t('measured.achieved', { gbs: gbs(row.achieved_gb_per_s * 1e9),
        pct: fmt.num1(row.achieved_gb_per_s * 1e9 / gpu.peak_bandwidth_bytes_per_s * 100) }) : '—';
      if (!p.has_speed) {
        const neither = row.tokens_per_s === null;
        push([name, bytes, measuredText, t('measured.noFit', { bytes: fmt.bytesText(p.per_gpu_bytes) }), '—',
          neither ? t('measured.neitherRuns') : no, '—', achieved], neither);
        continue;
      }
      const step = p.comm_s > 0 ? t('measured.stepWithComm', { step: fmt.msText(p.step_s), comm: fmt.msText(p.comm_s) }) : fmt.msText(p.step_s);
      if (row.tokens_per_s === null) {
        push([name, bytes, measuredText, fmt.fixed2(p.per_request_tokens_per_s), '—', t('measured.fitsHere'), step, achieved], false);
        continue;
      }
      shown.push({ r, inBand });
      push([name, bytes, measuredText, fmt.fixed2(p.per_request_tokens_per_s), times(r), yesNo(inBand), step, achieved], inBand);
    }
    tbody.replaceChildren(...cells.map(({ list, agrees }, i) => h('tr', { 'data-row': i },
      list.map((text, j) => (j === 0 ? h('th', { scope: 'row', text })
        : h('td', { text, class: j === 5 ? (agrees ? 'in-band' : 'out-of-band') : undefined }))))));
    setText(caption, t('measured.speedCaption', { batch: fmt.int(budget.batch), pct: fmt.int(share * 100), peak }));
    const inBand = shown.filter((s) => s.inBand).length;
    const rs = shown.map((s) => s.r);
    const lo = Math.min(...rs);
    const hi = Math.max(...rs);
    const direction = lo > 1 ? t('measured.budgetFaster') : hi < 1 ? t('measured.budgetSlower') : t('measured.budgetMixed');
    setText(summary, t('measured.speedSummary', { pct: fmt.int(share * 100), inBand, count: shown.length, band,
      lo: fmt.fixed2(lo), hi: fmt.fixed2(hi), direction }));
  }
  draw(true);
  return { update() {} };
}

registerPart({ name: 'measured', mount });

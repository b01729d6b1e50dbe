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
import { models, gpus } from '../element/presets.js';
import * as fmt from '../element/format.js';
import measured from '../../content/measured-decode.json';
import {
  measuredRowInput, compareRow, measuredRows, sharesWithEveryRunInBand, isLatencyRow, BAND, TIGHT_BAND,
  closedLoopBlocks, closedLoopTraffic, compareSimulated,
} from '../content/measured-input.js';
import { lazyTrafficCore } from '../core/traffic-core.js';
import { createRunner, markStale } from './deferred-runner.js';

// Loaded as soon as the part's script runs: the wasm is in by then, so the
// facade is ready before the element mounts its parts (as the traffic part's).
const trafficFacade = lazyTrafficCore(); // started when the part first needs it

const modelLabel = (name) => name.replace(/-/g, ' ');

/** Whole percents, ascending, as runs: [41, 42, 43, 60] -> "41–43% and 60%". */
function percentRuns(pcts) {
  const runs = [];
  for (const p of pcts) {
    const last = runs[runs.length - 1];
    if (last && p === last[1] + 1) last[1] = p;
    else runs.push([p, p]);
  }
  const words = runs.map(([a, b]) => (a === b ? `${a}%` : `${a}–${b}%`));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words[0];
}

function mount(container, ctx) {
  const { core } = ctx;
  const budget = measured.budget;
  const groups = measured.groups || [];
  const gpu = gpus().find((g) => g.id === budget.gpu);
  const titleId = nextId('measured-title');
  container.append(h('h2', { class: 'part-title', id: titleId, text: 'Estimate against measurement' }));
  if (!budget || groups.length === 0 || !gpu) {
    container.append(h('p', { class: 'lab-error', text: 'The measured speeds or the GPU they ran on are missing from the content files.' }));
    return { update() {} };
  }
  // GB/s with grouping: the datasheet's 2,039 GB/s, not a rounded 2.0 TB/s.
  const gbs = (bytesPerS) => `${fmt.int(bytesPerS / 1e9)} GB/s`;
  const peak = gbs(gpu.peak_bandwidth_bytes_per_s);
  const allRows = measuredRows(measured, models(), gpus());
  const rows = allRows.filter(({ row }) => !isLatencyRow(row));
  const latencyRows = allRows.filter(({ row }) => isLatencyRow(row));
  container.append(
    ...groups.map((group) => h('p', { class: 'chart-desc measured-source', 'data-out': 'measured-source',
      text: `Measured (${Object.keys(group.models).map(modelLabel).join(', ')}): ${group.source}. Hardware: ${group.hardware}. `
        + `Workload: ${group.workload}.${group.bandwidth_note ? ` Bandwidth: ${group.bandwidth_note}.` : ''}` })),
    h('p', { class: 'chart-desc measured-setup', text: `Estimated: the core’s budget on the ${gpu.label} preset (${peak} peak, `
      + `${gbs(gpu.bandwidth_bytes_per_s)} usable at ${fmt.int(gpu.usable_fraction_bandwidth * 100)}%), batch ${fmt.int(budget.batch)}, `
      + `a ${fmt.int(budget.prompt_tokens)}-token prompt in a ${fmt.int(budget.context_tokens)}-token context. The source’s GPUs ran `
      + `at a ${fmt.int(budget.power_limit_w)} W power limit (the datasheet allows 400 W), and it reports about `
      + `${fmt.int(budget.empirical_peak_gb_per_s)} GB/s as the most they reached there: a real ceiling near `
      + `${fmt.int(budget.empirical_peak_gb_per_s * 1e9 / gpu.peak_bandwidth_bytes_per_s * 100)}% of the datasheet peak.` }));

  let share = gpu.usable_fraction_bandwidth;
  const slider = pairedInput({
    label: 'Achieved share of peak bandwidth', unit: `% of ${peak}`, min: 10, max: 100, step: 1, value: share * 100,
    check: (v) => (Number.isFinite(v) && v >= 10 && v <= 100
      ? core.plan(measuredRowInput(core, budget, rows[0].model, gpu, rows[0].row, v / 100)) : { ok: false }),
    onChange: (v) => { share = v / 100; draw(); },
    // The answer checker's reader: "60", "60%" or "60,5" (percent of peak).
    read: (text) => {
      const q = ctx.readQuantity(text);
      if (!q.ok) return { ok: false, error: `Achieved share of peak bandwidth: ${q.error}` };
      const v = q.value.has_unit ? (q.value.unit === '%' ? q.value.value : NaN) : q.value.value;
      return Number.isFinite(v) ? { ok: true, value: v }
        : { ok: false, error: 'Achieved share of peak bandwidth: give a percentage, such as 60 or 60%.' };
    },
  });
  container.append(h('div', { class: 'part-controls' }, slider.el));

  const summary = h('p', { class: 'chart-summary', role: 'status', 'data-out': 'measured-summary' });
  // The shares at which every run is inside the band do not move with the slider: asked once.
  const inside = sharesWithEveryRunInBand(core, measured, models(), gpu);
  const usablePct = Math.round(gpu.usable_fraction_bandwidth * 100);
  const bandShares = h('p', { class: 'chart-summary', 'data-out': 'measured-band-shares', text: inside.length === 0
    ? `No share of peak bandwidth from 10% to 100% puts every run within a factor of ${BAND} of its measured speed.`
    : `Every run lies within a factor of ${BAND} of its measured speed when the budget assumes ${percentRuns(inside)} of the `
      + `${peak} peak (the core asked at each whole percent from 10% to 100%); the preset’s own ${fmt.int(usablePct)}% is `
      + `${inside.includes(usablePct) ? 'among them' : 'not among them'}.` });
  container.append(summary, bandShares);
  const caption = h('caption');
  const tbody = h('tbody');
  const headers = ['Run', 'Bytes per weight', 'Measured (tokens/s)', 'Estimate (tokens/s)', 'Estimate ÷ measured',
    `Within ${BAND}×?`, 'Estimated step (all-reduce part)', 'Bandwidth the run achieved'];
  const table = h('table', { class: 'data-table measured-table', 'data-out': 'measured-speed-table' }, caption,
    h('thead', null, h('tr', null, headers.map((t) => h('th', { scope: 'col', text: t })))), tbody);
  const wrap = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': titleId }, table);
  // Eight columns: wider than the column on most screens, so the hint starts shown.
  container.append(scrollHint(wrap, 'Scroll the table sideways for more columns →', { out: 'measured-scroll-hint', shown: true }), wrap);
  container.append(h('div', { class: 'measured-notes', 'data-out': 'measured-notes' },
    h('h3', { text: 'How the estimates count bytes' }), budget.notes.map((t) => h('p', { text: t }))));
  // Latencies: rows whose estimate adds up the core's results in seconds.
  const latency = latencyRows.length ? latencySection() : null;
  // Runs at a fixed concurrency, against the serving simulation.
  const closedLoop = closedLoopBlocks(measured, models(), gpus()).map((b) => closedLoopSection(b));
  const spec = groups.flatMap((g) => g.speculative || []);
  if (spec.length) {
    container.append(h('p', { class: 'measured-notes', text: `The source also measured speculative decoding: ${spec.map((s) => `${s.target} `
      + `with a ${s.draft} draft, ${s.tokens_per_s} tokens/s (${s.compare}; ${s.note})`).join('; ')}. It gives no acceptance rate, so the page does not estimate that run.` }));
  }

  /** The latency table, its set-up and summary lines; returns { draw } for the slider. */
  function latencySection() {
    const ltitle = nextId('measured-latency-title');
    const presetsUsed = [...new Set(latencyRows.map(({ gpu: g }) => g))].filter(Boolean);
    const setup = presetsUsed.map((g) => `${g.label} (${gbs(g.peak_bandwidth_bytes_per_s)} peak)`).join(' and ');
    const lsummary = h('p', { class: 'chart-summary', role: 'status', 'data-out': 'measured-latency-summary' });
    const lcaption = h('caption');
    const lbody = h('tbody');
    const heads = ['Run', 'Workload', 'Measured', 'Estimate', 'Estimate ÷ measured', `Within ${fmt.num1(TIGHT_BAND)}×?`,
      `Within ${BAND}×?`, 'The core’s terms'];
    const ltable = h('table', { class: 'data-table measured-table', 'data-out': 'measured-latency-table' }, lcaption,
      h('thead', null, h('tr', null, heads.map((x) => h('th', { scope: 'col', text: x })))), lbody);
    const lwrap = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': ltitle }, ltable);
    container.append(
      h('h3', { id: ltitle, text: 'Latency: time to first token, time between tokens, whole requests' }),
      h('p', { class: 'chart-desc measured-latency-setup', text: `Estimated: the core’s budget on the ${setup} presets, each row `
        + 'at its own batch, with its input as the prompt and input + output tokens as the context. A TTFT is the core’s ttft_s, '
        + 'a time between tokens (ITL) one decode step, step_s, and a whole request’s latency ttft_s plus a step for each later '
        + 'token; above 1 the budget is slower than the run, below 1 faster. The slider above sets the share of each GPU’s '
        + 'peak bandwidth here too.' }),
      lsummary,
      scrollHint(lwrap, 'Scroll the table sideways for more columns →', { out: 'measured-latency-scroll-hint', shown: true }), lwrap,
      ...latencyRows.filter(({ row }) => row.note).map(({ row }) => h('p', { class: 'measured-notes', 'data-out': 'measured-latency-note',
        text: `${modelLabel(row.model)}, ${row.quantity} at batch ${fmt.int(row.batch ?? budget.batch)}: ${row.note}.` })));
    const ms = (s) => `${fmt.fixed2(s * 1000)} ms`;
    function drawLatency() {
      const judged = [];
      const cells = latencyRows.map(({ row, model, gpu: g }) => {
        const name = `${modelLabel(row.model)}, ${row.weights}, ${row.gpus} × ${row.gpu ?? g.label}`;
        const work = `batch ${fmt.int(row.batch ?? budget.batch)}, ${fmt.int(row.input_tokens)} in / ${fmt.int(row.output_tokens)} out`;
        const measuredText = `${row.quantity} ${fmt.fixed2(row.measured_ms)} ms`;
        const { res, ratio, inBand, inTightBand, estimate } = compareRow(core, budget, model, g, row, share);
        if (!res.ok) return [name, work, measuredText, res.error, '', '', '', ''];
        if (estimate === null) return [name, work, measuredText, `does not fit (${fmt.bytesText(res.value.per_gpu_bytes)} per GPU)`, '—', 'no', 'no', '—'];
        judged.push({ ratio, inBand, inTightBand });
        const terms = Object.entries(row.estimate).map(([n, count]) => `${count === 1 ? '' : `${fmt.int(count)} × `}${n} ${ms(res.value[n])}`);
        // The core's own account of the rate it used (declared results; absent from an older core).
        const rate = res.value.matmul_bits === undefined ? ''
          : `; ${res.value.matmul_bits}-bit arithmetic at ${fmt.groupedNumber(res.value.matmul_flops_per_s / 1e12, 2)} TFLOP/s`;
        return [name, work, measuredText, ms(estimate), `${fmt.fixed2(ratio)}×`, inTightBand ? 'yes' : 'no', inBand ? 'yes' : 'no',
          `${terms.join(' + ')}${rate}`];
      });
      lbody.replaceChildren(...cells.map((c, i) => h('tr', { 'data-row': i },
        c.map((text, j) => (j === 0 ? h('th', { scope: 'row', text })
          : h('td', { text, class: j === 5 || j === 6 ? (text === 'yes' ? 'in-band' : 'out-of-band') : undefined }))))));
      setText(lcaption, `Latencies: measured (${[...new Set(latencyRows.map(({ group }) => group.source.split(',')[0]))].join('; ')}) `
        + `against the budget at ${fmt.int(share * 100)}% of each GPU’s peak bandwidth.`);
      const rs = judged.map((x) => x.ratio);
      setText(lsummary, `At ${fmt.int(share * 100)}% of peak bandwidth, ${judged.filter((x) => x.inTightBand).length} of ${judged.length} `
        + `latency estimates lie within a factor of ${fmt.num1(TIGHT_BAND)} of the measurement and ${judged.filter((x) => x.inBand).length} `
        + `within ${BAND}; estimate ÷ measured runs from ${fmt.fixed2(Math.min(...rs))} to ${fmt.fixed2(Math.max(...rs))}.`);
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
    const heads = ['Concurrency', 'Measured', 'Simulated', 'Simulated ÷ measured', `Within ${fmt.num1(TIGHT_BAND)}×?`,
      `Within ${BAND}×?`, 'Requests running'];
    const ctable = h('table', { class: 'data-table measured-table', 'data-out': 'measured-closed-loop-table' }, ccaption,
      h('thead', null, h('tr', null, heads.map((x) => h('th', { scope: 'col', text: x })))), cbody);
    const cwrap = h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-labelledby': ctitle }, ctable);
    const name = `${modelLabel(block.model)}, ${block.weights}, ${block.gpus} × ${block.gpu ?? g.label}`;
    const work = `${fmt.int(block.input_tokens)} in / ${fmt.int(block.output_tokens)} out`;
    const requests = (measured.budget.traffic || {}).requests;
    section.append(
      h('h3', { id: ctitle, text: 'Under load: runs at a fixed concurrency against the serving simulation' }),
      h('p', { class: 'chart-desc', text: `Measured: ${block.about} (${group.source.split(',')[0]}; ${name}). Simulated: the `
        + 'core’s serving simulation of the same budget input as the rows above, closed loop at each row’s concurrency'
        + `${requests ? `, ${fmt.int(requests)} requests a run` : ''}: continuous batching with chunked prefill, a request admitted `
        + 'only while its whole context fits the KV cache. A TTFT is the simulation’s mean ttft_s, an ITL its mean tpot_s, '
        + 'the time per output token after the first; above 1 the simulation is slower than the run. The slider above sets '
        + 'the share of peak bandwidth here too.' }),
      csummary,
      // Seven columns fit the wide layout: the hint starts hidden (as the build writes it) and shows on a narrow screen.
      scrollHint(cwrap, 'Scroll the table sideways for more columns →', { out: 'measured-closed-loop-scroll-hint' }), cwrap,
      knee);
    container.append(section);
    const ms = (s) => `${fmt.fixed2(s * 1000)} ms`;
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
        const measuredText = `${row.quantity} ${fmt.fixed2(row.measured_ms)} ms`;
        const label = `${fmt.int(row.concurrency)} (${row.quantity})`;
        let cells;
        if (!sim.ok) cells = [label, measuredText, sim.error, '', '', '', ''];
        else {
          const { simulated, ratio, inBand, inTightBand } = compareSimulated(row, sim);
          if (simulated === null) cells = [label, measuredText, 'no steady value (the queue grows)', '—', 'no', 'no', fmt.num1(sim.value.mean_running)];
          else {
            judged.push({ inBand, inTightBand, ratio });
            cells = [label, measuredText, `${row.statistic} ${row.simulated} ${ms(simulated)}`, `${fmt.fixed2(ratio)}×`,
              inTightBand ? 'yes' : 'no', inBand ? 'yes' : 'no', fmt.num1(sim.value.mean_running)];
          }
        }
        return h('tr', { 'data-row': i, 'data-concurrency': row.concurrency },
          cells.map((text, j) => (j === 0 ? h('th', { scope: 'row', text })
            : h('td', { text, class: j === 4 || j === 5 ? (text === 'yes' ? 'in-band' : 'out-of-band') : undefined }))));
      }));
      setText(ccaption, `${name}, ${work}: measured against the serving simulation at ${fmt.int(at * 100)}% of the GPU’s peak bandwidth. `
        + 'Requests running: the simulation’s mean count of requests an iteration carries.');
      setText(csummary, `At ${fmt.int(at * 100)}% of peak bandwidth, ${judged.filter((x) => x.inTightBand).length} of ${block.rows.length} `
        + `simulated figures lie within a factor of ${fmt.num1(TIGHT_BAND)} of the measurement and ${judged.filter((x) => x.inBand).length} within ${BAND}.`);
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
      const rises = (key) => steps.map((s) => `${fmt.fixed2(s[key])}× from ${fmt.int(s.from)} to ${fmt.int(s.to)}`).join(', ');
      const most = steps.reduce((a, b) => (b.measured > a.measured ? b : a));
      const holds = plan.value.max_concurrency;
      const past = steps.find((s) => s.from <= holds && s.to > holds);
      const where = past ? `between ${fmt.int(past.from)} and ${fmt.int(past.to)}`
        : holds < steps[0].from ? `below ${fmt.int(steps[0].from)}` : `above ${fmt.int(steps[steps.length - 1].to)}`;
      const agree = past && past.from === most.from;
      const tokens = fmt.int(block.input_tokens + block.output_tokens);
      let text = `The knee: the simulated mean TTFT rises ${rises('simulated')}; the measured ${rises('measured')}. `
        + `In the simulation it comes where whole requests stop fitting the KV cache: the budget holds ${fmt.fixed2(holds)} requests of `
        + `${tokens} tokens (the core’s max_concurrency at ${fmt.groupedNumber(input.cache_bytes_per_value)} bytes per cached value), so past `
        + `that the others wait for a place: ${where}. The measured TTFT rises most between ${fmt.int(most.from)} and ${fmt.int(most.to)}`
        + `${agree ? ', where the simulated knee is too.' : ', so the measured knee comes there, later than the simulated one.'}`;
      if (!agree && input.cache_bytes_per_value > 1) {
        const fp8 = core.plan({ ...input, cache_bytes_per_value: 1 });
        if (fp8.ok) {
          text += ` At 1 byte per cached value (an FP8 cache, which the source does not state) the core’s max_concurrency is `
            + `${fmt.fixed2(fp8.value.max_concurrency)}; the rows keep the ${fmt.int(input.cache_bytes_per_value * 8)}-bit cache the other rows assume.`;
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
        else trafficFacade.ready().then((t) => go(t), (err) => setText(csummary, `The serving simulation could not start: ${err && err.message ? err.message : err}`));
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
      const name = `${modelLabel(row.model)}, ${row.weights}, ${row.gpus} ${row.gpus === 1 ? 'GPU' : 'GPUs'}`;
      const bytes = fmt.adaptive(budget.weight_bytes_per_param[row.weights]);
      if (!res.ok) {
        cells.push([name, bytes, '', res.error, '', '', '', '']);
        continue;
      }
      const p = res.value;
      const measuredText = row.tokens_per_s === null ? (row.note || 'not measured') : fmt.fixed2(row.tokens_per_s);
      const achieved = row.achieved_gb_per_s ? `${fmt.int(row.achieved_gb_per_s)} GB/s, `
        + `${fmt.num1(row.achieved_gb_per_s * 1e9 / gpu.peak_bandwidth_bytes_per_s * 100)}% of peak` : '—';
      if (!p.has_speed) {
        cells.push([name, bytes, measuredText, `does not fit (${fmt.bytesText(p.per_gpu_bytes)} per GPU)`, '—',
          row.tokens_per_s === null ? 'agrees: neither runs' : 'no', '—', achieved]);
        continue;
      }
      const step = `${fmt.msText(p.step_s)}${p.comm_s > 0 ? ` (${fmt.msText(p.comm_s)})` : ''}`;
      if (row.tokens_per_s === null) {
        cells.push([name, bytes, measuredText, fmt.fixed2(p.per_request_tokens_per_s), '—', 'no: it fits here', step, achieved]);
        continue;
      }
      shown.push({ r, inBand });
      cells.push([name, bytes, measuredText, fmt.fixed2(p.per_request_tokens_per_s), `${fmt.fixed2(r)}×`,
        inBand ? 'yes' : 'no', step, achieved]);
    }
    tbody.replaceChildren(...cells.map((c, i) => h('tr', { 'data-row': i },
      c.map((text, j) => (j === 0 ? h('th', { scope: 'row', text })
        : h('td', { text, class: j === 5 ? (text.startsWith('yes') || text.startsWith('agrees') ? 'in-band' : 'out-of-band') : undefined }))))));
    setText(caption, `Decode speed at batch ${fmt.int(budget.batch)}: measured (pytorch-labs/gpt-fast) against the budget at `
      + `${fmt.int(share * 100)}% of the ${peak} peak. The last column is the source’s own figure, where it gives one.`);
    const inBand = shown.filter((s) => s.inBand).length;
    const rs = shown.map((s) => s.r);
    const lo = Math.min(...rs);
    const hi = Math.max(...rs);
    const direction = lo > 1 ? 'the budget is faster than every run'
      : hi < 1 ? 'the budget is slower than every run' : 'some estimates are above their run and some below';
    setText(summary, `At ${fmt.int(share * 100)}% of peak bandwidth, ${inBand} of ${shown.length} estimates lie within a factor `
      + `of ${BAND} of the measured speed; estimate ÷ measured runs from ${fmt.fixed2(lo)} to ${fmt.fixed2(hi)} (${direction}). `
      + 'Move the share to see how much of the gap bandwidth alone explains: every estimate moves with it, but the quantised '
      + 'and many-GPU rows keep a gap of their own, time the budget leaves out (unpacking quantised weights, keeping several GPUs in step).');
  }
  draw(true);
  return { update() {} };
}

registerPart({ name: 'measured', mount });

// Which loads the traffic part asks the core about, as a job for
// deferred-runner.js (a generator yielding after each simulation): the chosen
// load, the loads of the latency-against-load chart and the highest load
// meeting the targets. Every number comes from the core's simulateTraffic()
// and highestLoad(); this file only picks the loads to ask about.
import { numberFormatting } from '../element/format.js';
import { translator } from '../element/i18n.js';
import { DEFAULT_LOCALE } from '../element/locale-names.js';

const GRID_POINTS = 12;
// A closed loop's starting concurrency (the open loop starts at the declaration's rate).
const START_CONCURRENCY = 16;

/** The store option (store.setOption) that holds the traffic part's load for other parts: the decision's step 5. */
export const TRAFFIC_OPTION = 'traffic';

/**
 * The load the traffic part starts at, and other parts assume until it says
 * otherwise: the declaration's default rate and lengths, open loop.
 * @returns {{mode:'open', load:number, input_tokens:number, output_tokens:number}}
 */
export function startSettings(traffic) {
  const d = traffic.DEFAULT_TRAFFIC;
  return { mode: 'open', load: d.request_rate, input_tokens: d.input_tokens, output_tokens: d.output_tokens };
}

/** The closed loop's first concurrency. */
export const startConcurrency = () => START_CONCURRENCY;
const MAX_DOUBLINGS = 24;

/**
 * The traffic fields of one run at `load`: open loop sets request_rate,
 * closed loop concurrency (the facade then runs request_rate 0).
 * @param {'open'|'closed'} mode
 */
export function trafficAt(mode, settings, load) {
  const { input_tokens, output_tokens } = settings;
  return mode === 'open' ? { input_tokens, output_tokens, request_rate: load } : { input_tokens, output_tokens, concurrency: load };
}

/**
 * The job: yields after each simulation; returns
 * { point, highest, sweep: [{load, result}] (ascending loads), upper } where
 * point is simulateTraffic() at the chosen load (a refusal ends the job with
 * point = the refusal), highest is highestLoad() (null when no target is
 * set), upper the end of the chart's load axis. An open loop's grid runs up to
 * the first load found unstable by doubling (or halving) from the chosen one;
 * a closed loop's to twice the chosen or 1.5 times the highest concurrency.
 * @param traffic facade of web/core/traffic-core.js
 * @param input   a BudgetInput the core accepts
 * @param settings { mode, load, input_tokens, output_tokens }
 */
export function* sweepJob(traffic, input, settings) {
  const { mode, load } = settings;
  const runs = new Map();
  const at = (x) => {
    if (!runs.has(x)) runs.set(x, traffic.simulateTraffic(input, trafficAt(mode, settings, x)));
    return runs.get(x);
  };
  const point = at(load);
  if (!point.ok) return { point, highest: null, sweep: [], upper: load };
  yield;
  const hasTarget = input.ttft_target_s > 0 || input.per_request_target_tokens_per_s > 0;
  const highest = hasTarget ? traffic.highestLoad(input, trafficAt(mode, settings, load)) : null;
  yield;
  const found = highest && highest.ok && highest.value.found ? highest.value.highest_load : 0;
  let upper;
  if (mode === 'open') {
    // The first unstable load by doubling from the chosen one, or the last by halving.
    let x = load;
    if (point.value.unstable) {
      for (let i = 0; i < MAX_DOUBLINGS && at(x / 2).ok && at(x / 2).value.unstable; i += 1) { x /= 2; yield; }
    } else {
      for (let i = 0; i < MAX_DOUBLINGS && at(x).ok && !at(x).value.unstable; i += 1) { x *= 2; yield; }
    }
    upper = Math.max(x, found);
  } else {
    upper = Math.max(2 * load, Math.ceil(1.5 * found), GRID_POINTS);
  }
  const loads = new Set([load]);
  for (let i = 1; i <= GRID_POINTS; i += 1) {
    const x = (upper * i) / GRID_POINTS;
    loads.add(mode === 'open' ? x : Math.max(1, Math.round(x)));
  }
  const sweep = [];
  for (const x of [...loads].sort((a, b) => a - b)) {
    const result = at(x);
    if (result.ok) sweep.push({ load: x, result: result.value });
    yield;
  }
  return { point, highest, sweep, upper };
}

const ENGLISH = (() => {
  const { t } = translator(DEFAULT_LOCALE, null);
  return { t, fmt: numberFormatting(DEFAULT_LOCALE, t) };
})();

/**
 * A load in words: "1.5 requests/s" or "16 clients" ("1,5 Anfragen/s", "16 Clients").
 * @param {'open'|'closed'} mode
 * @param {number} load requests per second (open) or clients (closed)
 * @param {{t:Function, fmt:object}} [strings] the element's words and numbers (ctx.t, ctx.fmt); English when omitted
 */
export function loadText(mode, load, { t, fmt } = ENGLISH) {
  return mode === 'open' ? t('trafficSweep.rate', { n: fmt.adaptive(load) })
    : t('trafficSweep.clients', { count: load, n: fmt.int(load) });
}

// The page's door into the serving simulation (src/traffic/, bound in
// wasm/traffic/bindings_traffic.cpp): simulateTraffic() and highestLoad()
// take a BudgetInput (checked as plan() checks it) and a traffic object, and
// return plain objects. The Embind results are value objects, so no handle
// needs a delete(). Names, units, ranges and defaults come from the core's
// declaration (traffic_declarations_json()); nothing is computed here.
//
// Result shape: { ok: true, value } or { ok: false, field, error }, `field`
// naming the rejected input (a BudgetInput field or a traffic field); a refusal
// of a kind the core declares (declaration.messages of the budget facade: the
// ranges and the simulation's own rules) also carries `code` and `params`, as
// the budget facade's do (web/core/budget-core.js), so a page can word it in its language;
// so does this facade's own refusal of a key that is no traffic field (facade-messages.js).
import { loadBudgetCore } from './budget-core.js';
import { loadWasmModule, oncePerModule } from './wasm-module.js';
import { clipText } from './echo-text.js';
import { facadeRefusal } from './facade-messages.js';
import { readFieldValue } from './field-reading.js';

function describeValue(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The error value of the core's refusal, with its code and values when it has a declared kind. */
function refusal(error) {
  const res = { ok: false, field: error.field, error: error.message };
  return error.code ? { ...res, code: error.code, params: JSON.parse(error.params_json) } : res;
}

function bindingFailure(err) {
  return { ok: false, field: '', error: `The budget core could not run this simulation (${err && err.message ? err.message : err}).` };
}

const buildTrafficCore = oncePerModule((module) => {
  const declaration = Object.freeze(JSON.parse(module.traffic_declarations_json()));
  const trafficFields = declaration.inputs.map((f) => f.name);
  const DEFAULT_TRAFFIC = Object.freeze(Object.fromEntries(declaration.inputs.map((f) => [f.name, f.default])));

  /**
   * The full TrafficInput for the core: DEFAULT_TRAFFIC under `traffic`'s own keys, and
   * request_rate 0 when only concurrency is given (a closed loop), as the CLI does.
   * @returns {{input: object}|{ok:false, field:string, error:string}}
   */
  function trafficInput(traffic) {
    if (traffic === null || typeof traffic !== 'object' || Array.isArray(traffic)) {
      return { ok: false, field: '', error: `The traffic must be an object of traffic fields (${trafficFields.join(', ')}); got ${describeValue(traffic)}.` };
    }
    const input = { ...DEFAULT_TRAFFIC };
    for (const key of Object.keys(traffic)) {
      if (!trafficFields.includes(key)) {
        const shown = clipText(key, 60);
        const { message, code, params } = facadeRefusal('not_traffic_field', { field: shown, fields: trafficFields.join(', ') });
        return { ok: false, field: shown, error: message, code, params };
      }
      if (typeof traffic[key] !== 'number') return { ok: false, field: key, error: `${key} must be a number (got ${describeValue(traffic[key])})` };
      input[key] = traffic[key];
    }
    if (Object.hasOwn(traffic, 'concurrency') && !Object.hasOwn(traffic, 'request_rate')) input.request_rate = 0;
    return { input };
  }

  /**
   * A declared result struct as a plain object: summaries copied; null for the fields declared
   * needs_stable when unstable, and for those whose declared null_unless flag is false (TPOT
   * without a second token), as the core's traffic_result_is_null() says.
   */
  function plain(raw, fields, unstable) {
    const value = {};
    for (const f of fields) {
      const v = raw[f.name];
      const none = (f.needs_stable && unstable) || (f.null_unless !== '' && !raw[f.null_unless]);
      value[f.name] = none ? null : f.kind === 'summary' ? { ...v } : v;
    }
    return value;
  }

  let facade = null;
  return (budget) => {
    if (facade !== null) return facade;
    function run(input, traffic, call) {
      try {
        const bad = budget.checkInput(input);
        if (bad !== null) return bad;
        const t = trafficInput(traffic);
        if (!t.input) return t;
        return call({ ...input }, t.input);
      } catch (err) {
        return bindingFailure(err);
      }
    }
    facade = Object.freeze({
      DEFAULT_TRAFFIC,
      declaration,

      /**
       * Simulates `traffic` (traffic fields by declared name; others at DEFAULT_TRAFFIC)
       * served by replicas of `input` (src/traffic/serving_simulation.h).
       * @returns value {unstable, tpot_defined, ttft_s, tpot_s, e2e_s (each {mean, p50, p90, p99}),
       *   throughput_tokens_per_s, goodput_requests_per_s, requests_per_s, mean_in_flight,
       *   littles_law_in_flight, duration_s, mean_running, iterations, max_waiting,
       *   ttft_at_target_percentile_s, tpot_at_target_percentile_s}
       *   (declaration.results.simulation); the fields declared needs_stable are null when unstable,
       *   tpot_s and tpot_at_target_percentile_s null when tpot_defined is false (one output token)
       */
      simulateTraffic(input, traffic) {
        return run(input, traffic, (b, t) => {
          const raw = module.simulate_traffic(b, t);
          if (!raw.ok) return refusal(raw.error);
          return { ok: true, value: plain(raw, declaration.results.simulation, raw.unstable) };
        });
      },

      /**
       * Reads what a person typed into the traffic field `name` (traffic_input_fields(): request_rate,
       * concurrency, input_tokens ...) with the core's field reader, as the budget facade's readField()
       * reads a calculator field (src/traffic/traffic_field_reader.h): "32k" is 32,000 requests but
       * 32,768 input tokens (the field's declared count prefixes), "50%" a fraction 0.5, "1.500" clients
       * 1,500 with `groupsWithPoint` (the grouping reading a whole field needs); the range is checked by
       * simulateTraffic() later, which names the field.
       * @param {string} name the field's declared name; another is refused ("“batch” is not an input field.")
       * @param {string} text what was typed (over declaration.max_text_bytes of the budget, 200 bytes: refused)
       * @param {number} [displayFactor] declared units a bare number stands for (> 0)
       * @param {{decimalComma?: boolean, groupsWithPoint?: boolean}} [options] the page's locale (de: both)
       * @returns {{ok:true, value:number, significant_digits:number, binary_prefix:boolean,
       *   ambiguous:boolean, ambiguous_mark:(','|'.'|''), grouping_taken:boolean}
       *   | {ok:false, field:string, error:string, code?:string, params?:object}} as budget readField()'s
       */
      readField(name, text, displayFactor = 1, options = {}) {
        try {
          return readFieldValue((...args) => module.read_traffic_field_value(...args), budget.declaration.max_text_bytes,
            name, text, typeof displayFactor === 'number' ? displayFactor : NaN, options);
        } catch (err) {
          return bindingFailure(err);
        }
      },

      /**
       * The highest request rate (traffic.request_rate > 0: its value is the first guess)
       * or concurrency meeting input.ttft_target_s and input.per_request_target_tokens_per_s
       * at traffic.target_percentile (src/traffic/load_search.h). Runs many simulations:
       * call it off the input path.
       * @returns value {found, tpot_defined, highest_load, ttft_at_percentile_s, tpot_at_percentile_s (null
       *   without a TPOT), tpot_target_s, simulations}
       */
      highestLoad(input, traffic) {
        return run(input, traffic, (b, t) => {
          const raw = module.highest_load(b, t);
          if (!raw.ok) return refusal(raw.error);
          return { ok: true, value: plain(raw, declaration.results.max_rate, false) };
        });
      },
    });
    return facade;
  };
});

/**
 * Loads the shared wasm module once and returns the simulation's facade.
 * @returns {Promise<object>} {DEFAULT_TRAFFIC, declaration, simulateTraffic(), highestLoad(), readField()}
 */
export function loadTrafficCore() {
  return Promise.all([loadWasmModule('full'), loadBudgetCore('full')]).then(([module, budget]) => buildTrafficCore(module)(budget));
}

/**
 * The simulation's facade for a part that starts it when first needed, not
 * when its script runs (the charts script also holds the calculator's
 * charts, which a page may show over the calculator's module, which has no
 * simulation): `core` is the facade once loaded (else null), `ready()`
 * starts loading once and resolves to it; a failure is not kept, so the next
 * `ready()` tries again.
 * @returns {{readonly core: object|null, ready(): Promise<object>}}
 */
export function lazyTrafficCore() {
  let core = null;
  let loading = null;
  return {
    get core() { return core; },
    ready() {
      if (!loading) loading = loadTrafficCore().then((t) => { core = t; return t; }, (err) => { loading = null; throw err; });
      return loading;
    },
  };
}

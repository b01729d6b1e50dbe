// The calculator's results panel: memory breakdown, verdict, step time,
// speeds and capacity, all from the core's plan() and capacity().
import { h, setText } from '../element/dom.js';
import * as fmt from '../element/format.js';

const VERDICT_MARK = { fits: '✓', tight: '!', 'does-not-fit': '✗' };

/**
 * One target's verdict in words: "no target set", "met: 366 ms to spare",
 * "missed: 213 ms too slow", or "not judged: it does not fit". The margin is the core's.
 */
function targetText(target, hasSpeed, met, missedBy, spare, wanted) {
  if (target === 0) return 'no target set (0)';
  if (!hasSpeed) return `${wanted}: not judged, the configuration does not fit`;
  return met ? `${wanted}: met, ${spare()}` : `${wanted}: missed, ${missedBy()}`;
}

/** The two target verdicts in a few words for the phone panel. */
function targetsShort(input, plan) {
  const one = (target, met, name) => (target === 0 ? null : `${name} ${!plan.has_speed ? '—' : met ? 'met' : 'missed'}`);
  const parts = [one(input.ttft_target_s, plan.ttft_target_met, 'TTFT'),
    one(input.per_request_target_tokens_per_s, plan.per_request_target_met, 'speed')].filter(Boolean);
  return parts.length ? parts.join(', ') : 'none set';
}

/**
 * The model's attention layers in words, from the core's counts:
 * "21 sliding (4,096) + 21 full", "32 full", and with latent attention
 * ", latent cache (576 values)". The counts are plan()'s, not worked out here.
 */
export function layerMixText(input, plan) {
  const parts = [];
  if (plan.sliding_window_layers_used > 0) {
    parts.push(`${fmt.int(plan.sliding_window_layers_used)} sliding (${fmt.int(input.sliding_window_tokens)})`);
  }
  if (plan.full_attention_layers > 0) parts.push(`${fmt.int(plan.full_attention_layers)} full`);
  const latent = input.latent_kv_dim > 0 ? `, latent cache (${fmt.int(input.latent_kv_dim)} values)` : '';
  return parts.join(' + ') + latent;
}

/** What a decode step reads, for a mixture of experts: "18.2 GB per GPU (2 of 8 experts per layer)". */
function trafficText(input, plan, m) {
  const touched = fmt.num1(plan.experts_touched);
  return `${m(plan.decode_traffic_bytes)}${input.gpus > 1 ? ' per GPU' : ''} (${touched} of ${fmt.int(input.experts)} `
    + `experts per layer, expected)`;
}

/**
 * The KV capacity as vLLM prints it at startup: "442,504 tokens per GPU; 54.02 requests
 * of 8,192 tokens at once (gpu_memory_utilization 0.9)". The numbers are plan()'s.
 */
function kvCapacityText(input, plan) {
  const utilization = `gpu_memory_utilization ${fmt.groupedNumber(1 - input.headroom_fraction, 4)}`;
  if (plan.kv_capacity_tokens === 0) {
    return `none: the weights${plan.runtime_bytes > 0 ? ' and the runtime' : ''} fill the ${utilization} share`;
  }
  const per = input.gpus > 1 ? ' per GPU' : '';
  return `${fmt.int(plan.kv_capacity_tokens)} tokens${per}; ${fmt.fixed2(plan.max_concurrency)} `
    + `requests of ${fmt.int(input.context_tokens)} tokens at once (${utilization})`;
}

export function mountResults(parent, ctx) {
  const out = {};
  // data-result: the declared result fields (plan(), capacity()) a number shows, by
  // their names, for the lesson's tour and terms to point at (web/page/view-marks.js).
  const FIELDS_SHOWN = {
    weight_bytes: 'weight_bytes', kv_cache_bytes: 'kv_cache_bytes kv_cache_bytes_per_token', total_bytes: 'total_bytes',
    per_gpu_bytes: 'per_gpu_bytes kv_heads_per_gpu', free_bytes: 'free_bytes', decode_traffic_bytes: 'decode_traffic_bytes experts_touched',
    step: 'step_s comm_s', bound_by: 'bound_by memory_time_s compute_time_s matmul_bits', per_request_tokens_per_s: 'per_request_tokens_per_s',
    total_tokens_per_s: 'total_tokens_per_s', ttft_s: 'ttft_s', ttft_target: 'ttft_target_met ttft_margin_s',
    per_request_target: 'per_request_target_met per_request_margin_tokens_per_s', kv_capacity: 'kv_capacity_tokens max_concurrency',
    max_batch: 'max_batch', max_batch_with_headroom: 'max_batch_with_headroom', max_context_tokens: 'max_context_tokens',
    crossover_batch: 'crossover_batch', min_gpus_to_fit: 'min_gpus_to_fit', layer_mix: 'full_attention_layers sliding_window_layers_used',
  };
  const dd = (key) => (out[key] = h('dd', { 'data-result': FIELDS_SHOWN[key], 'data-out': key }));
  // Memory per GPU: shown only when the model is split over several GPUs.
  const perGpuTerm = h('dt', { text: 'Memory per GPU' });
  // Read per decode step: shown for a mixture of experts, where it is less than memory.
  const trafficTerm = h('dt', { text: 'Read per decode step' });
  const verdictMark = h('span', { class: 'verdict-mark', 'aria-hidden': 'true' });
  const verdictWord = h('strong', { 'data-out': 'verdict' });
  const verdictNote = h('span', { class: 'verdict-note', 'data-out': 'verdict-note' });
  const verdict = h('p', { class: 'verdict', 'data-result': 'verdict fits headroom_limit_bytes' }, verdictMark, ' ', verdictWord, ' ', verdictNote);
  const gib = h('input', { type: 'checkbox', class: 'gib-toggle' });
  gib.addEventListener('change', () => ctx.store.setOption('showGiB', gib.checked));

  // Shown while a typed value is refused: the numbers below are the last
  // valid ones, not the ones in the fields. Always in the DOM (a live region
  // that is only filled in), so screen readers hear the change.
  const staleNote = h('p', { class: 'results-stale', role: 'status', 'data-out': 'stale' });
  const panel = h('div', { class: 'results', role: 'group', 'aria-label': 'Results' },
    h('h3', { class: 'results-title', text: 'Results' }),
    staleNote,
    verdict,
    h('dl', { class: 'result-list' },
      h('dt', { text: 'Weights' }), dd('weight_bytes'),
      h('dt', { text: 'KV cache' }), dd('kv_cache_bytes'),
      h('dt', { text: 'Attention layers' }), dd('layer_mix'),
      h('dt', { text: 'Total memory' }), dd('total_bytes'),
      perGpuTerm, dd('per_gpu_bytes'),
      h('dt', { text: 'Free on the GPU' }), dd('free_bytes'),
      trafficTerm, dd('decode_traffic_bytes'),
      h('dt', { text: 'Decode step' }), dd('step'),
      h('dt', { text: 'Binding term' }), dd('bound_by'),
      h('dt', { text: 'Per request' }), dd('per_request_tokens_per_s'),
      h('dt', { text: 'All requests' }), dd('total_tokens_per_s'),
      h('dt', { text: 'Time to first token' }), dd('ttft_s'),
      h('dt', { text: 'TTFT target' }), dd('ttft_target'),
      h('dt', { text: 'Speed target' }), dd('per_request_target'),
      h('dt', { text: 'KV cache capacity' }), dd('kv_capacity'),
      h('dt', { text: 'Largest batch that fits' }), dd('max_batch'),
      h('dt', { text: 'Keeping headroom free' }), dd('max_batch_with_headroom'),
      h('dt', { text: 'Longest context that fits' }), dd('max_context_tokens'),
      h('dt', { text: 'Arithmetic overtakes memory' }), dd('crossover_batch'),
      h('dt', { text: 'Fewest GPUs that fit' }), dd('min_gpus_to_fit')),
    h('label', { class: 'toggle' }, gib, ' Also show GiB (2³⁰ bytes)'));
  // On a phone, a compact panel stays at the bottom of the screen while the
  // inputs scroll past (hidden on wide screens, where the whole results panel
  // is sticky): the verdict, weights, KV cache, the decode step with its
  // binding term and both speeds; "More" adds the rest.
  const compact = {};
  // Each name and value in a <div> of its own (allowed in a <dl>), so the bar
  // can wrap the pairs without parting a name from its value.
  const COMPACT_FIELDS = {
    weights: 'weight_bytes', kv: 'kv_cache_bytes', step: 'step_s bound_by', per_request: 'per_request_tokens_per_s',
    total: 'total_tokens_per_s', ttft: 'ttft_s', per_gpu: 'per_gpu_bytes', free: 'free_bytes',
    targets: 'ttft_target_met per_request_target_met', max_batch: 'max_batch', max_context: 'max_context_tokens', min_gpus: 'min_gpus_to_fit',
  };
  const pair = (term, key, extra = false) => h('div', { class: extra ? 'calc-status-pair calc-status-extra' : 'calc-status-pair' },
    h('dt', { text: term }), (compact[key] = h('dd', { 'data-result': COMPACT_FIELDS[key], 'data-compact': key })));
  const more = h('button', { type: 'button', class: 'calc-status-more', 'aria-expanded': 'false' }, 'More');
  const statusLine = h('p', { class: 'calc-status-line', 'data-out': 'status-line' });
  const status = h('div', { class: 'calc-status', role: 'region', 'aria-label': 'Results summary' },
    h('div', { class: 'calc-status-head' }, statusLine, more),
    h('dl', { class: 'calc-status-list' },
      pair('Weights', 'weights'), pair('KV cache', 'kv'), pair('Step', 'step'),
      pair('Per request', 'per_request'), pair('All requests', 'total'), pair('First token', 'ttft'),
      pair('Per GPU', 'per_gpu', true), pair('Free on the GPU', 'free', true), pair('Targets', 'targets', true),
      pair('Largest batch', 'max_batch', true), pair('Longest context', 'max_context', true),
      pair('Fewest GPUs', 'min_gpus', true)));
  more.addEventListener('click', () => {
    const open = !status.hasAttribute('data-expanded');
    status.toggleAttribute('data-expanded', open);
    more.setAttribute('aria-expanded', String(open));
    setText(more, open ? 'Less' : 'More');
  });
  // After a preset click: which inputs changed (a status line in the panel).
  const changes = h('p', { class: 'results-changes', role: 'status', 'data-out': 'changes' });
  panel.insertBefore(changes, verdict);
  parent.append(status, panel);

  // The number a change moved is marked for a moment (a colour, no motion).
  let painted = false;
  const flashTimers = new Map();
  const put = (el, text) => {
    if (el.textContent === text) return;
    el.textContent = text;
    if (!painted) return;
    el.classList.add('just-changed');
    clearTimeout(flashTimers.get(el));
    flashTimers.set(el, setTimeout(() => el.classList.remove('just-changed'), 1200));
  };

  let lastAnnounced = '';
  let stale = false;
  let statusText = '';
  const STALE = 'Showing the last valid result: a field above holds a value that is not used.';
  const paintStatus = () => {
    setText(statusLine, stale ? `Last valid result · ${statusText}` : statusText);
    status.toggleAttribute('data-stale', stale);
  };
  return {
    /** The full results panel and the phone's compact one (to bring into view). */
    panel,
    status,
    /** Shows which inputs a preset changed (empty text clears it). */
    showChanges(text) { setText(changes, text); },
    /** Marks the numbers as the last valid result (true) or current (false). */
    setStale(on) {
      if (on === stale) return;
      stale = on;
      panel.toggleAttribute('data-stale', on);
      setText(staleNote, on ? STALE : '');
      paintStatus();
    },
    update(state, { plan, capacity }) {
      // The note about a preset's changes describes that click only: any
      // other change (typing, a slider, Reset, another element) clears it.
      if (!state.presetId) setText(changes, '');
      const m = (b) => fmt.memText(b, state.showGiB);
      gib.checked = state.showGiB;
      panel.dataset.verdict = plan.verdict;
      setText(verdictMark, VERDICT_MARK[plan.verdict]);
      setText(verdictWord, fmt.verdictText(plan.verdict));
      const split = state.input.gpus > 1;
      const held = split ? `${m(plan.per_gpu_bytes)} per GPU` : m(plan.total_bytes);
      setText(verdictNote, plan.verdict === 'tight'
        ? `${held} of ${m(state.input.gpu_memory_bytes)}: ${m(plan.free_bytes)} stays free, less than the `
          + `${fmt.int(state.input.headroom_fraction * 100)}% headroom; it fits comfortably at up to ${m(plan.headroom_limit_bytes)}${split ? ' per GPU' : ''}`
        : `${held} of ${m(state.input.gpu_memory_bytes)}`);
      perGpuTerm.hidden = !split;
      out.per_gpu_bytes.hidden = !split;
      put(out.per_gpu_bytes, `${m(plan.per_gpu_bytes)} on each of ${fmt.int(state.input.gpus)} ${fmt.plural(state.input.gpus, 'GPU', 'GPUs')} `
        + `(${fmt.int(plan.kv_heads_per_gpu)} KV ${fmt.plural(plan.kv_heads_per_gpu, 'head', 'heads')} each)`);
      put(out.weight_bytes, m(plan.weight_bytes));
      const windowed = plan.sliding_window_layers_used > 0 ? ' below the window' : '';
      put(out.kv_cache_bytes,
        `${m(plan.kv_cache_bytes)} (${fmt.bytesText(plan.kv_cache_bytes_per_token)} per token${windowed})`);
      put(out.layer_mix, layerMixText(state.input, plan));
      const moe = state.input.experts > 0;
      trafficTerm.hidden = !moe;
      out.decode_traffic_bytes.hidden = !moe;
      if (moe) put(out.decode_traffic_bytes, trafficText(state.input, plan, m));
      put(out.total_bytes, m(plan.total_bytes));
      put(out.free_bytes, plan.free_bytes >= 0 ? m(plan.free_bytes) : `none: over by ${m(-plan.free_bytes)}`);
      // Which arithmetic rate the core used, when it is not the 16-bit one.
      const rate = plan.matmul_bits === 16 ? '' : ` at the ${fmt.int(plan.matmul_bits)}-bit rate`;
      const terms = `memory ${fmt.msText(plan.memory_time_s)}, arithmetic ${fmt.msText(plan.compute_time_s)}${rate}`;
      if (plan.has_speed) {
        put(out.step, split ? `${fmt.msText(plan.step_s)} (all-reduce ${fmt.msText(plan.comm_s)} of it)` : fmt.msText(plan.step_s));
        put(out.bound_by, `${plan.bound_by === 'memory' ? 'memory-bound' : 'compute-bound'} (${terms})`);
        put(out.per_request_tokens_per_s, `${fmt.perRequestText(plan.per_request_tokens_per_s)} tokens/s`);
        put(out.total_tokens_per_s, `${fmt.totalText(plan.total_tokens_per_s)} tokens/s`);
      } else {
        put(out.step, 'does not fit');
        put(out.bound_by, `none until it fits (${terms})`);
        put(out.per_request_tokens_per_s, 'does not fit');
        put(out.total_tokens_per_s, 'does not fit');
      }
      put(out.ttft_s, plan.has_speed ? `${fmt.msText(plan.ttft_s)} (one request arriving alone)` : 'does not fit');
      put(out.ttft_target, targetText(state.input.ttft_target_s, plan.has_speed, plan.ttft_target_met,
        () => `${fmt.msText(-plan.ttft_margin_s)} too slow`, () => `${fmt.msText(plan.ttft_margin_s)} to spare`,
        `at most ${fmt.msText(state.input.ttft_target_s)}`));
      put(out.per_request_target, targetText(state.input.per_request_target_tokens_per_s, plan.has_speed,
        plan.per_request_target_met,
        () => `${fmt.perRequestText(-plan.per_request_margin_tokens_per_s)} tokens/s short`,
        () => `${fmt.perRequestText(plan.per_request_margin_tokens_per_s)} tokens/s to spare`,
        `at least ${fmt.perRequestText(state.input.per_request_target_tokens_per_s)} tokens/s per request`));
      put(out.kv_capacity, kvCapacityText(state.input, plan));
      put(out.max_context_tokens, capacity.max_context_tokens > 0
        ? `${fmt.int(capacity.max_context_tokens)} tokens per request at this batch`
        : capacity.weights_fit ? 'none: one token per request does not fit beside the weights' : 'none: the weights alone do not fit');
      put(out.crossover_batch, capacity.crossover_batch > 0
        ? `at a batch of ${fmt.int(capacity.crossover_batch)} requests${capacity.crossover_batch > capacity.max_batch ? ' (more than fits)' : ''}`
        : 'never: the KV cache keeps the step memory-bound at every batch');
      put(out.min_gpus_to_fit, capacity.min_gpus_to_fit > 0
        ? `${fmt.int(capacity.min_gpus_to_fit)} (at this batch and context)`
        : 'none up to 64 GPUs');
      // Why no batch fits comes from the core: the weights alone, or one
      // request's KV cache at this context on top of them.
      const pct = `${fmt.int(state.input.headroom_fraction * 100)}%`;
      put(out.max_batch, capacity.max_batch > 0
        ? `${fmt.int(capacity.max_batch)} requests`
        : capacity.weights_fit
          ? 'none: one request’s KV cache at this context does not fit beside the weights'
          : 'none: the weights alone do not fit');
      put(out.max_batch_with_headroom, capacity.max_batch_with_headroom > 0
        ? `${fmt.int(capacity.max_batch_with_headroom)} requests (${pct} kept free)`
        : capacity.weights_fit_with_headroom
          ? `none: one request’s KV cache at this context does not fit beside the weights with ${pct} kept free`
          : `none: the weights alone leave less than ${pct} free`);
      statusText = `${VERDICT_MARK[plan.verdict]} ${fmt.verdictText(plan.verdict)} · ${fmt.bytesText(plan.total_bytes)} of ${fmt.bytesText(state.input.gpu_memory_bytes)}`;
      paintStatus();
      put(compact.weights, m(plan.weight_bytes));
      put(compact.kv, m(plan.kv_cache_bytes));
      put(compact.step, plan.has_speed ? `${fmt.msText(plan.step_s)}, ${plan.bound_by}-bound` : 'does not fit');
      put(compact.per_request, plan.has_speed ? `${fmt.perRequestText(plan.per_request_tokens_per_s)} tok/s` : '—');
      put(compact.total, plan.has_speed ? `${fmt.totalText(plan.total_tokens_per_s)} tok/s` : '—');
      put(compact.ttft, plan.has_speed ? fmt.msText(plan.ttft_s) : '—');
      put(compact.per_gpu, m(plan.per_gpu_bytes));
      put(compact.free, plan.free_bytes >= 0 ? m(plan.free_bytes) : `over by ${m(-plan.free_bytes)}`);
      put(compact.targets, targetsShort(state.input, plan));
      put(compact.max_batch, capacity.max_batch > 0 ? `${fmt.int(capacity.max_batch)} requests` : 'none');
      put(compact.max_context, capacity.max_context_tokens > 0 ? `${fmt.int(capacity.max_context_tokens)} tokens` : 'none');
      put(compact.min_gpus, capacity.min_gpus_to_fit > 0 ? fmt.int(capacity.min_gpus_to_fit) : 'none up to 64');
      painted = true;
      status.dataset.verdict = plan.verdict;
      const speed = plan.has_speed
        ? `, ${fmt.totalText(plan.total_tokens_per_s)} tokens per second in all` : '';
      const sentence = `${fmt.verdictText(plan.verdict)}: ${fmt.bytesText(plan.total_bytes)} of ${fmt.bytesText(state.input.gpu_memory_bytes)}${speed}.`;
      if (sentence !== lastAnnounced) {
        lastAnnounced = sentence;
        ctx.announce(sentence);
      }
    },
  };
}

// The calculator's results panel: memory breakdown, verdict, step time,
// speeds and capacity, all from the core's plan() and capacity().
import { h, setText, setAttr, setHidden, setTextBreakingIdentifiers } from '../element/dom.js';

const VERDICT_MARK = { fits: '✓', tight: '!', 'does-not-fit': '✗' };

/**
 * One target's verdict in words: "no target set", "met: 366 ms to spare",
 * "missed: 213 ms too slow", or "not judged: it does not fit". The margin is the core's.
 */
function targetText(t, target, hasSpeed, met, missedBy, spare, wanted) {
  if (target === 0) return t('results.targetNone');
  if (!hasSpeed) return t('results.targetNotJudged', { wanted });
  return met ? t('results.targetMet', { wanted, margin: spare() }) : t('results.targetMissed', { wanted, margin: missedBy() });
}

/** The two target verdicts in a few words for the phone panel. */
function targetsShort(t, input, plan) {
  const state = (met) => (!plan.has_speed ? t('results.shortUnjudged') : met ? t('results.shortMet') : t('results.shortMissed'));
  const parts = [input.ttft_target_s === 0 ? null : t('results.shortTtft', { state: state(plan.ttft_target_met) }),
    input.per_request_target_tokens_per_s === 0 ? null : t('results.shortSpeed', { state: state(plan.per_request_target_met) })]
    .filter(Boolean);
  return parts.length ? parts.join(t('results.listJoin')) : t('results.shortNone');
}

/**
 * The model's attention layers in words, from the core's counts:
 * "21 sliding (4,096) + 21 full", "32 full", and with latent attention
 * ", latent cache (576 values)". The counts are plan()'s, not worked out here.
 * @param {{t:Function, fmt:object}} strings the part's strings and number formatting (ctx)
 */
export function layerMixText({ t, fmt }, input, plan) {
  const parts = [];
  if (plan.sliding_window_layers_used > 0) {
    parts.push(t('results.layersSliding', { count: plan.sliding_window_layers_used, n: fmt.int(plan.sliding_window_layers_used), window: fmt.int(input.sliding_window_tokens) }));
  }
  if (plan.full_attention_layers > 0) parts.push(t('results.layersFull', { count: plan.full_attention_layers, n: fmt.int(plan.full_attention_layers) }));
  const mix = parts.join(' + ');
  return input.latent_kv_dim > 0 ? t('results.layersLatent', { mix, values: fmt.int(input.latent_kv_dim) }) : mix;
}

/** What a decode step reads, for a mixture of experts: "18.2 GB per GPU (2 of 8 experts per layer)". */
function trafficText({ t, fmt }, input, plan, m) {
  return t(input.gpus > 1 ? 'results.trafficPerGpu' : 'results.traffic', {
    bytes: m(plan.decode_traffic_bytes), touched: fmt.num1(plan.experts_touched), experts: fmt.int(input.experts),
  });
}

/**
 * The KV capacity as vLLM prints it at startup: "442,504 tokens per GPU; 54.02 requests
 * of 8,192 tokens at once (gpu_memory_utilization 0.9)". The numbers are plan()'s.
 */
function kvCapacityText({ t, fmt }, input, plan) {
  const utilization = fmt.groupedNumber(1 - input.headroom_fraction, 4);
  if (plan.kv_capacity_tokens === 0) {
    return t(plan.runtime_bytes > 0 ? 'results.kvCapacityNoneRuntime' : 'results.kvCapacityNone', { utilization });
  }
  return t(input.gpus > 1 ? 'results.kvCapacityPerGpu' : 'results.kvCapacity', {
    tokens: fmt.int(plan.kv_capacity_tokens), requests: fmt.fixed2(plan.max_concurrency), context: fmt.int(input.context_tokens), utilization,
  });
}

/** Per store, the last change (state.commit) whose results were announced. */
const announcedCommits = new WeakMap();

export function mountResults(parent, ctx) {
  const { t, fmt } = ctx;
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
  const perGpuTerm = h('dt', { text: t('results.perGpuTerm') });
  // Read per decode step: shown for a mixture of experts, where it is less than memory.
  const trafficTerm = h('dt', { text: t('results.trafficTerm') });
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
  const panel = h('div', { class: 'results', role: 'group', 'aria-label': t('results.title') },
    h('h3', { class: 'results-title', text: t('results.title') }),
    staleNote,
    verdict,
    h('dl', { class: 'result-list' },
      h('dt', { text: t('results.weights') }), dd('weight_bytes'),
      h('dt', { text: t('results.kvCache') }), dd('kv_cache_bytes'),
      h('dt', { text: t('results.layers') }), dd('layer_mix'),
      h('dt', { text: t('results.total') }), dd('total_bytes'),
      perGpuTerm, dd('per_gpu_bytes'),
      h('dt', { text: t('results.free') }), dd('free_bytes'),
      trafficTerm, dd('decode_traffic_bytes'),
      h('dt', { text: t('results.step') }), dd('step'),
      h('dt', { text: t('results.boundBy') }), dd('bound_by'),
      h('dt', { text: t('results.perRequest') }), dd('per_request_tokens_per_s'),
      h('dt', { text: t('results.allRequests') }), dd('total_tokens_per_s'),
      h('dt', { text: t('results.ttft') }), dd('ttft_s'),
      h('dt', { text: t('results.ttftTarget') }), dd('ttft_target'),
      h('dt', { text: t('results.speedTarget') }), dd('per_request_target'),
      h('dt', { text: t('results.kvCapacityTerm') }), dd('kv_capacity'),
      h('dt', { text: t('results.maxBatch') }), dd('max_batch'),
      h('dt', { text: t('results.maxBatchHeadroom') }), dd('max_batch_with_headroom'),
      h('dt', { text: t('results.maxContext') }), dd('max_context_tokens'),
      h('dt', { text: t('results.crossover') }), dd('crossover_batch'),
      h('dt', { text: t('results.minGpus') }), dd('min_gpus_to_fit')),
    h('label', { class: 'toggle' }, gib, ' ', t('results.showGiB')));
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
  const more = h('button', { type: 'button', class: 'calc-status-more', 'aria-expanded': 'false' }, t('results.more'));
  const statusLine = h('p', { class: 'calc-status-line', 'data-out': 'status-line' });
  const status = h('div', { class: 'calc-status', role: 'region', 'aria-label': t('results.summary') },
    h('div', { class: 'calc-status-head' }, statusLine, more),
    h('dl', { class: 'calc-status-list' },
      pair(t('results.weights'), 'weights'), pair(t('results.kvCache'), 'kv'), pair(t('results.shortStep'), 'step'),
      pair(t('results.perRequest'), 'per_request'), pair(t('results.allRequests'), 'total'), pair(t('results.shortTtftTerm'), 'ttft'),
      pair(t('results.shortPerGpu'), 'per_gpu', true), pair(t('results.free'), 'free', true), pair(t('results.shortTargets'), 'targets', true),
      pair(t('results.shortMaxBatch'), 'max_batch', true), pair(t('results.shortMaxContext'), 'max_context', true),
      pair(t('results.shortMinGpus'), 'min_gpus', true)));
  more.addEventListener('click', () => {
    const open = !status.hasAttribute('data-expanded');
    status.toggleAttribute('data-expanded', open);
    more.setAttribute('aria-expanded', String(open));
    setText(more, open ? t('results.less') : t('results.more'));
  });
  // After a preset click: which inputs changed (a status line in the panel).
  const changes = h('p', { class: 'results-changes', role: 'status', 'data-out': 'changes' });
  panel.insertBefore(changes, verdict);
  parent.append(status, panel);

  // The number a change moved is marked for a moment (a colour, no motion).
  let painted = false;
  const flashTimers = new Map();
  // `identifiers`: the text names a runtime's option (gpu_memory_utilization), which may wrap at its underscores.
  const put = (el, text, identifiers = false) => {
    if (el.textContent === text) return;
    if (identifiers) setTextBreakingIdentifiers(el, text); else el.textContent = text;
    if (!painted) return;
    el.classList.add('just-changed');
    clearTimeout(flashTimers.get(el));
    flashTimers.set(el, setTimeout(() => el.classList.remove('just-changed'), 1200));
  };

  let lastAnnounced = '';
  let stale = false;
  let statusText = '';
  const STALE = t('results.stale');
  const paintStatus = () => {
    setText(statusLine, stale ? t('results.staleLine', { status: statusText }) : statusText);
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
      setAttr(panel, 'data-verdict', plan.verdict);
      setText(verdictMark, VERDICT_MARK[plan.verdict]);
      setText(verdictWord, fmt.verdictText(plan.verdict));
      const split = state.input.gpus > 1;
      const gpuText = m(state.input.gpu_memory_bytes);
      const pct = fmt.int(state.input.headroom_fraction * 100);
      const heldParams = { held: m(split ? plan.per_gpu_bytes : plan.total_bytes), gpu: gpuText };
      setText(verdictNote, plan.verdict === 'tight'
        ? t(split ? 'results.tightNotePerGpu' : 'results.tightNote', {
          ...heldParams, free: m(plan.free_bytes), pct, limit: m(plan.headroom_limit_bytes),
        })
        : t(split ? 'results.heldPerGpu' : 'results.held', heldParams));
      setHidden(perGpuTerm, !split);
      setHidden(out.per_gpu_bytes, !split);
      put(out.per_gpu_bytes, t('results.perGpu', {
        bytes: m(plan.per_gpu_bytes), gpus: fmt.int(state.input.gpus), count: state.input.gpus,
        heads: t('results.kvHeads', { count: plan.kv_heads_per_gpu, n: fmt.int(plan.kv_heads_per_gpu) }),
      }));
      put(out.weight_bytes, m(plan.weight_bytes));
      put(out.kv_cache_bytes, t(plan.sliding_window_layers_used > 0 ? 'results.kvCacheWindowed' : 'results.kvCacheValue',
        { bytes: m(plan.kv_cache_bytes), perToken: fmt.bytesText(plan.kv_cache_bytes_per_token) }));
      put(out.layer_mix, layerMixText(ctx, state.input, plan));
      const moe = state.input.experts > 0;
      setHidden(trafficTerm, !moe);
      setHidden(out.decode_traffic_bytes, !moe);
      if (moe) put(out.decode_traffic_bytes, trafficText(ctx, state.input, plan, m));
      put(out.total_bytes, m(plan.total_bytes));
      put(out.free_bytes, plan.free_bytes >= 0 ? m(plan.free_bytes) : t('results.freeOver', { bytes: m(-plan.free_bytes) }));
      // Which arithmetic rate the core used, when it is not the 16-bit one.
      const terms = t(plan.matmul_bits === 16 ? 'results.terms' : 'results.termsAtRate', {
        memory: fmt.msText(plan.memory_time_s), arithmetic: fmt.msText(plan.compute_time_s), bits: fmt.int(plan.matmul_bits),
      });
      const noFit = t('results.doesNotFit');
      if (plan.has_speed) {
        put(out.step, split ? t('results.stepAllReduce', { step: fmt.msText(plan.step_s), comm: fmt.msText(plan.comm_s) }) : fmt.msText(plan.step_s));
        put(out.bound_by, t(plan.bound_by === 'memory' ? 'results.memoryBound' : 'results.computeBound', { terms }));
        put(out.per_request_tokens_per_s, t('results.tokensPerS', { n: fmt.perRequestText(plan.per_request_tokens_per_s) }));
        put(out.total_tokens_per_s, t('results.tokensPerS', { n: fmt.totalText(plan.total_tokens_per_s) }));
      } else {
        put(out.step, noFit);
        put(out.bound_by, t('results.boundNone', { terms }));
        put(out.per_request_tokens_per_s, noFit);
        put(out.total_tokens_per_s, noFit);
      }
      put(out.ttft_s, plan.has_speed ? t('results.ttftValue', { time: fmt.msText(plan.ttft_s) }) : noFit);
      put(out.ttft_target, targetText(t, state.input.ttft_target_s, plan.has_speed, plan.ttft_target_met,
        () => t('results.tooSlow', { time: fmt.msText(-plan.ttft_margin_s) }), () => t('results.toSpare', { amount: fmt.msText(plan.ttft_margin_s) }),
        t('results.atMost', { time: fmt.msText(state.input.ttft_target_s) })));
      put(out.per_request_target, targetText(t, state.input.per_request_target_tokens_per_s, plan.has_speed,
        plan.per_request_target_met,
        () => t('results.speedShort', { n: fmt.perRequestText(-plan.per_request_margin_tokens_per_s) }),
        () => t('results.toSpare', { amount: t('results.tokensPerS', { n: fmt.perRequestText(plan.per_request_margin_tokens_per_s) }) }),
        t('results.atLeast', { n: fmt.perRequestText(state.input.per_request_target_tokens_per_s) })));
      put(out.kv_capacity, kvCapacityText(ctx, state.input, plan), true);
      put(out.max_context_tokens, capacity.max_context_tokens > 0
        ? t('results.maxContextValue', { n: fmt.int(capacity.max_context_tokens) })
        : capacity.weights_fit ? t('results.maxContextNone') : t('results.weightsAloneNone'));
      put(out.crossover_batch, capacity.crossover_batch > 0
        ? t(capacity.crossover_batch > capacity.max_batch ? 'results.crossoverOver' : 'results.crossoverValue', { count: capacity.crossover_batch, n: fmt.int(capacity.crossover_batch) })
        : t('results.crossoverNever'));
      put(out.min_gpus_to_fit, capacity.min_gpus_to_fit > 0
        ? t('results.minGpusValue', { n: fmt.int(capacity.min_gpus_to_fit) })
        : t('results.minGpusNone'));
      // Why no batch fits comes from the core: the weights alone, or one
      // request's KV cache at this context on top of them.
      put(out.max_batch, capacity.max_batch > 0
        ? t('results.requests', { count: capacity.max_batch, n: fmt.int(capacity.max_batch) })
        : capacity.weights_fit ? t('results.maxBatchNone') : t('results.weightsAloneNone'));
      put(out.max_batch_with_headroom, capacity.max_batch_with_headroom > 0
        ? t('results.requestsKeptFree', { count: capacity.max_batch_with_headroom, n: fmt.int(capacity.max_batch_with_headroom), pct })
        : capacity.weights_fit_with_headroom
          ? t('results.maxBatchHeadroomNone', { pct })
          : t('results.weightsHeadroomNone', { pct }));
      statusText = t('results.statusLine', {
        mark: VERDICT_MARK[plan.verdict], verdict: fmt.verdictText(plan.verdict), total: fmt.bytesText(plan.total_bytes), gpu: fmt.bytesText(state.input.gpu_memory_bytes),
      });
      paintStatus();
      put(compact.weights, m(plan.weight_bytes));
      put(compact.kv, m(plan.kv_cache_bytes));
      put(compact.step, plan.has_speed
        ? t(plan.bound_by === 'memory' ? 'results.shortStepMemory' : 'results.shortStepCompute', { time: fmt.msText(plan.step_s) }) : noFit);
      put(compact.per_request, plan.has_speed ? t('results.tokS', { n: fmt.perRequestText(plan.per_request_tokens_per_s) }) : '—');
      put(compact.total, plan.has_speed ? t('results.tokS', { n: fmt.totalText(plan.total_tokens_per_s) }) : '—');
      put(compact.ttft, plan.has_speed ? fmt.msText(plan.ttft_s) : '—');
      put(compact.per_gpu, m(plan.per_gpu_bytes));
      put(compact.free, plan.free_bytes >= 0 ? m(plan.free_bytes) : t('results.shortOver', { bytes: m(-plan.free_bytes) }));
      put(compact.targets, targetsShort(t, state.input, plan));
      put(compact.max_batch, capacity.max_batch > 0 ? t('results.requests', { count: capacity.max_batch, n: fmt.int(capacity.max_batch) }) : t('results.shortNoneValue'));
      put(compact.max_context, capacity.max_context_tokens > 0 ? t('results.tokens', { count: capacity.max_context_tokens, n: fmt.int(capacity.max_context_tokens) }) : t('results.shortNoneValue'));
      put(compact.min_gpus, capacity.min_gpus_to_fit > 0 ? fmt.int(capacity.min_gpus_to_fit) : t('results.shortMinGpusNone'));
      painted = true;
      setAttr(status, 'data-verdict', plan.verdict);
      const announceParams = { verdict: fmt.verdictText(plan.verdict), total: fmt.bytesText(plan.total_bytes), gpu: fmt.bytesText(state.input.gpu_memory_bytes) };
      const sentence = plan.has_speed
        ? t('results.announceSpeed', { ...announceParams, speed: fmt.totalText(plan.total_tokens_per_s) })
        : t('results.announce', announceParams);
      // What the page shows on arrival (the starting input, or a link or tour step applied
      // then: a quiet change) is read with the page; a change the reader makes is announced,
      // also one made before this part was first drawn (a preset chosen while the
      // calculator's script was loading), and once per store (a part drawn again, or another
      // element of the group, does not say it again).
      const announced = announcedCommits.get(ctx.store) || 0;
      if (state.commit > announced) announcedCommits.set(ctx.store, state.commit);
      if (sentence !== lastAnnounced) {
        lastAnnounced = sentence;
        if (state.commit > announced && !state.quiet) ctx.announce(sentence);
      }
    },
  };
}

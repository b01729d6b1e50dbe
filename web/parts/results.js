// The calculator's results panel: memory breakdown, verdict, step time,
// speeds and capacity, all from the core's plan() and capacity().
import { h, setText } from '../element/dom.js';
import * as fmt from '../element/format.js';

const VERDICT_MARK = { fits: '✓', tight: '!', 'does-not-fit': '✗' };

export function mountResults(parent, ctx) {
  const out = {};
  const dd = (key) => (out[key] = h('dd', { 'data-out': key }));
  const verdictMark = h('span', { class: 'verdict-mark', 'aria-hidden': 'true' });
  const verdictWord = h('strong', { 'data-out': 'verdict' });
  const verdictNote = h('span', { class: 'verdict-note', 'data-out': 'verdict-note' });
  const verdict = h('p', { class: 'verdict' }, verdictMark, ' ', verdictWord, ' ', verdictNote);
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
      h('dt', { text: 'Total memory' }), dd('total_bytes'),
      h('dt', { text: 'Free on the GPU' }), dd('free_bytes'),
      h('dt', { text: 'Decode step' }), dd('step'),
      h('dt', { text: 'Binding term' }), dd('bound_by'),
      h('dt', { text: 'Per request' }), dd('per_request_tokens_per_s'),
      h('dt', { text: 'All requests' }), dd('total_tokens_per_s'),
      h('dt', { text: 'Largest batch that fits' }), dd('max_batch'),
      h('dt', { text: 'Keeping headroom free' }), dd('max_batch_with_headroom')),
    h('label', { class: 'toggle' }, gib, ' Also show GiB (2³⁰ bytes)'));
  // A one-line status that stays at the bottom of a phone's screen while the
  // inputs scroll past (hidden on wide screens, where the results are sticky).
  const status = h('div', { class: 'calc-status', 'aria-hidden': 'true' });
  parent.append(status, panel);

  let lastAnnounced = '';
  let stale = false;
  let statusText = '';
  const STALE = 'Showing the last valid result: a field above holds a value that is not used.';
  const paintStatus = () => {
    setText(status, stale ? `Last valid result · ${statusText}` : statusText);
    status.toggleAttribute('data-stale', stale);
  };
  return {
    /** Marks the numbers as the last valid result (true) or current (false). */
    setStale(on) {
      if (on === stale) return;
      stale = on;
      panel.toggleAttribute('data-stale', on);
      setText(staleNote, on ? STALE : '');
      paintStatus();
    },
    update(state, { plan, capacity }) {
      const m = (b) => fmt.memText(b, state.showGiB);
      gib.checked = state.showGiB;
      panel.dataset.verdict = plan.verdict;
      setText(verdictMark, VERDICT_MARK[plan.verdict]);
      setText(verdictWord, fmt.verdictText(plan.verdict));
      setText(verdictNote, `${m(plan.total_bytes)} of ${m(state.input.gpu_memory_bytes)}`);
      setText(out.weight_bytes, m(plan.weight_bytes));
      setText(out.kv_cache_bytes,
        `${m(plan.kv_cache_bytes)} (${fmt.bytesText(plan.kv_cache_bytes_per_token)} per token)`);
      setText(out.total_bytes, m(plan.total_bytes));
      setText(out.free_bytes, plan.free_bytes >= 0 ? m(plan.free_bytes) : `none: over by ${m(-plan.free_bytes)}`);
      const terms = `memory ${fmt.msText(plan.memory_time_s)}, arithmetic ${fmt.msText(plan.compute_time_s)}`;
      if (plan.has_speed) {
        setText(out.step, fmt.msText(plan.step_s));
        setText(out.bound_by, `${plan.bound_by === 'memory' ? 'memory-bound' : 'compute-bound'} (${terms})`);
        setText(out.per_request_tokens_per_s, `${fmt.perRequestText(plan.per_request_tokens_per_s)} tokens/s`);
        setText(out.total_tokens_per_s, `${fmt.totalText(plan.total_tokens_per_s)} tokens/s`);
      } else {
        setText(out.step, 'does not fit');
        setText(out.bound_by, `none until it fits (${terms})`);
        setText(out.per_request_tokens_per_s, 'does not fit');
        setText(out.total_tokens_per_s, 'does not fit');
      }
      // Why no batch fits comes from the core: the weights alone, or one
      // request's KV cache at this context on top of them.
      const pct = `${fmt.int(state.input.headroom_fraction * 100)}%`;
      setText(out.max_batch, capacity.max_batch > 0
        ? `${fmt.int(capacity.max_batch)} requests`
        : capacity.weights_fit
          ? 'none: one request’s KV cache at this context does not fit beside the weights'
          : 'none: the weights alone do not fit');
      setText(out.max_batch_with_headroom, capacity.max_batch_with_headroom > 0
        ? `${fmt.int(capacity.max_batch_with_headroom)} requests (${pct} kept free)`
        : capacity.weights_fit_with_headroom
          ? `none: one request’s KV cache at this context does not fit beside the weights with ${pct} kept free`
          : `none: the weights alone leave less than ${pct} free`);
      statusText = `${VERDICT_MARK[plan.verdict]} ${fmt.verdictText(plan.verdict)} · ${fmt.bytesText(plan.total_bytes)} of ${fmt.bytesText(state.input.gpu_memory_bytes)}`
        + (plan.has_speed ? ` · ${fmt.totalText(plan.total_tokens_per_s)} tok/s` : '');
      paintStatus();
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

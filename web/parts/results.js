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
  // On a phone, a compact panel stays at the bottom of the screen while the
  // inputs scroll past (hidden on wide screens, where the whole results panel
  // is sticky): the verdict, weights, KV cache, the decode step with its
  // binding term and both speeds; "More" adds the rest.
  const compact = {};
  const cdd = (key) => (compact[key] = h('dd', { 'data-compact': key }));
  const more = h('button', { type: 'button', class: 'calc-status-more', 'aria-expanded': 'false' }, 'More');
  const statusLine = h('p', { class: 'calc-status-line', 'data-out': 'status-line' });
  const status = h('div', { class: 'calc-status', role: 'region', 'aria-label': 'Results summary' },
    h('div', { class: 'calc-status-head' }, statusLine, more),
    h('dl', { class: 'calc-status-list' },
      h('dt', { text: 'Weights' }), cdd('weights'),
      h('dt', { text: 'KV cache' }), cdd('kv'),
      h('dt', { text: 'Step' }), cdd('step'),
      h('dt', { text: 'Per request' }), cdd('per_request'),
      h('dt', { text: 'All requests' }), cdd('total'),
      h('dt', { class: 'calc-status-extra', text: 'Free on the GPU' }), cdd('free'),
      h('dt', { class: 'calc-status-extra', text: 'Largest batch' }), cdd('max_batch')));
  compact.free.classList.add('calc-status-extra');
  compact.max_batch.classList.add('calc-status-extra');
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
      const m = (b) => fmt.memText(b, state.showGiB);
      gib.checked = state.showGiB;
      panel.dataset.verdict = plan.verdict;
      setText(verdictMark, VERDICT_MARK[plan.verdict]);
      setText(verdictWord, fmt.verdictText(plan.verdict));
      setText(verdictNote, `${m(plan.total_bytes)} of ${m(state.input.gpu_memory_bytes)}`);
      put(out.weight_bytes, m(plan.weight_bytes));
      put(out.kv_cache_bytes,
        `${m(plan.kv_cache_bytes)} (${fmt.bytesText(plan.kv_cache_bytes_per_token)} per token)`);
      put(out.total_bytes, m(plan.total_bytes));
      put(out.free_bytes, plan.free_bytes >= 0 ? m(plan.free_bytes) : `none: over by ${m(-plan.free_bytes)}`);
      const terms = `memory ${fmt.msText(plan.memory_time_s)}, arithmetic ${fmt.msText(plan.compute_time_s)}`;
      if (plan.has_speed) {
        put(out.step, fmt.msText(plan.step_s));
        put(out.bound_by, `${plan.bound_by === 'memory' ? 'memory-bound' : 'compute-bound'} (${terms})`);
        put(out.per_request_tokens_per_s, `${fmt.perRequestText(plan.per_request_tokens_per_s)} tokens/s`);
        put(out.total_tokens_per_s, `${fmt.totalText(plan.total_tokens_per_s)} tokens/s`);
      } else {
        put(out.step, 'does not fit');
        put(out.bound_by, `none until it fits (${terms})`);
        put(out.per_request_tokens_per_s, 'does not fit');
        put(out.total_tokens_per_s, 'does not fit');
      }
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
      put(compact.free, plan.free_bytes >= 0 ? m(plan.free_bytes) : `over by ${m(-plan.free_bytes)}`);
      put(compact.max_batch, capacity.max_batch > 0 ? `${fmt.int(capacity.max_batch)} requests` : 'none');
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

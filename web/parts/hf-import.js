// "Your own model": a Hugging Face config.json pasted, chosen or dropped is
// read by the core's importer (core.importHfConfig: parameters counted from
// the shapes, layer kinds, experts, context limit) and sets the model inputs.
// The text stays in the page: nothing is uploaded. The importer's refusals and
// notes are the core's declared kinds, so another language words them
// (core-message.js).
import { h, setText, nextId } from '../element/dom.js';
import { settleCaps } from '../element/caps.js';
import { importNoteInWords, refusalInWords } from '../element/core-message.js';
import { loadScript, providedScript, IMPORTER_SCRIPT } from '../element/script-loader.js';

/** Files above this are not read at all (the core refuses more than 1 MiB too). */
const MAX_FILE_BYTES = 1024 * 1024;
/** How long the first reading waits for the importer's script, then its module, before saying it could not load. */
const IMPORTER_WAIT_SECONDS = 30;

/**
 * Mounts the importer in the presets part.
 * @param {HTMLElement} container the presets part
 * @param {object} ctx the part's context (core, store)
 * @param {function} changedText (ctx, label, before, after, named) -> sentence naming the inputs changed
 */
export function mountHfImport(container, ctx, changedText) {
  const { t, fmt } = ctx;
  const refusal = (res) => refusalInWords(ctx, res);
  const kb = (bytes) => fmt.int(Math.ceil(bytes / 1024));
  const limit = fmt.int(MAX_FILE_BYTES / 1024);
  const id = nextId('hf-config');
  const text = h('textarea', {
    id, class: 'hf-config-text', rows: '4', spellcheck: 'false', autocomplete: 'off',
    placeholder: '{ "model_type": "llama", "hidden_size": 4096, … }',
  });
  const file = h('input', { type: 'file', accept: '.json,application/json', class: 'hf-config-file' });
  const status = h('p', { class: 'hf-config-status', role: 'status', 'data-out': 'hf-config-status' });
  const notes = h('ul', { class: 'hf-config-notes' });
  const use = h('button', { type: 'button', class: 'preset hf-config-use' }, t('hfImport.use'));

  const say = (sentence, list = []) => {
    setText(status, sentence);
    notes.replaceChildren(...list.map((n) => h('li', { text: n })));
  };

  // The importer is its own script and wasm module, fetched at the first reading (the
  // facade says config_importer_missing when it could not be loaded, or not within
  // IMPORTER_WAIT_SECONDS). Readings run one after another, each on the inputs the one
  // before left; a text already waiting or being read, or the one just applied with nothing
  // changed since, is not read again (a double click), and an empty or too long one is
  // answered at once.
  let queue = Promise.resolve();
  let pending = null;
  // The text last applied and the store's change it made (state.commit): the same text again,
  // with nothing changed since, is not read again (the second click of a double click).
  let lastRead = null;
  const importText = (source) => {
    if (!source.trim()) {
      say(t('hfImport.empty'));
      return queue;
    }
    const bytes = new TextEncoder().encode(source).length;
    if (bytes > MAX_FILE_BYTES) {
      say(t('hfImport.textTooLong', { size: kb(bytes), limit }));
      return queue;
    }
    if (source === pending || (lastRead && lastRead.source === source && lastRead.commit === ctx.store.state.commit)) return queue;
    pending = source;
    queue = queue.catch(() => {}).then(() => readText(source));
    return queue;
  };
  async function readText(source) {
    use.setAttribute('aria-busy', 'true');
    // The first reading fetches the importer: said while it comes.
    if (!providedScript(IMPORTER_SCRIPT)) say(t('hfImport.loading'));
    let res;
    try {
      await loadScript(IMPORTER_SCRIPT, { timeoutSeconds: IMPORTER_WAIT_SECONDS }).catch(() => {});
      res = await ctx.core.importHfConfig(source, { timeoutSeconds: IMPORTER_WAIT_SECONDS });
    } finally {
      use.removeAttribute('aria-busy');
      if (pending === source) pending = null;
    }
    // A part drawn again (or taken down) meanwhile: this reading is not its to apply.
    if (ctx.signal && ctx.signal.aborted) return;
    if (!res.ok) {
      // Nothing changes: the last good inputs and results stay.
      const { field, message, code, params } = res.error;
      say(t('hfImport.notRead', { error: refusal({ field, error: message, code, params }).replace(/\.$/, '') }));
      return;
    }
    const before = ctx.store.state.input;
    const next = settleCaps(ctx.core.declaration.inputs, before, res.inputs);
    // Every model input is replaced, so refused text left in a field is dropped (as after a preset).
    const applied = ctx.store.tryInput(next, null, { replacesAll: true });
    if (!applied.ok) {
      say(t('hfImport.notUsed', { error: refusal(applied) }));
      return;
    }
    lastRead = { source, commit: ctx.store.state.commit };
    // Said here, beside the control, with the notes (no jump to the results: focus stays where
    // the person is, and the phone's results bar shows the new numbers).
    say(changedText(ctx, 'config.json', before, ctx.store.state.input, t('hfImport.named')),
      res.notes.map((note, i) => importNoteInWords(ctx, note, res.note_kinds[i])));
  }

  function readFile(f) {
    if (!f) return;
    if (f.size > MAX_FILE_BYTES) {
      say(t('hfImport.fileTooLarge', { name: f.name, size: kb(f.size), limit }));
      return;
    }
    f.text().then((content) => {
      text.value = content;
      if (!content.trim()) say(t('hfImport.fileEmpty', { name: f.name }));
      else importText(content);
    }, () => say(t('hfImport.fileUnreadable', { name: f.name })));
  }

  use.addEventListener('click', () => importText(text.value));
  file.addEventListener('change', () => {
    readFile(file.files && file.files[0]);
    file.value = ''; // choosing the same file again, once mended, reads it again
  });
  text.addEventListener('dragover', (e) => e.preventDefault());
  text.addEventListener('drop', (e) => {
    const f = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
    if (!f) return;
    e.preventDefault();
    readFile(f);
  });

  container.append(h('div', { class: 'preset-group hf-config' },
    h('h3', { text: t('hfImport.title') }),
    h('p', { class: 'preset-note', text: t('hfImport.note') }),
    h('label', { for: id, class: 'field-label', text: t('hfImport.textLabel') }),
    text,
    h('p', { class: 'hf-config-actions' }, use, ' ', h('label', null, t('hfImport.chooseFile'), ' ', file)),
    status, notes));
}

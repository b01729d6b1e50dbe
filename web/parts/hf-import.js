// "Your own model": a Hugging Face config.json pasted, chosen or dropped is
// read by the core's importer (core.importHfConfig: parameters counted from
// the shapes, layer kinds, experts, context limit) and sets the model inputs.
// The text stays in the page: nothing is uploaded.
import { h, setText, nextId } from '../element/dom.js';
import { settleCaps } from '../element/caps.js';
import { calculatorFields } from '../element/fields.js';

/** Files above this are not read at all (the core refuses more than 1 MiB too). */
const MAX_FILE_BYTES = 1024 * 1024;

/**
 * Mounts the importer in the presets part.
 * @param {HTMLElement} container the presets part
 * @param {object} ctx the part's context (core, store)
 * @param {function} changedText (ctx, label, before, after, named) -> sentence naming the inputs changed
 */
export function mountHfImport(container, ctx, changedText) {
  const id = nextId('hf-config');
  const text = h('textarea', {
    id, class: 'hf-config-text', rows: '4', spellcheck: 'false', autocomplete: 'off',
    placeholder: '{ "model_type": "llama", "hidden_size": 4096, … }',
  });
  const file = h('input', { type: 'file', accept: '.json,application/json', class: 'hf-config-file' });
  const status = h('p', { class: 'hf-config-status', role: 'status', 'data-out': 'hf-config-status' });
  const notes = h('ul', { class: 'hf-config-notes' });
  const use = h('button', { type: 'button', class: 'preset hf-config-use' }, 'Use this model');

  const say = (sentence, list = []) => {
    setText(status, sentence);
    notes.replaceChildren(...list.map((n) => h('li', { text: n })));
  };

  function importText(source) {
    if (!source.trim()) {
      say('Paste the text of a config.json first, or choose the file.');
      return;
    }
    if (source.length > MAX_FILE_BYTES) {
      say(`Not read, nothing changed: the text is ${Math.ceil(source.length / 1024)} KB; a config.json is a few KB `
        + '(at most 1,024 KB is read).');
      return;
    }
    const res = ctx.core.importHfConfig(source);
    if (!res.ok) {
      // Nothing changes: the last good inputs and results stay.
      say(`Not read, nothing changed: ${calculatorFields(ctx.core).inPageWords(res.error.message).replace(/\.$/, '')}.`);
      return;
    }
    const before = ctx.store.state.input;
    const next = settleCaps(ctx.core.declaration.inputs, before, res.inputs);
    // Every model input is replaced, so refused text left in a field is dropped (as after a preset).
    const applied = ctx.store.tryInput(next, null, { replacesAll: true });
    if (!applied.ok) {
      say(`Read, but not used, nothing changed: ${calculatorFields(ctx.core).inPageWords(applied.error)}.`);
      return;
    }
    // Said here, beside the control, with the notes (no jump to the results: focus stays where
    // the person is, and the phone's results bar shows the new numbers).
    say(changedText(ctx, 'config.json', before, ctx.store.state.input, 'The config.json'), res.notes);
  }

  function readFile(f) {
    if (!f) return;
    if (f.size > MAX_FILE_BYTES) {
      say(`Not read: “${f.name}” is ${Math.ceil(f.size / 1024)} KB; a config.json is a few KB (at most 1,024 KB is read).`);
      return;
    }
    f.text().then((t) => {
      text.value = t;
      if (!t.trim()) say(`Not read, nothing changed: “${f.name}” is empty.`);
      else importText(t);
    }, () => say(`Not read: the browser could not open “${f.name}”.`));
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
    h('h3', { text: 'Your own model (config.json)' }),
    h('p', { class: 'preset-note', text: 'Paste or drop a Hugging Face config.json, or choose the file: the core counts '
      + 'the parameters from its shapes and sets the model inputs. The file stays on this page; nothing is uploaded.' }),
    h('label', { for: id, class: 'field-label', text: 'config.json text' }),
    text,
    h('p', { class: 'hf-config-actions' }, use, ' ', h('label', null, 'or choose a file: ', file)),
    status, notes));
}

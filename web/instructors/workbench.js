// The questions workbench on the instructors' page: choose a questions file
// or paste its JSON; it is checked by the quiz's own validator
// (validateQuestions with the core's declaration, through the element's
// static checkQuestions), every problem is listed with its question and
// field, and a quiz element beside it shows the questions live (its
// questionsDocument property). The file is read in this browser only:
// nothing is uploaded. No eval, no innerHTML: works under the strict CSP.
import builtInQuestions from '../../content/questions.json';
import { MAX_QUESTIONS_BYTES } from '../content/fetch-file.js';
import { clipText } from '../core/echo-text.js';

// Byte counts go into the sentences as digits without grouping ("262144"), as the
// English page has always shown them.
const bytesOf = (n) => String(n);

/**
 * Where JSON.parse stopped reading `text`, as a 1-based { line, column }, when its error says
 * (Chrome: "… in JSON at position 14 (line 1 column 15)", older V8 "at position 14", Firefox
 * "… at line 1 column 15 of the JSON data"; "Unexpected end of JSON input": just after the
 * text's last character); else null. Only the place is read from the
 * browser's message: its words are its own, in its own language.
 * @param {unknown} err what JSON.parse threw
 * @param {string} text the text it was given
 * @returns {{line:number, column:number}|null}
 */
export function jsonErrorPlace(err, text) {
  const message = String(err && err.message);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(message);
  // The text ended before the JSON did (Chrome's "Unexpected end of JSON input"): its end.
  const atEnd = /end of (JSON )?(input|data)/i.test(message);
  if (!position && !atEnd) return null;
  const lines = text.slice(0, position ? Number(position[1]) : text.length).split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/**
 * Reads questions JSON text. Returns { ok: true, doc } or { ok: false, error }
 * with the page's sentence saying the text is not JSON and, when the browser's
 * error gives it, the line and column where it stops being JSON.
 * @param {string} text the typed or chosen file's text
 * @param {(id:string, params?:object)=>string} t the page's strings (web/element/i18n.js)
 */
export function parseQuestionsText(text, t) {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_QUESTIONS_BYTES) {
    return { ok: false, error: t('instructors.wbTooLarge', { bytes: bytesOf(bytes), max: bytesOf(MAX_QUESTIONS_BYTES) }) };
  }
  if (text.trim() === '') return { ok: false, error: t('instructors.wbEmpty') };
  try {
    return { ok: true, doc: JSON.parse(text) };
  } catch (err) {
    const place = jsonErrorPlace(err, text);
    return { ok: false, error: place ? t('instructors.wbNotJsonAt', place) : t('instructors.wbNotJson') };
  }
}

/**
 * Wires the workbench's controls (ids wb-*) if the page has them.
 * @param {(id:string, params?:object)=>string} t the page's strings
 */
export function setupWorkbench(t) {
  const source = document.getElementById('wb-source');
  const file = document.getElementById('wb-file');
  const starter = document.getElementById('wb-built-in');
  const status = document.getElementById('wb-status');
  const table = document.getElementById('wb-problems');
  const lab = document.getElementById('wb-lab');
  if (!source || !file || !status || !table || !lab) return;
  const body = table.querySelector('tbody');
  let timer = 0;
  let run = 0;

  const row = (cells) => {
    const tr = document.createElement('tr');
    cells.forEach((text, i) => {
      const cell = document.createElement(i === 0 ? 'th' : 'td');
      if (i === 0) cell.scope = 'row';
      cell.textContent = text;
      tr.append(cell);
    });
    return tr;
  };

  async function check() {
    const mine = ++run;
    const parsed = parseQuestionsText(source.value, t);
    body.replaceChildren();
    table.hidden = true;
    if (!parsed.ok) {
      status.dataset.result = 'error';
      status.textContent = parsed.error;
      return;
    }
    await customElements.whenDefined('llm-budget-lab');
    const problems = await customElements.get('llm-budget-lab').checkQuestions(parsed.doc, { lang: document.documentElement.lang });
    if (mine !== run) return; // a newer text is being checked
    if (problems.length > 0) {
      status.dataset.result = 'problems';
      status.textContent = t('instructors.wbProblems', { count: problems.length });
      body.append(...problems.map((p) => row([p.id, p.field, p.reason])));
      table.hidden = false;
      return;
    }
    const count = parsed.doc.questions.length;
    status.dataset.result = 'ok';
    status.textContent = t('instructors.wbOk', { count });
    lab.questionsDocument = parsed.doc;
  }

  source.addEventListener('input', () => {
    status.dataset.result = 'checking';
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  });
  file.addEventListener('change', async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    if (chosen.size > MAX_QUESTIONS_BYTES) {
      status.dataset.result = 'error';
      status.textContent = t('instructors.wbFileTooLarge', { name: clipText(chosen.name, 80), bytes: bytesOf(chosen.size), max: bytesOf(MAX_QUESTIONS_BYTES) });
      return;
    }
    source.value = await chosen.text();
    file.value = '';
    await check();
  });
  if (starter) {
    starter.addEventListener('click', () => {
      source.value = `${JSON.stringify(builtInQuestions, null, 2)}\n`;
      check();
    });
  }
  check();
}

// One question on screen: prompt, its worked estimate when it has one, its steps (a typed number or a set of
// choices, each with a Check button and a feedback line), and the worked
// explanation behind a "Show explanation" button. Every piece of text from
// the questions file or the student is set with textContent. Grading is the
// core's (grade.js); this file only shows the verdict.
import { h, nextId } from '../element/dom.js';
import { gradeStep } from './grade.js';
import { fill } from './resolve.js';
import { choiceFeedback } from './feedback.js';
import { stepKind } from './step-kinds.js';
import { translator } from '../element/i18n.js';
import { numberFormatting } from '../element/format.js';
import { stepQuantityText } from './step-unit.js';
import { answerHintInWords } from './answer-hint.js';
import { feedbackInWords, readingNoteInWords } from './grading-words.js';

const ENGLISH = translator('en', null);
const ENGLISH_STRINGS = { ...ENGLISH, fmt: numberFormatting('en', ENGLISH.t) };

function numericStep(step, texts, ids, hintText) {
  const input = h('input', {
    type: 'text', id: ids.input, name: ids.input, class: 'quiz-input', autocomplete: 'off',
    spellcheck: 'false', autocapitalize: 'off', maxlength: '1000', 'aria-describedby': `${ids.hint} ${ids.feedback}`,
    'data-input': step.id,
  });
  const label = h('label', { for: ids.input, class: 'quiz-step-prompt' }, fill(step.prompt, texts));
  // The core's words for this step's unit and tolerance (step-kinds.js, answer_hint.h).
  const hint = h('span', { id: ids.hint, class: 'quiz-hint', 'data-accept': step.accept === 'number' ? 'number' : 'expression' },
    hintText);
  const row = h('div', { class: 'quiz-answer-row' }, input);
  return {
    row,
    body: [label, row, hint],
    get: () => input.value,
    set: (v) => { input.value = typeof v === 'string' ? v : ''; },
    focus: () => input.focus(),
  };
}

function choiceStep(step, texts, ids) {
  const type = step.multiple ? 'checkbox' : 'radio';
  const inputs = [];
  const options = step.choices.map((c, i) => {
    const input = h('input', { type, name: ids.input, id: `${ids.input}-${i}`, value: c.id, 'data-choice': c.id });
    inputs.push(input);
    return h('label', { class: 'quiz-choice', for: `${ids.input}-${i}` }, input, h('span', null, fill(c.text, texts)));
  });
  const legend = h('legend', { class: 'quiz-step-prompt' }, fill(step.prompt, texts));
  const fieldset = h('fieldset', { class: 'quiz-choices', 'aria-describedby': ids.feedback }, legend, ...options);
  return {
    body: [fieldset],
    get: () => inputs.filter((x) => x.checked).map((x) => x.value),
    set: (v) => { for (const x of inputs) x.checked = Array.isArray(v) && v.includes(x.value); },
    focus: () => inputs[0].focus(),
  };
}

/** The control of each answer shape the core declares (step-kinds.js): a text box, or choices. */
const CONTROLS = Object.freeze({ text: numericStep, choices: choiceStep });

/**
 * The feedback line's sentence: the core's message in English; in another locale the
 * locale's sentences of the kinds the core wrote it from (grading-words.js: every kind
 * the core declares in src/grading/feedback_messages.h, with the numbers, units and
 * dimension in the locale's words), which keeps the core's declaration the one list of kinds.
 */
function verdictSentence(strings, result, quizCore) {
  return feedbackInWords(quizCore, strings, result);
}

/**
 * How the answer was read: the core's words in English ("49.36 GiB = 52.9999 GB"); in another
 * locale the graded value in the step's unit, in the locale's digits and words ("53 GB",
 * "2,952 Token pro Durchlauf").
 */
function readAsText(strings, result, step) {
  if (strings.locale === 'en' || result.answer_in_default_unit === null || result.answer_in_default_unit === undefined) {
    return strings.t('quiz.readAs', { value: result.interpreted });
  }
  const value = strings.fmt.groupedNumber(result.answer_in_default_unit, 4);
  return strings.t('quiz.readAs', { value: stepQuantityText(strings, value, step.unit || '') });
}

/**
 * In another locale than English, the note on how an ambiguous separator was read
 * ("(Komma als Dezimalkomma gelesen)"), which the core's English ends its reading with; '' else.
 */
function readingNote(strings, result, quizCore) {
  if (strings.locale === 'en' || result.answer_in_default_unit === null || result.answer_in_default_unit === undefined) return '';
  return readingNoteInWords(quizCore, strings, result.reading_note);
}

/**
 * Builds one question.
 * @param {object} question from the questions file
 * @param {{prepared:{texts:Object<string,string>, steps:Map<string,object>}, quizCore:object,
 *   onChange:(record)=>void, onGraded?:(step, answer, result)=>void}} deps  prepared: the
 *   question as prepare.js prepareQuestion prepared it (ok): the {placeholders}' texts and each
 *   step's grading settings; onGraded: after the student checks a step (not when answers are restored);
 *   strings: the element's translator and number formatting ({locale, t, core, fmt}: ctx.strings
 *   with ctx.fmt), English when omitted
 * @returns {{el:HTMLElement, record():object, restore(record):void, reset():void,
 *   progress():{id:string, checked:boolean, correct:boolean}[]}} progress: the steps shown now
 */
export function questionView(question, { prepared, quizCore, onChange, onGraded = null, strings = ENGLISH_STRINGS }) {
  const { texts } = prepared;
  const { t } = strings;
  // A locale that groups digits with "." also reads "1.026" as 1026 (the core decides; step-kinds.js).
  const gradeOptions = { pointGroups: strings.fmt.groupMark === '.' };
  const state = new Map(); // stepId -> { answer, checked, result }
  const views = new Map();
  let explained = false;

  const headingId = nextId('quiz-q');
  const explId = nextId('quiz-expl');
  const el = h('article', { class: 'quiz-question', 'data-question': question.id, 'aria-labelledby': headingId });
  el.append(h('h3', { id: headingId, class: 'quiz-title' }, question.title),
    h('p', { class: 'quiz-prompt' }, fill(question.prompt, texts)));
  // A worked estimate (a "find the mistake" drill's): numbered steps, so a choice can name one.
  if (Array.isArray(question.worked)) {
    el.append(h('ol', { class: 'quiz-worked', 'data-worked': '' },
      ...question.worked.map((w, i) => h('li', { 'data-worked-step': String(i + 1) }, fill(w, texts)))));
  }

  for (const step of question.steps) {
    const base = nextId(`quiz-${question.id}-${step.id}`);
    const ids = { input: `${base}-in`, hint: `${base}-hint`, feedback: `${base}-fb` };
    const kind = stepKind(step, quizCore);
    // The core's hint in English; another locale's sentences with its unit's words and tolerance (answer-hint.js).
    const hintText = answerHintInWords(quizCore, strings, step);
    const control = CONTROLS[kind.answer](step, texts, ids, hintText);
    const feedback = h('div', { id: ids.feedback, class: 'quiz-feedback', role: 'status', 'data-feedback': step.id });
    const read = h('span', { class: 'quiz-read' });
    // No <form> submission: a frame sandboxed without allow-forms (as some
    // course platforms embed) blocks it silently. The button's click and
    // Enter in a text box grade the step instead.
    const check = h('button', { type: 'button', class: 'quiz-check' }, t('quiz.check'));
    const form = h('div', { class: 'quiz-step', role: 'group', 'data-step': step.id },
      ...control.body, control.row ? null : h('div', { class: 'quiz-step-actions' }, check), feedback);
    if (control.row) control.row.append(check); // numeric: the button sits beside the input
    check.addEventListener('click', () => grade(step, control.get(), true));
    form.addEventListener('keydown', (ev) => {
      // Enter in a text box or on a choice checks, as it did inside a form.
      if (ev.key !== 'Enter' || ev.isComposing || !(ev.target instanceof HTMLInputElement)) return;
      ev.preventDefault();
      grade(step, control.get(), true);
    });
    // An answer changed after its check: the feedback shown is about the answer before.
    form.addEventListener('input', () => markStale(step.id));
    form.addEventListener('change', () => markStale(step.id));
    el.append(form);
    views.set(step.id, { step, kind, control, feedback, read, form });
  }

  /**
   * Marks the feedback of step `id` as about the previous answer (data-stale, dimmed, led by
   * "About your previous answer:") while the answer on screen differs from the one checked.
   */
  function markStale(id) {
    const view = views.get(id);
    const s = state.get(id);
    const stale = Boolean(s && s.checked && view.feedback.dataset.verdict
      && JSON.stringify(s.answer) !== JSON.stringify(view.control.get()));
    if (stale === ('stale' in view.feedback.dataset)) return;
    if (stale) {
      view.feedback.dataset.stale = '';
      view.feedback.prepend(h('span', { class: 'quiz-stale' }, `${t('quiz.staleLead')} `));
    } else {
      delete view.feedback.dataset.stale;
      const lead = view.feedback.querySelector('.quiz-stale');
      if (lead) lead.remove();
    }
  }

  const toggle = h('button', { type: 'button', class: 'quiz-explain-toggle', 'aria-expanded': 'false', 'aria-controls': explId }, t('quiz.showExplanation'));
  const explanation = h('div', { id: explId, class: 'quiz-explanation', hidden: true },
    h('h4', null, t('quiz.working')), ...question.explanation.map((p) => h('p', null, fill(p, texts))));
  toggle.addEventListener('click', () => { setExplained(!explained); onChange(record()); });
  el.append(h('div', { class: 'quiz-actions' }, toggle), explanation);

  function setExplained(on) {
    explained = on;
    explanation.hidden = !on;
    toggle.setAttribute('aria-expanded', String(on));
    toggle.textContent = on ? t('quiz.hideExplanation') : t('quiz.showExplanation');
  }

  function showResult(view, result) {
    const { feedback } = view;
    feedback.className = 'quiz-feedback';
    delete feedback.dataset.stale;
    // A typed answer the checker could not read is marked invalid for assistive technology.
    const box = view.form.querySelector('input[type="text"]');
    if (box) {
      if (result && (!result.ok || result.verdict === 'unparseable')) box.setAttribute('aria-invalid', 'true');
      else box.removeAttribute('aria-invalid');
    }
    if (!result) {
      feedback.textContent = '';
      delete feedback.dataset.verdict;
      return;
    }
    if (!result.ok) {
      feedback.dataset.verdict = 'error';
      feedback.textContent = t('quiz.notChecked', { error: result.error });
      return;
    }
    feedback.dataset.verdict = result.verdict;
    // The core's tone of the verdict: good, warn or bad (grading_declarations.h).
    feedback.className = `quiz-feedback verdict-${view.kind.tones[result.verdict] || 'bad'}`;
    if (view.kind.answer === 'choices') {
      const { lead, notes } = choiceFeedback(view.step, { ...result, message: verdictSentence(strings, result, quizCore) }, texts, t);
      feedback.replaceChildren(h('p', null, lead));
      if (notes.length) feedback.append(h('ul', { class: 'quiz-feedback-notes' }, ...notes.map((n) => h('li', null, n))));
      return;
    }
    const hint = view.step.feedback && typeof view.step.feedback[result.verdict] === 'string'
      ? ` ${fill(view.step.feedback[result.verdict], texts)}` : '';
    feedback.textContent = verdictSentence(strings, result, quizCore) + hint;
    if (result.interpreted) {
      // For arithmetic the core's reading starts with the expression as read:
      // "(1 − 0.9⁵)/(1 − 0.9) = 4.0951 tokens per pass".
      view.read.textContent = readAsText(strings, result, view.step);
      if (result.expression) view.read.dataset.expression = result.expression;
      else delete view.read.dataset.expression;
      feedback.append(view.read);
      const note = readingNote(strings, result, quizCore);
      if (note) feedback.append(h('span', { class: 'quiz-read-note', 'data-reading-note': result.reading_note }, ` ${note}`));
    }
  }

  /** Shows the follow-up steps whose condition (a checked, correct choice) holds. */
  function updateVisibility() {
    for (const view of views.values()) {
      const w = view.step.show_when;
      if (!w) continue;
      const s = state.get(w.step);
      const on = Boolean(s && s.checked && s.result && s.result.ok && s.result.verdict === 'correct' &&
        Array.isArray(s.answer) && s.answer.includes(w.choice));
      view.form.hidden = !on;
    }
  }

  function grade(step, answer, fromUser) {
    const result = gradeStep(step, prepared.steps.get(step.id), answer, quizCore, gradeOptions);
    state.set(step.id, { answer, checked: true, result });
    showResult(views.get(step.id), result);
    updateVisibility();
    if (fromUser) {
      onChange(record());
      if (onGraded) onGraded(step, answer, result);
    }
    return result;
  }

  function record() {
    // The answer on screen is kept even when it was not checked, so a reload loses nothing;
    // `checked` says whether that exact answer was graded.
    const steps = {};
    for (const [id, view] of views) {
      const a = view.control.get();
      const s = state.get(id);
      const checked = Boolean(s && s.checked && JSON.stringify(s.answer) === JSON.stringify(a));
      if (checked || (typeof a === 'string' && a !== '') || (Array.isArray(a) && a.length)) {
        steps[id] = { answer: a, checked };
      }
    }
    return { steps, explained };
  }

  /** The steps shown now, each checked (its answer on screen graded) and correct or not. */
  function progress() {
    const rec = record();
    const out = [];
    for (const [id, view] of views) {
      if (view.form.hidden) continue;
      const s = state.get(id);
      const checked = Boolean(rec.steps[id] && rec.steps[id].checked);
      out.push({ id, checked, correct: checked && Boolean(s.result && s.result.ok && s.result.verdict === 'correct') });
    }
    return out;
  }

  function reset() {
    state.clear();
    for (const view of views.values()) { view.control.set(view.kind.empty()); showResult(view, null); }
    setExplained(false);
    updateVisibility();
  }

  /** Puts saved answers back and re-grades the checked ones with the core. */
  function restore(rec) {
    reset();
    if (!rec) return;
    for (const step of question.steps) {
      const s = rec.steps[step.id];
      if (!s) continue;
      views.get(step.id).control.set(s.answer);
      if (s.checked) grade(step, s.answer, false);
    }
    setExplained(rec.explained);
    updateVisibility();
  }

  // Keep unchecked typing too (saved on change, not on every key).
  el.addEventListener('change', () => onChange(record()));
  updateVisibility();
  return { el, record, restore, reset, progress, id: question.id };
}

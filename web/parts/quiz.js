// Part "quiz": the knowledge check. Questions come from content/questions.json
// (bundled at build time) or from the file named by the element's
// questions="URL" attribute (http(s) only, checked before fetching:
// web/content/fetch-file.js; not possible from file://).
// Answers are graded by the C++ core (web/core/quiz-core.js) and kept in this
// browser only (web/quiz/storage.js, or the host's ctx.host.answerStorage);
// download/load moves them as a file. With report="events" every check
// is told to the host page as an xAPI-shaped event (web/quiz/report.js), and
// a score line says how far the student is.
import builtInQuestions from '../../content/questions.json';
import { registerPart } from '../element/registry.js';
import { h } from '../element/dom.js';
import { loadQuizCore } from '../core/quiz-core.js';
import { validateQuestions } from '../quiz/schema.js';
import { fetchQuestions } from '../content/fetch-file.js';
import { makeResolver, blockResolver, needsTraffic } from '../quiz/resolve.js';
import { loadTrafficCore } from '../core/traffic-core.js';
import { prepareQuestion, preparationError } from '../quiz/prepare.js';
import { preparationWords } from './preparation-words.js';
import { questionView } from '../quiz/render.js';
import { createAnswerStore } from '../quiz/storage.js';
import { answersDocument, readAnswersFile } from '../quiz/transfer.js';
import { downloadSentence, offerJsonDownload } from '../element/download.js';
import { copyByHandBox } from '../element/copy-by-hand.js';
import { EVENT_TYPES, questionProgress, stepStatement, questionStatement, checkStatement } from '../quiz/report.js';
import { localizeQuestion, localizeBlockTitle } from '../quiz/localize.js';

/**
 * The serving simulation's facade for a questions document that names a "simulate"
 * calculation, else null: a file without one never starts it (resolve.js needsTraffic).
 * @returns {Promise<object|null>}
 */
const trafficFor = (doc) => (needsTraffic(doc) ? loadTrafficCore() : Promise.resolve(null));

// The questions are checked, and prepared, over the cores and presets the quiz itself uses.
const schemaOptions = (ctx, quizCore, traffic) => ({ quizCore, budget: ctx.core, presets: ctx.presets, traffic });

/**
 * The first problem of a questions document as a notice in the element's language ("" when
 * it is usable): `id` is the sentence's ("questionsFile.problems", or ".documentProblems"
 * for a document the host handed over), the problem's reason the checker's in that language.
 */
async function problemsNotice(doc, ctx, quizCore, id) {
  const problems = validateQuestions(doc, { ...schemaOptions(ctx, quizCore, await trafficFor(doc)), t: ctx.t, locale: ctx.fmt.locale, strings: ctx.strings });
  if (problems.length === 0) return '';
  const p = problems[0];
  return ctx.t(id, { count: problems.length, id: p.id, field: p.field, reason: p.reason });
}

/**
 * Why a questions file could not be fetched, as a whole sentence of the element's language
 * (the fetch's cause, web/content/fetch-file.js FETCH_CAUSES: "questionsFile.<cause>").
 */
function fetchNotice(ctx, fetched) {
  const params = { ...fetched.params };
  if (typeof params.seconds === 'number') Object.assign(params, { count: params.seconds, seconds: ctx.fmt.plainText(params.seconds) });
  return ctx.t(`questionsFile.${fetched.cause}`, params);
}

/**
 * The questions document to use: a document the host handed over
 * (questionsDocument), else the embedding page's file when it loads and
 * validates, else the built-in one, with a notice saying why.
 * @returns {Promise<{doc:object, notice:string|null}|null>} null when the element was drawn
 *   again while the file was fetched (ctx.signal aborted the fetch)
 */
async function loadQuestions(ctx, quizCore) {
  const url = ctx.questionsUrl;
  if (ctx.questionsDocument) {
    const notice = await problemsNotice(ctx.questionsDocument, ctx, quizCore, 'questionsFile.documentProblems');
    return notice ? { doc: builtInQuestions, notice } : { doc: ctx.questionsDocument, notice: null };
  }
  if (!url) return { doc: builtInQuestions, notice: null };
  if (globalThis.location && globalThis.location.protocol === 'file:') {
    return { doc: builtInQuestions, notice: ctx.t('questionsFile.fromDisk') };
  }
  const fetched = await fetchQuestions(url, document.baseURI, quizCore.reading.visibleText,
    { signal: ctx.signal, timeoutSeconds: ctx.fetchTimeoutSeconds });
  if (fetched.aborted) return null; // the element was drawn again: this quiz is gone
  if (!fetched.ok) return { doc: builtInQuestions, notice: fetchNotice(ctx, fetched) };
  const doc = fetched.doc;
  const notice = await problemsNotice(doc, ctx, quizCore, 'questionsFile.problems');
  return notice ? { doc: builtInQuestions, notice } : { doc, notice: null };
}

function mount(container, ctx) {
  const { t } = ctx;
  // The element's language: its words and digits, and the questions' translated text
  // (the locale's questions.json, for the file it translates: same lesson and version).
  const strings = { ...ctx.strings, fmt: ctx.fmt };
  const words = { locale: ctx.fmt.locale === 'en' ? 'en-US' : ctx.fmt.locale, yes: t('quiz.yes'), no: t('quiz.no') };
  const translationFor = (doc) => {
    const tr = ctx.localeContent && ctx.localeContent.questions;
    return tr && tr.lesson === doc.lesson && tr.version === doc.version ? tr : null;
  };
  container.dataset.state = 'loading';
  const notices = h('div', { class: 'quiz-notices', role: 'status' });
  const list = h('div', { class: 'quiz-list' });
  const tools = h('div', { class: 'quiz-tools' });
  const practice = h('div', { class: 'quiz-practice' });
  // Notices that can arrive while the student works (storage failing on a
  // write) go below everything, so they never move a control under the pointer.
  const lateNotices = h('div', { class: 'quiz-notices', role: 'status' });
  container.append(h('h2', { class: 'part-title' }, t('quiz.title')), notices, list, tools, practice, lateNotices);

  function notice(text, kind = 'info', where = notices) {
    where.append(h('p', { class: `quiz-notice quiz-notice-${kind}`, 'data-notice': kind }, text));
  }

  // The core first: the questions file is checked with its units and names.
  loadQuizCore()
    .then((quizCore) => loadQuestions(ctx, quizCore).then((loaded) => [quizCore, loaded]))
    .then(([quizCore, loaded]) => (loaded ? trafficFor(loaded.doc).then((traffic) => [quizCore, loaded, traffic]) : []))
    .then(([quizCore, loaded, traffic]) => {
      if (!loaded) return;
      const { doc, notice: loadNotice } = loaded;
      if (loadNotice) notice(loadNotice, 'questions');
      start(quizCore, doc, traffic);
      container.dataset.state = 'ready';
    })
    .catch((err) => {
      notice(t('quiz.couldNotStart', { error: err && err.message ? err.message : String(err) }), 'error');
      container.dataset.state = 'failed';
    });

  /**
   * The notice about saved answers this browser's storage held that the quiz could not read
   * (storage.js kept them aside, each as it was, under its own key): where they are, their
   * text to copy, and a button that discards them.
   * @param {{key:string, text:string, held:boolean}[]} kept @param {{discardUnreadable:Function}} store
   */
  function showUnreadable(kept, store) {
    const keys = kept.map((k) => k.key);
    const list = new Intl.ListFormat(ctx.fmt.locale, { type: 'conjunction' }).format(keys.map((key) => t('element.quoted', { text: key })));
    // A value held under its own answer key (storage.js: every kept-aside key of its question was
    // taken) keeps that question's new answers in memory only until it is discarded: said so.
    const held = kept.filter((k) => k.held).map((k) => t('element.quoted', { text: k.key }));
    const last = held.length
      ? t('quiz.unreadableHeld', { count: held.length, keys: new Intl.ListFormat(ctx.fmt.locale, { type: 'conjunction' }).format(held) })
      : t('quiz.unreadableSaved');
    const sentence = h('p', { class: 'quiz-notice', 'data-notice': 'unreadable' },
      `${t('quiz.unreadableKept', { count: kept.length, keys: list })} ${last}`);
    // One value as it was; several as one JSON object of their keys and texts.
    const text = kept.length === 1 ? kept[0].text : JSON.stringify(Object.fromEntries(kept.map((k) => [k.key, k.text])), null, 2);
    const box = copyByHandBox(t('quiz.unreadableText', { count: kept.length }), t, t('quiz.unreadableSummary', { count: kept.length }));
    box.show(text, false);
    const discard = h('button', { type: 'button', 'data-action': 'discard-unreadable' }, t('quiz.unreadableDiscard', { count: kept.length }));
    const group = h('div', { class: 'quiz-unreadable' }, sentence, box.el, discard);
    discard.addEventListener('click', () => {
      store.discardUnreadable(keys);
      group.replaceChildren(h('p', { class: 'quiz-notice', 'data-notice': 'unreadable-discarded' }, t('quiz.unreadableDiscarded', { count: kept.length })));
    });
    notices.append(group);
  }

  function start(quizCore, doc, traffic) {
    const { lesson, version } = doc;
    const given = ctx.host && ctx.host.answerStorage;
    // Saved values this browser held that the quiz could not read, kept aside by the store.
    const unreadable = [];
    const store = createAnswerStore({
      lesson,
      version,
      quizCore,
      storage: given && typeof given.getItem === 'function' && typeof given.setItem === 'function' &&
        typeof given.removeItem === 'function' ? given : null,
      onUnavailable: () => notice(t('quiz.storageBlocked'), 'storage', lateNotices),
      onUnreadable: (kept) => unreadable.push(kept),
    });
    const resolve = makeResolver(ctx.core, quizCore, null, { presets: ctx.presets, traffic });
    const views = [];
    const translation = translationFor(doc);
    const scoreLine = h('p', { class: 'quiz-score', role: 'status', 'data-quiz-score': '' });
    /** Totals over every question: raw right steps of max shown, complete questions. */
    const totals = () => {
      const all = views.map(({ view }) => questionProgress(view.progress()));
      return {
        raw: all.reduce((n, p) => n + p.raw, 0),
        max: all.reduce((n, p) => n + p.max, 0),
        complete: all.filter((p) => p.complete).length,
        questions: all.length,
      };
    };
    const showScore = () => {
      const tt = totals();
      Object.assign(scoreLine.dataset, { raw: String(tt.raw), max: String(tt.max), complete: String(tt.complete === tt.questions) });
      scoreLine.textContent = tt.complete === tt.questions
        ? t('quiz.scoreComplete', { raw: tt.raw, max: tt.max, count: tt.max })
        : t('quiz.scoreSoFar', { raw: tt.raw, max: tt.max, count: tt.max, complete: tt.complete, questions: tt.questions });
    };
    /** After a student's check: the step's statement, then the question's and the whole check's when complete. */
    const onGraded = (question, view) => (step, answer, result) => {
      showScore();
      ctx.report(EVENT_TYPES.step, stepStatement({ lesson, version, question, step, answer, result }));
      const progress = questionProgress(view.progress());
      if (!progress.complete) return;
      ctx.report(EVENT_TYPES.question, questionStatement({ lesson, version, question, progress }));
      const t = totals();
      if (t.complete === t.questions) ctx.report(EVENT_TYPES.check, checkStatement({ lesson, version, progress: t }));
    };
    for (const question of doc.questions) {
      const prepared = prepareQuestion(question, resolve, quizCore, String, words);
      if (!prepared.ok) {
        list.append(h('p', { class: 'quiz-notice quiz-notice-error' }, t('quiz.notPrepared', { title: question.title, error: preparationError(prepared, preparationWords(ctx, quizCore)) })));
        continue;
      }
      let view = null;
      const graded = (step, answer, result) => onGraded(question, view)(step, answer, result);
      // Shown in the page's language; saved, reported and graded by the file's ids.
      view = questionView(localizeQuestion(question, translation), {
        prepared, quizCore, onChange: (rec) => store.save(question, rec), onGraded: graded, strings,
      });
      list.append(view.el);
      view.restore(store.load(question));
      views.push({ view, question });
    }

    if (unreadable.length) showUnreadable(unreadable, store);
    list.append(scoreLine);
    showScore();
    // A choice or a typed answer that is changed but not checked can change the count too.
    list.addEventListener('change', showScore);

    const status = h('p', { class: 'quiz-status', role: 'status', 'data-quiz-status': '' });
    const fileId = `quiz-load-${Math.random().toString(36).slice(2, 8)}`;
    const fileInput = h('input', { type: 'file', id: fileId, accept: 'application/json,.json', class: 'quiz-file' });
    // Reset keeps what it cleared in memory (not in storage) until the next
    // change or reload, so one click can be taken back.
    let undoRecords = null;
    const undoButton = h('button', { type: 'button', 'data-action': 'undo-reset', hidden: true }, t('quiz.undoReset'));
    const dropUndo = () => { undoRecords = null; undoButton.hidden = true; };
    const resetButton = h('button', { type: 'button', 'data-action': 'reset', onclick: () => {
      undoRecords = views.map(({ view, question }) => ({ view, question, rec: view.record() }));
      for (const { view, question } of views) { view.reset(); store.remove(question); }
      showScore();
      delete status.dataset.error;
      status.textContent = t('quiz.cleared');
      undoButton.hidden = false;
    } }, t('quiz.reset'));
    undoButton.addEventListener('click', () => {
      if (!undoRecords) return;
      for (const { view, question, rec } of undoRecords) {
        view.restore(rec);
        if (rec.explained || Object.keys(rec.steps).length) store.save(question, view.record());
      }
      dropUndo();
      showScore();
      resetButton.focus();
      status.textContent = t('quiz.back');
    });
    list.addEventListener('input', () => { if (undoRecords) dropUndo(); });
    list.addEventListener('change', () => { if (undoRecords) dropUndo(); });
    // The page cannot know whether the file arrived: it says the browser was
    // asked, and keeps the file's text at hand to copy (open at once when the
    // frame forbids downloads or may).
    const answersText = copyByHandBox(t('quiz.answersText'), t);
    tools.append(
      resetButton,
      undoButton,
      h('button', { type: 'button', 'data-action': 'download', onclick: () => {
        const records = new Map(views.map(({ view, question }) => [question.id, view.record()]));
        const filename = t('quiz.answersFile', { lesson, version });
        const { outlook, text } = offerJsonDownload(answersDocument(lesson, version, records), filename, container);
        delete status.dataset.error;
        status.textContent = downloadSentence(outlook, filename, t('quiz.downloadFallback'), t);
        answersText.show(text, outlook !== 'asked');
      } }, t('quiz.download')),
      h('span', { class: 'quiz-load' }, h('label', { for: fileId }, t('quiz.load')), fileInput),
      status, answersText.el);
    fileInput.addEventListener('change', async () => {
      dropUndo();
      const file = fileInput.files && fileInput.files[0];
      const r = await readAnswersFile(file, { lesson, version, questions: doc.questions, quizCore });
      fileInput.value = '';
      if (!r.ok) {
        status.dataset.error = '';
        status.textContent = t('quiz.loadFailed', { error: r.error });
        return;
      }
      // Merge: the file's answers replace those of the same steps; every other answer stays.
      let loaded = 0;
      let kept = 0;
      for (const { view, question } of views) {
        const fromFile = r.records.get(question.id);
        const current = view.record();
        const fileSteps = fromFile ? fromFile.steps : {};
        kept += Object.keys(current.steps).filter((id) => !(id in fileSteps)).length;
        loaded += Object.keys(fileSteps).length;
        if (!fromFile) continue;
        const merged = { steps: { ...current.steps, ...fileSteps }, explained: current.explained || fromFile.explained };
        view.restore(merged);
        store.save(question, view.record());
      }
      showScore();
      const skippedNote = !r.skipped.length ? ''
        : t(r.skipped.length > 3 ? 'quiz.skippedMore' : 'quiz.skipped', { list: r.skipped.slice(0, 3).join('; '), more: r.skipped.length - 3 });
      if (loaded === 0) status.dataset.error = ''; else delete status.dataset.error;
      const fileName = quizCore.reading.quoteText(file.name, 80);
      status.textContent = loaded === 0
        ? t('quiz.loadedNone', { file: fileName, skipped: skippedNote })
        : t(kept ? 'quiz.loadedKept' : 'quiz.loaded', {
          file: fileName, skipped: skippedNote, answers: t('quiz.answers', { count: loaded }), kept: t('quiz.otherAnswers', { count: kept }),
        });
    });

    if (doc.practice && doc.practice.questions.length > 0) mountPractice(quizCore, doc.practice, traffic, translation);
    if (doc.drills && doc.drills.questions.length > 0) mountDrills(quizCore, doc.drills, traffic, translation);
  }

  // "Find the mistake": one drill at a time (a worked estimate with one public
  // calculator mistake planted), drawn by the core at a fresh seed; "Next drill"
  // moves on to the next of the block's drills, "New numbers" redraws this one.
  function mountDrills(quizCore, block, traffic, translation) {
    const section = h('div', { class: 'quiz-drills', 'data-drills': '' });
    const area = h('div', { class: 'quiz-practice-list' });
    const seedLine = h('p', { class: 'quiz-seed', role: 'status' });
    const count = block.questions.length;
    let index = 0;
    const draw = (seed) => {
      const question = block.questions[index];
      const made = blockResolver(ctx.core, quizCore, { block: 'drills', seed, question, presets: ctx.presets, traffic });
      const prepared = made.ok ? prepareQuestion(question, made.resolve, quizCore, String, words) : null;
      area.replaceChildren(!prepared || !prepared.ok
        ? h('p', { class: 'quiz-notice quiz-notice-error' }, `${question.title}: ${prepared ? preparationError(prepared, preparationWords(ctx, quizCore)) : made.error}`)
        : questionView(localizeQuestion(question, translation), { prepared, quizCore, onChange: () => {}, strings }).el);
      Object.assign(section.dataset, { seed: String(seed), drill: question.id });
      seedLine.textContent = t('quiz.drillLine', { n: index + 1, count, seed: String(seed) });
    };
    const next = h('button', { type: 'button', 'data-action': 'next-drill', hidden: count < 2 }, t('quiz.nextDrill'));
    const again = h('button', { type: 'button', 'data-action': 'drill-numbers' }, t('quiz.newNumbers'));
    next.addEventListener('click', () => { index = (index + 1) % count; draw(quizCore.randomSeed()); });
    again.addEventListener('click', () => draw(quizCore.randomSeed()));
    section.append(h('h3', { class: 'quiz-practice-title' }, localizeBlockTitle(translation, 'drills', block.title)),
      h('p', null, t('quiz.drillIntro')),
      area, h('div', { class: 'quiz-drill-actions' }, next, again), seedLine);
    practice.after(section);
    draw(quizCore.randomSeed());
  }

  function mountPractice(quizCore, block, traffic, translation) {
    const area = h('div', { class: 'quiz-practice-list' });
    const seedLine = h('p', { class: 'quiz-seed', role: 'status' });
    const button = h('button', { type: 'button', 'data-action': 'practice' }, localizeBlockTitle(translation, 'practice', block.title));
    button.addEventListener('click', () => {
      const seed = quizCore.randomSeed();
      const v = quizCore.makeVariant(seed);
      if (!v.ok) { seedLine.textContent = v.error; return; }
      const resolve = makeResolver(ctx.core, quizCore, v.value, { presets: ctx.presets, traffic });
      area.replaceChildren();
      for (const question of block.questions) {
        const prepared = prepareQuestion(question, resolve, quizCore, String, words);
        if (!prepared.ok) { area.append(h('p', { class: 'quiz-notice quiz-notice-error' }, `${question.title}: ${preparationError(prepared, preparationWords(ctx, quizCore))}`)); continue; }
        area.append(questionView(localizeQuestion(question, translation), { prepared, quizCore, onChange: () => {}, strings }).el);
      }
      practice.dataset.seed = String(seed);
      seedLine.textContent = t('quiz.practiceLine', { seed: String(seed) });
    });
    practice.append(h('h3', { class: 'quiz-practice-title' }, t('quiz.practice')),
      h('p', null, t('quiz.practiceIntro')),
      button, seedLine, area);
  }

  return { update() {} };
}

/**
 * The questions file's checks, for the instructors' workbench (LlmBudgetLab.checkQuestions):
 * validateQuestions with the answer facade (loaded here when opts.quizCore is not given:
 * the core script does not carry it) and the traffic facade added when the file names
 * a "simulate" calculation.
 * @param {object} opts  validateQuestions' options: budget, presets, and optionally quizCore,
 *   traffic, and the translator t and its locale the reasons are written with
 * @returns {Promise<{id:string, field:string, reason:string}[]>}
 */
async function checkDocument(doc, opts) {
  const [quizCore, traffic] = await Promise.all([opts.quizCore || loadQuizCore(), opts.traffic || trafficFor(doc)]);
  return validateQuestions(doc, { ...opts, quizCore, traffic });
}

registerPart({ name: 'quiz', mount, checkDocument });

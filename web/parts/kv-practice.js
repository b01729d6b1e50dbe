// Part "kv-practice": the KV-cache practice. Fresh numbers from the
// core's seeded generator (src/practice/kv_practice.h through quizCore.makeKvPractice),
// the questions from the built-in questions file's "kv_practice" block
// (content/questions.json), graded by the same checker as the knowledge
// check. Practice answers are never saved. Words and numbers are the element's
// language: its strings (kvPractice.*), and the block's text from the locale's
// questions text file when it translates the built-in file (web/quiz/localize.js).
import builtInQuestions from '../../content/questions.json';
import { registerPart } from '../element/registry.js';
import { h } from '../element/dom.js';
import { loadQuizCore } from '../core/quiz-core.js';
import { makeResolver } from '../quiz/resolve.js';
import { prepareQuestion, preparationError } from '../quiz/prepare.js';
import { preparationWords } from './preparation-words.js';
import { questionView } from '../quiz/render.js';
import { localizeQuestion, localizeBlockTitle } from '../quiz/localize.js';

function mount(container, ctx) {
  const { t } = ctx;
  // As the knowledge check: the element's words and digits (a German "1,5" is graded as 1.5).
  const strings = { ...ctx.strings, fmt: ctx.fmt };
  const words = { locale: ctx.fmt.locale === 'en' ? 'en-US' : ctx.fmt.locale, yes: t('quiz.yes'), no: t('quiz.no') };
  const shipped = ctx.localeContent && ctx.localeContent.questions;
  const translation = shipped && shipped.lesson === builtInQuestions.lesson && shipped.version === builtInQuestions.version ? shipped : null;
  container.dataset.state = 'loading';
  const block = builtInQuestions.kv_practice;
  const area = h('div', { class: 'quiz-practice-list' });
  const seedLine = h('p', { class: 'quiz-seed', role: 'status' });
  const button = h('button', { type: 'button', 'data-action': 'kv-practice' }, t('kvPractice.newNumbers'));
  container.append(h('h2', { class: 'part-title' }, localizeBlockTitle(translation, 'kv_practice', block.title)),
    h('p', null, t('kvPractice.intro')),
    button, seedLine, area);

  function draw(quizCore) {
    const seed = quizCore.randomSeed();
    const kv = quizCore.makeKvPractice(seed);
    if (!kv.ok) { seedLine.textContent = kv.error; return; }
    const resolve = makeResolver(ctx.core, quizCore, null, { kvPractice: kv.value, presets: ctx.presets });
    area.replaceChildren();
    for (const question of block.questions) {
      const prepared = prepareQuestion(question, resolve, quizCore, String, words);
      const shown = localizeQuestion(question, translation);
      if (!prepared.ok) {
        area.append(h('p', { class: 'quiz-notice quiz-notice-error' }, t('kvPractice.notPrepared', { title: shown.title, error: preparationError(prepared, preparationWords(ctx, quizCore)) })));
        continue;
      }
      area.append(questionView(shown, { prepared, quizCore, onChange: () => {}, strings }).el);
    }
    container.dataset.seed = String(seed);
    seedLine.textContent = t('kvPractice.seedLine', { seed: String(seed) });
  }

  loadQuizCore().then((quizCore) => {
    button.addEventListener('click', () => draw(quizCore));
    draw(quizCore);
    container.dataset.state = 'ready';
  }).catch((err) => {
    area.append(h('p', { class: 'quiz-notice quiz-notice-error' }, t('kvPractice.couldNotStart', { error: err && err.message ? err.message : String(err) })));
    container.dataset.state = 'failed';
  });
  return { update() {} };
}

registerPart({ name: 'kv-practice', mount });

// Part "kv-practice": the KV-cache practice. Fresh numbers from the
// core's seeded generator (src/practice/kv_practice.h through quizCore.makeKvPractice),
// the questions from the built-in questions file's "kv_practice" block
// (content/questions.json), graded by the same checker as the knowledge
// check. Practice answers are never saved.
import builtInQuestions from '../../content/questions.json';
import { registerPart } from '../element/registry.js';
import { h } from '../element/dom.js';
import { loadQuizCore } from '../core/quiz-core.js';
import { makeResolver } from '../quiz/resolve.js';
import { prepareQuestion, preparationError } from '../quiz/prepare.js';
import { questionView } from '../quiz/render.js';

function mount(container, ctx) {
  container.dataset.state = 'loading';
  const block = builtInQuestions.kv_practice;
  const area = h('div', { class: 'quiz-practice-list' });
  const seedLine = h('p', { class: 'quiz-seed', role: 'status' });
  const button = h('button', { type: 'button', 'data-action': 'kv-practice' }, 'New numbers');
  container.append(h('h2', { class: 'part-title' }, block.title),
    h('p', null, 'Numbers drawn by a seeded generator in the core; type a number or your working, checked as in the knowledge check.'),
    button, seedLine, area);

  function draw(quizCore) {
    const seed = quizCore.randomSeed();
    const kv = quizCore.makeKvPractice(seed);
    if (!kv.ok) { seedLine.textContent = kv.error; return; }
    const resolve = makeResolver(ctx.core, quizCore, null, { kvPractice: kv.value, presets: ctx.presets });
    area.replaceChildren();
    for (const question of block.questions) {
      const prepared = prepareQuestion(question, resolve, quizCore);
      if (!prepared.ok) { area.append(h('p', { class: 'quiz-notice quiz-notice-error' }, `${question.title}: ${preparationError(prepared)}`)); continue; }
      area.append(questionView(question, { prepared, quizCore, onChange: () => {} }).el);
    }
    container.dataset.seed = String(seed);
    seedLine.textContent = `Variant ${seed}. Practice answers are not saved.`;
  }

  loadQuizCore().then((quizCore) => {
    button.addEventListener('click', () => draw(quizCore));
    draw(quizCore);
    container.dataset.state = 'ready';
  }).catch((err) => {
    area.append(h('p', { class: 'quiz-notice quiz-notice-error' }, `The practice could not start: ${err && err.message ? err.message : err}`));
    container.dataset.state = 'failed';
  });
  return { update() {} };
}

registerPart({ name: 'kv-practice', mount });

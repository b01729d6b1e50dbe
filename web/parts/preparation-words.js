// How a part writes a question's preparation problem for its reader (quiz/prepare.js
// preparationError): the preparation's own sentences through the part's translator, a core
// refusal of a declared kind in the core's words for the element's language (core-message.js).
// A refusal of grading settings is the answer checker's, in its words (quiz/grading-words.js).
import { coreMessage } from '../element/core-message.js';
import { gradingRefusalInWords, isGradingRefusal } from '../quiz/grading-words.js';

/**
 * The words of a part's context for preparationError / problemInWords.
 * @param {{t:Function, core:object, strings:object, fmt:object}} ctx the part's context
 * @param {object} [quizCore] the quiz facade, whose declared kinds word a refusal of grading settings
 * @returns {{t:Function, coreWords:(res:object)=>string}}
 */
export function preparationWords(ctx, quizCore = null) {
  const strings = { ...ctx.strings, fmt: ctx.fmt };
  return {
    t: ctx.t,
    coreWords: (res) => (isGradingRefusal(quizCore, res)
      ? gradingRefusalInWords(quizCore, strings, res) : coreMessage(ctx.core, ctx.strings, ctx.fmt, res)),
  };
}

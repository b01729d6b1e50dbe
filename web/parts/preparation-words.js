// How a part writes a question's preparation problem for its reader (quiz/prepare.js
// preparationError): the preparation's own sentences through the part's translator, a core
// refusal of a declared kind in the core's words for the element's language (core-message.js).
import { coreMessage } from '../element/core-message.js';

/**
 * The words of a part's context for preparationError / problemInWords.
 * @param {{t:Function, core:object, strings:object, fmt:object}} ctx the part's context
 * @returns {{t:Function, coreWords:(res:object)=>string}}
 */
export function preparationWords(ctx) {
  return { t: ctx.t, coreWords: (res) => coreMessage(ctx.core, ctx.strings, ctx.fmt, res) };
}

// Text about a student's or a file's characters, made readable: invisible and
// control characters (zero-width spaces, bidi marks, no-break spaces, tabs ...)
// are written out as U+XXXX, so a message such as '"GB<zero-width space>" is not a unit'
// shows what is actually there. Used on every message the quiz renders that
// quotes input, and by the questions-file checks.

/**
 * `s` with invisible and control characters written out as U+XXXX, so a
 * message about them shows what is there (zero-width spaces, bidi marks, NBSP ...).
 */
export function visibleText(s) {
  return String(s).replace(/[\u034f\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00a0\u2000-\u200a\u202f\u205f\u3000\u115f\u1160\u3164\uffa0\u180e]/gu,
    (c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

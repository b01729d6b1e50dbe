// "Download my answers" / "Load answers": one JSON file, made and read in the
// browser (a Blob and a download link; a file input). No network.
//
// File format:
//   { "format": "llm-budget-lab-answers", "lesson": "LM10-T6", "version": "v1",
//     "saved_at": "2025-01-01T12:00:00.000Z",
//     "answers": { "<question id>": { "steps": { "<step id>": { "answer": "53 GB" | ["no"],
//                                                              "checked": true } },
//                                      "explained": false } } }
import { cleanRecord } from './storage.js';

export const ANSWERS_FORMAT = 'llm-budget-lab-answers';
const MAX_FILE_BYTES = 256 * 1024;

/** The answers file for `records` (a Map questionId -> record). */
export function answersDocument(lesson, version, records) {
  const answers = {};
  for (const [id, rec] of records) answers[id] = { steps: rec.steps, explained: rec.explained };
  return { format: ANSWERS_FORMAT, lesson, version, saved_at: new Date().toISOString(), answers };
}

/** Offers `doc` as a download named `filename` (Blob URL, revoked afterwards). */
export function downloadJson(doc, filename, host) {
  const blob = new Blob([`${JSON.stringify(doc, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  host.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Reads and validates an answers file.
 * @param {File} file
 * @param {{lesson:string, version:string, questions:object[]}} expected
 * @returns {Promise<{ok:true, records:Map<string,object>} | {ok:false, error:string}>}
 *   `error` is one sentence for the student.
 */
export async function readAnswersFile(file, { lesson, version, questions }) {
  if (!file) return { ok: false, error: 'No file was chosen.' };
  if (file.size > MAX_FILE_BYTES) return { ok: false, error: `That file is too large to be an answers file (${file.size} bytes; at most ${MAX_FILE_BYTES}).` };
  let doc;
  try {
    doc = JSON.parse(await file.text());
  } catch {
    return { ok: false, error: 'That file is not an answers file: it is not valid JSON.' };
  }
  if (!doc || typeof doc !== 'object' || doc.format !== ANSWERS_FORMAT) {
    return { ok: false, error: `That file is not an answers file: "format" must be "${ANSWERS_FORMAT}".` };
  }
  if (doc.lesson !== lesson || doc.version !== version) {
    return { ok: false, error: `Those answers are for lesson ${String(doc.lesson).slice(0, 40)}, questions version ${String(doc.version).slice(0, 40)}; this page has lesson ${lesson}, version ${version}.` };
  }
  if (!doc.answers || typeof doc.answers !== 'object' || Array.isArray(doc.answers)) {
    return { ok: false, error: 'That answers file has no "answers" object.' };
  }
  const records = new Map();
  for (const [id, rec] of Object.entries(doc.answers)) {
    const question = questions.find((q) => q.id === id);
    if (!question) return { ok: false, error: `That answers file has answers for an unknown question "${id.slice(0, 40)}".` };
    const clean = cleanRecord(rec, question);
    if (!clean) return { ok: false, error: `The answers for question "${id}" are not in the expected form.` };
    records.set(id, clean);
  }
  return { ok: true, records };
}

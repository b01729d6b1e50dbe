// The SCORM adapter's line above the lesson: where the student's answers are
// kept when that is not simply "in the learning platform", one paragraph per
// kind of notice (a later notice of a kind replaces the earlier one), and,
// when the platform holds a record the page cannot read, the two things the
// student may do with it: copy it, or discard it so that answers are saved
// in the platform again.

/**
 * The status area of `doc`'s launch page, made on first use at the top of
 * <main> (else <body>).
 * @param {Document} doc
 * @returns {{say:(kind:string, text:string|null)=>void,
 *   offerUnreadable:(u:{text:string, discard:()=>void})=>void}}
 */
export function showStatus(doc) {
  let box = null;
  const area = () => {
    if (!box) {
      box = doc.createElement('div');
      box.className = 'scorm-status';
      box.setAttribute('role', 'status');
      box.dataset.scormStatus = '';
      (doc.querySelector('main') || doc.body).prepend(box);
    }
    return box;
  };
  const say = (kind, text) => {
    const old = box && box.querySelector(`[data-scorm-notice="${kind}"]`);
    if (text === null) { if (old) old.remove(); return; }
    const p = old || doc.createElement('p');
    p.dataset.scormNotice = kind;
    p.textContent = text;
    if (!old) area().append(p);
  };

  /** Buttons under the notices: copy the unreadable record, or discard it. */
  const offerUnreadable = ({ text, discard }) => {
    const group = doc.createElement('div');
    group.className = 'scorm-unreadable';
    group.dataset.scormUnreadable = '';
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', 'The saved record this page cannot read');
    const note = doc.createElement('p');
    note.dataset.scormCopyNote = '';
    const copy = doc.createElement('button');
    copy.type = 'button';
    copy.dataset.action = 'copy-unreadable';
    copy.textContent = 'Copy that record';
    const drop = doc.createElement('button');
    drop.type = 'button';
    drop.dataset.action = 'discard-unreadable';
    drop.textContent = 'Discard it and save my answers in the platform';
    const byHand = doc.createElement('textarea');
    byHand.readOnly = true;
    byHand.hidden = true;
    byHand.rows = 4;
    byHand.setAttribute('aria-label', 'The record this page cannot read, to copy by hand');
    byHand.value = text;
    copy.addEventListener('click', async () => {
      try {
        await doc.defaultView.navigator.clipboard.writeText(text);
        note.textContent = `Copied (${text.length.toLocaleString('en-US')} characters). Keep it somewhere safe, then discard it here.`;
      } catch {
        byHand.hidden = false;
        byHand.select();
        note.textContent = 'This page may not write to the clipboard: the record is selected below, to copy by hand.';
      }
    });
    drop.addEventListener('click', () => { group.remove(); discard(); });
    group.append(copy, drop, note, byHand);
    area().after(group);
  };
  return { say, offerUnreadable };
}

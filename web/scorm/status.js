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
 * @param {(id:string, params?:object)=>string} t the page's strings ("scorm.*" ids, web/element/i18n.js)
 * @returns {{say:(kind:string, text:string|null)=>void,
 *   offerUnreadable:(u:{text:string, discard:()=>void})=>void}}
 */
export function showStatus(doc, t) {
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
    group.setAttribute('aria-label', t('scorm.unreadableGroup'));
    const note = doc.createElement('p');
    note.dataset.scormCopyNote = '';
    const copy = doc.createElement('button');
    copy.type = 'button';
    copy.dataset.action = 'copy-unreadable';
    copy.textContent = t('scorm.copyRecord');
    const drop = doc.createElement('button');
    drop.type = 'button';
    drop.dataset.action = 'discard-unreadable';
    drop.textContent = t('scorm.discardRecord');
    const byHand = doc.createElement('textarea');
    byHand.readOnly = true;
    byHand.hidden = true;
    byHand.rows = 4;
    byHand.setAttribute('aria-label', t('scorm.byHand'));
    byHand.value = text;
    copy.addEventListener('click', async () => {
      try {
        await doc.defaultView.navigator.clipboard.writeText(text);
        note.textContent = t('scorm.copiedRecord', { n: text.length });
      } catch {
        byHand.hidden = false;
        byHand.select();
        note.textContent = t('scorm.clipboardBlocked');
      }
    });
    drop.addEventListener('click', () => { group.remove(); discard(); });
    group.append(copy, drop, note, byHand);
    area().after(group);
  };
  return { say, offerUnreadable };
}

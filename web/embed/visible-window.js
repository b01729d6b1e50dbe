// Which part of the embed's frame the reader can actually see, found from
// inside the frame with no help from the host page.
//
// A frame that the host sizes to its content never scrolls itself: the host
// page does. `position: sticky` inside it then sticks to the frame's own
// viewport, which is the whole content, so the compact results bar would sit
// at the end of the calculator, far below the field being edited. A frame of a
// fixed height taller than the screen has the same problem for its last part.
//
// An IntersectionObserver without a root measures its target against the top
// window's viewport, clipped by every frame and scrolling box on the way, even
// when the frame is of another origin or sandboxed, and whether or not the host
// loads the parent-side script. One target would only report when its visible
// share changes, which it does not while a tall frame scrolls under a screen it
// fills; so the content is covered with thin strips, each observed at one-pixel
// steps of its height: the strips on the screen's edges report as an edge moves.
// The union of the strips' visible parts is the window the reader sees.

/** Height of one strip, CSS px: one observer threshold per pixel of it. */
export const STRIP_PX = 40;
const THRESHOLDS = Array.from({ length: STRIP_PX + 1 }, (_, i) => i / STRIP_PX);

/**
 * Calls `onChange({ top, bottom })` whenever the part of `root` the reader can
 * see changes: `top` and `bottom` are CSS px in this window's viewport
 * coordinates (as getBoundingClientRect), or null when none of `root` is on
 * screen. `root` must be a positioned box (the strips are laid over it,
 * absolutely, and clipped to it, so they change neither its size nor the
 * page's); they are hidden from assistive technology and take no pointer events.
 * @param {HTMLElement} root  the content wrapper (position: relative)
 * @param {(view: {top: number, bottom: number} | null) => void} onChange
 * @returns {() => void} stops watching and removes the strips
 */
export function watchVisibleWindow(root, onChange) {
  const ruler = document.createElement('div');
  ruler.className = 'visible-ruler';
  ruler.setAttribute('aria-hidden', 'true');
  root.append(ruler);
  // Strip index -> its visible part, px from the strip's own top: [from, to].
  const seen = new Map();
  let last = '';

  const report = () => {
    let from = Infinity;
    let to = -Infinity;
    for (const [i, [a, b]] of seen) {
      from = Math.min(from, i * STRIP_PX + a);
      to = Math.max(to, i * STRIP_PX + b);
    }
    // The ruler's offsets in the viewport now: the strips are laid out from its top.
    const origin = ruler.getBoundingClientRect().top;
    const view = from < to ? { top: origin + from, bottom: origin + to } : null;
    const key = view ? `${Math.round(view.top)},${Math.round(view.bottom)}` : 'none';
    if (key === last) return;
    last = key;
    onChange(view);
  };

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const i = Number(entry.target.dataset.strip);
      const seenRect = entry.intersectionRect;
      if (!entry.isIntersecting || seenRect.height <= 0) {
        seen.delete(i);
        continue;
      }
      // In the strip's own coordinates, so the frame's own scrolling since the
      // entry was measured does not matter.
      const top = entry.boundingClientRect.top;
      seen.set(i, [seenRect.top - top, seenRect.bottom - top]);
    }
    report();
  }, { threshold: THRESHOLDS });

  // One strip per STRIP_PX of the content; redone when its height changes.
  let count = 0;
  const lay = () => {
    const wanted = Math.max(1, Math.ceil(root.getBoundingClientRect().height / STRIP_PX));
    if (wanted === count) return;
    while (count < wanted) {
      const strip = document.createElement('div');
      strip.className = 'visible-strip';
      strip.dataset.strip = String(count);
      // CSSOM, not a style attribute: allowed under a strict style-src.
      strip.style.top = `${count * STRIP_PX}px`;
      strip.style.height = `${STRIP_PX}px`;
      ruler.append(strip);
      observer.observe(strip);
      count += 1;
    }
    while (count > wanted) {
      count -= 1;
      const strip = ruler.lastElementChild;
      observer.unobserve(strip);
      strip.remove();
      seen.delete(count);
    }
  };
  // The frame's own scrolling (a frame of a fixed height) moves the strips
  // across its edges too, so the observer alone follows it.
  const resize = new ResizeObserver(() => { lay(); report(); });
  resize.observe(root);
  lay();

  return () => {
    resize.disconnect();
    observer.disconnect();
    ruler.remove();
  };
}

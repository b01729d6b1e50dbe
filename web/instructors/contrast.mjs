// WCAG 2.x contrast ratio of two #rrggbb colours (relative luminance per
// WCAG 2.2, "contrast ratio" definition), used at build time to check that
// each example on the instructors' page is readable next to the defaults.

/** Relative luminance of "#rrggbb", 0 (black) to 1 (white). */
export function luminance(hex) {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (lighter + 0.05) / (darker + 0.05): from 1 (no contrast) to 21 (black on white). */
export function contrastRatio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

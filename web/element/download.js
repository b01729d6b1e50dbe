// Saving what the page shows as a file, in the browser: a Blob and an <a
// download> (no server, works under the strict CSP and from file://).

/**
 * Offers `blob` as a download named `filename`. `host` is any connected node
 * (inside a shadow root is fine) that the temporary link is added to.
 */
export function downloadBlob(blob, filename, host) {
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

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. */
function csvCell(value) {
  const text = String(value ?? '');
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text of a header row and data rows (arrays of cells), CRLF line ends. */
export function csvText(headers, rows) {
  return `${[headers, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A file name from a title: "Memory per configuration" -> "memory-per-configuration". */
export function fileSlug(title) {
  return String(title).toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'chart';
}

// Reading back the CSV files the page offers (RFC 4180: quoted cells, doubled
// quotes, CRLF line ends), with the separator the page's language uses.

/**
 * The rows of `text`, each an array of cell strings.
 * @param {string} text the file's text, without a byte order mark
 * @param {string} separator ',' (English) or ';' (German)
 * @returns {string[][]}
 */
export function parseCsv(text, separator) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) { row.push(cell); cell = ''; } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell); rows.push(row); row = []; cell = ''; i += 1;
    } else cell += c;
  }
  return rows;
}

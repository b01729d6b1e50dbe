// A small static file server for dist/ (or any folder), loopback only.
//
//   node tools/serve.mjs [--root DIR] [--port N] [--host 127.0.0.1] [--csp]
//
// Serves files with their MIME type (application/wasm included), refuses
// any path that leaves the root, answers GET and HEAD only, and with --csp adds
// the strict Content-Security-Policy the embed must work under.
// If the port is taken it tries the next ones. Importable: startServer().
import { createServer } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:";

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** MIME type for a file name; unknown extensions are served as bytes. */
export function mimeType(fileName) {
  return MIME_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a request URL path to a file under root, or null when the path is
 * malformed or would leave root (.., encoded separators, NUL bytes).
 */
export function resolveInsideRoot(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const candidate = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return null;
  return candidate;
}

function send(res, status, text, headers) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

async function handle(req, res, root, csp) {
  // no-cache, not no-store: a page may reuse what it fetched (every shadow root links the same
  // stylesheet), and still asks again on the next visit, so a rebuilt dist/ is always seen.
  const headers = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
  if (csp) headers['Content-Security-Policy'] = STRICT_CSP;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'method not allowed\n', { ...headers, Allow: 'GET, HEAD' });
    return;
  }
  const urlPath = new URL(req.url, 'http://localhost').pathname;
  let file = resolveInsideRoot(root, urlPath);
  if (file === null) {
    send(res, 403, 'forbidden\n', headers);
    return;
  }
  let stat;
  try {
    stat = await fs.stat(file);
    if (stat.isDirectory()) {
      file = path.join(file, 'index.html');
      stat = await fs.stat(file);
    }
    // A symlink inside root must not lead outside it either.
    const real = await fs.realpath(file);
    const realRoot = await fs.realpath(root);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw new Error('outside root');
  } catch {
    send(res, 404, 'not found\n', headers);
    return;
  }
  if (!stat.isFile()) {
    send(res, 404, 'not found\n', headers);
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Type': mimeType(file), 'Content-Length': stat.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (err) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Starts serving `root`. Tries `port`, then the next `tries - 1` ports when busy;
 * port 0 asks the system for any free port.
 * @returns {Promise<{server: import('node:http').Server, url: string, port: number}>}
 */
export async function startServer({ root, port = 8000, host = '127.0.0.1', csp = false, tries = 50 } = {}) {
  const absoluteRoot = path.resolve(root);
  const server = createServer((req, res) => {
    handle(req, res, absoluteRoot, csp).catch(() => {
      if (!res.headersSent) send(res, 500, 'internal error\n', {});
      else res.destroy();
    });
  });
  for (let attempt = 0; attempt < Math.max(1, tries); attempt += 1) {
    const candidate = port === 0 ? 0 : port + attempt;
    try {
      await listen(server, candidate, host);
      const actual = server.address().port;
      return { server, port: actual, url: `http://${host}:${actual}/` };
    } catch (err) {
      if (err.code !== 'EADDRINUSE' || port === 0) throw err;
    }
  }
  throw new Error(`no free port from ${port} to ${port + tries - 1}`);
}

function parseArgs(argv) {
  const options = { root: 'dist', port: Number(process.env.PORT || 8000), host: '127.0.0.1', csp: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--csp') options.csp = true;
    else if (arg === '--root') options.root = argv[++i];
    else if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--host') options.host = argv[++i];
    else throw new Error(`unknown argument ${arg} (use --root DIR, --port N, --host H, --csp)`);
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535 (got ${options.port})`);
  }
  if (!options.root) throw new Error('--root needs a folder');
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`serve: ${err.message}`);
    process.exit(2);
  }
  const { url } = await startServer(options);
  console.log(`Serving ${path.resolve(options.root)} at ${url}${options.csp ? ' (strict CSP)' : ''}`);
  console.log('Press Ctrl+C to stop.');
}

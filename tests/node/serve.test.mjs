// tools/serve.mjs: MIME types, no escape from the root, the strict CSP header.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { startServer, STRICT_CSP, resolveInsideRoot } from '../../tools/serve.mjs';

const parent = mkdtempSync(path.join(tmpdir(), 'llmb-serve-'));
const root = path.join(parent, 'site');
mkdirSync(path.join(root, 'sub'), { recursive: true });
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title>');
writeFileSync(path.join(root, 'm.wasm'), Buffer.from([0, 97, 115, 109]));
writeFileSync(path.join(root, 'a.js'), 'void 0;');
writeFileSync(path.join(root, 'sub', 's.css'), 'body{}');
writeFileSync(path.join(parent, 'secret.txt'), 'outside the root');

// Raw request so paths such as /../x reach the server unnormalised.
function get(port, rawPath) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('serves files with their MIME types, index.html for folders', async (t) => {
  const { server, port } = await startServer({ root, port: 0 });
  t.after(() => server.close());
  const index = await get(port, '/');
  assert.equal(index.status, 200);
  assert.match(index.headers['content-type'], /^text\/html/);
  assert.equal((await get(port, '/m.wasm')).headers['content-type'], 'application/wasm');
  assert.match((await get(port, '/a.js')).headers['content-type'], /^text\/javascript/);
  assert.match((await get(port, '/sub/s.css')).headers['content-type'], /^text\/css/);
  assert.equal((await get(port, '/nope.js')).status, 404);
  assert.equal(index.headers['content-security-policy'], undefined);
});

test('never serves a file outside the root', async (t) => {
  const { server, port } = await startServer({ root, port: 0 });
  t.after(() => server.close());
  for (const p of ['/../secret.txt', '/sub/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%5csecret.txt', '/a.js%00.html']) {
    const res = await get(port, p);
    assert.notEqual(res.status, 200, p);
    assert.doesNotMatch(res.body, /outside the root/, p);
  }
  assert.equal(resolveInsideRoot(root, '/../secret.txt'), path.join(root, 'secret.txt'));
});

test('--csp adds the strict Content-Security-Policy', async (t) => {
  const { server, port } = await startServer({ root, port: 0, csp: true });
  t.after(() => server.close());
  const res = await get(port, '/');
  assert.equal(res.headers['content-security-policy'], STRICT_CSP);
  assert.equal(STRICT_CSP, "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:");
});

test('a busy port moves on to the next one', async (t) => {
  const first = await startServer({ root, port: 0 });
  t.after(() => first.server.close());
  const second = await startServer({ root, port: first.port, tries: 20 });
  t.after(() => second.server.close());
  assert.ok(second.port > first.port && second.port < first.port + 20);
});

test.after(() => rmSync(parent, { recursive: true, force: true }));

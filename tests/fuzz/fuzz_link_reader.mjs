// A long random run of the calculator's link reader (web/element/link-state.js
// readFragment, the code the page runs on location.hash) under node, over the
// budget facade (web/core/budget-core.js) and the reading facade's escape for
// invisible characters, as the page calls it: run by
// `./tools/fuzz <seconds> link_reader` (not by ./tools/test). One process, one core.
//
// Each round reads one fragment (tests/fuzz/link-fragments.mjs: links the
// calculator writes, the previous release's link, their mutants, random
// text) over one starting input (the core's defaults, the lesson's, or a
// configuration of content/presets.json) and checks:
//   - the reader never throws, and reads exactly the fragments that start with "lab:";
//   - the state has every declared input and no other key, each a finite
//     number inside the field's declared range (min, max, min_exclusive, whole,
//     the 0 of zero_means, at most the field named by max_from: all read from
//     core.declaration.inputs), and the core plans it;
//   - every pair not applied is named in a notice (a known field by its label,
//     an unknown name or unreadable text by its quoted, clipped, escaped text);
//     a fragment over the length limit leaves the starting input and says so;
//   - every notice is at most MAX_NOTICE_CHARS long, shows no invisible
//     character raw (tests/fuzz/invisible-text.mjs), writes a label an
//     acronym starts with its capitals ("KV heads"), and one that says a
//     field's starting value is used leaves that field at its starting value;
//   - reading the same fragment again gives the same state and notices;
//   - writing the state back as a fragment (encodeFragment) and reading that
//     gives the same state, every number the same double, and no notice.
//   node tests/fuzz/fuzz_link_reader.mjs [seconds] [seed]
// Rounds are a function of the seed alone. A finding's fragment is saved as
// JSON ({seed, round, base, hash, finding}) under build/fuzz/artifacts/link_reader/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBudgetCore } from '../../web/core/budget-core.js';
import { loadReadingCore } from '../../web/core/reading-core.js';
import { encodeFragment, readFragment, FRAGMENT_PREFIX, MAX_FRAGMENT_CHARS } from '../../web/element/link-state.js';
import { calculatorFields } from '../../web/element/fields.js';
import { presetSet } from '../../web/element/preset-set.js';
import { generator } from './questions-mutants.mjs';
import { fragmentMaker } from './link-fragments.mjs';
import { rawInvisible } from './invisible-text.mjs';
import { loopArguments, runLoop } from './node-loop.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const RELEASE_LINK = readJson('tests/data/release-3fbce11/link.json').hash;

// A notice is one sentence: its template (under 120 characters), a label, the
// core's reason (a range and the value it got) and at most one quoted text,
// which the reader clips to 30 characters and the core's own messages to 32,
// each character at most a 10-character escape ("[U+E0041]"): under 600 in all.
const MAX_NOTICE_CHARS = 600;

const core = await loadBudgetCore();
const reading = await loadReadingCore();
const words = calculatorFields(core).inPageWords;
const visible = (text) => reading.visibleText(text);
const inputs = core.declaration.inputs;
const names = inputs.map((d) => d.name);
const byLabel = new Map(inputs.map((d) => [d.label, d]));
// Labels an acronym starts ("KV heads", "GPUs"): a sentence keeps their capitals.
const ACRONYM_LABELS = inputs.map((d) => d.label).filter((l) => /^[A-Z][A-Z]/.test(l));

// Starting inputs: the core's defaults, the lesson's (presets.json defaults), each configuration.
const presets = presetSet(readJson('content/presets.json'));
const lesson = presets.defaultInput(core);
const BASES = [['core defaults', { ...core.DEFAULT_INPUT }], ['lesson defaults', lesson],
  ...presets.configurations().map((c) => [c.id, { ...lesson, ...presets.presetPatch(c.id, core) }])]
  .filter(([, input]) => core.plan(input).ok);

/** Why `value` cannot be field `d`'s value in `input` ('' when it can). */
function outOfRange(d, value, input) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `is ${String(value)}`;
  if (value === 0 && d.zero_means !== '') return '';
  if (value < d.min || (d.min_exclusive && value === d.min) || value > d.max) return `${value} is outside ${d.min}..${d.max}`;
  if (d.kind === 'whole' && !Number.isInteger(value)) return `${value} is not whole`;
  if (d.max_from && value > input[d.max_from]) return `${value} is above ${d.max_from} (${input[d.max_from]})`;
  return '';
}

/** The pairs of a lab fragment not applied to `input`, each with the text a notice must hold to name it. */
function unappliedPairs(raw, input) {
  const out = [];
  for (const pair of raw.slice(FRAGMENT_PREFIX.length).split(/[;&]/)) {
    if (pair === '') continue;
    let text;
    try {
      text = decodeURIComponent(pair);
    } catch {
      out.push({ pair, named: `“${reading.quoteText(pair, 30)}”` });
      continue;
    }
    const eq = text.indexOf('=');
    const key = (eq < 0 ? text : text.slice(0, eq)).trim();
    const d = inputs.find((x) => x.name === key);
    if (!d) {
      out.push({ pair, named: `“${reading.quoteText(key, 30)}”` });
      continue;
    }
    const read = core.readField(key, eq < 0 ? '' : text.slice(eq + 1), 1);
    if (!(read.ok && read.value === input[key])) out.push({ pair, named: d.label, label: true });
  }
  return out;
}

/** Every field of `a` and `b` the same double (-0 is not 0); '' or the first that differs. */
function differs(a, b) {
  for (const n of names) if (!Object.is(a[n], b[n])) return `${n}: ${String(a[n])} vs ${String(b[n])}`;
  return '';
}

// What the run covered: fragments read as the lab's, with a notice, with a value applied.
const seen = { read: 0, noticed: 0, applied: 0 };

/** The first broken promise of reading `hash` over `base`, or ''. */
function fault(hash, base) {
  let read;
  try {
    read = readFragment(hash, core, base, words, visible);
  } catch (err) {
    return `readFragment threw ${err && err.stack ? err.stack.split('\n').slice(0, 3).join(' | ') : err}`;
  }
  const raw = hash.replace(/^#/, '');
  if (read === null) return raw.startsWith(FRAGMENT_PREFIX) ? 'a lab fragment was not read' : '';
  if (!raw.startsWith(FRAGMENT_PREFIX)) return 'a fragment that is not the lab\'s was read';
  const { input, notices } = read;
  seen.read += 1;
  if (notices.length > 0) seen.noticed += 1;
  if (differs(input, base)) seen.applied += 1;

  const keys = Object.keys(input).sort().join(',');
  if (keys !== [...names].sort().join(',')) return `the state's keys are ${keys}`;
  for (const d of inputs) {
    const why = outOfRange(d, input[d.name], input);
    if (why) return `${d.name} ${why}`;
  }
  const plan = core.plan(input);
  if (!plan.ok) return `the core refuses the state: ${plan.error}`;

  if (!Array.isArray(notices)) return 'notices is not an array';
  for (const n of notices) {
    if (typeof n !== 'string' || n.trim() === '') return `a notice is ${JSON.stringify(n)}`;
    if (n.length > MAX_NOTICE_CHARS) return `a notice has ${n.length} characters: ${n.slice(0, 200)}`;
    const shown = rawInvisible(n);
    if (shown) return `a notice shows ${shown} raw: ${JSON.stringify(n.slice(0, 200))}`;
    const unquoted = n.replace(/“[^”]*”/g, '');
    const lowered = ACRONYM_LABELS.find((l) => unquoted.includes(l.toLowerCase()));
    if (lowered) return `a notice writes ${lowered} in lower case: ${n.slice(0, 200)}`;
    const m = /^(.+) in the link cannot be (?:read|used) \(.*\), so its starting value is used\.$/s.exec(n);
    const d = m && byLabel.get(m[1]);
    if (d && !Object.is(input[d.name], base[d.name])) return `"${n}" but ${d.name} is ${input[d.name]}, not ${base[d.name]}`;
  }
  if (raw.length > MAX_FRAGMENT_CHARS) {
    if (differs(input, base) || notices.length !== 1 || !/too long/.test(notices[0])) return `an over-long fragment: ${JSON.stringify(notices)}`;
  } else {
    const all = notices.join('\n');
    for (const u of unappliedPairs(raw, input)) {
      const named = u.label ? all.toLowerCase().includes(u.named.toLowerCase()) : all.includes(u.named);
      if (!named) return `the pair ${JSON.stringify(u.pair.slice(0, 80))} is not applied and no notice names it (${u.named}): ${JSON.stringify(notices)}`;
    }
  }

  const again = readFragment(hash, core, base, words, visible);
  const twice = differs(again.input, input);
  if (twice || JSON.stringify(again.notices) !== JSON.stringify(notices)) return `read twice, it differs: ${twice || 'notices'}`;

  const written = encodeFragment(input, base, names);
  const back = written ? readFragment(`#${written}`, core, base, words, visible) : { input: { ...base }, notices: [] };
  const trip = differs(back.input, input);
  if (trip) return `written back as #${written.slice(0, 200)} it reads differently: ${trip}`;
  if (back.notices.length > 0) return `written back as #${written.slice(0, 200)} it has notices: ${JSON.stringify(back.notices)}`;
  return '';
}

const run = loopArguments();
const rand = generator(run.seed);
const makers = BASES.map(([name, base]) => [name, base, fragmentMaker(core, base, [RELEASE_LINK])]);

runLoop('link_reader', run, (round) => {
  const findings = [];
  for (let k = 0; k < 20; k += 1) {
    const [name, base, make] = makers[Math.floor(rand() * makers.length)];
    const hash = make(rand);
    const what = fault(hash, base);
    if (what) {
      findings.push({ what: `${what.slice(0, 400)} (base ${name})`, ext: 'json',
        input: `${JSON.stringify({ seed: run.seed, round, base: name, hash, finding: what }, null, 2)}\n` });
    }
  }
  return { executions: 20, findings };
}, () => `${seen.read} read as the lab's, ${seen.noticed} with a notice, ${seen.applied} changing an input`);

// The one rule for the fields another field caps (the core's declaration:
// a field's max_from names its cap, zero_means what 0 stands for), shared by
// the calculator's sliders, buttons and text boxes and by links and the
// element's inputs attribute. A value of a cap never leaves a field it caps
// above it when the change can carry that field along:
//   slider   a slider or button move: every capped field above the new value
//            comes down to it, and a capped field that has a meaning for 0
//            (active parameters, 0 = same as the total) also follows its cap
//            when it equalled it (a dense model stays dense).
//   typed    text typed into the cap's box: the same for a capped field with
//            a meaning for 0; any other capped field (KV heads under query
//            heads) is left alone, so a typed value below it is refused with
//            a message instead of silently lowering it.
//   settings a link or inputs attribute: every capped field above the new
//            value comes down to it, unless the settings give that field
//            themselves; nothing follows an equal cap, so a link the
//            released versions wrote loads to the state it did there.
// The caps themselves are checked by the core (plan()); this file only
// chooses which values travel with a change.

/**
 * The patch that sets `field` to `raw` and moves the fields it caps.
 * @param {object[]} inputs the core's input declaration (core.declaration.inputs)
 * @param {object} input the complete input the change applies to (raw units)
 * @param {string} field the field set
 * @param {number} raw its new value, in the declared unit
 * @param {'slider'|'typed'|'settings'} mode how the value was given (see the top of this file)
 * @param {Set<string>} [given] for 'settings': the fields the settings set themselves (never moved)
 * @returns {object} `{ [field]: raw, ...moved }`
 */
export function withCappedFields(inputs, input, field, raw, mode, given = new Set()) {
  const patch = { [field]: raw };
  if (!Number.isFinite(raw)) return patch;
  for (const capped of inputs) {
    if (capped.max_from !== field || given.has(capped.name)) continue;
    const current = input[capped.name];
    if (raw < capped.min) continue; // the cap's value is not one the capped field could take
    const above = current > raw;
    const follows = mode !== 'settings' && capped.zero_means !== '' && current === input[field];
    if (follows || (above && (mode !== 'typed' || capped.zero_means !== ''))) patch[capped.name] = raw;
  }
  return patch;
}

/**
 * The value that caps `def` in `input` (raw units), or undefined when nothing
 * does: `def` names no cap, or its cap stands at 0 where 0 has a meaning
 * ("no limit": the model's context limit unset caps no context), as the core reads it.
 * @param {object} FIELDS calculatorFields(core).FIELDS
 * @param {object} def one of FIELDS
 * @param {object} [input] the current input (raw units)
 * @returns {number|undefined}
 */
export function capOf(FIELDS, def, input) {
  if (!def.maxFrom || !input) return undefined;
  const cap = input[def.maxFrom];
  if (cap === 0 && FIELDS[def.maxFrom].zeroMeans) return undefined;
  return cap;
}

/**
 * `base` with the settings `given` applied as a link or preset applies them
 * ('settings' mode above): every field a given value caps comes down to it
 * unless `given` sets that field too, and so on down a chain of caps (a lower
 * context limit brings the context down, which brings the prompt down).
 * @param {object[]} inputs the core's input declaration
 * @param {object} base the complete input before (raw units)
 * @param {object} given the settings, by field name (raw units)
 * @returns {object} the complete input after
 */
export function settleCaps(inputs, base, given) {
  const givenNames = new Set(Object.keys(given));
  let next = { ...base, ...given };
  const moved = new Set(givenNames);
  // Each pass carries the fields moved in the last one along; a chain of caps is at most a few fields long.
  for (let pass = 0; pass < inputs.length && moved.size > 0; pass += 1) {
    const from = [...moved];
    moved.clear();
    for (const d of inputs) {
      if (!from.includes(d.name)) continue;
      const patch = withCappedFields(inputs, next, d.name, next[d.name], 'settings', givenNames);
      for (const [name, value] of Object.entries(patch)) {
        if (name !== d.name && next[name] !== value) moved.add(name);
      }
      next = { ...next, ...patch };
    }
  }
  return next;
}

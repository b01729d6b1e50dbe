// esbuild plugin: which ids of content/ui/<locale>.json a script carries. The
// instructors' page's own sentences ("instructors.*") are read only by that page
// (its HTML at build time, its script dist/instructors*.js), so the element's
// scripts (the core script with English, each locale's script) leave them out,
// and the instructors' script carries only them. The element's shell carries only the
// "notice.*" ids it shows before the core script is there (web/element/shell-notices.js).

/** True for an id only the instructors' page reads. */
export const instructorsOnly = (id) => id.startsWith('instructors.');

/** True for an id the element's shell carries. */
export const shellOnly = (id) => id.startsWith('notice.');

/**
 * @param {(id:string)=>boolean} keep true for each id the script carries
 * @returns {object} an esbuild plugin loading every content/ui/*.json with only the kept ids
 */
export function stringsPlugin(keep) {
  return {
    name: 'llmb-strings',
    setup(b) {
      b.onLoad({ filter: /[\\/]content[\\/]ui[\\/][A-Za-z-]+\.json$/ }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        const all = JSON.parse(await readFile(args.path, 'utf8'));
        const kept = Object.fromEntries(Object.entries(all).filter(([id]) => keep(id)));
        return { contents: JSON.stringify(kept), loader: 'json' };
      });
    },
  };
}

// The one list of <llm-budget-lab>'s attributes (data only): the element
// observes them, the iframe embed passes the same names on from its query
// string, and the instructors' preview reads them from a snippet.

/** Every attribute the element reads and reacts to. */
export const ATTRIBUTE_NAMES = Object.freeze(['parts', 'preset', 'group', 'questions', 'inputs', 'presets', 'report',
  'fetch-timeout']);

/** Values of `report` the element knows. */
export const REPORT_VALUES = Object.freeze(['events']);

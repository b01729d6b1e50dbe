// The one declaration of every series a sweep returns (sweeps.h): name,
// unit and meaning, in the order the flat calls hand them over. The JS
// facade reads them through field_declarations_json() ("series"), so it
// keeps no list of series names of its own.
#pragma once

#include <vector>

#include "budget/field_declarations.h"
#include "budget/sweeps.h"

namespace llmbudget {

/// One series of a sweep result.
template <class Sweep>
struct SeriesDeclaration {
  const char* name;     ///< as in the sweep struct: "total_tokens_per_s"
  const char* unit;     ///< "B", "s", "tok/s", "tokens", "requests" or "" (plain number; 0/1 for a flag)
  bool flag;            ///< the values are 1 or 0 (a yes/no per point)
  bool needs_fit;       ///< meaningless where the point does not fit (the facade gives null there)
  const char* meaning;  ///< one line
  std::vector<double> Sweep::*member;
};

/// The series of sweep_batch(), sweep_context() and sweep_acceptance(), in struct order.
Table<SeriesDeclaration<BatchSweep>> batch_series();
Table<SeriesDeclaration<ContextSweep>> context_series();
Table<SeriesDeclaration<AcceptanceSweep>> acceptance_series();

}  // namespace llmbudget

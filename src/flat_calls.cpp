#include "flat_calls.h"

#include <cstddef>

#include "capacity.h"
#include "serving_budget.h"

namespace llmbudget {

namespace {

template <class R>
void write_flat(const R& result, Table<ResultFieldDeclaration<R>> fields, std::vector<double>& out) {
  std::size_t i = 0;
  for (const ResultFieldDeclaration<R>& f : fields) {
    double v = 0;
    switch (f.kind) {
      case ResultKind::number: v = result.*f.number; break;
      case ResultKind::flag: v = (result.*f.flag) ? 1 : 0; break;
      case ResultKind::verdict: v = static_cast<double>(static_cast<int>(result.*f.verdict)); break;
      case ResultKind::binding_term: v = static_cast<double>(static_cast<int>(result.*f.binding_term)); break;
    }
    out[i++] = v;
  }
}

}  // namespace

BudgetInput budget_input_from_flat(const std::vector<double>& values) {
  BudgetInput in;
  std::size_t i = 0;
  for (const InputFieldDeclaration& f : budget_input_fields()) in.*f.member = values[i++];
  return in;
}

FlatCalls::FlatCalls()
    : input_(budget_input_fields().size),
      plan_output_(budget_result_fields().size),
      capacity_output_(capacity_result_fields().size) {
  const BudgetInput defaults;
  std::size_t i = 0;
  for (const InputFieldDeclaration& f : budget_input_fields()) input_[i++] = defaults.*f.member;
}

bool FlatCalls::run_plan() {
  const BudgetResult r = plan(budget_input_from_flat(input_));
  if (!r.ok) {
    error_ = r.error;
    return false;
  }
  write_flat(r, budget_result_fields(), plan_output_);
  return true;
}

bool FlatCalls::run_capacity() {
  const CapacityResult r = capacity(budget_input_from_flat(input_));
  if (!r.ok) {
    error_ = r.error;
    return false;
  }
  write_flat(r, capacity_result_fields(), capacity_output_);
  return true;
}

}  // namespace llmbudget

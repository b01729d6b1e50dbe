#include "budget/tensor_parallel.h"

#include <cmath>
#include <string>
#include <vector>

#include "budget/input_messages.h"

namespace llmbudget {

namespace {
constexpr double kMaxGpus = 64;  // the declared range of gpus
}

bool valid_tensor_split(double gpus, double query_heads, double kv_heads) {
  const auto divides = [](double a, double b) { return std::fmod(b, a) == 0; };  // a divides b
  return divides(gpus, query_heads) && (divides(gpus, kv_heads) || divides(kv_heads, gpus));
}

std::optional<InputError> check_tensor_split(const BudgetInput& in) {
  if (valid_tensor_split(in.gpus, in.query_heads, in.kv_heads)) return std::nullopt;
  double below = 0, above = 0;  // 0: none on that side
  for (double g = in.gpus - 1; g >= 1 && below == 0; --g) {
    if (valid_tensor_split(g, in.query_heads, in.kv_heads)) below = g;
  }
  for (double g = in.gpus + 1; g <= kMaxGpus && above == 0; ++g) {
    if (valid_tensor_split(g, in.query_heads, in.kv_heads)) above = g;
  }
  // G = 1 is always valid, so below > 0; above is 0 when no count up to kMaxGpus splits the heads.
  std::vector<MessageValue> params{text_value("field", "gpus"),
                                   text_value("query_field", "query_heads"),
                                   number_value("query_heads", in.query_heads),
                                   text_value("kv_field", "kv_heads"),
                                   number_value("kv_heads", in.kv_heads),
                                   number_value("value", in.gpus),
                                   number_value("below", below)};
  if (above > 0) params.push_back(number_value("above", above));
  return coded_error("gpus", above > 0 ? MessageCode::gpus_not_splitting : MessageCode::gpus_not_splitting_below,
                     params);
}

}  // namespace llmbudget

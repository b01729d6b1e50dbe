#include "budget/tensor_parallel.h"

#include <cmath>
#include <string>

#include "text/number_text.h"

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
  std::string nearest = below > 0 ? format_compact(below) : std::string();  // G = 1 is always valid, so below > 0
  if (above > 0) nearest += (nearest.empty() ? "" : " or ") + format_compact(above);
  return InputError{"gpus", "gpus must divide query_heads (" + format_compact(in.query_heads) +
                                ") and either divide or be divided by kv_heads (" + format_compact(in.kv_heads) +
                                "); got " + format_compact(in.gpus) + "; nearest valid: " + nearest};
}

}  // namespace llmbudget

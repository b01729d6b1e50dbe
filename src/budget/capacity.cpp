#include "budget/capacity.h"

#include <cmath>

#include "budget/budget_math.h"
#include "budget/tensor_parallel.h"
#include "budget/validate.h"

namespace llmbudget {

namespace {

constexpr double kMaxBatch = 1e6;          // BudgetInput::batch upper limit
constexpr double kMaxContextTokens = 1e8;  // BudgetInput::context_tokens upper limit
constexpr double kMaxGpus = 64;            // BudgetInput::gpus upper limit

// Largest whole x in [0, cap] with ok(x), for ok true up to some point and
// false after it. `estimate` is the closed-form answer; the search from it
// only absorbs floating-point rounding (a step or two), so the answer agrees
// exactly with the predicate plan() uses. Upwards it doubles its step and
// then halves it, so an estimate far below the answer (a sliding window that
// fits makes every context up to the 1e8 limit fit) costs about 2*log2(cap)
// checks instead of one per token.
template <class Pred>
double largest_whole(double estimate, double cap, Pred ok) {
  double x = std::isfinite(estimate) ? std::floor(estimate) : cap;
  x = std::min(std::max(x, 0.0), cap);
  if (x < cap && ok(x + 1)) {
    double good = x + 1;  // ok(good) holds
    double step = 1;
    while (good < cap) {
      const double next = std::min(good + step, cap);
      if (!ok(next)) {
        // The answer is in [good, next): halve the gap.
        double bad = next;
        while (bad - good > 1) {
          const double mid = std::floor((good + bad) / 2);
          (ok(mid) ? good : bad) = mid;
        }
        return good;
      }
      good = next;
      step *= 2;
    }
    return cap;
  }
  while (x > 0 && !ok(x)) x -= 1;
  return x;
}

}  // namespace

CapacityResult capacity(const BudgetInput& in) {
  CapacityResult r;
  if (auto error = validate_budget_input(in)) {
    r.error = *error;
    return r;
  }
  r.ok = true;
  // One GPU's fixed memory: its weight share and the runtime's own (0 unless set).
  const double weights = detail::per_gpu_weight_bytes(in) + detail::runtime_bytes(in);
  const double gpu = in.gpu_memory_bytes;
  r.weights_fit = detail::fits(in, weights);
  r.weights_fit_with_headroom = detail::fits_with_headroom(in, weights);

  // Batch: P*b_w + per_request*B <= budget  =>  B = floor((budget - P*b_w) / per_request).
  const double per_request = detail::per_gpu_kv_bytes_per_request(in, in.context_tokens);
  const double usable = detail::headroom_limit_bytes(in);
  r.max_batch = largest_whole((gpu - weights) / per_request, kMaxBatch, [&](double b) {
    return b >= 1 && detail::fits(in, detail::per_gpu_bytes(in, b, in.context_tokens));
  });
  r.max_batch_with_headroom = largest_whole((usable - weights) / per_request, kMaxBatch, [&](double b) {
    return b >= 1 && detail::fits_with_headroom(in, detail::per_gpu_bytes(in, b, in.context_tokens));
  });

  // Context at in.batch: n = floor((G - P*b_w) / (per_token*B)) below any
  // window. Past W only the full-attention layers grow, so the search from that
  // estimate doubles upwards; with every layer windowed and a window that fits,
  // every n up to the limit fits. The limit is the model's own context when set.
  const double per_token_batch = detail::per_gpu_kv_bytes_per_request(in, 1) * in.batch;
  const double context_cap = in.model_max_context_tokens > 0 ? in.model_max_context_tokens : kMaxContextTokens;
  r.max_context_tokens = largest_whole((gpu - weights) / per_token_batch, context_cap, [&](double n) {
    return n >= 1 && detail::fits(in, detail::per_gpu_bytes(in, in.batch, n));
  });

  // Crossover: the smallest B with 2*P_a*B/(G*F) >= decode traffic(B)/BW.
  // compute - memory is convex in B (the traffic is a line for the cache plus
  // a concave, bounded term for the experts a mixture of experts touches), and
  // negative at B = 0, so once the arithmetic term overtakes memory it stays
  // ahead: a bisection over [1, 1e6] finds the first B, and there is none when
  // the arithmetic term is still behind at 1e6 (each request then adds more
  // memory time than compute time, or the crossover lies past the limit).
  auto compute_binds = [&](double b) {
    return detail::compute_time_s(in, b) >=
           detail::memory_time_s(in, detail::per_gpu_decode_traffic_bytes(in, b, in.context_tokens));
  };
  if (compute_binds(kMaxBatch)) {
    double lo = 0;  // !compute_binds(lo) (B = 0 has no arithmetic and reads the weights)
    double hi = kMaxBatch;
    while (hi - lo > 1) {
      const double mid = std::floor((lo + hi) / 2);
      (compute_binds(mid) ? hi : lo) = mid;
    }
    r.crossover_batch = hi;
  }

  // Fewest GPUs: the first valid split whose per-GPU memory fits.
  BudgetInput at = in;
  for (double g = 1; g <= kMaxGpus && r.min_gpus_to_fit == 0; ++g) {
    if (!valid_tensor_split(g, in.query_heads, in.kv_heads)) continue;
    at.gpus = g;
    if (detail::fits(at, detail::per_gpu_bytes(at, in.batch, in.context_tokens))) r.min_gpus_to_fit = g;
  }
  return r;
}

}  // namespace llmbudget

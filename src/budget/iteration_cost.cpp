#include "budget/iteration_cost.h"

#include <algorithm>

#include "budget/budget_math.h"
#include "budget/prefill.h"
#include "budget/tensor_parallel.h"

namespace llmbudget {
namespace detail {

void add_decode(const BudgetInput& in, double context_tokens, IterationWork& work) {
  work.tokens += 1;
  work.kv_bytes += per_gpu_kv_bytes_per_request(in, context_tokens);
}

void add_decodes(const BudgetInput& in, double count, double context_sum, double windowed_sum, IterationWork& work) {
  const double per_layer_token = kv_values_per_layer(in, kv_heads_per_gpu(in)) * in.cache_bytes_per_value;
  const double windowed = sliding_window_layers(in);
  work.tokens += count;
  work.kv_bytes += windowed == 0
                       ? per_layer_token * in.layers * context_sum
                       : per_layer_token * (full_attention_layers(in) * context_sum + windowed * windowed_sum);
}

void add_prefill_chunk(const BudgetInput& in, double start_tokens, double chunk_tokens, IterationWork& work) {
  const double end = start_tokens + chunk_tokens;
  const double windowed = sliding_window_layers(in);
  double attention = 4 * full_attention_layers(in) * in.query_heads * in.head_dim *
                     (attention_pairs(end, 0) - attention_pairs(start_tokens, 0));
  if (windowed > 0) {
    attention +=
        4 * windowed * in.query_heads * in.head_dim *
        (attention_pairs(end, in.sliding_window_tokens) - attention_pairs(start_tokens, in.sliding_window_tokens));
  }
  work.tokens += chunk_tokens;
  work.kv_bytes += per_gpu_kv_bytes_per_request(in, end);
  work.attention_flops += attention;
}

double iteration_time_s(const BudgetInput& in, const IterationWork& work) {
  if (work.tokens <= 0) return 0;
  const double traffic = per_gpu_weight_read_bytes(in, work.tokens) + work.kv_bytes;
  const double flops = 2 * active_params(in) * work.tokens + work.attention_flops;
  return std::max(memory_time_s(in, traffic), flops / (in.gpus * matmul_flops_per_s(in))) +
         allreduce_time_s(in, work.tokens);
}

}  // namespace detail
}  // namespace llmbudget

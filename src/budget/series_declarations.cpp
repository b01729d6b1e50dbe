#include "budget/series_declarations.h"

#include <iterator>

namespace llmbudget {

namespace {

using BS = BatchSweep;
constexpr SeriesDeclaration<BS> kBatchSeries[] = {
    {"batch", "requests", false, false, "the batch of each point, 1..max_batch", &BS::batch},
    {"total_bytes", "B", false, false, "weights + KV cache at that batch", &BS::total_bytes},
    {"fits", "", true, false, "1 where the total fits in GPU memory, else 0", &BS::fits},
    {"per_request_tokens_per_s", "tok/s", false, true, "tokens per second of one request",
     &BS::per_request_tokens_per_s},
    {"total_tokens_per_s", "tok/s", false, true, "tokens per second of the whole batch", &BS::total_tokens_per_s},
    {"memory_time_s", "s", false, false, "memory term of the decode step", &BS::memory_time_s},
    {"compute_time_s", "s", false, false, "arithmetic term of the decode step", &BS::compute_time_s},
};

using CS = ContextSweep;
constexpr SeriesDeclaration<CS> kContextSeries[] = {
    {"context_tokens", "tokens", false, false, "the context of each point", &CS::context_tokens},
    {"total_bytes", "B", false, false, "weights + KV cache at that context", &CS::total_bytes},
    {"kv_cache_bytes", "B", false, false, "KV cache of the batch at that context", &CS::kv_cache_bytes},
    {"stored_score_bytes", "B", false, false, "attention scores standard attention stores (one layer)",
     &CS::stored_score_bytes},
    {"tiled_kernel_bytes", "B", false, false, "a tiled kernel's running statistics (one layer)",
     &CS::tiled_kernel_bytes},
};

using AS = AcceptanceSweep;
constexpr SeriesDeclaration<AS> kAcceptanceSeries[] = {
    {"acceptance_rate", "", false, false, "the acceptance rate of each point, evenly spaced on [0, 1]",
     &AS::acceptance_rate},
    {"tokens_per_pass", "tokens", false, false, "tokens produced per target pass", &AS::tokens_per_pass},
    {"speedup", "", false, false, "speed-up once the draft's cost is paid", &AS::speedup},
};

}  // namespace

Table<SeriesDeclaration<BatchSweep>> batch_series() { return {kBatchSeries, std::size(kBatchSeries)}; }
Table<SeriesDeclaration<ContextSweep>> context_series() { return {kContextSeries, std::size(kContextSeries)}; }
Table<SeriesDeclaration<AcceptanceSweep>> acceptance_series() {
  return {kAcceptanceSeries, std::size(kAcceptanceSeries)};
}

}  // namespace llmbudget

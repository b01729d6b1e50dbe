// Native timings of the core (Google Benchmark). A benchmark, not a test:
// it reports, it asserts nothing. Run through tools/bench, which asks for
// medians of repeated runs.
#include <benchmark/benchmark.h>

#include "budget/serving_budget.h"
#include "budget/sweeps.h"

namespace {

// The lesson's GQA-8, 16-bit row: 7B, 32 layers, 8 KV heads, B=16, 8192 tokens.
llmbudget::BudgetInput lesson_input() {
  llmbudget::BudgetInput in;
  in.kv_heads = 8;
  return in;
}

void BM_plan(benchmark::State& state) {
  llmbudget::BudgetInput in = lesson_input();
  for (auto _ : state) {
    benchmark::DoNotOptimize(in);
    llmbudget::BudgetResult r = llmbudget::plan(in);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_plan);

void BM_sweep_batch_1024(benchmark::State& state) {
  const llmbudget::BudgetInput in = lesson_input();
  for (auto _ : state) {
    llmbudget::BatchSweep s = llmbudget::sweep_batch(in, 1024);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_sweep_batch_1024);

void BM_plan_1024_batches(benchmark::State& state) {
  llmbudget::BudgetInput in = lesson_input();
  for (auto _ : state) {
    for (int b = 1; b <= 1024; ++b) {
      in.batch = b;
      llmbudget::BudgetResult r = llmbudget::plan(in);
      benchmark::DoNotOptimize(r);
    }
  }
}
BENCHMARK(BM_plan_1024_batches);

}  // namespace

BENCHMARK_MAIN();

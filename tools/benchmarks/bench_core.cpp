// Native timings of the core (Google Benchmark). A benchmark, not a test:
// it reports, it asserts nothing. Run through tools/bench, which asks for
// medians of repeated runs.
#include <benchmark/benchmark.h>

#include "budget/serving_budget.h"
#include "budget/sweeps.h"
#include "traffic/serving_simulation.h"

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

// The serving simulation of 10,000 requests: the lesson's GQA-8 7B, Poisson arrivals at
// 2 requests/s of 512 prompt and 128 output tokens (about 5.6 running, 227,000 iterations).
// tools/benchmarks/bench_wasm.mjs runs the same through the facade.
void BM_simulate_10000_requests(benchmark::State& state) {
  const llmbudget::BudgetInput in = lesson_input();
  llmbudget::TrafficInput traffic;
  traffic.request_rate = 2;
  traffic.requests = 10000;
  traffic.input_tokens = 512;
  traffic.output_tokens = 128;
  for (auto _ : state) {
    llmbudget::TrafficResult r = llmbudget::simulate_traffic(in, traffic);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_simulate_10000_requests)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

// A discrete-event simulation of LLM serving: requests arrive (open loop at a
// rate, or closed loop from a fixed number of clients), wait, and are served by
// one replica, or by R replicas behind a router, each running iteration-level
// (continuous) batching with chunked prefill. Every iteration is priced by the
// budget's own cost of the tokens it carries (detail::iteration_time_s(),
// budget/iteration_cost.h), so one request alone gets exactly the budget's TTFT
// and decode step.
//
// The scheduler, one iteration (a forward pass) at a time, as vLLM's V1
// scheduler (vllm/v1/core/sched/scheduler.py, Scheduler.schedule()) does it:
//   1. A token budget of max_num_batched_tokens. The running requests, in the
//      order they were admitted, each take what they need: one decode token,
//      or the rest of their prompt (a chunk, cut to what is left of the budget).
//      Only the latest admitted requests can be part-way through their prompts,
//      so every decode comes before them: the decodes are taken first, then the
//      prompts in admission order (the same order vLLM's running list gives).
//   2. Then the waiting requests, first come first served, while fewer than
//      max_num_seqs run and budget is left: the head of the queue is admitted
//      when its KV cache at its full context (prompt + output tokens) fits in what
//      the other running requests leave of the KV budget (detail::kv_budget_bytes():
//      GPU memory within the headroom limit less weights and runtime, per GPU,
//      the budget's kv_capacity_tokens in bytes), and takes a prefill chunk of its
//      prompt; when it does not fit, admission stops (no request jumps the queue).
//   3. The iteration takes iteration_time_s(); at its end each request gets its
//      token: the last prefill chunk gives the first token (TTFT), each decode one more.
//   4. A finished request frees its KV cache at once; the next iteration starts
//      at once while any request is running or waiting.
// Prefix caching: a share prefix_hit_rate of each prompt (at least one token
// is always computed, as vLLM recomputes the last one) is already in the cache:
// never prefilled, but attended to and held in the KV cache.
// Replicas: each is a copy of `in` (its in.gpus GPUs); the router sends each
// arriving request to the replica with the fewest requests waiting or running
// (the lowest index on a tie).
//
// Not modelled (so measured runs hold more or other time): preemption and
// recompute (vLLM allocates KV blocks as tokens come and evicts the newest
// request when blocks run out; here a request reserves its whole context when
// admitted, so none is ever evicted, and admission is more cautious); KV
// blocks and their rounding; priorities and other policies than first come
// first served; the prefix cache's own dynamics (hits are a fixed share, not
// found by content); speculative decoding; CPU-side time (tokenising,
// scheduling, sampling, detokenising, HTTP), CUDA graph padding and kernel
// launch gaps; asynchronous scheduling that overlaps the CPU with the GPU;
// disaggregated prefill; pipeline parallelism.
//
// Load: open loop arrivals at times 0, g1, g1+g2, ..., gaps drawn from
// gamma(shape = burstiness, scale = 1 / (rate * burstiness)) (mean 1/rate; as
// vllm bench serve, without its rescaling of the total), or closed loop with
// min(concurrency, requests) arriving at 0 and each finished request replaced
// at its finish time until `requests` were sent. Lengths: fixed, or uniform
// whole numbers from floor(L*(1-r)) (at least 1) to floor(L*(1+r)). Arrival
// gaps, input and output lengths come from three streams of PortableRandom
// seeded from `seed`, so the same seed gives the same run on every platform.
#pragma once

#include "budget/budget_types.h"
#include "traffic/traffic_types.h"

namespace llmbudget {

/// Runs the simulation of `traffic` on replicas of `in`. Validates both
/// (validate_budget_input(), validate_traffic_input()); max_num_seqs 0 takes vLLM's default for
/// in.gpu_memory_bytes (vllm_default_max_num_seqs(), budget/vllm_runtime.h, with no device name:
/// 1,024 at 70 GiB or more, 256 below; a caller that knows the GPU is an A100 passes 256). Then refuses:
/// max_num_batched_tokens below max_num_seqs ("max_num_batched_tokens", vLLM's rule);
/// a configuration that leaves no KV cache budget ("gpu_memory_bytes"); a request of
/// the longest drawn context whose cache does not fit the budget alone, or that is
/// longer than model_max_context_tokens ("input_tokens"); a run of more than 5e7
/// iterations' worth of request tokens, requests * (output + input / max_num_batched_tokens)
/// ("requests"). Targets come from in.ttft_target_s and in.per_request_target_tokens_per_s
/// (0 = none): a request counts in goodput when its TTFT is at most the first and its
/// TPOT at most 1 / the second.
/// Unstable (open loop only): the mean waiting queue seen by the arrivals in the
/// last eighth of the run exceeds that of the arrivals from 1/2 to 5/8 by more than
/// 2 + 0.02 * (3/8 * requests), i.e. the queue keeps growing at about 2% of
/// arrivals or more (arrivals at least ~2% above what the server completes).
/// Not judged below 16 requests.
TrafficResult simulate_traffic(const BudgetInput& in, const TrafficInput& traffic);

}  // namespace llmbudget

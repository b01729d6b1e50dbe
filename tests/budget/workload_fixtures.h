// Workloads more than one test file uses, written once.
#pragma once

#include "budget/budget_types.h"

namespace llmbudget::test {

/// The lesson's 7B (P = 7e9, L = 32, H_q = 32, d_h = 128; 80 GB, 1e12 B/s, 4e13 FLOP/s; B = 16,
/// n = 8192) with grouped-query attention of 8 KV heads.
inline BudgetInput lesson_gqa8() {
  BudgetInput in;
  in.kv_heads = 8;
  return in;
}

/// Llama 3.1 70B (config.json: 80 layers, 64 query heads, 8 KV heads, head
/// dim 128; 70.6e9 parameters) on the H100 SXM preset's usable figures (80 GB,
/// 0.8 * 3.35e12 = 2.68e12 B/s, 0.5 * 989.5e12 = 494.75e12 FLOP/s, NVLink
/// 450e9 B/s a way, lambda = 20 us): 32 users with 4096-token contexts, all of
/// it prompt (n = n_p = 4096), on `gpus` GPUs, no latency targets.
inline BudgetInput llama31_70b_h100(double gpus = 1) {
  BudgetInput in;
  in.total_params = 70.6e9;
  in.layers = 80;
  in.query_heads = 64;
  in.kv_heads = 8;
  in.head_dim = 128;
  in.batch = 32;
  in.context_tokens = 4096;
  in.prompt_tokens = 0;  // 0: the whole context is prompt (n_p = n), also when a test shortens n
  in.gpu_memory_bytes = 80e9;
  in.bandwidth_bytes_per_s = 2.68e12;
  in.flops_per_s = 494.75e12;
  in.gpus = gpus;
  return in;
}

/// Llama 3.1 8B, 16-bit (content/presets.json and tests/data/hf-configs/llama-3.1-8b.json:
/// 8,030,261,248 parameters, 32 layers, 32 query heads, 8 KV heads of 128, vocabulary
/// 128,256; 2 * 32 * 8 * 128 * 2 B = 131,072 B of cache per token) on one GPU of
/// `gpu_memory_bytes`, one request of 16,000 tokens (llm-d's max-model-len), no runtime memory.
inline BudgetInput llama31_8b(double gpu_memory_bytes) {
  BudgetInput in;
  in.total_params = 8.030261248e9;
  in.layers = 32;
  in.query_heads = 32;
  in.kv_heads = 8;
  in.head_dim = 128;
  in.vocab_size = 128256;
  in.gpu_memory_bytes = gpu_memory_bytes;
  in.batch = 1;
  in.context_tokens = 16000;
  return in;
}

}  // namespace llmbudget::test

// Stored attention-score bytes (what exact tiled kernels avoid).
#include <catch2/catch.hpp>

#include "budget/attention_memory.h"
#include "number_format.h"

using namespace llmbudget;

TEST_CASE("score matrix sizes match the lesson", "[attention][seed]") {
  // seed-values.json "attention_score_matrix": 32 heads, 2 bytes per score.
  struct Case {
    double n, exact;
    const char* shown_gb;
  };
  const Case cases[] = {
      {2048, 268435456, "0.27"},
      {8192, 4294967296, "4.29"},
      {32768, 68719476736, "68.72"},
  };
  for (const Case& c : cases) {
    const AttentionMemoryResult r = attention_memory(32, c.n, 2);
    REQUIRE(r.ok);
    CHECK(r.stored_score_bytes == c.exact);
    CHECK(format_fixed(r.stored_score_bytes / 1e9, 2) == c.shown_gb);
  }
}

TEST_CASE("a tiled kernel keeps two fp32 values per query row", "[attention]") {
  // 32 heads * 8192 rows * 2 values * 4 bytes = 2097152 B (2 MB against 4.29 GB).
  CHECK(attention_memory(32, 8192, 2).tiled_kernel_bytes == 2097152);
  // Linear in n: 4x the context, 4x the bytes; the stored scores grow 16x.
  const AttentionMemoryResult a = attention_memory(32, 2048, 2);
  const AttentionMemoryResult b = attention_memory(32, 8192, 2);
  CHECK(b.tiled_kernel_bytes == 4 * a.tiled_kernel_bytes);
  CHECK(b.stored_score_bytes == 16 * a.stored_score_bytes);
}

TEST_CASE("largest valid input stays finite", "[attention]") {
  // 1024 * 1e8 * 1e8 * 8 = 8.192e19 B
  CHECK(attention_memory(1024, 1e8, 8).stored_score_bytes == Approx(8.192e19));
}

TEST_CASE("attention-memory inputs are validated", "[attention][validate]") {
  struct Bad {
    double heads, n, bytes;
    const char* field;
    const char* message;
  };
  const Bad cases[] = {
      {0, 8192, 2, "heads", "heads must be a whole number from 1 to 1024 (got 0)"},
      {32.5, 8192, 2, "heads", "heads must be a whole number from 1 to 1024 (got 32.5)"},
      {32, 0, 2, "context_tokens", "context_tokens must be a whole number from 1 to 1e8 (got 0)"},
      {32, 2e8, 2, "context_tokens", "context_tokens must be a whole number from 1 to 1e8 (got 2e8)"},
      {32, 8192, 0, "bytes_per_score", "bytes_per_score must be a number above 0 and at most 8 (got 0)"},
      {32, 8192, -INFINITY, "bytes_per_score",
       "bytes_per_score must be a number above 0 and at most 8 (got -Infinity)"},
  };
  for (const Bad& b : cases) {
    const AttentionMemoryResult r = attention_memory(b.heads, b.n, b.bytes);
    CHECK_FALSE(r.ok);
    CHECK(r.error.field == b.field);
    CHECK(r.error.message == b.message);
  }
}

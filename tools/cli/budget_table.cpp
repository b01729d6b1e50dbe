// budget-table: prints serving budgets from the core as a text table, CSV or JSON.
//
//   budget-table                      the lesson's six rows for its 7B workload
//   budget-table --gpu-memory-bytes 48e9
//                                     the same six rows on a 48 GB GPU
//   budget-table --kv-heads 4         one row: the lesson's defaults with 4 KV heads
//   budget-table --config wb=1,kv=8,cb=1,batch=32 --config wb=2,kv=8,cb=2,batch=32,label=fp16
//                                     one row per --config
//   budget-table --json | --csv       machine-readable output
//   budget-table --plan --total-params 70.6e9 ... [--csv | --json]
//                                     the planner's table of levers for one workload
//   budget-table --hf-config config.json [--batch 8 ...]
//                                     one row for the model a Hugging Face config.json
//                                     describes (budget/hf_config.h); input flags still win
//   budget-table --gpu h100-sxm-80gb [--batch 8 ...]
//                                     the GPU inputs from a preset of content/presets.json
//                                     (read with the core's JSON reader); input flags win
//   budget-table --gpu list           the GPU presets: id, label, source
//   budget-table --simulate --request-rate 2 | --concurrency 16 [--requests N ...] [--max-rate] [--json]
//                                     the serving simulation (traffic/serving_simulation.h) of
//                                     the configuration the input flags give
//
// Bad flags and values: one line on stderr naming the flag, exit status 2.
// Every number comes from the core (plan()); this file parses and prints.
#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "budget/field_declarations.h"
#include "budget/field_declarations_json.h"
#include "budget/hf_config.h"
#include "budget/planner.h"
#include "budget/serving_budget.h"
#include "budget/validate.h"
#include "budget/vllm_runtime.h"
#include "number_format.h"
#include "simulate_output.h"
#include "text/decimal_scan.h"
#include "text/json_reader.h"
#include "text/utf8_text.h"
#include "traffic/load_search.h"
#include "traffic/serving_simulation.h"
#include "traffic/traffic_declarations.h"

using namespace llmbudget;

namespace {

constexpr const char* kProgram = "budget-table";
constexpr double kLessonContextTokens = 8192;

// ---------------------------------------------------------------- inputs

// Every input flag comes from the core's field declarations: the flag is the
// field name in kebab case (--kv-heads), its placeholder the unit in capitals
// (BYTES_PER_S), its help the symbol and meaning, its range the declared one.
struct InputFlag {
  std::string flag;     // --kebab-case of the field
  std::string metavar;  // unit-bearing placeholder in --help
  const InputFieldDeclaration* field;
};

InputFlag flag_of(const InputFieldDeclaration& f) {
  std::string flag = std::string("--") + f.name;
  std::replace(flag.begin(), flag.end(), '_', '-');
  std::string metavar;
  for (const char* p = f.unit; *p != '\0'; ++p) {
    if (*p == '/')
      metavar += "_PER_";
    else if (*p == ' ')
      metavar += '_';
    else
      metavar += static_cast<char>(std::toupper(static_cast<unsigned char>(*p)));
  }
  if (metavar.empty()) metavar = "N";
  return InputFlag{flag, metavar, &f};
}

std::vector<InputFlag> flags_of(Table<InputFieldDeclaration> fields) {
  std::vector<InputFlag> flags;
  for (const InputFieldDeclaration& f : fields) flags.push_back(flag_of(f));
  return flags;
}

// --simulate's flags: the serving simulation's inputs, by their declared names, but for
// max_num_seqs, the row it shares with vLLM's runtime estimate: that is --runtime vllm's
// --max-num-seqs (kVllmRuntimeFlags), one flag for both.
std::vector<InputFlag> traffic_flags() {
  std::vector<InputFlag> flags;
  for (const TrafficInputFieldDeclaration& row : traffic_input_fields()) {
    if (row.field != &vllm_runtime_input_fields().rows[0]) flags.push_back(flag_of(*row.field));
  }
  return flags;
}

const std::vector<InputFlag> kInputFlags = flags_of(budget_input_fields());
// --plan's speculative-decoding flags: the parameters of speculative(), by their declared names.
const std::vector<InputFlag> kSpeculativeFlags = flags_of(speculative_input_fields());
// --runtime vllm's parameter: --max-num-seqs, by its declared name.
const std::vector<InputFlag> kVllmRuntimeFlags = flags_of(vllm_runtime_input_fields());
const std::vector<InputFlag> kTrafficFlags = traffic_flags();

// Short --config keys (the lesson's table varies these five).
struct ShortKey {
  const char* key;
  const char* field;
};
const ShortKey kShortKeys[] = {
    {"wb", "weight_bytes_per_param"}, {"kv", "kv_heads"},
    {"cb", "cache_bytes_per_value"},  {"batch", "batch"},
    {"ctx", "context_tokens"},        {"window", "sliding_window_tokens"},
};

const InputFlag* flag_for_field(const std::string& field) {
  for (const InputFlag& f : kInputFlags) {
    if (field == f.field->name) return &f;
  }
  return nullptr;
}

// ---------------------------------------------------------------- GPU presets

// The presets file --gpu reads: this repository's content/presets.json, its path
// set by CMakeLists.txt when the CLI is configured (the build lives in the clone,
// so the file is found from any working directory).
#ifndef LLMB_PRESETS_JSON
#define LLMB_PRESETS_JSON "content/presets.json"
#endif

// One GPU of the presets file: its id, label and source, and each member
// holding a number, by name. Which of those members are inputs is the core's
// declaration's to say (the "Hardware" group, as the page's GPU buttons set);
// the others (datasheet peaks, usable fractions) are what those inputs were
// worked out from and are not read here.
struct GpuPreset {
  std::string id;
  std::string label;
  std::string source;
  std::vector<std::pair<std::string, double>> numbers;
};

// ---------------------------------------------------------------- errors

// Code points a terminal or a table must not receive from a label: the
// core's control characters (C0 and C1 controls, DEL, line/paragraph
// separators; src/text/utf8_text.h) plus tab, LF and CR, and the bidirectional
// controls (they reorder or hide the text around them).
bool is_control(unsigned cp) {
  return cp == '\t' || cp == '\n' || cp == '\r' || llmbudget::is_control_character(cp) ||
         llmbudget::is_bidi_control(cp);
}

std::string hex(unsigned v, int digits) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%0*X", digits, v);
  return buf;
}

// `text` safe to print in one error line: controls become "\x1B" or
// "\u{202E}", bytes that are not UTF-8 "\xFF", backslashes stay as they are.
// This terminal escape is the CLI's own concern and deliberately not the
// core's "[U+XXXX]" (text shown to students): it must also show raw bytes
// that are not UTF-8, and it reads as the C/JS escapes a shell user knows.
std::string shown(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    unsigned cp = 0;
    const std::size_t len = decode_utf8(text, i, cp);
    if (len == 0) {
      out += "\\x" + hex(static_cast<unsigned char>(text[i]), 2);
      ++i;
      continue;
    }
    if (is_control(cp))
      out += cp < 0x100 ? "\\x" + hex(cp, 2) : "\\u{" + hex(cp, 4) + "}";
    else
      out += text.substr(i, len);
    i += len;
  }
  return out;
}

// Text a user typed, as a message echoes it: at most this many bytes (a
// 100 KB value is named by its start, src/text/utf8_text.h clip_utf8).
constexpr std::size_t kEchoBytes = 80;
std::string echo(const std::string& text) { return clip_utf8(text, kEchoBytes); }

// Every message goes through shown(), so text a user typed (a flag, a value,
// a label) never reaches the terminal as raw escape codes or line breaks.
[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "%s: %s\n", kProgram, shown(message).c_str());
  std::exit(2);
}

// A label must be printable UTF-8: no control characters (see is_control), so
// that it cannot break a table row or a CSV line or colour the terminal.
void check_label(const std::string& who, const std::string& label) {
  for (std::size_t i = 0; i < label.size();) {
    unsigned cp = 0;
    const std::size_t len = decode_utf8(label, i, cp);
    if (len == 0) fail(who + ": the label is not valid UTF-8 text");
    if (is_control(cp))
      fail(who + ": the label contains the control character U+" + hex(cp, 4) +
           " (labels must be printable text on one line)");
    i += len;
  }
}

// Reads a flag value: a decimal number only, [+-]digits[.digits][e[+-]digits]
// (".5" and "5." too). Hex ("0x10"), "inf", "nan", spaces and empty text are
// refused, and so is a value the double range cannot hold: overflow to
// infinity ("1e400") or underflow to zero ("1e-400"), the core's reading
// rule (text/decimal_scan.h's reading_range), and, for a flag only, a
// subnormal ("1e-310"), which would keep fewer digits than were typed. The
// digits are read by the core's decimal reader, so a flag and the page read
// the same text to the same double. `who` names the flag in the error, which
// echoes the text as typed.
double parse_number(const std::string& who, const std::string& text) {
  const std::string quoted = "\"" + echo(text) + "\"";
  std::size_t i = 0;
  const auto digits = [&]() {
    const std::size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return text.substr(start, i - start);
  };
  const bool negative = i < text.size() && text[i] == '-';
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  const std::string whole = digits();
  std::string frac;
  if (i < text.size() && text[i] == '.') {
    ++i;
    frac = digits();
  }
  bool ok = !whole.empty() || !frac.empty();
  std::string exponent;
  if (ok && i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) exponent = text[i++];
    const std::string exponent_digits = digits();
    ok = !exponent_digits.empty();
    exponent += exponent_digits;
  }
  if (!ok || i != text.size()) fail(who + ": " + quoted + " is not a decimal number (e.g. 16, 0.5 or 7e9)");
  double value = 0;
  const ScanError read = decimal_to_double(whole, frac, exponent, value);
  if (read == ScanError::out_of_range) fail(who + ": " + quoted + " is out of range (overflows)");
  if (read == ScanError::underflow || (value != 0 && value < DBL_MIN))
    fail(who + ": " + quoted + " is out of range (underflows)");
  return value == 0 || !negative ? value : -value;  // "-0" is 0
}

// ---------------------------------------------------------------- --gpu

// The text of a file the CLI reads: at most 1 MiB (the JSON reader's limit),
// refused with the flag and path otherwise; `typical` says what size to expect.
std::string read_text_file(const std::string& source, const std::string& path, const char* typical) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) fail(source + ": cannot open the file");
  constexpr std::size_t kMax = 1 << 20;
  std::string text;
  char buf[65536];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    text.append(buf, n);
    if (text.size() > kMax) {
      std::fclose(f);
      fail(source + ": the file is larger than 1 MiB (1048576 bytes); " + typical);
    }
  }
  const bool error = std::ferror(f) != 0;
  std::fclose(f);
  if (error) fail(source + ": cannot read the file");
  return text;
}

// The GPU presets of the presets file, in its order, read with the core's JSON
// reader (text/json_reader.h). tools/check-content checks the file's shape and
// values; here an entry without a string id is skipped, and a file that is not
// JSON or has no "gpus" list is a one-line error.
std::vector<GpuPreset> load_gpu_presets() {
  const std::string path = LLMB_PRESETS_JSON;
  const std::string who = "--gpu: " + path;
  const json::ReadResult doc = json::read_json(read_text_file(who, path, "a presets file is some tens of kilobytes"));
  if (!doc.ok)
    fail(who + ": not JSON at byte " + std::to_string(doc.error.offset) + ": " + doc.error.reason +
         " (tools/check-content says more)");
  const json::Value* gpus = doc.value.find("gpus");
  if (!gpus || gpus->kind != json::Kind::array) fail(who + ": has no \"gpus\" list (tools/check-content says more)");
  std::vector<GpuPreset> presets;
  for (const json::Value& g : gpus->items) {
    const auto text = [&](const char* key) {
      const json::Value* v = g.find(key);
      return v && v->kind == json::Kind::string ? v->text : std::string();
    };
    GpuPreset preset{text("id"), text("label"), text("source"), {}};
    if (preset.id.empty()) continue;
    for (std::size_t i = 0; i < g.keys.size(); ++i) {
      if (g.items[i].kind == json::Kind::number) preset.numbers.emplace_back(g.keys[i], g.items[i].number);
    }
    presets.push_back(preset);
  }
  return presets;
}

// "--gpu list": one line per GPU preset, id, label and source separated by
// tabs; text from the file goes through shown(), so no control character in a
// label reaches the terminal raw.
void print_gpu_list() {
  for (const GpuPreset& g : load_gpu_presets())
    std::printf("%s\t%s\t%s\n", shown(g.id).c_str(), shown(g.label).c_str(), shown(g.source).c_str());
}

GpuPreset find_gpu_preset(const std::string& id, const std::string& flag = "--gpu") {
  std::string ids;
  for (const GpuPreset& g : load_gpu_presets()) {
    if (id == g.id) return g;
    ids += (ids.empty() ? "" : ", ") + g.id;
  }
  const bool count = !id.empty() && std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; });
  fail(flag + ": '" + echo(id) + "' is not a GPU preset of content/presets.json (" +
       (count ? "for a number of GPUs use --gpus; " : "") + "the ids: " + ids + ")");
}

// Sets every "Hardware" input of `base` from the preset, as the page's GPU
// button does: the preset's value, or the field's default when the preset does
// not give it (a card without an FP8 path leaves flops_8bit_per_s at 0, "same
// as the 16-bit rate"). Fields in `explicit_fields` (given as input flags) keep
// their flag's value. Returns the fields it set, to blame --gpu for a refusal.
std::vector<std::string> apply_gpu_preset(const GpuPreset& gpu, const std::vector<std::string>& explicit_fields,
                                          BudgetInput& base) {
  const BudgetInput defaults;
  std::vector<std::string> set;
  for (const InputFlag& flag : kInputFlags) {
    const InputFieldDeclaration& f = *flag.field;
    if (std::strcmp(f.group, "Hardware") != 0) continue;
    if (std::find(explicit_fields.begin(), explicit_fields.end(), f.name) != explicit_fields.end()) continue;
    double value = defaults.*(f.member);
    for (const auto& [key, number] : gpu.numbers) {
      if (key == f.name) value = number;
    }
    base.*(f.member) = value;
    set.push_back(f.name);
  }
  return set;
}

// ---------------------------------------------------------------- --runtime vllm

// Sets the runtime inputs vLLM's startup would give (vllm_runtime_estimate) on
// `base`, except those in `explicit_fields` (input flags win). `device_name` is
// the --gpu preset's label ("" without --gpu). Returns the sentence printed
// after the table: what was assumed and set.
std::string apply_vllm_runtime(std::optional<double> max_num_seqs, const std::string& device_name,
                               const std::vector<std::string>& explicit_fields, BudgetInput& base) {
  // Without --max-num-seqs, vLLM's default for the GPU: its memory and, from --gpu, its name (the A100 rule).
  const double seqs = max_num_seqs ? *max_num_seqs : vllm_default_max_num_seqs(base.gpu_memory_bytes, device_name);
  const VllmRuntimeEstimate e = vllm_runtime_estimate(base, seqs);
  if (!e.ok) {
    const std::string who = e.error.field == "max_num_seqs" ? kVllmRuntimeFlags[0].flag
                            : e.error.field == "vocab_size" ? std::string("--runtime vllm")
                                                            : "--runtime vllm: " + e.error.field;
    fail(who + ": " + e.error.message + (e.error.field == "vocab_size" ? " (--vocab-size or --hf-config)" : ""));
  }
  const BudgetInput estimated = with_vllm_runtime(base, e);
  std::string kept;
  // The estimate's results that are BudgetInput fields (all but max_num_seqs), by the declaration.
  for (const ResultFieldDeclaration<VllmRuntimeEstimate>& f : vllm_runtime_result_fields()) {
    const InputFlag* flag = flag_for_field(f.name);
    if (!flag) continue;
    if (std::find(explicit_fields.begin(), explicit_fields.end(), f.name) != explicit_fields.end()) {
      kept += (kept.empty() ? "" : ", ") + flag->flag;
      continue;
    }
    base.*(flag->field->member) = estimated.*(flag->field->member);
  }
  const auto gib = [](double bytes) { return format_fixed(bytes / 1073741824.0, 2) + " GiB"; };
  return "--runtime vllm (an estimate of vLLM's startup): gpu_memory_utilization 0.9 (headroom 0.1), warm-up peak " +
         gib(e.activation_peak_bytes) + " (9.7 x " + format_grouped(e.max_num_seqs, 0) + " sequences x " +
         format_grouped(base.vocab_size, 0) + "-token vocabulary x 4 B), non-torch memory " +
         gib(e.runtime_reserve_bytes) + " per GPU" + (kept.empty() ? "" : "; kept as given: " + kept) + ".";
}

// ---------------------------------------------------------------- rows

struct RowSpec {
  std::string label;  // empty: generated from the input
  BudgetInput input;
  std::string source;  // what to blame in an error: "--config 'wb=2,kv=0'" or ""
  std::vector<std::string> fields_from_source;
};

// "16-bit weights, GQA-8, 16-bit cache, B=16" (the lesson's wording for its rows); latent
// attention reads "MLA (576 latent values)" and a window on some layers "W=4096 on 21 of 42 layers".
std::string auto_label(const BudgetInput& in) {
  auto bits = [](double bytes) { return format_shortest(bytes * 8) + "-bit"; };
  std::string attention;
  if (in.latent_kv_dim > 0) {
    attention = "MLA (" + format_shortest(in.latent_kv_dim) + " latent values)";
  } else if (in.kv_heads == in.query_heads) {
    attention = "MHA (" + format_shortest(in.kv_heads) + " KV heads)";
  } else if (in.kv_heads == 1) {
    attention = "MQA";
  } else {
    attention = "GQA-" + format_shortest(in.kv_heads);
  }
  std::string label = bits(in.weight_bytes_per_param) + " weights, " + attention + ", " +
                      bits(in.cache_bytes_per_value) + " cache, B=" + format_shortest(in.batch);
  if (in.context_tokens != kLessonContextTokens) label += ", n=" + format_shortest(in.context_tokens);
  if (in.sliding_window_tokens > 0) {
    label += ", W=" + format_shortest(in.sliding_window_tokens);
    // Some layers windowed, the rest full: "W=4096 on 21 of 42 layers".
    if (in.sliding_window_layers > 0 && in.sliding_window_layers < in.layers) {
      label += " on " + format_shortest(in.sliding_window_layers) + " of " + format_shortest(in.layers) + " layers";
    }
  }
  if (in.gpus > 1) label += ", G=" + format_shortest(in.gpus);
  return label;
}

// The lesson's six rows: (b_w, H_kv, b_c, B) at n = 8192; MHA uses every query head.
std::vector<RowSpec> lesson_rows(const BudgetInput& base) {
  struct Lesson {
    double wb, kv, cb, batch;
  };
  const Lesson rows[] = {{2, 0, 2, 16}, {2, 8, 2, 16}, {1, 8, 1, 16}, {0.5, 8, 1, 16}, {2, 8, 2, 64}, {2, 8, 2, 1}};
  std::vector<RowSpec> specs;
  for (const Lesson& r : rows) {
    RowSpec spec;
    spec.input = base;
    spec.input.weight_bytes_per_param = r.wb;
    spec.input.kv_heads = r.kv == 0 ? base.query_heads : r.kv;
    spec.input.cache_bytes_per_value = r.cb;
    spec.input.batch = r.batch;
    spec.input.context_tokens = kLessonContextTokens;
    spec.source = "lesson row " + std::to_string(specs.size() + 1) + " (" + auto_label(spec.input) + ")";
    spec.fields_from_source = {"weight_bytes_per_param", "kv_heads", "cache_bytes_per_value", "batch",
                               "context_tokens"};
    specs.push_back(spec);
  }
  return specs;
}

RowSpec parse_config(const std::string& text, const BudgetInput& base) {
  RowSpec spec;
  spec.input = base;
  spec.source = "--config '" + echo(text) + "'";
  if (text.empty()) fail("--config needs KEY=VALUE pairs, e.g. --config wb=2,kv=8,cb=2,batch=16,ctx=8192");
  std::vector<std::string> seen;  // fields (and "label") set so far
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string pair = text.substr(start, comma - start);
    start = comma + 1;
    const std::size_t eq = pair.find('=');
    if (eq == std::string::npos || eq == 0) fail(spec.source + ": '" + echo(pair) + "' is not KEY=VALUE");
    const std::string key = pair.substr(0, eq);
    const std::string value = pair.substr(eq + 1);
    std::string field = key;
    for (const ShortKey& s : kShortKeys) {
      if (key == s.key) field = s.field;
    }
    if (std::find(seen.begin(), seen.end(), field) != seen.end())
      fail(spec.source + ": '" + echo(key) + "' given twice (each key once per --config)");
    seen.push_back(field);
    if (key == "label") {
      check_label(spec.source, value);
      spec.label = value;
      continue;
    }
    const InputFlag* flag = flag_for_field(field);
    if (!flag) {
      fail(spec.source + ": unknown key '" + echo(key) +
           "' (keys: wb, kv, cb, batch, ctx, window, label, or an input name such as total_params)");
    }
    spec.input.*(flag->field->member) = parse_number(spec.source + ": " + echo(key), value);
    spec.fields_from_source.push_back(field);
  }
  return spec;
}

// ---------------------------------------------------------------- output

struct Row {
  std::string label;
  BudgetResult result;
  BudgetInput input;
};

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"')
      out += "\\\"";
    else if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string csv_string(const std::string& text) {
  std::string out = "\"";
  for (const char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

// Each row ends, after the agreed keys (so a reader of those keeps working),
// with the model it was computed for and vLLM's startup figures:
// total_params, active_params (the total when the model is dense),
// kv_cache_bytes_per_token, kv_capacity_tokens and max_concurrency.
void print_json(const std::vector<Row>& rows) {
  std::printf("[\n");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const BudgetResult& r = rows[i].result;
    auto speed = [&](double v) { return r.has_speed ? format_shortest(v) : std::string("null"); };
    const BudgetInput& in = rows[i].input;
    const std::string model = ", \"total_params\": " + format_shortest(in.total_params) + ", \"active_params\": " +
                              format_shortest(in.active_params > 0 ? in.active_params : in.total_params) +
                              ", \"kv_cache_bytes_per_token\": " + format_shortest(r.kv_cache_bytes_per_token) +
                              ", \"kv_capacity_tokens\": " + format_shortest(r.kv_capacity_tokens) +
                              ", \"max_concurrency\": " + format_shortest(r.max_concurrency);
    std::printf(
        "  {\"label\": %s, \"weight_bytes\": %s, \"kv_cache_bytes\": %s, \"total_bytes\": %s, "
        "\"fits\": %s, \"verdict\": \"%s\", \"step_s\": %s, \"per_request_tokens_per_s\": %s, "
        "\"total_tokens_per_s\": %s, \"per_gpu_bytes\": %s, \"comm_s\": %s, \"ttft_s\": %s%s}%s\n",
        json_string(rows[i].label).c_str(), format_shortest(r.weight_bytes).c_str(),
        format_shortest(r.kv_cache_bytes).c_str(), format_shortest(r.total_bytes).c_str(), r.fits ? "true" : "false",
        verdict_name(r.verdict), speed(r.step_s).c_str(), speed(r.per_request_tokens_per_s).c_str(),
        speed(r.total_tokens_per_s).c_str(), format_shortest(r.per_gpu_bytes).c_str(),
        format_shortest(r.comm_s).c_str(), speed(r.ttft_s).c_str(), model.c_str(), i + 1 < rows.size() ? "," : "");
  }
  std::printf("]\n");
}

void print_csv(const std::vector<Row>& rows) {
  std::printf(
      "label,weight_bytes,kv_cache_bytes,total_bytes,fits,verdict,step_s,per_request_tokens_per_s,"
      "total_tokens_per_s,per_gpu_bytes,comm_s,ttft_s\n");
  for (const Row& row : rows) {
    const BudgetResult& r = row.result;
    auto speed = [&](double v) { return r.has_speed ? format_shortest(v) : std::string(); };
    std::printf("%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", csv_string(row.label).c_str(),
                format_shortest(r.weight_bytes).c_str(), format_shortest(r.kv_cache_bytes).c_str(),
                format_shortest(r.total_bytes).c_str(), r.fits ? "true" : "false", verdict_name(r.verdict),
                speed(r.step_s).c_str(), speed(r.per_request_tokens_per_s).c_str(), speed(r.total_tokens_per_s).c_str(),
                format_shortest(r.per_gpu_bytes).c_str(), format_shortest(r.comm_s).c_str(), speed(r.ttft_s).c_str());
  }
}

// Display width of UTF-8 text: count code points, not bytes.
std::size_t width(const std::string& text) {
  std::size_t n = 0;
  for (const char ch : text) {
    if ((static_cast<unsigned char>(ch) & 0xC0) != 0x80) ++n;
  }
  return n;
}

// A table cell number: grouped digits with `decimals` places ("1,026",
// "25.6"), or, from 1e12 up, three significant digits in exponent form
// ("3.33e17"), so every column reads the same way for any model size.
std::string table_number(double x, int decimals) {
  if (!(std::fabs(x) >= 1e12)) return format_grouped(x, decimals);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.2e", x);  // "3.33e+17"
  std::string text = buf;
  const std::size_t e = text.find('e');
  std::string mantissa = text.substr(0, e), exponent = text.substr(e + 1);
  while (mantissa.back() == '0') mantissa.pop_back();
  if (mantissa.back() == '.') mantissa.pop_back();
  const std::string sign = exponent[0] == '-' ? "-" : "";
  exponent.erase(0, 1);
  while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
  return mantissa + "e" + sign + exponent;
}

// GPU memory for the "Fits ...?" header: in GB (1e9 bytes) from 1 MB up
// ("80 GB", "0.5 GB", "1e6 GB"), below that in bytes ("512 B", "1 B"). A
// capacity as a card reports it, in binary units, is not a round number of GB:
// it reads to 0.1 GB with its GiB beside it (85,899,345,920 B: "85.9 GB = 80 GiB").
std::string gpu_memory_text(double bytes) {
  if (bytes < 1e6) return format_compact(bytes) + " B";
  const double gb = bytes / 1e9;
  if (gb >= 1e4 || std::round(gb * 10) / 10 == gb) return format_compact(gb) + " GB";
  return format_grouped(gb, 1) + " GB = " + format_compact(std::round(bytes / 1073741824.0 * 10) / 10) + " GiB";
}

void print_table(const std::vector<Row>& rows, const std::vector<BudgetInput>& inputs) {
  bool several_gpus = false;
  for (const BudgetInput& in : inputs) several_gpus = several_gpus || in.gpus > 1;
  bool same_gpu = true;
  for (const BudgetInput& in : inputs) same_gpu = same_gpu && in.gpu_memory_bytes == inputs[0].gpu_memory_bytes;
  const std::string fits_header =
      same_gpu ? "Fits " + gpu_memory_text(inputs[0].gpu_memory_bytes) + "?" : std::string("Fits?");
  std::vector<std::vector<std::string>> cells;
  // Memory is what one GPU holds (the verdict's figure): the whole model's at G = 1.
  cells.push_back({"Configuration", several_gpus ? "Memory per GPU" : "Memory", fits_header, "Verdict", "Step",
                   "Per request", "Total"});
  for (const Row& row : rows) {
    const BudgetResult& r = row.result;
    const std::string dash = "-";  // the lesson prints no speed for a configuration that does not fit
    cells.push_back({row.label, table_number(r.per_gpu_bytes / 1e9, 1) + " GB", r.fits ? "yes" : "no",
                     verdict_name(r.verdict), r.has_speed ? table_number(r.step_s * 1000, 1) + " ms" : dash,
                     r.has_speed ? table_number(r.per_request_tokens_per_s, 1) + " tok/s" : dash,
                     r.has_speed ? table_number(r.total_tokens_per_s, 0) + " tok/s" : dash});
  }
  std::vector<std::size_t> widths(cells[0].size(), 0);
  for (const auto& line : cells) {
    for (std::size_t c = 0; c < line.size(); ++c) widths[c] = std::max(widths[c], width(line[c]));
  }
  const bool right_aligned[] = {false, true, false, false, true, true, true};
  for (const auto& line : cells) {
    std::string out;
    for (std::size_t c = 0; c < line.size(); ++c) {
      const std::string pad(widths[c] - width(line[c]), ' ');
      if (c > 0) out += "  ";
      out += right_aligned[c] ? pad + line[c] : line[c] + (c + 1 < line.size() ? pad : "");
    }
    std::printf("%s\n", out.c_str());
  }
  bool same_headroom = true;
  for (const BudgetInput& in : inputs)
    same_headroom = same_headroom && in.headroom_fraction == inputs[0].headroom_fraction;
  if (same_headroom && inputs[0].headroom_fraction > 0) {
    std::printf("tight = fits but leaves less than %s%% of GPU memory free; 1 GB = 1e9 bytes.\n",
                format_compact(inputs[0].headroom_fraction * 100).c_str());
  } else {
    // Headroom 0: nothing that fits is tight, so there is no tight note.
    std::printf("1 GB = 1e9 bytes.\n");
  }
}

// ---------------------------------------------------------------- --plan

// One planner cell as JSON or CSV text, read through the row's declaration:
// numbers exact, flags true/false, the verdict by name; a field that needs a
// fit is null (JSON) or empty (CSV) when the row does not fit.
std::string plan_cell(const PlanRow& row, const ResultFieldDeclaration<PlanRow>& f, bool json) {
  if (f.needs_fit && !row.fits) return json ? "null" : "";
  switch (f.kind) {
    case ResultKind::number: return format_shortest(row.*f.number);
    case ResultKind::flag: return row.*f.flag ? "true" : "false";
    case ResultKind::verdict: return json ? json_string(verdict_name(row.*f.verdict)) : verdict_name(row.*f.verdict);
    case ResultKind::binding_term:
      return json ? json_string(binding_term_name(row.*f.binding_term)) : binding_term_name(row.*f.binding_term);
  }
  return "";
}

// A --compare-gpus row's own fields after the plan row's: the GPU preset's id and the cost fields.
struct HardwareCells {
  const std::vector<HardwarePlanRow>* rows = nullptr;  // parallel to the plan rows
  const std::vector<std::string>* gpu_ids = nullptr;   // one per option
};

std::string hardware_cell(const HardwarePlanRow& row, const ResultFieldDeclaration<HardwarePlanRow>& f, bool json) {
  if (f.needs_fit && !row.plan.fits) return json ? "null" : "";
  return f.kind == ResultKind::flag ? (row.*f.flag ? "true" : "false") : format_shortest(row.*f.number);
}

void print_plan_json(const std::vector<PlanRow>& rows, const HardwareCells& hw = {}) {
  std::printf("[\n");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::string line = "  {";
    if (hw.rows) line += "\"gpu\": " + json_string((*hw.gpu_ids)[static_cast<std::size_t>((*hw.rows)[i].option)]);
    for (const ResultFieldDeclaration<PlanRow>& f : plan_row_fields()) {
      if (line.size() > 3) line += ", ";
      line += json_string(f.name) + ": " + plan_cell(rows[i], f, true);
    }
    if (hw.rows)
      for (const ResultFieldDeclaration<HardwarePlanRow>& f : hardware_plan_row_fields())
        line += ", " + json_string(f.name) + ": " + hardware_cell((*hw.rows)[i], f, true);
    std::printf("%s}%s\n", line.c_str(), i + 1 < rows.size() ? "," : "");
  }
  std::printf("]\n");
}

void print_plan_csv(const std::vector<PlanRow>& rows, const HardwareCells& hw = {}) {
  std::string header = hw.rows ? "gpu" : "";
  for (const ResultFieldDeclaration<PlanRow>& f : plan_row_fields())
    header += (header.empty() ? "" : ",") + std::string(f.name);
  if (hw.rows)
    for (const ResultFieldDeclaration<HardwarePlanRow>& f : hardware_plan_row_fields())
      header += "," + std::string(f.name);
  std::printf("%s\n", header.c_str());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::string line = hw.rows ? (*hw.gpu_ids)[static_cast<std::size_t>((*hw.rows)[i].option)] : "";
    bool first = !hw.rows;
    for (const ResultFieldDeclaration<PlanRow>& f : plan_row_fields()) {
      if (!first) line += ",";
      first = false;
      line += plan_cell(rows[i], f, false);
    }
    if (hw.rows)
      for (const ResultFieldDeclaration<HardwarePlanRow>& f : hardware_plan_row_fields())
        line += "," + hardware_cell((*hw.rows)[i], f, false);
    std::printf("%s\n", line.c_str());
  }
}

std::string bits_text(double bytes) { return format_shortest(bytes * 8) + "-bit"; }

// "a", "a and b", "a, b and c".
std::string list_text(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

// "2 GPUs, 8-bit weights, 16-bit cache, speculative decoding".
std::string plan_row_text(const PlanRow& r) {
  return format_shortest(r.gpus) + " GPU" + (r.gpus == 1 ? "" : "s") + ", " + bits_text(r.weight_bytes_per_param) +
         " weights, " + bits_text(r.cache_bytes_per_value) + " cache" + (r.speculative ? ", speculative decoding" : "");
}

// "met", or what is missed ("TTFT", "speed", "TTFT, speed"), or "-" when it does not fit.
std::string targets_text(const PlanRow& row) {
  if (!row.fits) return "-";
  if (row.meets_targets) return "met";
  std::string missed;
  if (!row.ttft_target_met) missed = "TTFT";
  if (!row.per_request_target_met) missed += missed.empty() ? "speed" : ", speed";
  return "missed " + missed;
}

// The planner's table: one line a row, the marked rows named below it. With `hw` (--compare-gpus) each row
// also names its GPU preset and its cost per million output and input tokens, and the marks are the cost
// marks across GPUs (cheapest_by_cost, cheapest_by_cost_changing_output) instead of plan_levers()' own.
void print_plan_table(const std::vector<PlanRow>& rows, double cheapest_row, double cheapest_changing_output_row,
                      const BudgetInput& in, bool with_speculative, const HardwareCells& hw = {}) {
  std::vector<std::vector<std::string>> cells;
  std::vector<std::string> header = {""};
  if (hw.rows) header.push_back("GPU");
  for (const char* h : {"Weights", "Cache", "GPUs"}) header.push_back(h);
  if (with_speculative) header.push_back("Speculative");
  for (const char* h : {"Output", "Memory per GPU", "Verdict", "TTFT", "Per request", "Total"}) header.push_back(h);
  if (hw.rows)
    for (const char* h : {"$/M output", "$/M input"}) header.push_back(h);
  header.push_back("Targets");
  cells.push_back(header);
  const auto gpu_of = [&](std::size_t i) { return (*hw.gpu_ids)[static_cast<std::size_t>((*hw.rows)[i].option)]; };
  const auto money = [](double dollars) { return dollars > 0 ? "$" + table_number(dollars, 4) : std::string("-"); };
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const PlanRow& row = rows[i];
    const std::string dash = "-";
    const bool first = hw.rows ? (*hw.rows)[i].cheapest_by_cost : row.cheapest;
    const bool second = hw.rows ? (*hw.rows)[i].cheapest_by_cost_changing_output : row.cheapest_changing_output;
    std::vector<std::string> line = {first ? "*" : second ? "+" : ""};
    if (hw.rows) line.push_back(gpu_of(i));
    line.push_back(bits_text(row.weight_bytes_per_param));
    line.push_back(bits_text(row.cache_bytes_per_value));
    line.push_back(format_shortest(row.gpus));
    if (with_speculative) line.push_back(row.speculative ? "yes" : "no");
    line.push_back(row.changes_output ? "changed" : "kept");
    line.push_back(table_number(row.per_gpu_bytes / 1e9, 1) + " GB");
    line.push_back(verdict_name(row.verdict));
    line.push_back(row.fits ? table_number(row.ttft_s * 1000, 1) + " ms" : dash);
    line.push_back(row.fits ? table_number(row.per_request_tokens_per_s, 1) + " tok/s" : dash);
    line.push_back(row.fits ? table_number(row.total_tokens_per_s, 0) + " tok/s" : dash);
    if (hw.rows) {
      line.push_back(money((*hw.rows)[i].cost_per_million_output_tokens));
      line.push_back(money((*hw.rows)[i].cost_per_million_input_tokens));
    }
    line.push_back(targets_text(row));
    cells.push_back(line);
  }
  const std::size_t columns = cells[0].size();
  std::vector<std::size_t> widths(columns, 0);
  for (const auto& line : cells) {
    for (std::size_t c = 0; c < columns; ++c) widths[c] = std::max(widths[c], width(line[c]));
  }
  for (const auto& line : cells) {
    std::string out;
    for (std::size_t c = 0; c < columns; ++c) {
      const std::string pad(widths[c] - width(line[c]), ' ');
      // Right-align the numeric columns: GPUs, from memory per GPU to total, and the costs.
      const std::string& h = cells[0][c];
      const bool right = h == "GPUs" || h == "Memory per GPU" || h == "TTFT" || h == "Per request" || h == "Total" ||
                         h == "$/M output" || h == "$/M input";
      if (c > 0) out += "  ";
      out += right ? pad + line[c] : line[c] + (c + 1 < columns ? pad : "");
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    std::printf("%s\n", out.c_str());
  }
  std::string targets;
  if (in.ttft_target_s > 0) targets = "TTFT <= " + format_compact(in.ttft_target_s) + " s";
  if (in.per_request_target_tokens_per_s > 0)
    targets += (targets.empty() ? "" : ", ") + std::string(">= ") + format_compact(in.per_request_target_tokens_per_s) +
               " tok/s per request";
  std::printf("Targets: %s. Output kept: 16-bit weights and cache (more GPUs%s keep it); 1 GB = 1e9 bytes.\n",
              targets.empty() ? "none" : targets.c_str(), with_speculative ? " and speculative decoding" : "");
  if (hw.rows)
    std::printf(
        "$/M: dollars per million tokens at the GPU's price (output at the batch's decode rate, input at one "
        "request's prefill rate); - without a price or a fit.\n");
  // The marks, as the lesson orders the levers: output kept first; a changed output only when cheaper.
  const auto tight_note = [](const PlanRow& r) {
    return r.verdict == Verdict::tight ? std::string(", tight: less than the headroom stays free") : std::string();
  };
  const auto named = [&](double index) {
    const std::size_t k = static_cast<std::size_t>(index);
    std::string text = (hw.rows ? gpu_of(k) + ", " : std::string()) + plan_row_text(rows[k]) + tight_note(rows[k]);
    if (hw.rows) text += ", " + money((*hw.rows)[k].cost_per_million_output_tokens) + " per million output tokens";
    return text;
  };
  const char* by = hw.rows ? "cheapest per output token" : "cheapest";
  if (cheapest_row >= 0)
    std::printf("* %s that keeps the output and meets every target: %s.\n", by, named(cheapest_row).c_str());
  if (cheapest_changing_output_row >= 0)
    std::printf("+ %s that meets every target, changing the output: %s; evaluate it on your own tasks first.\n",
                cheapest_row >= 0 ? "cheaper" : by, named(cheapest_changing_output_row).c_str());
  if (cheapest_row < 0 && cheapest_changing_output_row < 0)
    std::printf(hw.rows ? "No priced combination meets every target (give ID=PRICE to rank a GPU by cost).\n"
                        : "No combination meets every target.\n");
}

// ---------------------------------------------------------------- help

// A declared field's range for --help: "whole, from 1 to 1000 layers", "0 = full attention, or ...".
std::string detail_range(const InputFieldDeclaration& f) {
  const bool whole = f.kind == FieldKind::whole;
  std::string range = std::string(whole ? "whole, " : "") + (f.min_exclusive ? "above " : "from ") +
                      format_compact(f.min) + (f.min_exclusive ? ", at most " : " to ") +
                      (f.max_from[0] != '\0' ? std::string(f.max_from) : format_compact(f.max) + " " + f.unit);
  if (f.zero_means[0] != '\0') range = std::string("0 = ") + f.zero_means + ", or " + range;
  return range;
}

void print_help() {
  std::printf(
      "Usage: %s [INPUT FLAGS] [--config KEY=VALUE,... ]... [--csv | --json]\n"
      "       %s --plan [INPUT FLAGS] [SPECULATIVE FLAGS] [--csv | --json]\n"
      "\n"
      "Prints the memory and decode-speed budget of LLM serving configurations, computed\n"
      "by the LLM Budget Lab core. With no flags: the lesson's six rows for a 7B model\n"
      "(P = 7e9, L = 32, d_h = 128, BW = 1e12 B/s, F = 4e13 FLOP/s, 80 GB GPU, n = 8192).\n"
      "\n"
      "Which rows print:\n"
      "  --config given           one row per --config, nothing else\n"
      "  any of --weight-bytes-per-param, --kv-heads, --cache-bytes-per-value, --batch,\n"
      "  --context-tokens given   one row: the defaults changed by the flags\n"
      "  otherwise                the lesson's six rows, with the other flags applied\n"
      "\n"
      "Input flags (value in the unit shown; decimal numbers such as 7e9 and 0.5):\n",
      kProgram, kProgram);
  const BudgetInput defaults;
  for (const InputFlag& flag : kInputFlags) {
    const InputFieldDeclaration& f = *flag.field;
    const std::string range = detail_range(f);
    const std::string help = (f.symbol[0] != '\0' ? std::string(f.symbol) + ": " : std::string()) + f.meaning;
    const std::string left = flag.flag + " " + flag.metavar;
    // A placeholder too long for the column puts the help on the next line.
    if (left.size() > 37)
      std::printf("  %s\n  %-37s %s\n", left.c_str(), "", help.c_str());
    else
      std::printf("  %-37s %s\n", left.c_str(), help.c_str());
    std::printf("  %-37s [%s; default %s]\n", "", range.c_str(), format_compact(defaults.*(f.member)).c_str());
  }
  std::printf(
      "\n"
      "Rows and output:\n"
      "  --config KEY=VALUE,...    one row (repeat for more). Keys: wb (bytes per weight),\n"
      "                            kv (KV heads), cb (bytes per cached value), batch,\n"
      "                            ctx (context tokens), window (sliding window tokens),\n"
      "                            label (row name, no commas), or any input name, e.g.\n"
      "                            total_params=47e9. Unset keys come from the flags.\n"
      "                            Example: --config wb=2,kv=8,cb=2,batch=16,ctx=8192\n"
      "  --hf-config FILE          set every model input (parameters counted from the shapes,\n"
      "                            layers, heads, head dimension, windows, latent KV, experts,\n"
      "                            maximum context) from a Hugging Face config.json; one row;\n"
      "                            input flags, wherever given, override the file; notes on\n"
      "                            what was counted print after the table\n"
      "  --gpu ID                  set every GPU input (memory as the card reports it, usable\n"
      "                            bandwidth, usable 16-, 8- and 4-bit arithmetic rates, link)\n"
      "                            from a GPU preset of this repository's content/presets.json;\n"
      "                            an input the preset does not give takes its default; input\n"
      "                            flags, wherever given, override it\n"
      "  --gpu list                the GPU presets, one a line: id, label, source (tab-separated)\n"
      "  --runtime vllm            set the runtime inputs as vLLM's startup would measure them\n"
      "                            (estimate): headroom 0.1 (gpu_memory_utilization 0.9), the\n"
      "                            warm-up peak 9.7 x max_num_seqs x vocab_size x 4 B (needs\n"
      "                            --vocab-size or --hf-config), non-torch memory 0.13 GiB (0.55\n"
      "                            GiB with --gpus > 1); input flags, wherever given, win\n"
      "  --max-num-seqs N          vLLM's max_num_seqs for --runtime vllm and --simulate (the\n"
      "                            running requests' cap; default, as vLLM's: 1,024 on a GPU of\n"
      "                            70 GiB or more whose --gpu label has no A100 in it, else 256)\n"
      "  --label TEXT              name of the single row (one-row mode); printable text\n"
      "                            only: a label with a control character (escape,\n"
      "                            newline, tab, bidi control) is a bad flag\n"
      "  --csv                     comma-separated, exact numbers, empty speeds when it does not fit\n"
      "  --json                    array of {label, weight_bytes, kv_cache_bytes, total_bytes, fits,\n"
      "                            verdict (fits|tight|does-not-fit), step_s, per_request_tokens_per_s,\n"
      "                            total_tokens_per_s, per_gpu_bytes, comm_s, ttft_s, total_params,\n"
      "                            active_params, kv_cache_bytes_per_token, kv_capacity_tokens,\n"
      "                            max_concurrency}; step_s, the tokens/s and ttft_s are null when\n"
      "                            it does not fit\n"
      "  --plan                    the planner: every combination of 16/8/4-bit weights, 16/8-bit\n"
      "                            cache and 1, 2, 4, 8 GPUs (those that split the heads) for the\n"
      "                            workload the input flags give, output-preserving rows first, the\n"
      "                            cheapest that keeps the output and meets --ttft-target-s and\n"
      "                            --per-request-target-tokens-per-s marked *, and the cheapest that\n"
      "                            changes it marked + when it needs fewer GPUs; with --csv or --json\n"
      "                            one record per row (fields as in --fields-json, plan_levers)\n"
      "  --compare-gpus ID[=PRICE],...\n"
      "                            --plan over these GPU presets (ids as --gpu list prints them), each\n"
      "                            with its price in $ per GPU-hour (no built-in price): every row also\n"
      "                            names its GPU and its cost per million output and input tokens, and\n"
      "                            the cheapest per output token that keeps the output and meets the\n"
      "                            targets is marked *; a GPU without a price is planned, not ranked\n"
      "  --fields-json             print the core's declaration of every input and result\n"
      "                            field (name, symbol, unit, range, default, meaning) as JSON\n"
      "  --simulate                the serving simulation of the configuration the input flags\n"
      "                            give: requests arriving (--request-rate, open loop, or\n"
      "                            --concurrency, closed loop) to replicas running continuous\n"
      "                            batching with chunked prefill as vLLM's scheduler does, each\n"
      "                            iteration priced by the budget; prints TTFT, TPOT and\n"
      "                            end-to-end latency (mean, p50, p90, p99), throughput, goodput\n"
      "                            (requests meeting --ttft-target-s and\n"
      "                            --per-request-target-tokens-per-s), requests in flight beside\n"
      "                            Little's law; an unstable run (queue still growing) prints no\n"
      "                            TTFT, latency, goodput or in-flight (null in --json)\n"
      "  --max-rate                with --simulate: the highest request rate (or concurrency)\n"
      "                            whose TTFT and TPOT at --target-percentile meet the targets\n"
      "                            (--json: \"max_rate\": {found, highest_load, ...})\n"
      "  -h, --help                this text\n"
      "\n"
      "Simulation flags (--simulate only; the run's load and the scheduler's limits):\n");
  const TrafficInput traffic_defaults;
  for (const InputFlag& flag : kTrafficFlags) {
    const InputFieldDeclaration& f = *flag.field;
    const std::string left = flag.flag + " " + flag.metavar;
    if (left.size() > 37)
      std::printf("  %s\n  %-37s %s\n", left.c_str(), "", f.meaning);
    else
      std::printf("  %-37s %s\n", left.c_str(), f.meaning);
    std::printf("  %-37s [%s; default %s]\n", "", detail_range(f).c_str(),
                format_compact(traffic_defaults.*(find_traffic_input_field(f.name)->member)).c_str());
  }
  std::printf(
      "\n"
      "Speculative flags (--plan only; give --acceptance-rate, --draft-tokens and\n"
      "--draft-cost-ratio to add a speculative row to each combination; its speed-up\n"
      "multiplies each request's tokens/s, and the draft model's weights and cache, of\n"
      "--draft-params parameters, add to its memory):\n");
  for (const InputFlag& flag : kSpeculativeFlags) {
    const InputFieldDeclaration& f = *flag.field;
    const std::string left = flag.flag + " " + flag.metavar;
    if (left.size() > 37)
      std::printf("  %s\n  %-37s %s: %s\n", left.c_str(), "", f.symbol, f.meaning);
    else
      std::printf("  %-37s %s: %s\n", left.c_str(), f.symbol, f.meaning);
    std::printf("  %-37s [%s]\n", "", detail_range(f).c_str());
  }
  std::printf(
      "\n"
      "The table rounds as the lesson does: memory to 0.1 GB (1 GB = 1e9 bytes), step to\n"
      "0.1 ms, per-request speed to 0.1 tok/s, total to whole tok/s; a configuration that\n"
      "does not fit shows dashes for its speeds. Verdict 'tight' means it fits but leaves\n"
      "less than --headroom-fraction of GPU memory free (default 0.1, the low end of the\n"
      "lesson's 10-20%% advice); none of the lesson's fitting rows is tight at 0.1.\n"
      "\n"
      "Numbers are decimal only (16, 0.5, 7e9; no 0x10, inf or nan) and must fit a double\n"
      "without overflowing or underflowing to 0. Each flag other than --config may be given\n"
      "once; arguments that are not flags are refused.\n"
      "\n"
      "Exit status: 0 on success, 2 on a bad flag or value (one line on stderr naming it).\n");
}

// ---------------------------------------------------------------- --plan --compare-gpus

// --plan over several GPU types: `list` is ID[=PRICE] items, comma-separated (a GPU preset id of
// content/presets.json, its price in $ per GPU-hour; no price: the GPU is planned but not costed).
// Each option is the preset's Hardware inputs under the input flags given (as --gpu sets them);
// plan_hardware() plans, costs and ranks them.
void plan_gpu_types(const std::string& list, const BudgetInput& base, const std::vector<std::string>& explicit_fields,
                    const PlanOptions& options, bool json, bool csv) {
  std::vector<HardwareOption> hardware;
  std::vector<std::string> ids;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string item = list.substr(start, comma - start);
    start = comma + 1;
    const std::size_t eq = item.find('=');
    const std::string id = item.substr(0, eq);
    if (id.empty()) fail("--compare-gpus: an empty item; give ID[=PRICE],... (ids from --gpu list)");
    if (std::find(ids.begin(), ids.end(), id) != ids.end())
      fail("--compare-gpus: " + echo(id) + " is given twice (one price a GPU)");
    if (ids.size() == kMaxHardwareOptions)
      fail("--compare-gpus: at most " + format_compact(static_cast<double>(kMaxHardwareOptions)) + " GPUs");
    BudgetInput option = base;
    apply_gpu_preset(find_gpu_preset(id, "--compare-gpus"), explicit_fields, option);
    const double price = eq == std::string::npos ? 0 : parse_number("--compare-gpus " + id, item.substr(eq + 1));
    if (auto error = check_declared_value(plan_cost_input_fields().rows[0], price))
      fail("--compare-gpus " + echo(item) + ": " + error->message);
    hardware.push_back(hardware_option_of(option, price));
    ids.push_back(id);
    if (comma == list.size()) break;
  }
  const HardwarePlanResult plan = plan_hardware(base, options, hardware);
  if (!plan.ok) fail("--compare-gpus: " + plan.error.field + ": " + plan.error.message);
  std::vector<PlanRow> rows;
  for (const HardwarePlanRow& r : plan.rows) rows.push_back(r.plan);
  const HardwareCells hw{&plan.rows, &ids};
  if (json)
    print_plan_json(rows, hw);
  else if (csv)
    print_plan_csv(rows, hw);
  else
    print_plan_table(rows, plan.cheapest_row, plan.cheapest_changing_output_row, base, options.speculative, hw);
}

// ---------------------------------------------------------------- main

bool is_row_field(const std::string& field) {
  return field == "weight_bytes_per_param" || field == "kv_heads" || field == "cache_bytes_per_value" ||
         field == "batch" || field == "context_tokens";
}

}  // namespace

int main(int argc, char** argv) {
  BudgetInput base;                      // the lesson's 7B workload
  std::vector<std::string> base_fields;  // fields set by input flags, in order
  std::vector<std::string> configs;
  std::optional<std::string> single_label;
  bool csv = false;
  bool json = false;
  bool help = false;
  bool plan_mode = false;
  PlanOptions plan_options;
  std::vector<std::string> speculative_given;  // --plan's speculative flags seen
  std::optional<std::string> gpu_id;           // --gpu ID (or "list")
  std::vector<std::string> given;              // flags seen, to refuse a second one
  std::optional<std::string> hf_config_path;   // --hf-config FILE
  bool simulate = false;                       // --simulate
  bool max_rate = false;                       // --max-rate
  TrafficInput traffic;                        // --simulate's inputs
  std::vector<std::string> traffic_given;      // --simulate's flags seen
  bool vllm_runtime = false;                   // --runtime vllm
  std::optional<double> max_num_seqs;          // --max-num-seqs N (with --runtime vllm)
  std::optional<std::string> compare_gpus;     // --compare-gpus ID[=PRICE],... (with --plan)

  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    std::optional<std::string> inline_value;
    if (arg.rfind("--", 0) == 0) {
      const std::size_t eq = arg.find('=');
      if (eq != std::string::npos) {
        inline_value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
      }
    }
    auto value = [&]() -> std::string {
      if (inline_value) return *inline_value;
      if (i + 1 >= argc) fail(echo(arg) + " needs a value (see --help)");
      return argv[++i];
    };
    auto no_value = [&]() {
      if (inline_value) fail(arg + " takes no value");
    };
    // Help is printed only once every argument has been read, so a stray
    // argument after it is still an error.
    if (arg == "-h" || arg == "--help") {
      no_value();
      help = true;
      continue;
    }
    const InputFlag* matched = nullptr;
    for (const InputFlag& f : kInputFlags) {
      if (arg == f.flag) matched = &f;
    }
    if (arg == "--fields-json") {
      no_value();
      std::printf("%s\n", field_declarations_json().c_str());
      return 0;
    }
    const InputFlag* speculative_flag = nullptr;
    for (const InputFlag& f : kSpeculativeFlags) {
      if (arg == f.flag) speculative_flag = &f;
    }
    const InputFlag* traffic_flag = nullptr;
    for (const InputFlag& f : kTrafficFlags) {
      if (arg == f.flag) traffic_flag = &f;
    }
    const bool known = matched || speculative_flag || traffic_flag || arg == "--csv" || arg == "--json" ||
                       arg == "--config" || arg == "--label" || arg == "--plan" || arg == "--hf-config" ||
                       arg == "--gpu" || arg == "--simulate" || arg == "--max-rate" || arg == "--runtime" ||
                       arg == kVllmRuntimeFlags[0].flag || arg == "--compare-gpus";
    if (!known) {
      if (arg.rfind("-", 0) == 0) fail("unknown flag " + echo(arg) + " (see --help)");
      fail("unexpected argument '" + echo(arg) + "' (flags only; see --help)");
    }
    if (arg != "--config") {
      if (std::find(given.begin(), given.end(), arg) != given.end())
        fail(arg + " given twice (give each flag once; --config may repeat)");
      given.push_back(arg);
    }
    if (arg == "--csv") {
      no_value();
      csv = true;
      continue;
    }
    if (arg == "--json") {
      no_value();
      json = true;
      continue;
    }
    if (arg == "--plan") {
      no_value();
      plan_mode = true;
      continue;
    }
    if (arg == "--simulate") {
      no_value();
      simulate = true;
      continue;
    }
    if (arg == "--max-rate") {
      no_value();
      max_rate = true;
      traffic_given.push_back(arg);
      continue;
    }
    if (traffic_flag) {
      traffic.*(find_traffic_input_field(traffic_flag->field->name)->member) = parse_number(arg, value());
      traffic_given.push_back(arg);
      continue;
    }
    if (speculative_flag) {
      plan_options.*(speculative_flag->field->plan_option) = parse_number(arg, value());
      speculative_given.push_back(arg);
      continue;
    }
    if (arg == "--config") {
      configs.push_back(value());
      continue;
    }
    if (arg == "--hf-config") {
      hf_config_path = value();
      continue;
    }
    if (arg == "--label") {
      single_label = value();
      check_label("--label", *single_label);
      continue;
    }
    if (arg == "--gpu") {
      gpu_id = value();
      continue;
    }
    if (arg == "--compare-gpus") {
      compare_gpus = value();
      continue;
    }
    if (arg == "--runtime") {
      const std::string kind = value();
      if (kind != "vllm") fail("--runtime: '" + echo(kind) + "' is not a runtime the estimate knows (vllm)");
      vllm_runtime = true;
      continue;
    }
    if (arg == kVllmRuntimeFlags[0].flag) {
      max_num_seqs = parse_number(arg, value());
      continue;
    }
    base.*(matched->field->member) = parse_number(matched->flag, value());
    base_fields.push_back(matched->field->name);
  }
  if (help) {
    print_help();
    return 0;
  }
  if (gpu_id && *gpu_id == "list") {
    print_gpu_list();
    return 0;
  }
  // --gpu: the preset's GPU inputs under the flags given (whatever their order).
  std::vector<std::string> gpu_fields;
  if (gpu_id) gpu_fields = apply_gpu_preset(find_gpu_preset(*gpu_id), base_fields, base);
  const auto blame = [&](const std::string& field, const InputFlag* flag) {
    if (std::find(gpu_fields.begin(), gpu_fields.end(), field) != gpu_fields.end()) return "--gpu " + *gpu_id;
    return flag ? flag->flag : field;
  };
  if (csv && json) fail("--csv and --json cannot be combined");
  // The file's model inputs, under the input flags (which win wherever they appear).
  std::vector<std::string> hf_fields;
  std::vector<std::string> hf_notes;
  std::string hf_source;
  if (hf_config_path) {
    hf_source = "--hf-config " + echo(*hf_config_path);
    const HfImportResult imported =
        import_hf_config(read_text_file(hf_source, *hf_config_path, "a config.json is a few kilobytes"));
    if (!imported.ok) fail(hf_source + ": " + imported.error.field + ": " + imported.error.message);
    for (const HfImportedValue& v : imported.values) {
      if (std::find(base_fields.begin(), base_fields.end(), v.field->name) != base_fields.end()) continue;
      base.*(v.field->member) = v.value;
      hf_fields.push_back(v.field->name);
    }
    for (const ImportNote& note : imported.notes) hf_notes.push_back(note.text);
    // The default context may be past the model's limit (Phi-3 mini 4k, Gemma 2's 8,192 at a 32k default):
    // unless --context-tokens was given, the row uses the model's limit and says so.
    const bool context_given = std::find(base_fields.begin(), base_fields.end(), "context_tokens") != base_fields.end();
    if (!context_given && base.model_max_context_tokens > 0 && base.context_tokens > base.model_max_context_tokens) {
      hf_notes.push_back("--context-tokens not given: the default " + format_compact(base.context_tokens) +
                         " is past the model's maximum context, so the row uses " +
                         format_compact(base.model_max_context_tokens) + ".");
      base.context_tokens = base.model_max_context_tokens;
    }
  }
  if (compare_gpus && !plan_mode) fail("--compare-gpus is a --plan option (see --help)");
  if (max_num_seqs && !vllm_runtime && !simulate)
    fail(kVllmRuntimeFlags[0].flag + " is a --runtime vllm or --simulate option (see --help)");
  // After the model (--hf-config: the vocabulary) and the GPU (--gpu: the memory, which sets vLLM's default).
  const std::string runtime_note =
      vllm_runtime
          ? apply_vllm_runtime(max_num_seqs, gpu_id ? find_gpu_preset(*gpu_id).label : std::string(), base_fields, base)
          : std::string();
  if (!speculative_given.empty() && !plan_mode) fail(speculative_given[0] + " is a --plan option (see --help)");
  if (!traffic_given.empty() && !simulate) fail(traffic_given[0] + " is a --simulate option (see --help)");
  if (simulate) {
    if (plan_mode) fail("--simulate and --plan cannot be combined");
    if (!configs.empty())
      fail("--simulate runs the one configuration the input flags give; --config cannot be combined");
    if (csv) fail("--simulate prints a table or --json; --csv cannot be combined with it");
    if (single_label) fail("--simulate prints no labels; --label cannot be combined with it");
    const auto seen = [&](const char* flag) {
      return std::find(traffic_given.begin(), traffic_given.end(), flag) != traffic_given.end();
    };
    // --concurrency alone means a closed loop: the default request rate steps aside.
    if (seen("--concurrency") && !seen("--request-rate")) traffic.request_rate = 0;
    // --max-num-seqs, or vLLM's default for the GPU: its memory and, from --gpu, its name (the A100 rule).
    traffic.max_num_seqs =
        max_num_seqs ? *max_num_seqs
                     : vllm_default_max_num_seqs(base.gpu_memory_bytes, gpu_id ? find_gpu_preset(*gpu_id).label : "");
    const auto who = [&](const std::string& field) {
      if (field == kVllmRuntimeFlags[0].field->name) return kVllmRuntimeFlags[0].flag;
      for (const InputFlag& f : kTrafficFlags) {
        if (field == f.field->name) return f.flag;
      }
      const bool from_file = std::find(hf_fields.begin(), hf_fields.end(), field) != hf_fields.end();
      return from_file ? hf_source : blame(field, flag_for_field(field));
    };
    const TrafficResult result = simulate_traffic(base, traffic);
    if (!result.ok) fail(who(result.error.field) + ": " + result.error.message);
    std::optional<LoadSearchResult> search;
    if (max_rate) {
      search = highest_load(base, traffic);
      // The simulation above ran, so the search's refusal is its own: no target (named ttft_target_s).
      // One prefix, the core's sentence, then the flags that set a target.
      if (!search->ok) {
        const bool no_target = search->error.field == "ttft_target_s";
        fail("--max-rate: " + search->error.message + " (" +
             (no_target ? "give " + who("ttft_target_s") + " or " + who("per_request_target_tokens_per_s")
                        : who(search->error.field)) +
             ")");
      }
    }
    const bool open_loop = traffic.request_rate > 0;
    const LoadSearchResult* found = search ? &*search : nullptr;
    std::printf("%s", json ? (simulation_json(result, open_loop, found) + "\n").c_str()
                           : simulation_text(result, open_loop, found).c_str());
    return 0;
  }
  if (plan_mode) {
    if (!configs.empty())
      fail("--plan plans the one workload the input flags give; --config cannot be combined with it");
    if (single_label) fail("--plan prints no labels; --label cannot be combined with it");
    if (!speculative_given.empty()) {
      // Every speculative flag whose declaration has no zero_means is needed; the others default to 0.
      std::vector<std::string> needed;
      bool missing = false;
      for (const InputFlag& f : kSpeculativeFlags) {
        if (f.field->zero_means[0] != '\0') continue;
        needed.push_back(f.flag);
        missing =
            missing || std::find(speculative_given.begin(), speculative_given.end(), f.flag) == speculative_given.end();
      }
      if (missing) fail("--plan: speculative decoding needs all of " + list_text(needed));
    }
    plan_options.speculative = !speculative_given.empty();
    if (compare_gpus) {
      if (gpu_id) fail("--compare-gpus gives the GPU of each option; --gpu cannot be combined with it");
      plan_gpu_types(*compare_gpus, base, base_fields, plan_options, json, csv);
      return 0;
    }
    const PlanLeversResult plan = plan_levers(base, plan_options);
    if (!plan.ok) {
      const InputFlag* flag = flag_for_field(plan.error.field);
      for (const InputFlag& f : kSpeculativeFlags) {
        if (plan.error.field == f.field->name) flag = &f;
      }
      fail(blame(plan.error.field, flag) + ": " + plan.error.message);
    }
    if (json)
      print_plan_json(plan.rows);
    else if (csv)
      print_plan_csv(plan.rows);
    else
      print_plan_table(plan.rows, plan.cheapest_row, plan.cheapest_changing_output_row, base, plan_options.speculative);
    if (!json && !csv && !runtime_note.empty()) std::printf("\n%s\n", runtime_note.c_str());
    return 0;
  }

  std::vector<RowSpec> specs;
  bool row_flag_given = hf_config_path.has_value();  // an imported model is one row, not the lesson's six
  for (const std::string& f : base_fields) row_flag_given = row_flag_given || is_row_field(f);
  if (!configs.empty()) {
    if (single_label) fail("--label names the single row; with --config use label=... inside it");
    for (const std::string& c : configs) specs.push_back(parse_config(c, base));
  } else if (row_flag_given || single_label) {
    RowSpec spec;
    spec.input = base;
    spec.label = single_label.value_or("");
    specs.push_back(spec);
  } else {
    specs = lesson_rows(base);
  }

  std::vector<Row> rows;
  std::vector<BudgetInput> inputs;
  for (const RowSpec& spec : specs) {
    const BudgetResult r = plan(spec.input);
    if (!r.ok) {
      // Blame the --config that set the field, else the flag for it.
      bool from_source = false;
      for (const std::string& f : spec.fields_from_source) from_source = from_source || f == r.error.field;
      const bool from_file = std::find(hf_fields.begin(), hf_fields.end(), r.error.field) != hf_fields.end();
      const InputFlag* flag = flag_for_field(r.error.field);
      const std::string who = from_source ? spec.source : from_file ? hf_source : blame(r.error.field, flag);
      fail(who + ": " + r.error.message);
    }
    rows.push_back(Row{spec.label.empty() ? auto_label(spec.input) : spec.label, r, spec.input});
    inputs.push_back(spec.input);
  }

  if (json) {
    print_json(rows);
  } else if (csv) {
    print_csv(rows);
  } else {
    print_table(rows, inputs);
    if (!hf_notes.empty()) std::printf("\n%s:\n", hf_source.c_str());
    for (const std::string& note : hf_notes) std::printf("  %s\n", shown(note).c_str());
    if (!runtime_note.empty()) std::printf("\n%s\n", runtime_note.c_str());
  }
  return 0;
}

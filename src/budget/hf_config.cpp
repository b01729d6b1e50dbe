// Reading a Hugging Face config.json into model inputs; what is counted, and
// from which modeling file, is in hf_config.h.
#include "budget/hf_config.h"

#include <cmath>
#include <cstring>

#include "budget/import_notes.h"
#include "budget/input_messages.h"
#include "budget/model_shape.h"
#include "budget/validate.h"
#include "text/json_reader.h"
#include "text/number_text.h"
#include "text/utf8_text.h"

namespace llmbudget {

const double* HfImportResult::find(const char* name) const {
  for (const HfImportedValue& v : values)
    if (std::strcmp(v.field->name, name) == 0) return &v.value;
  return nullptr;
}

namespace {
void apply_values(const std::vector<HfImportedValue>& values, BudgetInput& in) {
  for (const HfImportedValue& v : values) in.*(v.field->member) = v.value;
}
}  // namespace

void apply_hf_import(const HfImportResult& result, BudgetInput& in) {
  if (result.ok) apply_values(result.values, in);
}

namespace {

using json::Kind;
using json::Value;

/// The largest count a key may hold: far past any model, small enough that
/// products of a few counts stay finite and the declared ranges refuse them.
constexpr double kMaxCount = 1e9;

/// The declared message of a JSON value's kind ("an array").
MessageCode kind_message(Kind kind) {
  switch (kind) {
    case Kind::null_value: return MessageCode::json_null;
    case Kind::boolean: return MessageCode::json_boolean;
    case Kind::number: return MessageCode::json_number;
    case Kind::string: return MessageCode::json_string;
    case Kind::array: return MessageCode::json_array;
    case Kind::object: return MessageCode::json_object;
  }
  return MessageCode::json_null;
}

/// What a value looks like in a message, as the param `name`: a number as a number,
/// a string quoted (cut at 40 bytes), true or false as written, else its kind ("an array").
MessageValue shown(const char* name, const Value& v) {
  switch (v.kind) {
    case Kind::number: return number_value(name, v.number);
    case Kind::string: {
      std::string t = escape_invisible(v.text);
      if (t.size() > 40) t = t.substr(0, 40) + "...";
      return text_value(name, "\"" + t + "\"");
    }
    case Kind::boolean: return text_value(name, v.flag ? "true" : "false");
    default: return message_value(name, import_refusal(kind_message(v.kind)));
  }
}

enum class Family {
  llama,
  mistral,
  mixtral,
  qwen2,
  qwen2_moe,
  qwen3,
  qwen3_moe,
  gemma2,
  gemma3,
  gemma3_text,
  phi3,
  gpt_oss,
  deepseek_v2,
  deepseek_v3
};

struct FamilyRow {
  const char* model_type;
  Family family;
  const char* config_class;  ///< transformers' configuration class, whose defaults fill absent keys
  const char* modeling;  ///< the modeling file the count follows (huggingface/transformers, src/transformers/models/)
  bool tied_default;     ///< the class's default tie_word_embeddings
};

constexpr FamilyRow kFamilies[] = {
    {"llama", Family::llama, "LlamaConfig", "llama/modeling_llama.py", false},
    {"mistral", Family::mistral, "MistralConfig", "mistral/modeling_mistral.py", false},
    {"mixtral", Family::mixtral, "MixtralConfig", "mixtral/modeling_mixtral.py", false},
    {"qwen2", Family::qwen2, "Qwen2Config", "qwen2/modeling_qwen2.py", false},
    {"qwen2_moe", Family::qwen2_moe, "Qwen2MoeConfig", "qwen2_moe/modeling_qwen2_moe.py", false},
    {"qwen3", Family::qwen3, "Qwen3Config", "qwen3/modeling_qwen3.py", false},
    {"qwen3_moe", Family::qwen3_moe, "Qwen3MoeConfig", "qwen3_moe/modeling_qwen3_moe.py", false},
    {"gemma2", Family::gemma2, "Gemma2Config", "gemma2/modeling_gemma2.py", true},
    {"gemma3", Family::gemma3, "Gemma3TextConfig", "gemma3/modeling_gemma3.py", true},
    {"gemma3_text", Family::gemma3_text, "Gemma3TextConfig", "gemma3/modeling_gemma3.py", true},
    {"phi3", Family::phi3, "Phi3Config", "phi3/modeling_phi3.py", false},
    {"gpt_oss", Family::gpt_oss, "GptOssConfig", "gpt_oss/modeling_gpt_oss.py", false},
    {"deepseek_v2", Family::deepseek_v2, "DeepseekV2Config", "deepseek_v2/modeling_deepseek_v2.py", false},
    {"deepseek_v3", Family::deepseek_v3, "DeepseekV3Config", "deepseek_v3/modeling_deepseek_v3.py", false},
};

std::string family_list() {
  std::string out;
  for (const FamilyRow& f : kFamilies) {
    if (!out.empty()) out += ", ";
    out += f.model_type;
  }
  return out;
}

/// The first refusal; later ones are ignored (each step stops at the first).
struct Sink {
  bool failed = false;
  InputError error;
  bool fail(const std::string& field, MessageCode code, const std::vector<MessageValue>& params) {
    if (!failed) {
      failed = true;
      error = coded_error(field, import_refusal(code), params);
    }
    return false;
  }
};

/// The notes of one import, in the order written.
using Notes = std::vector<ImportNote>;

/// One object of the config (the top level, text_config or vision_config)
/// with the path its keys are named by in messages.
class Keys {
 public:
  Keys(const Value* obj, std::string path, Sink& sink, Notes& notes, const char* config_class)
      : obj_(obj), path_(std::move(path)), sink_(sink), notes_(notes), class_(config_class) {}

  std::string name(const char* key) const { return path_ + key; }

  /// The key's value when present and not null, else nullptr.
  const Value* get(const char* key) const {
    const Value* v = obj_ ? obj_->find(key) : nullptr;
    return v && v->kind != Kind::null_value ? v : nullptr;
  }

  /// A whole number from `lo` to kMaxCount that must be there.
  double whole(const char* key, double lo = 1) {
    const Value* v = get(key);
    if (!v) {
      sink_.fail(name(key), MessageCode::config_key_missing, {text_value("key", name(key))});
      return lo;
    }
    return checked(key, *v, lo);
  }

  /// A whole number, or `def` (the configuration class's default, noted) when absent or null.
  double whole_or(const char* key, double def, double lo = 1) {
    const Value* v = get(key);
    if (!v) {
      notes_.push_back(
          import_note(NoteCode::default_used,
                      {text_value("key", name(key)), text_value("config_class", class_), count_value("value", def)}));
      return def;
    }
    return checked(key, *v, lo);
  }

  /// true or false, or `def` (noted) when absent or null.
  bool flag_or(const char* key, bool def, bool note = true) {
    const Value* v = get(key);
    if (!v) {
      if (note)
        notes_.push_back(
            import_note(NoteCode::default_used, {text_value("key", name(key)), text_value("config_class", class_),
                                                 text_value("value", def ? "true" : "false")}));
      return def;
    }
    if (v->kind != Kind::boolean) {
      sink_.fail(name(key), MessageCode::config_not_flag, {text_value("key", name(key)), shown("got", *v)});
      return def;
    }
    return v->flag;
  }

  double checked(const char* key, const Value& v, double lo) {
    if (v.kind != Kind::number || !(v.number >= lo && v.number <= kMaxCount) || std::floor(v.number) != v.number) {
      sink_.fail(
          name(key), MessageCode::config_not_count,
          {text_value("key", name(key)), number_value("min", lo), number_value("max", kMaxCount), shown("got", v)});
      return lo;
    }
    return v.number;
  }

  const Value* object() const { return obj_; }

 private:
  const Value* obj_;
  std::string path_;
  Sink& sink_;
  Notes& notes_;
  const char* class_;
};

/// What the count finds; copied into the declared fields at the end.
struct Model {
  double total = 0, active = 0, layers = 0, query_heads = 0, kv_heads = 0, head_dim = 0;
  double window = 0, window_layers = 0, latent = 0, experts = 0, per_token = 0, max_context = 0, vocab = 0;
};

class Importer {
 public:
  Importer(const Value& root, const FamilyRow& family, Sink& sink, Notes& notes)
      : root_(root), fam_(family), sink_(sink), notes_(notes) {}

  bool run(Model& m) {
    const Family f = fam_.family;
    const Value* text = &root_;
    std::string path;
    if (f == Family::gemma3) {
      text = root_.find("text_config");
      if (!text || text->kind != Kind::object) return sink_.fail("text_config", MessageCode::config_no_text_config, {});
      path = "text_config.";
    }
    Keys c(text, path, sink_, notes_, fam_.config_class);
    const bool gemma3 = f == Family::gemma3 || f == Family::gemma3_text;
    const bool mla = f == Family::deepseek_v2 || f == Family::deepseek_v3;

    const double V = gemma3 ? c.whole_or("vocab_size", 262208) : c.whole("vocab_size");
    const double H = c.whole("hidden_size");
    const double L = c.whole("num_hidden_layers");
    const double Hq = c.whole("num_attention_heads");
    if (sink_.failed) return false;
    m.vocab = V;
    // Checked before anything is sized by it (the declared range is far below kMaxCount).
    const InputFieldDeclaration* layers_field = find_budget_input_field("layers");
    if (L > layers_field->max)
      return sink_.fail(c.name("num_hidden_layers"), MessageCode::config_not_count,
                        {text_value("key", c.name("num_hidden_layers")), number_value("min", 1),
                         number_value("max", layers_field->max), count_value("got", L)});
    double Hkv = Hq;
    if (!mla) {
      if (c.get("num_key_value_heads")) {
        Hkv = c.whole("num_key_value_heads");
      } else if (f == Family::llama || f == Family::phi3) {
        notes_.push_back(import_note(NoteCode::kv_heads_default,
                                     {text_value("key", c.name("num_key_value_heads")),
                                      text_value("config_class", fam_.config_class), count_value("heads", Hq)}));
      } else {
        return sink_.fail(c.name("num_key_value_heads"), MessageCode::config_key_missing,
                          {text_value("key", c.name("num_key_value_heads"))});
      }
      if (sink_.failed) return false;
      if (Hkv > Hq || std::fmod(Hq, Hkv) != 0)
        return sink_.fail(c.name("num_key_value_heads"), MessageCode::config_kv_not_dividing,
                          {text_value("key", c.name("num_key_value_heads")), count_value("kv_heads", Hkv),
                           text_value("heads_key", c.name("num_attention_heads")), count_value("heads", Hq)});
    }

    // Head dimension: the key, else the class default (Qwen3, Gemma, gpt-oss), else H / H_q.
    double d = 0;
    if (!mla) {
      double class_default = 0;
      if (f == Family::qwen3 || f == Family::qwen3_moe) class_default = 128;
      if (f == Family::gemma2 || gemma3) class_default = 256;
      if (f == Family::gpt_oss) class_default = 64;
      if (c.get("head_dim")) {
        d = c.whole("head_dim");
      } else if (class_default > 0) {
        d = c.whole_or("head_dim", class_default);
      } else {
        if (std::fmod(H, Hq) != 0)
          return sink_.fail(c.name("head_dim"), MessageCode::config_head_dim_unknown,
                            {text_value("key", c.name("head_dim")), text_value("hidden_key", c.name("hidden_size")),
                             count_value("hidden", H), text_value("heads_key", c.name("num_attention_heads")),
                             count_value("heads", Hq)});
        d = H / Hq;
      }
    }
    if (sink_.failed) return false;

    const bool tied = c.flag_or("tie_word_embeddings", fam_.tied_default);
    const double embed = V * H;
    const double lm_head = tied ? 0 : V * H;

    // Attention, per layer.
    double attention = 0, latent = 0, qk_dim = d;
    if (mla) {
      const double r_kv = c.whole("kv_lora_rank");
      const double d_nope = c.whole("qk_nope_head_dim");
      const double d_rope = c.whole("qk_rope_head_dim");
      const double d_v = c.whole("v_head_dim");
      const bool bias = c.flag_or("attention_bias", false, false);
      if (sink_.failed) return false;
      qk_dim = d_nope + d_rope;
      if (c.get("q_lora_rank")) {
        const double r_q = c.whole("q_lora_rank");
        attention += H * r_q + (bias ? r_q : 0) + r_q + r_q * Hq * qk_dim;  // q_a_proj, q_a_layernorm, q_b_proj
      } else {
        attention += H * Hq * qk_dim;  // q_proj
        notes_.push_back(import_note(
            NoteCode::single_q_proj,
            {text_value("key", c.name("q_lora_rank")), count_value("rows", H), count_value("cols", Hq * qk_dim)}));
      }
      attention += H * (r_kv + d_rope) + (bias ? r_kv + d_rope : 0);  // kv_a_proj_with_mqa
      attention += r_kv;                                              // kv_a_layernorm
      attention += r_kv * Hq * (d_nope + d_v);                        // kv_b_proj
      attention += Hq * d_v * H + (bias ? H : 0);                     // o_proj
      latent = r_kv + d_rope;
      notes_.push_back(
          import_note(NoteCode::latent_attention, {count_value("rank", r_kv), count_value("rope", d_rope),
                                                   count_value("latent", latent), count_value("head_dim", qk_dim)}));
    } else {
      attention = H * Hq * d + 2 * H * Hkv * d + Hq * d * H;
      bool qkv_bias = false, o_bias = false;
      if (f == Family::qwen2) qkv_bias = true;
      if (f == Family::qwen2_moe) qkv_bias = c.flag_or("qkv_bias", true, false);
      if (f == Family::llama || f == Family::qwen3 || f == Family::qwen3_moe || f == Family::gemma2 || gemma3 ||
          f == Family::gpt_oss) {
        qkv_bias = o_bias = c.flag_or("attention_bias", f == Family::gpt_oss, f == Family::gpt_oss);
      }
      if (qkv_bias) attention += Hq * d + 2 * Hkv * d;
      if (o_bias) attention += H;
      if (f == Family::qwen3 || f == Family::qwen3_moe || gemma3) attention += 2 * d;  // q_norm, k_norm
      if (f == Family::gpt_oss) attention += Hq;                                       // attention sinks
      if (qkv_bias) notes_.push_back(import_note(o_bias ? NoteCode::biases_qkvo : NoteCode::biases_qkv, {}));
    }
    const double norms = (f == Family::gemma2 || gemma3 ? 4 : 2) * H;

    // MLP: dense layers and MoE layers.
    double dense_mlp = 0, routed_per_layer = 0, expert_size = 0, moe_fixed = 0, E = 0, k = 0;
    std::vector<bool> moe(static_cast<std::size_t>(L), false);
    const bool moe_family =
        f == Family::mixtral || f == Family::qwen2_moe || f == Family::qwen3_moe || f == Family::gpt_oss || mla;
    if (moe_family) {
      if (!moe_layers(c, f, L, moe)) return false;
    }
    double moe_count = 0;
    for (bool b : moe) moe_count += b ? 1 : 0;
    if (moe_count < L) {
      const double I = c.whole("intermediate_size");
      const bool mlp_bias = f == Family::llama && c.flag_or("mlp_bias", false, false);
      dense_mlp = 3 * H * I + (mlp_bias ? 2 * I + H : 0);
      if (mlp_bias) notes_.push_back(import_note(NoteCode::mlp_biases, {}));
    }
    if (moe_count > 0) {
      if (f == Family::mixtral || f == Family::gpt_oss) {
        E = c.whole("num_local_experts");
        expert_size = c.whole("intermediate_size");
      } else if (mla) {
        E = c.whole("n_routed_experts");
        expert_size = c.whole("moe_intermediate_size");
      } else {
        E = c.whole("num_experts");
        expert_size = c.whole("moe_intermediate_size");
      }
      k = c.whole("num_experts_per_tok");
      if (sink_.failed) return false;
      if (k > E)
        return sink_.fail(
            c.name("num_experts_per_tok"), MessageCode::config_experts_per_token_above,
            {text_value("key", c.name("num_experts_per_tok")), count_value("per_token", k), count_value("experts", E)});
      if (f == Family::gpt_oss) {
        const Value* alias = c.get("experts_per_token");
        if (alias && !(alias->kind == Kind::number && alias->number == k))
          return sink_.fail(c.name("experts_per_token"), MessageCode::config_alias_disagrees,
                            {text_value("key", c.name("experts_per_token")), shown("got", *alias),
                             text_value("other_key", "num_experts_per_tok"), count_value("per_token", k)});
      }
      double one_expert = 3 * H * expert_size;
      if (f == Family::gpt_oss) one_expert += 2 * expert_size + H;  // gate_up_proj_bias, down_proj_bias
      routed_per_layer = E * one_expert;
      moe_fixed = E * H;  // router
      if (f == Family::gpt_oss) moe_fixed += E;
      if (f == Family::deepseek_v3) {
        const Value* method = c.get("topk_method");
        if (!method || (method->kind == Kind::string && method->text == "noaux_tc")) {
          moe_fixed += E;  // e_score_correction_bias
          notes_.push_back(import_note(NoteCode::correction_bias, {count_value("experts", E)}));
        }
      }
      if (mla) {
        const double shared = c.get("n_shared_experts") ? c.whole("n_shared_experts", 0) : 0;
        moe_fixed += shared * 3 * H * expert_size;
        if (shared > 0) notes_.push_back(import_note(NoteCode::shared_experts, {count_value("count", shared)}));
      }
      if (f == Family::qwen2_moe) {
        const double shared_size = c.whole("shared_expert_intermediate_size");
        moe_fixed += 3 * H * shared_size + H;  // shared_expert, shared_expert_gate
        notes_.push_back(import_note(NoteCode::shared_expert_gate, {count_value("size", shared_size)}));
      }
      if (sink_.failed) return false;
      if (moe_count == L)
        notes_.push_back(import_note(
            NoteCode::moe_every_layer,
            {count_value("experts", E), count_value("expert_params", one_expert), count_value("per_token", k)}));
      else
        notes_.push_back(
            import_note(NoteCode::moe_some_layers,
                        {count_value("moe_layers", moe_count), count_value("layers", L), count_value("experts", E),
                         count_value("expert_params", one_expert), count_value("per_token", k)}));
    }
    if (sink_.failed) return false;

    const double dense_layer = attention + norms + dense_mlp;
    const double moe_layer = attention + norms + moe_fixed + routed_per_layer;
    double total = embed + lm_head + H + (L - moe_count) * dense_layer + moe_count * moe_layer;
    const double routed_total = moe_count * routed_per_layer;
    double active = total - routed_total + (E > 0 ? moe_count * routed_per_layer * k / E : 0);

    if (f == Family::gemma3) {
      const double vision = vision_tower(H);
      if (sink_.failed) return false;
      total += vision;
      active += vision;
    }
    if (f == Family::deepseek_v3 || f == Family::deepseek_v2) {
      const Value* mtp = c.get("num_nextn_predict_layers");
      if (mtp && mtp->kind == Kind::number && mtp->number > 0)
        notes_.push_back(import_note(NoteCode::mtp_left_out, {number_value("count", mtp->number)}));
    }
    std::vector<MessageValue> read_as = {text_value("model_type", fam_.model_type),
                                         text_value("modeling", fam_.modeling), count_value("total", total),
                                         count_value("embeddings", embed)};
    if (!tied) read_as.push_back(count_value("lm_head", lm_head));
    notes_.insert(notes_.begin(), import_note(tied ? NoteCode::read_as_tied : NoteCode::read_as, read_as));
    if (E > 0)
      notes_.push_back(import_note(
          NoteCode::active_per_token,
          {count_value("active", active), count_value("always_used", total - routed_total), count_value("per_token", k),
           count_value("experts", E), count_value("without_embedding", active - embed)}));

    if (!window(c, f, L, m)) return false;
    max_context(c, gemma3, m);
    if (root_.find("quantization_config")) notes_.push_back(import_note(NoteCode::quantization_config, {}));
    if (sink_.failed) return false;

    m.total = total;
    m.active = active;
    m.layers = L;
    m.query_heads = Hq;
    m.kv_heads = Hkv;
    m.head_dim = mla ? qk_dim : d;
    m.latent = latent;
    m.experts = E;
    m.per_token = k;
    return true;
  }

 private:
  const Value& root_;
  const FamilyRow& fam_;
  Sink& sink_;
  Notes& notes_;

  // Which layers hold a mixture of experts.
  bool moe_layers(Keys& c, Family f, double L, std::vector<bool>& moe) {
    const std::size_t n = moe.size();
    if (f == Family::mixtral || f == Family::gpt_oss) {
      for (std::size_t i = 0; i < n; ++i) moe[i] = true;
      return true;
    }
    if (f == Family::deepseek_v2 || f == Family::deepseek_v3) {
      const double first_dense = c.get("first_k_dense_replace") ? c.whole("first_k_dense_replace", 0) : 0;
      const double freq = c.get("moe_layer_freq") ? c.whole("moe_layer_freq") : 1;
      if (sink_.failed) return false;
      for (std::size_t i = 0; i < n; ++i)
        moe[i] = static_cast<double>(i) >= first_dense && std::fmod(static_cast<double>(i), freq) == 0;
      return true;
    }
    // Qwen2-MoE, Qwen3-MoE: MoE unless listed in mlp_only_layers, every decoder_sparse_step-th layer.
    const double step = c.get("decoder_sparse_step") ? c.whole("decoder_sparse_step") : 1;
    if (sink_.failed) return false;
    for (std::size_t i = 0; i < n; ++i) moe[i] = std::fmod(static_cast<double>(i + 1), step) == 0;
    if (const Value* only = c.get("mlp_only_layers")) {
      if (only->kind != Kind::array)
        return sink_.fail(c.name("mlp_only_layers"), MessageCode::config_not_layer_list,
                          {text_value("key", c.name("mlp_only_layers")), shown("got", *only)});
      for (std::size_t j = 0; j < only->items.size(); ++j) {
        const Value& v = only->items[j];
        if (v.kind != Kind::number || !(v.number >= 0 && v.number < L) || std::floor(v.number) != v.number)
          return sink_.fail(c.name("mlp_only_layers"), MessageCode::config_bad_layer_number,
                            {text_value("key", c.name("mlp_only_layers")), count_value("index", static_cast<double>(j)),
                             count_value("last", L - 1), shown("got", v)});
        moe[static_cast<std::size_t>(v.number)] = false;
      }
    }
    return true;
  }

  // Sliding layers from a layer_types array; -1 on a refusal.
  double sliding_from_layer_types(Keys& c, const Value& types, double L) {
    if (types.kind != Kind::array || static_cast<double>(types.items.size()) != L) {
      if (types.kind == Kind::array)
        sink_.fail(c.name("layer_types"), MessageCode::config_layer_types_count,
                   {text_value("key", c.name("layer_types")), count_value("layers", L),
                    count_value("count", static_cast<double>(types.items.size()))});
      else
        sink_.fail(c.name("layer_types"), MessageCode::config_layer_types_not_array,
                   {text_value("key", c.name("layer_types")), count_value("layers", L), shown("got", types)});
      return -1;
    }
    double sliding = 0;
    for (std::size_t i = 0; i < types.items.size(); ++i) {
      const Value& t = types.items[i];
      if (t.kind == Kind::string && t.text == "sliding_attention") {
        ++sliding;
      } else if (!(t.kind == Kind::string && t.text == "full_attention")) {
        sink_.fail(
            c.name("layer_types"), MessageCode::config_bad_layer_kind,
            {text_value("key", c.name("layer_types")), count_value("index", static_cast<double>(i)), shown("got", t)});
        return -1;
      }
    }
    return sliding;
  }

  bool window(Keys& c, Family f, double L, Model& m) {
    double W = 0, sliding = 0;
    const Value* types = c.get("layer_types");
    // Which of the notes on some sliding layers says how they were found.
    NoteCode how = NoteCode::window_layer_types;
    switch (f) {
      case Family::llama:
      case Family::deepseek_v2:
      case Family::deepseek_v3: return true;
      case Family::mistral:
      case Family::mixtral:
      case Family::phi3: {
        // One window on every layer; null means none. MistralConfig's default is 4096, the others' none.
        const Value* w = c.object()->find("sliding_window");
        if (!w && f == Family::mistral) {
          W = c.whole_or("sliding_window", 4096);
        } else if (w && w->kind != Kind::null_value) {
          W = c.whole("sliding_window");
        }
        sliding = L;  // noted as every layer (window_all_layers)
        break;
      }
      case Family::qwen2:
      case Family::qwen2_moe:
      case Family::qwen3:
      case Family::qwen3_moe: {
        if (!c.flag_or("use_sliding_window", false, false)) {
          if (c.get("sliding_window")) notes_.push_back(import_note(NoteCode::window_ignored, {}));
          return true;
        }
        W = c.whole("sliding_window");
        if (types) {
          sliding = sliding_from_layer_types(c, *types, L);
          how = NoteCode::window_layer_types;
        } else {
          const double full = c.whole_or("max_window_layers", 28, 0);
          sliding = full >= L ? 0 : L - full;
          how = NoteCode::window_max_window_layers;
        }
        break;
      }
      case Family::gemma2:
      case Family::gpt_oss: {
        W = c.whole_or("sliding_window", f == Family::gemma2 ? 4096 : 128);
        if (types) {
          sliding = sliding_from_layer_types(c, *types, L);
          how = NoteCode::window_layer_types;
        } else {
          sliding = std::ceil(L / 2);  // layers 0, 2, 4, ... (modeling: is_sliding = not layer_idx % 2)
          how = NoteCode::window_every_other;
        }
        break;
      }
      case Family::gemma3:
      case Family::gemma3_text: {
        W = c.whole_or("sliding_window", 4096);
        if (types) {
          sliding = sliding_from_layer_types(c, *types, L);
          how = NoteCode::window_layer_types;
        } else {
          const double pattern = c.whole_or("sliding_window_pattern", 6);
          sliding = L - std::floor(L / pattern);  // full attention on every pattern-th layer
          how = NoteCode::window_pattern;
        }
        break;
      }
    }
    if (sink_.failed || sliding < 0) return false;
    if (W == 0 || sliding == 0) {
      notes_.push_back(import_note(NoteCode::full_attention, {}));
      return true;
    }
    m.window = W;
    m.window_layers = sliding == L ? 0 : sliding;
    if (sliding == L)
      notes_.push_back(import_note(NoteCode::window_all_layers, {count_value("layers", L), count_value("window", W)}));
    else
      notes_.push_back(import_note(how, {count_value("sliding", sliding), count_value("layers", L),
                                         count_value("window", W), count_value("full", L - sliding)}));
    return true;
  }

  void max_context(Keys& c, bool gemma3, Model& m) {
    double n = 0;
    if (gemma3) {
      n = c.whole_or("max_position_embeddings", 131072);
    } else if (c.get("max_position_embeddings")) {
      n = c.whole("max_position_embeddings");
    } else {
      notes_.push_back(import_note(NoteCode::no_context_limit, {}));
      return;
    }
    m.max_context = n;
    const Value* rope = c.get("rope_scaling");
    if (rope && rope->kind == Kind::object) {
      std::string kind;
      if (const Value* t = rope->find("rope_type")) kind = t->kind == Kind::string ? t->text : "";
      if (kind.empty())
        if (const Value* t = rope->find("type")) kind = t->kind == Kind::string ? t->text : "";
      std::string text = "rope_scaling";
      if (!kind.empty()) text += " (" + escape_invisible(kind);
      if (const Value* fac = rope->find("factor"))
        if (fac->kind == Kind::number)
          text += (kind.empty() ? " (" : ", ") + std::string("factor ") + format_compact(fac->number);
      if (text != "rope_scaling") text += ")";
      const Value* o = rope->find("original_max_position_embeddings");
      if (o && o->kind == Kind::number)
        notes_.push_back(
            import_note(NoteCode::rope_context_trained,
                        {text_value("scaling", text), count_value("context", n), count_value("trained", o->number)}));
      else
        notes_.push_back(import_note(NoteCode::rope_context, {text_value("scaling", text), count_value("context", n)}));
    }
  }

  // Gemma 3's SigLIP vision tower and multimodal projector (modeling_siglip.py, modeling_gemma3.py).
  double vision_tower(double text_hidden) {
    const Value* vc = root_.find("vision_config");
    if (!vc || vc->kind != Kind::object) {
      sink_.fail("vision_config", MessageCode::config_no_vision_config, {});
      return 0;
    }
    Keys v(vc, "vision_config.", sink_, notes_, "SiglipVisionConfig");
    const double Hv = v.whole("hidden_size");
    const double Iv = v.whole("intermediate_size");
    const double Lv = v.whole("num_hidden_layers");
    const double patch = v.whole("patch_size");
    const double image = v.whole("image_size");
    const double channels = v.get("num_channels") ? v.whole("num_channels") : 3;
    const bool head = v.flag_or("vision_use_head", true);
    if (sink_.failed) return 0;
    if (std::fmod(image, patch) != 0) {
      sink_.fail("vision_config.patch_size", MessageCode::config_patch_not_dividing,
                 {count_value("patch", patch), count_value("image", image)});
      return 0;
    }
    const double patches = (image / patch) * (image / patch);
    const double embeddings = channels * patch * patch * Hv + Hv + patches * Hv;
    const double layer = 4 * (Hv * Hv + Hv) + (Hv * Iv + Iv) + (Iv * Hv + Hv) + 2 * (2 * Hv);
    double tower = embeddings + Lv * layer + 2 * Hv;
    if (head) tower += Hv + (3 * Hv * Hv + 3 * Hv) + (Hv * Hv + Hv) + 2 * Hv + (Hv * Iv + Iv) + (Iv * Hv + Hv);
    const double projector = Hv * text_hidden + Hv;
    notes_.push_back(import_note(NoteCode::vision_tower, {count_value("layers", Lv), count_value("tower", tower),
                                                          count_value("projector", projector)}));
    return tower + projector;
  }
};

}  // namespace

HfImportResult import_hf_config(const std::string& json_text) {
  HfImportResult result;
  json::ReadLimits limits;
  limits.max_bytes = kHfConfigMaxBytes;
  const json::ReadResult doc = json::read_json(json_text, limits);
  if (!doc.ok) {
    // The reader's reason is a declared kind too (json_errors.h), with its one value.
    const json::JsonErrorDeclaration& why = json::json_error(doc.error.kind);
    std::vector<MessageValue> why_params;
    if (std::strcmp(why.param, "limit") == 0) why_params.push_back(number_value("limit", doc.error.limit));
    if (std::strcmp(why.param, "key") == 0) why_params.push_back(text_value("key", doc.error.key));
    const InputError reason{"config.json", doc.error.reason, why.code, message_values_json(why_params)};
    result.error =
        coded_error("config.json", import_refusal(MessageCode::config_not_json),
                    {number_value("offset", static_cast<double>(doc.error.offset)), refusal_value("reason", reason)});
    return result;
  }
  if (doc.value.kind != Kind::object) {
    result.error = coded_error("config.json", import_refusal(MessageCode::config_not_object),
                               {message_value("got", import_refusal(kind_message(doc.value.kind)))});
    return result;
  }
  const Value* type = doc.value.find("model_type");
  if (!type || type->kind != Kind::string) {
    result.error =
        type ? coded_error("model_type", import_refusal(MessageCode::config_model_type_not_text), {shown("got", *type)})
             : coded_error("model_type", import_refusal(MessageCode::config_no_model_type), {});
    return result;
  }
  const FamilyRow* family = nullptr;
  for (const FamilyRow& f : kFamilies)
    if (type->text == f.model_type) family = &f;
  if (!family) {
    result.error = coded_error("model_type", import_refusal(MessageCode::config_unknown_model_type),
                               {shown("got", *type), text_value("families", family_list())});
    return result;
  }

  Sink sink;
  Model m;
  Notes notes;
  Importer importer(doc.value, *family, sink, notes);
  if (!importer.run(m)) {
    result.error = sink.error;
    return result;
  }

  // The values, in declaration order, each checked against its declaration.
  const struct {
    const char* name;
    double value;
  } set[] = {
      {"total_params", m.total},
      {"active_params", m.active},
      {"layers", m.layers},
      {"query_heads", m.query_heads},
      {"kv_heads", m.kv_heads},
      {"head_dim", m.head_dim},
      {"sliding_window_tokens", m.window},
      {"sliding_window_layers", m.window_layers},
      {"latent_kv_dim", m.latent},
      {"experts", m.experts},
      {"experts_per_token", m.per_token},
      {"model_max_context_tokens", m.max_context},
      {"vocab_size", m.vocab},
  };
  for (const auto& s : set) {
    const InputFieldDeclaration* field = find_budget_input_field(s.name);
    if (!field) {
      result.error = InputError{s.name, std::string("the core declares no input named ") + s.name};
      result.values.clear();
      return result;
    }
    double cap = 0;
    if (field->max_from[0] != '\0')
      for (const HfImportedValue& v : result.values)
        if (std::strcmp(v.field->name, field->max_from) == 0) cap = v.value;
    if (auto error = check_declared_value(*field, s.value, cap)) {
      result.error = coded_error(field->name, import_refusal(MessageCode::config_outside_range),
                                 {refusal_value("refusal", *error)});
      result.values.clear();
      return result;
    }
    result.values.push_back(HfImportedValue{field, s.value});
  }
  BudgetInput shaped;
  apply_values(result.values, shaped);
  if (auto error = check_model_shape(shaped)) {
    result.error = coded_error(error->field, import_refusal(MessageCode::config_outside_range),
                               {refusal_value("refusal", *error)});
    result.values.clear();
    return result;
  }
  result.ok = true;
  result.notes = std::move(notes);
  return result;
}

}  // namespace llmbudget

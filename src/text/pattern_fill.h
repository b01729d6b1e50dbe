#pragma once
// Filling a declared message pattern: each "{name}" of the pattern becomes the
// words of the value of that name. The core's declared messages (the refusals,
// importer notes and the answer checker's sentences) write their English this
// way, through reading/message_values.h fill_message().
#include <cstring>
#include <string>
#include <vector>

namespace llmbudget {

/// Fills `pattern`'s placeholders from `values`.
/// @param pattern a NUL-terminated pattern; "{name}" is a placeholder, any
///   other text is copied as it is (a "{" without a later "}" too)
/// @param values the values, each with a `name` member (const char*); the last
///   one of a name wins; a placeholder no value names stays as written ("{x}")
/// @param words how a value reads in English (a callable Value -> std::string)
/// @returns the filled text
template <class Value, class Words>
std::string fill_pattern(const char* pattern, const std::vector<Value>& values, Words words) {
  std::string out;
  const char* p = pattern;
  while (*p != '\0') {
    const char* open = std::strchr(p, '{');
    const char* close = open != nullptr ? std::strchr(open, '}') : nullptr;
    if (open == nullptr || close == nullptr) {
      out += p;
      break;
    }
    out.append(p, open);
    const std::string name(open + 1, close);
    const Value* found = nullptr;
    for (const Value& v : values) {
      if (name == v.name) found = &v;
    }
    if (found != nullptr) {
      out += words(*found);
    } else {
      out.append(open, close + 1);
    }
    p = close + 1;
  }
  return out;
}

}  // namespace llmbudget

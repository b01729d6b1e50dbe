// Reading JSON text into a tree; rules and limits in json_reader.h.
#include "text/json_reader.h"

#include <cstring>

#include "text/decimal_scan.h"
#include "text/number_text.h"
#include "text/utf8_text.h"

namespace llmbudget {
namespace json {

const Value* Value::find(const char* key) const {
  if (kind != Kind::object) return nullptr;
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) return &items[i];
  return nullptr;
}

const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::null_value: return "null";
    case Kind::boolean: return "true or false";
    case Kind::number: return "a number";
    case Kind::string: return "a string";
    case Kind::array: return "an array";
    case Kind::object: return "an object";
  }
  return "a value";
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void append_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Reader {
 public:
  Reader(const std::string& text, const ReadLimits& limits) : s_(text), limits_(limits) {}

  ReadResult run() {
    ReadResult r;
    if (s_.size() > limits_.max_bytes) {
      fail(limits_.max_bytes, JsonError::too_long, static_cast<double>(limits_.max_bytes));
    } else {
      if (s_.compare(0, 3, "\xEF\xBB\xBF") == 0) i_ = 3;
      skip_space();
      if (i_ >= s_.size()) {
        fail(i_, JsonError::empty);
      } else if (value(r.value, 1)) {
        skip_space();
        if (i_ < s_.size()) fail(i_, JsonError::text_after_value);
      }
    }
    r.ok = !failed_;
    if (failed_) {
      r.value = Value{};
      r.error = error_;
    }
    return r;
  }

 private:
  const std::string& s_;
  const ReadLimits& limits_;
  std::size_t i_ = 0;
  bool failed_ = false;
  ReadError error_;

  /// Stops at `at` for `kind`; `limit` or `key` fills its pattern's placeholder ({limit}, {key}).
  bool fail(std::size_t at, JsonError kind, double limit = 0, const std::string& key = std::string()) {
    if (!failed_) {
      failed_ = true;
      const std::string value = json_error(kind).param == std::string("key") ? key : format_compact(limit);
      error_ = ReadError{at, json_error_text(kind, value), kind, limit, key};
    }
    return false;
  }

  void skip_space() {
    while (i_ < s_.size() && is_space(s_[i_])) ++i_;
  }

  bool literal(const char* word) {
    const std::size_t n = std::strlen(word);
    if (s_.compare(i_, n, word) != 0) return false;
    i_ += n;
    return true;
  }

  bool value(Value& out, int depth) {
    if (i_ >= s_.size()) return fail(i_, JsonError::ends_before_value);
    const char c = s_[i_];
    if (c == '{' || c == '[') {
      if (depth > limits_.max_depth) return fail(i_, JsonError::too_deep, limits_.max_depth);
      return c == '{' ? object(out, depth) : array(out, depth);
    }
    if (c == '"') {
      out.kind = Kind::string;
      return string(out.text);
    }
    if (c == '-' || is_digit(c)) return number(out);
    if (literal("true")) {
      out.kind = Kind::boolean;
      out.flag = true;
      return true;
    }
    if (literal("false")) {
      out.kind = Kind::boolean;
      out.flag = false;
      return true;
    }
    if (literal("null")) {
      out.kind = Kind::null_value;
      return true;
    }
    if (s_.compare(i_, 3, "NaN") == 0 || s_.compare(i_, 8, "Infinity") == 0)
      return fail(i_, JsonError::nan_or_infinity);
    if (c == '\'') return fail(i_, JsonError::single_quotes);
    if (c == '/') return fail(i_, JsonError::comment);
    if (c == '+' || c == '.') return fail(i_, JsonError::bad_number_start);
    return fail(i_, JsonError::expected_value);
  }

  bool object(Value& out, int depth) {
    out.kind = Kind::object;
    ++i_;  // '{'
    skip_space();
    if (i_ < s_.size() && s_[i_] == '}') {
      ++i_;
      return true;
    }
    for (;;) {
      skip_space();
      if (i_ >= s_.size()) return fail(i_, JsonError::ends_in_object);
      if (s_[i_] != '"') {
        if (s_[i_] == '}') return fail(i_, JsonError::trailing_comma_object);
        return fail(i_, JsonError::expected_key);
      }
      const std::size_t key_at = i_;
      std::string key;
      if (!string(key)) return false;
      for (const std::string& k : out.keys)
        if (k == key) return fail(key_at, JsonError::duplicate_key, 0, escape_invisible(key));
      skip_space();
      if (i_ >= s_.size() || s_[i_] != ':') return fail(i_, JsonError::expected_colon);
      ++i_;
      skip_space();
      out.keys.push_back(key);
      out.items.emplace_back();
      if (!value(out.items.back(), depth + 1)) return false;
      skip_space();
      if (i_ >= s_.size()) return fail(i_, JsonError::ends_in_object);
      if (s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (s_[i_] == '}') {
        ++i_;
        return true;
      }
      return fail(i_, JsonError::expected_comma_object);
    }
  }

  bool array(Value& out, int depth) {
    out.kind = Kind::array;
    ++i_;  // '['
    skip_space();
    if (i_ < s_.size() && s_[i_] == ']') {
      ++i_;
      return true;
    }
    for (;;) {
      skip_space();
      if (i_ < s_.size() && s_[i_] == ']') return fail(i_, JsonError::trailing_comma_array);
      out.items.emplace_back();
      if (!value(out.items.back(), depth + 1)) return false;
      skip_space();
      if (i_ >= s_.size()) return fail(i_, JsonError::ends_in_array);
      if (s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (s_[i_] == ']') {
        ++i_;
        return true;
      }
      return fail(i_, JsonError::expected_comma_array);
    }
  }

  // Four hex digits at i_ (after "\u"); -1 when they are not there.
  long hex4() {
    if (i_ + 4 > s_.size()) return -1;
    long v = 0;
    for (int k = 0; k < 4; ++k) {
      const int h = hex_value(s_[i_ + k]);
      if (h < 0) return -1;
      v = v * 16 + h;
    }
    i_ += 4;
    return v;
  }

  bool string(std::string& out) {
    ++i_;  // opening quote
    for (;;) {
      if (i_ >= s_.size()) return fail(i_, JsonError::ends_in_string);
      const unsigned char c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        ++i_;
        return true;
      }
      if (c < 0x20) return fail(i_, JsonError::control_character);
      if (c == '\\') {
        const std::size_t at = i_;
        ++i_;
        if (i_ >= s_.size()) return fail(i_, JsonError::ends_in_string);
        const char e = s_[i_++];
        switch (e) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            long cp = hex4();
            if (cp < 0) return fail(at, JsonError::bad_unicode_escape);
            if (cp >= 0xDC00 && cp <= 0xDFFF) return fail(at, JsonError::lone_low_surrogate);
            if (cp >= 0xD800 && cp <= 0xDBFF) {
              if (s_.compare(i_, 2, "\\u") != 0) return fail(at, JsonError::lone_high_surrogate);
              i_ += 2;
              const long lo = hex4();
              if (lo < 0xDC00 || lo > 0xDFFF) return fail(at, JsonError::lone_high_surrogate);
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            append_utf8(out, static_cast<unsigned>(cp));
            break;
          }
          default: return fail(at, JsonError::unknown_escape);
        }
        continue;
      }
      if (c < 0x80) {
        out += static_cast<char>(c);
        ++i_;
        continue;
      }
      unsigned cp = 0;
      const std::size_t len = decode_utf8(s_, i_, cp);
      if (len == 0) return fail(i_, JsonError::not_utf8);
      out.append(s_, i_, len);
      i_ += len;
    }
  }

  bool number(Value& out) {
    const std::size_t start = i_;
    if (s_[i_] == '-') ++i_;
    std::string int_digits, frac_digits, exponent;
    if (i_ >= s_.size() || !is_digit(s_[i_])) return fail(i_, JsonError::minus_without_digit);
    if (s_[i_] == '0' && i_ + 1 < s_.size() && is_digit(s_[i_ + 1])) return fail(i_, JsonError::leading_zero);
    while (i_ < s_.size() && is_digit(s_[i_])) int_digits += s_[i_++];
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      if (i_ >= s_.size() || !is_digit(s_[i_])) return fail(i_, JsonError::point_without_digit);
      while (i_ < s_.size() && is_digit(s_[i_])) frac_digits += s_[i_++];
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) exponent += s_[i_++];
      if (i_ >= s_.size() || !is_digit(s_[i_])) return fail(i_, JsonError::exponent_without_digit);
      while (i_ < s_.size() && is_digit(s_[i_])) exponent += s_[i_++];
    }
    if (i_ - start > kMaxNumberChars)
      return fail(start, JsonError::number_too_long, static_cast<double>(kMaxNumberChars));
    double v = 0;
    const ScanError e = decimal_to_double(int_digits, frac_digits, exponent, v);
    if (e == ScanError::out_of_range) return fail(start, JsonError::number_too_large);
    if (e == ScanError::underflow) return fail(start, JsonError::number_too_small);
    out.kind = Kind::number;
    out.number = s_[start] == '-' ? -v : v;
    return true;
  }
};

}  // namespace

ReadResult read_json(const std::string& text, const ReadLimits& limits) { return Reader(text, limits).run(); }

}  // namespace json
}  // namespace llmbudget

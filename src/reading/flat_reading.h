// The reading layer's calls on a text buffer and flat arrays (parse_quantity(),
// the unit table, escape_invisible()), so a caller across the wasm boundary hands
// text over as UTF-8 bytes and reads numbers back from a Float64Array, with no
// per-call object conversion: the calculator's wasm module has no Embind.
//
// Layout: output() holds the values of the last call; kQuantityLayout names
// parse_quantity()'s in order (flags as 0 or 1, enums as their numeric value:
// names in reading_declarations.h). reading_declarations_json() lists the layout
// under "flat_layouts", so a caller reads the values by name.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "reading/quantity.h"

namespace llmbudget {

/// One value of run_parse_quantity()'s output: its name and how it is read from the Quantity (flags as 0 or 1,
/// enums as their numeric value). kQuantityLayout is the one list of their names and order, which FlatReading
/// writes by and reading_declarations_json() lists under "flat_layouts".
struct QuantityValue {
  const char* name;
  double (*read)(const Quantity&);
};
inline constexpr QuantityValue kQuantityLayout[] = {
    {"ok", [](const Quantity& q) { return q.ok ? 1.0 : 0.0; }},
    {"error", [](const Quantity& q) { return static_cast<double>(static_cast<int>(q.error)); }},
    {"value", [](const Quantity& q) { return q.value; }},
    {"alt_value", [](const Quantity& q) { return q.alt_value; }},
    {"ambiguous", [](const Quantity& q) { return q.ambiguous ? 1.0 : 0.0; }},
    {"has_unit", [](const Quantity& q) { return q.has_unit ? 1.0 : 0.0; }},
    {"dimension", [](const Quantity& q) { return static_cast<double>(static_cast<int>(q.dimension)); }},
    {"unit_factor", [](const Quantity& q) { return q.unit_factor; }},
    {"approximate", [](const Quantity& q) { return q.approximate ? 1.0 : 0.0; }},
};

/// The most bytes FlatReading::text_buffer() holds: a typed answer is clipped by the caller just past
/// kMaxAnswerBytes, and a text to escape to at most 262,144 UTF-16 units (web/core/reading-core.js), which
/// UTF-8 writes in at most 786,432 bytes.
constexpr std::size_t kMaxFlatReadingBytes = 1 << 20;

/// One set of buffers for the reading layer's flat calls.
class FlatReading {
 public:
  /// Room for `bytes` bytes of UTF-8 text and a NUL after them, which the caller fills before a call; valid until
  /// the next text_buffer() call. nullptr (and the buffer as it was) for `bytes` outside 0..kMaxFlatReadingBytes.
  char* text_buffer(double bytes);
  /// parse_quantity() (quantity.h) of the buffer's first `bytes` bytes: output() in kQuantityLayout order, and
  /// text() the reason it failed (Quantity::message) or, when it read, the unit's canonical symbol ("" for none).
  void run_parse_quantity(double bytes);
  /// escape_invisible() (utf8_text.h) of the buffer's first `bytes` bytes, in text().
  void run_escape_invisible(double bytes);
  /// The rows of unit_table() (unit_table.h).
  double unit_count();
  /// Row `index` of unit_table() (0 <= index < unit_count(); else nothing is written): its dimension's value in
  /// output()[0], its symbol in text().
  void run_unit(double index);
  /// The values of the last call.
  const std::vector<double>& output() const { return output_; }
  /// The text of the last call (see each call).
  const std::string& text() const { return text_out_; }

 private:
  std::string text_in(double bytes) const;
  std::vector<char> text_;
  std::vector<double> output_;
  std::string text_out_;
};

}  // namespace llmbudget

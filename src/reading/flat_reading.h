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

namespace llmbudget {

/// The values FlatReading::run_parse_quantity() writes, in order (Quantity, quantity.h).
constexpr const char* kQuantityLayout[] = {"ok",       "error",     "value",       "alt_value",  "ambiguous",
                                           "has_unit", "dimension", "unit_factor", "approximate"};

/// The most bytes FlatReading::text_buffer() holds: a typed answer is clipped by the caller just past
/// kMaxAnswerBytes, and a text to escape is clipped before it is shown (a message quotes at most 80 characters).
constexpr std::size_t kMaxFlatReadingBytes = 1 << 20;

/// One set of buffers for the reading layer's flat calls.
class FlatReading {
 public:
  /// Room for `bytes` bytes of UTF-8 text and a NUL after them (`bytes` cut to 0..kMaxFlatReadingBytes), which
  /// the caller fills before a call; valid until the next text_buffer() call.
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

#include "reading/flat_reading.h"

#include <algorithm>
#include <cmath>

#include "reading/quantity.h"
#include "reading/unit_table.h"
#include "text/utf8_text.h"

namespace llmbudget {

namespace {

// `v` as a count from 0 to `limit`; 0 for a value that is not finite.
std::size_t clipped(double v, std::size_t limit) {
  return std::isfinite(v) ? static_cast<std::size_t>(std::clamp(v, 0.0, static_cast<double>(limit))) : 0;
}

const std::vector<UnitSymbol>& units() {
  static const std::vector<UnitSymbol> table = unit_table();
  return table;
}

}  // namespace

char* FlatReading::text_buffer(double bytes) {
  if (!std::isfinite(bytes) || bytes < 0 || bytes > static_cast<double>(kMaxFlatReadingBytes)) return nullptr;
  text_.assign(static_cast<std::size_t>(bytes) + 1, '\0');
  return text_.data();
}

std::string FlatReading::text_in(double bytes) const {
  const std::size_t size = text_.empty() ? 0 : text_.size() - 1;
  return std::string(text_.data(), clipped(bytes, size));
}

void FlatReading::run_parse_quantity(double bytes) {
  const Quantity q = parse_quantity(text_in(bytes));
  output_.clear();
  for (const QuantityValue& v : kQuantityLayout) output_.push_back(v.read(q));
  text_out_ = q.ok ? q.unit : q.message;
}

void FlatReading::run_escape_invisible(double bytes) { text_out_ = escape_invisible(text_in(bytes)); }

double FlatReading::unit_count() { return static_cast<double>(units().size()); }

void FlatReading::run_unit(double index) {
  if (!std::isfinite(index) || index < 0 || index >= unit_count()) return;
  const UnitSymbol& row = units()[static_cast<std::size_t>(index)];
  output_ = {static_cast<double>(static_cast<int>(row.dimension))};
  text_out_ = row.symbol;
}

}  // namespace llmbudget

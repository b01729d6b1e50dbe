// A read-only view of a constant table: pointer and length, so a caller can
// iterate over a declaration (budget fields, enum names, practice fields)
// without knowing how many rows it has. Every declaration table of the core
// is handed out as one of these. Also the row every enum-name table uses.
#pragma once

#include <cstddef>

namespace llmbudget {

/// Rows [rows, rows + size) of a table with static storage; never owns them.
template <class Row>
struct Table {
  const Row* rows;
  std::size_t size;
  const Row* begin() const { return rows; }
  const Row* end() const { return rows + size; }
};

/// One value of an enum: the value, its stable name (the Embind enum name, the
/// JSON name and what to_string() returns) and one line on what it means.
/// Enum tables list every value once, in value order (row i has value i).
struct EnumDeclaration {
  int value;
  const char* name;
  const char* meaning;
};

}  // namespace llmbudget

#pragma once
#include <string>

namespace llmbudget {

/// The English words for ONE of a declared unit, from its declared (plural) name:
/// the first word loses its plural "s" ("requests" -> "request", "GPUs" -> "GPU",
/// "tokens per request" -> "token per request", "requests/s" -> "request/s",
/// "bytes per parameter" -> "byte per parameter"). A unit whose first word is
/// not an English plural ("s", "FLOP/s", "percent", "fraction of GPU memory",
/// "$ per GPU-hour", "gamma shape") is returned as it is.
///
/// Every unit the field declarations name (field_declarations.cpp,
/// traffic_declarations.cpp) is a plural noun phrase or a symbol, so this one
/// rule serves them all; the declaration JSON carries the result as
/// "unit_one", the field reader accepts it typed after a number ("1 request"),
/// and the page writes "1 request" and "2 requests" from the two.
/// @param unit a declared unit, ASCII, may be empty (returns "")
std::string unit_singular(const std::string& unit);

}  // namespace llmbudget

#include "budget/unit_words.h"

namespace llmbudget {

std::string unit_singular(const std::string& unit) {
  const std::size_t word_end = unit.find(' ');
  const std::string first = unit.substr(0, word_end);
  const std::string after = word_end == std::string::npos ? "" : unit.substr(word_end);
  // "requests/s": the noun is the part before the rate's "/".
  const std::size_t slash = first.find('/');
  const std::string noun = first.substr(0, slash);
  const std::string rate = slash == std::string::npos ? "" : first.substr(slash);
  // A plural noun: two letters or more, ending in a lower-case "s" after a letter ("GPUs").
  const bool plural = noun.size() > 2 && noun.back() == 's' &&
                      ((noun[noun.size() - 2] >= 'a' && noun[noun.size() - 2] <= 'z') ||
                       (noun[noun.size() - 2] >= 'A' && noun[noun.size() - 2] <= 'Z'));
  if (!plural) return unit;
  return noun.substr(0, noun.size() - 1) + rate + after;
}

}  // namespace llmbudget

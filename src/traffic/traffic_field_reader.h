// Reading what a person types into one of the serving simulation's number
// boxes: the budget's field reader (budget/field_reader.h: suffixes such as
// "32k", units of the field's family such as "10%", decimal comma and digit
// grouping, the comma's and point's two readings) on a row of
// traffic_input_fields(), so the simulation's declared units, ranges and
// whole-number rules pick the reading, as the budget's rows do for the
// calculator. The range itself is checked later by validate_traffic_input(),
// which names the field.
#pragma once

#include <string>

#include "budget/field_reader.h"
#include "text/decimal_scan.h"

namespace llmbudget {

/// Reads `text` (UTF-8, at most kMaxAnswerBytes bytes) for the TrafficInput
/// field named `name` (traffic_input_fields(): request_rate, concurrency,
/// input_tokens ... and max_num_seqs, the row vLLM's runtime declares).
/// `display_factor` (> 0, finite): how many declared units a bare number
/// stands for. `comma` and `point` as read_field_value's. The result is
/// read_field_value's FieldReading with the value in the field's declared unit
/// ("32k" requests: 32,000; "32k" input tokens: 32,768, a binary count; "50%"
/// prefix cache hits: 0.5); the errors are its errors, each naming the field by
/// its label. An unknown name is an error naming it ("“batch” is not an input
/// field."), a display factor that is not finite and > 0 an error naming the
/// field. Never throws; work is O(|text|).
FieldReading read_traffic_field_value(const std::string& name, const std::string& text, double display_factor,
                                      CommaReading comma = CommaReading::thousands_first,
                                      PointReading point = PointReading::decimal);

}  // namespace llmbudget

// Plain wasm exports for the reading layer's calls (src/reading/flat_reading.h):
// no Embind, in either module. Text goes in as UTF-8 bytes written into the
// text buffer and comes out as NUL-terminated UTF-8; numbers come out in a
// Float64Array over output(), in the declared layout (web/core/reading-core.js
// reads them by the names reading_declarations_json() lists). The unit
// dimension and parse-error enums are registered with Embind for the answer
// checker in the full module only (wasm/grading/bindings_reading_enums.cpp).
// A declarative list, no logic.
#include <emscripten/emscripten.h>

#include <string>

#include "reading/flat_reading.h"
#include "reading/reading_declarations_json.h"

namespace lb = llmbudget;

namespace {
lb::FlatReading& reading() {
  static lb::FlatReading instance;
  return instance;
}
}  // namespace

extern "C" {

/// The reading layer's declarations as JSON (reading_declarations_json.h), made once.
EMSCRIPTEN_KEEPALIVE const char* llmb_reading_declarations_json() {
  static const std::string json = lb::reading_declarations_json();
  return json.c_str();
}
/// Room for `bytes` bytes of text (and a NUL), written by JS before a call.
EMSCRIPTEN_KEEPALIVE char* llmb_reading_text(double bytes) { return reading().text_buffer(bytes); }
/// parse_quantity() of the buffer's first `bytes` bytes: values in llmb_reading_output(), text in
/// llmb_reading_output_text() (the reason, or the unit).
EMSCRIPTEN_KEEPALIVE void llmb_reading_parse_quantity(double bytes) { reading().run_parse_quantity(bytes); }
/// escape_invisible() of the buffer's first `bytes` bytes, in llmb_reading_output_text().
EMSCRIPTEN_KEEPALIVE void llmb_reading_escape_invisible(double bytes) { reading().run_escape_invisible(bytes); }
/// The unit table: its size, and row `index` (dimension in llmb_reading_output()[0], symbol as the text).
EMSCRIPTEN_KEEPALIVE double llmb_reading_unit_count() { return reading().unit_count(); }
EMSCRIPTEN_KEEPALIVE void llmb_reading_unit(double index) { reading().run_unit(index); }
/// The last call's values (address; length in llmb_reading_output_size()) and text.
EMSCRIPTEN_KEEPALIVE const double* llmb_reading_output() { return reading().output().data(); }
EMSCRIPTEN_KEEPALIVE int llmb_reading_output_size() { return static_cast<int>(reading().output().size()); }
EMSCRIPTEN_KEEPALIVE const char* llmb_reading_output_text() { return reading().text().c_str(); }

}  // extern "C"

// UTF-8 text: decoding and validation, which code points count as controls or
// as invisible, and the one way a message shows an invisible character:
// "[U+XXXX]" (four to six upper-case hex digits), e.g. "GB[U+200B]".
//
// Used by the answer checker (quantity.cpp, numeric_check.cpp), by the Embind
// table (the page escapes text through escape_invisible) and by the CLI
// (tools/cli/budget_table.cpp decodes and checks labels with these).
// Pure functions: no locale, no allocation beyond the returned strings.
#pragma once

#include <cstddef>
#include <string>

namespace llmbudget {

/// Decodes one code point at byte `i` of `text` (i < text.size()).
/// Returns its length in bytes (1..4) and sets `cp`, or returns 0 for a
/// malformed sequence: a stray continuation byte, 0xC0/0xC1/0xF5..0xFF, a
/// truncated sequence, an overlong form, a surrogate (U+D800..U+DFFF) or a
/// value above U+10FFFF. `cp` is unspecified when 0 is returned.
std::size_t decode_utf8(const std::string& text, std::size_t i, unsigned& cp);

/// True for the controls no typed answer or label may hold: C0 (U+0000..U+001F)
/// except tab, LF and CR, DEL (U+007F), C1 (U+0080..U+009F) and the line and
/// paragraph separators U+2028, U+2029.
bool is_control_character(unsigned cp);

/// True for the bidirectional formatting controls, which reorder or hide the
/// text around them: U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069.
bool is_bidi_control(unsigned cp);

/// True for code points that show as nothing or as a plain space, so that a
/// quoted text would mislead: every control (tab, LF, CR included), DEL..U+00A0,
/// format characters (soft hyphen, zero-width space and joiners, bidi marks,
/// word joiner, BOM, Arabic number signs ...), Unicode spaces other than U+0020,
/// Hangul fillers, variation selectors, interlinear annotation and tag
/// characters. U+0020 itself is visible (it is the space people type).
bool is_invisible(unsigned cp);

/// Result of check_text.
enum class TextCheck {
  ok = 0,            ///< valid UTF-8 holding no control character
  control = 1,       ///< holds a code point for which is_control_character is true
  invalid_utf8 = 2,  ///< holds bytes decode_utf8 rejects
};

/// Scans all of `text` (at most text.size() steps) and reports the first
/// problem found; `ok` for the empty string.
TextCheck check_text(const std::string& text);

/// `cp` as it appears in a message: "[U+200B]", "[U+0009]", "[U+E0041]"
/// (at least four upper-case hex digits).
std::string escape_code_point(unsigned cp);

/// `text` with every invisible code point (is_invisible) written as
/// escape_code_point does, and every byte that is not UTF-8 as "[U+FFFD]";
/// visible characters are copied unchanged. Output is valid UTF-8 with no
/// control character. The format for any text shown to a student.
std::string escape_invisible(const std::string& text);

/// escape_invisible(text) clipped for quoting in a message: at most
/// `max_bytes` bytes of escaped text are kept (a character or a "[U+...]" is
/// never cut), and "…" (U+2026) is appended when anything was dropped.
std::string quote_visible(const std::string& text, std::size_t max_bytes);

/// `text` clipped for echoing in a message, unescaped: at most `max_bytes`
/// bytes are kept, never a part of a UTF-8 sequence (a byte that is not UTF-8
/// counts as one), and "…" (U+2026) is appended when anything was dropped.
/// For a message whose own escape runs afterwards (the CLI's terminal escape);
/// quote_visible is the one for text shown to students. A 100 KB flag value
/// is echoed as its first `max_bytes` bytes.
std::string clip_utf8(const std::string& text, std::size_t max_bytes);

/// Tab, LF, CR and the Unicode spaces people paste (U+00A0 no-break, U+2007
/// figure, U+2009 thin, U+200A hair, U+202F narrow no-break) as ASCII spaces;
/// everything else copied. `text` should be valid UTF-8 (check_text).
std::string spaces_to_ascii(const std::string& text);

/// The forms a phone's keyboard types for a number in other scripts, as their
/// ASCII forms; everything else copied. `text` should be valid UTF-8 (check_text).
///  - full width, as a CJK input method types them: digits U+FF10..U+FF19 as
///    '0'..'9', and U+FF05 '％', U+FF0A '＊', U+FF0B '＋', U+FF0C '，', U+FF0D '－',
///    U+FF0E '．' and U+FF0F '／' as % * + , - . / ("１２．５" -> "12.5");
///  - Arabic-Indic digits U+0660..U+0669 and Eastern Arabic-Indic (Persian,
///    Urdu) U+06F0..U+06F9 as '0'..'9', and the Arabic percent sign U+066A as '%'
///    ("١٦" -> "16"); the Arabic decimal and thousands separators U+066B and
///    U+066C are not mapped (as ASCII marks they would read as ambiguous "." and
///    ",", where they are not), so a number with them is refused;
///  - Devanagari digits U+0966..U+096F as '0'..'9' ("१६" -> "16");
///  - the direction marks U+200E, U+200F and U+061C, which a right-to-left
///    keyboard puts beside a number, dropped.
std::string number_forms_to_ascii(const std::string& text);

/// `text` without leading and trailing ASCII spaces (U+0020 only).
std::string trim_spaces(const std::string& text);

}  // namespace llmbudget

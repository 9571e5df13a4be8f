/*
 * textsvcd_icu.h - ICU behind a plain-C interface.
 *
 * Swift cannot call ICU directly (ICU renames its symbols with version
 * suffixes through macros, and its headers clash with Foundation's private
 * ICU copy). This header uses only plain C types; the .c files include ICU.
 *
 * All text is UTF-8 and every offset is a byte offset into that UTF-8 text.
 * A status of 0 means success; a positive status is an ICU error code whose
 * name tsv_error_name gives.
 */
#ifndef TEXTSVCD_ICU_H
#define TEXTSVCD_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

const char *tsv_error_name(int32_t status);

/* ---- Break iteration ---- */

typedef struct tsv_breaker tsv_breaker;

enum {
    TSV_BREAK_CHARACTER = 0,
    TSV_BREAK_WORD = 1,
    TSV_BREAK_LINE = 2,
    TSV_BREAK_SENTENCE = 3
};

/* Opens a break iterator of a kind for a locale ("" for the root locale). */
tsv_breaker *tsv_breaker_open(int32_t kind, const char *locale, int32_t *status);
/* A fresh, independent copy of an iterator (cheaper than opening one). */
tsv_breaker *tsv_breaker_clone(const tsv_breaker *breaker, int32_t *status);
void tsv_breaker_close(tsv_breaker *breaker);
/* Points the iterator at UTF-8 text. The text must outlive its use. */
void tsv_breaker_set_text(tsv_breaker *breaker, const uint8_t *utf8, int64_t length, int32_t *status);
/* Boundaries; -1 means none (UBRK_DONE). */
int64_t tsv_breaker_first(tsv_breaker *breaker);
int64_t tsv_breaker_last(tsv_breaker *breaker);
int64_t tsv_breaker_next(tsv_breaker *breaker);
int64_t tsv_breaker_previous(tsv_breaker *breaker);
int64_t tsv_breaker_following(tsv_breaker *breaker, int64_t offset);
int64_t tsv_breaker_preceding(tsv_breaker *breaker, int64_t offset);
int32_t tsv_breaker_is_boundary(tsv_breaker *breaker, int64_t offset);
/* The rule status of the boundary last returned (UBRK_WORD_* ranges). */
int32_t tsv_breaker_rule_status(tsv_breaker *breaker);

/* ---- Character set conversion ---- */

typedef struct tsv_converter tsv_converter;

/* Opens a converter by charset name (as in an .aff SET line). Not thread-safe. */
tsv_converter *tsv_converter_open(const char *name, int32_t *status);
void tsv_converter_close(tsv_converter *converter);
/* The canonical name of the converter's charset. */
const char *tsv_converter_name(tsv_converter *converter);
/*
 * UTF-8 to the converter's charset. Returns the length written (which may be
 * larger than capacity, with status U_BUFFER_OVERFLOW_ERROR). A character the
 * charset cannot represent, or malformed UTF-8, is an error (no substitution).
 */
int64_t tsv_converter_from_utf8(tsv_converter *converter, const uint8_t *source, int64_t length,
                                uint8_t *target, int64_t capacity, int32_t *status);
/* The converter's charset to UTF-8; same conventions as tsv_converter_from_utf8. */
int64_t tsv_converter_to_utf8(tsv_converter *converter, const uint8_t *source, int64_t length,
                              uint8_t *target, int64_t capacity, int32_t *status);

/* ---- Regular expressions ---- */

typedef struct tsv_regex tsv_regex;

enum {
    TSV_REGEX_CASE_INSENSITIVE = 2,      /* UREGEX_CASE_INSENSITIVE */
    TSV_REGEX_COMMENTS = 4,              /* UREGEX_COMMENTS */
    TSV_REGEX_DOTALL = 32,               /* UREGEX_DOTALL */
    TSV_REGEX_LITERAL = 16,              /* UREGEX_LITERAL */
    TSV_REGEX_MULTILINE = 8,             /* UREGEX_MULTILINE */
    TSV_REGEX_UWORD = 256,               /* UREGEX_UWORD */
    TSV_REGEX_ERROR_ON_UNKNOWN_ESCAPES = 512 /* UREGEX_ERROR_ON_UNKNOWN_ESCAPES */
};

/*
 * Compiles a UTF-8 pattern. On failure returns NULL, sets status, and sets
 * *error_line (1-based) and *error_offset (code points into that line) where
 * ICU located the fault (-1 when unknown).
 */
tsv_regex *tsv_regex_compile(const uint8_t *pattern, int64_t length, uint32_t flags,
                             int32_t *error_line, int32_t *error_offset, int32_t *status);
/* An independent matcher sharing the compiled pattern; one per thread. */
tsv_regex *tsv_regex_clone(const tsv_regex *regex, int32_t *status);
void tsv_regex_close(tsv_regex *regex);
/* Points the matcher at UTF-8 text; the text must outlive its use. */
void tsv_regex_set_text(tsv_regex *regex, const uint8_t *utf8, int64_t length, int32_t *status);
/* Limits the search to [start, end) in byte offsets; resets the matcher. */
void tsv_regex_set_region(tsv_regex *regex, int64_t start, int64_t end, int32_t *status);
/* Transparent bounds let lookaround and \b see outside the region; anchoring
   bounds make ^ and $ match at the region's ends. */
void tsv_regex_set_bounds(tsv_regex *regex, int32_t transparent, int32_t anchoring, int32_t *status);
/* Time limit in ICU steps (about milliseconds; 0 for none). */
void tsv_regex_set_time_limit(tsv_regex *regex, int32_t limit, int32_t *status);
/* Finds the next match after the previous one (1 found, 0 none). */
int32_t tsv_regex_find_next(tsv_regex *regex, int32_t *status);
/* Finds a match starting at or after a byte offset, resetting the matcher (ignores the region). */
int32_t tsv_regex_find_from(tsv_regex *regex, int64_t start, int32_t *status);
/* Whether the pattern matches at the region start (lookingAt). */
int32_t tsv_regex_looking_at(tsv_regex *regex, int32_t *status);
int32_t tsv_regex_group_count(tsv_regex *regex, int32_t *status);
/* Byte offsets of a group in the last match; -1 when the group did not take part. */
int64_t tsv_regex_start(tsv_regex *regex, int32_t group, int32_t *status);
int64_t tsv_regex_end(tsv_regex *regex, int32_t group, int32_t *status);
/* The group number of a named group, or a status error when there is none. */
int32_t tsv_regex_group_number(tsv_regex *regex, const uint8_t *name, int64_t length, int32_t *status);

/* ---- Case mapping ---- */

/* Full Unicode case mapping of UTF-8 text (kind 0 lower, 1 upper, 2 title). */
int64_t tsv_case_map(int32_t kind, const char *locale, const uint8_t *source, int64_t length,
                     uint8_t *target, int64_t capacity, int32_t *status);

/* ---- Locales ---- */

/* The English display name of a locale ("en_US" gives "English (United States)") as UTF-8. */
int64_t tsv_locale_display_name(const char *locale, uint8_t *target, int64_t capacity, int32_t *status);

/* ---- Scripts ---- */

/* The Unicode script code (ICU's `UScriptCode`) of a code point; 0 (Common) or 1 (Inherited) for punctuation and marks. */
int32_t tsv_script_of(uint32_t codepoint);
/*
 * The script codes a locale's language is written in ("sr" gives Cyrillic,
 * "ja" Katakana, Hiragana and Han), up to `capacity`; returns how many, 0
 * when ICU knows none for the locale.
 */
int32_t tsv_scripts_of_locale(const char *locale, int32_t *codes, int32_t capacity);
/* The long English name of a script code ("Cyrillic"), or NULL for an invalid code. */
const char *tsv_script_name(int32_t code);

/* ---- Text units and regular expressions: deadlines (added for text units and regex) ---- */

/*
 * Stops every later match operation of this matcher once `milliseconds` of
 * wall-clock time have passed from now (0 removes the deadline). A stopped
 * operation fails with U_REGEX_STOPPED_BY_CALLER. ICU checks the clock every
 * few thousand backtracking steps and every 1024 start positions.
 */
void tsv_regex_set_deadline(tsv_regex *regex, int64_t milliseconds, int32_t *status);
/* Whether the deadline set by tsv_regex_set_deadline has passed. */
int32_t tsv_regex_deadline_passed(const tsv_regex *regex);

/* ---- Version ---- */

/*
 * Writes the version of the ICU library loaded at run time ("72.1") into
 * `target` as a NUL-terminated string; `capacity` of 20 bytes always suffices.
 */
void tsv_icu_version(char *target, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif

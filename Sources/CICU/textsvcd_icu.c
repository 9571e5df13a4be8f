/* textsvcd_icu.c - the only file that includes ICU's headers. */
#include "textsvcd_icu.h"

#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/ucasemap.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/uregex.h>
#include <unicode/utext.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

const char *tsv_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

/* ---- Break iteration ---- */

struct tsv_breaker {
    UBreakIterator *iterator;
    UText *text;
};

tsv_breaker *tsv_breaker_open(int32_t kind, const char *locale, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open((UBreakIteratorType)kind, locale, NULL, 0, &error);
    if (U_FAILURE(error)) {
        *status = error;
        return NULL;
    }
    tsv_breaker *breaker = calloc(1, sizeof *breaker);
    if (breaker == NULL) {
        ubrk_close(iterator);
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    breaker->iterator = iterator;
    *status = 0;
    return breaker;
}

tsv_breaker *tsv_breaker_clone(const tsv_breaker *breaker, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_clone(breaker->iterator, &error);
    if (U_FAILURE(error)) {
        *status = error;
        return NULL;
    }
    tsv_breaker *copy = calloc(1, sizeof *copy);
    if (copy == NULL) {
        ubrk_close(iterator);
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    copy->iterator = iterator;
    *status = 0;
    return copy;
}

void tsv_breaker_close(tsv_breaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    if (breaker->text != NULL) utext_close(breaker->text);
    free(breaker);
}

void tsv_breaker_set_text(tsv_breaker *breaker, const uint8_t *utf8, int64_t length, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    static const char empty = 0;
    breaker->text = utext_openUTF8(breaker->text, utf8 ? (const char *)utf8 : &empty, length, &error);
    if (U_SUCCESS(error)) ubrk_setUText(breaker->iterator, breaker->text, &error);
    *status = U_FAILURE(error) ? error : 0;
}

int64_t tsv_breaker_first(tsv_breaker *breaker) { return ubrk_first(breaker->iterator); }
int64_t tsv_breaker_last(tsv_breaker *breaker) { return ubrk_last(breaker->iterator); }
int64_t tsv_breaker_next(tsv_breaker *breaker) { return ubrk_next(breaker->iterator); }
int64_t tsv_breaker_previous(tsv_breaker *breaker) { return ubrk_previous(breaker->iterator); }
int64_t tsv_breaker_following(tsv_breaker *breaker, int64_t offset) {
    return ubrk_following(breaker->iterator, (int32_t)offset);
}
int64_t tsv_breaker_preceding(tsv_breaker *breaker, int64_t offset) {
    return ubrk_preceding(breaker->iterator, (int32_t)offset);
}
int32_t tsv_breaker_is_boundary(tsv_breaker *breaker, int64_t offset) {
    return ubrk_isBoundary(breaker->iterator, (int32_t)offset) ? 1 : 0;
}
int32_t tsv_breaker_rule_status(tsv_breaker *breaker) { return ubrk_getRuleStatus(breaker->iterator); }

/* ---- Character set conversion ---- */

struct tsv_converter {
    UConverter *converter;
};

tsv_converter *tsv_converter_open(const char *name, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UConverter *converter = ucnv_open(name, &error);
    if (U_FAILURE(error)) {
        *status = error;
        return NULL;
    }
    ucnv_setFromUCallBack(converter, UCNV_FROM_U_CALLBACK_STOP, NULL, NULL, NULL, &error);
    ucnv_setToUCallBack(converter, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &error);
    if (U_FAILURE(error)) {
        ucnv_close(converter);
        *status = error;
        return NULL;
    }
    tsv_converter *result = calloc(1, sizeof *result);
    if (result == NULL) {
        ucnv_close(converter);
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    result->converter = converter;
    *status = 0;
    return result;
}

void tsv_converter_close(tsv_converter *converter) {
    if (converter == NULL) return;
    ucnv_close(converter->converter);
    free(converter);
}

const char *tsv_converter_name(tsv_converter *converter) {
    UErrorCode error = U_ZERO_ERROR;
    const char *name = ucnv_getName(converter->converter, &error);
    return U_FAILURE(error) ? "" : name;
}

/* Converts through UTF-16, which is what ICU's converters speak. */
int64_t tsv_converter_from_utf8(tsv_converter *converter, const uint8_t *source, int64_t length,
                                uint8_t *target, int64_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8(NULL, 0, &units, (const char *)source, (int32_t)length, &error);
    if (error != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(error)) {
        *status = error;
        return 0;
    }
    error = U_ZERO_ERROR;
    UChar *utf16 = malloc(sizeof(UChar) * (size_t)(units + 1));
    if (utf16 == NULL) {
        *status = U_MEMORY_ALLOCATION_ERROR;
        return 0;
    }
    u_strFromUTF8(utf16, units + 1, NULL, (const char *)source, (int32_t)length, &error);
    int32_t written = 0;
    if (U_SUCCESS(error)) {
        ucnv_resetFromUnicode(converter->converter);
        written = ucnv_fromUChars(converter->converter, (char *)target, (int32_t)capacity, utf16, units, &error);
    }
    free(utf16);
    if (error == U_STRING_NOT_TERMINATED_WARNING) error = U_ZERO_ERROR;
    *status = U_FAILURE(error) ? error : 0;
    return written;
}

int64_t tsv_converter_to_utf8(tsv_converter *converter, const uint8_t *source, int64_t length,
                              uint8_t *target, int64_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    /* A single-byte or double-byte charset yields at most one UTF-16 unit per byte. */
    int32_t cap16 = (int32_t)length * 2 + 2;
    UChar *utf16 = malloc(sizeof(UChar) * (size_t)cap16);
    if (utf16 == NULL) {
        *status = U_MEMORY_ALLOCATION_ERROR;
        return 0;
    }
    ucnv_resetToUnicode(converter->converter);
    int32_t units = ucnv_toUChars(converter->converter, utf16, cap16, (const char *)source, (int32_t)length, &error);
    int32_t written = 0;
    if (U_SUCCESS(error)) {
        error = U_ZERO_ERROR;
        u_strToUTF8((char *)target, (int32_t)capacity, &written, utf16, units, &error);
    }
    free(utf16);
    if (error == U_STRING_NOT_TERMINATED_WARNING) error = U_ZERO_ERROR;
    *status = U_FAILURE(error) ? error : 0;
    return written;
}

/* ---- Regular expressions ---- */

struct tsv_regex {
    URegularExpression *regex;
    UText *text;
    int64_t deadline_ns; /* CLOCK_MONOTONIC; 0 for none (see tsv_regex_set_deadline) */
    uint32_t progress_calls;
};

tsv_regex *tsv_regex_compile(const uint8_t *pattern, int64_t length, uint32_t flags,
                             int32_t *error_line, int32_t *error_offset, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UParseError parse;
    memset(&parse, 0, sizeof parse);
    parse.line = -1;
    parse.offset = -1;
    UText *text = utext_openUTF8(NULL, (const char *)pattern, length, &error);
    URegularExpression *regex = NULL;
    if (U_SUCCESS(error)) regex = uregex_openUText(text, flags, &parse, &error);
    utext_close(text);
    if (U_FAILURE(error)) {
        *error_line = parse.line;
        *error_offset = parse.offset;
        *status = error;
        if (regex != NULL) uregex_close(regex);
        return NULL;
    }
    tsv_regex *result = calloc(1, sizeof *result);
    if (result == NULL) {
        uregex_close(regex);
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    result->regex = regex;
    *status = 0;
    return result;
}

tsv_regex *tsv_regex_clone(const tsv_regex *regex, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    URegularExpression *copy = uregex_clone(regex->regex, &error);
    if (U_FAILURE(error)) {
        *status = error;
        return NULL;
    }
    tsv_regex *result = calloc(1, sizeof *result);
    if (result == NULL) {
        uregex_close(copy);
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    result->regex = copy;
    *status = 0;
    return result;
}

void tsv_regex_close(tsv_regex *regex) {
    if (regex == NULL) return;
    uregex_close(regex->regex);
    if (regex->text != NULL) utext_close(regex->text);
    free(regex);
}

void tsv_regex_set_text(tsv_regex *regex, const uint8_t *utf8, int64_t length, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    static const char empty = 0;
    regex->text = utext_openUTF8(regex->text, utf8 ? (const char *)utf8 : &empty, length, &error);
    if (U_SUCCESS(error)) uregex_setUText(regex->regex, regex->text, &error);
    *status = U_FAILURE(error) ? error : 0;
}

void tsv_regex_set_region(tsv_regex *regex, int64_t start, int64_t end, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    uregex_setRegion64(regex->regex, start, end, &error);
    *status = U_FAILURE(error) ? error : 0;
}

void tsv_regex_set_bounds(tsv_regex *regex, int32_t transparent, int32_t anchoring, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    uregex_useTransparentBounds(regex->regex, transparent != 0, &error);
    uregex_useAnchoringBounds(regex->regex, anchoring != 0, &error);
    *status = U_FAILURE(error) ? error : 0;
}

void tsv_regex_set_time_limit(tsv_regex *regex, int32_t limit, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    uregex_setTimeLimit(regex->regex, limit, &error);
    *status = U_FAILURE(error) ? error : 0;
}

int32_t tsv_regex_find_next(tsv_regex *regex, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBool found = uregex_findNext(regex->regex, &error);
    *status = U_FAILURE(error) ? error : 0;
    return found ? 1 : 0;
}

int32_t tsv_regex_find_from(tsv_regex *regex, int64_t start, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBool found = uregex_find64(regex->regex, start, &error);
    *status = U_FAILURE(error) ? error : 0;
    return found ? 1 : 0;
}

int32_t tsv_regex_looking_at(tsv_regex *regex, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBool found = uregex_lookingAt64(regex->regex, -1, &error);
    *status = U_FAILURE(error) ? error : 0;
    return found ? 1 : 0;
}

int32_t tsv_regex_group_count(tsv_regex *regex, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t count = uregex_groupCount(regex->regex, &error);
    *status = U_FAILURE(error) ? error : 0;
    return count;
}

int64_t tsv_regex_start(tsv_regex *regex, int32_t group, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int64_t start = uregex_start64(regex->regex, group, &error);
    *status = U_FAILURE(error) ? error : 0;
    return start;
}

int64_t tsv_regex_end(tsv_regex *regex, int32_t group, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int64_t end = uregex_end64(regex->regex, group, &error);
    *status = U_FAILURE(error) ? error : 0;
    return end;
}

int32_t tsv_regex_group_number(tsv_regex *regex, const uint8_t *name, int64_t length, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t number = uregex_groupNumberFromCName(regex->regex, (const char *)name, (int32_t)length, &error);
    *status = U_FAILURE(error) ? error : 0;
    return number;
}

/* ---- Case mapping ---- */

int64_t tsv_case_map(int32_t kind, const char *locale, const uint8_t *source, int64_t length,
                     uint8_t *target, int64_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UCaseMap *map = ucasemap_open(locale, 0, &error);
    int32_t written = 0;
    if (U_SUCCESS(error)) {
        switch (kind) {
        case 0:
            written = ucasemap_utf8ToLower(map, (char *)target, (int32_t)capacity, (const char *)source,
                                           (int32_t)length, &error);
            break;
        case 1:
            written = ucasemap_utf8ToUpper(map, (char *)target, (int32_t)capacity, (const char *)source,
                                           (int32_t)length, &error);
            break;
        default:
            written = ucasemap_utf8ToTitle(map, (char *)target, (int32_t)capacity, (const char *)source,
                                           (int32_t)length, &error);
            break;
        }
    }
    ucasemap_close(map);
    *status = U_FAILURE(error) ? error : 0;
    return written;
}

/* ---- Locales ---- */

int64_t tsv_locale_display_name(const char *locale, uint8_t *target, int64_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar name[256];
    int32_t units = uloc_getDisplayName(locale, "en", name, 256, &error);
    int32_t written = 0;
    if (U_SUCCESS(error)) {
        if (units > 256) units = 256;
        u_strToUTF8((char *)target, (int32_t)capacity, &written, name, units, &error);
    }
    if (error == U_STRING_NOT_TERMINATED_WARNING || error == U_USING_DEFAULT_WARNING) error = U_ZERO_ERROR;
    *status = U_FAILURE(error) ? error : 0;
    return written;
}

/* ---- Text units and regular expressions: deadlines (added for text units and regex) ---- */

static int64_t tsv_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/* ICU calls this every few thousand backtracking steps. */
static UBool U_CALLCONV tsv_regex_match_callback(const void *context, int32_t steps) {
    (void)steps;
    const tsv_regex *regex = context;
    return regex->deadline_ns == 0 || tsv_now_ns() < regex->deadline_ns;
}

/* ICU calls this for every start position a find tries; look at the clock now and then. */
static UBool U_CALLCONV tsv_regex_find_callback(const void *context, int64_t position) {
    (void)position;
    tsv_regex *regex = (tsv_regex *)context;
    if (regex->deadline_ns == 0 || (++regex->progress_calls & 1023) != 0) return 1;
    return tsv_now_ns() < regex->deadline_ns;
}

void tsv_regex_set_deadline(tsv_regex *regex, int64_t milliseconds, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    regex->deadline_ns = milliseconds > 0 ? tsv_now_ns() + milliseconds * 1000000 : 0;
    regex->progress_calls = 0;
    uregex_setMatchCallback(regex->regex, tsv_regex_match_callback, regex, &error);
    if (U_SUCCESS(error)) uregex_setFindProgressCallback(regex->regex, tsv_regex_find_callback, regex, &error);
    *status = U_FAILURE(error) ? error : 0;
}

int32_t tsv_regex_deadline_passed(const tsv_regex *regex) {
    return regex->deadline_ns != 0 && tsv_now_ns() >= regex->deadline_ns;
}

/* ---- Scripts ---- */

int32_t tsv_script_of(uint32_t codepoint) {
    UErrorCode error = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)codepoint, &error);
    return U_FAILURE(error) ? USCRIPT_INVALID_CODE : (int32_t)code;
}

int32_t tsv_scripts_of_locale(const char *locale, int32_t *codes, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t count = uscript_getCode(locale, (UScriptCode *)codes, capacity, &error);
    return U_FAILURE(error) ? 0 : count;
}

const char *tsv_script_name(int32_t code) {
    return uscript_getName((UScriptCode)code);
}

/*
 * icu_units - the raw ICU baseline for textsvcd's text-unit and regex benchmarks.
 *
 * Reads a UTF-8 file and runs ICU straight over its bytes (utext_openUTF8),
 * the way textsvcd does, with nothing else around it:
 *
 *   icu_units words FILE          word break iteration with rule status; prints counts
 *   icu_units words-print FILE    the same, writing each token on its own line
 *                                 (LF and CR escaped as \n and \r, as textsvcd tokenize does)
 *   icu_units find PATTERN FILE   uregex_findNext over the text (multiline); prints the match count
 *   icu_units find-print PATTERN FILE
 *                                 the same, writing "line:byte-column: line" for each matching line
 *
 * Build: gcc -O2 -o icu_units icu_units.c $(pkg-config --cflags --libs icu-i18n icu-uc)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uregex.h>
#include <unicode/utext.h>

static char *read_file(const char *path, int64_t *length) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        perror(path);
        exit(2);
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)size + 1);
    if (bytes == NULL || fread(bytes, 1, (size_t)size, file) != (size_t)size) {
        fprintf(stderr, "%s: cannot read\n", path);
        exit(2);
    }
    fclose(file);
    bytes[size] = 0;
    *length = size;
    return bytes;
}

static void fail(const char *what, UErrorCode status) {
    fprintf(stderr, "%s: %s\n", what, u_errorName(status));
    exit(2);
}

static void write_escaped(const char *bytes, int64_t length) {
    int64_t run = 0;
    for (int64_t i = 0; i < length; i++) {
        if (bytes[i] == '\n' || bytes[i] == '\r') {
            fwrite(bytes + run, 1, (size_t)(i - run), stdout);
            fputs(bytes[i] == '\n' ? "\\n" : "\\r", stdout);
            run = i + 1;
        }
    }
    fwrite(bytes + run, 1, (size_t)(length - run), stdout);
    putchar('\n');
}

static int words(const char *bytes, int64_t length, int print) {
    UErrorCode status = U_ZERO_ERROR;
    UText *text = utext_openUTF8(NULL, bytes, length, &status);
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
    if (U_FAILURE(status)) fail("ubrk_open", status);
    ubrk_setUText(iterator, text, &status);
    if (U_FAILURE(status)) fail("ubrk_setUText", status);
    int64_t tokens = 0, wordTokens = 0;
    int32_t start = ubrk_first(iterator);
    for (int32_t end = ubrk_next(iterator); end != UBRK_DONE; start = end, end = ubrk_next(iterator)) {
        tokens++;
        if (ubrk_getRuleStatus(iterator) >= UBRK_WORD_NUMBER) wordTokens++;
        if (print) write_escaped(bytes + start, end - start);
    }
    if (!print) printf("%lld tokens, %lld words\n", (long long)tokens, (long long)wordTokens);
    ubrk_close(iterator);
    utext_close(text);
    return 0;
}

static int find(const char *pattern, const char *bytes, int64_t length, int print) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parse;
    UText *patternText = utext_openUTF8(NULL, pattern, -1, &status);
    URegularExpression *regex = uregex_openUText(patternText, UREGEX_MULTILINE, &parse, &status);
    if (U_FAILURE(status)) fail("uregex_openUText", status);
    UText *text = utext_openUTF8(NULL, bytes, length, &status);
    uregex_setUText(regex, text, &status);
    int64_t matches = 0, line = 1, lineStart = 0, scanned = 0, printedLine = 0;
    while (uregex_findNext(regex, &status)) {
        matches++;
        if (!print) continue;
        int64_t start = uregex_start64(regex, 0, &status);
        for (; scanned < start; scanned++) {
            if (bytes[scanned] == '\n') {
                line++;
                lineStart = scanned + 1;
            }
        }
        if (line == printedLine) continue;
        printedLine = line;
        const char *end = memchr(bytes + lineStart, '\n', (size_t)(length - lineStart));
        int64_t lineLength = end ? end - (bytes + lineStart) : length - lineStart;
        printf("%lld:%lld: ", (long long)line, (long long)(start - lineStart + 1));
        fwrite(bytes + lineStart, 1, (size_t)lineLength, stdout);
        putchar('\n');
    }
    if (U_FAILURE(status)) fail("uregex_findNext", status);
    if (!print) printf("%lld matches\n", (long long)matches);
    uregex_close(regex);
    utext_close(text);
    utext_close(patternText);
    return matches > 0 ? 0 : 1;
}

int main(int argc, char **argv) {
    int64_t length = 0;
    if (argc == 3 && (strcmp(argv[1], "words") == 0 || strcmp(argv[1], "words-print") == 0)) {
        char *bytes = read_file(argv[2], &length);
        return words(bytes, length, strcmp(argv[1], "words-print") == 0);
    }
    if (argc == 4 && (strcmp(argv[1], "find") == 0 || strcmp(argv[1], "find-print") == 0)) {
        char *bytes = read_file(argv[3], &length);
        return find(argv[2], bytes, length, strcmp(argv[1], "find-print") == 0);
    }
    fprintf(stderr, "usage: icu_units words|words-print FILE\n       icu_units find|find-print PATTERN FILE\n");
    return 2;
}

/* textsvcd_icu_version.c - the version of the ICU library in use. */
#include "textsvcd_icu.h"

#include <string.h>
#include <unicode/uversion.h>

void tsv_icu_version(char *target, int32_t capacity) {
    if (capacity <= 0) return;
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(version);
    u_versionToString(version, text);
    strncpy(target, text, (size_t)capacity - 1);
    target[capacity - 1] = '\0';
}

#define _GNU_SOURCE
#include "textsvcd_platform.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <fcntl.h>
#include <string.h>
#include <spawn.h>
#include <stdlib.h>
#include <unistd.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/socket.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef __GLIBC__
#include <malloc.h>
#endif

int32_t tsv_peer_credentials_of(int32_t descriptor, tsv_peer_credentials *credentials) {
#ifdef SO_PEERCRED
    struct ucred kernel;
    socklen_t length = sizeof kernel;
    if (getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &kernel, &length) != 0) return errno;
    credentials->process_id = kernel.pid;
    credentials->user_id = kernel.uid;
    credentials->group_id = kernel.gid;
    return 0;
#else
    (void)descriptor;
    (void)credentials;
    return ENOTSUP;
#endif
}

int32_t tsv_peer_credentials_level(void) { return SOL_SOCKET; }

int32_t tsv_peer_credentials_option(void) {
#ifdef SO_PEERCRED
    return SO_PEERCRED;
#else
    return -1;
#endif
}

int32_t tsv_release_free_memory(void) {
#ifdef __GLIBC__
    return malloc_trim(0);
#else
    return 0;
#endif
}

int32_t tsv_map_allocations_from(int64_t bytes) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, (int)bytes);
#else
    (void)bytes;
    return 0;
#endif
}

int16_t tsv_spawn_new_session_flag(void) {
#ifdef POSIX_SPAWN_SETSID
    return POSIX_SPAWN_SETSID;
#else
    return 0;
#endif
}

int32_t tsv_spawn_close_descriptors_from(void *file_actions, int32_t lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)file_actions, lowest);
#else
    (void)file_actions;
    (void)lowest;
    return ENOSYS;
#endif
}

int32_t tsv_open_pseudo_terminal(char *path, int32_t path_size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, path, (size_t)path_size) != 0) {
        int saved = errno;
        close(master);
        errno = saved;
        return -1;
    }
    return master;
}

int32_t tsv_contains_bytes(const uint8_t *haystack, int64_t length, const uint8_t *needle, int64_t needle_length) {
    return tsv_find_bytes(haystack, length, needle, needle_length) >= 0;
}

/* How common each byte is in text, 0 the rarest and 255 the most common: the order of the bytes' counts in 224 MB
   of C headers (/usr/include), the Python and Perl libraries and the text files under /usr/share/doc of a Debian
   system. Only the order matters: the needle's two rarest bytes are the ones looked for. */
static const uint8_t tsv_byte_rank[256] = {
      0,   1,   2,   3,   4,   5,   6,  60,   7, 193, 244,   8,  67,  68,   9,  10,
     11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  55,  22,  23,  24,  25,
    255, 147, 212, 204, 170, 146, 165, 187, 227, 229, 230, 159, 223, 214, 233, 240,
    220, 209, 208, 198, 191, 195, 189, 184, 188, 192, 203, 199, 215, 206, 219, 109,
    168, 224, 196, 222, 205, 234, 200, 197, 186, 228, 160, 183, 225, 202, 221, 217,
    213, 151, 218, 235, 232, 194, 185, 173, 190, 179, 152, 181, 178, 180,  83, 246,
    171, 248, 226, 243, 242, 254, 236, 231, 239, 250, 182, 211, 245, 237, 251, 249,
    241, 169, 247, 252, 253, 238, 210, 201, 207, 216, 177, 176, 154, 175, 105,  26,
    153, 157, 156, 155, 148, 123,  87, 102, 120,  94,  91, 128, 131,  96,  77,  98,
     85,  93,  73,  75, 104, 118,  76,  88, 107, 103,  89, 101, 124, 115,  81,  82,
    162, 127,  74,  90, 130,  99,  86, 111, 110, 158,  78,  92, 112, 125, 117, 116,
    141, 137, 122, 133, 126, 150, 100, 129, 140, 135, 142, 145, 143, 144, 138, 139,
     27,  28, 167, 166, 121,  95,  71,  29,  80,  62,  57,  61,  63,  30, 172, 164,
    174, 161,  31,  32,  33,  34,  35,  64,  70,  69,  36,  37,  50,  38,  39,  40,
     65, 132, 108, 163, 106, 134, 119, 113,  97,  79,  84, 136, 149, 114,  56,  72,
     66,  41,  51,  52,  53,  54,  58,  42,  43,  49,  44,  45,  46,  59,  47,  48,
};

int64_t tsv_find_bytes(const uint8_t *haystack, int64_t length, const uint8_t *needle, int64_t needle_length) {
    if (needle_length <= 0) return 0;
    if (length < needle_length) return -1;
    if (needle_length == 1) {
        const uint8_t *found = memchr(haystack, needle[0], (size_t)length);
        return found ? (int64_t)(found - haystack) : -1;
    }
#ifdef __SSE2__
    /* Two of the needle's bytes, the rarest, compared 16 starts at a time; a start where both are in place is
       compared whole. Text seldom holds the pair where the needle is not. */
    int64_t first = 0;
    for (int64_t index = 1; index < needle_length; index++) {
        if (tsv_byte_rank[needle[index]] < tsv_byte_rank[needle[first]]) first = index;
    }
    int64_t second = first == 0 ? 1 : 0;
    for (int64_t index = 0; index < needle_length; index++) {
        if (index != first && tsv_byte_rank[needle[index]] < tsv_byte_rank[needle[second]]) second = index;
    }
    const __m128i firstBytes = _mm_set1_epi8((char)needle[first]);
    const __m128i secondBytes = _mm_set1_epi8((char)needle[second]);
    const int64_t last = length - needle_length;
    int64_t start = 0;
    int64_t compared = 0;
    for (; start + 15 <= last; start += 16) {
        __m128i atFirst = _mm_loadu_si128((const __m128i *)(haystack + start + first));
        __m128i atSecond = _mm_loadu_si128((const __m128i *)(haystack + start + second));
        unsigned mask = (unsigned)_mm_movemask_epi8(
            _mm_and_si128(_mm_cmpeq_epi8(atFirst, firstBytes), _mm_cmpeq_epi8(atSecond, secondBytes)));
        while (mask != 0) {
            int64_t candidate = start + __builtin_ctz(mask);
            /* Text that holds the pair nearly everywhere (`aaaa...` for `aaab`) goes to memmem, linear in any case. */
            if (++compared > 256 && compared * 8 > candidate) {
                const uint8_t *found = memmem(haystack + candidate, (size_t)(length - candidate), needle,
                                              (size_t)needle_length);
                return found ? (int64_t)(found - haystack) : -1;
            }
            if (memcmp(haystack + candidate, needle, (size_t)needle_length) == 0) return candidate;
            mask &= mask - 1;
        }
    }
    for (; start <= last; start++) {
        if (haystack[start + first] == needle[first] && haystack[start + second] == needle[second]
            && memcmp(haystack + start, needle, (size_t)needle_length) == 0) return start;
    }
    return -1;
#else
    const uint8_t *found = memmem(haystack, (size_t)length, needle, (size_t)needle_length);
    return found ? (int64_t)(found - haystack) : -1;
#endif
}

/* The rank of a needle byte compared regardless of ASCII case (`tsv_find_bytes_folded`): a lower-case letter takes
   the commoner of its two cases. */
static uint8_t tsv_folded_rank(uint8_t byte) {
    if (byte < 'a' || byte > 'z') return tsv_byte_rank[byte];
    uint8_t lower = tsv_byte_rank[byte], upper = tsv_byte_rank[byte - 0x20];
    return lower > upper ? lower : upper;
}

/* Whether `count` bytes of `text` are `needle`'s (ASCII letters in lower case) regardless of ASCII case. */
static int tsv_equal_folded(const uint8_t *text, const uint8_t *needle, int64_t count) {
    for (int64_t index = 0; index < count; index++) {
        uint8_t byte = text[index];
        if (byte >= 'A' && byte <= 'Z') byte |= 0x20;
        if (byte != needle[index]) return 0;
    }
    return 1;
}

int64_t tsv_find_bytes_folded(const uint8_t *haystack, int64_t length, const uint8_t *needle, int64_t needle_length) {
    if (needle_length <= 0) return 0;
    if (length < needle_length) return -1;
    int64_t first = 0;
    for (int64_t index = 1; index < needle_length; index++) {
        if (tsv_folded_rank(needle[index]) < tsv_folded_rank(needle[first])) first = index;
    }
    int64_t second = first;
    for (int64_t index = 0; index < needle_length; index++) {
        if (index != first && (second == first || tsv_folded_rank(needle[index]) < tsv_folded_rank(needle[second]))) {
            second = index;
        }
    }
    const int64_t last = length - needle_length;
    int64_t start = 0;
#ifdef __SSE2__
    /* As `tsv_find_bytes`, with 0x20 set in the text's byte where the needle's is a letter: `G | 0x20` is `g`, and
       only `g` and `G` give `g` so. */
    const __m128i firstBytes = _mm_set1_epi8((char)needle[first]);
    const __m128i secondBytes = _mm_set1_epi8((char)needle[second]);
    const __m128i firstFold = _mm_set1_epi8(needle[first] >= 'a' && needle[first] <= 'z' ? 0x20 : 0);
    const __m128i secondFold = _mm_set1_epi8(needle[second] >= 'a' && needle[second] <= 'z' ? 0x20 : 0);
    for (; start + 15 <= last; start += 16) {
        __m128i atFirst = _mm_or_si128(_mm_loadu_si128((const __m128i *)(haystack + start + first)), firstFold);
        __m128i atSecond = _mm_or_si128(_mm_loadu_si128((const __m128i *)(haystack + start + second)), secondFold);
        unsigned mask = (unsigned)_mm_movemask_epi8(
            _mm_and_si128(_mm_cmpeq_epi8(atFirst, firstBytes), _mm_cmpeq_epi8(atSecond, secondBytes)));
        while (mask != 0) {
            int64_t candidate = start + __builtin_ctz(mask);
            if (tsv_equal_folded(haystack + candidate, needle, needle_length)) return candidate;
            mask &= mask - 1;
        }
    }
#endif
    for (; start <= last; start++) {
        if (tsv_equal_folded(haystack + start, needle, needle_length)) return start;
    }
    return -1;
}

int64_t tsv_find_scalars(const uint8_t *haystack, int64_t length, int64_t from, const uint32_t *scalars, int32_t count,
                         uint64_t leads) {
    int64_t index = from < 0 ? 0 : from;
    while (index < length) {
        /* ASCII is passed over 16 bytes at a time. */
#ifdef __SSE2__
        while (index + 16 <= length) {
            unsigned high = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(haystack + index)));
            if (high != 0) {
                index += __builtin_ctz(high);
                break;
            }
            index += 16;
        }
#endif
        while (index < length && haystack[index] < 0x80) index++;
        /* A run outside ASCII is decoded a character at a time, a byte that cannot start one stepped over alone. */
        while (index < length && haystack[index] >= 0x80) {
            uint32_t lead = haystack[index];
            int64_t width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
            if (width == 1 || index + width > length) {
                index += 1;
                continue;
            }
            if ((leads >> (lead - 0xC0)) & 1) {
                uint32_t scalar = lead & (0xFFu >> (width + 1));
                for (int64_t offset = 1; offset < width; offset++) scalar = scalar << 6 | (haystack[index + offset] & 0x3F);
                for (int32_t candidate = 0; candidate < count; candidate++) {
                    if (scalars[candidate] == scalar) return index;
                }
            }
            index += width;
        }
    }
    return -1;
}

int64_t tsv_find_any_byte(const uint8_t *haystack, int64_t length, int64_t from, const uint8_t *set, int32_t count) {
    int64_t index = from < 0 ? 0 : from;
    if (count <= 0) return length;
    if (count == 1) {
        const uint8_t *found = index < length ? memchr(haystack + index, set[0], (size_t)(length - index)) : NULL;
        return found ? (int64_t)(found - haystack) : length;
    }
    if (count > 16) count = 16;
#ifdef __SSE2__
    __m128i members[16];
    for (int32_t member = 0; member < count; member++) members[member] = _mm_set1_epi8((char)set[member]);
    for (; index + 16 <= length; index += 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(haystack + index));
        __m128i found = _mm_cmpeq_epi8(bytes, members[0]);
        for (int32_t member = 1; member < count; member++) found = _mm_or_si128(found, _mm_cmpeq_epi8(bytes, members[member]));
        unsigned mask = (unsigned)_mm_movemask_epi8(found);
        if (mask != 0) return index + __builtin_ctz(mask);
    }
#endif
    for (; index < length; index++) {
        for (int32_t member = 0; member < count; member++) {
            if (haystack[index] == set[member]) return index;
        }
    }
    return length;
}

int64_t tsv_json_string_stop(const uint8_t *bytes, int64_t length, int64_t from) {
    int64_t index = from < 0 ? 0 : from;
#ifdef __SSE2__
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i highestControl = _mm_set1_epi8(0x1F);
    for (; index + 16 <= length; index += 16) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
        /* min(x, 0x1F) == x exactly when x <= 0x1F, unsigned. */
        __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(chunk, highestControl), chunk);
        __m128i found = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)), control);
        unsigned mask = (unsigned)_mm_movemask_epi8(found);
        if (mask != 0) return index + __builtin_ctz(mask);
    }
#endif
    for (; index < length; index++) {
        uint8_t byte = bytes[index];
        if (byte == '"' || byte == '\\' || byte < 0x20) return index;
    }
    return length;
}

int32_t tsv_object_path_of(const void *address, char *target, int32_t capacity) {
    Dl_info info;
    if (dladdr(address, &info) == 0 || info.dli_fname == NULL || info.dli_fname[0] == 0) return -1;
    char resolved[PATH_MAX];
    if (realpath(info.dli_fname, resolved) == NULL) return -1;
    size_t length = strlen(resolved);
    if (capacity <= 0 || length + 1 > (size_t)capacity) return -1;
    memcpy(target, resolved, length + 1);
    return 0;
}

/* The page-aligned range of `header` in the object `info` describes, less any page that a writable segment or the
   relocated read-only part (PT_GNU_RELRO) shares with it; start == end when nothing is left. */
static void tsv_never_written_range(const struct dl_phdr_info *info, const ElfW(Phdr) *header, uintptr_t page,
                                    uintptr_t *start, uintptr_t *end) {
    *start = (info->dlpi_addr + header->p_vaddr) & ~(page - 1);
    *end = (info->dlpi_addr + header->p_vaddr + header->p_memsz + page - 1) & ~(page - 1);
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *other = &info->dlpi_phdr[index];
        int written = (other->p_type == PT_LOAD && (other->p_flags & PF_W)) || other->p_type == PT_GNU_RELRO;
        if (!written) continue;
        uintptr_t other_start = (info->dlpi_addr + other->p_vaddr) & ~(page - 1);
        uintptr_t other_end = (info->dlpi_addr + other->p_vaddr + other->p_memsz + page - 1) & ~(page - 1);
        if (other_start >= *end || other_end <= *start) continue;
        if (other_start > *start) *end = other_start;
        else *start = other_end < *end ? other_end : *end;
    }
    if (*end < *start) *end = *start;
}

/* Whether the object has text relocations, which the loader writes into its read-only segments. */
static int tsv_has_text_relocations(const struct dl_phdr_info *info) {
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        if (info->dlpi_phdr[index].p_type != PT_DYNAMIC) continue;
        for (const ElfW(Dyn) *entry = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[index].p_vaddr);
             entry->d_tag != DT_NULL; entry++) {
            if (entry->d_tag == DT_TEXTREL) return 1;
            if (entry->d_tag == DT_FLAGS && (entry->d_un.d_val & DF_TEXTREL)) return 1;
        }
    }
    return 0;
}

struct tsv_release_state {
    uintptr_t target;
    int64_t released;
    int error;
};

static int tsv_release_object_pages(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct tsv_release_state *state = data;
    int holds_target = 0;
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        if (header->p_type == PT_LOAD && state->target >= start && state->target < start + header->p_memsz) holds_target = 1;
    }
    if (!holds_target) return 0;
    if (tsv_has_text_relocations(info)) {
        state->error = EPERM;
        return 1;
    }
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    state->released = 0;
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || (header->p_flags & PF_W)) continue;
        uintptr_t start, end;
        tsv_never_written_range(info, header, page, &start, &end);
        if (start == end) continue;
#ifdef MADV_NOHUGEPAGE
        (void)madvise((void *)start, end - start, MADV_NOHUGEPAGE);
#endif
        if (madvise((void *)start, end - start, MADV_DONTNEED) != 0) {
            state->error = errno;
            state->released = -1;
            return 1;
        }
        state->released += (int64_t)(end - start);
    }
    return 1;
}

int64_t tsv_release_code_pages(void) {
    struct tsv_release_state state = {.target = (uintptr_t)&tsv_release_code_pages, .released = -1, .error = ENOENT};
    dl_iterate_phdr(tsv_release_object_pages, &state);
    if (state.released < 0) errno = state.error;
    return state.released;
}

/*
 * textsvcd_platform.h - the few C library facilities Swift's Glibc module does not expose.
 *
 * Plain C types only. Linux (glibc) first; elsewhere the functions do nothing
 * and report failure.
 */
#ifndef TEXTSVCD_PLATFORM_H
#define TEXTSVCD_PLATFORM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The process on the other end of a Unix socket, as the kernel reports it (SO_PEERCRED). */
typedef struct tsv_peer_credentials {
    int32_t process_id;
    uint32_t user_id;
    uint32_t group_id;
} tsv_peer_credentials;

/* Reads a connected Unix socket's peer credentials; 0 on success, else an errno value. */
int32_t tsv_peer_credentials_of(int32_t descriptor, tsv_peer_credentials *credentials);

/* The socket option level and name that read peer credentials (SOL_SOCKET, SO_PEERCRED). */
int32_t tsv_peer_credentials_level(void);
int32_t tsv_peer_credentials_option(void);

/* Adds to posix_spawn's file actions: close every descriptor from `lowest` up, so that a detached child
   holds none of its parent's (a parent's parent may wait for one of them to close). 0 on success, else an errno value. */
int32_t tsv_spawn_close_descriptors_from(void *file_actions, int32_t lowest);

/* posix_spawn's flag that starts the child in a new session (POSIX_SPAWN_SETSID, a GNU extension); 0 when unknown. */
int16_t tsv_spawn_new_session_flag(void);

/* Returns free heap memory to the operating system (glibc malloc_trim(0)); 1 when memory was released. */
int32_t tsv_release_free_memory(void);

/* Makes every allocation of at least `bytes` a mapping of its own, returned to the system when freed (glibc
   mallopt(M_MMAP_THRESHOLD), which also stops the threshold from rising); 1 on success, 0 elsewhere. */
int32_t tsv_map_allocations_from(int64_t bytes);

/* Opens a new pseudo-terminal (posix_openpt, grantpt, unlockpt): returns its master side's descriptor (close-on-exec,
   not this process's controlling terminal) and writes the path of its terminal side into `path`; -1 with errno set
   on failure. */
int32_t tsv_open_pseudo_terminal(char *path, int32_t path_size);
/* Whether `needle` (length `needle_length`) occurs in `haystack` (length `length`): 1 or 0. */
int32_t tsv_contains_bytes(const uint8_t *haystack, int64_t length, const uint8_t *needle, int64_t needle_length);
/* Where `needle` first occurs in `haystack`: its offset, or -1 (its two rarest bytes found 16 places at a time). */
int64_t tsv_find_bytes(const uint8_t *haystack, int64_t length, const uint8_t *needle, int64_t needle_length);

/* Where `needle` (its ASCII letters in lower case) first occurs in `haystack` regardless of ASCII case: its offset, or
   -1 (its two rarest bytes, in both cases, found 16 places at a time; each place where both are is compared whole). */
int64_t tsv_find_bytes_folded(const uint8_t *haystack, int64_t length, const uint8_t *needle, int64_t needle_length);
/* The offset of the first character at or after `from` whose scalar value is one of `count` `scalars`, or -1.
   Characters are decoded from lead bytes without checking what follows (a byte that cannot lead one, or a sequence
   cut by the end, is stepped over alone); only those whose lead byte's bit is set in `leads` (bit `lead - 0xC0`)
   are compared. ASCII is passed over 16 bytes at a time. */
int64_t tsv_find_scalars(const uint8_t *haystack, int64_t length, int64_t from, const uint32_t *scalars, int32_t count,
                         uint64_t leads);

/* The offset of the first byte at or after `from` that is one of the `count` bytes of `set` (at most 16), or `length`
   when none is (16 bytes compared with each member at a time). */
int64_t tsv_find_any_byte(const uint8_t *haystack, int64_t length, int64_t from, const uint8_t *set, int32_t count);
/* The offset of the first byte at or after `from` that a JSON string cannot hold as it is: a quotation mark, a
   backslash or a control character below 0x20; `length` when there is none (16 bytes at a time). */
int64_t tsv_json_string_stop(const uint8_t *bytes, int64_t length, int64_t from);

/* The resolved path (`realpath`) of the shared object or executable that holds `address` (dladdr), written NUL-terminated
   into `target`; 0 on success, -1 when no loaded object holds it or the path does not fit in `capacity` bytes. */
int32_t tsv_object_path_of(const void *address, char *target, int32_t capacity);

/* Drops this process's page mappings of the never-written segments of the object that holds this function (the
   program itself, in a static build: its code, and its read-only data when the linker keeps it apart, as lld does),
   after advising them against large folios, so that only the pages still in use are faulted back in, a page (and the
   kernel's fault-around) at a time. The pages stay in the page cache and nothing is lost: only segments the loader
   maps read-only and never writes are dropped (none that holds relocated data, none of an object with text
   relocations). Returns the bytes released, or -1 (errno set). */
int64_t tsv_release_code_pages(void);

/* Asks the processor to bring the cache line that holds `address` closer, for a read soon (no fault if it is not
   mapped). Inline, so a call costs one instruction. */
static inline void tsv_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#ifdef __cplusplus
}
#endif

#endif

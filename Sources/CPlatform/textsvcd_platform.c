#define _GNU_SOURCE
#include "textsvcd_platform.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <string.h>
#include <spawn.h>
#include <stdlib.h>
#include <unistd.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/socket.h>
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
    if (needle_length <= 0) return 1;
    if (length < needle_length) return 0;
    return memmem(haystack, (size_t)length, needle, (size_t)needle_length) != NULL;
}

int64_t tsv_find_bytes(const uint8_t *haystack, int64_t length, const uint8_t *needle, int64_t needle_length) {
    if (needle_length <= 0) return 0;
    if (length < needle_length) return -1;
    const uint8_t *found = memmem(haystack, (size_t)length, needle, (size_t)needle_length);
    return found ? (int64_t)(found - haystack) : -1;
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

int64_t tsv_release_code_pages(void) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (maps == NULL) return -1;
    uintptr_t target = (uintptr_t)&tsv_release_code_pages;
    char line[4096];
    int64_t released = -1;
    errno = ENOENT;
    while (fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end;
        char permissions[5];
        if (sscanf(line, "%lx-%lx %4s", &start, &end, permissions) != 3) continue;
        if (target < start || target >= end) continue;
        /* Only a mapping that can never have been written: read and execute, private, not writable. */
        if (strcmp(permissions, "r-xp") != 0) {
            errno = EPERM;
            break;
        }
#ifdef MADV_NOHUGEPAGE
        (void)madvise((void *)start, end - start, MADV_NOHUGEPAGE);
#endif
        if (madvise((void *)start, end - start, MADV_DONTNEED) == 0) released = (int64_t)(end - start);
        break;
    }
    fclose(maps);
    return released;
}

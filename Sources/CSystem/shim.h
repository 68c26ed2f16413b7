#ifndef REEL_CSYSTEM_SHIM_H
#define REEL_CSYSTEM_SHIM_H
// Linux system calls Swift cannot reach directly (glibc has no openat2 wrapper, and the generic
// `syscall` is variadic).
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/openat2.h>

/// openat2(2): opens `path` relative to `dirfd` with `flags` and `resolve` (RESOLVE_*); returns
/// the descriptor, or -1 with errno set (ENOSYS on kernels before 5.6).
static inline int reel_openat2(int dirfd, const char *path, uint64_t flags, uint64_t mode, uint64_t resolve) {
#ifdef SYS_openat2
    struct open_how how = { .flags = flags, .mode = mode, .resolve = resolve };
    return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
#else
    errno = ENOSYS;
    return -1;
#endif
}

static const uint64_t reel_resolve_beneath = RESOLVE_BENEATH;
/// O_PATH (a descriptor that only names a place), which Glibc does not export to Swift.
static const int reel_o_path = O_PATH;
static const uint64_t reel_resolve_no_magiclinks = RESOLVE_NO_MAGICLINKS;

/// open(2) with a mode, which Swift cannot pass through the variadic `open`.
static inline int reel_open(const char *path, int flags, unsigned int mode) { return open(path, flags, mode); }
/// openat(2) with a mode.
static inline int reel_openat(int dirfd, const char *path, int flags, unsigned int mode) { return openat(dirfd, path, flags, mode); }
/// fcntl(2) with an int argument.
static inline int reel_fcntl_int(int fd, int cmd, int arg) { return fcntl(fd, cmd, arg); }

#endif

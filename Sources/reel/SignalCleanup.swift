import ReelKit

#if canImport(Glibc)
    import Glibc
#endif

/// On Ctrl-C or a termination signal, removes the outputs being written and exits 130, so an
/// interrupted run leaves no partial file behind.
enum SignalCleanup {
    static func install() {
        // A parent may start us with these signals blocked (threads of test runners and some
        // shells do); unblock them, or Ctrl-C would wait until the render ended.
        var set = sigset_t()
        sigemptyset(&set)
        // A write past the file-size limit (`ulimit -f`) or into a closed pipe fails with EFBIG or
        // EPIPE instead of killing the process, so it is reported and cleaned up like any failure.
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, sig) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // Made now: a handler must not be the first to touch a lazily made global.
        _ = TemporaryFiles.shared
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { number in
                TemporaryFiles.shared.removeAllForSignal()
                _exit(128 + number)
            }
        }
    }
}

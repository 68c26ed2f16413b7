#if canImport(Glibc)
import Glibc
#endif
import MediaIO

/// On Ctrl-C or a termination signal, removes the outputs being written and exits 130, so an
/// interrupted run leaves no partial file behind.
enum SignalCleanup {
    static func install() {
        // A parent may start us with these signals blocked (threads of test runners and some
        // shells do); unblock them, or Ctrl-C would wait until the render ended.
        var set = sigset_t()
        sigemptyset(&set)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, sig) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { number in
                TemporaryFiles.removeAllForSignal()
                _exit(128 + number)
            }
        }
    }
}

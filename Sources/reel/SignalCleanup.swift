#if canImport(Glibc)
import Glibc
#endif
import MediaIO

/// On Ctrl-C or a termination signal, removes the outputs being written and exits 130, so an
/// interrupted run leaves no partial file behind.
enum SignalCleanup {
    static func install() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { number in
                TemporaryFiles.removeAllForSignal()
                _exit(128 + number)
            }
        }
    }
}

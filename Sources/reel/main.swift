import ReelKit

#if canImport(Glibc)
    import FileAccess
    import Glibc
#endif

Pipeline.configureLibraries()
SignalCleanup.install()
let status = CommandLineTool.run(Array(PathBytes.arguments.dropFirst()))
exit(status.rawValue)

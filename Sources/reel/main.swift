#if canImport(Glibc)
import Glibc
#endif
import MediaIO

MediaLibrary.configure()
SignalCleanup.install()
let status = CommandLineTool.run(Array(PathBytes.arguments.dropFirst()))
exit(status.rawValue)

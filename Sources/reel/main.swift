#if canImport(Glibc)
import Glibc
#endif
import MediaIO

MediaLibrary.configure()
SignalCleanup.install()
let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)

import Foundation
import TemplateCore

/// `reel new-template`: writes a small valid template to start from, into a new or empty folder.
struct NewTemplateCommand: Command {
    let name = "new-template"
    let summary = "write a small valid template to start from"
    let synopsis = "<folder> [--name \"My template\"]"
    let options = [OptionSpec(long: "name", short: nil, takesValue: true, help: "the template's name (default: the folder's name)")]

    func run(_ args: ParsedArguments) throws -> ExitStatus {
        guard args.operands.count == 1, let folder = args.operands.first else { throw UsageError(message: "give one folder to create") }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandFailure(message: "\(folder): exists and is not a folder") }
            let contents = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            guard contents.isEmpty else { throw CommandFailure(message: "\(folder): the folder is not empty; give a new or empty folder") }
        }
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(message: "\(folder): cannot create the folder: \(error.localizedDescription)")
        }
        let file = (folder as NSString).appendingPathComponent(TemplateLoader.fileName)
        let text = StarterTemplate.json(name: args.value("name") ?? Workflow.name(of: folder))
        guard manager.createFile(atPath: file, contents: Data(text.utf8)) else {
            throw CommandFailure(message: "\(file): cannot write the file")
        }
        if !args.flag("quiet") {
            Console.out("wrote \(file)")
            Console.out("next: edit it, then check it with 'reel validate \(folder)'")
        }
        return .success
    }
}

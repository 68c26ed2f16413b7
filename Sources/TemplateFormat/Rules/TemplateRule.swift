import DocumentJSON
import MediaTime

/// One rule a template keeps that looks across its parts (a transition against the slots beside
/// it, a layer against the video's length, the music against it): its code, the part it checks
/// item by item, and its check, whose every problem carries a fix note. Each rule is a type of its
/// own, in a file of its own in this folder, listed once in `TemplateRules.all`, the list that
/// `validate`, loading a template for `make` and the preview all run through `TemplateDecoder`.
///
/// Rules read `PartFacts`, what each part yielded whatever else is broken, so one broken value
/// hides only the rules that need it; a rule that cannot run says so (`TemplateFinding.skipped`,
/// T070). Checks of one value as it is read (a type, a range, a key) stay with the reader of that
/// part, as the timeline's do.
package protocol TemplateRule {
    /// The code of every problem the rule finds; no other template rule has it.
    static var code: DiagnosticCode { get }
    /// The part whose items the rule checks, one at a time.
    static var part: TemplatePart { get }
    /// Its findings on item `item` of `part` (0 for a part that is one thing, as the cover).
    static func check(_ input: TemplateRuleInput, item: Int) -> [TemplateFinding]
}

/// The parts of a template the rules check, in the order their findings are reported.
package enum TemplatePart: CaseIterable, Sendable {
    /// Each slot of a usable slots list.
    case slots
    /// The cover time, when one is written.
    case cover
    /// Each layer object.
    case layers
    /// The music, when it has a usable file.
    case music
    /// Each usable start of the voice and of the sounds.
    case sounds
    /// The template's folder as a whole: the files in it.
    case folder
}

/// What a rule found at one item: a problem, or that it could not look.
package enum TemplateFinding: Equatable {
    /// A problem of the rule's code at `path` (nil: the file as a whole), with how to put it right.
    case problem(Severity, String, at: JSONPath?, notes: [String])
    /// `what` is not checked, `because` a value it needs has an error (T070).
    case skipped(String, at: JSONPath, because: String)
}

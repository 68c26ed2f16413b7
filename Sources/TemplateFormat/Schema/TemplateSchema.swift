import DocumentJSON
import EffectCatalog

/// The JSON Schema of `template.json` (templates/template.schema.json), made from the template
/// format's skeleton, the effect catalog and `Limits`, so that the schema never lists an effect,
/// a parameter, a limit or a catalog default of its own.
///
/// The skeleton (`TemplateSchema+Skeleton.swift`) is the schema with placeholders. A bound written
/// `"$limit name"` (or `"$limit name.lower"`, `".upper"`) becomes the number of the `Limits`
/// declaration the table in `TemplateSchema+Limits.swift` gives for that name. Three kinds name a
/// catalog family by its raw value (`transition`, `filter`, `motion`, `textAnimation`, `easing`,
/// `blend`, `key`):
/// - the string `"$catalog ids: F"` becomes the array of F's ids, in catalog order;
/// - the key `"$catalog parameters: F"` in a `properties` object becomes one key per parameter of
///   F's entries (in order of first appearance), described by the last entry that has it;
/// - the string `"$catalog rules: F"` (an `allOf`) becomes one `if`/`then` rule per entry of F: the
///   keys it takes (the object's other `properties`, then the entry's parameters), each
///   parameter's type, range, default and description, and which are required.
///
/// `reel catalog --format schema` prints it; a test fails when the checked-in copy differs.
package enum TemplateSchema {
    /// What the skeleton's catalog placeholders start with.
    static let marker = "$catalog "

    /// Where animatable parameters' keyframes are defined: the value of such a parameter is a
    /// number or a list of keyframes.
    static let keyframesReference = "#/$defs/valueKeyframes"

    /// The schema as a JSON value, in the skeleton's key order.
    package static func value() -> JSONValue {
        let skeleton: JSONValue
        do { skeleton = try JSONParser.parse(Self.skeleton).root } catch {
            // The skeleton is a literal of this module, checked by the generated-schema test.
            fatalError("TemplateSchema: the skeleton is not JSON: \(error)")
        }
        return fill(skeleton)
    }

    /// The schema's text, as templates/template.schema.json holds it.
    package static func text() -> String {
        JSONWriter.writeInDocumentOrder(value())
    }

    private static func fill(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s):
            if let family = family(s, "ids") { return .array(Catalog.ids(of: family).map(JSONValue.string)) }
            if s.hasPrefix(limitMarker) { return limitValue(s) }
            return value
        case .array(let items):
            return .array(items.map(fill))
        case .object(let object):
            return .object(fill(object))
        default:
            return value
        }
    }

    private static func fill(_ object: JSONObject) -> JSONObject {
        var out = JSONObject()
        // The keys every entry takes besides its parameters: the object's own properties.
        let ownKeys = object["properties"]?.objectValue?.keys.filter { !$0.hasPrefix(marker) } ?? []
        for member in object.members {
            if let family = family(member.key, "parameters") {
                for (name, summary) in parameterSummaries(family) {
                    out[name] = .object(JSONObject(["description": .string(summary)]))
                }
            } else if case .string(let s) = member.value, let family = family(s, "rules") {
                out[member.key] = .array(Catalog.entries(of: family).map { rule($0, ownKeys: ownKeys) })
            } else {
                out[member.key] = fill(member.value)
            }
        }
        return out
    }

    /// The family a placeholder `"$catalog <what>: <family>"` names; nil when `text` is not one.
    private static func family(_ text: String, _ what: String) -> EffectFamily? {
        let prefix = marker + what + ": "
        guard text.hasPrefix(prefix) else { return nil }
        guard let family = EffectFamily(rawValue: String(text.dropFirst(prefix.count))) else {
            fatalError("TemplateSchema: the skeleton names no catalog family in '\(text)'")
        }
        return family
    }

    /// Each parameter name of the family, in order of first appearance, with the last summary given.
    private static func parameterSummaries(_ family: EffectFamily) -> [(String, String)] {
        var names: [String] = []
        var summaries: [String: String] = [:]
        for parameter in Catalog.entries(of: family).flatMap(\.parameters) {
            if summaries[parameter.name] == nil { names.append(parameter.name) }
            summaries[parameter.name] = parameter.summary
        }
        return names.map { ($0, summaries[$0] ?? "") }
    }

    /// `if kind is the entry's id then` only its keys, each of its type and range.
    private static func rule(_ entry: CatalogEntry, ownKeys: [String]) -> JSONValue {
        let condition = JSONObject(["properties": .object(JSONObject(["kind": .object(JSONObject(["const": .string(entry.id)]))]))])
        let keys = (ownKeys + entry.parameters.map(\.name)).map(JSONValue.string)
        var then = JSONObject(["propertyNames": .object(JSONObject(["enum": .array(keys)]))])
        if !entry.parameters.isEmpty {
            var properties = JSONObject()
            for parameter in entry.parameters { properties[parameter.name] = .object(schema(of: parameter)) }
            then["properties"] = .object(properties)
        }
        let required = entry.parameters.filter(\.isRequired).map(\.name)
        if !required.isEmpty { then["required"] = .array(required.map(JSONValue.string)) }
        return .object(JSONObject(["if": .object(condition), "then": .object(then)]))
    }

    private static func schema(of parameter: CatalogParameter) -> JSONObject {
        var value = JSONObject()
        switch parameter.type {
        case .number(let range):
            value["type"] = .string("number")
            value["minimum"] = number(range.lowerBound)
            value["maximum"] = number(range.upperBound)
            if let d = parameter.defaultValue { value["default"] = number(d) }
        case .file:
            value["type"] = .string("string")
            value["minLength"] = .number(JSONNumber(1))
        case .color(let hex):
            value["type"] = .string("string")
            value["pattern"] = .string("^#[0-9a-fA-F]{6}$")
            value["default"] = .string(hex)
        }
        value["description"] = .string(parameter.summary)
        guard parameter.animatable else { return value }
        return JSONObject(["oneOf": .array([.object(value), .object(JSONObject(["$ref": .string(keyframesReference)]))])])
    }

    private static func number(_ x: Double) -> JSONValue {
        JSONNumber(x).map(JSONValue.number) ?? .null
    }
}

import Testing

@testable import DocumentJSON
@testable import DocumentLimits
@testable import TemplateFormat

/// The JSON Schema states the limits editors check while authors type: they must be the ones
/// declared in `Limits`, which the validator, the timeline reader and the renderer enforce. So
/// every bound of the skeleton names its declaration, and only the format's own rules are numbers.
@Suite struct SchemaLimitsTests {
    /// The keywords whose value is a bound.
    static let boundKeywords: Set<String> = [
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "minLength", "maxLength",
    ]

    /// The bounds that are rules of the format rather than limits, written as numbers: where
    /// (a path of the skeleton, `*` for anywhere), the keyword and the number.
    static let formatRules: [(path: String, keyword: String, value: Double)] = [
        // A name, id, file or font is never empty (the decoder refuses an empty text).
        ("*", "minLength", 1),
        // Keyframes: a path or an animated value has at least one.
        ("$defs/valueKeyframes", "minItems", 1),
        ("$defs/motion/oneOf/2/properties/keyframes", "minItems", 1),
        // A list of beats needs two times to have a beat length.
        ("$defs/music/properties/beats", "minItems", 2),
    ]

    /// Each bound of the skeleton: where it is, its keyword and its value.
    static func bounds() throws -> [(path: String, keyword: String, value: JSONValue)] {
        var found: [(path: String, keyword: String, value: JSONValue)] = []
        func walk(_ value: JSONValue, _ path: [String]) {
            switch value {
            case .object(let object):
                for member in object.members {
                    if boundKeywords.contains(member.key) {
                        found.append((path.joined(separator: "/"), member.key, member.value))
                    } else {
                        walk(member.value, path + [member.key])
                    }
                }
            case .array(let items):
                for (i, item) in items.enumerated() { walk(item, path + [String(i)]) }
            default:
                break
            }
        }
        walk(try JSONParser.parse(TemplateSchema.skeleton).root, [])
        return found
    }

    @Test func everyBoundNamesALimitOrIsARuleOfTheFormat() throws {
        let bounds = try Self.bounds()
        #expect(bounds.count > 100, "the skeleton's bounds were not found")
        for bound in bounds {
            let place = "\(bound.path)/\(bound.keyword)"
            switch bound.value {
            case .string(let text):
                #expect(TemplateSchema.limit(text) != nil, "\(place): '\(text)' names no limit of TemplateSchema.limits")
            case .number(let n):
                let isRule = Self.formatRules.contains {
                    ($0.path == "*" || $0.path == bound.path) && $0.keyword == bound.keyword && $0.value == n.doubleValue
                }
                #expect(isRule, "\(place) is the number \(n): write the Limits declaration it is, \"$limit name\"")
            default:
                Issue.record("\(place) is neither a number nor a limit")
            }
        }
    }

    /// The table holds only limits the schema states, so that it is no second list of `Limits`.
    @Test func everyLimitOfTheTableIsNamedInTheSkeleton() throws {
        let named = Set(
            try Self.bounds().compactMap { $0.value.stringValue }.map {
                String($0.dropFirst(TemplateSchema.limitMarker.count).split(separator: ".")[0])
            })
        for name in TemplateSchema.limits.keys.sorted() {
            #expect(named.contains(name), "TemplateSchema.limits has '\(name)', which the skeleton never names")
        }
    }

    @Test func aPlaceholderIsTheDeclaredNumber() {
        #expect(TemplateSchema.limit("$limit canvasSide.lower") == Double(Limits.canvasSide.lowerBound))
        #expect(TemplateSchema.limit("$limit maxShortText") == Double(Limits.maxShortText))
        #expect(TemplateSchema.limit("$limit speed.upper") == Limits.speed.upperBound)
        // A range named without its bound, a bound of a single number, an unknown name.
        for text in ["$limit canvasSide", "$limit maxShortText.upper", "$limit canvasSide.middle", "$limit nothing"] {
            #expect(TemplateSchema.limit(text) == nil, "\(text)")
        }
    }
}

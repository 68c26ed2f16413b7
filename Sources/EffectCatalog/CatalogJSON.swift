import DocumentJSON

/// The catalog as a JSON value, for `reel catalog --format json` and tools that read it.
extension Catalog {
    /// `{family: [{id, summary, parameters}]}` with families in `EffectFamily` order; tools read it, so keys stay stable.
    package static func jsonValue() -> JSONValue {
        var families = JSONObject()
        for family in EffectFamily.allCases {
            families[family.rawValue] = .array(entries(of: family).map(json))
        }
        return .object(families)
    }

    private static func json(_ entry: CatalogEntry) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(entry.id)
        object["summary"] = .string(entry.summary)
        object["parameters"] = .array(entry.parameters.map(json))
        return .object(object)
    }

    private static func json(_ parameter: CatalogParameter) -> JSONValue {
        var object = JSONObject()
        object["name"] = .string(parameter.name)
        object["type"] = .string(parameter.type.name)
        if let range = parameter.range {
            object["minimum"] = JSONNumber(range.lowerBound).map(JSONValue.number) ?? .null
            object["maximum"] = JSONNumber(range.upperBound).map(JSONValue.number) ?? .null
        }
        object["default"] =
            parameter.defaultColor.map(JSONValue.string) ?? parameter.defaultValue.flatMap(JSONNumber.init).map(JSONValue.number) ?? .null
        object["required"] = .bool(parameter.isRequired)
        object["animatable"] = .bool(parameter.animatable)
        object["summary"] = .string(parameter.summary)
        return .object(object)
    }

    /// One line per entry, grouped by family, as `reel catalog` prints it.
    package static func text() -> String {
        var lines: [String] = []
        for family in EffectFamily.allCases {
            lines.append("\(family.title):")
            for entry in entries(of: family) {
                lines.append("  " + entry.id.padded(to: 13) + entry.summary)
                for p in entry.parameters {
                    lines.append("      " + p.name.padded(to: 10) + "(\(p.detail)) \(p.summary)")
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `0.5`, `1`, `-1`: the shortest exact form of a catalog number.
    package static func number(_ x: Double) -> String {
        JSONNumber.plainText(x)
    }
}

extension CatalogParameter {
    /// "number 0...0.5, default 0.02", "image file, required", with ", animatable" when it is:
    /// the parameter as `reel catalog` and the documentation's tables describe it.
    package var detail: String {
        var detail = type.name
        if let range { detail += " \(Catalog.number(range.lowerBound))...\(Catalog.number(range.upperBound))" }
        if let d = defaultValue {
            detail += ", default \(Catalog.number(d))"
        } else if let hex = defaultColor {
            detail += ", default \(hex)"
        } else {
            detail += ", required"
        }
        if animatable { detail += ", animatable" }
        return detail
    }
}

extension EffectFamily {
    /// Heading of the family in listings.
    package var title: String {
        switch self {
        case .transition: "transitions"
        case .filter: "filters"
        case .motion: "motions"
        case .textAnimation: "text animations"
        case .easing: "easings"
        case .blend: "blend modes"
        case .key: "keys"
        }
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

import DocumentJSON
import RenderCore

extension LoudnessReport {
    /// What `make --format json` says of the sound: the target, the level before and reached (in
    /// LUFS, one decimal, as meters print them), the gain and the limiting (dB), whether it is on
    /// target and, when not, why.
    public var json: JSONValue {
        func number(_ value: Double) -> JSONValue {
            JSONNumber((value * 10).rounded() / 10).map(JSONValue.number) ?? .null
        }
        var o = JSONObject()
        o["target"] = number(target)
        o["measured"] = number(measured)
        o["gain"] = number(gain)
        o["reached"] = number(reached)
        o["limiting"] = number(limiting)
        o["onTarget"] = .bool(isOnTarget)
        o["reason"] = reason.map(JSONValue.string) ?? .null
        return .object(o)
    }
}

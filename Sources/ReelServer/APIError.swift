import DocumentJSON
import HTTPServer

/// A request the API refuses: its HTTP status, a stable machine code, one line for people and,
/// for a request that names several problems, each one (a field and what is wrong with it).
///
/// Every error the API answers has this shape: `{"error": {"code", "message", "problems"?}}`.
package struct APIError: Error, Sendable {
    /// The HTTP status: 4xx for the request's fault, 5xx for the server's.
    package var status: Int
    /// Stable for programs: `invalid_json`, `unknown_field`, `template_not_found`, `invalid_request`...
    package var code: String
    /// One line for people.
    package var message: String
    /// Each problem of an invalid request: the field (`options.size`, `media[2]`), its message
    /// and, when the template format defines one, the diagnostic code (`T013`).
    package var problems: [Problem] = []

    /// One problem of a request: where and what.
    package struct Problem: Sendable {
        /// The request's field, as a path: `template`, `texts.title`, `options.size`, `media[0]`.
        package var field: String
        /// What is wrong, for people.
        package var message: String
        /// A diagnostic code (`T013`, `R003`) when the problem is one of the format's.
        package var code: String?

        /// `code` only when the format defines one.
        package init(field: String, message: String, code: String? = nil) {
            self.field = field
            self.message = message
            self.code = code
        }
    }

    /// An error of one line; problems are added by the request checks.
    package init(_ status: Int, _ code: String, _ message: String, problems: [Problem] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.problems = problems
    }

    /// The body every error answers with.
    package var json: JSONValue { .object(JSONObject(["error": errorObject])) }

    /// What `json` holds under `error`: the code, message and problems (what a failed job keeps).
    package var errorObject: JSONValue {
        var error = JSONObject(["code": .string(code), "message": .string(message)])
        if !problems.isEmpty {
            error["problems"] = .array(
                problems.map { p in
                    var o = JSONObject(["field": .string(p.field), "message": .string(p.message)])
                    if let code = p.code { o["code"] = .string(code) }
                    return .object(o)
                })
        }
        return .object(error)
    }

    /// The response carrying it.
    package var response: HTTPResponse { HTTPResponse.json(status, JSONWriter.line(json)) }

    static func notFound(_ what: String) -> APIError { APIError(404, "not_found", what) }
    static func badRequest(_ message: String) -> APIError { APIError(400, "bad_request", message) }
}

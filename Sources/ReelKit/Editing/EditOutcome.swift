/// What an edit did (`Pipeline.edit`), once the timeline file and its journal are written.
package struct EditOutcome: Sendable, Hashable {
    /// The operation as requested (`swap`, `undo`).
    package let operation: String
    /// One line of what changed (`swapped clip 1 (a) and clip 2 (b)`; `undid: ...` for an undo).
    package let changed: String
    /// The timeline file, as the caller named it.
    package let timeline: String
    /// True when an undo would now go back a step.
    package let canUndo: Bool
    /// True when an undone edit can now be made again (false after any edit).
    package let canRedo: Bool

    /// The outcome as `reel edit --format json` prints it.
    package var json: JSONValue {
        .object(
            JSONObject([
                "operation": .string(operation), "changed": .string(changed), "timeline": .string(timeline),
                "canUndo": .bool(canUndo), "canRedo": .bool(canRedo),
            ]))
    }
}

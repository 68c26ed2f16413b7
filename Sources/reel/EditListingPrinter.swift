import ReelKit

/// What `reel edit <t> list` and `history` print (`EditListing` and `EditHistory` of ReelKit).
/// Every line shows control characters as codes (`VisibleText`): the texts are anyone's bytes.
enum EditListingPrinter {
    static func print(_ listing: EditListing, json: Bool) {
        if json {
            Console.write(1, VisibleText.json(JSONWriter.write(listing.json)))
        } else {
            for line in listing.lines { Console.out(VisibleText.escaped(line)) }
        }
    }

    static func printHistory(_ history: EditHistory, json: Bool) {
        if json {
            Console.write(1, VisibleText.json(JSONWriter.write(history.json)))
        } else {
            for line in history.lines { Console.out(VisibleText.escaped(line)) }
        }
    }
}

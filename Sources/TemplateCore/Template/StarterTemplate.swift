/// The small, valid template `reel new-template` writes: a starting point that shows the main
/// parts of the format (slots with transitions and motion, a text the user fills, a grade).
public enum StarterTemplate {
    /// The text of `template.json` for a template called `name`.
    public static func json(name: String) -> String {
        """
        {
          "format": 1,
          "name": \(JSONWriter.quoted(name)),
          "description": "Three shots with a title; replace this with one line about your template.",
          "canvas": { "preset": "9:16", "frameRate": "30", "background": "#000000" },
          "slots": [
            { "id": "opening", "accepts": "any", "duration": 2.5, "motion": "zoomIn",
              "transition": { "kind": "crossfade", "duration": 0.5 } },
            { "id": "middle", "accepts": "any", "duration": 2, "transition": "dipToBlack" },
            { "id": "closing", "accepts": "any", "duration": 3, "motion": { "kind": "panLeft", "amount": 1.2 } }
          ],
          "layers": [
            { "id": "title", "kind": "text", "key": "title", "text": "My trip", "size": 96, "minSize": 48,
              "y": 0.8, "maxWidth": 0.85, "maxLines": 2, "shadow": { "color": "#00000099", "y": 4, "blur": 8 },
              "duration": 3, "in": "fade", "out": { "kind": "fade", "duration": 0.4 } }
          ],
          "grade": [{ "kind": "saturation", "amount": 1.1 }]
        }

        """
    }
}

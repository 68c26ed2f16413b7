import DocumentLimits
import MediaTime
import TimelineModel

/// How captions are drawn: the style of their words over time, their look, and where they may go.
public struct CaptionStyle: Sendable, Hashable {
    /// How words appear over a cue's time; the template's `style` names one by its raw value.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The cue's words, outlined.
        case plain
        /// The cue's words on a dark rounded box.
        case box
        /// The cue's words, the one being spoken in `highlight` (one text item per word spoken).
        case karaoke
        /// One word at a time, as it is spoken (one text item per word).
        case pop
    }

    /// How the words appear over time; karaoke and pop make one text item per word.
    package var kind: Kind
    /// The text's look; nil picks one from the canvas (a size of 4.5 % of its height).
    package var look: TextLook?
    /// The colour of the spoken word in karaoke.
    package var highlight: RGBAColor
    /// The safe area captions stay within, in canvas fractions: clear of the edges and of the
    /// buttons phones draw over a video's bottom.
    package var area: LayerRect
    /// Most lines a cue takes; it shrinks to fit them, then is cut with an ellipsis.
    package var maxLines: Int

    /// The defaults: plain outlined words with a look picked from the canvas, a yellow karaoke highlight, the phone-safe area, the house line limit.
    package init(
        kind: Kind = .plain, look: TextLook? = nil, highlight: RGBAColor = RGBAColor(red: 255, green: 212, blue: 0),
        area: LayerRect = CaptionStyle.defaultArea, maxLines: Int = Limits.defaultCaptionLines
    ) {
        self.kind = kind
        self.look = look
        self.highlight = highlight
        self.area = area
        self.maxLines = maxLines
    }

    /// 6 % of the width from either side, 8 % of the height from the top and 12 % from the bottom.
    package static let defaultArea = LayerRect(x: 0.06, y: 0.08, width: 0.88, height: 0.8)

    /// The look drawn on `canvas` when none is given.
    package func resolvedLook(on canvas: Canvas) -> TextLook {
        if let look { return look }
        let size = min(max((Double(canvas.height) * 0.045).rounded(), Limits.textSize.lowerBound), Limits.textSize.upperBound)
        var look = TextLook(size: size, minimumSize: max(Limits.textSize.lowerBound, (size * 0.7).rounded()), lineSpacing: 1.2)
        switch kind {
        case .box:
            look.box = TextBox(
                color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 179), padding: (size * 0.3).rounded(), cornerRadius: (size * 0.25).rounded())
        case .plain, .karaoke, .pop:
            look.stroke = TextStroke(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 255), width: max(1, (size * 0.08).rounded()))
        }
        return look
    }
}

import Foundation
import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineModel

@Suite struct TimelineCodecTests {
    static let ntsc = FrameRate(numerator: 30000, denominator: 1001)

    /// A timeline with every field set to something other than its default.
    static func sample() -> Timeline {
        let rate = ntsc
        let first = TimeRange(start: .zero, end: rate.time(ofFrame: 75))
        let second = TimeRange(start: rate.time(ofFrame: 75), end: rate.time(ofFrame: 123))
        return Timeline(
            canvas: Canvas(width: 1080, height: 1920, background: RGBColor(red: 0x1a, green: 0x2b, blue: 0x3c)),
            frameRate: rate, duration: second.end,
            clips: [
                VideoClip(
                    id: "opening", media: "/media/IMG_2041.MOV", kind: .video, timelineRange: first,
                    sourceRange: TimeRange(start: seconds("4.2"), duration: first.duration * RationalTime(value: 4, timescale: 5)),
                    speed: RationalTime(value: 4, timescale: 5), orientation: Orientation(rotation: 90, mirrored: true),
                    fit: .contain, volume: 0.25, reverse: true, loop: true,
                    motion: [
                        TransformKeyframe(time: .zero, scale: 1.2, x: 0.05, easing: .easeInOut),
                        TransformKeyframe(time: first.duration, scale: 1, y: -0.1, rotation: 3),
                    ],
                    filters: [
                        Effect(
                            kind: "saturation", parameters: ["amount": 1.3],
                            animation: [
                                "amount": [
                                    EffectKeyframe(time: .zero, value: 0.5),
                                    EffectKeyframe(time: first.duration, value: 1.3, easing: .easeIn),
                                ]
                            ]),
                        Effect(kind: "lut", parameters: ["strength": 0.5], file: "/tpl/warm.cube"),
                    ],
                    layer: 0, frame: LayerRect(x: 0, y: 0, width: 1, height: 1), opacity: 0.9),
                VideoClip(
                    id: "two \"quoted\" é", media: "/media/beach.jpg", kind: .image, timelineRange: second,
                    sourceRange: TimeRange(start: .zero, duration: second.duration), fit: .smart,
                    crop: [CropKeyframe(time: .zero, x: 0.3125), CropKeyframe(time: second.duration, x: 0.7, y: 0.45)]),
            ],
            transitions: [
                Transition(
                    kind: "lumaWipe", from: "opening", to: "two \"quoted\" é",
                    range: TimeRange(start: rate.time(ofFrame: 70), end: rate.time(ofFrame: 80)), easing: .easeOut,
                    parameters: ["softness": 0.05], mask: "/tpl/diagonal.png")
            ],
            texts: [
                TextItem(
                    id: "title", text: "Lisbon 2026 · 里斯本", timelineRange: first,
                    look: TextLook(
                        fontFamily: "DejaVu Sans:bold", size: 96, minimumSize: 48, color: RGBAColor(red: 255, green: 240, blue: 200),
                        stroke: TextStroke(color: .black, width: 4),
                        shadow: TextShadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 128), dx: 3, dy: 5, blur: 6), box: nil,
                        alignment: .left, lineSpacing: 1.1),
                    x: 0.1, y: 0.8, anchorX: 0, anchorY: 1, maxWidth: 0.8, maxLines: 2,
                    animationIn: LayerAnimation(kind: "fade", duration: seconds("0.5")), animationOut: nil, layer: 3)
            ],
            overlays: [
                OverlayItem(
                    id: "star", media: "/tpl/star.png", timelineRange: second, x: 0.9, y: 0.1, width: 0.2, opacity: 0.8,
                    motion: [TransformKeyframe(time: .zero, rotation: -10)], animationIn: LayerAnimation(kind: "pop", duration: seconds("0.3")),
                    layer: 2)
            ],
            grade: [Effect(kind: "filmFade", parameters: ["strength": 0.4])],
            audio: [
                AudioClip(
                    id: "music", media: "/templates/postcard/music/track.m4a",
                    timelineRange: TimeRange(start: .zero, duration: second.end), sourceStart: RationalTime(value: 1, timescale: 3),
                    volume: 0.8, fadeIn: .zero, fadeOut: seconds("1.5"),
                    ducking: Ducking(
                        amount: -12, threshold: -45.5, attack: seconds("0.05"), hold: seconds("0.3"), release: RationalTime(value: 1, timescale: 3)))
            ],
            output: OutputSettings(crf: 18, preset: "medium", audioBitrate: 192_000), source: "Postcard")
    }

    static let canonical = """
        {
          "audio": [
            {
              "ducking": {
                "amount": "-12dB",
                "attack": "0.05s",
                "hold": "0.3s",
                "release": "1/3s",
                "threshold": "-45.5dB"
              },
              "fadeIn": "0s",
              "fadeOut": "1.5s",
              "id": "music",
              "loop": false,
              "media": "/templates/postcard/music/track.m4a",
              "role": "music",
              "sourceStart": "1/3s",
              "timelineRange": {
                "duration": "4.1041s",
                "start": "0s"
              },
              "volume": 0.8
            }
          ],
          "canvas": {
            "background": "#1a2b3c",
            "height": 1920,
            "width": 1080
          },
          "clips": [
            {
              "filters": [
                {
                  "animation": {
                    "amount": [
                      {
                        "easing": "linear",
                        "time": "0s",
                        "value": 0.5
                      },
                      {
                        "easing": "easeIn",
                        "time": "2.5025s",
                        "value": 1.3
                      }
                    ]
                  },
                  "kind": "saturation",
                  "parameters": {
                    "amount": 1.3
                  }
                },
                {
                  "file": "/tpl/warm.cube",
                  "kind": "lut",
                  "parameters": {
                    "strength": 0.5
                  }
                }
              ],
              "fit": "contain",
              "frame": {
                "height": 1,
                "width": 1,
                "x": 0,
                "y": 0
              },
              "id": "opening",
              "kind": "video",
              "layer": 0,
              "loop": true,
              "media": "/media/IMG_2041.MOV",
              "motion": [
                {
                  "easing": "easeInOut",
                  "rotation": 0,
                  "scale": 1.2,
                  "time": "0s",
                  "x": 0.05,
                  "y": 0
                },
                {
                  "easing": "linear",
                  "rotation": 3,
                  "scale": 1,
                  "time": "2.5025s",
                  "x": 0,
                  "y": -0.1
                }
              ],
              "opacity": 0.9,
              "orientation": {
                "mirrored": true,
                "rotation": 90
              },
              "reverse": true,
              "sourceRange": {
                "duration": "2.002s",
                "start": "4.2s"
              },
              "speed": "4/5",
              "timelineRange": {
                "duration": "2.5025s",
                "start": "0s"
              },
              "volume": 0.25
            },
            {
              "crop": [
                {
                  "time": "0s",
                  "x": 0.3125,
                  "y": 0.5
                },
                {
                  "time": "1.6016s",
                  "x": 0.7,
                  "y": 0.45
                }
              ],
              "filters": [],
              "fit": "smart",
              "frame": {
                "height": 1,
                "width": 1,
                "x": 0,
                "y": 0
              },
              "id": "two \\"quoted\\" é",
              "kind": "image",
              "layer": 0,
              "loop": false,
              "media": "/media/beach.jpg",
              "motion": [],
              "opacity": 1,
              "orientation": {
                "mirrored": false,
                "rotation": 0
              },
              "reverse": false,
              "sourceRange": {
                "duration": "1.6016s",
                "start": "0s"
              },
              "speed": "1",
              "timelineRange": {
                "duration": "1.6016s",
                "start": "2.5025s"
              },
              "volume": 0
            }
          ],
          "duration": "4.1041s",
          "format": 3,
          "frameRate": "30000/1001",
          "grade": [
            {
              "kind": "filmFade",
              "parameters": {
                "strength": 0.4
              }
            }
          ],
          "output": {
            "audioBitrate": 192000,
            "crf": 18,
            "preset": "medium"
          },
          "overlays": [
            {
              "anchorX": 0.5,
              "anchorY": 0.5,
              "id": "star",
              "in": {
                "duration": "0.3s",
                "kind": "pop"
              },
              "layer": 2,
              "media": "/tpl/star.png",
              "motion": [
                {
                  "easing": "linear",
                  "rotation": -10,
                  "scale": 1,
                  "time": "0s",
                  "x": 0,
                  "y": 0
                }
              ],
              "opacity": 0.8,
              "out": null,
              "timelineRange": {
                "duration": "1.6016s",
                "start": "2.5025s"
              },
              "width": 0.2,
              "x": 0.9,
              "y": 0.1
            }
          ],
          "source": "Postcard",
          "texts": [
            {
              "anchorX": 0,
              "anchorY": 1,
              "id": "title",
              "in": {
                "duration": "0.5s",
                "kind": "fade"
              },
              "layer": 3,
              "look": {
                "alignment": "left",
                "boxColor": null,
                "boxPadding": 0,
                "boxRadius": 0,
                "color": "#fff0c8",
                "fontFamily": "DejaVu Sans:bold",
                "fontFile": null,
                "lineSpacing": 1.1,
                "minimumSize": 48,
                "shadowBlur": 6,
                "shadowColor": "#00000080",
                "shadowX": 3,
                "shadowY": 5,
                "size": 96,
                "strokeColor": "#000000",
                "strokeWidth": 4
              },
              "maxLines": 2,
              "maxWidth": 0.8,
              "out": null,
              "text": "Lisbon 2026 · 里斯本",
              "timelineRange": {
                "duration": "2.5025s",
                "start": "0s"
              },
              "x": 0.1,
              "y": 0.8
            }
          ],
          "transitions": [
            {
              "easing": "easeOut",
              "from": "opening",
              "kind": "lumaWipe",
              "mask": "/tpl/diagonal.png",
              "parameters": {
                "softness": 0.05
              },
              "range": {
                "duration": "1001/3000s",
                "start": "7007/3000s"
              },
              "to": "two \\"quoted\\" é"
            }
          ]
        }

        """

    /// A timeline file that is not UTF-8 text, or not there, is L001 naming the file; a larger
    /// one than 16 MiB is T004.
    @Test func anUnreadableTimelineFileIsL001() throws {
        let folder = NSTemporaryDirectory() + "reel-l001-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let latin1 = folder + "/latin1.json"
        try Data([0x7B, 0x22, 0xE9, 0x22, 0x7D]).write(to: URL(fileURLWithPath: latin1))
        for path in [latin1, folder + "/missing.json", folder] {
            do {
                _ = try TimelineCodec.decode(contentsOfFile: path)
                Issue.record("read \(path)")
            } catch {
                #expect(error.diagnostics.map(\.code) == [.timelineUnreadable], "\(error.diagnostics.rendered())")
                #expect(error.diagnostics.first?.location.file == path)
            }
        }
    }

    @Test func encodesTheDocumentedShape() {
        let text = TimelineCodec.encode(Self.sample())
        #expect(text == Self.canonical)
    }

    @Test func roundTripsLosslessly() throws {
        let timeline = Self.sample()
        let decoded = try TimelineCodec.decode(TimelineCodec.encode(timeline))
        #expect(decoded == timeline)
    }

    @Test func canonicalTextRoundTripsByteForByte() throws {
        let decoded = try TimelineCodec.decode(Self.canonical)
        #expect(TimelineCodec.encode(decoded) == Self.canonical)
    }

    @Test func resolvedTimelineRoundTripsByteForByte() throws {
        let rate = Self.ntsc
        let music = MusicSpec(file: "music/track.m4a", volume: 0.8, fadeOut: seconds("1.5"))
        let r = try Resolver.resolve(
            template: template(["1.1", "1.1", "1.1", "0.1"], rate: rate, music: music), templateFolder: "/tpl",
            media: [video("/m/a.mov", "0.7"), image("/m/b.jpg"), video("/m/c.mov", "12.345678")])
        let text = TimelineCodec.encode(r.timeline)
        let decoded = try TimelineCodec.decode(text)
        #expect(decoded == r.timeline)
        #expect(TimelineCodec.encode(decoded) == text)
    }

    @Test func timesAreDecimalWhenFiniteElseFractions() {
        #expect(TimeText.string(from: seconds("2.5")) == "2.5s")
        #expect(TimeText.string(from: .zero) == "0s")
        #expect(TimeText.string(from: RationalTime(seconds: 3)) == "3s")
        #expect(TimeText.string(from: seconds("-0.04")) == "-0.04s")
        #expect(TimeText.string(from: RationalTime(value: 1001, timescale: 30000)) == "1001/30000s")
        #expect(TimeText.string(from: RationalTime(value: 1, timescale: 3)) == "1/3s")
        #expect(TimeText.string(from: RationalTime(value: 1, timescale: 1 << 62)) == "1/4611686018427387904s")
        #expect(TimeText.ratioString(from: RationalTime(value: 4, timescale: 5)) == "4/5")
        #expect(TimeText.ratioString(from: RationalTime(seconds: 1)) == "1")
    }

    @Test func mediaPathsAreWrittenRelativeToTheTimelineFolderAndResolvedBack() throws {
        let timeline = Self.sample()
        let text = TimelineCodec.encode(timeline, mediaRelativeTo: "/media/projects/")
        #expect(text.contains("\"media\": \"../IMG_2041.MOV\""))
        #expect(text.contains("\"media\": \"../../templates/postcard/music/track.m4a\""))
        let back = try TimelineCodec.decode(text, timelineFolder: "/media/projects")
        #expect(back == timeline)
    }

    @Test func pathTextArithmetic() {
        #expect(MediaPathText.standardized("a/./b/../c//d/") == "a/c/d")
        #expect(MediaPathText.standardized("../x/../../y") == "../../y")
        #expect(MediaPathText.standardized("/../a") == "/a")
        #expect(MediaPathText.relative("/a/b/c.mov", from: "/a/b") == "c.mov")
        #expect(MediaPathText.relative("/a/x/c.mov", from: "/a/b/d") == "../../x/c.mov")
        #expect(MediaPathText.resolve("../m/c.mov", against: "/p/out") == "/p/m/c.mov")
        #expect(MediaPathText.resolve("/abs/c.mov", against: "/p/out") == "/abs/c.mov")
    }

    @Test func decodingReadsAFileAndItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-timeline-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/timeline.json"
        try Data(TimelineCodec.encode(Self.sample(), mediaRelativeTo: folder).utf8).write(to: URL(fileURLWithPath: file))
        #expect(try TimelineCodec.decode(contentsOfFile: file) == Self.sample())
    }

    @Test(arguments: [
        ("\"speed\": \"4/5\"", "\"speed\": \"-1\"", "clips[0].speed", 101, 16),
        ("\"format\": 3", "\"format\": 4", "format", 154, 13),
        ("\"crf\": 18", "\"crf\": 99", "output.crf", 166, 12),
        ("\"kind\": \"video\"", "\"kind\": \"movie\"", "clips[0].kind", 69, 15),
        ("\"rotation\": 90", "\"rotation\": 45", "clips[0].orientation.rotation", 94, 21),
        ("\"start\": \"4.2s\"", "\"start\": \"4.2\", \"end\": 1", "clips[0].sourceRange.end", 99, 25),
        ("\"start\": \"2.5025s\"", "\"start\": \"2.5s\"", "clips[1].timelineRange.start", 148, 18),
        ("\"duration\": \"2.002s\"", "\"duration\": \"2s\"", "clips[0].sourceRange.duration", 98, 21),
    ])
    func decodingErrorsNameThePathAndPlace(original: String, replacement: String, path: String, line: Int, column: Int) throws {
        #expect(Self.canonical.contains(original))
        let text = Self.canonical.replacingOccurrences(of: original, with: replacement)
        do {
            _ = try TimelineCodec.decode(text, file: "t.json")
            Issue.record("decoded \(replacement)")
        } catch {
            #expect(error.diagnostics.first?.location.path?.description == path)
            #expect(error.diagnostics.first?.location.line == line)
            #expect(error.diagnostics.first?.location.column == column)
            #expect(error.description.hasPrefix("t.json:\(line):\(column): error["), "\(error)")
        }
    }

    @Test func syntaxErrorsHaveLineAndColumn() {
        do {
            _ = try TimelineCodec.decode("{\n  \"format\": 1,\n  \"clips\": [,]\n}\n", file: "t.json")
            Issue.record("decoded invalid JSON")
        } catch {
            #expect(error.diagnostics.first?.location.line == 3)
            #expect(error.diagnostics.first?.location.column == 13)
            #expect(error.diagnostics.first?.location.path == nil)
        }
    }
}

extension TimelineCodecTests {
    @Test func duplicateKeysAreAnError() {
        let text = Self.canonical.replacingOccurrences(of: "\"crf\": 18,", with: "\"crf\": 18, \"crf\": 19,")
        do {
            _ = try TimelineCodec.decode(text)
            Issue.record("decoded a duplicate key")
        } catch {
            #expect(error.diagnostics.first?.location.path?.description == "output.crf")
            #expect(error.diagnostics.first?.location.line == 166)
        }
    }
}

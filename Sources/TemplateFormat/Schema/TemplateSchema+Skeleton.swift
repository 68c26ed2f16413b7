/// The parts of the template schema that are the template format's own: every definition, key
/// and description except what the effect catalog says. `TemplateSchema` fills the placeholders
/// from the catalog and from `Limits` (see there); `reel catalog --format schema` prints the
/// result, which is templates/template.schema.json.
///
/// Edit the format here (every bound names a limit, `"$limit name"`; a test refuses a number
/// that is not a rule of the format), then regenerate the schema.
extension TemplateSchema {
    static let skeleton = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "Reel template, format 1",
          "description": "template.json of a Reel template folder; see docs/template-format.md",
          "$ref": "#/$defs/template",
          "$defs": {
            "time": {
              "description": "a time of the video: seconds (2.5, \"2.5s\", \"1001/30000s\"), frames (\"48f\") or beats of the music (\"4 beats\", \"1 beat\", \"0.5b\")",
              "oneOf": [
                {
                  "type": "number"
                },
                {
                  "type": "string",
                  "pattern": "^(-?[0-9.]+(e-?[0-9]+)?s?|-?[0-9]+/[0-9]+s|-?[0-9]+f|[0-9.]+ ?(beats?|b))$"
                }
              ]
            },
            "musicTime": {
              "description": "a time of the music file, in seconds only (2.5, \"2.5s\", \"1001/30000s\"): beats are counted from it, and music is not on the frame grid",
              "oneOf": [
                {
                  "type": "number"
                },
                {
                  "type": "string",
                  "pattern": "^(-?[0-9.]+(e-?[0-9]+)?s?|-?[0-9]+/[0-9]+s)$"
                }
              ]
            },
            "keyframeTime": {
              "description": "a fraction of the item's time, 0 (its start) to 1 (its end), or a time from the item's start as a string: \"1.5s\", \"12f\", \"2 beats\"",
              "oneOf": [
                {
                  "type": "number",
                  "minimum": "$limit fraction.lower",
                  "maximum": "$limit fraction.upper"
                },
                {
                  "type": "string",
                  "pattern": "^([0-9.]+(e-?[0-9]+)?s?|[0-9]+/[0-9]+s|[0-9]+f|[0-9.]+ ?(beats?|b))$"
                }
              ]
            },
            "color": {
              "type": "string",
              "pattern": "^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$",
              "description": "#rrggbb or #rrggbbaa"
            },
            "easing": {
              "enum": "$catalog ids: easing",
              "description": "how values move between keyframes"
            },
            "template": {
              "type": "object",
              "properties": {
                "$schema": {
                  "type": "string"
                },
                "format": {
                  "const": 1
                },
                "name": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": "$limit maxShortText"
                },
                "description": {
                  "type": "string",
                  "maxLength": "$limit maxLongText"
                },
                "author": {
                  "type": "string",
                  "maxLength": "$limit maxShortText"
                },
                "license": {
                  "type": "string",
                  "maxLength": "$limit maxShortText"
                },
                "tags": {
                  "type": "array",
                  "items": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": "$limit maxKeyLength"
                  },
                  "maxItems": "$limit maxTags"
                },
                "cover": {
                  "$ref": "#/$defs/time"
                },
                "canvas": {
                  "$ref": "#/$defs/canvas"
                },
                "music": {
                  "$ref": "#/$defs/music"
                },
                "slots": {
                  "type": "array",
                  "items": {
                    "$ref": "#/$defs/slot"
                  },
                  "minItems": "$limit slotCount.lower",
                  "maxItems": "$limit slotCount.upper"
                },
                "layers": {
                  "type": "array",
                  "items": {
                    "$ref": "#/$defs/layer"
                  },
                  "maxItems": "$limit maxLayers",
                  "description": "drawn above the main track in this order, later on top, whatever their kind"
                },
                "grade": {
                  "$ref": "#/$defs/filters"
                },
                "voice": {
                  "$ref": "#/$defs/voice"
                },
                "sounds": {
                  "type": "array",
                  "items": {
                    "$ref": "#/$defs/sound"
                  },
                  "maxItems": "$limit maxSounds",
                  "description": "sound effects at times or beats of the video"
                },
                "ducking": {
                  "description": "how the music is lowered while the clips' own sound or the voice is heard; false for never",
                  "oneOf": [
                    {
                      "$ref": "#/$defs/ducking"
                    },
                    {
                      "type": "boolean"
                    }
                  ]
                }
              },
              "additionalProperties": false,
              "required": [
                "format",
                "name",
                "canvas",
                "slots"
              ]
            },
            "canvas": {
              "type": "object",
              "properties": {
                "preset": {
                  "enum": [
                    "9:16",
                    "16:9",
                    "1:1",
                    "4:5"
                  ],
                  "description": "1080x1920, 1920x1080, 1080x1080, 1080x1350"
                },
                "width": {
                  "type": "integer",
                  "minimum": "$limit canvasSide.lower",
                  "maximum": "$limit canvasSide.upper",
                  "multipleOf": 2
                },
                "height": {
                  "type": "integer",
                  "minimum": "$limit canvasSide.lower",
                  "maximum": "$limit canvasSide.upper",
                  "multipleOf": 2
                },
                "frameRate": {
                  "description": "\"30\", \"25\", \"30000/1001\", 29.97; at most 120",
                  "oneOf": [
                    {
                      "type": "number",
                      "minimum": "$limit minFrameRate",
                      "maximum": "$limit maxFrameRate"
                    },
                    {
                      "type": "string",
                      "pattern": "^[0-9]+(\\.[0-9]+)?(/[0-9]+)?$"
                    }
                  ]
                },
                "background": {
                  "type": "string",
                  "pattern": "^#[0-9a-fA-F]{6}$",
                  "default": "#000000",
                  "description": "#rrggbb"
                }
              },
              "additionalProperties": false,
              "required": [
                "frameRate"
              ]
            },
            "music": {
              "type": "object",
              "properties": {
                "file": {
                  "type": "string",
                  "minLength": 1,
                  "description": "audio file in the template folder"
                },
                "start": {
                  "$ref": "#/$defs/musicTime"
                },
                "volume": {
                  "type": "number",
                  "minimum": "$limit volume.lower",
                  "maximum": "$limit volume.upper",
                  "default": 1
                },
                "fadeIn": {
                  "$ref": "#/$defs/musicTime"
                },
                "fadeOut": {
                  "$ref": "#/$defs/musicTime"
                },
                "loop": {
                  "type": "boolean",
                  "default": false
                },
                "tempo": {
                  "description": "beats per minute, 20...400",
                  "oneOf": [
                    {
                      "type": "number",
                      "minimum": "$limit tempo.lower",
                      "maximum": "$limit tempo.upper"
                    },
                    {
                      "type": "string",
                      "pattern": "^[0-9]+/[0-9]+$"
                    }
                  ]
                },
                "firstBeat": {
                  "$ref": "#/$defs/musicTime"
                },
                "beats": {
                  "type": "array",
                  "items": {
                    "$ref": "#/$defs/musicTime"
                  },
                  "minItems": 2,
                  "maxItems": "$limit maxBeats"
                }
              },
              "additionalProperties": false,
              "required": [
                "file"
              ]
            },
            "slot": {
              "type": "object",
              "allOf": [
                {
                  "$ref": "#/$defs/playback"
                }
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": "$limit maxShortText"
                },
                "accepts": {
                  "enum": [
                    "any",
                    "video",
                    "image"
                  ],
                  "default": "any"
                },
                "duration": {
                  "$ref": "#/$defs/time"
                },
                "fit": {
                  "enum": [
                    "cover",
                    "contain",
                    "blurredFill",
                    "smart"
                  ],
                  "default": "cover"
                },
                "volume": {
                  "type": "number",
                  "minimum": "$limit volume.lower",
                  "maximum": "$limit volume.upper",
                  "default": 0,
                  "description": "0 mutes, 1 keeps"
                },
                "orientation": {
                  "enum": [
                    "any",
                    "portrait",
                    "landscape",
                    "square"
                  ],
                  "default": "any"
                },
                "motion": {
                  "$ref": "#/$defs/motion"
                },
                "filters": {
                  "$ref": "#/$defs/filters"
                },
                "transition": {
                  "$ref": "#/$defs/transition"
                },
                "repeatable": {
                  "description": "part of the group that repeats, in order, when --use-all needs more slots",
                  "type": "boolean",
                  "default": false
                },
                "speed": true,
                "reverse": true,
                "whenShorter": true,
                "minSpeed": true,
                "whenLonger": true
              },
              "additionalProperties": false,
              "required": [
                "id",
                "duration"
              ]
            },
            "playback": {
              "description": "how a video fills its time, for slots and media layers: they list these keys as true (for additionalProperties) and take their schemas from here",
              "properties": {
                "speed": {
                  "description": "source seconds per slot second, 0.25...4",
                  "oneOf": [
                    {
                      "type": "number",
                      "minimum": "$limit speed.lower",
                      "maximum": "$limit speed.upper"
                    },
                    {
                      "type": "string",
                      "pattern": "^[0-9]+/[0-9]+$"
                    }
                  ],
                  "default": 1
                },
                "reverse": {
                  "type": "boolean",
                  "default": false
                },
                "whenShorter": {
                  "enum": [
                    "speedFit",
                    "loop",
                    "freeze"
                  ],
                  "description": "what to do when the media is shorter",
                  "default": "speedFit"
                },
                "minSpeed": {
                  "description": "slowest speed speedFit may use, 0.1...1",
                  "oneOf": [
                    {
                      "type": "number",
                      "minimum": "$limit minSpeed.lower",
                      "maximum": "$limit minSpeed.upper"
                    },
                    {
                      "type": "string",
                      "pattern": "^[0-9]+/[0-9]+$"
                    }
                  ],
                  "default": 0.5
                },
                "whenLonger": {
                  "enum": [
                    "start",
                    "middle",
                    "end",
                    "best"
                  ],
                  "description": "which part to take when the media is longer",
                  "default": "start"
                }
              }
            },
            "layer": {
              "description": "a media, image, text or captions layer, by its kind",
              "type": "object",
              "required": [
                "kind"
              ],
              "properties": {
                "kind": {
                  "enum": [
                    "media",
                    "image",
                    "text",
                    "captions"
                  ]
                }
              },
              "allOf": [
                {
                  "if": {
                    "properties": {
                      "kind": {
                        "const": "media"
                      }
                    }
                  },
                  "then": {
                    "$ref": "#/$defs/mediaLayer"
                  }
                },
                {
                  "if": {
                    "properties": {
                      "kind": {
                        "const": "image"
                      }
                    }
                  },
                  "then": {
                    "$ref": "#/$defs/imageLayer"
                  }
                },
                {
                  "if": {
                    "properties": {
                      "kind": {
                        "const": "text"
                      }
                    }
                  },
                  "then": {
                    "$ref": "#/$defs/textLayer"
                  }
                },
                {
                  "if": {
                    "properties": {
                      "kind": {
                        "const": "captions"
                      }
                    }
                  },
                  "then": {
                    "$ref": "#/$defs/captionsLayer"
                  }
                }
              ]
            },
            "mediaLayer": {
              "type": "object",
              "allOf": [
                {
                  "$ref": "#/$defs/playback"
                }
              ],
              "properties": {
                "id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "unique among slots and layers"
                },
                "kind": {
                  "const": "media"
                },
                "start": {
                  "$ref": "#/$defs/time"
                },
                "duration": {
                  "$ref": "#/$defs/time"
                },
                "opacity": {
                  "type": "number",
                  "minimum": "$limit fraction.lower",
                  "maximum": "$limit fraction.upper",
                  "default": 1
                },
                "blend": {
                  "$ref": "#/$defs/blend"
                },
                "accepts": {
                  "enum": [
                    "any",
                    "video",
                    "image"
                  ],
                  "default": "any"
                },
                "rect": {
                  "$ref": "#/$defs/rect"
                },
                "fit": {
                  "enum": [
                    "cover",
                    "contain",
                    "blurredFill",
                    "smart"
                  ],
                  "default": "cover"
                },
                "volume": {
                  "type": "number",
                  "minimum": "$limit volume.lower",
                  "maximum": "$limit volume.upper",
                  "default": 0
                },
                "motion": {
                  "$ref": "#/$defs/motion"
                },
                "filters": {
                  "$ref": "#/$defs/filters"
                },
                "key": {
                  "$ref": "#/$defs/key"
                },
                "speed": true,
                "reverse": true,
                "whenShorter": true,
                "minSpeed": true,
                "whenLonger": true
              },
              "additionalProperties": false,
              "required": [
                "id",
                "kind",
                "rect"
              ]
            },
            "imageLayer": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "unique among slots and layers"
                },
                "kind": {
                  "const": "image"
                },
                "start": {
                  "$ref": "#/$defs/time"
                },
                "duration": {
                  "$ref": "#/$defs/time"
                },
                "opacity": {
                  "type": "number",
                  "minimum": "$limit fraction.lower",
                  "maximum": "$limit fraction.upper",
                  "default": 1
                },
                "blend": {
                  "$ref": "#/$defs/blend"
                },
                "file": {
                  "type": "string",
                  "minLength": 1,
                  "description": "PNG in the template folder"
                },
                "width": {
                  "type": "number",
                  "minimum": "$limit layerWidth.lower",
                  "maximum": "$limit layerWidth.upper",
                  "default": 0.3,
                  "description": "canvas-width fraction"
                },
                "rotation": {
                  "type": "number",
                  "minimum": "$limit rotation.lower",
                  "maximum": "$limit rotation.upper",
                  "default": 0,
                  "description": "clockwise degrees about the anchor point"
                },
                "motion": {
                  "$ref": "#/$defs/motion"
                },
                "in": {
                  "$ref": "#/$defs/animation"
                },
                "out": {
                  "$ref": "#/$defs/animation"
                },
                "x": {
                  "type": "number",
                  "minimum": "$limit position.lower",
                  "maximum": "$limit position.upper",
                  "default": 0.5,
                  "description": "canvas fraction"
                },
                "y": {
                  "type": "number",
                  "minimum": "$limit position.lower",
                  "maximum": "$limit position.upper",
                  "default": 0.5,
                  "description": "canvas fraction"
                },
                "anchor": {
                  "enum": [
                    "center",
                    "top",
                    "bottom",
                    "left",
                    "right",
                    "topLeft",
                    "topRight",
                    "bottomLeft",
                    "bottomRight"
                  ],
                  "default": "center"
                }
              },
              "additionalProperties": false,
              "required": [
                "id",
                "kind",
                "file"
              ]
            },
            "textLayer": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "unique among slots and layers"
                },
                "kind": {
                  "const": "text"
                },
                "start": {
                  "$ref": "#/$defs/time"
                },
                "duration": {
                  "$ref": "#/$defs/time"
                },
                "opacity": {
                  "type": "number",
                  "minimum": "$limit fraction.lower",
                  "maximum": "$limit fraction.upper",
                  "default": 1
                },
                "blend": {
                  "$ref": "#/$defs/blend"
                },
                "key": {
                  "type": "string",
                  "pattern": "^[A-Za-z][A-Za-z0-9_-]*$",
                  "maxLength": "$limit maxKeyLength",
                  "description": "placeholder the user fills"
                },
                "text": {
                  "type": "string",
                  "maxLength": "$limit maxLongText",
                  "description": "default text"
                },
                "font": {
                  "type": "string",
                  "minLength": 1,
                  "description": "family name or .ttf/.otf/.ttc file"
                },
                "size": {
                  "type": "number",
                  "minimum": "$limit textSize.lower",
                  "maximum": "$limit textSize.upper",
                  "default": 64,
                  "description": "canvas pixels"
                },
                "minSize": {
                  "type": "number",
                  "minimum": "$limit textSize.lower",
                  "maximum": "$limit textSize.upper",
                  "description": "shrink-to-fit floor"
                },
                "color": {
                  "$ref": "#/$defs/color"
                },
                "stroke": {
                  "$ref": "#/$defs/stroke"
                },
                "shadow": {
                  "$ref": "#/$defs/shadow"
                },
                "box": {
                  "$ref": "#/$defs/box"
                },
                "align": {
                  "enum": [
                    "left",
                    "center",
                    "right"
                  ],
                  "default": "center"
                },
                "lineSpacing": {
                  "type": "number",
                  "minimum": "$limit textLineSpacing.lower",
                  "maximum": "$limit textLineSpacing.upper",
                  "default": 1.2,
                  "description": "line height as a multiple of the size"
                },
                "maxWidth": {
                  "type": "number",
                  "minimum": "$limit textMaxWidth.lower",
                  "maximum": "$limit textMaxWidth.upper",
                  "default": 0.9,
                  "description": "canvas-width fraction"
                },
                "maxLines": {
                  "type": "integer",
                  "minimum": "$limit maxTextLines.lower",
                  "maximum": "$limit maxTextLines.upper",
                  "default": 3,
                  "description": "most lines; the text shrinks to minSize to fit them, then is cut with an ellipsis"
                },
                "in": {
                  "$ref": "#/$defs/animation"
                },
                "out": {
                  "$ref": "#/$defs/animation"
                },
                "x": {
                  "type": "number",
                  "minimum": "$limit position.lower",
                  "maximum": "$limit position.upper",
                  "default": 0.5,
                  "description": "canvas fraction"
                },
                "y": {
                  "type": "number",
                  "minimum": "$limit position.lower",
                  "maximum": "$limit position.upper",
                  "default": 0.5,
                  "description": "canvas fraction"
                },
                "anchor": {
                  "enum": [
                    "center",
                    "top",
                    "bottom",
                    "left",
                    "right",
                    "topLeft",
                    "topRight",
                    "bottomLeft",
                    "bottomRight"
                  ],
                  "default": "center"
                }
              },
              "additionalProperties": false,
              "required": [
                "id",
                "kind"
              ]
            },
            "captionsLayer": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "unique among slots and layers"
                },
                "kind": {
                  "const": "captions"
                },
                "start": {
                  "$ref": "#/$defs/time"
                },
                "duration": {
                  "$ref": "#/$defs/time"
                },
                "opacity": {
                  "type": "number",
                  "minimum": "$limit fraction.lower",
                  "maximum": "$limit fraction.upper",
                  "default": 1
                },
                "file": {
                  "type": "string",
                  "minLength": 1,
                  "description": "SRT, WebVTT or JSON words file in the template folder, used when make is given no --captions"
                },
                "style": {
                  "enum": [
                    "plain",
                    "box",
                    "karaoke",
                    "pop"
                  ],
                  "default": "plain"
                },
                "lines": {
                  "type": "integer",
                  "minimum": "$limit captionLines.lower",
                  "maximum": "$limit captionLines.upper",
                  "default": 2
                },
                "area": {
                  "$ref": "#/$defs/rect",
                  "description": "the safe area captions stay within, in canvas fractions"
                },
                "size": {
                  "type": "number",
                  "minimum": "$limit textSize.lower",
                  "maximum": "$limit textSize.upper",
                  "description": "canvas pixels; 4.5 % of the canvas height when absent"
                },
                "font": {
                  "type": "string",
                  "minLength": 1,
                  "description": "family name or .ttf/.otf/.ttc file"
                },
                "color": {
                  "$ref": "#/$defs/color"
                },
                "highlight": {
                  "$ref": "#/$defs/color",
                  "description": "the spoken word's colour in karaoke"
                }
              },
              "additionalProperties": false,
              "required": [
                "id",
                "kind"
              ]
            },
            "rect": {
              "type": "object",
              "properties": {
                "x": {
                  "type": "number",
                  "minimum": "$limit fraction.lower",
                  "maximum": "$limit fraction.upper"
                },
                "y": {
                  "type": "number",
                  "minimum": "$limit fraction.lower",
                  "maximum": "$limit fraction.upper"
                },
                "width": {
                  "type": "number",
                  "minimum": "$limit fraction.lower",
                  "maximum": "$limit fraction.upper"
                },
                "height": {
                  "type": "number",
                  "minimum": "$limit fraction.lower",
                  "maximum": "$limit fraction.upper"
                }
              },
              "additionalProperties": false,
              "required": [
                "x",
                "y",
                "width",
                "height"
              ],
              "description": "canvas fractions from the top-left corner"
            },
            "stroke": {
              "type": "object",
              "properties": {
                "color": {
                  "$ref": "#/$defs/color"
                },
                "width": {
                  "type": "number",
                  "minimum": "$limit textStroke.lower",
                  "maximum": "$limit textStroke.upper",
                  "default": 2
                }
              },
              "additionalProperties": false,
              "required": [
                "color"
              ]
            },
            "shadow": {
              "type": "object",
              "properties": {
                "color": {
                  "$ref": "#/$defs/color"
                },
                "x": {
                  "type": "number",
                  "minimum": "$limit textShadowOffset.lower",
                  "maximum": "$limit textShadowOffset.upper",
                  "default": 0
                },
                "y": {
                  "type": "number",
                  "minimum": "$limit textShadowOffset.lower",
                  "maximum": "$limit textShadowOffset.upper",
                  "default": 4
                },
                "blur": {
                  "type": "number",
                  "minimum": "$limit textShadowBlur.lower",
                  "maximum": "$limit textShadowBlur.upper",
                  "default": 8
                }
              },
              "additionalProperties": false
            },
            "box": {
              "type": "object",
              "properties": {
                "color": {
                  "$ref": "#/$defs/color"
                },
                "padding": {
                  "type": "number",
                  "minimum": "$limit textBox.lower",
                  "maximum": "$limit textBox.upper",
                  "default": 16
                },
                "radius": {
                  "type": "number",
                  "minimum": "$limit textBox.lower",
                  "maximum": "$limit textBox.upper",
                  "default": 0
                }
              },
              "additionalProperties": false,
              "required": [
                "color"
              ]
            },
            "poseKeyframe": {
              "type": "object",
              "properties": {
                "at": {
                  "$ref": "#/$defs/keyframeTime"
                },
                "scale": {
                  "type": "number",
                  "minimum": "$limit poseScale.lower",
                  "maximum": "$limit poseScale.upper",
                  "default": 1
                },
                "x": {
                  "type": "number",
                  "minimum": "$limit poseOffset.lower",
                  "maximum": "$limit poseOffset.upper",
                  "default": 0
                },
                "y": {
                  "type": "number",
                  "minimum": "$limit poseOffset.lower",
                  "maximum": "$limit poseOffset.upper",
                  "default": 0
                },
                "rotation": {
                  "type": "number",
                  "minimum": "$limit rotation.lower",
                  "maximum": "$limit rotation.upper",
                  "default": 0
                },
                "easing": {
                  "$ref": "#/$defs/easing"
                }
              },
              "additionalProperties": false,
              "required": [
                "at"
              ]
            },
            "valueKeyframe": {
              "type": "object",
              "properties": {
                "at": {
                  "$ref": "#/$defs/keyframeTime"
                },
                "value": {
                  "type": "number"
                },
                "easing": {
                  "$ref": "#/$defs/easing"
                }
              },
              "additionalProperties": false,
              "required": [
                "at",
                "value"
              ]
            },
            "valueKeyframes": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/valueKeyframe"
              },
              "minItems": 1,
              "maxItems": "$limit maxKeyframes"
            },
            "animation": {
              "oneOf": [
                {
                  "enum": "$catalog ids: textAnimation"
                },
                {
                  "type": "object",
                  "properties": {
                    "kind": {
                      "enum": "$catalog ids: textAnimation"
                    },
                    "duration": {
                      "$ref": "#/$defs/time"
                    }
                  },
                  "additionalProperties": false,
                  "required": [
                    "kind"
                  ]
                }
              ]
            },
            "filters": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/filter"
              },
              "maxItems": "$limit maxFilters"
            },
            "filter": {
              "description": "a filter from the catalog",
              "oneOf": [
                {
                  "enum": "$catalog ids: filter",
                  "description": "the catalog id alone, with default parameters"
                },
                {
                  "type": "object",
                  "required": [
                    "kind"
                  ],
                  "properties": {
                    "kind": {
                      "enum": "$catalog ids: filter",
                      "description": "catalog id"
                    },
                    "$catalog parameters: filter": true
                  },
                  "allOf": "$catalog rules: filter"
                }
              ]
            },
            "blend": {
              "enum": "$catalog ids: blend",
              "default": "normal",
              "description": "how the layer's colour meets the picture under it (W3C Compositing and Blending, in gamma-encoded R'G'B')"
            },
            "key": {
              "description": "what makes part of a media layer's picture transparent (a green screen)",
              "oneOf": [
                {
                  "enum": "$catalog ids: key",
                  "description": "the catalog id alone, with default parameters"
                },
                {
                  "type": "object",
                  "required": [
                    "kind"
                  ],
                  "properties": {
                    "kind": {
                      "enum": "$catalog ids: key",
                      "description": "catalog id"
                    },
                    "$catalog parameters: key": true
                  },
                  "allOf": "$catalog rules: key"
                }
              ]
            },
            "transition": {
              "description": "how a slot gives way to the next",
              "oneOf": [
                {
                  "enum": "$catalog ids: transition",
                  "description": "the catalog id alone, with default parameters"
                },
                {
                  "type": "object",
                  "required": [
                    "kind"
                  ],
                  "properties": {
                    "kind": {
                      "enum": "$catalog ids: transition",
                      "description": "catalog id"
                    },
                    "duration": {
                      "$ref": "#/$defs/time"
                    },
                    "easing": {
                      "$ref": "#/$defs/easing"
                    },
                    "$catalog parameters: transition": true
                  },
                  "allOf": "$catalog rules: transition"
                }
              ]
            },
            "motion": {
              "description": "a Ken Burns preset, or keyframes",
              "oneOf": [
                {
                  "enum": "$catalog ids: motion",
                  "description": "the catalog id alone, with default parameters"
                },
                {
                  "type": "object",
                  "required": [
                    "kind"
                  ],
                  "properties": {
                    "kind": {
                      "enum": "$catalog ids: motion",
                      "description": "catalog id"
                    },
                    "$catalog parameters: motion": true
                  },
                  "allOf": "$catalog rules: motion"
                },
                {
                  "type": "object",
                  "properties": {
                    "keyframes": {
                      "type": "array",
                      "items": {
                        "$ref": "#/$defs/poseKeyframe"
                      },
                      "minItems": 1,
                      "maxItems": "$limit maxKeyframes"
                    }
                  },
                  "additionalProperties": false,
                  "required": [
                    "keyframes"
                  ]
                }
              ]
            },
            "voice": {
              "type": "object",
              "description": "where a voice-over given with reel make --voice plays",
              "properties": {
                "start": {
                  "$ref": "#/$defs/time",
                  "description": "where on the video the voice begins (seconds, frames or beats); default 0"
                },
                "volume": {
                  "type": "number",
                  "minimum": "$limit volume.lower",
                  "maximum": "$limit volume.upper",
                  "default": 1
                },
                "fadeIn": {
                  "$ref": "#/$defs/musicTime"
                },
                "fadeOut": {
                  "$ref": "#/$defs/musicTime"
                }
              },
              "additionalProperties": false
            },
            "sound": {
              "type": "object",
              "properties": {
                "file": {
                  "type": "string",
                  "minLength": 1,
                  "description": "audio file in the template folder"
                },
                "at": {
                  "$ref": "#/$defs/time",
                  "description": "where on the video it starts (seconds, frames or beats)"
                },
                "volume": {
                  "type": "number",
                  "minimum": "$limit volume.lower",
                  "maximum": "$limit volume.upper",
                  "default": 1
                },
                "fadeIn": {
                  "$ref": "#/$defs/musicTime"
                },
                "fadeOut": {
                  "$ref": "#/$defs/musicTime"
                },
                "loop": {
                  "type": "boolean",
                  "default": false
                },
                "duration": {
                  "$ref": "#/$defs/time",
                  "description": "how long it plays; default the file's length (looped: to the end of the video)"
                }
              },
              "additionalProperties": false,
              "required": [
                "file",
                "at"
              ]
            },
            "ducking": {
              "type": "object",
              "properties": {
                "amount": {
                  "type": "string",
                  "pattern": "^-?[0-9]+(\\.[0-9]+)? ?[dD][bB]$",
                  "description": "-60dB...0dB, default -12dB"
                },
                "threshold": {
                  "type": "string",
                  "pattern": "^-?[0-9]+(\\.[0-9]+)? ?[dD][bB]$",
                  "description": "-80dB...0dB, default -40dB"
                },
                "attack": {
                  "$ref": "#/$defs/musicTime",
                  "description": "0...5 s, default 0.05s"
                },
                "hold": {
                  "$ref": "#/$defs/musicTime",
                  "description": "0...5 s, default 0.3s"
                },
                "release": {
                  "$ref": "#/$defs/musicTime",
                  "description": "0...5 s, default 0.5s"
                }
              },
              "additionalProperties": false
            }
          }
        }
        """#
}

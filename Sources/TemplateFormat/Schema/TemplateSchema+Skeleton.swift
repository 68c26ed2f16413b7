/// The parts of the template schema that are the template format's own: every definition, key,
/// description and limit except what the effect catalog says. `TemplateSchema` fills the
/// placeholders from the catalog (see there); `reel catalog --format schema` prints the result,
/// which is templates/template.schema.json.
///
/// Edit the format here (its limits are held to `Limits` by a test), then regenerate the schema.
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
                  "minimum": 0,
                  "maximum": 1
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
                  "maxLength": 200
                },
                "description": {
                  "type": "string",
                  "maxLength": 2000
                },
                "author": {
                  "type": "string",
                  "maxLength": 200
                },
                "license": {
                  "type": "string",
                  "maxLength": 200
                },
                "tags": {
                  "type": "array",
                  "items": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 64
                  },
                  "maxItems": 32
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
                  "minItems": 1,
                  "maxItems": 200
                },
                "layers": {
                  "type": "array",
                  "items": {
                    "$ref": "#/$defs/layer"
                  },
                  "maxItems": 64,
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
                  "maxItems": 200,
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
                  "minimum": 16,
                  "maximum": 8192,
                  "multipleOf": 2
                },
                "height": {
                  "type": "integer",
                  "minimum": 16,
                  "maximum": 8192,
                  "multipleOf": 2
                },
                "frameRate": {
                  "description": "\"30\", \"25\", \"30000/1001\", 29.97; at most 120",
                  "oneOf": [
                    {
                      "type": "number",
                      "minimum": 0,
                      "maximum": 120
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
                  "minimum": 0,
                  "maximum": 4,
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
                      "minimum": 20,
                      "maximum": 400
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
                  "maxItems": 20000
                }
              },
              "additionalProperties": false,
              "required": [
                "file"
              ]
            },
            "slot": {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 200
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
                  "minimum": 0,
                  "maximum": 4,
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
                "speed": {
                  "description": "source seconds per slot second, 0.25...4",
                  "oneOf": [
                    {
                      "type": "number",
                      "minimum": 0.25,
                      "maximum": 4
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
                      "minimum": 0.1,
                      "maximum": 1
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
              },
              "additionalProperties": false,
              "required": [
                "id",
                "duration"
              ]
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
                  "minimum": 0,
                  "maximum": 1,
                  "default": 1
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
                  "minimum": 0,
                  "maximum": 4,
                  "default": 0
                },
                "motion": {
                  "$ref": "#/$defs/motion"
                },
                "filters": {
                  "$ref": "#/$defs/filters"
                },
                "speed": {
                  "description": "source seconds per slot second, 0.25...4",
                  "oneOf": [
                    {
                      "type": "number",
                      "minimum": 0.25,
                      "maximum": 4
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
                      "minimum": 0.1,
                      "maximum": 1
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
                  "minimum": 0,
                  "maximum": 1,
                  "default": 1
                },
                "file": {
                  "type": "string",
                  "minLength": 1,
                  "description": "PNG in the template folder"
                },
                "width": {
                  "type": "number",
                  "minimum": 0.01,
                  "maximum": 4,
                  "default": 0.3,
                  "description": "canvas-width fraction"
                },
                "rotation": {
                  "type": "number",
                  "minimum": -3600,
                  "maximum": 3600,
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
                  "minimum": -1,
                  "maximum": 2,
                  "default": 0.5,
                  "description": "canvas fraction"
                },
                "y": {
                  "type": "number",
                  "minimum": -1,
                  "maximum": 2,
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
                  "minimum": 0,
                  "maximum": 1,
                  "default": 1
                },
                "key": {
                  "type": "string",
                  "pattern": "^[A-Za-z][A-Za-z0-9_-]*$",
                  "maxLength": 64,
                  "description": "placeholder the user fills"
                },
                "text": {
                  "type": "string",
                  "maxLength": 2000,
                  "description": "default text"
                },
                "font": {
                  "type": "string",
                  "minLength": 1,
                  "description": "family name or .ttf/.otf/.ttc file"
                },
                "size": {
                  "type": "number",
                  "minimum": 4,
                  "maximum": 1000,
                  "default": 64,
                  "description": "canvas pixels"
                },
                "minSize": {
                  "type": "number",
                  "minimum": 4,
                  "maximum": 1000,
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
                  "minimum": 0.5,
                  "maximum": 4,
                  "default": 1.2,
                  "description": "line height as a multiple of the size"
                },
                "maxWidth": {
                  "type": "number",
                  "minimum": 0.05,
                  "maximum": 1,
                  "default": 0.9,
                  "description": "canvas-width fraction"
                },
                "maxLines": {
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 50,
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
                  "minimum": -1,
                  "maximum": 2,
                  "default": 0.5,
                  "description": "canvas fraction"
                },
                "y": {
                  "type": "number",
                  "minimum": -1,
                  "maximum": 2,
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
                  "minimum": 0,
                  "maximum": 1,
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
                  "minimum": 1,
                  "maximum": 5,
                  "default": 2
                },
                "area": {
                  "$ref": "#/$defs/rect",
                  "description": "the safe area captions stay within, in canvas fractions"
                },
                "size": {
                  "type": "number",
                  "minimum": 4,
                  "maximum": 1000,
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
                  "minimum": 0,
                  "maximum": 1
                },
                "y": {
                  "type": "number",
                  "minimum": 0,
                  "maximum": 1
                },
                "width": {
                  "type": "number",
                  "minimum": 0,
                  "maximum": 1
                },
                "height": {
                  "type": "number",
                  "minimum": 0,
                  "maximum": 1
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
                  "minimum": 0,
                  "maximum": 100,
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
                  "minimum": -200,
                  "maximum": 200,
                  "default": 0
                },
                "y": {
                  "type": "number",
                  "minimum": -200,
                  "maximum": 200,
                  "default": 4
                },
                "blur": {
                  "type": "number",
                  "minimum": 0,
                  "maximum": 200,
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
                  "minimum": 0,
                  "maximum": 500,
                  "default": 16
                },
                "radius": {
                  "type": "number",
                  "minimum": 0,
                  "maximum": 500,
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
                  "minimum": 0.1,
                  "maximum": 10,
                  "default": 1
                },
                "x": {
                  "type": "number",
                  "minimum": -2,
                  "maximum": 2,
                  "default": 0
                },
                "y": {
                  "type": "number",
                  "minimum": -2,
                  "maximum": 2,
                  "default": 0
                },
                "rotation": {
                  "type": "number",
                  "minimum": -3600,
                  "maximum": 3600,
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
              "maxItems": 64
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
              "maxItems": 16
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
                      "maxItems": 64
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
                  "minimum": 0,
                  "maximum": 4,
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
                  "minimum": 0,
                  "maximum": 4,
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

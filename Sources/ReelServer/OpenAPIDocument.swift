/// The API's OpenAPI 3.1 document, served at `/v1/openapi.json`. The suite validates it with an
/// independent validator, holds its paths to `APIRoutes.all`, and matches every response the
/// tests see against it. Bounds come from `ServerLimits`.
enum OpenAPIDocument {
    static let text = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "Reel render API",
            "version": "1.0.0",
            "description": "Templates, uploads and renders of Reel, a template-based video maker. Renders are jobs kept in a durable queue: POST one, poll it (or give a webhook), then fetch its output. Every error is {\"error\": {\"code\", \"message\", \"problems\"?}}."
          },
          "paths": {
            "/v1/health": {
              "get": {
                "operationId": "health", "security": [ {} ], "summary": "Whether the server is up, and its jobs by state",
                "responses": { "200": { "description": "up", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Health" } } } } }
              }
            },
            "/metrics": {
              "get": {
                "operationId": "metrics", "summary": "Prometheus metrics: jobs by state, queue depth, frames, render rate, requests and latencies",
                "responses": { "401": { "$ref": "#/components/responses/Error" }, "200": { "description": "metrics", "content": { "text/plain": { "schema": { "type": "string" } } } } }
              }
            },
            "/v1/openapi.json": {
              "get": {
                "operationId": "openAPI", "summary": "This document",
                "responses": { "401": { "$ref": "#/components/responses/Error" }, "200": { "description": "the document", "content": { "application/json": { "schema": { "type": "object" } } } } }
              }
            },
            "/v1/templates": {
              "get": {
                "operationId": "listTemplates", "summary": "Every template the server offers",
                "responses": { "401": { "$ref": "#/components/responses/Error" }, "200": { "description": "templates", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/TemplateList" } } } } }
              }
            },
            "/v1/templates/{id}": {
              "parameters": [ { "$ref": "#/components/parameters/TemplateID" } ],
              "get": {
                "operationId": "getTemplate", "summary": "One template: canvas, slots, texts to fill, music, length, pictures",
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "the template", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/TemplateDetail" } } } },
                  "404": { "$ref": "#/components/responses/Error" },
                  "422": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/templates/{id}/contact-sheet.png": {
              "parameters": [ { "$ref": "#/components/parameters/TemplateID" } ],
              "get": {
                "operationId": "getContactSheet", "summary": "The template's contact sheet, filled with numbered placeholders",
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "PNG", "content": { "image/png": { "schema": { "type": "string", "contentMediaType": "image/png" } } } },
                  "404": { "$ref": "#/components/responses/Error" },
                  "422": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/templates/{id}/preview.gif": {
              "parameters": [ { "$ref": "#/components/parameters/TemplateID" } ],
              "get": {
                "operationId": "getPreview", "summary": "The template's animated preview",
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "GIF", "content": { "image/gif": { "schema": { "type": "string", "contentMediaType": "image/gif" } } } },
                  "404": { "$ref": "#/components/responses/Error" },
                  "422": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/templates/{id}/changes": {
              "parameters": [
                { "$ref": "#/components/parameters/TemplateID" },
                { "name": "after", "in": "query", "required": false, "schema": { "type": "integer", "minimum": 0 }, "description": "the revision the caller has seen: the answer waits (at most about 25 s) until the revision passes it" }
              ],
              "get": {
                "operationId": "templateChanges", "summary": "Author mode (reel studio on one template folder): the template's check after its next save, as a long poll",
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "the revision and its findings", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/TemplateChanges" } } } },
                  "400": { "$ref": "#/components/responses/Error" },
                  "404": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/validate": {
              "post": {
                "operationId": "validate", "summary": "Check a template, or a whole render request, without rendering",
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "type": "object", "required": ["template"], "properties": { "template": { "type": "string" } } } } } },
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "findings", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Validation" } } } },
                  "400": { "$ref": "#/components/responses/Error" },
                  "404": { "$ref": "#/components/responses/Error" },
                  "415": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/media": {
              "post": {
                "operationId": "upload", "summary": "Upload a clip, photo or sound; refused unless Reel can read it",
                "parameters": [ { "name": "name", "in": "query", "required": false, "schema": { "type": "string" }, "description": "the file's name, kept as letters, digits and ._-" } ],
                "requestBody": { "required": true, "content": { "application/octet-stream": { "schema": { "type": "string", "contentMediaType": "application/octet-stream" } } } },
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "201": { "description": "stored", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Upload" } } } },
                  "413": { "$ref": "#/components/responses/Error" },
                  "422": { "$ref": "#/components/responses/Error" },
                  "507": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/media/{id}": {
              "parameters": [ { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } } ],
              "get": {
                "operationId": "getUpload", "summary": "What an upload is",
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "the upload", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Upload" } } } },
                  "404": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/renders": {
              "post": {
                "operationId": "submitRender", "summary": "Queue a render; with an Idempotency-Key, a retried POST returns the same job",
                "parameters": [ { "name": "Idempotency-Key", "in": "header", "required": false, "schema": { "type": "string", "minLength": 1, "maxLength": 255 } } ],
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RenderRequest" } } } },
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "429": { "$ref": "#/components/responses/Error" },
                  "202": { "description": "queued", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Job" } } } },
                  "200": { "description": "the job an earlier POST with this Idempotency-Key made", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Job" } } } },
                  "400": { "$ref": "#/components/responses/Error" },
                  "404": { "$ref": "#/components/responses/Error" },
                  "409": { "$ref": "#/components/responses/Error" },
                  "413": { "$ref": "#/components/responses/Error" },
                  "415": { "$ref": "#/components/responses/Error" },
                  "422": { "$ref": "#/components/responses/Error" },
                  "503": { "$ref": "#/components/responses/Error" },
                  "507": { "$ref": "#/components/responses/Error" }
                }
              },
              "get": {
                "operationId": "listRenders", "summary": "Renders, oldest first, a page at a time",
                "parameters": [
                  { "name": "status", "in": "query", "required": false, "schema": { "$ref": "#/components/schemas/Status" } },
                  { "name": "limit", "in": "query", "required": false, "schema": { "type": "integer", "minimum": \#(ServerLimits.pageSize.lowerBound), "maximum": \#(ServerLimits.pageSize.upperBound), "default": \#(ServerLimits.defaultPageSize) } },
                  { "name": "after", "in": "query", "required": false, "schema": { "type": "string" }, "description": "the id the last page ended with (its next)" }
                ],
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "a page", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/JobList" } } } },
                  "400": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/renders/{id}": {
              "parameters": [ { "$ref": "#/components/parameters/JobID" } ],
              "get": {
                "operationId": "getRender", "summary": "A render's status, progress, result or error",
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "the job", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Job" } } } },
                  "404": { "$ref": "#/components/responses/Error" }
                }
              },
              "delete": {
                "operationId": "cancelRender", "summary": "Cancel a queued or running render; nothing is left at its output",
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "cancelled", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Job" } } } },
                  "404": { "$ref": "#/components/responses/Error" },
                  "409": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/renders/{id}/output": {
              "parameters": [ { "$ref": "#/components/parameters/JobID" } ],
              "get": {
                "operationId": "getRenderOutput", "summary": "The MP4, with HTTP Range so a video element can seek in it",
                "parameters": [ { "name": "Range", "in": "header", "required": false, "schema": { "type": "string" } } ],
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "the whole video", "content": { "video/mp4": { "schema": { "type": "string", "contentMediaType": "video/mp4" } } } },
                  "206": { "description": "a part of it", "content": { "video/mp4": { "schema": { "type": "string", "contentMediaType": "video/mp4" } } } },
                  "404": { "$ref": "#/components/responses/Error" },
                  "409": { "$ref": "#/components/responses/Error" },
                  "416": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/timelines": {
              "post": {
                "operationId": "createTimeline", "summary": "Fill a template without rendering: a render request in, the timeline out",
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RenderRequest" } } } },
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "201": { "description": "made", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Timeline" } } } },
                  "400": { "$ref": "#/components/responses/Error" },
                  "404": { "$ref": "#/components/responses/Error" },
                  "413": { "$ref": "#/components/responses/Error" },
                  "415": { "$ref": "#/components/responses/Error" },
                  "422": { "$ref": "#/components/responses/Error" },
                  "507": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/timelines/{id}": {
              "parameters": [ { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } } ],
              "get": {
                "operationId": "getTimeline", "summary": "A timeline, whether an edit can be undone or redone, and its journal",
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "the timeline", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Timeline" } } } },
                  "404": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/timelines/{id}/edits": {
              "parameters": [ { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } } ],
              "post": {
                "operationId": "editTimeline", "summary": "One reel edit operation (undo and redo included), on the same journal as the command line",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object", "required": ["operation"], "additionalProperties": false,
                        "properties": {
                          "operation": { "type": "string", "description": "as reel edit names it: swap, move, trim, split, speed, undo, redo..." },
                          "operands": { "type": "array", "items": { "type": ["string", "number"] } },
                          "options": { "type": "object", "additionalProperties": { "type": ["string", "number", "boolean"] } }
                        }
                      }
                    }
                  }
                },
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "edited", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Timeline" } } } },
                  "400": { "$ref": "#/components/responses/Error" },
                  "404": { "$ref": "#/components/responses/Error" },
                  "409": { "$ref": "#/components/responses/Error" },
                  "415": { "$ref": "#/components/responses/Error" },
                  "422": { "$ref": "#/components/responses/Error" },
                  "503": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/timelines/{id}/renders": {
              "parameters": [ { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } } ],
              "post": {
                "operationId": "renderTimeline", "summary": "Render the timeline as it is now, as a job",
                "parameters": [ { "name": "Idempotency-Key", "in": "header", "required": false, "schema": { "type": "string", "minLength": 1, "maxLength": 255 } } ],
                "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/TimelineRenderRequest" } } } },
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "429": { "$ref": "#/components/responses/Error" },
                  "202": { "description": "queued", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Job" } } } },
                  "200": { "description": "the job an earlier POST with this Idempotency-Key made", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Job" } } } },
                  "400": { "$ref": "#/components/responses/Error" },
                  "404": { "$ref": "#/components/responses/Error" },
                  "409": { "$ref": "#/components/responses/Error" },
                  "415": { "$ref": "#/components/responses/Error" },
                  "422": { "$ref": "#/components/responses/Error" },
                  "507": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/media-roots": {
              "get": {
                "operationId": "listMediaRoots", "summary": "The videos, photos and sounds beneath the server's media roots, as a request names them",
                "responses": { "401": { "$ref": "#/components/responses/Error" }, "200": { "description": "each root by its folder's name, with its files", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/MediaRoots" } } } } }
              }
            },
            "/v1/timelines/{id}/frames/{n}": {
              "parameters": [
                { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } },
                { "name": "n", "in": "path", "required": true, "schema": { "type": "string", "pattern": "^[0-9]+$" }, "description": "the frame's number, from 0" }
              ],
              "get": {
                "operationId": "timelineFrame", "summary": "Frame n of the timeline as it is now, as reel poster --at <n>f draws it, from a session that keeps its media open",
                "parameters": [
                  { "name": "height", "in": "query", "required": false, "schema": { "type": "integer", "minimum": \#(ServerLimits.previewHeight.lowerBound), "maximum": \#(ServerLimits.previewHeight.upperBound), "default": \#(ServerLimits.defaultPreviewHeight) }, "description": "lines; the width follows the canvas, both even" },
                  { "name": "source", "in": "query", "required": false, "schema": { "type": "string", "enum": ["auto", "original"], "default": "auto" }, "description": "auto: each video's preview proxy once it exists; original: the media themselves (reel poster's pixels exactly)" }
                ],
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "PNG", "content": { "image/png": { "schema": { "type": "string", "contentMediaType": "image/png" } } } },
                  "400": { "$ref": "#/components/responses/Error" },
                  "404": { "$ref": "#/components/responses/Error" },
                  "416": { "$ref": "#/components/responses/Error" },
                  "422": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/timelines/{id}/preview.mp4": {
              "parameters": [ { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } } ],
              "get": {
                "operationId": "timelinePreview", "summary": "The timeline from frame n as fragmented MP4 (H.264, AAC), sent while it renders, for a <video> to play progressively",
                "parameters": [
                  { "name": "from", "in": "query", "required": false, "schema": { "type": "integer", "minimum": 0, "default": 0 }, "description": "the first frame" },
                  { "name": "height", "in": "query", "required": false, "schema": { "type": "integer", "minimum": \#(ServerLimits.previewHeight.lowerBound), "maximum": \#(ServerLimits.previewHeight.upperBound), "default": \#(ServerLimits.defaultStreamHeight) }, "description": "lines; the width follows the canvas, both even" }
                ],
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "fragmented MP4, chunked", "content": { "video/mp4": { "schema": { "type": "string", "contentMediaType": "video/mp4" } } } },
                  "400": { "$ref": "#/components/responses/Error" },
                  "404": { "$ref": "#/components/responses/Error" },
                  "416": { "$ref": "#/components/responses/Error" },
                  "422": { "$ref": "#/components/responses/Error" }
                }
              }
            },
            "/v1/renders/{id}/timeline": {
              "parameters": [ { "$ref": "#/components/parameters/JobID" } ],
              "get": {
                "operationId": "getRenderTimeline", "summary": "The timeline the render played, as reel edit and reel render read it",
                "responses": {
                  "401": { "$ref": "#/components/responses/Error" },
                  "200": { "description": "the timeline", "content": { "application/json": { "schema": { "type": "object" } } } },
                  "404": { "$ref": "#/components/responses/Error" },
                  "409": { "$ref": "#/components/responses/Error" }
                }
              }
            }
          },
          "security": [ { "bearer": [] }, {} ],
          "components": {
            "securitySchemes": {
              "bearer": { "type": "http", "scheme": "bearer", "description": "a token of the server's --tokens file; not needed by a server without tokens (loopback only)" }
            },
            "parameters": {
              "TemplateID": { "name": "id", "in": "path", "required": true, "schema": { "type": "string" }, "description": "the template's folder name" },
              "JobID": { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }
            },
            "responses": {
              "Error": { "description": "the request is refused, or the server failed", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } }
            },
            "schemas": {
              "Error": {
                "type": "object", "required": ["error"], "additionalProperties": false,
                "properties": {
                  "error": {
                    "type": "object", "required": ["code", "message"], "additionalProperties": false,
                    "properties": {
                      "code": { "type": "string" },
                      "message": { "type": "string" },
                      "problems": { "type": "array", "items": { "$ref": "#/components/schemas/Problem" } }
                    }
                  }
                }
              },
              "Problem": {
                "type": "object", "required": ["field", "message"], "additionalProperties": false,
                "properties": { "field": { "type": "string" }, "message": { "type": "string" }, "code": { "type": "string" } }
              },
              "Status": { "type": "string", "enum": ["queued", "running", "done", "failed", "cancelled"] },
              "Health": {
                "type": "object", "required": ["status", "jobs", "templates", "workers", "backend"],
                "properties": {
                  "status": { "type": "string", "enum": ["ok", "draining"] },
                  "jobs": { "type": "object", "additionalProperties": { "type": "integer" } },
                  "templates": { "type": "integer" },
                  "workers": { "type": "integer" },
                  "backend": { "type": "string", "enum": ["local", "slurm"], "description": "where renders run (--backend)" },
                  "authoring": { "type": "string", "description": "the template watched in author mode (reel studio on one template folder); absent otherwise" }
                }
              },
              "TemplateSummary": {
                "type": "object", "required": ["id", "valid", "contactSheet", "preview"],
                "properties": {
                  "id": { "type": "string" }, "name": { "type": "string" }, "description": { "type": "string" },
                  "canvas": { "type": "object", "properties": { "width": { "type": "integer" }, "height": { "type": "integer" }, "frameRate": { "type": "string" } } },
                  "duration": { "type": "string" }, "seconds": { "type": "number" }, "slots": { "type": "integer" },
                  "texts": { "type": "array", "items": { "type": "string" } }, "tags": { "type": "array", "items": { "type": "string" } },
                  "music": { "type": "boolean" }, "valid": { "type": "boolean" }, "error": { "$ref": "#/components/schemas/Error" },
                  "contactSheet": { "type": "string" }, "preview": { "type": "string" }
                }
              },
              "TemplateList": {
                "type": "object", "required": ["templates"],
                "properties": { "templates": { "type": "array", "items": { "$ref": "#/components/schemas/TemplateSummary" } } }
              },
              "TemplateDetail": {
                "allOf": [
                  { "$ref": "#/components/schemas/TemplateSummary" },
                  {
                    "type": "object", "required": ["slotList"],
                    "properties": {
                      "slotList": {
                        "type": "array",
                        "items": {
                          "type": "object", "required": ["id", "accepts", "duration", "seconds"],
                          "properties": { "id": { "type": "string" }, "accepts": { "type": "string", "enum": ["any", "video", "image"] }, "duration": { "type": "string" }, "seconds": { "type": "number" } }
                        }
                      }
                    }
                  }
                ]
              },
              "TemplateChanges": {
                "type": "object", "required": ["template", "revision", "valid", "diagnostics"],
                "properties": {
                  "template": { "type": "string" },
                  "revision": { "type": "integer", "minimum": 1, "description": "1 for the check at start, one more for each save" },
                  "valid": { "type": "boolean" },
                  "diagnostics": { "type": "array", "items": { "$ref": "#/components/schemas/Diagnostic" } }
                }
              },
              "Diagnostic": {
                "type": "object", "required": ["severity", "code", "message", "notes"],
                "properties": {
                  "severity": { "type": "string" }, "code": { "type": "string" }, "meaning": { "type": "string" }, "message": { "type": "string" },
                  "file": { "type": "string" }, "line": { "type": "integer" }, "column": { "type": "integer" }, "path": { "type": "string" },
                  "notes": { "type": "array", "items": { "type": "string" } },
                  "fix": { "type": "string", "description": "the first note: how to fix it" }
                }
              },
              "Validation": {
                "type": "object", "required": ["valid", "template", "diagnostics", "problems"],
                "properties": {
                  "valid": { "type": "boolean" }, "template": { "type": "string" },
                  "diagnostics": { "type": "array", "items": { "type": "object" } },
                  "problems": { "type": "array", "items": { "$ref": "#/components/schemas/Problem" } }
                }
              },
              "MediaRoots": {
                "type": "object", "required": ["roots"],
                "properties": {
                  "roots": {
                    "type": "array",
                    "items": {
                      "type": "object", "required": ["name", "files", "truncated"],
                      "properties": {
                        "name": { "type": "string", "description": "the root folder's name" },
                        "truncated": { "type": "boolean", "description": "true when files or folders past the listing's bounds were left out" },
                        "files": {
                          "type": "array",
                          "items": {
                            "type": "object", "required": ["path", "kind", "size"],
                            "properties": { "path": { "type": "string", "description": "as media or a file option names it" }, "kind": { "type": "string", "enum": ["video", "image", "audio"] }, "size": { "type": "integer", "minimum": 0 } }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "Upload": {
                "type": "object", "required": ["id", "name", "size", "probe"],
                "properties": { "id": { "type": "string" }, "name": { "type": "string" }, "size": { "type": "integer", "minimum": 0 }, "probe": { "type": "object" } }
              },
              "RenderRequest": {
                "type": "object", "required": ["template", "media"], "additionalProperties": false,
                "properties": {
                  "template": { "type": "string", "description": "a template id from GET /v1/templates" },
                  "media": { "type": "array", "minItems": 1, "maxItems": \#(ServerLimits.maxMedia), "items": { "type": "string", "maxLength": \#(ServerLimits.maxString) }, "description": "upload ids (m_...) and paths beneath a media root" },
                  "texts": { "type": "object", "maxProperties": \#(ServerLimits.maxTexts), "additionalProperties": { "type": "string", "maxLength": \#(ServerLimits.maxString) } },
                  "options": {
                    "type": "object", "additionalProperties": false, "description": "the options of reel make, by their command-line names",
                    "properties": {
                      \#(RenderRequest.textOptions.map { "\"\($0)\": { \"type\": [\"string\", \"number\"] }" }.joined(separator: ",\n                      ")),
                      \#(RenderRequest.fileOptions.map { "\"\($0)\": { \"type\": \"string\", \"description\": \"an upload id or a path beneath a media root\" }" }.joined(separator: ",\n                      ")),
                      \#(RenderRequest.flagOptions.map { "\"\($0)\": { \"type\": \"boolean\" }" }.joined(separator: ",\n                      "))
                    }
                  },
                  "webhook": { "type": "string", "format": "uri", "description": "POSTed the job's JSON when it is done or failed, signed: Reel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<body>\">" }
                }
              },
              "Timeline": {
                "type": "object", "required": ["id", "timeline", "renders"],
                "properties": {
                  "id": { "type": "string" }, "timeline": { "type": "object", "description": "the timeline document (docs/timeline-format.md)" },
                  "canUndo": { "type": "boolean" }, "canRedo": { "type": "boolean" }, "history": { "type": "object" },
                  "renders": { "type": "string" }, "operation": { "type": "string" }, "changed": { "type": "string" },
                  "summary": { "type": "array", "items": { "type": "string" } }, "warnings": { "type": "array", "items": { "type": "object" } }
                }
              },
              "TimelineRenderRequest": {
                "type": "object", "additionalProperties": false,
                "properties": {
                  "options": {
                    "type": "object", "additionalProperties": false,
                    "properties": { \#(TimelineRenderRequest.optionNames.map { "\"\($0)\": { \"type\": [\"string\", \"number\"] }" }.joined(separator: ", ")) }
                  },
                  "webhook": { "type": "string", "format": "uri" }
                }
              },
              "StoredTimelineRender": {
                "type": "object", "required": ["timeline", "snapshot"],
                "properties": { "timeline": { "type": "string" }, "snapshot": { "type": "string" }, "options": { "type": "object" }, "webhook": { "type": "string" } }
              },
              "Progress": {
                "type": "object", "required": ["stage"],
                "properties": {
                  "stage": { "type": "string" }, "frames": { "type": "integer" }, "totalFrames": { "type": "integer" },
                  "percent": { "type": "number" }, "fps": { "type": "number" }, "etaSeconds": { "type": "number" }
                }
              },
              "Job": {
                "type": "object", "required": ["id", "kind", "status", "createdAt", "updatedAt", "attempts"],
                "properties": {
                  "id": { "type": "string" }, "kind": { "type": "string" }, "status": { "$ref": "#/components/schemas/Status" },
                  "createdAt": { "type": "string", "format": "date-time" }, "updatedAt": { "type": "string", "format": "date-time" },
                  "startedAt": { "type": "string", "format": "date-time" }, "finishedAt": { "type": "string", "format": "date-time" },
                  "attempts": { "type": "integer", "minimum": 0 },
                  "request": { "oneOf": [ { "$ref": "#/components/schemas/RenderRequest" }, { "$ref": "#/components/schemas/StoredTimelineRender" } ] },
                  "progress": { "$ref": "#/components/schemas/Progress" },
                  "result": {
                    "type": "object", "required": ["summary", "warnings", "duration", "frames"],
                    "properties": {
                      "summary": { "type": "array", "items": { "type": "string" } }, "warnings": { "type": "array", "items": { "type": "object" } },
                      "duration": { "type": "string" }, "frames": { "type": "integer" }
                    }
                  },
                  "output": { "type": "string" }, "timeline": { "type": "string" },
                  "webhook": {
                    "type": "object", "required": ["url", "attempts", "delivered", "deliveries"],
                    "properties": {
                      "url": { "type": "string" }, "attempts": { "type": "integer" }, "delivered": { "type": "boolean" }, "gaveUp": { "type": "boolean" },
                      "deliveries": {
                        "type": "array",
                        "items": {
                          "type": "object", "required": ["attempt", "at"],
                          "properties": { "attempt": { "type": "integer" }, "at": { "type": "string", "format": "date-time" }, "status": { "type": "integer" }, "error": { "type": "string" } }
                        }
                      }
                    }
                  },
                  "error": {
                    "type": "object", "required": ["code", "message"],
                    "properties": { "code": { "type": "string" }, "message": { "type": "string" }, "diagnostics": { "type": "array" }, "problems": { "type": "array" } }
                  }
                }
              },
              "JobList": {
                "type": "object", "required": ["renders"],
                "properties": { "renders": { "type": "array", "items": { "$ref": "#/components/schemas/Job" } }, "next": { "type": "string" } }
              }
            }
          }
        }
        """#
}

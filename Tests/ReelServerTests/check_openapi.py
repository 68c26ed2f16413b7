#!/usr/bin/env python3
"""Checks the server's OpenAPI document with an independent validator, then each response the
tests saw against it: its route and method exist, its status is documented, and a JSON body
matches the documented schema.

  check_openapi.py SPEC.json RESPONSES.json
RESPONSES.json: [{"method", "route", "status", "contentType", "body"}...] (body: parsed JSON or null)
Prints one line per problem and exits 1 when there is any.
"""
import json
import sys

from openapi_spec_validator import validate
from jsonschema import Draft202012Validator
from referencing import Registry, Resource


def main():
    spec = json.load(open(sys.argv[1]))
    validate(spec)
    seen = json.load(open(sys.argv[2]))
    # The document as one JSON Schema resource, so a response schema's "#/components/..." resolve.
    document = {"$schema": "https://json-schema.org/draft/2020-12/schema", "components": spec["components"]}
    registry = Registry().with_resource("urn:spec", Resource.from_contents(document))
    problems = []
    for r in seen:
        path = spec["paths"].get(r["route"])
        if path is None or r["method"].lower() not in path:
            problems.append(f"{r['method']} {r['route']}: not in the document")
            continue
        operation = path[r["method"].lower()]
        response = operation["responses"].get(str(r["status"]))
        if response is None:
            problems.append(f"{r['method']} {r['route']}: status {r['status']} not documented")
            continue
        if "$ref" in response:
            response = spec["components"]["responses"][response["$ref"].split("/")[-1]]
        content = response.get("content", {})
        media = (r.get("contentType") or "").split(";")[0].strip()
        if media not in content and (content or r.get("body") is not None):
            problems.append(f"{r['method']} {r['route']} {r['status']}: content type {media} not documented ({', '.join(content)})")
            continue
        if media == "application/json" and r.get("body") is not None:
            schema = content[media]["schema"]
            if "$ref" in schema:
                schema = {"$ref": "urn:spec" + schema["$ref"]}
            validator = Draft202012Validator(schema, registry=registry)
            for error in validator.iter_errors(r["body"]):
                problems.append(f"{r['method']} {r['route']} {r['status']}: {error.message} at {list(error.absolute_path)}")
    for p in problems:
        print(p)
    print(f"checked the document and {len(seen)} responses: {len(problems)} problems")
    sys.exit(1 if problems else 0)


main()

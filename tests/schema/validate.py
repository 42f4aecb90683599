#!/usr/bin/python3
# validate.py <schema.json> <document.json>...: checks each document against the schema with
# Debian's python3-jsonschema (draft 2020-12; scripts/install-deps.sh installs it) and prints one
# line per violation, "<document>: <JSON pointer in it>: <what is wrong>". Exits 1 when a document
# breaks the schema, 2 when a file cannot be read, is not JSON, or the schema is not a valid
# schema. The unit tests (tests/unit/sidecar/schema_checker.cpp) and the end-to-end tests
# (SCHEMA_CHECK) both check the documents the tool writes with it.
# /usr/bin/python3: Debian's modules live there, whatever python3 comes first on PATH.
import json
import sys


def fail(message):
    print(f"validate.py: {message}", file=sys.stderr)
    sys.exit(2)


try:
    import jsonschema
except ImportError:
    fail("Python's jsonschema module is missing: apt-get install python3-jsonschema")


def pointer(path):
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in path)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
    except ValueError as e:
        fail(f"{path} is not JSON: {e}")


def main(argv):
    if len(argv) < 3:
        fail("usage: validate.py <schema.json> <document.json>...")
    schema = load(argv[1])
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as e:
        fail(f"{argv[1]} is not a valid draft 2020-12 schema at {pointer(e.absolute_path)}: {e.message}")
    validator = jsonschema.Draft202012Validator(schema)
    broken = False
    for path in argv[2:]:
        for error in sorted(validator.iter_errors(load(path)), key=lambda e: (list(map(str, e.absolute_path)), e.message)):
            print(f"{path}: {pointer(error.absolute_path)}: {error.message}")
            broken = True
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

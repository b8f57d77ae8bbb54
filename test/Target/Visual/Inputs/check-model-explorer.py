#!/usr/bin/env python3
"""Check a Model Explorer graph JSON file as Model Explorer reads it.

First the loader's shape check, ported from `loadGraphsJson`
(src/ui/src/common/utils.ts of google-ai-edge/model-explorer): a file is
one of three forms, or Model Explorer says "Unsupported JSON format":
  1. a GraphCollection, {"label": ..., "graphs": [Graph]} (both present);
  2. a list of collections as the built-in adapters write them,
     [{"label": ..., "subgraphs": [Graph]}] (the first has `subgraphs`);
  3. a bare list of graphs, [Graph] (empty, or the first has id and nodes).
ng writes form 1, labelled with the program's file name.

Then the fields of the graphs (model_explorer/graph_builder.py): a Graph is
{id, nodes, groupNodeAttributes?}; a GraphNode {id, label, namespace,
subgraphIds, attrs, incomingEdges, outputsMetadata, inputsMetadata?}; attrs
and metadata attrs are [{key, value}] with string values; an IncomingEdge is
{sourceNodeId, sourceNodeOutputId, targetNodeInputId}, all strings.

Checks types and required fields, that ids are unique (graphs in the file,
nodes in their graph), that every edge's source is a node of the same graph
with that output, that every subgraphId names a graph, and that no node is
its own source. Prints a line per collection and per graph; exits 1 with the
problems.
Usage: check-model-explorer.py FILE.json
"""

import json
import os
import sys

NODE_FIELDS = {"id": str, "label": str, "namespace": str, "subgraphIds": list,
               "attrs": list, "incomingEdges": list, "outputsMetadata": list}
OPTIONAL_NODE_FIELDS = {"inputsMetadata": list, "style": dict, "config": dict}
EDGE_FIELDS = ("sourceNodeId", "sourceNodeOutputId", "targetNodeInputId")


def load_graphs_json(doc, file_name):
    """The collections Model Explorer's loader makes of `doc`, as
    [(label, graphs)], or None where it says "Unsupported JSON format"."""
    if isinstance(doc, dict):
        if doc.get("label") is not None and doc.get("graphs") is not None:
            return [(doc["label"], doc["graphs"])]
        return None
    if not isinstance(doc, list):
        return None
    if doc and isinstance(doc[0], dict) and doc[0].get("subgraphs") is not None:
        return [(file_name if c.get("label", "") == ""
                 else f"{file_name} ({c['label']})", c.get("subgraphs"))
                for c in doc]
    if not doc or (isinstance(doc[0], dict) and doc[0].get("id") is not None
                   and doc[0].get("nodes") is not None):
        return [(file_name, doc)]
    return None


def main(path):
    problems = []

    def bad(where, why):
        problems.append(f"{where}: {why}")

    def check_key_values(where, items):
        if not isinstance(items, list):
            return bad(where, "not a list")
        for i, kv in enumerate(items):
            if not isinstance(kv, dict) or set(kv) != {"key", "value"}:
                bad(f"{where}[{i}]", f"not {{key, value}}: {kv!r}")
            elif not isinstance(kv["key"], str) or not isinstance(kv["value"], str):
                bad(f"{where}[{i}]", "key and value must be strings")

    def check_metadata(where, items):
        ids = set()
        for i, item in enumerate(items):
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                bad(f"{where}[{i}]", "needs a string id")
                continue
            if item["id"] in ids:
                bad(f"{where}[{i}]", f"id {item['id']} twice")
            ids.add(item["id"])
            if set(item) - {"id", "attrs"}:
                bad(f"{where}[{i}]", f"unknown fields {set(item) - {'id', 'attrs'}}")
            check_key_values(f"{where}[{i}].attrs", item.get("attrs", []))
        return ids

    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    collections = load_graphs_json(doc, os.path.basename(path))
    if collections is None:
        print("error: top level: Unsupported JSON format (Model Explorer's "
              "loader takes {label, graphs}, [{label, subgraphs}] or [graph])",
              file=sys.stderr)
        return 1
    graphs = []
    for label, members in collections:
        if not isinstance(label, str):
            bad("collection", f"label {label!r} is not a string")
        if not isinstance(members, list):
            bad(f"collection {label!r}", "graphs must be a list")
            continue
        print(f"collection {label}: {len(members)} graphs")
        graphs.extend(members)
    if isinstance(doc, dict) and set(doc) - {"label", "graphs"}:
        bad("top level", f"unknown fields {set(doc) - {'label', 'graphs'}}")
    if not all(isinstance(g, dict) for g in graphs):
        bad("graphs", "a graph is not an object")
        graphs = [g for g in graphs if isinstance(g, dict)]
    graph_ids = [g.get("id") for g in graphs]
    if len(set(graph_ids)) != len(graph_ids):
        bad("graphs", "graph ids are not unique")
    referenced = set()
    for g in graphs:
        gid = g.get("id")
        if not isinstance(gid, str):
            bad("graph", "needs a string id")
            continue
        if set(g) - {"id", "nodes", "groupNodeAttributes"}:
            bad(gid, f"unknown graph fields {set(g) - {'id', 'nodes', 'groupNodeAttributes'}}")
        groups = g.get("groupNodeAttributes", {})
        for ns, attrs in groups.items():
            if not isinstance(attrs, dict) or not all(
                    isinstance(k, str) and isinstance(v, str) for k, v in attrs.items()):
                bad(f"{gid} group {ns!r}", "attributes must map strings to strings")
        nodes = g.get("nodes")
        if not isinstance(nodes, list):
            bad(gid, "nodes must be a list")
            continue
        outputs = {}
        for n in nodes:
            where = f"{gid} node {n.get('id')!r}"
            for field, kind in NODE_FIELDS.items():
                if not isinstance(n.get(field), kind):
                    bad(where, f"{field} must be a {kind.__name__}")
            for field, kind in OPTIONAL_NODE_FIELDS.items():
                if field in n and not isinstance(n[field], kind):
                    bad(where, f"{field} must be a {kind.__name__}")
            unknown = set(n) - set(NODE_FIELDS) - set(OPTIONAL_NODE_FIELDS)
            if unknown:
                bad(where, f"unknown fields {unknown}")
            if n.get("id") in outputs:
                bad(where, "node id twice in its graph")
            check_key_values(f"{where}.attrs", n.get("attrs", []))
            outputs[n.get("id")] = check_metadata(f"{where}.outputsMetadata",
                                                  n.get("outputsMetadata", []))
            check_metadata(f"{where}.inputsMetadata", n.get("inputsMetadata", []))
            for sub in n.get("subgraphIds", []):
                referenced.add(sub)
                if sub not in graph_ids:
                    bad(where, f"subgraph {sub!r} is no graph of the file")
        edges = 0
        for n in nodes:
            where = f"{gid} node {n.get('id')!r}"
            for e in n.get("incomingEdges", []):
                edges += 1
                if not isinstance(e, dict) or not all(
                        isinstance(e.get(k), str) for k in EDGE_FIELDS):
                    bad(where, f"edge {e!r} needs string {', '.join(EDGE_FIELDS)}")
                    continue
                src = e["sourceNodeId"]
                if src not in outputs:
                    bad(where, f"edge from {src}, which is no node of {gid}")
                elif e["sourceNodeOutputId"] not in outputs[src]:
                    bad(where, f"edge from output {e['sourceNodeOutputId']} of "
                               f"{src}, which has no such output")
                if src == n.get("id"):
                    bad(where, "edge from itself")
        namespaces = sorted({n.get("namespace", "") for n in nodes} - {""})
        print(f"graph {gid}: {len(nodes)} nodes, {edges} edges, "
              f"{len(namespaces)} namespaces")
    for p in problems:
        print("error:", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

/**
 * The templates a new graph can start from: each example graph in
 * `examples/*.json` (bundled here, so the server needs no file access), plus
 * the blank graph. A unit test checks that every example is listed.
 */
import { parseGraphDocument } from "@/core/graph/parse";
import type { GraphDocument, GraphDocumentInput } from "@/core/graph/schema";
import researchTeam from "../../../examples/research-team.json";
import reviewerSession from "../../../examples/reviewer-session.json";
import supportTriage from "../../../examples/support-triage.json";

/** Template ids are the example file names without `.json`. */
const EXAMPLES: Record<string, unknown> = {
  "research-team": researchTeam,
  "reviewer-session": reviewerSession,
  "support-triage": supportTriage,
};

/** A template as the "New graph" dialog lists it. */
export interface GraphTemplate {
  id: string;
  name: string;
  description: string;
  agentCount: number;
}

/** Every example template, parsed (defaults filled); an example that does not parse is a bug caught by the tests. */
function templateDocuments(): Map<string, GraphDocument> {
  const documents = new Map<string, GraphDocument>();
  for (const [id, raw] of Object.entries(EXAMPLES)) {
    const parsed = parseGraphDocument(raw);
    if (parsed.ok) documents.set(id, parsed.document);
  }
  return documents;
}

let cached: Map<string, GraphDocument> | undefined;

function documents(): Map<string, GraphDocument> {
  cached ??= templateDocuments();
  return cached;
}

/** Ids of the bundled examples (for the test that keeps this list complete). */
export const TEMPLATE_IDS = Object.keys(EXAMPLES);

/** The templates, sorted by name. */
export function listTemplates(): GraphTemplate[] {
  return [...documents()]
    .map(([id, document]) => ({
      id,
      name: document.name,
      description: document.description,
      agentCount: document.agents.length,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A fresh copy of a template's document, or undefined for an unknown id. */
export function templateDocument(id: string): GraphDocument | undefined {
  const document = documents().get(id);
  return document === undefined ? undefined : structuredClone(document);
}

/**
 * A blank graph: one main agent on the offline scripted model, so it
 * compiles and runs before the user configures anything.
 */
export function blankDocument(name: string): GraphDocument {
  const input: GraphDocumentInput = {
    schemaVersion: 1,
    name,
    description: "",
    rootAgentId: "main",
    agents: [
      {
        id: "main",
        name: "Main agent",
        description: "Answers the user's request.",
        instructions: "You are a helpful assistant. Answer the user's request.",
        modelChain: [
          {
            provider: "scripted",
            model: "scripted-echo",
            script: { turns: [{ kind: "text", text: "You said: {{input}}" }] },
          },
        ],
        position: { x: 0, y: 0 },
      },
    ],
    handoffs: [],
  };
  const parsed = parseGraphDocument(input);
  if (!parsed.ok) throw new Error(`the blank graph does not parse: ${parsed.diagnostics[0]?.message}`);
  return parsed.document;
}

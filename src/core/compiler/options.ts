/** A tool of the workspace catalog, as the server passes it to the compiler. */
export interface KnownTool {
  name: string;
  kind: "http" | "mcp";
  description?: string;
}

/** A model the workspace can call; `model: "*"` accepts every model of that provider. */
export interface KnownModel {
  provider: string;
  model: string;
}

/** What the compiler knows about the workspace beyond the document. */
export interface CompileOptions {
  /** Tools of the workspace catalog; allow-lists may name them without listing them in `doc.tools`. */
  knownTools?: readonly KnownTool[];
  /** When given, any model outside this list (except the offline `scripted` provider) is an error. */
  knownModels?: readonly KnownModel[];
  /** Size limit for the document in UTF-8 bytes (default 5 MB). */
  maxDocumentBytes?: number;
}

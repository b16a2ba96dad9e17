/** A stored runtime definition the runtime must not trust: unreadable, of another version, or malformed. */
export class RuntimeDefinitionError extends Error {
  constructor(
    /** One readable sentence per problem, each naming its JSON path. */
    readonly problems: readonly string[],
    /** The `definitionVersion` the document declares (undefined when it has none). */
    readonly foundVersion: unknown,
  ) {
    super(`invalid runtime definition: ${problems.join("; ")}`);
    this.name = "RuntimeDefinitionError";
  }
}

import type { BuiltinToolName } from "../../tools/builtin-tools";
import { calculatorTool } from "./calculator-tool";
import { currentTimeTool } from "./current-time-tool";
import { grepFilesTool, listFilesTool, readFileTool, writeFileTool } from "./file-tools";
import type { BuiltinTool } from "./tool";

/** The runtime's implementations of the built-in tool names (src/core/tools/builtin-tools.ts). */
export const BUILTIN_TOOLS: Readonly<Record<BuiltinToolName, BuiltinTool<never>>> = {
  read_file: readFileTool as BuiltinTool<never>,
  write_file: writeFileTool as BuiltinTool<never>,
  list_files: listFilesTool as BuiltinTool<never>,
  grep_files: grepFilesTool as BuiltinTool<never>,
  calculator: calculatorTool as BuiltinTool<never>,
  current_time: currentTimeTool as BuiltinTool<never>,
};

export function builtinTool(name: string): BuiltinTool<unknown> | undefined {
  return Object.prototype.hasOwnProperty.call(BUILTIN_TOOLS, name)
    ? (BUILTIN_TOOLS[name as BuiltinToolName] as unknown as BuiltinTool<unknown>)
    : undefined;
}

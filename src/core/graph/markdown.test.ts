import { describe, expect, it } from "vitest";
import researchTeam from "../../../examples/research-team.json";
import reviewerSession from "../../../examples/reviewer-session.json";
import supportTriage from "../../../examples/support-triage.json";
import { compile } from "../compiler";
import {
  exportMarkdownAgents,
  importMarkdownAgents,
  MarkdownExportError,
  MarkdownSpecError,
  type MarkdownFile,
  type MarkdownImportWarning,
} from "./markdown";
import { parseGraphDocument } from "./parse";
import type { GraphDocument } from "./schema";

const main: MarkdownFile = { fileName: "main.md", content: "---\ndescription: 主 agent\n---\n\n你是主 agent。\n" };

/** Seed 002's minimal example, verbatim. */
const reviewer: MarkdownFile = {
  fileName: "workspace/subagents/reviewer.md",
  content: `---
description: 代码审查专家。当用户需要 review PR、找代码问题、检查代码规范时使用。
---

你是一个专注代码评审的子 agent。请按以下流程工作：
1. 先 read_file / grep_files 收集上下文
2. 给出按文件 / 行号的具体建议
3. 末尾给一个 1-5 的总体评分
`,
};

/** Seed 002's full field list (comments included). */
const fullSeedSpec: MarkdownFile = {
  fileName: "reviewer.md",
  content: `---
description: 代码评审专家     # 必填，agent 选择是否委派的关键依据
workspace:
  mode: isolated              # 默认 isolated；shared 表示和父共享工作区
  path: ./defs/reviewer       # 可选；不写就用默认子目录
model: openai:gpt-4o-mini     # 可选；不写就继承父 agent
steps: 8                      # 可选；这个子 agent 单次最多迭代次数
temperature: 0.2              # 可选；覆盖父的 GenerateOptions
top_p: 0.95                   # 可选
hidden: false                 # true 时不出现在 agent 可见列表（仍可程序化 spawn）
mode: subagent                # primary / subagent / all，默认 all；primary 不允许被 spawn
expose_to_user: true          # 可选三态；强制/禁止向用户暴露（不写表示不表态）
enable_pending_tool_recovery: true # 可选；不写则继承父 agent 的恢复配置
tools: [read_file, grep_files]   # 可选；继承工具的白名单
---

你是一个专注代码评审的子 agent。
`,
};

/** A Claude Code agent file. */
const claudeCode: MarkdownFile = {
  fileName: "code-reviewer.md",
  content: `---
name: code-reviewer
description: Expert code reviewer. Use proactively after writing or modifying code.
tools: Read, Grep, Glob, Bash
model: sonnet
color: blue
---

You are a senior code reviewer.
`,
};

function importError(files: MarkdownFile[], options = {}): MarkdownSpecError {
  try {
    importMarkdownAgents(files, options);
  } catch (error) {
    if (error instanceof MarkdownSpecError) return error;
    throw error;
  }
  throw new Error("expected a MarkdownSpecError");
}

const spec = (fileName: string, frontMatter: string, body = "Instructions.") => ({
  fileName,
  content: `---\n${frontMatter}\n---\n${body}\n`,
});

describe("importMarkdownAgents", () => {
  it("reads seed 002's example: file name = id, body = instructions, main delegates to it", () => {
    const doc = importMarkdownAgents([main, reviewer]);
    expect(doc.rootAgentId).toBe("main");
    expect(doc.agents.map((a) => a.id)).toEqual(["main", "reviewer"]);
    expect(doc.agents[1]).toMatchObject({
      name: "reviewer",
      description: "代码审查专家。当用户需要 review PR、找代码问题、检查代码规范时使用。",
    });
    expect(doc.agents[1].instructions).toMatch(/^你是一个专注代码评审的子 agent。[\s\S]*总体评分$/);
    expect(doc.handoffs).toEqual([expect.objectContaining({ id: "main-reviewer", from: "main", to: "reviewer" })]);
    const result = compile(doc);
    expect(result.definition!.agents.main.handoffs[0].toolName).toBe("subagent_reviewer");
  });

  it("maps every seed 002 field and warns about the ones it drops", () => {
    const warnings: MarkdownImportWarning[] = [];
    const doc = importMarkdownAgents([main, fullSeedSpec], { onWarning: (w) => warnings.push(w) });
    expect(doc.agents[1]).toMatchObject({
      description: "代码评审专家",
      modelChain: [{ provider: "openai", model: "gpt-4o-mini" }],
      maxSteps: 8,
      params: { temperature: 0.2, topP: 0.95 },
      hidden: false,
      mode: "subagent",
      tools: ["read_file", "grep_files"],
    });
    expect(doc.handoffs[0].workspaceMode).toBe("isolated");
    expect(warnings.map((w) => w.field)).toEqual(["expose_to_user", "enable_pending_tool_recovery", "workspace"]);
  });

  it("reads Claude Code agent files: name is the display name, tools and model shorthands map", () => {
    const warnings: MarkdownImportWarning[] = [];
    const doc = importMarkdownAgents([main, claudeCode], { onWarning: (w) => warnings.push(w) });
    expect(doc.agents[1]).toMatchObject({
      id: "code-reviewer",
      name: "code-reviewer",
      tools: ["read_file", "grep_files", "list_files", "Bash"],
      modelChain: [{ provider: "anthropic", model: "claude-sonnet-4-5" }],
    });
    expect(warnings).toEqual([
      { fileName: "code-reviewer.md", field: "color", message: "ignored: colours are not used" },
    ]);
    // Bash is not ours: the compiler says so clearly.
    expect(compile(doc).diagnostics.find((d) => d.code === "unknown_tool")?.message).toContain("Bash");
  });

  it("reads our extensions for the handoff from the main agent", () => {
    const doc = importMarkdownAgents([
      main,
      spec(
        "notes.md",
        `description: Keeps notes.
session: reuse
context: fork
fork_max_tokens: 4000
workspace: { mode: shared }
timeout_seconds: 0
tool_name: take_notes
label: notes
deny: "write_*, calculator"
inherit_parent_permissions: false
handoff_model: [openai:gpt-4o-mini, "openai-compatible:llama3.1:8b"]
handoff_policy: { maxDepth: 2 }`,
      ),
    ]);
    expect(doc.handoffs[0]).toMatchObject({
      toolName: "take_notes",
      label: "notes",
      sessionMode: "REUSE_SESSION",
      contextMode: "fork",
      forkMaxTokens: 4000,
      workspaceMode: "shared",
      execution: { mode: "background", timeoutSeconds: 30 },
      modelChain: [{ model: "gpt-4o-mini" }, { provider: "openai-compatible", model: "llama3.1:8b" }],
    });
    expect(doc.agents[1]).toMatchObject({
      denyTools: ["write_*", "calculator"],
      inheritParentPermissions: false,
      handoffPolicy: { maxDepth: 2, enabled: true },
    });
  });

  describe("choosing the main agent", () => {
    const a = spec("a.md", "description: A");
    const b = spec("b.md", "description: B");
    it("takes the file marked root: true, then main.md, then the only mode: primary", () => {
      expect(importMarkdownAgents([a, spec("lead.md", "root: true")]).rootAgentId).toBe("lead");
      expect(importMarkdownAgents([a, spec("boss.md", "mode: primary")]).rootAgentId).toBe("boss");
      expect(importMarkdownAgents([a, b], { rootId: "b" }).rootAgentId).toBe("b");
    });
    it("explains when there is none or several", () => {
      expect(importError([a, b]).message).toContain("no main agent found");
      expect(importError([spec("x.md", "mode: primary"), spec("y.md", "mode: primary")])).toMatchObject({
        fileName: "y.md",
        field: "mode",
      });
      expect(importError([a, b], { rootId: "zed" }).message).toContain('"zed" has no file');
    });
  });

  describe("malformed specs name the file and the field", () => {
    it.each([
      ["bad YAML", "description: [unclosed", "description", /invalid YAML front matter/],
      ["a duplicate key", "description: x\ndescription: y", "description", /unique/],
      ["an unknown field", "description: x\ntemprature: 0.2", "temprature", /unknown field/],
      ["a wrong type", "description: x\nsteps: eight", "steps", /expected number/],
      ["an out-of-range value", "description: x\ntop_p: 3", "top_p", /<=1/],
      ["a bad enum", "description: x\nmode: boss", "mode", /primary|subagent/],
      ["a model without provider", "description: x\nmodel: gpt-4o", "model", /has no provider/],
      ["an unknown provider", "description: x\nmodel: dashscope:qwen-plus", "model", /unknown provider "dashscope"/],
      ["a bad tool name", 'description: x\ntools: ["Bash(git:*)"]', "tools", /tool names use/],
      ["a missing description", "steps: 3", "description", /required/],
      ["a blank description", "description: '  '", "description", /required/],
      ["root-only fields", "description: x\nroot: false", "root", /only the main agent/],
      ["a contradiction", "description: x\nexecution: sync\ntimeout_seconds: 0", "timeout_seconds", /contradicts/],
      ["a bad session", "description: x\nsession: forever", "session", /NEW_SESSION/],
      ["a nested unknown key", "description: x\nworkspace: { mod: shared }", "workspace", /mod/],
    ])("%s", (_what, frontMatter, field, message) => {
      const error = importError([main, spec("helper.md", frontMatter)]);
      expect(error).toBeInstanceOf(MarkdownSpecError);
      expect(error).toMatchObject({ name: "MarkdownSpecError", fileName: "helper.md", field });
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/^helper\.md, /);
    });

    it("reports a YAML alias bomb as a spec error instead of throwing yaml's ReferenceError", () => {
      const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
      for (let i = 1; i < 9; i++) {
        const [name, prev] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)];
        levels.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(",")}]`);
      }
      const error = importError([main, spec("helper.md", ["description: x", ...levels].join("\n"))]);
      expect(error).toBeInstanceOf(MarkdownSpecError);
      expect(error.message).toMatch(/^helper\.md: invalid YAML front matter: its aliases .* expansion bomb/);
    });

    it("gives the file line of a YAML error", () => {
      const error = importError([main, spec("helper.md", "description: x\nsteps: 3\ntools: [a, b")]);
      expect(error.line).toBeGreaterThanOrEqual(4);
      expect(error.field).toBe("tools");
    });

    it("rejects handoff fields on the main agent", () => {
      expect(importError([spec("main.md", "session: reuse"), reviewer])).toMatchObject({
        fileName: "main.md",
        field: "session",
      });
    });

    it.each([
      [[main, { fileName: "notes.txt", content: "" }], "notes.txt", /must end in \.md/],
      [[main, { fileName: "my agent.md", content: "" }], "my agent.md", /not a valid id/],
      [
        [
          main,
          { fileName: "a/x.md", content: "---\ndescription: a\n---" },
          { fileName: "b/x.md", content: "---\ndescription: b\n---" },
        ],
        "b/x.md",
        /file names must be unique/,
      ],
      [[main, { fileName: "x.md", content: "---\ndescription: a\n" }], "x.md", /never closed/],
      [[main, { fileName: "x.md", content: "---\n- a\n- b\n---\n" }], "x.md", /a list/],
      [[], "", /no Markdown files/],
    ] as [MarkdownFile[], string, RegExp][])("file-level problem in %#", (files, fileName, message) => {
      const error = importError(files);
      expect(error.fileName).toBe(fileName);
      expect(error.message).toMatch(message);
    });
  });

  it("accepts CRLF line endings, a BOM and a file without front matter (all body)", () => {
    const doc = importMarkdownAgents([
      { fileName: "main.md", content: "\ufeffJust instructions.\r\n" },
      { fileName: "x.md", content: "---\r\ndescription: X\r\n---\r\nBody\r\n" },
    ]);
    expect(doc.agents.map((a) => [a.instructions, a.description])).toEqual([
      ["Just instructions.", ""],
      ["Body", "X"],
    ]);
  });
});

/** Documents compare equal when only edge ids and positions differ (Markdown regenerates those). */
function comparable(doc: GraphDocument) {
  return {
    ...doc,
    agents: [...doc.agents].map(({ position: _position, ...agent }) => agent).sort((a, b) => (a.id < b.id ? -1 : 1)),
    handoffs: [...doc.handoffs].map(({ id: _id, ...edge }) => edge).sort((a, b) => (a.to < b.to ? -1 : 1)),
    ui: undefined,
  };
}

describe("exportMarkdownAgents", () => {
  it("writes one file per agent with only non-default fields", () => {
    const files = exportMarkdownAgents(importMarkdownAgents([main, reviewer]));
    expect(files.map((f) => f.fileName)).toEqual(["main.md", "reviewer.md"]);
    expect(files[1].content).toBe(
      `---\ndescription: 代码审查专家。当用户需要 review PR、找代码问题、检查代码规范时使用。\n---\n\n${importMarkdownAgents([main, reviewer]).agents[1].instructions}\n`,
    );
    expect(files[0].content).toBe(
      "---\ndescription: 主 agent\ngraph:\n  name: Imported agents\n---\n\n你是主 agent。\n",
    );
  });

  it("round-trips import → export → import exactly", () => {
    const first = importMarkdownAgents([
      main,
      fullSeedSpec,
      claudeCode,
      reviewer.content ? { ...reviewer, fileName: "critic.md" } : reviewer,
    ]);
    const again = importMarkdownAgents(exportMarkdownAgents(first));
    expect(again).toEqual(first);
  });

  it.each([
    ["research-team", researchTeam],
    ["reviewer-session", reviewerSession],
    ["support-triage", supportTriage],
  ])("round-trips the %s example to an equivalent document", (_name, example) => {
    const parsed = parseGraphDocument(example);
    if (!parsed.ok) throw new Error("example must parse");
    const files = exportMarkdownAgents(parsed.document);
    const back = importMarkdownAgents(files);
    expect(comparable(back)).toEqual(comparable(parsed.document));
    expect(compile(back).diagnostics).toEqual(compile(parsed.document).diagnostics);
  });

  it("marks a main agent not called main with root: true", () => {
    const parsed = parseGraphDocument(researchTeam);
    const files = exportMarkdownAgents(parsed.ok ? parsed.document : (null as never));
    expect(files[0].fileName).toBe("lead.md");
    expect(files[0].content).toContain("root: true");
  });

  it.each([
    [
      "a nested handoff",
      {
        handoffs: [
          { id: "e1", from: "main", to: "a" },
          { id: "e2", from: "a", to: "b" },
          { id: "e3", from: "main", to: "b" },
        ],
      },
      /"e2" \(a → b\) does not start at the main agent/,
    ],
    [
      "a self-handoff",
      {
        handoffs: [
          { id: "e1", from: "main", to: "a" },
          { id: "e2", from: "main", to: "b" },
          { id: "gp", from: "main", to: "main", generalPurpose: true },
        ],
      },
      /self-handoff/,
    ],
    [
      "an agent without an edge",
      { handoffs: [{ id: "e1", from: "main", to: "a" }] },
      /no handoff from the main agent to "b"/,
    ],
    [
      "two edges to one child",
      {
        handoffs: [
          { id: "e1", from: "main", to: "a" },
          { id: "e2", from: "main", to: "a", toolName: "again" },
          { id: "e3", from: "main", to: "b" },
        ],
      },
      /two handoff edges/,
    ],
  ])("refuses %s with MarkdownExportError", (_what, parts, message) => {
    const parsed = parseGraphDocument({
      schemaVersion: 1,
      name: "g",
      rootAgentId: "main",
      agents: ["main", "a", "b"].map((id) => ({ id, name: id, description: id })),
      ...parts,
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
    expect(() => exportMarkdownAgents(parsed.document)).toThrow(MarkdownExportError);
    expect(() => exportMarkdownAgents(parsed.document)).toThrow(message);
  });
});

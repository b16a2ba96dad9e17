import { describe, expect, it } from "vitest";
import { formatAnnounce } from "./announce";

describe("formatAnnounce", () => {
  it("lists task id, agent, status and a summary inside a system reminder", () => {
    expect(
      formatAnnounce([{ taskId: "t1", agentId: "billing", status: "COMPLETED", summary: "Refund issued." }], 0, false),
    ).toBe(
      [
        "<system-reminder>",
        "后台任务已交付：",
        "- task_id=t1，agent=billing，status=COMPLETED",
        "  结果摘要：Refund issued.",
        "</system-reminder>",
      ].join("\n"),
    );
  });
  it("says how many results follow and addresses nested owners", () => {
    const text = formatAnnounce([{ taskId: "t1", agentId: "a", status: "FAILED", summary: "boom" }], 2, true);
    expect(text).toContain("(2 more finished tasks will be delivered in the next reminder");
    expect(text).toContain("Fold these results into your own answer for your parent agent.");
  });
  it("truncates long summaries", () => {
    const text = formatAnnounce(
      [{ taskId: "t1", agentId: "a", status: "COMPLETED", summary: "x".repeat(5000) }],
      0,
      false,
    );
    expect(text.length).toBeLessThan(1300);
    expect(text).toContain("truncated");
  });
});

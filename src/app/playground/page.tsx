import type { Metadata } from "next";

import { ComingSoon } from "@/features/shell/coming-soon";
import { PlaygroundIcon } from "@/features/shell/icons";
import { PageHeader } from "@/features/shell/page-header";

export const metadata: Metadata = { title: "Playground" };

export default function PlaygroundPage() {
  return (
    <>
      <PageHeader
        title="Playground"
        description="Hold test conversations with a graph and watch every agent work in real time."
      />
      <ComingSoon
        icon={<PlaygroundIcon />}
        title="Run a graph, one conversation at a time"
        features={[
          "Pick a draft or a published version and chat over multiple turns.",
          "Watch the main agent and every sub-agent stream live, labelled by source.",
          "Stop a run at any point and open its trace.",
        ]}
      />
    </>
  );
}

import type { Metadata } from "next";
import { Suspense } from "react";

import { Playground } from "@/features/runs/playground/playground";

export const metadata: Metadata = { title: "Playground" };

/** `/playground?graph=<id>&version=<n|draft>&conversation=<id>`: chat with a graph and watch it run. */
export default function PlaygroundPage() {
  return (
    <Suspense>
      <Playground />
    </Suspense>
  );
}
